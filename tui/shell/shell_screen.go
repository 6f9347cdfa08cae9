package shell

import "charm.land/lipgloss/v2"

// Screen renders a ready page: its header, the body and its status line.
// The body is the help or the history pane in their modes, else the
// page's panes with the box the mode opens (a chooser, an offer) over
// them.
func (s *Shell) Screen() string {
	if s.C.Width <= 0 || s.C.Height <= 0 {
		return ""
	}
	return s.pg.Header() + "\n" + s.body() + "\n" + s.pg.StatusView()
}

// body renders the area between the header and the status line.
func (s *Shell) body() string {
	switch s.Mode {
	case ModeHelp:
		return s.Help.View()
	case ModeHistory, ModeLabel, ModeConfirmPair:
		return s.Hist.View()
	}
	body := s.pg.Panes()
	switch s.Mode {
	case ModeMetric:
		body = Overlay(body, s.Chooser.View(), s.C.Width)
	case ModeRule:
		body = Overlay(body, s.RuleChooser.View(), s.C.Width)
	case ModeRecover:
		within := "reference"
		if s.noun == "dataset" {
			within = "dataset"
		}
		body = Overlay(body, s.OfferView(within), s.C.Width)
	}
	return body
}

// Overlay draws box centred over base.
func Overlay(base, box string, width int) string {
	bw, bh := lipgloss.Width(box), lipgloss.Height(box)
	h := lipgloss.Height(base)
	x, y := max(0, (width-bw)/2), max(0, (h-bh)/3)
	c := lipgloss.NewCanvas(width, h)
	// One compositor of both layers: a layer composed on a canvas alone
	// is drawn over the whole canvas, where it is, blanking what is below.
	c.Compose(lipgloss.NewCompositor(lipgloss.NewLayer(base), lipgloss.NewLayer(box).X(x).Y(y).Z(1)))
	return c.Render()
}
