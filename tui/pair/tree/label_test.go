package tree

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/themes"
)

// TestWriteLabel checks that the label is cut to its room, the child
// count shown only where it fits whole, and the cell padded to room.
func TestWriteLabel(t *testing.T) {
	s := themes.MustNew(themes.Mono)
	for _, c := range []struct {
		label, suffix string
		room          int
		want          string
	}{
		{"name", " {3}", 12, "name {3}    "},
		{"name", " {3}", 7, "name   "},
		{"toppings", "", 5, "topp…"},
		{"a", ChildCount(1234, true), 9, "a [1,234]"},
	} {
		var b strings.Builder
		WriteLabel(&b, s, themes.Paint{}, c.label, c.suffix, c.room)
		if got := ansi.Strip(b.String()); got != c.want {
			t.Errorf("WriteLabel(%q, %q, %d) = %q, want %q", c.label, c.suffix, c.room, got, c.want)
		}
	}
	if Marker(false, true) != "  " || Marker(true, true) != "▾ " || Marker(true, false) != "▸ " {
		t.Error("Marker: want blank for a leaf, ▾ open, ▸ closed")
	}
}
