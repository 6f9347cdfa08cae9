package dataset

import (
	"bufio"
	"bytes"
	"os"
	"testing"

	"github.com/bytedance/sonic"
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
func sonicLines(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var v any
		if err := sonic.Unmarshal(sc.Bytes(), &v); err != nil {
			return err
		}
	}
	return sc.Err()
}
