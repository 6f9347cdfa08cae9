package tui

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/keys"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/session"
)

// phase is where the explorer is in its life.
type phase int

const (
	phaseLoading phase = iota // parsing and scoring in the background
	phaseReady                // exploring
	phaseClosing              // quitting: waiting for the background jobs
)

// mode is what keys do in phaseReady: one mode at a time.
type mode int

const (
	modeNormal           mode = iota
	modeHelp                  // the full help
	modeSearch                // typing a search
	modeWeight                // typing a weight
	modeSavePath              // typing the path to save to
	modeConfirmOverwrite      // asking before overwriting a file
	modeConfirmQuit           // asking before losing unsaved weights
	modeMetric                // choosing a metric
	modeHistory               // the history pane
	modeLabel                 // typing a run's label in the history pane
	modeRule                  // choosing the selected key's rule
	modeRuleValue             // typing a rule's tolerance or normalization
	modeRulesPath             // typing the path to save the rules to
	modeRecover               // offering the unsaved weights an earlier explorer left
	modeConfirmPair           // asking before comparing with a run of another pair
)

// Model is the explorer's root model.
type Model struct {
	shell
	opts   ports.Options
	load   *loadState
	sess   *session.Session
	hdr    *header
	tree   *treePane
	detail *detailPane
	panel  *scorePanel
	// panelH is the lines the panel takes above the tree.
	panelH int
	// metric is the metric in force; wsess is the session that holds the
	// weights in force: sess itself, or, when the tree's weights are the
	// metric's own (uipath, galtea), the last session whose were the
	// user's.
	metric *metricState
	wsess  *session.Session
	// schema is the output checked against --schema, nil without one.
	schema *schemaCheck
	// rules are the per-key rules in force (nil for none): the --rules
	// file's, as `C` changed them.
	rules *scoring.RuleSet
	// cmp is the recorded run the tree is compared with, nil for none.
	cmp  *runspane.Comparison
	jobs jobs
	rec  recording
	// savedWeights is the hex SHA-256 of the weights file as this
	// explorer last saved it, "" before a save.
	savedWeights string
	// confirmAct is what the history pane asks before doing to a run of
	// another pair (modeConfirmPair).
	confirmAct runspane.RunActionMsg
	// labelRun is the run whose label the prompt asks for.
	labelRun ports.RunSummary
}

// jobs holds the request ids of background work: a result whose id is not
// the latest is stale and dropped.
type jobs struct {
	search, rescore, schema int
	cancelSearch            context.CancelFunc
	cancelRescore           context.CancelFunc // stops the rescore in flight
	cancelRestore           context.CancelFunc // stops the rescore of a run's rules in flight
	// inflight is what the rescore in flight scores with, nil for none.
	inflight *rescoreSpec
	// The history's requests: the best run, and a run read for an
	// action (the pane makes its own lists).
	histBest, histRun int
}

// New returns the explorer for opts. When opts.Loaded is nil, Init starts
// opts.Load in the background.
func New(opts ports.Options) *Model {
	c := &common.Common{Keys: keys.Default(), Tick: tea.Tick, Bg: &common.Background{}}
	name := opts.Theme
	if name == "" {
		name, c.AutoTheme = themes.Dark, true
	}
	st, err := themes.New(name)
	if err != nil {
		st = themes.MustNew(themes.Dark)
	}
	c.Styles = st
	if opts.Metric == "" {
		opts.Metric = scoring.DefaultMetric
	}
	m := &Model{shell: newShell(c, false), opts: opts, panel: &scorePanel{c: c}, rules: opts.Rules}
	m.history, m.noMouse, m.metrics = opts.History != nil, opts.NoMouse, opts.Metrics
	m.pg = m
	m.status.SetBadge(m.badge)
	m.unsaved.keeper = opts.Recovery
	if opts.Schema != nil {
		m.schema = &schemaCheck{name: opts.Schema.Name(), pending: true}
	}
	if opts.Loaded != nil {
		m.ready(*opts.Loaded)
	}
	return m
}

