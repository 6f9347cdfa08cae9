package jsondoc

import "slices"

// bracketScan finds, in one pass over a text, the opening brackets that
// ParseLenient tries, in its order, each with what matchBracket gives for
// it: the end of its balanced span, or none. matchBracket alone scans to
// the end of the text for every opening bracket without a match; here
// the matching of every candidate goes on at once.
//
// A match is looked for as matchBracket does: from the opening bracket,
// skipping strings (a quote opens one, an unescaped quote closes it). How
// the text splits into strings and brackets depends on where the scan
// starts: from a bracket inside what an earlier scan took for a string,
// that string's end opens one. The scans that are in the same state (out
// of a string, in one, after a backslash in one) at a byte read the rest
// identically: they form a class, and a class is stepped through the
// text once for all its scans. There are at most three classes at a time.
//
// A class keeps the brackets open of all its scans as a tree of segments
// (see segment); every bracket is pushed once and popped at most once, so
// the whole search is linear in the text.
type bracketScan struct {
	src     []byte
	pos     int      // the next byte to read
	classes []*class // in different states
	// chain lists the opening brackets that may be tried next, in order:
	// the first is the next candidate; each other the one after it if
	// that had no match (the next opening bracket), or the first one past
	// its span if it had. It holds at most room runs.
	chain  []run
	room   int
	lastID int
	cancel <-chan struct{}
	// work counts the bytes looked at, once for each class reading them.
	work int
}

// A run is the search for the match of the opening bracket at lo.
type run struct {
	id, lo, hi int // hi: just past the match (balanced)
	state      runState
}

type runState uint8

const (
	runPending runState = iota
	runBalanced
	runUnbalanced
)

// The states of a class, as matchBracket would be at the byte.
const (
	outOfString    = iota // out of strings
	inString              // in a string
	afterBackslash        // in a string, after a backslash
)

// A class is a set of scans in the same state that read the text alike.
type class struct {
	state uint8
	top   *segment
}

// A segment is a part of the stacks of open brackets of the scans of a
// class: its own brackets, pushed since it was made, over those of the
// segments below it. Each segment below continues a different stack
// (scans that came into the same state from different ones); a bracket
// that closes past the segment's own is matched against each of them.
// Only a class's top segment can be empty; a segment that holds no run,
// and has none below it, is of no use and is dropped.
type segment struct {
	open  []byte     // '{' or '[', the innermost last
	runs  []segRun   // the runs whose opening bracket is open[level], by level
	below []*segment // the stacks this one is on; none for a bottom
}

type segRun struct{ level, id int }

// newBracketScan returns a scan of src for at most room candidates.
func newBracketScan(src []byte, room int, cancel <-chan struct{}) *bracketScan {
	return &bracketScan{src: src, room: room, cancel: cancel}
}

// next returns the next candidate: the offset of its opening bracket and
// just past the bracket that matches it, or hi -1. ok is false when there
// is none (no opening bracket left, or room for no more). A caller that
// takes the candidate's span as its answer stops there; otherwise the
// next candidate is the first opening bracket past the span.
func (s *bracketScan) next() (lo, hi int, ok bool, err error) {
	for {
		if len(s.chain) > 0 && s.chain[0].state != runPending {
			r := s.chain[0]
			s.chain = s.chain[1:]
			s.room--
			if r.state == runBalanced {
				return r.lo, r.hi, true, nil
			}
			return r.lo, -1, true, nil
		}
		if s.room == 0 {
			return 0, 0, false, nil
		}
		if s.pos >= len(s.src) {
			if len(s.chain) == 0 {
				return 0, 0, false, nil
			}
			for i := range s.chain {
				if s.chain[i].state == runPending {
					s.chain[i].state = runUnbalanced
				}
			}
			continue
		}
		if err := s.read(); err != nil {
			return 0, 0, false, err
		}
	}
}

// cancelEvery is how many bytes the scan reads between looks at cancel.
const cancelEvery = 4 << 20

// What a byte is to bracket matching.
const (
	kindOther = iota
	kindQuote
	kindBackslash
	kindOpen
	kindClose
)

var byteKinds = [256]uint8{'"': kindQuote, '\\': kindBackslash, '{': kindOpen, '[': kindOpen, '}': kindClose, ']': kindClose}

// read reads the text on until the first candidate of the chain is
// settled, or to the end.
func (s *bracketScan) read() error {
	src := s.src
	for s.pos < len(src) {
		if len(s.chain) > 0 && s.chain[0].state != runPending {
			return nil
		}
		select {
		case <-s.cancel:
			return ErrCanceled
		default:
		}
		limit := min(len(src), s.pos+cancelEvery)
		switch len(s.classes) {
		case 0:
			// No scan under way: on to the next opening bracket.
			i := s.pos
			for i < limit && byteKinds[src[i]] != kindOpen {
				i++
			}
			s.work += i - s.pos
			s.pos = i
		case 1:
			s.readOne(limit)
		default:
			if !s.anyEscaped() {
				i := s.pos
				for i < limit && byteKinds[src[i]] == kindOther {
					i++
				}
				s.work += (i - s.pos) * len(s.classes)
				s.pos = i
			}
		}
		if s.pos < limit {
			s.step(src[s.pos])
			s.pos++
		}
	}
	return nil
}

