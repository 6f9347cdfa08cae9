package scoring

import (
	"runtime"
	"sync"
)

// Status is the outcome of comparing a node's reference and output values.
type Status uint8

// The statuses, as docs/scoring.md names them.
const (
	Match    Status = iota // score 1
	Partial                // 0 < score < 1
	Mismatch               // score 0, same type
	Missing                // the output lacks the value
	Extra                  // only the output has the value
	Type                   // the output's value is of another type
	Ignored                // no score: nothing below takes part
)

var statusNames = [...]string{"match", "partial", "mismatch", "missing", "extra", "type", "ignored"}

// String returns the status's name.
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "status?"
}

// Statuses lists every status in display order.
var Statuses = []Status{Match, Partial, Mismatch, Missing, Extra, Type, Ignored}

// base is how a node's two sides relate, fixed when the tree is built; the
// status also depends on the score, which weights change.
type base uint8

const (
	compared base = iota // both sides, same type: the status follows the score
	missing
	extra
	typeMismatch
)

// statusOf derives the status from the node's base and score.
func statusOf(b base, score float64, has bool) Status {
	switch b {
	case extra:
		return Extra
	case missing:
		if !has {
			return Ignored
		}
		return Missing
	case typeMismatch:
		if !has {
			return Ignored
		}
		return Type
	}
	switch {
	case !has:
		return Ignored
	case score == 1:
		return Match
	case score == 0:
		return Mismatch
	default:
		return Partial
	}
}

// StatusCounts returns how many nodes have each status, indexed by
// Status. Building the tree counts them on the way; after a weight is set
// they are counted again, on as many goroutines as there are cores when
// the tree is large.
func (t *Tree) StatusCounts() [7]int {
	if t.counted {
		return t.counts
	}
	n := t.Len()
	parts := 1
	if n >= 1<<16 {
		parts = runtime.GOMAXPROCS(0)
	}
	counts := make([][7]int, parts)
	var wg sync.WaitGroup
	for p := range parts {
		wg.Go(func() {
			c := &counts[p]
			for id := n * p / parts; id < n*(p+1)/parts; id++ {
				c[t.Status(NodeID(id))]++
			}
		})
	}
	wg.Wait()
	var total [7]int
	for _, c := range counts {
		for s, k := range c {
			total[s] += k
		}
	}
	return total
}
