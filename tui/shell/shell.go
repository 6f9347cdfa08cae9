package shell

import (
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/session"
	"github.com/jsontui/jsontui/tui/widgets"
)

// Shell is what a pair's explorer and a dataset's hold and do alike, as
// lazygit's helpers are what its contexts share: the phase and mode, the
// Status line and its prompt, the help, the two choosers, the history
// pane, the unsaved weights and rules kept in a recovery file, saving
// and quitting. Each page embeds one; what differs between them is
// behind page.
type Shell struct {
	C     *common.Common
	pg    Page
	Phase phase
	Mode  mode
	// Side and folded place the detail pane beside the tree or below it;
	// BodyH is the height left for them. folded is set when the detail
	// pane, shown by default, gives way because the tree would cut its
	// values (arrange decides).
	Side   side
	Folded bool
	BodyH  int
	Status *widgets.StatusLine
	Prompt *widgets.Prompt
	Help   *widgets.HelpView
	// Chooser and ruleChooser pick the metric and its options (m) and a
	// key's or path's rule (C); rulePrompt is the rule whose value the
	// Prompt asks for, rulePath the schema path it is for.
	Chooser     *choosers.Chooser
	RuleChooser *choosers.RuleChooser
	rulePrompt  choosers.RuleChoice
	rulePath    string
	Hist        *runspane.HistoryPane
	// Unsaved keeps the unsaved weights and rules in a recovery file and
	// Offers those an earlier explorer left.
	Unsaved unsaved
	// rulesSaves is what saving the rules knows.
	rulesSaves rulesSaves
	// helpFrom is the mode the help returns to.
	helpFrom mode
	// SavePath is the path a confirmation asks to overwrite.
	SavePath string
	// quitAfterSave quits once a save asked for on quitting succeeds.
	quitAfterSave bool
	// LoadErr is why loading failed; Err returns it.
	LoadErr error
	// noun names what the page explores: "pair" or "dataset"; history is
	// set when the page records runs (a store is open).
	noun    string
	history bool
	// noMouse leaves the mouse to the terminal; metrics are those `m`
	// Offers.
	noMouse bool
	metrics []ports.MetricChoice
	// RecordsPending counts the runs sent to the store and not yet
	// recorded; stopRecords, when the page's records can stop, stops
	// those under way (the user insisted on leaving).
	RecordsPending int
	// locks counts, per session, the records in flight that hold its
	// weights locked.
	locks       map[*session.Session]int
	StopRecords func()
}

// Page is what differs between a pair's explorer and a dataset's, which
// the shell asks of the page that embeds it.
type Page interface {
	tea.Model
	// HandleMsg handles a message the shell does not; Layout sizes the
	// page's panes for the screen, Arrange for what the tree shows.
	HandleMsg(msg tea.Msg) tea.Cmd
	Layout()
	Arrange()
	// MetricChosen uses what the metric chooser chose.
	MetricChosen(msg choosers.MetricChosenMsg) tea.Cmd
	// ScoredWith returns what the page is scored with, or is being scored
	// with: metric, options, rules; RescoreRules scores it again under
	// Rules, saying note.
	ScoredWith() (metric string, user scoring.MetricOptions, rules *scoring.RuleSet)
	RescoreRules(rules *scoring.RuleSet, note string) tea.Cmd
	// RescoreRefused says why the page cannot be scored again (with
	// another metric, options, rules), "" when it can.
	RescoreRefused() string
	// InForce returns the session holding the weights in force, nil
	// before the page is ready, and the rules in force.
	InForce() (WeightsSession, *scoring.RuleSet)
	// ResolveOffers returns what resolves a recovery file's weights (in
	// the background) against those in force now.
	ResolveOffers() func(o *Offer)
	// ApplyOffer restores an offer's weights; RestoreRules restores its
	// Rules with them, or says why it cannot.
	ApplyOffer(o Offer) tea.Cmd
	RestoreRules(o Offer) (tea.Cmd, string)
	// Busy reports whether something on screen keeps an offer waiting.
	Busy() bool
	// HistoryChanged brings what the page shows of the history up to
	// date after a record.
	HistoryChanged() tea.Cmd
	// Files returns the page's files, which saving changes; WeightsSaved
	// and RulesSaved show a save (WeightsSaved returns what the status
	// line adds to it), RulesSaved putting the rules as they read back
	// in force.
	Files() *ports.Files
	WeightsSaved(saved session.Saved) string
	RulesSaved(back *scoring.RuleSet)
	// Record records a run of event ev, when it differs from the last.
	Record(ev ports.RunEvent) tea.Cmd
	// StopJobs cancels the page's background jobs that can stop; Fold
	// folds what is open into the page's weights as the explorer ends.
	StopJobs()
	Fold() error
	// Header renders the page's header, Panes its panes as the body
	// shows them with no box over them, StatusView its bottom line.
	Header() string
	Panes() string
	StatusView() string
	// PageKey takes the keys the shell leaves to the page; Submit takes
	// what the prompt was asked for when the shell does not (a search, a
	// label); SubmitWeight sets the weight the prompt asked for to v.
	PageKey(msg tea.KeyPressMsg) tea.Cmd
	Submit() tea.Cmd
	SubmitWeight(v float64) tea.Cmd
}

