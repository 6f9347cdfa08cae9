package cli

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// rawControls returns the control characters of s other than the line
// ends: what a terminal would act on.
func rawControls(s string) string {
	var out []string
	for _, r := range s {
		if r < 0x20 && r != '\n' || r >= 0x7f && r <= 0x9f {
			out = append(out, strconv.QuoteRune(r))
		}
	}
	return strings.Join(out, " ")
}

// TestControlCharsInNames: a file name holding a line break, ESC or BEL
// is quoted, with Go escapes, in every message that names it (inputs,
// weights, rules, schema, history store), as the reports name it. Before,
// it was printed raw: `jsontui: names/ba⏎d^[[31mx^G.json:1:6: …`.
func TestControlCharsInNames(t *testing.T) {
	const odd = "ba\nd\x1b[31mx\a"
	dir := writeFiles(t, map[string]string{
		"ref.json":            `{"a": 1}`,
		odd + ".json":         `{"a":`,
		odd + ".weights.json": `{"a": 2}`,
		odd + ".rules.json":   `{"a": "exact"}`,
		odd + ".schema.json":  `{"type":`,
		odd + ".db":           "not a store",
	})
	p := func(name string) string { return filepath.Join(dir, name) }
	q := func(name string) string { return strconv.Quote(p(name)) }
	ref := p("ref.json")
	for _, c := range []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{[]string{"score", ref, p(odd + ".json")}, 2, "",
			"jsontui: " + q(odd+".json") + ":1:6: unexpected end of JSON input; no JSON found in it either: tried 1 opening bracket\n"},
		{[]string{"score", p(odd + ".json"), ref}, 2, "",
			"jsontui: " + q(odd+".json") + ":1:6: unexpected end of JSON input; REF and OUT look swapped (the order is REF, then OUT): " + ref + " is strict JSON\n"},
		{[]string{"score", ref, ref, p(odd + ".weights.json")}, 2, "",
			"jsontui: " + q(odd+".weights.json") + ":1:7: .a: weight 2 is outside [0, 1]\n"},
		{[]string{"score", ref, ref, p(odd + ".missing.json")}, 2, "",
			"jsontui: " + q(odd+".missing.json") + ": no such file or directory\n"},
		{[]string{"score", ref, ref, "--rules", p(odd + ".rules.json")}, 2, "",
			"jsontui: " + q(odd+".rules.json") + `:1:2: "a" is not a schema path: a path starts with '.' (the root), as .items[0].name` + "\n"},
		{[]string{"validate", p(odd + ".json")}, 1,
			q(odd+".json") + ":1:6: Expecting value\n" +
				`invalid JSON: score 0 (JsonValidityEvaluator's reasoning: "Expecting value: line 1 column 6 (char 5)")` + "\n",
			"jsontui: " + q(odd+".json") + " is not valid JSON\n"},
		{[]string{"validate", ref, "--schema", p(odd + ".schema.json")}, 2, "",
			"jsontui: " + q(odd+".schema.json") + ":1:9: unexpected end of JSON input\n"},
		{[]string{"weights", "init", p(odd + ".json")}, 2, "",
			"jsontui: " + q(odd+".json") + ":1:6: unexpected end of JSON input\n"},
		{[]string{"history", "--history", p(odd + "/history.db")}, 2, "",
			"jsontui: --history " + q(odd+"/history.db") + ": the folder " + q(odd) + " does not exist\n"},
		{[]string{"history", "--history", p(odd + ".db")}, 2, "",
			"jsontui: " + q(odd+".db") + ": not a jsontui history store (not a bolt database: no valid meta page)\n" +
				"Move the file away, or choose another store with --history PATH; 'jsontui history repair' recovers the runs it may hold.\n"},
	} {
		code, stdout, stderr := runCLI(t, "", c.args...)
		if code != c.code || stdout != c.stdout || stderr != c.stderr {
			t.Errorf("%q:\nexit %d, stdout %q, stderr %q\nwant %d, %q, %q", c.args, code, stdout, stderr, c.code, c.stdout, c.stderr)
		}
		if bad := rawControls(stdout + stderr); bad != "" {
			t.Errorf("%q: raw control characters %s", c.args, bad)
		}
	}

	// The JSON report keeps the name as data; its warning's message, and
	// the warning on standard error, quote it.
	writeFile(t, dir, odd+".ok.json", `{"a": 1, "b": 0.5}`)
	code, stdout, stderr := runCLI(t, "", "score", ref, ref, p(odd+".ok.json"), "--format", "json", "--no-history")
	var rep struct {
		Weights  string
		Warnings []struct{ Path, Message string }
	}
	if err := json.Unmarshal([]byte(stdout), &rep); code != 0 || err != nil || rep.Weights != p(odd+".ok.json") ||
		len(rep.Warnings) != 1 || !strings.HasPrefix(rep.Warnings[0].Message, q(odd+".ok.json")+":1:10: the reference has no key \"b\"") {
		t.Errorf("json: exit %d, %v, %+v\nstderr %q", code, err, rep, stderr)
	}
	if want := "jsontui: warning: .b: " + q(odd+".ok.json") + `:1:10: the reference has no key "b" at the top level; the entry is ignored; did you mean "a"?` + "\n"; stderr != want {
		t.Errorf("warning %q, want %q", stderr, want)
	}
}

