package dataset

import (
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
)

// Children returns the places in Paths of path i's children (the paths
// one step below it), in tree order.
func (f *Figures) Children(i int) []int {
	var out []int
	d := f.Paths[i].Depth
	for j := i + 1; j < len(f.Paths) && f.Paths[j].Depth > d; j++ {
		if f.Paths[j].Depth == d+1 {
			out = append(out, j)
		}
	}
	return out
}

// Parent returns the place in Paths of path i's parent, -1 for the root.
func (f *Figures) Parent(i int) int {
	d := f.Paths[i].Depth
	for j := i - 1; j >= 0; j-- {
		if f.Paths[j].Depth < d {
			return j
		}
	}
	return -1
}

// Factor returns the normalization factor f of path i, as docs/scoring.md
// defines it for an object and the dataset's paths give it: n / Σw over
// its keys that have a score (weight-0 keys included in n), n being their
// number; 1 for an array (its elements weigh alike). ok is false for a
// leaf, and for an object none of whose keys weighs.
func (f *Figures) Factor(i int) (float64, bool) {
	kids := f.Children(i)
	if len(kids) == 0 {
		return 0, false
	}
	if f.Paths[i].Kind == "array" {
		return 1, true
	}
	n, sumW := f.factorTerms(kids)
	if n == 0 || sumW == 0 {
		return 0, false
	}
	return float64(n) / sumW, true
}

// factorTerms returns how many of the paths kids have a score, and the
// sum of their weights.
func (f *Figures) factorTerms(kids []int) (n int, sumW float64) {
	for _, c := range kids {
		if p := &f.Paths[c]; p.HasScore {
			n++
			sumW += p.Weight
		}
	}
	return n, sumW
}

// scoredNodes returns how many of path p's nodes have a score: those
// neither extra nor ignored.
func scoredNodes(p *PathFigures) int {
	return p.Nodes - p.Status(scoring.Extra) - p.Status(scoring.Ignored)
}

// maxExplainChildren is how many children the table of a container's
// explanation lists.
const maxExplainChildren = 12

// ExplainPath returns how the figures of a schema path of the dataset are
// computed under the weights in force, with the numbers filled in (docs/datasets.md):
// its weight and where it comes from, its score as the mean
// of its nodes', its loss as the cases' losses over the cases with a
// score and its part of what the dataset loses, its normalization factor,
// the statuses of its nodes, the TP/FD/FA/FN/TN counts with precision,
// recall and F1, and for a container a table of its children's figures.
// The lines are as scoring.Tree.Explain writes a node's, for the
// explorer's detail pane; width is the cells a line may take (0 is 80).
func (d *Scored) ExplainPath(path string, width int) []scoring.Line {
	i := d.PathIndex(path)
	if i < 0 {
		return []scoring.Line{{{Role: scoring.RoleBad, Text: "no case has the path " + path}}}
	}
	if width <= 0 {
		width = 80
	}
	f := d.figs
	p := &f.Paths[i]
	e := &pathExplainer{d: d, f: f, i: i, p: p, width: width}
	e.head()
	e.weight()
	e.blank()
	e.score()
	e.loss()
	e.factor()
	e.blank()
	e.statuses()
	e.counts()
	e.children()
	return e.lines
}

// pathExplainer writes the lines of one path's explanation.
type pathExplainer struct {
	d     *Scored
	f     *Figures
	i     int
	p     *PathFigures
	width int
	lines []scoring.Line
}

func text(s string) scoring.Span { return scoring.Span{Text: s} }
func noteSpan(s string) scoring.Span {
	return scoring.Span{Role: scoring.RoleNote, Text: s}
}
func scoreSpan(v float64) scoring.Span {
	return scoring.Span{Role: scoring.RoleScore, Text: report.Fixed5(v), Value: v}
}

func (e *pathExplainer) add(spans ...scoring.Span) { e.lines = append(e.lines, spans) }
func (e *pathExplainer) note(s string)             { e.add(noteSpan(s)) }
func (e *pathExplainer) blank()                    { e.lines = append(e.lines, nil) }

// head says what the path is: its kind and how many nodes in how many
// cases.
func (e *pathExplainer) head() {
	p, st := e.p, e.f.Stats
	e.add(text(fmt.Sprintf("%s · %s node%s in %s of the %s cases", p.Kind, report.Thousands(p.Nodes), sIf(p.Nodes),
		report.Thousands(p.Cases), report.Thousands(st.Cases))))
}

