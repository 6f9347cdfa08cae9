// Package widgets holds the small parts the explorer's pages share: the
// prompt of the status line and its line input, the status line, the
// help screen generated from the key map, and a JSON value printed in a
// box of a given width (ValueLines).
package widgets