// readOne reads the text on in the only class, up to limit, until a byte
// that step must read: a closing bracket, or an opening one that starts a
// run.
func (s *bracketScan) readOne(limit int) {
	k := s.classes[0]
	src, i, state := s.src, s.pos, k.state
	room := len(s.chain) < s.room
loop:
	for ; i < limit; i++ {
		kind := byteKinds[src[i]]
		switch state {
		case outOfString:
			switch kind {
			case kindQuote:
				state = inString
			case kindOpen:
				if room {
					break loop
				}
				k.top.open = append(k.top.open, src[i])
			case kindClose:
				break loop
			}
		case inString:
			switch kind {
			case kindQuote:
				state = outOfString
			case kindBackslash:
				state = afterBackslash
			case kindOpen:
				if room { // it starts a run of its own, in a new class
					break loop
				}
			}
		default: // afterBackslash
			if kind == kindOpen && room {
				break loop
			}
			state = inString
		}
	}
	s.work += i - s.pos
	s.pos, k.state = i, state
}

// anyEscaped reports whether a class is after a backslash in a string,
// where any byte counts.
func (s *bracketScan) anyEscaped() bool {
	for _, k := range s.classes {
		if k.state == afterBackslash {
			return true
		}
	}
	return false
}

// step reads the byte c at s.pos in every class.
func (s *bracketScan) step(c byte) {
	if (c == '{' || c == '[') && len(s.chain) < s.room {
		s.start(c)
	}
	s.work += len(s.classes)
	changed := false
	for _, k := range s.classes {
		switch k.state {
		case outOfString:
			switch c {
			case '"':
				k.state, changed = inString, true
			case '{', '[':
				k.top.open = append(k.top.open, c)
			case '}', ']':
				if !s.pop(k.top, c) {
					k.top = nil
					changed = true
				}
			}
		case inString:
			switch c {
			case '\\':
				k.state, changed = afterBackslash, true
			case '"':
				k.state, changed = outOfString, true
			}
		case afterBackslash:
			k.state, changed = inString, true
		}
	}
	if changed {
		s.settle()
	}
}

// start adds a run for the opening bracket c at s.pos to the chain, and
// to the class out of strings there (a new one if none is). The caller
// then pushes the bracket.
func (s *bracketScan) start(c byte) {
	s.lastID++
	s.chain = append(s.chain, run{id: s.lastID, lo: s.pos})
	var k *class
	for _, x := range s.classes {
		if x.state == outOfString {
			k = x
		}
	}
	if k == nil {
		k = &class{state: outOfString, top: &segment{}}
		s.classes = append(s.classes, k)
	}
	k.top.runs = append(k.top.runs, segRun{level: len(k.top.open), id: s.lastID})
}

// settle drops the classes left with no run, and merges those that have
// come into the same state.
func (s *bracketScan) settle() {
	s.classes = slices.DeleteFunc(s.classes, func(k *class) bool { return k.top == nil })
	for i := 0; i < len(s.classes); i++ {
		for j := i + 1; j < len(s.classes); j++ {
			if a, b := s.classes[i], s.classes[j]; a.state == b.state {
				a.top = &segment{below: append(bottoms(a.top), bottoms(b.top)...)}
				s.classes = slices.Delete(s.classes, j, j+1)
				j--
			}
		}
	}
}

// bottoms returns the segments a merged class's new top segment goes
// over for the old top t: t, or when t is empty the segments below it.
func bottoms(t *segment) []*segment {
	if len(t.open) == 0 {
		return t.below
	}
	return []*segment{t}
}

// pop closes the innermost open bracket of the stacks of seg with the
// closing bracket c at s.pos: a run whose opening bracket it matches is
// balanced, and the runs of a stack whose innermost bracket is of the
// other kind are unbalanced. It returns false when seg is left with no
// run in it or below it.
func (s *bracketScan) pop(seg *segment, c byte) bool {
	if n := len(seg.open); n > 0 {
		if (c == '}') != (seg.open[n-1] == '{') {
			s.fail(seg)
			return false
		}
		seg.open = seg.open[:n-1]
		if k := len(seg.runs); k > 0 && seg.runs[k-1].level == n-1 {
			s.settleRun(seg.runs[k-1].id, runBalanced, s.pos+1)
			seg.runs = seg.runs[:k-1]
		}
		return len(seg.runs) > 0 || len(seg.below) > 0
	}
	reshape := false
	for i, b := range seg.below {
		s.work++
		if !s.pop(b, c) {
			seg.below[i] = nil
			reshape = true
		} else if len(b.open) == 0 {
			reshape = true
		}
	}
	if reshape {
		var below []*segment
		for _, b := range seg.below {
			switch {
			case b == nil:
			case len(b.open) == 0:
				below = append(below, b.below...)
			default:
				below = append(below, b)
			}
		}
		seg.below = below
	}
	return len(seg.below) > 0
}

// fail makes the runs of seg and of the segments below it unbalanced.
func (s *bracketScan) fail(seg *segment) {
	for _, r := range seg.runs {
		s.settleRun(r.id, runUnbalanced, 0)
	}
	for _, b := range seg.below {
		s.fail(b)
	}
}

// settleRun records the outcome of run id, if it is still in the chain.
// A balanced run's span holds the runs after it: none of them will be
// tried.
func (s *bracketScan) settleRun(id int, state runState, hi int) {
	i, found := slices.BinarySearchFunc(s.chain, id, func(r run, id int) int { return r.id - id })
	if !found {
		return
	}
	s.chain[i].state, s.chain[i].hi = state, hi
	if state == runBalanced {
		s.chain = s.chain[:i+1]
	}
}
