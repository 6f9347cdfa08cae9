package shell

import (
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/session"
)

// LockFor locks the weights of sess while a record in flight reads its
// tree; the record's RecordedMsg names sess in Locked, and the last of
// its records to finish unlocks it.
func (s *Shell) LockFor(sess *session.Session, why string) {
	if s.locks == nil {
		s.locks = map[*session.Session]int{}
	}
	sess.Lock(why)
	s.locks[sess]++
}

// recorded notes a finished record: it releases the weights the record
// held locked, warns of a record that failed and, unless the explorer is
// quitting, lets the page bring its history up to date.
func (s *Shell) recorded(msg RecordedMsg) tea.Cmd {
	s.RecordsPending = max(0, s.RecordsPending-1)
	if sess := msg.Locked; sess != nil {
		if s.locks[sess]--; s.locks[sess] <= 0 {
			delete(s.locks, sess)
			sess.Unlock()
		}
	}
	if msg.Err != nil {
		s.Status.Set(common.Warn("history: the " + msg.Event.String() + " run was not recorded: " + msg.Err.Error()))
	}
	if s.Phase == PhaseClosing {
		return nil // quitting: the program ends once every job is done
	}
	return s.pg.HistoryChanged()
}
