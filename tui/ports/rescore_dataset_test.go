package ports

import (
	"context"
	"errors"
	"path/filepath"
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
