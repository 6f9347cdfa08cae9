package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestAddWarning(t *testing.T) {
	var r Report
	for i := range MaxWarnings + 9980 {
		r.AddWarning(Warning{Path: ".k", Message: strings.Repeat("x", i%3)})
	}
	if len(r.Warnings) != MaxWarnings || r.MoreWarnings != 9980 {
		t.Fatalf("%d warnings and %d more", len(r.Warnings), r.MoreWarnings)
	}
	for n, want := range map[int]string{1: "… and 1 more warning", 2: "… and 2 more warnings", 9980: "… and 9,980 more warnings", 1234567: "… and 1,234,567 more warnings"} {
		if got := MoreWarningsText(n); got != want {
			t.Errorf("MoreWarningsText(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", -12345: "-12,345"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestWarningsRendered checks that JSON and Markdown list the same first
// warnings and the same count of the others.
func TestWarningsRendered(t *testing.T) {
	r := &Report{Metric: "jsondiff", Reference: "ref.json", Output: "out.json"}
	for range MaxWarnings + 3 {
		r.AddWarning(Warning{Path: ".x", Message: "the reference has no key"})
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Warnings     []Warning `json:"warnings"`
		MoreWarnings int       `json:"more_warnings"`
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if len(got.Warnings) != MaxWarnings || got.MoreWarnings != 3 {
		t.Errorf("JSON: %d warnings, more_warnings %d", len(got.Warnings), got.MoreWarnings)
	}
	b.Reset()
	if err := WriteMarkdown(&b, r); err != nil {
		t.Fatal(err)
	}
	if md := b.String(); strings.Count(md, "> Warning (`.x`)") != MaxWarnings || !strings.Contains(md, "\n> … and 3 more warnings\n") {
		t.Errorf("Markdown:\n%s", md)
	}
	b.Reset()
	r = &Report{Metric: "jsondiff"}
	if err := WriteJSON(&b, r); err != nil || !strings.Contains(b.String(), `"warnings": [], "nodes"`) {
		t.Errorf("JSON without warnings: %v\n%s", err, b.String())
	}
}
