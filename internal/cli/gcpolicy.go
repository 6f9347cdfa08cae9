package cli

import "runtime/debug"

// This file is the garbage collector's policy for `jsontui score` on a
// pair, and for `jsontui aggregate` (reduceGCPercent, at the end): the
// one place that tunes it.
//
// Scoring a pair builds a few large structures that live until the report
// is printed: the files' bytes, the parsed documents and the scored tree
// (its live set; most of it is tables without pointers, cheap to mark).
// Once they are built, what the command allocates is short-lived: the
// weights in force worked out and the figures encoded for the history,
// the record's copies as it is written. The report itself streams through
// buffers it reuses (see report.WriteText). Under the default GC percent
// of 100 the heap may grow to twice the live set before a collection, and
// the resident memory with it: on one object of 1M keys (33.5 MB of
// input), the garbage of working out the weights in force took the peak
// of `score` from 245 MB to 370 MB.
//
// So once scoring is done (settle), the collector runs as soon as the heap
// has grown by settledGCPercent of the live set: the peak stays near the
// live set whatever the rest of the command allocates (a peak of 125–127
// MiB there, 3.92–3.99× the input). And once the report is
// printed and the run encoded, nothing holds the documents and the tree
// any more: before the run is written they are collected and their memory
// handed back to the system (release), so that the record's copies and
// the store's pages read into memory do not come on top of it (on a 25 MB
// pair recorded into a store of a few runs, they took the peak 3 MB past
// the scoring's). With the tree gone the live heap is small, and the
// collection cheap.
//
// While the documents and the tree are built the default stays: what is
// allocated then mostly stays alive, and a lower percent collects more
// often for little (on the 1M-key pair the peak of `score --quiet` is
// 200–250 MB under GOGC=100 and 215–235 MB under GOGC=10, the build
// taking 10% longer).
//
// Below settleMin bytes of input the policy stays the default: on small
// inputs the collections it starts would cost more than the memory they
// save (the pizza case took 18 ms of CPU time instead of 10 when every
// run forced two collections).
//
// BenchmarkScorePeak measures the peak against the input, and
// BenchmarkScoreQuiet the time and the peak on a generated pair.

// settledGCPercent is the GC percent once scoring is done. At 2 the
// collector runs after about 2.5 MB of garbage on the 1M-key pair, whose
// live set is mostly tables without pointers: against 10, the peak of
// `score` there is 2–4 MB lower, and BenchmarkScoreQuiet (25 + 25 MB) takes
// the same time (0.30–0.33 s a score either way) at the same peak.
const settledGCPercent = 2

// settleMin is the size of the reference and output together from which
// the GC percent is lowered once scoring is done.
const settleMin = 16 << 20

// gcPolicy is the collector's policy for one command: settle lowers the GC
// percent once scoring is done, restore puts back what was in force (the
// command may run inside a longer-lived process: the tests).
type gcPolicy struct {
	old     int
	settled bool
}

// settle lowers the GC percent for the rest of the command, once the
// documents and the tree of inputSize bytes of input are built.
func (g *gcPolicy) settle(inputSize int) {
	if g.settled || inputSize < settleMin {
		return
	}
	g.old = debug.SetGCPercent(settledGCPercent)
	g.settled = true
}

// release collects once the documents and the tree are out of reach and
// before the run is recorded, when settled, and hands what they held back
// to the system: the record's copies and the store's pages, which the
// write reads into memory, then come on top of what is still alive rather
// than of everything the tree held. With the tree gone the live heap is
// small, and so is the cost of the collection.
func (g *gcPolicy) release() {
	if g.settled {
		debug.FreeOSMemory()
	}
}

// streamGCPercent is the GC percent while `score` streams a dataset
// whose cases it does not keep. What lives then is small and grows slowly
// (the cases' figures, the index of the outputs, the batches under way),
// and everything else is the garbage of the cases scored: under the
// default of 100 the heap grows to twice the live set, and the resident
// memory with it. At 40 it grows by 40%: on 100 MB of generated cases the
// peak went from 55–60 to 44 MB with two files (0.55 to 0.42 times the
// input), from 46–48 to 37–38 MB with one file, its CPU time within this
// machine's noise (1.07–1.10 s against 1.07–1.5 s; at 30 the peak is 1 MB
// lower again).
const streamGCPercent = 40

// streamOneFileGCPercent is the GC percent while `score` streams the
// records of one file. Its live set is the smallest of the three forms
// (no index of the outputs by id, no lists of files), so a higher percent
// costs little memory, and each collection, which marks the whole live
// set, costs CPU time: on 100 MB of generated cases, at 40 the collector
// ran 13 times for about 80 ms of CPU time (a tenth of the run's), at 100
// half as often, the peak going from 34 to 37–38 MB (0.33 to 0.36 times
// the input). Two files and two folders peaked at 47–54 MB at 100 (0.45–0.52
// times their input) and at 45–49 MB at 70: they keep 40.
const streamOneFileGCPercent = 100

// stream raises or lowers the GC percent while a dataset is streamed (see
// streamGCPercent and, for the records of one file, oneFile,
// streamOneFileGCPercent); restore puts it back.
func (g *gcPolicy) stream(oneFile bool) {
	if g.settled {
		return
	}
	p := streamGCPercent
	if oneFile {
		p = streamOneFileGCPercent
	}
	g.old = debug.SetGCPercent(p)
	g.settled = true
}

// restore puts back the GC percent in force before settle or stream.
func (g *gcPolicy) restore() {
	if g.settled {
		debug.SetGCPercent(g.old)
		g.settled = false
	}
}

// reduceGCPercent is the GC percent while `aggregate` adds up shards.
// What the reduce allocates mostly stays alive to the end (each case's
// figures and id), so a collection finds little garbage and marks a heap
// that is nearly all live: under the default of 100, on 8 shards of a
// 100 MB dataset, the collections took about 8% of its CPU time (0.39 s
// against 0.36 s at 300, means of five interleaved runs each) at the
// same peak (51–56 MB); on 1 GB (591,841 cases) the peak is 300 MB,
// against 282–293 MB at 100 and 317 MB with no collection at all.
const reduceGCPercent = 300

// raiseForReduce sets the GC percent for adding up shards until restore.
func (g *gcPolicy) raiseForReduce() {
	if !g.settled {
		g.old = debug.SetGCPercent(reduceGCPercent)
		g.settled = true
	}
}