// WeightsSession is the tuning session that holds a page's weights: a
// pair's (session.Session) or a dataset's (session.Dataset).
type WeightsSession interface {
	Dirty() bool
	Path() string
	Version() int
	Save(path string) (session.Saved, error)
	MarshalWeights() ([]byte, error)
}

// Config is what a page tells its shell: whether it explores a
// dataset, records runs (History), leaves the mouse to the terminal, and
// which metrics `m` offers.
type Config struct {
	Dataset, History, NoMouse bool
	Metrics                   []ports.MetricChoice
}

// New returns the shell of page p, with its widgets over c.
func New(c *common.Common, p Page, cfg Config) Shell {
	noun := "pair"
	if cfg.Dataset {
		noun = "dataset"
	}
	return Shell{C: c, pg: p, noun: noun, history: cfg.History, noMouse: cfg.NoMouse, metrics: cfg.Metrics,
		Status: widgets.NewStatusLine(c), Prompt: widgets.NewPrompt(c), Help: widgets.NewHelpView(c, cfg.Dataset),
		Chooser: choosers.NewChooser(c), RuleChooser: choosers.NewRuleChooser(c)}
}

// Err returns why the explorer could not load its inputs, if it could not.
func (s *Shell) Err() error { return s.LoadErr }

// Phase is where the explorer is in its life.
type phase int

const (
	PhaseLoading phase = iota // parsing and scoring in the background
	PhaseReady                // exploring
	PhaseClosing              // quitting: waiting for the background jobs
)

// Mode is what keys do in phaseReady: one mode at a time.
type mode int

const (
	ModeNormal           mode = iota
	ModeHelp                  // the full help
	ModeSearch                // typing a search
	ModeWeight                // typing a weight
	ModeSavePath              // typing the path to save to
	ModeConfirmOverwrite      // asking before overwriting a file
	ModeConfirmQuit           // asking before losing unsaved weights
	ModeMetric                // choosing a metric
	ModeHistory               // the history pane
	ModeLabel                 // typing a run's label in the history pane
	ModeRule                  // choosing the selected key's rule
	ModeRuleValue             // typing a rule's tolerance or normalization
	ModeRulesPath             // typing the path to save the rules to
	ModeRecover               // offering the unsaved weights an earlier explorer left
	ModeConfirmPair           // asking before comparing with a run of another pair
)

// Side is the pane beside (or below) the tree. The history pane is not
// one: it takes the whole body in its own mode, modeHistory.
type side int

const (
	SideAuto   side = iota // the detail pane when the screen is wide enough
	SideNone               // the tree alone
	SideDetail             // the detail pane
)

// SideMinWidth is the width from which the detail pane stands beside the
// tree, and shows by default.
const SideMinWidth = 110
