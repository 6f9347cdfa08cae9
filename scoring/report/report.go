// Package report holds the figures of one scoring run in a flat, metric-
// independent form, and renders them as text, JSON or Markdown.
//
// A Report is what `jsontui score` prints and what the history stores: the
// total, the files, the repairs and warnings, and one Node per row of the
// breakdown in document order. Nodes are produced by an iterator so that a
// document of millions of nodes is never held twice in memory.
package report

import (
	"encoding/json"
	"iter"

	"github.com/jsontui/jsontui/scoring/setting"
)

// Node is one row of a score breakdown.
type Node struct {
	// Path is the node's jq-style path: ".", ".fixed_menus[1].pizza".
	Path string
	// Depth is the node's depth below the root (the root is 0).
	Depth int
	// Label is what the tree shows for the node: its key, "[i]" for an
	// array element, "." for the root.
	Label string
	// Kind is the JSON type compared at this node: object, array, string,
	// number, boolean or null (the reference's, or the output's for an
	// extra node).
	Kind string
	// Status is the outcome: match, partial, mismatch, missing, extra,
	// type or ignored.
	Status string
	// Score is the node's score in [0, 1]; meaningless when !HasScore.
	Score    float64
	HasScore bool
	// Approx marks a score past its comparator's exact limit: the exact
	// score lies between Score and High.
	Approx bool
	High   float64
	// Weight is the node's own weight at its level.
	Weight float64
	// Factor is the normalization factor of a container; meaningless
	// when !HasFactor (scalars).
	Factor    float64
	HasFactor bool
	// Share is the fraction of the total this node stands for.
	Share float64
	// Loss is Share·(1−Score): the points of the total this node costs.
	Loss float64
	// Reference and Output are the compared JSON values, set on leaves
	// (and on a scalar facing a container); nil when absent on that side.
	Reference json.RawMessage
	Output    json.RawMessage
	// Rule is the per-key rule that compared a leaf (a rules file's,
	// written as scoring.Rule.String does: "exact", "abs_tol=0.01");
	// "" for the metric's own comparison.
	Rule string
}

// Warning is a non-fatal remark about the inputs, tied to a JSON path.
type Warning struct {
	Path    string `json:"path"`
	Message string `json:"message"`
	// Setting, when not nil, is the remark about a setting of the run
	// (Message is its text): a front end spells the settings it names its
	// own way (setting.Error.Text).
	Setting *setting.Error `json:"-"`
}

// SpellSettings rewrites, in place, the message of each warning about a
// setting (Warning.Setting) with the settings spelled by spell, as a front
// end names them: the command line's "--lists" for "lists".
func SpellSettings(ws []Warning, spell func(name string) string) {
	for i := range ws {
		if s := ws[i].Setting; s != nil {
			ws[i].Message = s.Text(spell)
		}
	}
}

// Report is the result of one scoring run.
type Report struct {
	// Score is the total; meaningless when !HasScore (nothing took part).
	Score    float64
	HasScore bool
	// Approx marks a total some of whose comparisons went past their
	// exact limit: the exact total lies between Score and High.
	Approx bool
	High   float64
	// Metric names the metric that produced the figures.
	Metric string
	// Options lists the metric's options in force, in a stable order
	// (for example "abs-tol=0.01"); empty for the defaults.
	Options []string
	// Reference, Output and Weights are the file names as given ("" for
	// no weights file, "-" for standard input).
	Reference, Output, Weights string
	// Rules names the rules file ("" for none).
	Rules string
	// Repairs lists what lenient parsing did to the output.
	Repairs []string
	// Warnings lists the first MaxWarnings non-fatal remarks about the
	// inputs, in order; MoreWarnings counts the others. Add them with
	// AddWarning.
	Warnings     []Warning
	MoreWarnings int
	// Extra holds metric-specific top-level figures (for example
	// "distance" for edit-distance), rendered after "metric".
	Extra map[string]float64
	// Explanation says, for a metric that has no per-node breakdown, how
	// the total was computed.
	Explanation string
	// Nodes yields the rows in document order. The *Node passed to the
	// loop body, and the strings it holds (Path, Label), are only valid
	// until the next iteration: copy what you keep (strings.Clone).
	Nodes iter.Seq[*Node]
	// Selection, when set, says which nodes Nodes holds when they are not
	// every node ("the 3 costliest leaves, largest loss first"): see
	// OnlyLosses and Top. The formats print it.
	Selection string
	// Flat is set when Nodes is a list rather than a tree (Top): the text
	// format names each row by its path, without the tree's guides.
	Flat bool
	// Parts, if set, splits Nodes into at most n consecutive runs that may
	// be iterated at the same time, on goroutines of their own: one after
	// the other they yield exactly what Nodes yields. It may return fewer.
	Parts func(n int) []iter.Seq[*Node]
}

// MaxWarnings is the number of warnings a report lists. The others are
// only counted (Report.MoreWarnings): a weights file written for another
// reference can hold a million entries that apply to nothing, and every
// rendering (text on standard error, Markdown, JSON, the explorer, the
// history) shows the same first ones and the same count.
const MaxWarnings = 20

// AddWarning adds w to the report's warnings, or, once they are
// MaxWarnings, to the count of the others.
func (r *Report) AddWarning(w Warning) {
	if len(r.Warnings) >= MaxWarnings {
		r.MoreWarnings++
		return
	}
	r.Warnings = append(r.Warnings, w)
}

// MoreWarningsText is the line that stands for n warnings not listed:
// "… and 9,980 more warnings".
func MoreWarningsText(n int) string {
	if n == 1 {
		return "… and 1 more warning"
	}
	return "… and " + Count(n) + " more warnings"
}
