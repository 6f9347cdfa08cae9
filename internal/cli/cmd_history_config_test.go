package cli

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestHistoryListConfig: the list shows what each run was scored with,
// and Δ compares a run only with the previous run of its pair scored with
// the same metric, options and rules; a run whose config the pair has not
// had yet says "new config", in text and in json.
func TestHistoryListConfig(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	dir := copyPizza(t)
	ref, out := filepath.Join(dir, "reference.json"), filepath.Join(dir, "output.json")
	rules := writeFile(t, t.TempDir(), "rules.json", `{".beer": "exact"}`)
	for _, args := range [][]string{nil, {"--abs-tol", "0.5"}, {"--rules", rules}, nil} {
		if code, _, errOut := runWithHistory(t, store, "", append([]string{"score", ref, out, "-q"}, args...)...); code != 0 {
			t.Fatalf("score %v: exit %d, %s", args, code, errOut)
		}
	}
	_, text, _ := runWithHistory(t, store, "", "history")
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) != 5 {
		t.Fatalf("history:\n%s", text)
	}
	want := []string{
		`^ID +TIME +SEEN +LABEL +SCORE +Δ +CONFIG +SOURCE +FILES$`,
		`^\w{10} +\S+ \S+ +[0-9.]+ +0 +jsondiff +score `,
		`^\w{10} +\S+ \S+ +[0-9.]+ +new config +jsondiff rules [0-9a-f]{8} +score `,
		`^\w{10} +\S+ \S+ +[0-9.]+ +new config +jsondiff abs-tol=0.5 +score `,
		`^\w{10} +\S+ \S+ +[0-9.]+ +jsondiff +score `,
	}
	for i, w := range want {
		if !regexp.MustCompile(w).MatchString(lines[i]) {
			t.Errorf("line %d:\n%s\ndoes not match %s", i, lines[i], w)
		}
	}
	_, js, _ := runWithHistory(t, store, "", "history", "--format", "json")
	var list struct {
		Runs []struct {
			Delta       *float64 `json:"delta"`
			OtherConfig bool     `json:"other_config"`
			Rules       *string  `json:"rules"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(js), &list); err != nil || len(list.Runs) != 4 {
		t.Fatalf("json: %v\n%s", err, js)
	}
	r := list.Runs
	if r[0].Delta == nil || *r[0].Delta != 0 || r[0].OtherConfig || r[0].Rules == nil || *r[0].Rules != "" {
		t.Errorf("run 4: %+v", r[0])
	}
	if r[1].Delta != nil || !r[1].OtherConfig || r[1].Rules == nil || len(*r[1].Rules) != 64 {
		t.Errorf("run 3 (rules): %+v", r[1])
	}
	if r[2].Delta != nil || !r[2].OtherConfig || r[3].Delta != nil || r[3].OtherConfig {
		t.Errorf("runs 2 and 1: %+v %+v", r[2], r[3])
	}
}