// weight says the path's weight and where it comes from.
func (e *pathExplainer) weight() {
	d, p := e.d, e.p
	switch {
	case e.i == 0:
		e.note("the root: its score is the dataset's, it has no weight")
		return
	case strings.HasSuffix(p.Path, "[]"):
		e.note("array elements weigh alike: 1 each, their array's score is their mean")
		return
	case !d.Weighs(p.Path):
		e.note("only outputs have this key (extra): it takes no part, weight 0")
		return
	case !d.takesWeights:
		e.add(text("weight "+report.Figure(p.Weight)), noteSpan(" (the metric's own: it takes no weights file)"))
		return
	}
	fw, _ := d.FileWeight(p.Path)
	src := "the weights file's"
	if d.file == nil {
		src = "no weights file: every key weighs 1"
	}
	if p.Weight == fw {
		e.add(text("weight "+report.Figure(p.Weight)), noteSpan(" ("+src+")"))
	} else {
		from := "the weights file's " + report.Figure(fw)
		if d.file == nil {
			from = "1 without a weights file"
		}
		e.add(text("weight "+report.Figure(p.Weight)), noteSpan(" (changed: "+from+")"))
	}
	if also := d.EntryPaths(p.Path); len(also) > 1 {
		var others []string
		for _, a := range also {
			if a != p.Path {
				others = append(others, a)
			}
		}
		e.note("one weights entry for " + strings.Join(others, ", ") + " too")
	}
	e.note("it applies to this key in every case")
}

// score writes the path's score as the mean of its nodes'.
func (e *pathExplainer) score() {
	p, st := e.p, e.f.Stats
	n := scoredNodes(p)
	if !p.HasScore {
		e.add(text("score n/a: none of its nodes has a score"))
		return
	}
	if e.i == 0 {
		e.add(text("score "), scoreSpan(p.Score), text(fmt.Sprintf(" = Σ case scores / cases with a score = %s / %s",
			report.Trim5(p.Score*float64(n)), report.Thousands(n))))
		note := "the dataset's score"
		if st.Missing+st.Invalid > 0 {
			note += fmt.Sprintf("; %s missing and %s invalid cases score 0 and count", report.Thousands(st.Missing), report.Thousands(st.Invalid))
		}
		e.note(note)
		if st.HasSpread {
			e.note(ciNote(&st))
		}
		return
	}
	e.add(text("score "), scoreSpan(p.Score), text(fmt.Sprintf(" = Σ node scores / nodes with a score = %s / %s",
		report.Trim5(p.Score*float64(n)), report.Thousands(n))))
	if none := p.Nodes - n; none > 0 {
		e.note(fmt.Sprintf("%s node%s without a score (extra or ignored) take%s no part", report.Thousands(none), sIf(none),
			map[bool]string{true: "s", false: ""}[none == 1]))
	}
}

// loss writes the path's loss and its part of the dataset's.
func (e *pathExplainer) loss() {
	p, st := e.p, e.f.Stats
	root := e.f.Paths[0].Loss
	if e.i == 0 {
		e.add(text(fmt.Sprintf("loss %s = 1 − %s: what the dataset's score loses", report.Fixed5(p.Loss), report.Fixed5(e.f.Score))))
		return
	}
	if st.N == 0 {
		e.add(text("loss 0: no case has a score"))
		return
	}
	e.add(text(fmt.Sprintf("loss %s = Σ case losses here / cases with a score = %s / %s", report.Fixed5(p.Loss),
		report.Trim5(p.Loss*float64(st.N)), report.Thousands(st.N))))
	if root > 0 && p.Loss > 0 {
		e.note(fmt.Sprintf("%.1f%% of what the dataset loses (%s): the score would be %s without it", 100*p.Loss/root,
			report.Fixed5(root), report.Fixed5(e.f.Score+p.Loss)))
	}
}

// factor writes f = n / Σw of a container.
func (e *pathExplainer) factor() {
	kids := e.f.Children(e.i)
	if len(kids) == 0 {
		return
	}
	if e.p.Kind == "array" {
		e.add(text("f 1"), noteSpan(": its elements weigh alike"))
		return
	}
	n, sumW := e.f.factorTerms(kids)
	if f, ok := e.f.Factor(e.i); ok {
		e.add(text(fmt.Sprintf("f %s = n / Σw = %d / %s", report.Trim5(f), n, report.Trim5(sumW))))
		e.note("over its keys that have a score, weight-0 ones counted in n")
		return
	}
	e.add(text("f n/a"), noteSpan(": none of its keys weighs"))
}

