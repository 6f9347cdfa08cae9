//go:build unix

package bench

import (
	"os"
	"testing"
)

func TestCPUTimeGrows(t *testing.T) {
	start := CPUTime()
	x := 0
	for i := range 50_000_000 {
		x += i ^ x
	}
	if CPUTime() <= start || x == 1 {
		t.Errorf("CPU time %v, then %v", start, CPUTime())
	}
}

func TestUnmarshalLines(t *testing.T) {
	dir := t.TempDir()
	good, bad := dir+"/good.jsonl", dir+"/bad.jsonl"
	os.WriteFile(good, []byte("{\"a\": 1}\n\n  \n[1, 2]\n"), 0o644)
	os.WriteFile(bad, []byte("{\"a\": 1}\n{\"a\": }\n"), 0o644)
	if err := UnmarshalLines(good); err != nil {
		t.Error(err)
	}
	if err := UnmarshalLines(bad); err == nil {
		t.Error("a line that is no JSON went through")
	}
}
