package cli

import (
	"os"
	"strings"
	"testing"
)

// TestWeightsInitDeep reproduces issue 10's weights init on a 60 KB
// reference nested 10,000 deep, which wrote 300 MB: past 32 levels the
// file goes on one line. REF read from standard input is read once.
func TestWeightsInitDeep(t *testing.T) {
	const depth = 10000
	ref := strings.Repeat(`{"a":`, depth) + "1" + strings.Repeat("}", depth)
	code, stdout, stderr := runCLI(t, ref, "weights", "init", "-")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if len(stdout) > 250_000 || strings.Count(stdout, "\n") != 96 {
		t.Errorf("%d bytes in %d lines for a reference of %d bytes", len(stdout), strings.Count(stdout, "\n"), len(ref))
	}
	code, stdout, _ = runCLI(t, "", "weights", "init", "--help")
	if code != 0 || !strings.Contains(stdout, "indented two spaces a level down to 32 levels") {
		t.Errorf("help:\n%s", stdout)
	}
}

// TestWeightsInitStdin: `weights init -` reads the reference from
// standard input (issue 14: "only one file argument may be -", the one
// argument counted twice), and writes what it writes for the file.
func TestWeightsInitStdin(t *testing.T) {
	ref, err := os.ReadFile(pizza + "reference.json")
	if err != nil {
		t.Fatal(err)
	}
	_, fromFile, _ := runCLI(t, "", "weights", "init", pizza+"reference.json")
	code, fromStdin, stderr := runCLI(t, string(ref), "weights", "init", "-")
	if code != 0 || stderr != "" || fromStdin != fromFile || !strings.Contains(fromStdin, `"margherita": 1`) {
		t.Errorf("exit %d, stderr %q\nstdin:\n%s\nfile:\n%s", code, stderr, fromStdin, fromFile)
	}
}
