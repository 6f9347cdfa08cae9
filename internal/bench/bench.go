// Package bench holds what the benchmarks of several packages share: the
// CPU time the process has used (which a machine shared with other work
// inflates less than it does wall times), and the yardstick of the
// dataset benchmarks, encoding/json unmarshalling a file's lines.
package bench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"testing"
	"time"
)

// ReportCPU reports to b the CPU time per operation (cpu-ms/op) used
// since start, a CPUTime.
func ReportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(CPUTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// UnmarshalLines unmarshals every line of the file at path into any, as
// encoding/json would read a file of records: the yardstick of the
// headless score benchmarks. Blank lines are skipped.
func UnmarshalLines(path string) error { return DecodeLines(path, json.Unmarshal) }

// DecodeLines decodes every non-blank line of the file at path into an
// any with unmarshal (encoding/json's signature), as UnmarshalLines does
// with encoding/json: a yardstick with another decoder.
func DecodeLines(path string, unmarshal func([]byte, any) error) error {
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
		if err := unmarshal(sc.Bytes(), &v); err != nil {
			return err
		}
	}
	return sc.Err()
}