// Init starts loading (unless the comparison is there already), asks the
// terminal for its background colour, and records the opening.
func (m *Model) Init() tea.Cmd {
	var cmds []tea.Cmd
	if m.c.AutoTheme {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	if m.phase == phaseLoading && m.opts.Load != nil {
		var cmd tea.Cmd
		m.load, cmd = startLoad(m.c, m.opts.Load)
		cmds = append(cmds, cmd)
	} else if m.phase == phaseReady {
		cmds = append(cmds, m.record(ports.RunOpened), m.fetchBest(), m.checkSchema(), m.findUnsaved())
	}
	return tea.Batch(cmds...)
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
	m.show(newMetricState(m.opts.Metric, m.opts.MetricOptions, l), sess, wsess)
	m.status.Set(m.openingStatus())
}

// show builds the components over sess, scored by the metric ms, with
// wsess holding the weights in force.
func (m *Model) show(ms *metricState, sess, wsess *session.Session) {
	m.metric, m.sess, m.wsess = ms, sess, wsess
	m.opts.Metric = ms.name
	m.jobs.search++ // a search in flight is of the tree shown before
	m.schema.place(sess.Tree())
	m.tree = newTreePane(m.c, m.sess, ms, m.schema)
	m.detail = newDetailPane(m.c, m.sess, m.tree.ol, ms, m.schema, m.rulesRefused(ms.name) == "")
	old := m.hdr
	m.hdr = newHeader(m.c, m.sess, m.wsess, m.opts.Files, ms, m.schema)
	m.hdr.Update(filesMsg{files: m.opts.Files, rules: m.rules})
	if old != nil && old.hasBest && old.bestCfg.Equal(m.config()) {
		// The best of another metric, options or rules does not compare.
		m.hdr.Update(bestRunMsg{best: old.best, ok: true, cfg: old.bestCfg})
	}
	m.panel.Update(metricShownMsg{ms: ms})
	if m.hist == nil {
		m.hist = runspane.NewHistoryPane(m.c, m.opts.Files, m.opts.History)
	}
	m.cmp = nil // a new tree: a comparison would have to be matched again
	m.phase = phaseReady
	m.layout()
}

// openingStatus is the status line on opening: the pairing hint, if
// any (the header counts a repair too), else the repair, else a greeting
// with the essentials.
func (m *Model) openingStatus() common.StatusMsg {
	if st, ok := hintStatus(m.sess.Tree()); ok {
		return st
	}
	if r := m.sess.Tree().Out().Repair(); r != "" {
		return common.Warn("repaired " + m.opts.Files.Output + ": " + r)
	}
	n := m.sess.Tree().Len()
	return common.Info(fmt.Sprintf("%s nodes · ? for help", common.Thousands(n)))
}

// update handles a message.
func (m *Model) update(msg tea.Msg) tea.Cmd {
	if m.resize(msg) {
		return nil
	}
	if cmd, ok := m.paneAsked(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case loadTickMsg:
		if m.phase == phaseLoading {
			return tickLoad(m.c)
		}
		return nil
	case loadedMsg:
		return m.loaded(msg)
	case common.StatusMsg:
		m.status.Set(msg)
		return nil
	case selectNodeMsg:
		if m.phase == phaseReady {
			m.tree.selectNode(msg.id)
		}
		return nil
	case searchDoneMsg:
		return m.searchDone(msg)
	case rescoredMsg:
		return m.rescored(msg)
	case pairChoicesMsg:
		return m.pairChoicesReady(msg)
	case schemaMsg:
		m.schemaChecked(msg)
		return nil
	case recordOpeningMsg:
		if m.rec.started || m.phase != phaseReady {
			return nil
		}
		return m.record(ports.RunOpened)
	case recordedMsg:
		return m.recorded(msg)
	case runspane.HistListMsg, runspane.RunCachedMsg, runspane.ShowDiffMsg:
		if m.phase != phaseReady {
			return nil
		}
		return m.hist.Update(msg)
	case runspane.RunActionMsg, runspane.LabelRunMsg:
		return m.historyMsg(msg)
	case histBestMsg:
		return m.bestFound(msg)
	case runReadyMsg:
		return m.runReady(msg)
	case runspane.HistLabelMsg:
		return m.labelled(msg)
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.PasteMsg:
		if m.inPrompt() {
			m.prompt.Update(msg)
		}
		return nil
	case tea.MouseMsg:
		return m.handleMouse(msg)
	}
	return nil
}

// loaded takes the result of the background load.
func (m *Model) loaded(msg loadedMsg) tea.Cmd {
	if m.phase != phaseLoading {
		return nil
	}
	if msg.err != nil {
		m.err = msg.err
		return tea.Quit
	}
	m.ready(msg.loaded)
	// A document big enough to load in the background takes a while to
	// record too: let the first screen draw before that work starts.
	record := m.c.Tick(openRecordDelay, func(time.Time) tea.Msg { return recordOpeningMsg{} })
	return tea.Batch(record, m.fetchBest(), m.checkSchema(), m.findUnsaved())
}

// openRecordDelay is how long after a background load the opening state
// is recorded.
const openRecordDelay = 500 * time.Millisecond

// recordOpeningMsg asks to record the opening state (after a background
// load; a quit before it records the state then).
type recordOpeningMsg struct{}
