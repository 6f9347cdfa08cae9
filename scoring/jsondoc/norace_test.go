//go:build !race

package jsondoc

const raceEnabled = false
