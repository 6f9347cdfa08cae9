package datasetpage

import (
	"context"
	"fmt"

	"github.com/jsontui/jsontui/tui/datasetpage/casespane"
	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"
	"github.com/jsontui/jsontui/tui/datasetpage/dsheader"
	"github.com/jsontui/jsontui/tui/datasetpage/dsprogress"
	"github.com/jsontui/jsontui/tui/datasetpage/groupspane"
	"github.com/jsontui/jsontui/tui/datasetpage/heatmap"
	"github.com/jsontui/jsontui/tui/datasetpage/pathtree"
	"github.com/jsontui/jsontui/tui/keys"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/shell"
)

// Model is the explorer of a dataset (docs/datasets.md): its
// header, the per-path tree with the detail pane, the cases pane, the
// heat map, the groups, the history pane, and a case opened as a pair. It routes the
// messages to its panes, which keep the component contract (pane), and
// does what they ask by message: filter the cases, open a case, switch
// views, re-weight a path, ask the prompt.
type Model struct {
	shell.Shell
	opts   ports.DatasetOptions
	load   *dsLoadState
	ds     *dsdata.Data
	hdr    *dsheader.Header
	tree   *pathtree.Tree
	detail *pathtree.Detail
	order  *casespane.Order
	cases  *casespane.Pane
	heat   *heatmap.Pane
	groups *groupspane.Pane
	view   dsdata.View
	// promptFor is the pane's prompt open (modeSearch), weightPath the
	// path whose weight the prompt asks for (modeWeight).
	promptFor  dsdata.PromptKind
	weightPath string
	// open is the case opened as a pair, nil for none; opening is the
	// request of a case being opened.
	open    *caseView
	opening caseRequest
	// runJob and cmpJob are the latest requests of a run read for the
	// history pane and of a comparison made again: older answers are
	// dropped.
	runJob, cmpJob int
	// rec tracks the runs recorded.
	rec dsRecording
	// rescoring shows the progress of the rescore under way, job, nil
	// for none; rescoreID numbers the requests: an answer that is not the
	// latest's is stale and dropped.
	rescoring *dsprogress.Box
	job       *dsRescoreJob
	rescoreID int
	// casesForced is set while the cases pane shows because the metric in
	// force is one number (no paths): a metric with paths brings the
	// tree back.
	casesForced bool
}

// New returns the explorer of the dataset opts names. When
// opts.Loaded is nil, Init starts opts.Load in the background.
func New(opts ports.DatasetOptions) *Model {
	c := common.New(opts.Theme)
	if opts.OpenCase == nil {
		opts.OpenCase = func(ctx context.Context, d *dataset.Scored, k int) (*dataset.OneCase, error) {
			return d.CaseTree(ctx, k)
		}
	}
	m := &Model{opts: opts, rescoring: dsprogress.NewRescoreBox(c)}
	m.Shell = shell.New(c, m, shell.Config{Dataset: true, History: opts.History != nil, NoMouse: opts.NoMouse, Metrics: opts.Metrics})
	m.Unsaved.Keeper = opts.Recovery
	if opts.Loaded != nil {
		m.ready(opts.Loaded)
	}
	return m
}

// Init starts loading unless the dataset is there already, and asks the
// terminal for its background colour.
func (m *Model) Init() tea.Cmd {
	var load func() tea.Cmd
	if m.opts.Load != nil {
		load = func() (cmd tea.Cmd) {
			m.load, cmd = startDatasetLoad(m.C, m.opts.Load)
			return cmd
		}
	}
	return m.Begin(load, m.FindUnsaved)
}

// ready builds the panes over the scored dataset.
func (m *Model) ready(res *dataset.Result) {
	m.ds = dsdata.New(res, m.opts.Weights, m.opts.Files, m.opts.Rules, m.opts.RulesID)
	m.hdr = dsheader.New(m.C, m.ds)
	m.tree = pathtree.New(m.C, m.ds)
	m.detail = pathtree.NewPathDetail(m.C, m.ds)
	m.order = casespane.NewOrder(m.ds)
	m.cases = casespane.New(m.C, m.ds, m.order)
	m.heat = heatmap.New(m.C, m.ds, m.tree.Outline(), m.order)
	m.groups = groupspane.New(m.C, m.ds, m.opts.GroupBy)
	m.Hist = runspane.NewDatasetHistoryPane(m.C, "the dataset "+escape.Text(m.opts.Files.Reference), m.opts.History)
	m.Phase = shell.PhaseReady
	if len(m.ds.Paths) == 0 {
		m.view, m.casesForced = dsdata.ViewCases, true // a one-number metric: the cases are all there is
	}
	m.Status.Set(openingStatus(m.ds, m.C.Keys))
	m.pairLabels(res)
	m.noteOpening()
	m.Layout()
}

// openingStatus greets with the essentials of ds, naming the keys of k.
func openingStatus(ds *dsdata.Data, k *keys.KeyMap) common.StatusMsg {
	st := ds.Stats
	if len(ds.Paths) == 0 {
		return common.Info(fmt.Sprintf("%s cases · %s is one number: no per-path tree · enter opens a case · ? for help", common.Thousands(st.Cases), ds.Result.Figures.Metric))
	}
	groups := ""
	if len(ds.Groups) > 0 {
		groups = " · " + k.Groups.Help().Key + " groups"
	}
	return common.Info(fmt.Sprintf("%s cases · %s paths · c cases · v heat map%s · ? for help", common.Thousands(st.Cases), common.Thousands(len(ds.Paths)), groups))
}

