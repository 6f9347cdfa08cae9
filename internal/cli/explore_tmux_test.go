//go:build unix

package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// tmuxExplorer is jsontui running in a window of a tmux server of its
// own, on a terminal of fixed size, as a user runs it.
type tmuxExplorer struct {
	t      *testing.T
	socket string // the server's socket name (tmux -L)
	pid    int    // the explorer's process
}

// startTmuxExplorer starts `jsontui args...` (this test binary acting as
// jsontui) with env from an interactive bash in a 120×35 tmux window, as
// a user types it; it skips the test when tmux or bash is not installed.
func startTmuxExplorer(t *testing.T, env []string, args ...string) *tmuxExplorer {
	t.Helper()
	for _, tool := range []string{"tmux", "bash"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: the explorer is not run in a real terminal window", tool)
		}
	}
	bin, err := filepath.Abs(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	x := &tmuxExplorer{t: t, socket: fmt.Sprintf("jsontui-test-%d-%d", os.Getpid(), time.Now().UnixNano())}
	x.tmux("new-session", "-d", "-s", "t", "-x", "120", "-y", "35", "exec bash --norc --noprofile -i")
	t.Cleanup(func() {
		_ = exec.Command("tmux", "-L", x.socket, "-f", "/dev/null", "kill-server").Run()
		if x.pid > 0 && alive(x.pid) {
			_ = syscall.Kill(x.pid, syscall.SIGKILL)
		}
	})
	shell, err := strconv.Atoi(strings.TrimSpace(x.tmux("display-message", "-p", "-t", "t", "#{pane_pid}")))
	if err != nil {
		t.Fatalf("the shell's pid: %v", err)
	}
	// The command is a script: its arguments are split at a control
	// character the shell's line editor would take for a key.
	cmd := []string{"exec", "env", processMainEnv + "=" + shellQuote(strings.Join(args, "\x1f")), "TERM=xterm-256color", "NO_COLOR=1"}
	for _, e := range env {
		cmd = append(cmd, shellQuote(e))
	}
	cmd = append(cmd, shellQuote(bin), "-test.run=^$")
	script := filepath.Join(t.TempDir(), "jsontui.sh")
	if err := os.WriteFile(script, []byte(strings.Join(cmd, " ")+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	x.tmux("send-keys", "-t", "t", "-l", script)
	x.tmux("send-keys", "-t", "t", "Enter")
	x.pid = x.child(shell)
	return x
}

// child waits for the process the shell pid started and returns its pid.
func (x *tmuxExplorer) child(pid int) int {
	x.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", pid, pid))
		if f := strings.Fields(string(b)); len(f) > 0 {
			if c, err := strconv.Atoi(f[0]); err == nil {
				return c
			}
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("the shell (pid %d) started nothing:\n%s", pid, x.screen())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// tmux runs a tmux command on the server and returns what it printed.
func (x *tmuxExplorer) tmux(args ...string) string {
	x.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", x.socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
	if err != nil {
		x.t.Fatalf("tmux %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// screen returns the window's text.
func (x *tmuxExplorer) screen() string { return x.tmux("capture-pane", "-p", "-t", "t") }

// waitFor waits until the window shows text.
func (x *tmuxExplorer) waitFor(text string) {
	x.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := x.screen()
		if strings.Contains(s, text) {
			return
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("the window never showed %q:\n%s", text, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitExit waits until the explorer's process has ended (or is a zombie
// no one reaps).
func (x *tmuxExplorer) waitExit() {
	x.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for alive(x.pid) {
		if time.Now().After(deadline) {
			x.t.Fatalf("the explorer (pid %d) did not end", x.pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// alive reports whether process pid runs: it exists and is not a zombie.
func alive(pid int) bool {
	st, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	// The state follows the command's closing parenthesis.
	s := string(st)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// shellQuote quotes s for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// TestExplorerTmuxKillWindow: closing the terminal window the explorer
// runs in keeps the run: the state at quit, a weight changed since the
// opening, is recorded in the history. tmux's kill-window hangs the
// terminal up: the explorer, the shell's foreground job, gets SIGHUP from
// the terminal and again from the shell (bash passes its own on to its
// jobs), most often as two signals; counted as two, the second stopped
// the wait for the record.
func TestExplorerTmuxKillWindow(t *testing.T) {
	dir, data, weights := smallCopy(t)
	store := filepath.Join(dir, "history.db")
	env := []string{"JSONTUI_HISTORY=" + store, "HOME=" + filepath.Join(dir, "home"), "XDG_STATE_HOME=" + filepath.Join(dir, "state")}
	x := startTmuxExplorer(t, env, data, weights)
	x.waitFor("? for help")
	x.tmux("send-keys", "-t", "t", "j", "-")
	x.waitFor("weight of .vendor 1 → 0.95")
	x.tmux("kill-window", "-t", "t")
	x.waitExit()
	code, out, errOut := runWithHistory(t, store, "", "history", "list", "--history", store)
	if code != 0 {
		t.Fatalf("history list: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "explorer quit") {
		t.Errorf("the state at quit is not recorded:\n%s", out)
	}
	labels, _ := historyRuns(t, store)
	if strings.Join(labels, ",") != ",explorer quit" {
		t.Errorf("recorded %q, want the opening and the state at quit", labels)
	}
}

// TestExplorerTmuxHostileIDs: case ids holding OSC 0, 2 and 52 sequences
// (set the window's title, set the clipboard) reach the terminal escaped:
// opening each case leaves tmux's pane title as the explorer wrote it
// (the id's escape shown as text) and its paste buffers empty, with the
// clipboard sequence allowed (set-clipboard on).
func TestExplorerTmuxHostileIDs(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "osc.jsonl")
	ids := []string{"\x1b]0;pwned\x07", "\x1b]52;c;aGk=\x07", "\x1b]2;pwned2\x1b\\"}
	var b strings.Builder
	for i, id := range ids {
		q, _ := json.Marshal(id)
		fmt.Fprintf(&b, `{"id": %s, "expected": {"a": 1}, "output": {"a": %d}}`+"\n", q, i)
	}
	if err := os.WriteFile(data, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"JSONTUI_HISTORY=" + filepath.Join(dir, "history.db"), "HOME=" + filepath.Join(dir, "home"), "XDG_STATE_HOME=" + filepath.Join(dir, "state")}
	x := startTmuxExplorer(t, env, data)
	x.tmux("set-option", "-g", "set-clipboard", "on")
	x.waitFor("? for help")
	x.tmux("send-keys", "-t", "t", "c")
	x.waitFor("lowest score first")
	for i := range ids {
		x.tmux("send-keys", "-t", "t", "g")
		for range i {
			x.tmux("send-keys", "-t", "t", "j")
		}
		x.tmux("send-keys", "-t", "t", "Enter")
		x.waitFor("esc back to the dataset")
		title := x.tmux("display-message", "-p", "-t", "t", "#{pane_title}")
		if !strings.HasPrefix(title, `jsontui — case \x1b]`) || strings.Contains(title, "\x1b") || strings.Contains(title, "pwned\n") {
			t.Errorf("case %d: the pane's title is %q", i+1, title)
		}
		if bufs := x.tmux("list-buffers"); bufs != "" {
			t.Errorf("case %d: tmux's buffers hold %q", i+1, bufs)
		}
		x.tmux("send-keys", "-t", "t", "Escape")
		x.waitFor("lowest score first")
	}
}
