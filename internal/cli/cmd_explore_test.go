package cli

import (
	"strings"
	"testing"
)

func TestDemoNeedsTerminal(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "demo")
	want := "jsontui: the explorer needs a terminal (standard output is not one); for headless scoring use: jsontui score REF OUT [WEIGHTS]\n"
	if code != 2 || stdout != "" || stderr != want {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestExploreUnknownTheme(t *testing.T) {
	code, _, stderr := runCLI(t, "", pizza+"reference.json", pizza+"output.json", "--theme", "solarized")
	if code != 2 || !strings.Contains(stderr, `unknown theme "solarized" (--theme): choose one of dark, light, high-contrast, colorblind, mono`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = runCLI(t, "", "demo", "--theme", "neon")
	if code != 2 || !strings.Contains(stderr, `unknown theme "neon"`) {
		t.Errorf("demo: exit %d, stderr %q", code, stderr)
	}
}

func TestExploreFlagsInHelp(t *testing.T) {
	code, stdout, _ := runCLI(t, "", "--help")
	if code != 0 || !strings.Contains(stdout, "--theme theme") || !strings.Contains(stdout, "--no-mouse") || !strings.Contains(stdout, "demo") {
		t.Errorf("exit %d, help:\n%s", code, stdout)
	}
}
