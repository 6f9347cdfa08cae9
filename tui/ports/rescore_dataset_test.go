package ports

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/dataset"
)

// TestRescoreDatasetCancelled: the engine's rescorer stops with the
// context's error, and refuses a dataset read from standard input.
func TestRescoreDatasetCancelled(t *testing.T) {
	spec := dataset.Spec{Ref: filepath.Join("..", "..", "testdata", "cases", "dataset-small", "data.jsonl")}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := RescoreDataset(spec, dataset.Config{})(ctx, DatasetRescoreRequest{Metric: "lynxius"}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	_, err := RescoreDataset(dataset.Spec{Ref: "-"}, dataset.Config{})(context.Background(), DatasetRescoreRequest{Metric: "lynxius"}, nil)
	if err == nil || err.Error() != "the dataset was read from standard input: it cannot be read again to score it otherwise" {
		t.Errorf("standard input: %v", err)
	}
}

// TestRescoreDatasetProgress: what the rescorer reports never runs ahead
// of the cases scored (the bytes are those of the records of the cases
// counted, or of one fewer), comes at least every ProgressStep bytes,
// and ends at the whole file.
func TestRescoreDatasetProgress(t *testing.T) {
	var b strings.Builder
	var ends []int64
	for i := range 2000 {
		fmt.Fprintf(&b, `{"expected": {"x": %d, "s": %q}, "output": {"x": %d}}`+"\n", i, strings.Repeat("a", i%50), i%3)
		ends = append(ends, int64(b.Len()))
	}
	path := filepath.Join(t.TempDir(), "d.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	var got []DatasetProgress
	_, err := RescoreDataset(dataset.Spec{Ref: path}, dataset.Config{Workers: 4})(context.Background(),
		DatasetRescoreRequest{Metric: "lynxius"}, func(p DatasetProgress) { got = append(got, p) })
	if err != nil {
		t.Fatal(err)
	}
	var last int64
	for _, p := range got {
		if p.Total != int64(b.Len()) {
			t.Fatalf("total %d, want %d", p.Total, b.Len())
		}
		if p.Cases == 0 {
			continue
		}
		if p.Read != ends[p.Cases-1] && (p.Cases < 2 || p.Read != ends[p.Cases-2]) {
			t.Fatalf("%d bytes done after %d cases: the records of case %d end at %d", p.Read, p.Cases, p.Cases, ends[p.Cases-1])
		}
		if p.Read-last > ProgressStep+200 {
			t.Fatalf("a report after %d bytes, then %d", last, p.Read)
		}
		last = p.Read
	}
	if end := got[len(got)-1]; end.Cases != 2000 || end.Read != int64(b.Len()) {
		t.Errorf("last report %+v", end)
	}
}
