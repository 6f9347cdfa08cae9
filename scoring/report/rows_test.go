package report_test

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/report"
)

// rowsReport returns a report of n rows cycling through the kinds of row
// the formats lay out differently: containers with a factor, values that
// fit and that are cut around a difference (at the start, the end, in a
// window), wide and combining characters, containers facing scalars
// (compacted), labels wider than the column, tiny and approximate
// figures, deep guides and a rule. The nodes are made once: iterating
// them allocates nothing.
func rowsReport(n int) *report.Report {
	long := strings.Repeat("abcdefghij", 6)
	kinds := []report.Node{
		{Label: "obj", Kind: "object", Status: "partial", Score: 0.876012813, HasScore: true, Weight: 1, Factor: 1.3114754098360657, HasFactor: true, Share: 0.5, Loss: 0.06},
		{Label: "name", Kind: "string", Status: "partial", Score: 0.75, HasScore: true, Weight: 0.5, Share: 0.25, Loss: 0.0625,
			Reference: json.RawMessage(`"INV-2024-04-0173-` + long + `"`), Output: json.RawMessage(`"INV-2024-04-0174-` + long + `"`)},
		{Label: "end", Kind: "string", Status: "partial", Score: 0.9, HasScore: true, Weight: 1, Share: 0.1, Loss: 0.01,
			Reference: json.RawMessage(`"` + long + `X"`), Output: json.RawMessage(`"` + long + `Y"`)},
		{Label: "mid", Kind: "string", Status: "partial", Score: 0.9, HasScore: true, Weight: 1, Share: 0.1, Loss: 0.01,
			Reference: json.RawMessage(`"` + long + `X` + long + `"`), Output: json.RawMessage(`"` + long + `Y` + long + `"`)},
		{Label: "wide", Kind: "string", Status: "partial", Score: 0.9, HasScore: true, Weight: 1, Share: 0.1, Loss: 0.01,
			Reference: json.RawMessage(`"漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字"`), Output: json.RawMessage(`"漢字漢字漢字漢字漢字漢字漢字漢字漢字漢x字漢"`)},
		{Label: "café", Kind: "string", Status: "partial", Score: 0.9, HasScore: true, Weight: 1, Share: 0.1, Loss: 0.01,
			Reference: json.RawMessage("\"cafe\u0301 au lait, Bürobedarf «Zürich» 🍕 and more\""), Output: json.RawMessage(`"cafe au lait, Bürobedarf «Zürich» 🍕 and more"`)},
		{Label: "same", Kind: "string", Status: "match", Score: 1, HasScore: true, Weight: 1, Share: 0.1,
			Reference: json.RawMessage(`"` + long + `"`), Output: json.RawMessage(`"` + long + `"`)},
		{Label: "n", Kind: "number", Status: "mismatch", HasScore: true, Weight: 1, Share: 1e-9, Loss: 1e-9,
			Reference: json.RawMessage(`123456789.123456789`), Output: json.RawMessage(`-0.0`)},
		{Label: "type", Kind: "number", Status: "type", HasScore: true, Weight: 1, Share: 0.1, Loss: 0.1,
			Reference: json.RawMessage(`5`), Output: json.RawMessage("{\n  \"a\": [1, 2],\n  \"b\": {\"c\": \"d\"}\n}")},
		{Label: "extra", Kind: "array", Status: "extra", Weight: 0, Output: json.RawMessage("[ 1, 2, {\"x\": \"y|z`\"} ]")},
		{Label: "missing", Kind: "string", Status: "missing", HasScore: true, Weight: 1, Share: 0.2, Loss: 0.2,
			Reference: json.RawMessage(`"a|b` + "`" + `c"`)},
		{Label: "approx", Kind: "string", Status: "partial", Score: 0.117483, HasScore: true, Approx: true, High: 0.2, Weight: 1, Share: 0.1, Loss: 0.08,
			Reference: json.RawMessage(`"abc"`), Output: json.RawMessage(`"abd"`), Rule: "abs_tol=0.01"},
		{Label: "tab\tkey\xfe", Kind: "string", Status: "partial", Score: 0.5, HasScore: true, Weight: 1, Share: 0.1, Loss: 0.05,
			Reference: json.RawMessage("\"a raw\ttab \xff in a value, lenient-parsed, long\""), Output: json.RawMessage("\"a raw\ttab in a value, lenient-parsed, longer\"")},
		{Label: "a_key_far_wider_than_the_forty_four_cells_of_the_node_column", Kind: "boolean", Status: "match", Score: 1, HasScore: true, Weight: 1, Share: 0.01,
			Reference: json.RawMessage(`true`), Output: json.RawMessage(`true`)},
	}
	nodes := make([]report.Node, n)
	for i := range nodes {
		nd := kinds[i%len(kinds)]
		nd.Depth = 1 + i%7
		if i == 0 {
			nd.Depth = 0
		}
		nd.Path = fmt.Sprintf(".a.b[%d].%s", i, nd.Label)
		nodes[i] = nd
	}
	return &report.Report{
		Metric: "jsondiff", Score: 0.5, HasScore: true, Reference: "ref.json", Output: "out.json",
		Nodes: func(yield func(*report.Node) bool) {
			for i := range nodes {
				if !yield(&nodes[i]) {
					return
				}
			}
		},
	}
}

