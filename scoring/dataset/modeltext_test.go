package dataset

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
)

// TestModelTextOutlivesItsCase: a worker decodes each case's model text
// into the same room, so nothing a case leaves behind may point into it.
// Cases whose outputs are model text with escapes (fenced, each with its
// own extra keys, lists a hint pairs better by a key) give
// the figures, warnings, worst paths and pairing suggestions of the same
// outputs written as objects, repairs aside.
func TestModelTextOutlivesItsCase(t *testing.T) {
	var text, objects strings.Builder
	for i := range 600 {
		ref := fmt.Sprintf(`{"items": [{"sku": "a%d", "q": 1}, {"sku": "b%d", "q": 2}, {"sku": "c%d", "q": 3}], "name": "n%d", "k%d": 1}`, i, i, i, i, i%7)
		out := fmt.Sprintf(`{"items": [{"sku": "c%d", "q": 3}, {"sku": "b%d", "q": 2}, {"sku": "a%d", "q": 1}], "name": "m%d-%s", "x%d": "extra %d"}`,
			i, i, i, i, strings.Repeat("z", i%50), i%11, i)
		fenced, err := json.Marshal("Here it is:\n```json\n" + out + "\n```\nDone.")
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&text, `{"id": "c%d", "expected": %s, "output": %s}`+"\n", i, ref, fenced)
		fmt.Fprintf(&objects, `{"id": "c%d", "expected": %s, "output": %s}`+"\n", i, ref, out)
	}
	dir := files(t, map[string]string{"text.jsonl": text.String(), "objects.jsonl": objects.String()})
	figures := func(name string, cfg Config) (any, []PairingSuggestion) {
		t.Helper()
		res, err := run(t, dir, Spec{Ref: name}, cfg)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, Header{}, res.Figures); err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(b.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		return dropRepairs(v), res.Pairings
	}
	for _, cfg := range []Config{
		{HintSample: 600, Options: scoring.MetricOptions{PenalizeExtraKeys: true}},
		{HintSample: 600, Keep: true},
		{Workers: 1, Lines: true},
	} {
		got, gotPairings := figures("text.jsonl", cfg)
		want, wantPairings := figures("objects.jsonl", cfg)
		if d := firstDiff("", got, want); d != "" {
			t.Fatalf("keep %v, lines %v: model text and objects differ at %s", cfg.Keep, cfg.Lines, d)
		}
		if fmt.Sprint(gotPairings) != fmt.Sprint(wantPairings) {
			t.Errorf("pairing suggestions %v, want %v", gotPairings, wantPairings)
		}
	}
}

// dropRepairs removes what differs between model text and objects: the
// repairs, and the counts of them.
func dropRepairs(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k := range x {
			if strings.Contains(strings.ToLower(k), "repair") {
				delete(x, k)
				continue
			}
			x[k] = dropRepairs(x[k])
		}
	case []any:
		for i := range x {
			x[i] = dropRepairs(x[i])
		}
	}
	return v
}

// firstDiff names the first place where the JSON values a and b differ,
// with both values there; "" when they are equal.
func firstDiff(at string, a, b any) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return fmt.Sprintf("%s: an object of %d keys, want %d", at, len(x), len(y))
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if d := firstDiff(at+"."+k, x[k], y[k]); d != "" {
				return d
			}
		}
		return ""
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return fmt.Sprintf("%s: %d elements, want %d", at, len(x), len(y))
		}
		for i := range x {
			if d := firstDiff(fmt.Sprintf("%s[%d]", at, i), x[i], y[i]); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(a, b) {
		return fmt.Sprintf("%s: %v, want %v", at, a, b)
	}
	return ""
}
