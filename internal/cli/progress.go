package cli

import (
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jsontui/jsontui/scoring/dataset"
)

// progressDelay is how long a dataset scores before `score` shows its
// progress: a small set prints nothing.
const progressDelay = time.Second

// progress is the line `score` keeps on standard error while a large
// dataset scores, on a terminal only: the cases done, the rate, and the
// share done with the time left when the size is known. The share is of
// the cases done, never of the bytes read ahead of them: the bytes of
// the cases' records (Spec.Progress), or the reference files done of
// those listed (two directories).
type progress struct {
	w      io.Writer
	start  time.Time
	total  int64 // bytes (or files) to read, 0 when unknown
	files  bool  // total counts files (two directories): cases are files
	cases  atomic.Int64
	bytes  atomic.Int64 // the bytes of the cases done (Spec.Progress)
	stop   chan struct{}
	done   sync.WaitGroup
	shown  bool
	lineMu sync.Mutex
	once   sync.Once
}

// newProgress returns the progress line of a dataset on standard error;
// nil when it is not to be shown (standard error is not a terminal, or
// --quiet).
func (a *app) newProgress(quiet bool) *progress {
	if !a.stderrTTY || quiet {
		return nil
	}
	return &progress{w: a.stderr, stop: make(chan struct{})}
}

// begin starts the line for the dataset src, once it is open: it shows
// after progressDelay.
func (p *progress) begin(src *dataset.Source) {
	if p == nil {
		return
	}
	p.start = time.Now()
	files, bytes := src.Size()
	p.total, p.files = bytes, files > 0
	if p.files {
		p.total = int64(files)
	}
	p.done.Add(1)
	go p.run()
}

// onDone is Spec.Progress: the bytes of the cases done so far.
func (p *progress) onDone(n int64) { p.bytes.Store(n) }

// onCase counts a case done.
func (p *progress) onCase() { p.cases.Add(1) }

func (p *progress) run() {
	defer p.done.Done()
	t := time.NewTimer(progressDelay)
	defer t.Stop()
	select {
	case <-p.stop:
		return
	case <-t.C:
	}
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		p.show()
		select {
		case <-p.stop:
			return
		case <-tick.C:
		}
	}
}

// show writes the line over the last.
func (p *progress) show() {
	p.lineMu.Lock()
	defer p.lineMu.Unlock()
	fmt.Fprintf(p.w, "\r\x1b[K%s", p.line(time.Since(p.start)))
	p.shown = true
}

// line is the progress text after elapsed: "12,345 cases · 4,100/s ·
// 37% · 0:08 left".
func (p *progress) line(elapsed time.Duration) string {
	n := p.cases.Load()
	s := "jsontui: " + thousands(n) + " cases"
	secs := elapsed.Seconds()
	if secs > 0 {
		s += " · " + thousands(int64(float64(n)/secs)) + "/s"
	}
	done := p.bytes.Load()
	if p.files {
		done = n
	}
	if p.total > 0 && done > 0 {
		share := min(float64(done)/float64(p.total), 1)
		s += fmt.Sprintf(" · %d%%", min(done*100/p.total, 100)) // floored exactly
		if share > 0 && share < 1 {
			left := time.Duration(secs * (1 - share) / share * float64(time.Second))
			s += " · " + clock(left) + " left"
		}
	}
	return s
}

// finish stops the line and clears it; it may be called again.
func (p *progress) finish() {
	if p == nil {
		return
	}
	p.once.Do(func() {
		close(p.stop)
		p.done.Wait()
		if p.shown {
			fmt.Fprint(p.w, "\r\x1b[K")
		}
	})
}

// thousands writes n with thousands separators.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// clock writes a duration as m:ss (h:mm:ss past an hour).
func clock(d time.Duration) string {
	sec := int64(d.Round(time.Second) / time.Second)
	if sec >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", sec/3600, sec/60%60, sec%60)
	}
	return fmt.Sprintf("%d:%02d", sec/60, sec%60)
}
