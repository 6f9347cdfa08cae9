package datasetpage

import (
	"strings"
	"testing"
)

// TestCasesPaneUnscored checks that the missing case of dataset-small
// (inv-005) reads "(no output)" where the costliest leaf goes, that s
// hides it (the title counting it) and shows it again.
func TestCasesPaneUnscored(t *testing.T) {
	d := newDSDriver(t, smallDataset(t, "dark"), 120, 20)
	d.keys("c")
	if got := line(t, d.screen(), "inv-005"); got != "inv-005  missing        0 (no output)" {
		t.Errorf("missing case: %q", got)
	}
	d.keys("s")
	if strings.Contains(d.screen(), "inv-005") {
		t.Errorf("s did not hide the missing case:\n%s", d.screen())
	}
	if got := line(t, d.screen(), "Cases"); !strings.HasPrefix(got, "Cases  6 · lowest score first · 1 missing or invalid hidden (s shows)") {
		t.Errorf("title %q", got)
	}
	if got, want := d.statusText(), "5 cases listed · 1 missing or invalid hidden"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	d.keys("s")
	if got := line(t, d.screen(), "inv-005"); !strings.HasPrefix(got, "inv-005  missing") {
		t.Errorf("s again: %q", got)
	}
}
