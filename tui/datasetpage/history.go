package datasetpage

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/tui/datasetpage/casespane"
	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/shell"
)

// The history of a dataset in its explorer: H lists the dataset's runs
// (those of the same references) over a plot of their scores; enter
// compares the dataset with a run as `history diff` does (the tree gains
// the run's per-path score and Δ, the cases pane its Δ column, largest
// regression first, the header the diff's verdict); d shows the diff as
// `history diff` prints it; R loads the run's weights. The comparison is
// with the figures in force: a re-weight compares again.

// endCompare ends the comparison with a run.
func (m *Model) endCompare() tea.Cmd {
	if m.ds.Cmp == nil {
		return nil
	}
	name := runspane.RunName(m.ds.Cmp.Run)
	m.ds.Cmp = nil
	m.cmpJob++
	m.changed()
	m.Layout()
	m.Status.Set(common.Info("ended the comparison with " + name))
	return nil
}

// dsRunReadyMsg carries a run of the dataset read for action act of
// request id, with what the action needs.
type dsRunReadyMsg struct {
	id  int
	act runspane.RunAction
	run *ports.DatasetRunDetail
	// cmp is the comparison of the run with the figures in force, for
	// actCompare and actDiff.
	cmp *dataset.Comparison
	// weights are those the run's weights file gives the paths, for
	// actLoad.
	weights []dataset.PathWeight
	// runIsA says the run is A of the comparison, now B (else the other
	// way round): runspane.RunIsA.
	runIsA bool
	// d is the dataset compared: one scored again since is compared anew.
	d   *dataset.Scored
	err error
}

// runAction reads a run of the dataset in the background for what the
// history pane asked, and compares it with a snapshot of the figures in
// force (the user may re-weight meanwhile: the answer is then dropped).
func (m *Model) runAction(req runspane.RunActionMsg) tea.Cmd {
	h := m.opts.History
	if h == nil {
		return nil
	}
	m.runJob++
	id, act := m.runJob, req.Act
	runIsA := runspane.RunIsA(m.Hist.Listed(), req.Run)
	now := m.ds.Scored.Snapshot()
	d, rules := m.ds.Scored, m.ds.RulesID
	var loadW func(*scoring.Weights) ([]dataset.PathWeight, error)
	if act == runspane.ActLoad {
		// WeightsOf reads the dataset's paths, which never change: the
		// background may call it.
		loadW = d.WeightsOf
	}
	m.Status.Set(common.Info("reading " + runspane.RunName(req.Run) + "…"))
	return m.C.Bg.Run(func() tea.Msg {
		msg := dsRunReadyMsg{id: id, act: act, d: d, runIsA: runIsA}
		if msg.run, msg.err = h.DatasetRun(req.Run.ID); msg.err != nil {
			return msg
		}
		switch act {
		case runspane.ActCompare, runspane.ActDiff:
			msg.cmp = dataset.Compare(dsdata.CompareSides(runIsA, dataset.CompareSide{ID: msg.run.ID, Figures: msg.run.Figures, Rules: msg.run.Rules},
				dataset.CompareSide{Figures: now, Rules: rules}))
		case runspane.ActLoad:
			var w *scoring.Weights
			if msg.run.WeightsJSON != nil {
				if w, msg.err = scoring.ParseWeights("the weights of "+runspane.RunName(msg.run.RunSummary), msg.run.WeightsJSON); msg.err != nil {
					return msg
				}
			}
			msg.weights, msg.err = loadW(w)
		}
		return msg
	})
}

// runReady does what was asked with a run read.
func (m *Model) runReady(msg dsRunReadyMsg) tea.Cmd {
	if msg.id != m.runJob {
		return nil
	}
	if msg.err != nil {
		name := "the run"
		if msg.run != nil {
			name = runspane.RunName(msg.run.RunSummary)
		}
		m.Status.Set(common.Failure(fmt.Errorf("%s: %w", name, msg.err)))
		return nil
	}
	r := msg.run.RunSummary
	switch msg.act {
	case runspane.ActCompare:
		m.ds.Cmp = dsdata.NewComparison(msg.run, msg.cmp, msg.runIsA)
		m.cmpJob++
		m.order.SetSort(casespane.SortDelta)
		m.changed()
		m.Mode = shell.ModeNormal
		m.Layout()
		// The header names A and B: the status leads with the verdict's
		// number, which a narrow screen keeps.
		text := dsdata.VerdictHead(msg.cmp.Verdict())
		if !msg.cmp.SameConfig() {
			text += " · the runs differ in metric, options or rules"
		}
		m.Status.Set(common.Info(text + " · esc ends"))
		if msg.d != m.ds.Scored {
			return m.recompare() // scored again while the run was read
		}
	case runspane.ActDiff:
		var b bytes.Buffer
		sides := dataset.CompareTextOptions{
			A: runspane.RunName(r) + " · " + r.Time.Format("2006-01-02 15:04") + " · " + runspane.RunFiles(r),
			B: "now · " + runspane.RunFiles(ports.RunSummary{Reference: escape.Text(m.opts.Files.Reference), Output: escape.Text(m.opts.Files.Output)}),
		}
		title := runspane.RunName(r) + " → now"
		if !msg.runIsA {
			sides.A, sides.B = sides.B, sides.A
			title = "now → " + runspane.RunName(r)
		}
		dataset.WriteComparisonText(&b, msg.cmp, sides)
		m.Hist.Update(runspane.ShowDiffMsg{Title: title, Text: strings.Split(strings.TrimRight(b.String(), "\n"), "\n")})
		m.Status.Set(common.Info("diff of " + runspane.RunName(r) + " with now"))
	case runspane.ActLoad:
		if why := m.weightsRefused(); why != "" {
			m.Status.Set(common.Warn(why))
			return nil
		}
		before, had := m.ds.Total()
		n, err := m.ds.Sess.SetWeights(msg.weights, "load the weights of "+runspane.RunName(r))
		if err != nil {
			m.Status.Set(common.Failure(fmt.Errorf("%s: %w", runspane.RunName(r), err)))
			return nil
		}
		m.Mode = shell.ModeNormal
		if n == 0 {
			m.Status.Set(common.Info("the weights in force are those of " + runspane.RunName(r) + " already"))
			return nil
		}
		return m.reweighed(fmt.Sprintf("loaded the weights of %s: %d weight%s changed · u undoes", runspane.RunName(r), n, common.Plural(n, "s")), nil, before, had)
	}
	return nil
}

// dsRecomparedMsg carries the comparison with the figures after a
// re-weight, for request id.
type dsRecomparedMsg struct {
	id      int
	verdict string
}

// recompare compares the run again with the figures in force, in the
// background: the per-path and per-case changes follow the figures at
// once, the verdict (paired statistics over every case) when it comes.
func (m *Model) recompare() tea.Cmd {
	c := m.ds.Cmp
	if c == nil {
		return nil
	}
	m.cmpJob++
	id, now := m.cmpJob, m.ds.Scored.Snapshot()
	a, b := c.Sides(dataset.CompareSide{Figures: now, Rules: m.ds.RulesID})
	return m.C.Bg.Run(func() tea.Msg {
		return dsRecomparedMsg{id: id, verdict: dataset.Compare(a, b).Verdict()}
	})
}