// allocsPerRow returns the allocations a format makes per row beyond a
// fixed number: the difference between writing 11,000 rows and 1,000,
// divided by the 10,000 rows between.
func allocsPerRow(write func(io.Writer, *report.Report) error) float64 {
	count := func(n int) float64 {
		rep := rowsReport(n)
		return testing.AllocsPerRun(3, func() {
			if err := write(io.Discard, rep); err != nil {
				panic(err)
			}
		})
	}
	return (count(11000) - count(1000)) / 10000
}

// TestFormatsAllocatePerRowNothing: the text, Markdown and JSON formats
// stream their rows through a buffer they reuse; a row costs no
// allocation (the text format keeps one bit of state per row, its last
// child flag, in a slice that grows by doubling).
func TestFormatsAllocatePerRowNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's instrumentation allocates; allocations are not meaningful")
	}
	for _, f := range []struct {
		name  string
		write func(io.Writer, *report.Report) error
	}{
		{"text", func(w io.Writer, r *report.Report) error { return report.WriteText(w, r, report.TextOptions{}) }},
		{"text-flat", func(w io.Writer, r *report.Report) error {
			r.Flat = true
			return report.WriteText(w, r, report.TextOptions{})
		}},
		{"markdown", report.WriteMarkdown},
		{"json", report.WriteJSON},
	} {
		if got := allocsPerRow(f.write); got > 0.002 {
			t.Errorf("%s: %.3f allocations per row, want none", f.name, got)
		}
	}
}

// TestRowsFormats: every format on the rows of rowsReport, exactly (the
// files in testdata were written before the formats were made to reuse
// their buffers, and must not change with them).
func TestRowsFormats(t *testing.T) {
	for _, c := range []struct {
		name  string
		write func(io.Writer, *report.Report) error
	}{
		{"rows.txt", func(w io.Writer, r *report.Report) error { return report.WriteText(w, r, report.TextOptions{}) }},
		{"rows-narrow.txt", func(w io.Writer, r *report.Report) error {
			return report.WriteText(w, r, report.TextOptions{LabelWidth: 9, ValueWidth: 7})
		}},
		{"rows-flat.txt", func(w io.Writer, r *report.Report) error {
			r.Flat = true
			return report.WriteText(w, r, report.TextOptions{ValueWidth: 3})
		}},
		{"rows-colour.txt", func(w io.Writer, r *report.Report) error {
			mark := func(status, text string) string { return "<" + status + ">" + text + "</>" }
			return report.WriteText(w, r, report.TextOptions{Color: mark, NoValues: true})
		}},
		{"rows.md", report.WriteMarkdown},
		{"rows.json", report.WriteJSON},
	} {
		var b strings.Builder
		if err := c.write(&b, rowsReport(40)); err != nil {
			t.Fatal(err)
		}
		same(t, c.name, []byte(b.String()))
	}
}
