package dataset

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// PathLosses returns, for every case in reference order, what the schema
// path costs its score under the weights in force: the case's loss at its
// nodes there (0 where it has none), in dst's storage. The explorer's
// cases pane shows the cases that lose points at a path from it. It sweeps
// every case once, on every core, comparing nothing again.
func (d *Scored) PathLosses(path string, dst []float64) ([]float64, error) {
	id, ok := d.index[path]
	if !ok {
		return dst, fmt.Errorf("no case has the path %s", path)
	}
	n := d.Len()
	dst = grow(dst, n)
	d.sweepChunks(func(sw *sweeper, c int) {
		for k := c * chunkCases; k < min((c+1)*chunkCases, n); k++ {
			dst[k] = 0
			if d.caseN[k] == d.caseN[k+1] {
				continue
			}
			f := d.frameOf(k)
			sw.weigh(&f, d.weights)
			dst[k] = sw.lossAt(&f, id)
		}
	})
	return dst, nil
}

// sweepChunks calls fn with every chunk of chunkCases cases (its number
// c), on every core: each goroutine with a sweeper of its own, kept in
// d.cache for the next sweep.
func (d *Scored) sweepChunks(fn func(sw *sweeper, c int)) {
	// The replays of the dataset frozen stand aside meanwhile: the
	// user waits for this sweep, not for them.
	d.sweeping.Lock()
	defer d.sweeping.Unlock()
	chunks := (d.Len() + chunkCases - 1) / chunkCases
	workers := min(runtime.GOMAXPROCS(0), chunks)
	for len(d.cache) < workers {
		d.cache = append(d.cache, &sweeper{})
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		sw := d.cache[w]
		sw.fallback = d.fallback
		wg.Go(func() {
			for {
				c := int(next.Add(1)) - 1
				if c >= chunks {
					return
				}
				fn(sw, c)
			}
		})
	}
	wg.Wait()
}

// lossAt returns case f's loss at the nodes of path p, from the node
// weights in s.w and the scores in force: the shares top-down, as a
// re-weight computes them.
func (s *sweeper) lossAt(f *frame, p int32) float64 {
	n := len(f.path)
	score, path := f.score, f.path
	loss := 0.0
	if path[0] == p {
		if sc := score[0]; sc == sc {
			loss += 1 - sc
		}
	}
	s.share = grow(s.share, n)
	share, w := s.share, s.w
	share[0] = 1
	for k, i := range f.cnode {
		_, cs := s.containerSums(f, k)
		first, end := f.cfirst[k], f.cfirst[k]+f.ccount[k]
		sh := share[i]
		for c := first; c < end; c++ {
			sc := score[c]
			if sc != sc {
				share[c] = 0
				continue
			}
			fr := 0.0
			switch {
			case cs.equal:
				fr = 1 / float64(cs.scored)
			case w[c] > 0:
				fr = w[c] / cs.sumW
			}
			share[c] = sh * fr
			if path[c] == p {
				loss += share[c] * (1 - sc)
			}
		}
	}
	return loss
}
