//go:build race

package jsondoc

// raceEnabled reports that the race detector is on: it allocates on its
// own, and sync.Pool drops what it is given at random.
const raceEnabled = true
