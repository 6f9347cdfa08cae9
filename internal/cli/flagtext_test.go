package cli

import (
	"errors"
	"fmt"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/setting"
)

// TestFlagText: the engine's messages name settings; the command line
// spells them as its flags, wherever the error is wrapped.
func TestFlagText(t *testing.T) {
	var opts scoring.MetricOptions
	cases := []struct {
		err  error
		want string
	}{
		{opts.Set(scoring.OptStrings, "soundex"), `--strings "soundex": use levenshtein, damerau, jaro-winkler, exact, token-f1, bleu, rouge-l`},
		{fmt.Errorf("cases.jsonl:2:1: %w", setting.New("group-by", ".a[", "bad path")), "cases.jsonl:2:1: --group-by .a[: bad path"},
		{&scoring.ListsError{Option: "key=sku", Message: "no element has the field"}, "--lists key=sku: no element has the field"},
		{errors.New("--strings is not an engine setting"), "--strings is not an engine setting"},
	}
	for _, c := range cases {
		if got := flagText(c.err); got != c.want {
			t.Errorf("flagText(%q) = %q, want %q", c.err, got, c.want)
		}
	}
}
