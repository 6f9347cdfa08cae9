package report

import "github.com/jsontui/jsontui/internal/escape"

// EscapeName returns a file name or path as it is printed for people (see
// escape.Name): as it is when every character of it shows as itself,
// else quoted as a Go string literal.
func EscapeName(name string) string { return escape.Name(name) }
