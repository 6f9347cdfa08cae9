package scoring

import "github.com/jsontui/jsontui/scoring/jsondoc"

// MaxBestWork bounds the comparisons of --lists best: every reference
// element is scored against every output element before the assignment,
// and the estimated work of those scores (bestWork) may not exceed 2³⁰
// word operations, about two seconds. Past it the arrays are paired by
// index and a warning says so.
const MaxBestWork = 1 << 30

// nodeWork is the estimated cost of visiting one value while scoring a
// pair of elements, in word operations (about 2 ns each).
const nodeWork = 32

// elemCost summarizes what comparing a list element costs.
type elemCost struct {
	nodes int64 // the values in the element
	chars int64 // the bytes of its strings
	words int64 // its longest string, in 64-byte words
}

// costOf walks the element id of d.
func costOf(d *jsondoc.Doc, id jsondoc.ID) elemCost {
	var c elemCost
	stack := []jsondoc.ID{id}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c.nodes++
		switch d.Kind(v) {
		case jsondoc.String:
			n := int64(len(d.Raw(v)))
			c.chars += n
			c.words = max(c.words, (n+63)/64)
		case jsondoc.Object, jsondoc.Array:
			for ch := d.Child(v); ch != jsondoc.None; ch = d.Next(ch) {
				stack = append(stack, ch)
			}
		}
	}
	return c
}

// pairWork bounds the work of scoring element a against element b: their
// values visited, and their strings compared, each pair of strings costing
// at most ⌈m/64⌉·n word operations for lengths m and n (the bit-parallel
// Levenshtein without its band), so all of them at most the longest
// string's words of one side times the other side's bytes.
func pairWork(a, b elemCost) int64 {
	return nodeWork*(a.nodes+b.nodes) + min(a.words*b.chars, a.chars*b.words)
}

// bestWork returns the estimated work of scoring every element of rs
// against every element of os. It costs a walk of the elements and
// len(rs)·len(os) <= MaxBestPairs additions.
func bestWork(rd, od *jsondoc.Doc, rs, os []jsondoc.ID) int64 {
	oc := make([]elemCost, len(os))
	for j, o := range os {
		oc[j] = costOf(od, o)
	}
	var total int64
	for _, r := range rs {
		rc := costOf(rd, r)
		for _, c := range oc {
			total += pairWork(rc, c)
		}
	}
	return total
}