// TestLongKeysInMessages: a key of 50,000 characters is cut in the paths
// and quotes of messages (warnings of score, the weights resolver's and
// the duplicate-key warnings, a weights error, validate's violations), as
// a long value is; the JSON output keeps the whole path, as data. Before,
// each such line held the key whole, twice: 100,074 characters.
func TestLongKeysInMessages(t *testing.T) {
	long := strings.Repeat("k", 50_000)
	cutKey := `"` + strings.Repeat("k", 40) + "…" + strings.Repeat("k", 20) + `" (50,000 characters)`
	cutPath := ".[" + cutKey + "]"
	dir := writeFiles(t, map[string]string{
		"ref.json":     `{"a": 1}`,
		"weights.json": `{"a": 1, "` + long + `": 0.5}`,
		"dup.json":     `{"` + long + `": 1, "` + long + `": 2}`,
		"big.json":     `{"` + long + `": 1}`,
		"schema.json":  `{"type": "object", "properties": {"` + long + `": {"type": "string"}}}`,
	})
	p := func(name string) string { return filepath.Join(dir, name) }
	for _, c := range []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{[]string{"score", p("ref.json"), p("ref.json"), p("weights.json"), "--no-history"}, 0, "*",
			"jsontui: warning: " + cutPath + ": " + p("weights.json") + ":1:10: the reference has no key " + cutKey + " at the top level; the entry is ignored\n"},
		{[]string{"score", p("ref.json"), p("dup.json"), "--no-history"}, 0, "*",
			"jsontui: warning: " + cutPath + ": " + p("dup.json") + ":1:50009: duplicate key " + cutKey + ": the last one wins\n"},
		{[]string{"score", p("ref.json"), p("ref.json"), p("dup.json"), "--no-history"}, 2, "",
			"jsontui: " + p("dup.json") + ":1:100013: " + cutPath + ": weight 2 is outside [0, 1]\n"},
		{[]string{"validate", p("big.json"), "--schema", p("schema.json")}, 1,
			p("big.json") + ":1:50006: " + cutPath + ": got number, want string (" + p("schema.json") + "#/properties/" +
				strings.Repeat("k", 40) + "…" + strings.Repeat("k", 20) + " (50,000 characters)/type)\n" +
				"1 schema violation(s) of " + p("schema.json") + ": score 0\n",
			"jsontui: " + p("big.json") + " breaks " + p("schema.json") + ": 1 violation(s)\n"},
	} {
		code, stdout, stderr := runCLI(t, "", c.args...)
		if c.stdout == "*" { // a report: not what this test is about
			stdout = "*"
		}
		if code != c.code || stdout != c.stdout || stderr != c.stderr {
			t.Errorf("%.120q:\nexit %d, stdout %.400q, stderr %.400q\nwant %d, %.400q, %.400q", c.args, code, stdout, stderr, c.code, c.stdout, c.stderr)
		}
	}

	// Where the path is data, it is whole.
	code, stdout, _ := runCLI(t, "", "validate", p("big.json"), "--schema", p("schema.json"), "--format", "json")
	if code != 1 || !strings.Contains(stdout, `"path":".`+long+`"`) && !strings.Contains(stdout, `"path": ".`+long+`"`) {
		t.Errorf("validate --format json: exit %d, %.300q", code, stdout)
	}
	code, stdout, _ = runCLI(t, "", "score", p("ref.json"), p("dup.json"), "--no-history", "--format", "json")
	var rep struct{ Warnings []struct{ Path string } }
	if err := json.Unmarshal([]byte(stdout), &rep); code != 0 || err != nil || len(rep.Warnings) != 1 || rep.Warnings[0].Path != "."+long {
		t.Errorf("score --format json: exit %d, %v, %d warnings", code, err, len(rep.Warnings))
	}
}
