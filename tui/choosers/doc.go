// Package choosers holds the two boxes both pages open over the tree:
// the metric chooser with its options form, and the rules chooser of a
// key (or a dataset's path).
package choosers
