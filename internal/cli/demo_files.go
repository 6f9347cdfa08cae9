package cli

import _ "embed"

// The explorer's example, which `jsontui demo` opens with no files at
// hand: the pizza menu, the worked example of docs/scoring.md.
var (
	//go:embed demo/pizza/reference.json
	demoReference []byte
	//go:embed demo/pizza/output.json
	demoOutput []byte
	//go:embed demo/pizza/weights.json
	demoWeights []byte
)

// demoFile is one file of the example.
type demoFile struct {
	Name string
	Data []byte
}

// demoFiles returns the reference, the output and the weights of the
// example (copies: the caller may keep them).
func demoFiles() (ref, out, w demoFile) {
	cp := func(b []byte) []byte { return append([]byte(nil), b...) }
	return demoFile{"pizza/reference.json", cp(demoReference)}, demoFile{"pizza/output.json", cp(demoOutput)}, demoFile{"pizza/weights.json", cp(demoWeights)}
}
