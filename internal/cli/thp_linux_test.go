package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/gen"
)

// anonHugeKB returns how much of this process's anonymous memory the
// kernel backs with transparent huge pages (AnonHugePages of
// /proc/self/smaps_rollup), in kB.
func anonHugeKB(t *testing.T) int {
	t.Helper()
	b, err := os.ReadFile("/proc/self/smaps_rollup")
	if err != nil {
		t.Skipf("no smaps_rollup: %v", err)
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "AnonHugePages:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				t.Fatalf("smaps_rollup: %q: %v", line, err)
			}
			return kb
		}
	}
	t.Skip("smaps_rollup has no AnonHugePages")
	return 0
}

// TestScoreAsksForNoHugePages scores a 10 MB pair (its input buffers and
// tables are past the size from which jsontui used to advise
// MADV_HUGEPAGE) and checks that the process holds no huge pages after:
// on a kernel whose THP is enabled only where advised ("madvise"), any
// would come from such advice, which measured slower (ARCHITECTURE.md,
// "Memory and the kernel"). Elsewhere (THP "always" or "never") the test
// has nothing to tell apart and is skipped.
func TestScoreAsksForNoHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || !bytes.Contains(mode, []byte("[madvise]")) {
		t.Skipf("transparent huge pages not in madvise mode (%q, %v)", bytes.TrimSpace(mode), err)
	}
	dir := t.TempDir()
	r, o := gen.Pair(10<<20, 1)
	ref, out := filepath.Join(dir, "ref.json"), filepath.Join(dir, "out.json")
	if err := os.WriteFile(ref, r, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, o, 0o644); err != nil {
		t.Fatal(err)
	}
	before := anonHugeKB(t)
	if code, _, stderr := runCLI(t, "", "score", ref, out, "--no-history", "--quiet"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if after := anonHugeKB(t); after != 0 {
		t.Errorf("the process holds %d kB of huge pages after scoring a 10 MB pair (%d kB before)", after, before)
	}
}
