package themes

import (
	"image/color"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"github.com/jsontui/jsontui/scoring"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestSelect(t *testing.T) {
	cases := []struct {
		flag string
		env  map[string]string
		want string
	}{
		{"", nil, ""},
		{"light", map[string]string{"JSONTUI_THEME": "mono", "NO_COLOR": "1"}, Light},
		{"", map[string]string{"JSONTUI_THEME": "colorblind", "NO_COLOR": "1"}, Colorblind},
		{"", map[string]string{"NO_COLOR": "1"}, Mono},
		{" High-Contrast ", nil, HighContrast},
	}
	for _, c := range cases {
		got, err := Select(c.flag, env(c.env))
		if err != nil || got != c.want {
			t.Errorf("Select(%q, %v) = %q, %v; want %q", c.flag, c.env, got, err, c.want)
		}
	}
	_, err := Select("", env(map[string]string{"JSONTUI_THEME": "solarized"}))
	if err == nil || err.Error() != `unknown theme "solarized" (JSONTUI_THEME): choose one of dark, light, high-contrast, colorblind, mono` {
		t.Errorf("unknown theme: %v", err)
	}
	if Auto(true) != Dark || Auto(false) != Light {
		t.Error("Auto")
	}
}

func TestEveryThemeBuilds(t *testing.T) {
	for _, name := range Names() {
		s, err := New(name)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]scoring.Status{}
		for _, st := range scoring.Statuses {
			g := s.Glyph(st)
			if prev, dup := seen[g]; dup {
				t.Errorf("%s: %s and %s share the glyph %q", name, prev, st, g)
			}
			seen[g] = st
		}
		if s.Selected.On() == "" {
			t.Errorf("%s: the cursor row is not marked", name)
		}
	}
	if _, err := New("nope"); err == nil {
		t.Error("New accepted an unknown theme")
	}
}

// TestMonoHasNoColour: mono uses attributes only.
func TestMonoHasNoColour(t *testing.T) {
	s, _ := New(Mono)
	for _, p := range []Paint{s.Good, s.Warn, s.Bad, s.Changed, s.Selected, s.Match, s.Status(scoring.Mismatch), s.Status(scoring.Extra)} {
		out := p.Render("x")
		if strings.Contains(out, "38;") || strings.Contains(out, "48;") {
			t.Errorf("mono paints in colour: %q", out)
		}
	}
	if s.Bad.Render("x") == "x" || s.Bad.Render("x") == s.Good.Render("x") {
		t.Error("mono does not tell bad from good")
	}
}

// TestColorblindAvoidsRedGreen: good is blue, bad orange.
func TestColorblindAvoidsRedGreen(t *testing.T) {
	s, _ := New(Colorblind)
	rgb := func(c color.Color) (int, int, int) {
		r, g, b, _ := c.RGBA()
		return int(r >> 8), int(g >> 8), int(b >> 8)
	}
	r, g, b := rgb(s.Good.Style().GetForeground())
	if !(b > r && b > g/2) {
		t.Errorf("good is not blue: %d %d %d", r, g, b)
	}
	r, g, b = rgb(s.Bad.Style().GetForeground())
	if !(r > 200 && g > 100 && b < 60) {
		t.Errorf("bad is not orange: %d %d %d", r, g, b)
	}
}

// TestPaintResetsOnlyWhatItSets: a cell painted inside the cursor row
// keeps the row's background.
func TestPaintResetsOnlyWhatItSets(t *testing.T) {
	s, _ := New(Dark)
	if off := s.Good.Off(); strings.Contains(off, "49") || off == "\x1b[m" {
		t.Errorf("a foreground paint resets the background: %q", off)
	}
	if off := s.Selected.Off(); !strings.Contains(off, "49") {
		t.Errorf("the cursor row does not reset its background: %q", off)
	}
	var zero Paint
	if zero.Render("x") != "x" {
		t.Error("the zero paint changed text")
	}
	if b := s.Band(0.95); b.On() != s.Good.On() {
		t.Error("0.95 is not good")
	}
	if b := s.Band(0.7); b.On() != s.Warn.On() {
		t.Error("0.7 is not warn")
	}
	if b := s.Band(0.2); b.On() != s.Bad.On() {
		t.Error("0.2 is not bad")
	}
}

// TestBoxBorderTakesTheAccent: a colour theme draws the box's border in
// its accent colour; mono sets no border colour at all.
func TestBoxBorderTakesTheAccent(t *testing.T) {
	for _, name := range Names() {
		s := MustNew(name)
		got := s.Box.GetBorderTopForeground()
		_, none := got.(lipgloss.NoColor)
		if name == Mono {
			if !none {
				t.Errorf("mono: the box border has the colour %v", got)
			}
			continue
		}
		if want := s.Accent.Style().GetForeground(); none || got != want {
			t.Errorf("%s: the box border is %v, the accent %v", name, got, want)
		}
	}
}
