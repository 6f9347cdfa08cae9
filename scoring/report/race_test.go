//go:build race

package report_test

// raceEnabled reports that the race detector is on: its instrumentation
// allocates, and allocation counts are then meaningless.
const raceEnabled = true
