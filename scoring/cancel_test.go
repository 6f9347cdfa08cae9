package scoring

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/jsontui/jsontui/scoring/textdist"
	"github.com/jsontui/jsontui/scoring/textsim"
)

// randomText returns n random letters.
func randomText(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'a' + byte(r.IntN(26))
	}
	return string(b)
}

// TestBuildContextCancel cancels a build from inside its first string
// comparison, a long one: the comparison stops (textdist.ErrCanceled) and
// the build returns the context's error, comparing nothing more.
func TestBuildContextCancel(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	long1, long2 := randomText(r, 200_000), randomText(r, 200_000)
	in := docs(t, `{"a": "`+long1+`", "b": ["x", "y", "z"]}`, `{"a": "`+long2+`", "b": ["x", "q", "z"]}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls int
	var errs []error
	opt := Options{Strings: func(a, b string, lim textdist.Limits) (textsim.Outcome, error) {
		calls++
		cancel()
		o, err := StringScore(a, b, lim)
		errs = append(errs, err)
		return o, err
	}}
	tree, err := BuildContext(ctx, in.Ref, in.Out, nil, opt)
	if !errors.Is(err, context.Canceled) || tree != nil {
		t.Fatalf("BuildContext = %v, %v; want context.Canceled", tree, err)
	}
	if calls != 1 || !errors.Is(errs[0], textdist.ErrCanceled) {
		t.Fatalf("%d comparisons, errors %v; want one, cancelled", calls, errs)
	}

	in.Context = ctx
	if _, err := Run(jsondiffMetric{}, in); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run with a cancelled context: %v", err)
	}
}

// TestListsBestCancel cancels --lists best while it fills its matrix of
// element scores: it stops within a row.
func TestListsBestCancel(t *testing.T) {
	ref, out := stringLists(300, 20)
	in := docs(t, ref, out)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	opt := Options{Lists: Lists{Mode: ListBest}, Strings: func(a, b string, lim textdist.Limits) (textsim.Outcome, error) {
		if calls++; calls == 1000 {
			cancel()
		}
		return StringScore(a, b, lim)
	}}
	if _, err := BuildContext(ctx, in.Ref, in.Out, nil, opt); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if calls > 1000+300 {
		t.Fatalf("%d comparisons after the cancel at 1,000: the matrix went on", calls)
	}
}
