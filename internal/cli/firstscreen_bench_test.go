package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/pair"
	"github.com/jsontui/jsontui/tui/ports"
)

// benchFirstScreenEnv makes the test binary open the explorer's model on
// the files it names and draw its first screen (see firstScreen).
const benchFirstScreenEnv = "JSONTUI_BENCH_FIRST_SCREEN"

// firstScreen does what `jsontui REF OUT` does up to its first screen,
// with no terminal: it loads the inputs as the explorer does for large
// files (read and parsed in parallel, then scored), makes the model ready
// and draws it at 160×45. It prints how long after args[2] (the Unix
// time in nanoseconds when its parent started it) the screen was drawn,
// and returns the exit code.
func firstScreen(args []string) int {
	a := &app{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}
	opts := ports.Options{Metric: "jsondiff", Files: ports.Files{Reference: args[0], Output: args[1]}}
	rec := &explorerRecorder{a: a}
	load := a.loader(args[0], args[1], "", rec, opts)
	loaded, err := load(context.Background(), func(done, total int64) {})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	opts.Loaded = &loaded
	m := pair.New(opts)
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	if screen := m.View().Content; !strings.Contains(screen, "records") {
		fmt.Fprintf(os.Stderr, "the first screen shows no records:\n%s\n", screen)
		return 1
	}
	launched, err := strconv.ParseInt(args[2], 10, 64)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("first-screen-ns: %d\n", time.Now().UnixNano()-launched)
	return 0
}

// BenchmarkFirstScreen times the explorer on a generated pair from the
// launch of its process to its first screen drawn (not to its exit, which
// returns the memory of a large run to the system): the loading the issue
// asks to take under about 2 s on a 200 MB pair. A terminal adds its own
// drawing to this; the figure is the explorer's part.
func BenchmarkFirstScreen(b *testing.B) {
	mb := 200
	if testing.Short() {
		mb = 2
	}
	b.Run(fmt.Sprintf("%dMB-pair", 2*mb), func(b *testing.B) {
		dir := b.TempDir()
		ref, out := writePair(b, dir, mb)
		var took time.Duration
		for b.Loop() {
			cmd := exec.Command(os.Args[0])
			start := time.Now()
			cmd.Env = append(os.Environ(), benchFirstScreenEnv+"="+ref+"\x1f"+out+"\x1f"+strconv.FormatInt(start.UnixNano(), 10),
				"JSONTUI_HISTORY="+filepath.Join(dir, "history.db"))
			msg, err := cmd.CombinedOutput()
			if err != nil {
				b.Fatalf("first screen: %v\n%s", err, msg)
			}
			_, after, ok := strings.Cut(string(msg), "first-screen-ns: ")
			ns, err := strconv.ParseInt(strings.TrimSpace(after), 10, 64)
			if !ok || err != nil {
				b.Fatalf("first screen: no time reported:\n%s", msg)
			}
			took += time.Duration(ns)
		}
		b.ReportMetric(took.Seconds()/float64(b.N), "s/first-screen")
	})
}
