//go:build unix

package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/creack/pty"
)

// processMainEnv makes the test binary act as jsontui itself on a
// terminal of its own (see TestMain): Main with the arguments it names,
// separated by \x1f.
const processMainEnv = "JSONTUI_PROCESS_MAIN"

// ptyExplorer is the explorer running in a process of its own on a
// pseudo-terminal, as a user runs it.
type ptyExplorer struct {
	t    *testing.T
	cmd  *exec.Cmd
	tty  *os.File // the terminal's master side
	mu   sync.Mutex
	out  bytes.Buffer // everything the explorer drew
	read chan struct{}
	done chan struct{}
	err  error // the process's end, once done is closed
}

// startExplorer starts `jsontui args...` on a 120×35 terminal with env
// added to the environment.
func startExplorer(t *testing.T, env []string, args ...string) *ptyExplorer {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), processMainEnv+"="+strings.Join(args, "\x1f"), "TERM=xterm-256color", "NO_COLOR=1")
	cmd.Env = append(cmd.Env, env...)
	master, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 35, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	// The master side as pty opens it blocks: Close would wait for the
	// reader below, and the terminal would never hang up. A non-blocking
	// copy goes through Go's poller, whose Close ends a read at once.
	fd, err := syscall.Dup(int(master.Fd()))
	master.Close()
	if err == nil {
		err = syscall.SetNonblock(fd, true)
	}
	if err != nil {
		_ = cmd.Process.Kill()
		t.Fatal(err)
	}
	tty := os.NewFile(uintptr(fd), "ptmx")
	p := &ptyExplorer{t: t, cmd: cmd, tty: tty, read: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.read)
		buf := make([]byte, 4096)
		for {
			n, err := tty.Read(buf)
			p.mu.Lock()
			p.out.Write(buf[:n])
			p.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	go func() {
		p.err = cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			_ = cmd.Process.Kill()
			<-p.done
		}
		tty.Close()
	})
	return p
}

// screen returns what the explorer drew so far, without ANSI sequences.
func (p *ptyExplorer) screen() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return ansi.Strip(p.out.String())
}

