package dataset

import (
	"testing"

	"github.com/bytedance/sonic"

	"github.com/jsontui/jsontui/internal/bench"
)

// BenchmarkSonicLines is BenchmarkScore's second yardstick: sonic (a
// JIT-compiled JSON decoder, the fastest of Go's) merely unmarshalling
// every line of the same file into any, on one core, read as
// BenchmarkUnmarshalLines reads it.
func BenchmarkSonicLines(b *testing.B) {
	benchOverFiles(b, sonicLines)
}

// sonicLines unmarshals each non-blank line of the file at path into an
// any with sonic.
func sonicLines(path string) error { return bench.DecodeLines(path, sonic.Unmarshal) }
