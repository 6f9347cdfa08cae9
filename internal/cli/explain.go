package cli

import (
	"bufio"
	"errors"
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/themes"
)

// checkExplain refuses --explain with the flags of another output, and a
// path that does not parse, before anything is read.
func checkExplain(f *scoreFlags) error {
	if f.explain == "" {
		return nil
	}
	switch {
	case f.quiet:
		return errors.New("--explain prints a node's calculation: drop --quiet")
	case f.format != "text":
		return fmt.Errorf("--explain prints text: drop --format %s", f.format)
	}
	if _, err := scoring.ParsePath(f.explain); err != nil {
		return fmt.Errorf("--explain %s: %v", f.explain, err)
	}
	return nil
}

// explainWidth is the width the explanation's children table fits.
const explainWidth = 80

// explain prints how the score of the node at path is computed, as the
// explorer's detail pane shows it: the path, the node's kind, status and
// score, then the calculation (scoring's Tree.Explain). A path the tree
// does not have is bad input, with the nearest one.
func (a *app) explain(res *scoring.Result, metric, path string) error {
	t := res.Tree
	if t == nil {
		return badInput(fmt.Errorf("--explain %s: --metric %s is one number, with no per-node breakdown (jsontui score says how it is computed)", path, metric))
	}
	id, err := t.Locate(path)
	if err != nil {
		return badInput(fmt.Errorf("--explain: %w", err))
	}
	w := bufio.NewWriter(a.stdout)
	fmt.Fprintln(w, t.Path(id))
	fmt.Fprintln(w, nodeHead(t, id))
	lines := t.Explain(id, scoring.ExplainOptions{
		Width:  explainWidth,
		Metric: metric,
		Note:   strings.TrimPrefix(res.Explanation, metric+": "),
	})
	for _, l := range lines {
		fmt.Fprintln(w, l.String())
	}
	return w.Flush()
}

// nodeHead writes a node's kind, status and score as the detail pane's
// second line does: "string · ~ partial · score 0.66667".
func nodeHead(t *scoring.Tree, id scoring.NodeID) string {
	st := t.Status(id)
	head := fmt.Sprintf("%s · %s %s", t.Kind(id), glyphs.Glyph(st), st)
	if score, has := t.Score(id); has {
		return head + " · score " + report.ScoreCell(score, true)
	}
	return head + " · no score"
}

// glyphs are the status glyphs the explorer shows (every theme has the
// same ones).
var glyphs = themes.MustNew(themes.Mono)
