package htmlreport

import (
	"html/template"
	"io"
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
)

// MaxExplained is how many leaves of a pair carry the engine's
// explanation of their score; past it, the leaves show their figures and
// values only, and the page says so.
const MaxExplained = 5000

// Pair is a pair's run, as WritePair takes it.
type Pair struct {
	// Report is the run's report (the one --format json writes).
	Report *report.Report
	// Tree, when there is one, explains each leaf's score (the engine's
	// own account, with the character diff of two strings); nil for a
	// run read back from the history, whose tree is gone.
	Tree *scoring.Tree
}

// pairView is what the pair template renders.
type pairView struct {
	Score, Metric, Explanation, Selection string
	Tree                                  template.HTML
	TreeNote                              string
	Repairs                               []string
	Warnings                              []report.Warning
}

// WritePair writes a pair's run as an HTML page: the score, the metric,
// the files with their SHA-256, the tree with every node's figures (the
// costliest path open), each leaf's values and explanation, and the
// warnings and repairs.
func WritePair(w io.Writer, m Meta, p Pair) error {
	rep := p.Report
	v := &pairView{Score: report.ScoreText(rep.Score, rep.HasScore), Metric: metricText(rep.Metric, rep.Options),
		Explanation: rep.Explanation, Selection: rep.Selection, Repairs: rep.Repairs, Warnings: warnings(rep)}
	nodes, more := collectNodes(rep.Nodes, MaxTreeNodes)
	var notes []string
	if more > 0 {
		notes = append(notes, "The page shows the first "+report.Count(len(nodes))+" nodes; "+report.Count(more)+" more are in --format json.")
	}
	if len(nodes) > 0 {
		notes = append(notes, explainLeaves(nodes, p.Tree, rep.Metric, rep.Explanation))
		v.Tree = renderTree(nodes)
	}
	v.TreeNote = strings.TrimSpace(strings.Join(notes, " "))
	title := m.Title
	if title == "" {
		title = "Score " + v.Score + ": " + rep.Reference + " vs " + rep.Output
	}
	nav := []navItem{{"summary", "Score"}}
	if v.Tree != "" {
		nav = append(nav, navItem{"tree", "Tree"})
	}
	if len(v.Repairs)+len(v.Warnings) > 0 {
		nav = append(nav, navItem{"notes", "Warnings and repairs"})
	}
	return write(w, &page{Title: title, Kind: "pair", Meta: m, Nav: nav, Pair: v})
}

// explainLeaves gives the first MaxExplained leaves the tree's
// explanation, and returns what the page says of it.
func explainLeaves(nodes []treeNode, t *scoring.Tree, metric, note string) string {
	if t == nil {
		return "The explanations of the scores are not kept with a recorded run: score the files again for them."
	}
	opt := scoring.ExplainOptions{Width: 100, Metric: metric, Note: strings.TrimPrefix(note, metric+": ")}
	done, left := 0, 0
	for i := range nodes {
		if !isLeaf(nodes, i) {
			continue
		}
		if done >= MaxExplained {
			left++
			continue
		}
		id, err := t.Locate(nodes[i].Path)
		if err != nil {
			continue
		}
		nodes[i].explain = t.Explain(id, opt)
		done++
	}
	if left > 0 {
		return "The first " + report.Count(done) + " leaves carry the explanation of their score; " + report.Count(left) + " more do not (jsontui score --explain PATH gives any one)."
	}
	return ""
}

// metricText names a metric with its options: "jsondiff [abs-tol=0.01]".
func metricText(name string, options []string) string {
	if len(options) == 0 {
		return name
	}
	return name + " [" + strings.Join(options, " ") + "]"
}

// warnings returns the report's warnings, with a last one counting those
// not listed.
func warnings(rep *report.Report) []report.Warning {
	ws := rep.Warnings
	if rep.MoreWarnings > 0 {
		ws = append(ws[:len(ws):len(ws)], report.Warning{Message: report.MoreWarningsText(rep.MoreWarnings)})
	}
	return ws
}
