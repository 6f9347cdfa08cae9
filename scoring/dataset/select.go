package dataset

import (
	"cmp"
	"fmt"
	"slices"
)

// OnlyLosses returns a copy of f whose per-path figures keep the paths
// with a loss above 0 (as `score --only-losses` keeps a pair's nodes).
// Losses add up the tree, so a kept path's parent is kept too: the paths
// stay a tree.
func OnlyLosses(f *Figures) *Figures {
	out := *f
	out.Paths = nil
	for _, p := range f.Paths {
		if p.Loss > 0 {
			out.Paths = append(out.Paths, p)
		}
	}
	return &out
}

// TopPaths returns a copy of f whose per-path figures are its n costliest
// leaf paths (paths with no path below them), the largest loss first and,
// at equal losses, in the paths' order; paths without a loss are never
// listed, so there may be fewer (as `score --top` lists a pair's leaves).
// They are a list, not a tree: print them with TextOptions.Flat.
func TopPaths(f *Figures, n int) *Figures {
	out := *f
	out.Paths = nil
	for i, p := range f.Paths {
		leaf := i+1 == len(f.Paths) || f.Paths[i+1].Depth <= p.Depth
		if leaf && p.Loss > 0 {
			out.Paths = append(out.Paths, p)
		}
	}
	slices.SortStableFunc(out.Paths, func(a, b PathFigures) int { return cmp.Compare(b.Loss, a.Loss) })
	out.Paths = out.Paths[:min(n, len(out.Paths))]
	return &out
}

// TopSelection says what TopPaths(f, n) keeps, for TextOptions.Selection.
func TopSelection(n int) string {
	if n == 1 {
		return "the costliest leaf path"
	}
	return fmt.Sprintf("the %d costliest leaf paths, largest loss first", n)
}
