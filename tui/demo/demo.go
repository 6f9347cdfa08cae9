// Package demo bundles the explorer's example: the pizza menu,
// the worked example of docs/scoring.md, so that `jsontui demo` shows the explorer with no
// files at hand.
package demo

import _ "embed"

// The example's files.
var (
	//go:embed pizza/reference.json
	reference []byte
	//go:embed pizza/output.json
	output []byte
	//go:embed pizza/weights.json
	weights []byte
)

// File is one bundled file.
type File struct {
	Name string
	Data []byte
}

// Files returns the reference, the output and the weights of the example
// (copies: the caller may keep them).
func Files() (ref, out, w File) {
	cp := func(b []byte) []byte { return append([]byte(nil), b...) }
	return File{"pizza/reference.json", cp(reference)}, File{"pizza/output.json", cp(output)}, File{"pizza/weights.json", cp(weights)}
}
