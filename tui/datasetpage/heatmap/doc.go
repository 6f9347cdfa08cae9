// Package heatmap is the heat map of a dataset's page: a row per path
// as the tree shows it, a column per case as the cases pane lists them,
// each cell the case's score at the path.
package heatmap
