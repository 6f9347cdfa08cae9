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

// TreeSizer is a page's tree as the side layout sizes it: its width, and
// the width at which the rows on screen show whole.
type TreeSizer interface {
	SetSize(w, h int)
	Width() int
	NeedWidth() int
}

// DetailSizer is a page's detail pane as the side layout sizes and
// places it: beside the tree (a left rule) or below it.
type DetailSizer interface {
	SetSize(w, h int)
	SetSide(beside bool)
}

// ArrangeSide shares the body out between a page's tree and its detail
// pane, from what the tree shows, alike on both pages. From SideMinWidth
// columns the pane stands beside the tree and takes two fifths of the
// width (40 to 80 cells), less when the tree would lose what it shows
// (down to minDetail); when even that would, the pane shown by default
// folds away (Folded; tab still shows it). Below the tree (tab on a
// narrower screen) it takes three fifths of the height.
func (s *Shell) ArrangeSide(tree TreeSizer, detail DetailSizer, minDetail int) {
	w, body := s.C.Width, s.BodyH
	s.Folded = false
	switch {
	case s.Side == SideNone || w < SideMinWidth && s.Side == SideAuto:
		tree.SetSize(w, body)
	case w >= SideMinWidth:
		tree.SetSize(max(1, tree.Width()), body) // the rows on screen, first
		dw := max(minDetail, min(80, w*2/5))
		if need := tree.NeedWidth(); w-dw < need {
			dw = max(minDetail, w-need)
			if w-dw < need && s.Side == SideAuto {
				s.Folded = true
				tree.SetSize(w, body)
				return
			}
		}
		tree.SetSize(w-dw, body)
		detail.SetSize(dw, body)
		detail.SetSide(true)
	default:
		th := max(4, body*2/5)
		tree.SetSize(w, th)
		detail.SetSize(w, body-th)
		detail.SetSide(false)
	}
}
