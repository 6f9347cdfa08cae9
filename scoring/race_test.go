//go:build race

package scoring

// raceEnabled reports that the race detector is on: timings are then
// meaningless.
const raceEnabled = true
