package pair

import "github.com/jsontui/jsontui/tui/shell"

// recoverView renders the offer of the first recovery file found.
func (m *Model) recoverView() string {
	return shell.RecoverBox(m.C, m.Unsaved.Offers, "pair", "reference")
}
