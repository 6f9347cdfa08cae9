package dataset

import (
	"strconv"
	"strings"
)

// positional reports whether id is the #N name of a case without an id.
func positional(id string) bool {
	if len(id) < 2 || id[0] != '#' {
		return false
	}
	_, err := strconv.ParseUint(id[1:], 10, 64)
	return err == nil
}

// metricOf splits what a case line says of its metric into the metric's
// name and its options.
func metricOf(m string) (name string, options []string) {
	f := strings.Fields(m)
	if len(f) == 0 {
		return "", nil
	}
	return f[0], f[1:]
}
