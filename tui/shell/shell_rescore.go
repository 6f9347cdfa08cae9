package shell

import (
	"fmt"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
)

// RescoreSubject is what a page scored again with, named when it fails:
// an array paired anew, else a change noted (a rule, a step), else the
// metric with its options.
type RescoreSubject struct {
	Metric      string
	Options     []string
	Note        string
	PairedArray string
}

// String names the subject: "pairing .items", the note, or
// "lynxius (normalize=none)".
func (r RescoreSubject) String() string {
	switch {
	case r.PairedArray != "":
		return "pairing " + r.PairedArray
	case r.Note != "":
		return r.Note
	}
	return r.Metric + metricstate.OptionsText(r.Options)
}

// RescoreFailed says on the status line that scoring again with sub
// failed with err, and, when keptIn is not empty, that the unsaved
// weights being restored stay in that file; the metric chooser, when it
// is open, is told why it was refused (user is the options the user
// gave on the command line).
func (s *Shell) RescoreFailed(sub RescoreSubject, err error, keptIn string, user scoring.MetricOptions) {
	err = fmt.Errorf("%s: %w", sub, err)
	if keptIn != "" {
		err = fmt.Errorf("%w; they stay in %s", err, keptIn)
	}
	s.Status.Set(common.Failure(err))
	if s.Mode == ModeMetric {
		s.Chooser.Update(choosers.ChooserRefusedMsg{User: user, Why: err.Error()})
	}
}
