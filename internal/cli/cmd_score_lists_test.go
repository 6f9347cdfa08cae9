package cli

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// invoiceHint is the warning about the invoice's line items, the third
// of which the output dropped.
const invoiceHint = "pairing hint for .line_items: it scores 0.527539 paired by index, 0.776623 by best, 0.776623 by key=sku, " +
	"0.776623 by key=description, 0.776623 by key=quantity; --lists .line_items=key=sku raises the total by 0.016606"

// TestScorePairingHint: score warns about an array that pairs noticeably
// better otherwise, on standard error and in the report, naming the path
// and the option; with that option the warning goes and the total rises
// by what it said.
func TestScorePairingHint(t *testing.T) {
	ref, out := invoice+"reference.json", invoice+"output.json"
	code, stdout, stderr := runCLI(t, "", "score", ref, out, "-q", "--no-history")
	want := "jsontui: " + out + ": took the JSON from the ```json code fence at line 3\n" +
		"jsontui: warning: " + invoiceHint + "\n"
	if code != 0 || stderr != want || stdout != "0.894405385213488\n" {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s\nwant:\n%s", code, stdout, stderr, want)
	}
	code, stdout, _ = runCLI(t, "", "score", ref, out, "--format", "json", "--no-history")
	var rep struct {
		Warnings []struct{ Path, Message string } `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != 0 {
		t.Fatalf("exit %d, %v", code, err)
	}
	if len(rep.Warnings) != 1 || rep.Warnings[0].Path != ".line_items" || rep.Warnings[0].Message != invoiceHint {
		t.Errorf("JSON warnings %+v", rep.Warnings)
	}
	code, stdout, _ = runCLI(t, "", "score", ref, out, "--format", "markdown", "--no-history")
	if code != 0 || !strings.Contains(stdout, "\n> Warning (`.line_items`): "+invoiceHint+"\n") {
		t.Errorf("Markdown:\n%s", stdout)
	}
	code, stdout, stderr = runCLI(t, "", "score", ref, out, "--lists", ".line_items=key=sku", "--format", "json", "--no-history")
	var keyed struct {
		Score    float64  `json:"score"`
		Options  []string `json:"options"`
		Warnings []any    `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(stdout), &keyed); err != nil || code != 0 {
		t.Fatalf("exit %d, %v, stderr %s", code, err, stderr)
	}
	if math.Abs(keyed.Score-(0.894405385213488+0.016605617672514908)) > 1e-12 ||
		len(keyed.Options) != 1 || keyed.Options[0] != "lists=.line_items=key=sku" || len(keyed.Warnings) != 0 {
		t.Errorf("--lists .line_items=key=sku: score %.17g, options %q, warnings %v", keyed.Score, keyed.Options, keyed.Warnings)
	}
}

// TestScoreListsKeyMissing: --lists key=FIELD naming a field no element
// has is bad input (exit 2) naming the field and the paths.
func TestScoreListsKeyMissing(t *testing.T) {
	ref, out := invoice+"reference.json", invoice+"output.json"
	for _, c := range []struct{ lists, want string }{
		{"key=skux", `jsontui: --lists key=skux: no element of the reference's arrays of objects (.line_items) has the field "skux" (did you mean "sku"?)` + "\n"},
		{".line_items=key=id", `jsontui: --lists .line_items=key=id: no element of the arrays at .line_items has the field "id"` + "\n"},
		{".lines=best", `jsontui: --lists .lines=best: the reference has no array at .lines` + "\n"},
	} {
		code, stdout, stderr := runCLI(t, "", "score", ref, out, "--lists", c.lists, "--no-history")
		if code != 2 || stdout != "" || stderr != c.want {
			t.Errorf("--lists %s: exit %d, stdout %q, stderr %q, want %q", c.lists, code, stdout, stderr, c.want)
		}
	}
}
