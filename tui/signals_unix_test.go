//go:build unix

package tui

import (
	"os"
	"slices"
	"syscall"
	"testing"
)

// TestSignalCount checks that a terminal closing (SIGHUP twice, as tmux's
// kill-window and a closed terminal window send it) counts once, so the
// explorer still waits for the state at quit to be recorded; and that a
// second SIGINT or SIGTERM, after either, still insists.
func TestSignalCount(t *testing.T) {
	for _, c := range []struct {
		sigs []os.Signal
		want []int
	}{
		{[]os.Signal{syscall.SIGHUP, syscall.SIGHUP, syscall.SIGHUP}, []int{1, 0, 0}},
		{[]os.Signal{syscall.SIGHUP, syscall.SIGINT}, []int{1, 2}},
		{[]os.Signal{syscall.SIGINT, syscall.SIGHUP, syscall.SIGTERM}, []int{1, 0, 2}},
		{[]os.Signal{syscall.SIGTERM, syscall.SIGTERM}, []int{1, 2}},
	} {
		var sc signalCount
		var got []int
		for _, s := range c.sigs {
			got = append(got, sc.add(s))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%v: counts %v, want %v", c.sigs, got, c.want)
		}
	}
}
