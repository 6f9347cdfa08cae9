package textdist

import "strconv"

// OpKind is the kind of an edit operation in an [Align] script.
type OpKind uint8

// The kinds of edit operations.
const (
	Equal      OpKind = iota // a[A:A+N] equals b[B:B+N]
	Insert                   // b[B:B+N] is inserted before a[A]
	Delete                   // a[A:A+N] is deleted; b continues at B
	Substitute               // a[A:A+N] is replaced by b[B:B+N]
)

var opKindNames = [...]string{"Equal", "Insert", "Delete", "Substitute"}

// String returns the name of k, such as "Insert".
func (k OpKind) String() string {
	if int(k) < len(opKindNames) {
		return opKindNames[k]
	}
	return "OpKind(" + strconv.Itoa(int(k)) + ")"
}

// Op is a run of N edit operations of one kind, starting at position A of
// the source and position B of the target (see [OpKind]).
type Op struct {
	Kind OpKind
	A, B int // start positions in a and b, in code points
	N    int // run length, at least 1
}

// Align returns an edit script that turns a into b at the least cost,
// where an inserted, deleted or substituted code point costs 1 and an equal
// one 0, so the script's cost is Levenshtein(a, b).
//
// The script lists runs in order: each Op starts where the previous one
// ended in a and in b, and the runs cover a and b completely. Runs are as
// long as possible; among alignments of least cost, Align prefers to keep
// equal code points together and to continue a run of the same kind.
//
// Align fills the classic dynamic-programming matrix, keeping one byte per
// cell for the traceback (after setting aside the common prefix and
// suffix), and refuses, returning ok == false and no script, when
// len(a)·len(b) > limit.
func Align(a, b []rune, limit int) (ops []Op, ok bool) {
	if !withinLimit(len(a), len(b), limit) {
		return nil, false
	}
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ops = appendOp(ops, Op{Equal, 0, 0, pre})
	ops = alignCore(ops, a[pre:len(a)-suf], b[pre:len(b)-suf], pre)
	ops = appendOp(ops, Op{Equal, len(a) - suf, len(b) - suf, suf})
	return ops, true
}

// withinLimit reports whether m·n <= limit, without overflow.
func withinLimit(m, n, limit int) bool {
	if limit < 0 {
		return false
	}
	if m == 0 || n == 0 {
		return true
	}
	return m <= limit/n
}

// Moves of the traceback, as bits of a cell of the direction matrix: the
// predecessors from which the cell's least cost is reached.
const (
	fromDiag = 1 << iota // from (i-1, j-1): equal or substitute
	fromUp               // from (i-1, j): delete a[i-1]
	fromLeft             // from (i, j-1): insert b[j-1]
)

// alignCore appends the script for a and b, which start at position off in
// both of the original strings.
func alignCore(ops []Op, a, b []rune, off int) []Op {
	m, n := len(a), len(b)
	switch {
	case m == 0:
		return appendOp(ops, Op{Insert, off, off, n})
	case n == 0:
		return appendOp(ops, Op{Delete, off, off, m})
	}

	// Fill the cost matrix a row at a time, keeping only the direction
	// bits of every cell for the traceback.
	w := n + 1
	dir := make([]uint8, (m+1)*w)
	prev := make([]int, w)
	cur := make([]int, w)
	for j := range prev {
		prev[j] = j
		dir[j] = fromLeft
	}
	for i := 1; i <= m; i++ {
		cur[0] = i
		dir[i*w] = fromUp
		row := dir[i*w : i*w+w]
		ai := a[i-1]
		for j := 1; j <= n; j++ {
			diag := prev[j-1]
			if ai != b[j-1] {
				diag++
			}
			up, left := prev[j]+1, cur[j-1]+1
			best := min(diag, up, left)
			var d uint8
			if diag == best {
				d |= fromDiag
			}
			if up == best {
				d |= fromUp
			}
			if left == best {
				d |= fromLeft
			}
			cur[j] = best
			row[j] = d
		}
		prev, cur = cur, prev
	}

	// Trace back from the end, collecting single steps in reverse.
	start := len(ops)
	i, j := m, n
	last := Equal
	for i > 0 || j > 0 {
		d := dir[i*w+j]
		var k OpKind
		switch {
		case d&fromDiag != 0 && a[i-1] == b[j-1]:
			k = Equal
		case last == Delete && d&fromUp != 0:
			k = Delete
		case last == Insert && d&fromLeft != 0:
			k = Insert
		case d&fromDiag != 0:
			k = Substitute
		case d&fromUp != 0:
			k = Delete
		default:
			k = Insert
		}
		switch k {
		case Equal, Substitute:
			i, j = i-1, j-1
		case Delete:
			i--
		case Insert:
			j--
		}
		ops = append(ops, Op{k, off + i, off + j, 1})
		last = k
	}

	// Reverse the steps into order, then merge them into runs.
	steps := ops[start:]
	for l, r := 0, len(steps)-1; l < r; l, r = l+1, r-1 {
		steps[l], steps[r] = steps[r], steps[l]
	}
	ops = ops[:start]
	for _, op := range steps {
		ops = appendOp(ops, op)
	}
	return ops
}

// appendOp appends op to ops, extending the last run when op continues it.
// Empty runs are dropped.
func appendOp(ops []Op, op Op) []Op {
	if op.N == 0 {
		return ops
	}
	if len(ops) > 0 {
		p := &ops[len(ops)-1]
		if p.Kind == op.Kind && p.A+advA(p.Kind, p.N) == op.A && p.B+advB(p.Kind, p.N) == op.B {
			p.N += op.N
			return ops
		}
	}
	return append(ops, op)
}

// advA returns how far a run of kind k and length n advances in a.
func advA(k OpKind, n int) int {
	if k == Insert {
		return 0
	}
	return n
}

// advB returns how far a run of kind k and length n advances in b.
func advB(k OpKind, n int) int {
	if k == Delete {
		return 0
	}
	return n
}
