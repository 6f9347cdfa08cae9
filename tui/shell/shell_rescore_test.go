package shell

import "testing"

// TestRescoreSubject checks how a failed rescore is named: the array
// paired anew first, then the change noted, else the metric and options.
func TestRescoreSubject(t *testing.T) {
	for _, c := range []struct {
		sub  RescoreSubject
		want string
	}{
		{RescoreSubject{Metric: "lynxius"}, "lynxius"},
		{RescoreSubject{Metric: "lynxius", Note: "rule exact for .vendor"}, "rule exact for .vendor"},
		{RescoreSubject{Metric: "lynxius", Note: "undo", PairedArray: ".items"}, "pairing .items"},
	} {
		if got := c.sub.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.sub, got, c.want)
		}
	}
}
