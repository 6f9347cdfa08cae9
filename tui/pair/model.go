package pair

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair/detail"
	"github.com/jsontui/jsontui/tui/pair/header"
	"github.com/jsontui/jsontui/tui/pair/loading"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
	"github.com/jsontui/jsontui/tui/pair/pairing"
	"github.com/jsontui/jsontui/tui/pair/runs"
	"github.com/jsontui/jsontui/tui/pair/schemacheck"
	"github.com/jsontui/jsontui/tui/pair/scorepanel"
	"github.com/jsontui/jsontui/tui/pair/tree"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/session"
	"github.com/jsontui/jsontui/tui/shell"
)

// Model is the explorer's root model.
type Model struct {
	shell.Shell
	opts   ports.Options
	load   *loading.Screen
	sess   *session.Session
	hdr    *header.Header
	tree   *tree.Pane
	detail *detail.Pane
	panel  *scorepanel.Panel
	// panelH is the lines the panel takes above the tree.
	panelH int
	// metric is the metric in force; wsess is the session that holds the
	// weights in force: sess itself, or, when the tree's weights are the
	// metric's own (uipath, galtea), the last session whose were the
	// user's.
	metric *metricstate.State
	wsess  *session.Session
	// schema is the output checked against --schema, nil without one.
	schema *schemacheck.Check
	// rules are the per-key rules in force (nil for none): the --rules
	// file's, as `C` changed them.
	rules *scoring.RuleSet
	jobs  jobs
	// runs records the runs and does what the history pane asks of them.
	runs *runs.Controller
}

// jobs holds the request ids of background work: a result whose id is not
// the latest is stale and dropped.
type jobs struct {
	rescore       int
	cancelRescore context.CancelFunc // stops the rescore in flight
	// inflight is what the rescore in flight scores with, nil for none.
	inflight *rescoreSpec
}

// New returns the explorer for opts. When opts.Loaded is nil, Init starts
// opts.Load in the background.
func New(opts ports.Options) *Model {
	c := common.New(opts.Theme)
	if opts.Metric == "" {
		opts.Metric = scoring.DefaultMetric
	}
	m := &Model{opts: opts, panel: scorepanel.New(c), rules: opts.Rules}
	m.Shell = shell.New(c, m, shell.Config{Dataset: false, History: opts.History != nil, NoMouse: opts.NoMouse, Metrics: opts.Metrics})
	m.runs = runs.New(&m.Shell, runsPage{m}, opts)
	m.Status.SetBadge(m.badge)
	m.Unsaved.Keeper = opts.Recovery
	m.load = loading.New(c, opts.Files) // the screen until Init starts the load
	if opts.Schema != nil {
		m.schema = schemacheck.New(opts.Schema.Name())
	}
	if opts.Loaded != nil {
		m.ready(*opts.Loaded)
	}
	return m
}

// Init starts loading (unless the comparison is there already), asks the
// terminal for its background colour, and records the opening.
func (m *Model) Init() tea.Cmd {
	var load func() tea.Cmd
	if m.opts.Load != nil {
		load = func() tea.Cmd { return m.load.Run(m.opts.Load) }
	}
	return m.Begin(load, func() tea.Cmd { return tea.Batch(m.Record(ports.RunOpened), m.lookups()) })
}

// ready builds the components over a loaded comparison.
func (m *Model) ready(l ports.Loaded) {
	path := m.opts.Files.SavePath
	if l.Held == nil && !l.OneNumber() && l.Tree.Options().FixedWeights {
		// A caller that did not go through NewLoaded: hold the user's
		// weights in jsondiff's tree.
		if held, err := scoring.Build(l.Tree.Ref(), l.Tree.Out(), l.Weights, scoring.Options{}); err == nil {
			l.Held = held
		}
	}
	sess := session.New(l.Tree, l.Weights, path)
	wsess := sess
	if l.Held != nil {
		wsess = session.New(l.Held, l.Weights, path)
	}
	m.show(metricstate.New(m.opts.Metric, m.opts.MetricOptions, l), sess, wsess)
	m.Status.Set(openingStatus(m.sess.Tree(), m.opts.Files.Output))
}

// show builds the components over sess, scored by the metric ms, with
// wsess holding the weights in force.
func (m *Model) show(ms *metricstate.State, sess, wsess *session.Session) {
	m.metric, m.sess, m.wsess = ms, sess, wsess
	m.opts.Metric = ms.Name
	if m.tree != nil {
		m.tree.StopSearch() // a search in flight is of the tree shown before
	}
	m.schema.Place(sess.Tree())
	m.tree = tree.New(m.C, m.sess, ms, m.schema)
	m.detail = detail.New(m.C, m.sess, m.tree.Outline(), ms, m.schema, m.RulesRefused(ms.Name) == "")
	old := m.hdr
	m.hdr = header.New(m.C, m.sess, m.wsess, m.opts.Files, ms, m.schema)
	m.hdr.Update(header.FilesMsg{Files: m.opts.Files, Rules: m.rules})
	if old != nil {
		// The best of another metric, options or rules does not compare.
		if best, cfg, ok := old.Best(); ok && cfg.Equal(m.runs.Config()) {
			m.hdr.Update(header.BestRunMsg{Best: best, OK: true, Cfg: cfg})
		}
	}
	m.panel.Update(scorepanel.ShownMsg{State: ms})
	if m.Hist == nil {
		m.Hist = runspane.NewHistoryPane(m.C, m.opts.Files, m.opts.History)
	}
	m.runs.TreeChanged()
	m.Phase = shell.PhaseReady
	m.Layout()
}

