package tui

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

// shell is what a pair's explorer and a dataset's hold and do alike, as
// lazygit's helpers are what its contexts share: the phase and mode, the
// status line and its prompt, the help, the two choosers, the history
// pane, the unsaved weights and rules kept in a recovery file, saving
// and quitting. Each page embeds one; what differs between them is
// behind page.
type shell struct {
	c     *common.Common
	pg    page
	phase phase
	mode  mode
	// side and folded place the detail pane beside the tree or below it;
	// bodyH is the height left for them. folded is set when the detail
	// pane, shown by default, gives way because the tree would cut its
	// values (arrange decides).
	side   side
	folded bool
	bodyH  int
	status *widgets.StatusLine
	prompt *widgets.Prompt
	help   *widgets.HelpView
	// chooser and ruleChooser pick the metric and its options (m) and a
	// key's or path's rule (C); rulePrompt is the rule whose value the
	// prompt asks for, rulePath the schema path it is for.
	chooser     *choosers.Chooser
	ruleChooser *choosers.RuleChooser
	rulePrompt  choosers.RuleChoice
	rulePath    string
	hist        *runspane.HistoryPane
	// unsaved keeps the unsaved weights and rules in a recovery file and
	// offers those an earlier explorer left.
	unsaved unsaved
	// rulesSaves is what saving the rules knows.
	rulesSaves rulesSaves
	// helpFrom is the mode the help returns to.
	helpFrom mode
	// savePath is the path a confirmation asks to overwrite.
	savePath string
	// quitAfterSave quits once a save asked for on quitting succeeds.
	quitAfterSave bool
	// err is why loading failed; Run returns it.
	err error
	// noun names what the page explores: "pair" or "dataset"; history is
	// set when the page records runs (a store is open).
	noun    string
	history bool
	// noMouse leaves the mouse to the terminal; metrics are those `m`
	// offers.
	noMouse bool
	metrics []ports.MetricChoice
	// recordsPending counts the runs sent to the store and not yet
	// recorded; stopRecords, when the page's records can stop, stops
	// those under way (the user insisted on leaving).
	recordsPending int
	stopRecords    func()
}

// page is what differs between a pair's explorer and a dataset's, which
// the shell asks of the page that embeds it.
type page interface {
	tea.Model
	// update handles a message the shell does not; layout sizes the
	// page's panes for the screen, arrange for what the tree shows.
	update(msg tea.Msg) tea.Cmd
	layout()
	arrange()
	// metricChosen uses what the metric chooser chose.
	metricChosen(msg choosers.MetricChosenMsg) tea.Cmd
	// scoredWith returns what the page is scored with, or is being scored
	// with: metric, options, rules; rescoreRules scores it again under
	// rules, saying note.
	scoredWith() (metric string, user scoring.MetricOptions, rules *scoring.RuleSet)
	rescoreRules(rules *scoring.RuleSet, note string) tea.Cmd
	// inForce returns the session holding the weights in force, nil
	// before the page is ready, and the rules in force.
	inForce() (weightsSession, *scoring.RuleSet)
	// resolveOffers returns what resolves a recovery file's weights (in
	// the background) against those in force now.
	resolveOffers() func(o *offer)
	// applyOffer restores an offer's weights; restoreRules restores its
	// rules with them, or says why it cannot.
	applyOffer(o offer) tea.Cmd
	restoreRules(o offer) (tea.Cmd, string)
	// busy reports whether something on screen keeps an offer waiting.
	busy() bool
	// files returns the page's files, which saving changes; weightsSaved
	// and rulesSaved show a save (weightsSaved returns what the status
	// line adds to it), rulesSaved putting the rules as they read back
	// in force.
	files() *ports.Files
	weightsSaved(saved session.Saved) string
	rulesSaved(back *scoring.RuleSet)
	// record records a run of event ev, when it differs from the last.
	record(ev ports.RunEvent) tea.Cmd
	// stopJobs cancels the page's background jobs that can stop; fold
	// folds what is open into the page's weights as the explorer ends.
	stopJobs()
	fold() error
	// pageKey takes the keys the shell leaves to the page; submit takes
	// what the prompt was asked for.
	pageKey(msg tea.KeyPressMsg) tea.Cmd
	submit() tea.Cmd
}

// weightsSession is the tuning session that holds a page's weights: a
// pair's (session.Session) or a dataset's (session.Dataset).
type weightsSession interface {
	Dirty() bool
	Path() string
	Version() int
	Save(path string) (session.Saved, error)
	MarshalWeights() ([]byte, error)
}

// newShell returns the shell of a page, with its widgets over c.
func newShell(c *common.Common, dataset bool) shell {
	noun := "pair"
	if dataset {
		noun = "dataset"
	}
	return shell{c: c, noun: noun, status: widgets.NewStatusLine(c), prompt: widgets.NewPrompt(c), help: widgets.NewHelpView(c, dataset),
		chooser: choosers.NewChooser(c), ruleChooser: choosers.NewRuleChooser(c)}
}

// unsavedDone reports a failed write or removal of the recovery file,
// once for each error.
func (s *shell) unsavedDone(msg unsavedDoneMsg) { s.unsaved.report(msg.err, s.status) }

// Err returns why the explorer could not load its inputs, if it could not.
func (s *shell) Err() error { return s.err }
