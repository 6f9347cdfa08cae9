package pair

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
)

// Weights files of the pizza case, for the runs of a fake history.
const (
	halfMargherita = `{"margherita": 0.5, "beer": 0.25, "fixed_menus": {"__fixed_menus": 0.8, "menu_name": 0, "pizza": 0.5, "drink": 0.5}}`
	beerCounts     = `{"margherita": 0.2, "beer": 1, "fixed_menus": {"__fixed_menus": 1, "menu_name": 0, "pizza": 0.25}}`
	// withStray weighs a key the pizza reference does not have.
	withStray = `{"margherita": 0.5, "pineapple": 0.3}`
)

// fakeHistory is a History in memory.
type fakeHistory struct {
	mu sync.Mutex
	// runs are the pair's runs, newest first; others are runs of another
	// pair, which only `a` lists.
	runs, others []*ports.RunDetail
	// err, when set, is what every method returns.
	err error
	// lists counts the calls of Runs, by all.
	lists map[bool]int
}

// runID returns the id of the i-th fake run: distinct in its first 10
// characters, like real ids a few seconds apart.
func runID(i int) string { return fmt.Sprintf("1hthq%02dk7m2p9a4r8z6w", i) }

// runTime is when the i-th fake run happened.
func runTime(i int) time.Time {
	return time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(i) * 17 * time.Minute)
}

// pizzaRun scores the pizza case under a weights file (text; "" for
// none) as the i-th recorded run.
func pizzaRun(t testing.TB, i int, label, source, weightsName, weights string) *ports.RunDetail {
	t.Helper()
	l := loadPair(t, tuitest.ReadFile(t, filepath.Join(pizzaDir, "reference.json")), tuitest.ReadFile(t, filepath.Join(pizzaDir, "output.json")), weights)
	rep := l.Tree.Report("jsondiff", nil)
	r := &ports.RunDetail{RunSummary: ports.RunSummary{
		ID: runID(i), Time: runTime(i), Label: label, Source: source, Metric: "jsondiff",
		Reference: "reference.json", Output: "output.json", Weights: weightsName,
		Score: rep.Score, HasScore: rep.HasScore, Pair: "reference.json\x00output.json", ThisPair: true,
	}}
	if weights != "" {
		r.WeightsJSON = []byte(weights)
	}
	for n := range rep.Nodes {
		r.Nodes = append(r.Nodes, ports.RunNode{Path: strings.Clone(n.Path), Score: n.Score, HasScore: n.HasScore})
	}
	return r
}

// pizzaHistory returns a history of five runs of the pizza case: four by
// `jsontui score` under different weights, then the explorer's opening.
func pizzaHistory(t testing.TB) *fakeHistory {
	base := tuitest.ReadFile(t, filepath.Join(pizzaDir, "weights.json"))
	f := &fakeHistory{lists: map[bool]int{}}
	f.add(pizzaRun(t, 0, "no weights", "score", "", ""))
	f.add(pizzaRun(t, 1, "baseline", "score", "weights.json", base))
	f.add(pizzaRun(t, 2, "margherita half", "score", "w-half.json", halfMargherita))
	beer := pizzaRun(t, 3, "beer counts", "score", "w-low.json", beerCounts)
	beer.Count, beer.LastSeen = 3, runTime(3).Add(11*time.Minute) // run again twice, as it was
	f.add(beer)
	f.add(pizzaRun(t, 4, "", "tui", "weights.json", base))
	other := pizzaRun(t, 5, "other pair", "score", "", "")
	other.Reference, other.Output, other.Pair, other.ThisPair = "menu.json", "answer.json", "menu.json\x00answer.json", false
	f.others = append(f.others, other)
	return f
}

// add records r as the newest run of the pair, with its Δ.
func (f *fakeHistory) add(r *ports.RunDetail) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.runs) > 0 && f.runs[0].HasScore && r.HasScore {
		r.Delta, r.HasDelta = r.Score-f.runs[0].Score, true
	}
	f.runs = append([]*ports.RunDetail{r}, f.runs...)
}

func (f *fakeHistory) Runs(all bool) ([]ports.RunSummary, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lists[all]++
	if f.err != nil {
		return nil, f.err
	}
	var out []ports.RunSummary
	for _, r := range f.runs {
		out = append(out, r.RunSummary)
	}
	if all {
		for _, r := range f.others {
			out = append(out, r.RunSummary)
		}
		slices.SortStableFunc(out, func(a, b ports.RunSummary) int { return b.Time.Compare(a.Time) })
	}
	return out, nil
}

func (f *fakeHistory) find(id string) *ports.RunDetail {
	for _, r := range append(f.runs[:len(f.runs):len(f.runs)], f.others...) {
		if r.ID == id {
			return r
		}
	}
	return nil
}

func (f *fakeHistory) Run(id string) (*ports.RunDetail, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return nil, f.err
	}
	r := f.find(id)
	if r == nil {
		return nil, errors.New("no such run: " + id)
	}
	cp := *r
	return &cp, nil
}

func (f *fakeHistory) SetLabel(id, label string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return f.err
	}
	r := f.find(id)
	if r == nil {
		return errors.New("no such run: " + id)
	}
	r.Label = label
	return nil
}

func (f *fakeHistory) Best(c ports.RunConfig) (ports.RunSummary, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return ports.RunSummary{}, false, f.err
	}
	var best ports.RunSummary
	ok := false
	for _, r := range f.runs {
		if r.HasScore && r.Metric == c.Metric && slices.Equal(r.Options, c.Options) && bytes.Equal(r.RulesJSON, c.RulesJSON) &&
			(!ok || r.Score > best.Score) {
			best, ok = r.RunSummary, true
		}
	}
	return best, ok, nil
}

// pizzaWithHistory is the pizza case with the fake history.
func pizzaWithHistory(t testing.TB) (ports.Options, *fakeHistory) {
	opts := pizza(t)
	h := pizzaHistory(t)
	opts.History = h
	return opts, h
}
