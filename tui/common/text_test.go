package common

import (
	"strings"
	"testing"
)

// TestWrapWords: the words stay as they were, each line fits the width.
func TestWrapWords(t *testing.T) {
	text := "No per-key breakdown: the tree shows the documents' values (= equal, ≠ differ, − only the reference, + only the output); " +
		"rouge-1 has no per-key weights (w + - x r R u refuse) and no losses to step through (] [). " + strings.Repeat("x", 40)
	for _, w := range []int{12, 37, 76, 156} {
		lines := WrapWords(text, w)
		if strings.Join(lines, " ") != text && w >= 40 {
			t.Errorf("width %d: the words changed: %q", w, strings.Join(lines, " "))
		}
		for _, l := range lines {
			if n := VisibleWidth(l); n > w {
				t.Errorf("width %d: line of %d cells: %q", w, n, l)
			}
		}
	}
}
