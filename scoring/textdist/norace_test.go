//go:build !race

package textdist

const raceEnabled = false
