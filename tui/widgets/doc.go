// Package widgets holds the small parts the explorer's pages share: the
// prompt of the status line and its line input, the status line, and the
// help screen generated from the key map.
package widgets
