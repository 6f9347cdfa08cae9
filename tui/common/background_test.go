package common

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// TestBackground checks the account of jobs: a job counts from when it
// is asked for; quitting drops those whose command has not started
// (which then give nothing) and waits for those under way; a job asked
// for after quitting is refused, but one started at once (a record) is
// not; a job's panic reaches its command.
func TestBackground(t *testing.T) {
	var b Background
	release := make(chan struct{})
	running := b.Run(func() tea.Msg { <-release; return "ran" })
	queued := b.Run(func() tea.Msg { return "queued ran" })
	got := make(chan tea.Msg, 1)
	go func() { got <- running() }()
	for {
		b.mu.Lock()
		started := len(b.queued) == 1
		b.mu.Unlock()
		if started {
			break
		}
		time.Sleep(time.Millisecond)
	}
	idle := b.Close()
	select {
	case <-idle:
		t.Fatal("idle with a job under way")
	default:
	}
	if msg := queued(); msg != nil {
		t.Errorf("a job dropped by quitting ran: %v", msg)
	}
	if b.Run(func() tea.Msg { return "late" }) != nil {
		t.Error("a job asked for after quitting was taken")
	}
	rec := b.Start(func() tea.Msg { return "recorded" })
	close(release)
	<-idle
	if msg := <-got; msg != "ran" {
		t.Errorf("the job under way gave %v", msg)
	}
	if msg := rec(); msg != "recorded" {
		t.Errorf("the job started after quitting gave %v", msg)
	}
	select {
	case <-b.Idle():
	default:
		t.Error("not idle once every job is done")
	}

	boom := b.Start(func() tea.Msg { panic("boom") })
	defer func() {
		p, ok := recover().(JobPanic)
		if !ok || p.Value != "boom" || !strings.Contains(p.String(), "background_test.go") {
			t.Errorf("the job's panic reached its command as %v", p)
		}
	}()
	boom()
	t.Error("the job's panic did not reach its command")
}
