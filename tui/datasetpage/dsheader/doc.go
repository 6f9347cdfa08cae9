// Package dsheader is the head of a dataset's page: its files and
// metric, the score with its interval and histogram, how the cases were
// read and their statuses, the agreement with labels, the comparison
// with a run, and the warnings, which `!` expands.
package dsheader
