package tui

// recoverView renders the offer of the first recovery file found.
func (m *Model) recoverView() string {
	return recoverBox(m.c, m.unsaved.offers, "pair", "reference")
}
