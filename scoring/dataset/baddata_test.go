package dataset

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// files writes name -> content into a fresh directory (a name ending in
// "/" makes a directory) and returns the directory.
func files(t *testing.T, fs map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range fs {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, "/") {
			continue
		}
		writeTestFile(t, p, []byte(content))
	}
	return dir
}

// warningsOf returns the messages of f's warnings, one a line, with the
// folder dir (and its separator) taken out of them.
func warningsOf(f *Figures, dir string) string {
	var msgs []string
	for _, w := range f.Warnings {
		msgs = append(msgs, strings.ReplaceAll(w.Message, dir+string(filepath.Separator), ""))
	}
	return strings.Join(msgs, "\n")
}

// run scores the dataset of spec (paths relative to dir) and returns its
// result or error.
func run(t *testing.T, dir string, spec Spec, cfg Config) (*Result, error) {
	t.Helper()
	spec.Ref = filepath.Join(dir, spec.Ref)
	if spec.Out != "" {
		spec.Out = filepath.Join(dir, spec.Out)
	}
	src, err := Open(spec)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	return Score(context.Background(), src, cfg)
}

// TestBadData checks every rule of docs/datasets.md about bad data that stops a
// dataset: exit 2 with the file's line and column (both lines for a
// duplicate id).
func TestBadData(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		spec  Spec
		want  string
	}{
		{"record does not parse", map[string]string{"d.jsonl": "{\"id\": 1, \"expected\": 1, \"output\": 1}\n\n{\"id\": 2, \"expected\": {\"a\": 1,}}\n"},
			Spec{Ref: "d.jsonl"}, "d.jsonl:3:31: invalid character '}' looking for beginning of object key string"},
		{"record is no object", map[string]string{"d.jsonl": "[1, 2]\n"},
			Spec{Ref: "d.jsonl"}, "d.jsonl:1:1: a record must be an object holding the reference and the output, not an array"},
		{"record has no reference", map[string]string{"d.jsonl": "{\"id\": \"a\", \"expected\": 1}\n{\"id\": \"b\", \"output\": 1}\n"},
			Spec{Ref: "d.jsonl"}, "d.jsonl:2:1: the record has no reference field (tried .expected, .reference, .expected_output, .ideal, .ideal_response, .ground_truth); it has .id, .output: name the reference's field with ref-field"},
		{"record has no given reference", map[string]string{"d.jsonl": "{\"expected\": 1}\n"},
			Spec{Ref: "d.jsonl", RefField: ".input.ideal"}, "d.jsonl:1:1: the record has no reference field (tried .input.ideal); it has .expected: name the reference's field with ref-field"},
		{"duplicate reference id", map[string]string{"d.jsonl": "{\"id\": \"a\", \"expected\": 1}\n{\"id\": \"b\", \"expected\": 1}\n  {\"id\": \"a\", \"expected\": 2}\n"},
			Spec{Ref: "d.jsonl"}, `d.jsonl:3:10: duplicate reference id "a": also at d.jsonl:1:8`},
		{"duplicate numeric id", map[string]string{"r.jsonl": "{\"id\": 7, \"expected\": 1}\n{\"id\": 7, \"expected\": 1}\n", "o.jsonl": "{\"id\": 7, \"output\": 1}\n"},
			Spec{Ref: "r.jsonl", Out: "o.jsonl"}, `r.jsonl:2:8: duplicate reference id "7": also at r.jsonl:1:8`},
		{"id of another type", map[string]string{"d.jsonl": "{\"id\": [1], \"expected\": 1}\n"},
			Spec{Ref: "d.jsonl"}, "d.jsonl:1:8: the id .id is an array: an id is a string or a number"},
		{"empty dataset", map[string]string{"d.jsonl": "\n \n\r\n"},
			Spec{Ref: "d.jsonl"}, "d.jsonl: no records: the dataset is empty"},
		{"empty array", map[string]string{"d.json": " [ ] "},
			Spec{Ref: "d.json", Array: true}, "d.json: no records: the dataset is empty"},
		{"reference record does not parse", map[string]string{"r.jsonl": "{\"a\": 1}\n{\"a\": tru}\n", "o.jsonl": "{\"a\": 1}\n{\"a\": 1}\n"},
			Spec{Ref: "r.jsonl", Out: "o.jsonl"}, "r.jsonl:2:10: invalid character '}' in literal true (expecting 'e')"},
		{"reference without an id when paired by id", map[string]string{"r.jsonl": "{\"id\": \"a\", \"x\": 1}\n{\"x\": 2}\n", "o.jsonl": "{\"id\": \"a\", \"x\": 1}\n"},
			Spec{Ref: "r.jsonl", Out: "o.jsonl"}, "r.jsonl:2:1: the record has no id (.id, .doc_id, .case_id, .name), but the files are paired by id"},
		{"reference file does not parse", map[string]string{"refs/a.json": "{\"a\": 1}", "refs/b/c.json": "{\n  \"a\": 01\n}", "outs/a.json": "{}"},
			Spec{Ref: "refs", Out: "outs"}, "refs/b/c.json:2:9: invalid character '1' after object key:value pair"},
		{"array not closed", map[string]string{"d.json": "[{\"expected\": 1},\n {\"expected\": 2}"},
			Spec{Ref: "d.json", Array: true}, "d.json:2:17: unexpected end of JSON input: the array of records is not closed"},
		{"array missing a comma", map[string]string{"d.json": "[{\"expected\": 1}\n {\"expected\": 2}]"},
			Spec{Ref: "d.json", Array: true}, "d.json:2:2: invalid character '{' after a record: expected ',' or ']'"},
		{"array trailing comma", map[string]string{"d.json": "[{\"expected\": 1},\n]"},
			Spec{Ref: "d.json", Array: true}, "d.json:2:1: invalid character ']' after ',': a trailing comma ends the array of records"},
		{"data after the array", map[string]string{"d.json": "[{\"expected\": 1}] x"},
			Spec{Ref: "d.json", Array: true}, "d.json:1:19: invalid character 'x' after the array of records"},
		{"not an array", map[string]string{"d.json": "{\"expected\": 1}"},
			Spec{Ref: "d.json", Array: true}, "d.json:1:1: expected a JSON array of records or JSON Lines, found '{'"},
		{"a directory alone", map[string]string{"refs/a.json": "1"},
			Spec{Ref: "refs"}, "refs is a directory: a dataset of directories takes two, the references and the outputs"},
		{"a directory with a file", map[string]string{"refs/a.json": "1", "o.jsonl": "1"},
			Spec{Ref: "refs", Out: "o.jsonl"}, "refs and o.jsonl: pair a directory with a directory, or a file of records with a file of records"},
		{"bad field path", map[string]string{"d.jsonl": "{}"},
			Spec{Ref: "d.jsonl", OutField: "out put"}, "--out-field out put: a path starts with '.' (the root), as .items[0].name"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := files(t, c.files)
			_, err := run(t, dir, c.spec, Config{})
			if err == nil {
				t.Fatalf("no error, want %s", c.want)
			}
			got := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
			got = strings.ReplaceAll(got, dir, "")
			if got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// TestCancel checks that a canceled run stops with the context's error,
// leaving no goroutine behind.
func TestCancel(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 3000, 9)
	src, err := Open(Spec{Ref: records})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	ctx, cancel := context.WithCancel(context.Background())
	before := runtime.NumGoroutine()
	n := 0
	_, err = Score(ctx, src, Config{Cases: func(*Case) error {
		if n++; n == 100 {
			cancel()
		}
		return nil
	}})
	if err != context.Canceled {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if n >= 3000 {
		t.Errorf("%d cases handed over after the cancel", n)
	}
	// A goroutine of sync.WaitGroup.Go has called Done before it exits:
	// give the ones that are on their way out a moment.
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines after the run, %d before\n%s", after, before, buf[:runtime.Stack(buf, true)])
	}
}