// openingStatus is the status line on opening: the pairing hint, if
// any (the header counts a repair too), else the repair, else a greeting
// with the essentials.
func openingStatus(t *scoring.Tree, output string) common.StatusMsg {
	if st, ok := pairing.HintStatus(t); ok {
		return st
	}
	if r := t.Out().Repair(); r != "" {
		return common.Warn("repaired " + escape.Text(output) + ": " + r)
	}
	n := t.Len()
	return common.Info(fmt.Sprintf("%s nodes · ? for help", common.Thousands(n)))
}

// HandleMsg handles a message.
func (m *Model) HandleMsg(msg tea.Msg) tea.Cmd {
	if m.Resize(msg) {
		return nil
	}
	if cmd, ok := m.PaneAsked(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case loading.TickMsg:
		if m.Phase == shell.PhaseLoading {
			return m.load.Update(msg)
		}
		return nil
	case loading.DoneMsg:
		return m.loaded(msg)
	case common.StatusMsg:
		m.Status.Set(msg)
		return nil
	case SelectNodeMsg:
		if m.Phase == shell.PhaseReady {
			m.tree.SelectNode(msg.Id)
		}
		return nil
	case tree.SearchDoneMsg:
		if m.Phase != shell.PhaseReady {
			return nil
		}
		return m.tree.Update(msg)
	case rescoredMsg:
		return m.rescored(msg)
	case pairing.ChoicesMsg:
		return m.pairChoicesReady(msg)
	case schemacheck.CheckedMsg:
		m.schemaChecked(msg)
		return nil
	case recordOpeningMsg:
		if m.runs.Started() || m.Phase != shell.PhaseReady {
			return nil
		}
		return m.Record(ports.RunOpened)
	case runspane.HistListMsg, runspane.RunCachedMsg, runspane.ShowDiffMsg:
		if m.Phase != shell.PhaseReady {
			return nil
		}
		return m.Hist.Update(msg)
	case runspane.RunActionMsg, runspane.LabelRunMsg, runs.BestMsg, runs.ReadyMsg, runspane.HistLabelMsg:
		return m.runs.Update(msg)
	case tea.KeyPressMsg:
		return m.HandleKey(msg)
	case tea.PasteMsg:
		if m.InPrompt() {
			m.Prompt.Update(msg)
		}
		return nil
	case tea.MouseMsg:
		return m.handleMouse(msg)
	}
	return nil
}

// loaded takes the result of the background load.
func (m *Model) loaded(msg loading.DoneMsg) tea.Cmd {
	if m.Phase != shell.PhaseLoading {
		return nil
	}
	if msg.Err != nil {
		m.LoadErr = msg.Err
		return tea.Quit
	}
	m.ready(msg.Loaded)
	// A document big enough to load in the background takes a while to
	// record too: let the first screen draw before that work starts.
	record := m.C.Tick(openRecordDelay, func(time.Time) tea.Msg { return recordOpeningMsg{} })
	return tea.Batch(record, m.lookups())
}

// lookups starts, once the tree is ready, what is looked up for it in
// the background: the best run, the check against --schema, unsaved
// weights kept by an explorer that ended before saving.
func (m *Model) lookups() tea.Cmd {
	return tea.Batch(m.runs.FetchBest(), m.schema.Start(m.C.Bg, m.opts.Schema, m.sess.Tree().Out()), m.FindUnsaved())
}

// schemaChecked marks the violating nodes and says what the check found.
func (m *Model) schemaChecked(msg schemacheck.CheckedMsg) {
	if m.Phase != shell.PhaseReady {
		return
	}
	st, marked, ok := m.schema.Checked(msg, m.sess.Tree(), m.opts.Files.Output)
	if !ok {
		return
	}
	if marked {
		m.hdr.Update(header.NotesChangedMsg{})
		m.detail.Update(detail.RebuildMsg{})
		m.Layout()
	}
	m.Status.Set(st)
}

// openRecordDelay is how long after a background load the opening state
// is recorded.
const openRecordDelay = 500 * time.Millisecond

// recordOpeningMsg asks to record the opening state (after a background
// load; a quit before it records the state then).
type recordOpeningMsg struct{}

// LoadTick is how often a loading screen updates (a dataset's too).
const LoadTick = loading.Tick

// PairingChange is a change of how the elements of the arrays at one
// schema path pair (a dataset's page asks for them too).
type PairingChange = pairing.Change

// SelectNodeMsg asks a pair's explorer to put its cursor on node id.
type SelectNodeMsg struct{ Id scoring.NodeID }