// HandleMsg handles a message: the case opened takes what is not the
// dataset's own.
func (m *Model) HandleMsg(msg tea.Msg) tea.Cmd {
	if m.Resize(msg) {
		if m.open != nil {
			return m.open.update(msg)
		}
		return nil
	}
	switch msg := msg.(type) {
	case dsLoadTickMsg:
		if m.Phase == shell.PhaseLoading {
			return tickDatasetLoad(m.C)
		}
		return nil
	case dsLoadedMsg:
		return m.loaded(msg)
	case caseOpenedMsg:
		return m.caseOpened(msg)
	case dsRunReadyMsg, dsRecomparedMsg, runspane.HistListMsg:
		// The dataset's own, even while a case is open (whose explorer
		// has no history).
		return m.paneMsg(msg)
	case dsRescoredMsg:
		return m.rescored(msg)
	case dsRescoreTickMsg:
		if m.job != nil && m.job.id == msg.id {
			return m.job.tick(m.C) // the progress shows again while it runs
		}
		return nil
	}
	if m.open != nil {
		return m.caseUpdate(msg)
	}
	if km, ok := msg.(tea.KeyPressMsg); ok && m.opening.active {
		return m.whileOpening(km)
	}
	switch msg := msg.(type) {
	case common.StatusMsg:
		m.Status.Set(msg)
	case tea.KeyPressMsg:
		return m.HandleKey(msg)
	case tea.PasteMsg:
		if m.InPrompt() {
			m.Prompt.Update(msg)
		}
	case tea.MouseMsg:
		return m.handleMouse(msg)
	default:
		return m.paneMsg(msg)
	}
	return nil
}

// paneMsg does what a pane asked, and hands the history's messages to
// its pane.
func (m *Model) paneMsg(msg tea.Msg) tea.Cmd {
	if m.Phase != shell.PhaseReady {
		return nil
	}
	if cmd, ok := m.PaneAsked(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case dsdata.FilterCasesMsg:
		m.setView(dsdata.ViewCases)
		return m.cases.Update(msg)
	case dsdata.OpenCaseMsg:
		return m.openCase(msg)
	case dsdata.ShowViewMsg:
		m.setView(msg.View)
	case dsdata.SelectPathMsg:
		m.tree.SelectPath(msg.Index)
		m.heat.Update(msg)
	case dsdata.WeightKeyMsg:
		return m.weightKey(msg.Path, msg.Key)
	case dsdata.AskPromptMsg:
		m.promptFor = msg.Kind
		m.Prompt.Open(msg.Label, msg.Value, msg.Placeholder, 200)
		m.Mode = shell.ModeSearch
	case dsdata.RulesForPathMsg:
		return m.openRuleChooser(msg.Path)
	case dsdata.PairPathMsg:
		return m.cyclePairing(msg.Path)
	case runspane.HistListMsg, runspane.RunCachedMsg, runspane.ShowDiffMsg:
		return m.Hist.Update(msg)
	case runspane.RunActionMsg:
		return m.runAction(msg)
	case dsRunReadyMsg:
		return m.runReady(msg)
	case dsRecomparedMsg:
		if msg.id == m.cmpJob && m.ds.Cmp != nil {
			m.ds.Cmp.Verdict = msg.verdict
		}
	case runspane.LabelRunMsg:
		m.Status.Set(common.Info("a dataset's runs are labelled with jsontui history"))
	}
	return nil
}

// whileOpening takes a key while a case opens: esc stops the opening, q
// quits; the others wait.
func (m *Model) whileOpening(km tea.KeyPressMsg) tea.Cmd {
	k := m.C.Keys
	switch {
	case key.Matches(km, k.Cancel):
		m.opening.cancel()
		m.opening.active = false
		m.Status.Set(common.Info("stopped opening case " + m.ds.Scored.CaseID(m.opening.k)))
	case key.Matches(km, k.Quit):
		m.opening.cancel()
		m.opening.active = false
		return m.Quit()
	default:
		m.Status.Set(common.Info("opening case " + m.ds.Scored.CaseID(m.opening.k) + "… esc stops"))
	}
	return nil
}

// setView shows a view of the body.
func (m *Model) setView(v dsdata.View) {
	if v == dsdata.ViewHeat && m.view == dsdata.ViewTree {
		m.heat.Update(dsdata.SelectPathMsg{Index: m.tree.Selected()})
	}
	if v == dsdata.ViewTree && len(m.ds.Paths) == 0 {
		m.Status.Set(common.Info(m.ds.Result.Figures.Metric + " is one number: no per-path tree"))
		v = dsdata.ViewCases
	}
	if v == dsdata.ViewHeat && len(m.ds.Paths) == 0 {
		m.Status.Set(common.Info(m.ds.Result.Figures.Metric + " is one number: no paths to map"))
		v = dsdata.ViewCases
	}
	if v == dsdata.ViewGroups && len(m.ds.Groups) == 0 {
		m.Status.Set(common.Info("no groups: open the dataset with --group-by PATH to see the figures of each value"))
		return
	}
	m.view, m.casesForced = v, v == dsdata.ViewCases && len(m.ds.Paths) == 0
	m.Layout()
}

// changed brings every pane up to date after the figures changed.
func (m *Model) changed() {
	m.ds.Refresh()
	for _, p := range []common.Pane{m.tree, m.cases, m.heat, m.groups} {
		p.Update(dsdata.ChangedMsg{})
	}
}
