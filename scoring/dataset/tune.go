package dataset

import (
	"fmt"
	"slices"

	"github.com/jsontui/jsontui/scoring"
)

// What the explorer's weight tuning needs of a Scored beyond SetWeight:
// which paths weigh, their weights file's weights, several weights set as
// one re-weight, the weights a file would set, and a saved file taken as
// the weights file.

// PathWeight is a schema path's weight.
type PathWeight struct {
	Path   string
	Weight float64
}

// TakesWeights reports whether the metric takes the user's weights: when
// it does not, SetWeight returns ErrFixedWeights.
func (d *Scored) TakesWeights() bool { return d.takesWeights }

// Weighs reports whether the schema path has a weight the user may set:
// an object key of the references. The root, array elements and keys only
// outputs have do not.
func (d *Scored) Weighs(path string) bool {
	id, ok := d.index[path]
	return ok && d.byPath[id]
}

// FileWeight returns the weights file's weight of a path that weighs (1
// for a key the file has no entry for), and whether the path weighs.
func (d *Scored) FileWeight(path string) (float64, bool) {
	id, ok := d.index[path]
	if !ok || !d.byPath[id] {
		return 0, false
	}
	return d.acc.paths.at(id).pathWeight, true
}

// Changed reports whether a weight in force differs from the weights
// file's.
func (d *Scored) Changed() bool { return d.changed() }

// ChangedPaths returns the paths whose weight in force differs from the
// weights file's, in tree order.
func (d *Scored) ChangedPaths() []PathWeight {
	var out []PathWeight
	for _, id := range d.order {
		if a := d.acc.paths.at(id); a.hasPathWeight && d.weights[id] != a.pathWeight {
			out = append(out, PathWeight{d.pathName(id), d.weights[id]})
		}
	}
	return out
}

// pathName returns the schema path of path id, "." for the root.
func (d *Scored) pathName(id int32) string {
	if p := d.acc.paths0.String(id); p != "" {
		return p
	}
	return "."
}

// SetWeights sets the weights of several paths (each as SetWeight does)
// and recomputes the figures once. It checks every weight before it sets
// any: on an error nothing changed.
func (d *Scored) SetWeights(ws []PathWeight) error {
	if !d.takesWeights {
		return ErrFixedWeights
	}
	ids := make([]int32, len(ws))
	for k, pw := range ws {
		if !(pw.Weight >= 0 && pw.Weight <= 1) {
			return fmt.Errorf("%s: weight %v is outside [0, 1]", pw.Path, pw.Weight)
		}
		id, ok := d.index[pw.Path]
		switch {
		case !ok:
			return fmt.Errorf("no case has the path %s", pw.Path)
		case !d.byPath[id]:
			return fmt.Errorf("%s has no weight of its own: only object keys of the references weigh", pw.Path)
		}
		ids[k] = id
	}
	changed := false
	for k, id := range ids {
		key := d.entryKey(id)
		for p := range d.weights {
			if d.byPath[p] && d.weights[p] != ws[k].Weight && d.entryKey(int32(p)) == key {
				d.weights[p] = ws[k].Weight
				changed = true
			}
		}
	}
	if changed {
		d.current = nil
		d.reweigh()
	}
	return nil
}

// WeightsOf returns the weight the weights file w gives each path that
// weighs, in tree order: what loading w would set (SetWeights). Its error
// is w's against the cases' keys (an object for a key that is a scalar
// everywhere).
func (d *Scored) WeightsOf(w *scoring.Weights) ([]PathWeight, error) {
	ws, _, _, err := d.ResolveWeights(w)
	return ws, err
}

// ResolveWeights is WeightsOf, with the entries of w that apply to no
// path of any case: the warnings of the first of them and their number,
// as scoring.Tree.IgnoredEntries gives a pair's. It reads the dataset's
// paths only, which never change: it may run while the weights do.
func (d *Scored) ResolveWeights(w *scoring.Weights) (ws []PathWeight, ignored []scoring.Warning, n int, err error) {
	t, err := d.acc.unionTree(w)
	if err != nil {
		return nil, nil, 0, err
	}
	ignored, n = t.IgnoredEntries()
	byID := map[int32]float64{}
	for k, s := range t.Slots() {
		if !s.IsKey() {
			continue
		}
		if id, ok := d.index[t.SchemaPath(k)]; ok && d.byPath[id] {
			byID[id] = s.Weight
		}
	}
	ws = make([]PathWeight, 0, len(byID))
	for _, id := range d.order {
		if v, ok := byID[id]; ok {
			ws = append(ws, PathWeight{d.pathName(id), v})
		}
	}
	return ws, ignored, n, nil
}

// UseWeightsFile takes w, the weights in force as just written to a file
// (MarshalWeights), as the weights file: ResetWeights and FileWeight give
// its weights from now on, and MarshalWeights keeps its shape. The
// weights in force do not change.
func (d *Scored) UseWeightsFile(w *scoring.Weights) {
	d.file = w
	for i := range d.acc.paths.len() {
		if a := d.acc.paths.at(int32(i)); a.hasPathWeight {
			a.pathWeight = d.weights[i]
		}
	}
	d.current = nil
}

// WeightsInForce returns the weights in force as a weights file, parsed:
// the weights file when no weight changed (nil when there is none), else
// MarshalWeights's file.
func (d *Scored) WeightsInForce() (*scoring.Weights, error) { return d.weightsInForce() }

// PathsInOrder returns the schema paths of Figures().Paths, in their
// order.
func (d *Scored) PathsInOrder() []string {
	out := make([]string, len(d.order))
	for k, id := range d.order {
		out[k] = d.pathName(id)
	}
	return out
}

// PathIndex returns the place of a schema path in Figures().Paths, -1 when
// no case has it.
func (d *Scored) PathIndex(path string) int {
	id, ok := d.index[path]
	if !ok {
		return -1
	}
	if k, ok := d.rank[id]; ok {
		return k
	}
	return -1
}

// PathLabel returns the last step of path i of Figures().Paths: its key
// as written in the references, "[]" for an array's elements, "." for
// the root.
func (d *Scored) PathLabel(i int) string {
	if i <= 0 || i >= len(d.order) {
		return "."
	}
	n := d.acc.paths0.snapshotNode(d.order[i])
	if n.elem {
		return "[]"
	}
	return n.key
}

// sameEntry reports whether two paths take their weight from one entry
// of the weights file (`.items.price` and `.items[].price`).
func (d *Scored) sameEntry(a, b string) bool {
	ia, oka := d.index[a]
	ib, okb := d.index[b]
	return oka && okb && d.entryKey(ia) == d.entryKey(ib)
}

// EntryPaths returns the paths that take their weight from the same
// weights entry as path (path included), in tree order: what setting its
// weight sets.
func (d *Scored) EntryPaths(path string) []string {
	var out []string
	for _, id := range d.order {
		p := d.pathName(id)
		if d.byPath[id] && d.sameEntry(path, p) {
			out = append(out, p)
		}
	}
	return slices.Clip(out)
}
