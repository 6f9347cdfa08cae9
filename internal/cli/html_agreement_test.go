package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// agreementSectionOf returns the page's agreement section, "" for none.
func agreementSectionOf(page string) string {
	i := strings.Index(page, `<section id="agreement">`)
	if i < 0 {
		return ""
	}
	return page[i:][:strings.Index(page[i:], "</section>")]
}

// TestDatasetHTMLAgreement: with labels, the dataset page shows the
// agreement's figures as --format json prints them, and its scatter has
// a mark per labelled case; an unpaired label is named; without labels
// there is no such section.
func TestDatasetHTMLAgreement(t *testing.T) {
	dir := t.TempDir()
	grades, err := os.ReadFile(labelsSmall + "labels.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	extra := filepath.Join(dir, "extra.jsonl")
	if err := os.WriteFile(extra, append(grades, `{"id": "no<such>case", "label": 0.5}`+"\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		labels, kind string
		figures      []string
		unpaired     []string
	}{
		{labelsSmall + "labels.jsonl", "grade", []string{"kendall_tau_b", "spearman", "pearson"}, nil},
		{labelsSmall + "verdicts.jsonl", "verdict", []string{"auc", "threshold", "accuracy"}, nil},
		{extra, "grade", []string{"kendall_tau_b", "spearman", "pearson"}, []string{"no&lt;such&gt;case"}},
	} {
		args := []string{"score", small + "data.jsonl", small + "weights.json", "--no-history", "--labels", c.labels}
		code, out, errs := runCLI(t, "", append(args, "--format", "json")...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.labels, code, errs)
		}
		var got struct {
			Agreement map[string]json.RawMessage `json:"agreement"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		a := got.Agreement
		code, page, errs := runCLI(t, "", append(args, "--format", "html")...)
		if code != 0 {
			t.Fatalf("%s: --format html: exit %d: %s", c.labels, code, errs)
		}
		sec := agreementSectionOf(page)
		if sec == "" {
			t.Fatalf("%s: the page has no agreement section", c.labels)
		}
		var unpaired struct{ Count int }
		if err := json.Unmarshal(a["unpaired"], &unpaired); err != nil {
			t.Fatal(err)
		}
		want := []string{`data-name="kind">` + c.kind + "<", `data-name="labels">` + string(a["labels"]) + "<",
			`data-name="unpaired">` + string(rune('0'+unpaired.Count)) + "<", `href="#agreement"`}
		for _, name := range c.figures {
			var f struct {
				Value json.RawMessage
				CI95  []json.RawMessage
			}
			if err := json.Unmarshal(a[name], &f); err != nil {
				t.Fatalf("%s: %s: %v", c.labels, name, err)
			}
			if len(f.CI95) != 2 {
				t.Fatalf("%s: %s has no interval: %s", c.labels, name, a[name])
			}
			want = append(want, `data-name="`+name+`">`+string(f.Value)+`</td><td class="n">`+string(f.CI95[0])+`</td><td class="n">`+string(f.CI95[1])+"</td>")
		}
		for _, id := range c.unpaired {
			want = append(want, "<code>"+id+"</code>")
		}
		for _, w := range want {
			if !strings.Contains(sec, w) && !strings.Contains(page, w) {
				t.Errorf("%s: the agreement section lacks %q:\n%s", c.labels, w, sec)
			}
		}
		if n, labels := strings.Count(sec, "<circle"), string(a["labels"]); labels != "6" || n != 6 {
			t.Errorf("%s: %d marks in the scatter, %s labelled cases", c.labels, n, labels)
		}
	}
	code, page, errs := runCLI(t, "", "score", small+"data.jsonl", small+"weights.json", "--no-history", "--format", "html")
	if code != 0 {
		t.Fatalf("no labels: exit %d: %s", code, errs)
	}
	if agreementSectionOf(page) != "" || strings.Contains(page, `href="#agreement"`) {
		t.Error("without labels the page has an agreement section")
	}
}