// statuses writes the node counts per status.
func (e *pathExplainer) statuses() {
	var parts []string
	for s, n := range e.p.StatusCounts() {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %s", scoring.Status(s), report.Thousands(int(n))))
		}
	}
	e.add(text("nodes: " + strings.Join(parts, " · ")))
}

// counts writes TP, FD, FA, FN, TN and the precision, recall and F1 they
// give.
func (e *pathExplainer) counts() {
	c, p := e.p.LeafCounts(), e.p
	tau := 1.0
	if e.d.run != nil {
		tau = e.d.run.tau
	}
	e.add(text(fmt.Sprintf("TP %s · FD %s · FA %s · FN %s · TN %s", report.Thousands(c[TP]), report.Thousands(c[FD]),
		report.Thousands(c[FA]), report.Thousands(c[FN]), report.Thousands(c[TN]))))
	e.note(fmt.Sprintf("the leaves at or below it; found (TP) from score %s up", report.Figure(tau)))
	ratio := func(name, formula string, num, den int, v float64, has bool) {
		if !has {
			e.add(text(fmt.Sprintf("%s = %s = n/a", name, formula)), noteSpan(" (nothing to divide by)"))
			return
		}
		e.add(text(fmt.Sprintf("%s = %s = %s / %s = ", name, formula, report.Thousands(num), report.Thousands(den))), scoreSpan(v))
	}
	ratio("precision", "TP / (TP + FD + FA)", c[TP], c[TP]+c[FD]+c[FA], p.Precision, p.HasPrecision)
	ratio("recall", "TP / (TP + FN)", c[TP], c[TP]+c[FN], p.Recall, p.HasRecall)
	if p.HasF1 {
		e.add(text(fmt.Sprintf("F1 = 2·P·R / (P + R) = 2·%s·%s / %s = ", report.Trim5(p.Precision), report.Trim5(p.Recall),
			report.Trim5(p.Precision+p.Recall))), scoreSpan(p.F1))
	} else {
		e.add(text("F1 = n/a"), noteSpan(" (precision or recall is)"))
	}
}

// children writes a table of the children's figures, in tree order.
func (e *pathExplainer) children() {
	kids := e.f.Children(e.i)
	if len(kids) == 0 {
		return
	}
	keyW := max(6, min(18, e.width-32))
	e.blank()
	e.note(report.Pad("child", keyW) + report.PadLeft("w", 6) + report.PadLeft("score", 9) + report.PadLeft("loss", 9))
	for k, c := range kids {
		if k == maxExplainChildren {
			e.add(scoring.Span{Role: scoring.RoleAside, Text: fmt.Sprintf("… %s more", report.Thousands(len(kids)-k))})
			break
		}
		p := &e.f.Paths[c]
		key := e.d.PathLabel(c)
		line := scoring.Line{text(report.Pad(report.Truncate(key, keyW), keyW) + report.PadLeft(report.Figure(p.Weight), 6) + " ")}
		if p.HasScore {
			line = append(line, scoring.Span{Role: scoring.RoleScore, Text: report.PadLeft(report.Fixed5(p.Score), 8), Value: p.Score})
		} else {
			line = append(line, text(report.PadLeft("n/a", 8)))
		}
		line = append(line, text(" "+report.PadLeft(report.LossCell(p.Loss), 8)))
		e.lines = append(e.lines, line)
	}
}

func sIf(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// ciNote is the explanation's line on the score's 95% interval: the
// t-interval, and when it reaches past the scores' range, that it is
// shown cut to it.
func ciNote(st *Stats) string {
	ci, cut := st.ShownCI()
	s := fmt.Sprintf("95%% CI %s … %s (t, n − 1 = %s", report.Fixed5(ci[0]), report.Fixed5(ci[1]), report.Thousands(st.N-1))
	if cut {
		s += fmt.Sprintf(": %s … %s, cut to the scores' range 0 … 1", report.Fixed5(st.CI95[0]), report.Fixed5(st.CI95[1]))
	}
	return s + ")"
}
