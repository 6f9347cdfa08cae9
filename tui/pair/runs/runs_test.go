package runs

import (
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/scoringtest"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/pair/header"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/session"
	"github.com/jsontui/jsontui/tui/shell"
	"github.com/jsontui/jsontui/tui/widgets"
)

// history is a History of one run, whose best is named best.
type history struct {
	run  *ports.RunDetail
	best string
}

func (h *history) Runs(bool) ([]ports.RunSummary, error) {
	return []ports.RunSummary{h.run.RunSummary}, nil
}
func (h *history) Run(string) (*ports.RunDetail, error) { return h.run, nil }
func (h *history) SetLabel(string, string) error        { return nil }
func (h *history) Best(ports.RunConfig) (ports.RunSummary, bool, error) {
	return ports.RunSummary{ID: h.best}, true, nil
}

// page is a pair's page over the pizza case, noting what it is asked to
// show.
type page struct {
	st    State
	files ports.Files
	best  []string
	cmp   []*runspane.Comparison
}

func (p *page) State() State                          { return p.st }
func (p *page) Files() *ports.Files                   { return &p.files }
func (p *page) ShowBest(msg header.BestRunMsg)        { p.best = append(p.best, msg.Best.ID) }
func (p *page) ShowComparison(c *runspane.Comparison) { p.cmp = append(p.cmp, c) }
func (p *page) PutInForce(*Restored)                  {}
func (p *page) WeightsChanged()                       {}

// newTest returns a controller over the pizza case, its shell ready, and
// the page and the history it uses.
func newTest(t *testing.T) (*Controller, *page, *history) {
	t.Helper()
	ref, out, w := scoringtest.Case(t, "pizza")
	tr := scoringtest.Build(t, ref, out, w, scoring.Options{})
	sess := session.New(tr, w, "weights.json")
	pg := &page{st: State{Metric: metricstate.New("jsondiff", scoring.MetricOptions{}, ports.Loaded{Tree: tr, Weights: w}),
		Sess: sess, WSess: sess}, files: ports.Files{Reference: "reference.json", Output: "output.json"}}
	h := &history{run: &ports.RunDetail{RunSummary: ports.RunSummary{ID: "1hthq03k7m2p9a4r8z6w", Reference: "other.json",
		Output: "output.json", Metric: "jsondiff"}, WeightsJSON: []byte(`{}`)}, best: "first"}
	c := common.New("dark")
	c.Width, c.Height = 140, 30
	sh := &shell.Shell{C: c, Status: widgets.NewStatusLine(c), Prompt: widgets.NewPrompt(c), Phase: shell.PhaseReady,
		Hist: runspane.NewHistoryPane(c, pg.files, h)}
	sh.Status.SetWidth(c.Width)
	return New(sh, pg, ports.Options{History: h}), pg, h
}

// TestStaleAnswersDropped: the answer of an older request for the best
// run, or a run read for the sessions shown before (the metric was
// switched since), changes nothing.
func TestStaleAnswersDropped(t *testing.T) {
	ctl, pg, h := newTest(t)
	old := ctl.FetchBest()()
	h.best = "newer"
	latest := ctl.FetchBest()()
	ctl.Update(old)
	ctl.Update(latest)
	if len(pg.best) != 1 || pg.best[0] != "newer" {
		t.Errorf("best runs shown %v, want [newer]", pg.best)
	}
	sel := h.run.RunSummary
	sel.ThisPair = true
	read := ctl.RunAction(runspane.RunActionMsg{Act: runspane.ActCompare, Run: sel})()
	sess := session.New(pg.st.Sess.Tree(), nil, "")
	pg.st.Sess, pg.st.WSess = sess, sess
	ctl.Update(read)
	if ctl.Comparison() != nil || len(pg.cmp) != 0 {
		t.Fatal("a run read for another session was compared with")
	}
	ctl.Update(ctl.RunAction(runspane.RunActionMsg{Act: runspane.ActCompare, Run: sel})())
	if ctl.Comparison() == nil || len(pg.cmp) != 1 {
		t.Fatal("no comparison")
	}
	if s := ctl.sh.Status.Text(); !strings.HasPrefix(s, "comparing with run 1hthq03k7m") || !strings.HasSuffix(s, "· esc ends") {
		t.Errorf("status %q", s)
	}
	ctl.EndComparison()
	if ctl.Comparison() != nil || len(pg.cmp) != 2 || pg.cmp[1] != nil || ctl.sh.Status.Text() != "ended the comparison with run 1hthq03k7m" {
		t.Errorf("ended: comparison %v, shown %v, status %q", ctl.Comparison(), pg.cmp, ctl.sh.Status.Text())
	}
}

// TestOtherPairAsked: comparing with a run of another pair asks first;
// n cancels, y reads the run.
func TestOtherPairAsked(t *testing.T) {
	ctl, _, h := newTest(t)
	ctl.sh.Mode = shell.ModeHistory
	req := runspane.RunActionMsg{Act: runspane.ActCompare, Run: h.run.RunSummary}
	if cmd := ctl.Update(req); cmd != nil || ctl.sh.Mode != shell.ModeConfirmPair {
		t.Fatalf("mode %d: nothing asked", ctl.sh.Mode)
	}
	q := tuitest.StripANSI(ctl.QuestionView())
	if want := "run 1hthq03k7m is of another pair, other.json ⟷ output.json: compare anyway?"; !strings.HasPrefix(q, want) ||
		!strings.HasSuffix(q, "y compare · n/esc cancel") {
		t.Errorf("question %q", q)
	}
	if ctl.ConfirmKey(tuitest.KeyMsg("n")) != nil || ctl.sh.Mode != shell.ModeHistory || ctl.sh.Status.Text() != "canceled" {
		t.Errorf("n: mode %d, status %q", ctl.sh.Mode, ctl.sh.Status.Text())
	}
	ctl.Update(req)
	cmd := ctl.ConfirmKey(tuitest.KeyMsg("y"))
	if cmd == nil || ctl.sh.Mode != shell.ModeHistory || ctl.sh.Status.Text() != "reading run 1hthq03k7m…" {
		t.Errorf("y: mode %d, status %q", ctl.sh.Mode, ctl.sh.Status.Text())
	}
}

func TestJoinCapped(t *testing.T) {
	items := []string{".a", ".b", ".c", ".d"}
	if got := joinCapped(items, 4, 4); got != ".a, .b, .c, .d" {
		t.Errorf("all: %q", got)
	}
	if got := joinCapped(items, 2, 1234); got != ".a, .b and 1,232 more" {
		t.Errorf("capped: %q", got)
	}
}
