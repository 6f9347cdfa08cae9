//go:build race

package textdist

// raceEnabled reports that the race detector is on; it makes sync.Pool drop
// items at random, so allocation counts are not meaningful.
const raceEnabled = true
