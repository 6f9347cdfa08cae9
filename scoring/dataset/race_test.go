//go:build race

package dataset

// raceEnabled reports that the race detector is on: a test of many
// thousands of paths then takes tens of seconds.
const raceEnabled = true
