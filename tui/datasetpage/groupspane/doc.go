// Package groupspane is the groups pane of a dataset's page: the figures
// of each value of the field the cases were grouped by (--group-by),
// under the weights in force.
package groupspane