// waitFor waits until the explorer has drawn text.
func (p *ptyExplorer) waitFor(text string) {
	p.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(p.screen(), text) {
		if time.Now().After(deadline) {
			p.t.Fatalf("the explorer never showed %q; it drew:\n%s", text, tail(p.screen(), 3000))
		}
		select {
		case <-p.done:
			p.t.Fatalf("the explorer ended (%v) before it showed %q; it drew:\n%s", p.err, text, tail(p.screen(), 3000))
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// typeKeys types keys on the terminal, one at a time.
func (p *ptyExplorer) typeKeys(keys string) {
	p.t.Helper()
	for _, k := range keys {
		if _, err := p.tty.Write([]byte(string(k))); err != nil {
			p.t.Fatal(err)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// wait waits for the process to end and returns its exit code.
func (p *ptyExplorer) wait() int {
	p.t.Helper()
	select {
	case <-p.done:
	case <-time.After(60 * time.Second):
		p.t.Fatalf("the explorer did not end; it drew:\n%s", tail(p.screen(), 3000))
	}
	var ee *exec.ExitError
	switch {
	case p.err == nil:
		return 0
	case errors.As(p.err, &ee):
		if st, ok := ee.Sys().(syscall.WaitStatus); ok && st.Signaled() {
			p.t.Fatalf("the explorer was killed by %v; it drew:\n%s", st.Signal(), tail(p.screen(), 3000))
		}
		return ee.ExitCode()
	default:
		p.t.Fatal(p.err)
		return -1
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// pizzaCopy copies the pizza case into a folder of its own and returns
// the paths of its reference, output and weights.
func pizzaCopy(t *testing.T) (dir, ref, out, weights string) {
	t.Helper()
	dir = t.TempDir()
	for _, name := range []string{"reference.json", "output.json", "weights.json"} {
		b, err := os.ReadFile(pizza + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, filepath.Join(dir, "reference.json"), filepath.Join(dir, "output.json"), filepath.Join(dir, "weights.json")
}

// historyRuns returns the labels of the runs in store, oldest first, and
// their scores.
func historyRuns(t *testing.T, store string) (labels []string, scores []float64) {
	t.Helper()
	code, stdout, stderr := runWithHistory(t, store, "", "history", "--format", "json")
	if code != 0 {
		t.Fatalf("history: exit %d: %s", code, stderr)
	}
	var list struct {
		Runs []struct {
			Label string   `json:"label"`
			Score *float64 `json:"score"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &list); err != nil {
		t.Fatalf("history --format json: %v\n%s", err, stdout)
	}
	for i := len(list.Runs) - 1; i >= 0; i-- {
		r := list.Runs[i]
		labels = append(labels, r.Label)
		s := -1.0
		if r.Score != nil {
			s = *r.Score
		}
		scores = append(scores, s)
	}
	return labels, scores
}

// recoveryFiles returns the recovery files in dir.
func recoveryFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, ".*.recovery-*.json"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestExplorerSignals ends the explorer with a signal right after a weight
// edit and a rule change, as a closed terminal or `kill` does: the state
// at quit is recorded in the history as `q` records it, and the unsaved
// weights and rules are kept in a recovery file beside the weights file,
// which the next opening offers, rules included.
func TestExplorerSignals(t *testing.T) {
	for _, tc := range signalEnds() {
		t.Run(tc.name, func(t *testing.T) {
			dir, ref, out, weights := pizzaCopy(t)
			rules := filepath.Join(dir, "rules.json")
			if err := os.WriteFile(rules, []byte(`{".fixed_menus[].pizza": "levenshtein"}`+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			store := filepath.Join(dir, "history.db")
			env := []string{"JSONTUI_HISTORY=" + store, "HOME=" + filepath.Join(dir, "home"), "XDG_STATE_HOME=" + filepath.Join(dir, "state")}
			p := startExplorer(t, env, ref, out, weights, "--rules", rules)
			p.waitFor("? for help")
			p.typeKeys("jjj-")
			p.waitFor("weight of .beer 0.25 → 0.2")
			p.typeKeys("C")
			p.waitFor("Rule for .beer")
			p.typeKeys("j\r") // exact
			// Scored again under it once the recovery file keeps it (the
			// status line is redrawn in parts, not to be waited on).
			waitForKept(t, dir, `".beer": "exact"`)
			tc.end(p)
			if code := p.wait(); code != tc.code {
				t.Errorf("exit code %d, want %d", code, tc.code)
			}
			labels, scores := historyRuns(t, store)
			if strings.Join(labels, ",") != ",explorer quit" {
				t.Fatalf("recorded %q, want the opening and the state at quit", labels)
			}
			files := recoveryFiles(t, dir)
			if len(files) != 1 {
				t.Fatalf("recovery files in %s: %v", dir, files)
			}
			var rec struct {
				Weights json.RawMessage `json:"weights"`
				Rules   json.RawMessage `json:"rules"`
			}
			b, err := readRecovery(files[0], &rec)
			if err != nil {
				t.Fatalf("recovery file %s: %v\n%s", files[0], err, b)
			}
			if !strings.Contains(string(rec.Weights), `"beer": 0.2,`) {
				t.Fatalf("recovery file keeps the weights\n%s", rec.Weights)
			}
			var keptRules map[string]any
			if err := json.Unmarshal(rec.Rules, &keptRules); err != nil || keptRules[".beer"] != "exact" || keptRules[".fixed_menus[].pizza"] != "levenshtein" {
				t.Fatalf("recovery file keeps the rules (%v)\n%s", err, rec.Rules)
			}
			// The recorded run at quit is scored with the weights and
			// rules kept.
			kept, keptRulesFile := filepath.Join(dir, "kept.json"), filepath.Join(dir, "kept-rules.json")
			if err := os.WriteFile(kept, rec.Weights, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(keptRulesFile, rec.Rules, 0o644); err != nil {
				t.Fatal(err)
			}
			sc := scoreKept(t, ref, out, kept, "--rules", keptRulesFile)
			if !near(scores[1], sc.Score) || near(scores[1], scores[0]) {
				t.Errorf("the run at quit scored %v, the kept weights %v, the opening %v", scores[1], sc.Score, scores[0])
			}
			// The next opening of the pair offers the weights and the
			// rules back.
			p = startExplorer(t, env, ref, out, weights, "--rules", rules)
			p.waitFor("r restore")
			p.waitFor("1 rule differs from those in force")
			p.typeKeys("r")
			// Restored once scored under the rules: this explorer keeps
			// them in a file of its own, and the one it restored goes.
			waitForTakeOver(t, dir, files[0], `".beer": "exact"`)
			quitWithoutSaving(t, p, dir)
		})
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9 }

// signalEnd is a way an explorer ends with its work unsaved, and the exit
// code it ends with.
type signalEnd struct {
	name string
	end  func(p *ptyExplorer)
	code int
}

// signalEnds are the signals that end an explorer, and the terminal going
// away.
func signalEnds() []signalEnd {
	return []signalEnd{
		{"SIGHUP", func(p *ptyExplorer) { _ = p.cmd.Process.Signal(syscall.SIGHUP) }, 129},
		{"SIGTERM", func(p *ptyExplorer) { _ = p.cmd.Process.Signal(syscall.SIGTERM) }, 143},
		{"SIGINT", func(p *ptyExplorer) { _ = p.cmd.Process.Signal(syscall.SIGINT) }, 130},
		// The terminal goes away: the kernel hangs up the explorer's
		// session, and its reads and writes fail from then on.
		{"hangup", func(p *ptyExplorer) { p.tty.Close() }, 129},
	}
}

// readRecovery reads the recovery file path into rec; it returns the
// file's bytes for the failure message.
func readRecovery(path string, rec any) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(b, rec)
	}
	return b, err
}

// scoreKept scores args (the files and flags of score) with no history and
// returns the figures score prints as JSON.
func scoreKept(t *testing.T, args ...string) (sc struct{ Score float64 }) {
	t.Helper()
	args = append(append([]string{"score"}, args...), "--format", "json", "--no-history")
	code, stdout, stderr := runCLI(t, "", args...)
	if code != 0 || json.Unmarshal([]byte(stdout), &sc) != nil {
		t.Fatalf("score with the kept weights: exit %d: %s", code, stderr)
	}
	return sc
}

// quitWithoutSaving quits the explorer p on purpose, answering yes to its
// question, and fails t unless it exits 0 leaving no recovery file in dir.
func quitWithoutSaving(t *testing.T, p *ptyExplorer, dir string) {
	t.Helper()
	p.typeKeys("q")
	p.waitFor("quit anyway?")
	p.typeKeys("y")
	if code := p.wait(); code != 0 {
		t.Errorf("quitting the reopened explorer: exit %d", code)
	}
	if files := recoveryFiles(t, dir); len(files) != 0 {
		t.Errorf("recovery files left after quitting without saving on purpose: %v", files)
	}
}

// waitForTakeOver waits until the only recovery file in dir is another
// than old, and holds text.
func waitForTakeOver(t *testing.T, dir, old, text string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		files := recoveryFiles(t, dir)
		if len(files) == 1 && files[0] != old {
			if b, err := os.ReadFile(files[0]); err == nil && bytes.Contains(b, []byte(text)) {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("recovery files %q: the restored one (%s) is not taken over", files, old)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitForKept waits until a recovery file in dir holds text.
func waitForKept(t *testing.T, dir, text string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		for _, f := range recoveryFiles(t, dir) {
			if b, err := os.ReadFile(f); err == nil && bytes.Contains(b, []byte(text)) {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no recovery file in %s holds %s", dir, text)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
