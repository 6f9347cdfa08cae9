package datasetpage

import (
	"strings"
	"testing"
)

// TestCasesPaneUnscored checks that the cases pane leaves the missing
// case of dataset-small (inv-005) out, counting it on its last line;
// that s lists it, reading "(no output)" where the costliest leaf goes,
// and hides it again.
func TestCasesPaneUnscored(t *testing.T) {
	d := newDSDriver(t, smallDataset(t, "dark"), 120, 20)
	d.Keys("c")
	if strings.Contains(d.Screen(), "inv-005") {
		t.Errorf("the missing case is listed:\n%s", d.Screen())
	}
	lines := strings.Split(d.Screen(), "\n")
	if got := strings.TrimRight(lines[len(lines)-2], " "); got != "+ 1 missing not listed, each scoring 0 · s lists them" {
		t.Errorf("the line above the status: %q", got)
	}
	d.Keys("s")
	if got := line(t, d.Screen(), "inv-005"); got != "inv-005  missing        0 (no output)" {
		t.Errorf("missing case: %q", got)
	}
	if got, want := d.statusText(), "6 cases listed, the missing and invalid too"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	if strings.Contains(d.Screen(), "not listed") {
		t.Errorf("the count stays:\n%s", d.Screen())
	}
	d.Keys("s")
	if strings.Contains(d.Screen(), "inv-005") {
		t.Errorf("s again did not hide the missing case:\n%s", d.Screen())
	}
	if got, want := d.statusText(), "5 cases listed · 1 missing not listed"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
}
