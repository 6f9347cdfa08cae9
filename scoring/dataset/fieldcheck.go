package dataset

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/setting"
	"github.com/jsontui/jsontui/scoring/textdist"
)

// Bounds on what is kept of the records that lack the output field: the
// keys of the first keySampleRecords of them, at most keySampleKeys a
// record, and at most keyListed keys named in the error.
const (
	keySampleRecords = 1000
	keySampleKeys    = 64
	keyListed        = 8
)

// lackingField counts the records of one file of records that have no
// output field: when no record has one, the dataset is an error naming
// the names tried and the keys the records do have (docs/datasets.md); when some
// lack it, one warning counts them.
type lackingField struct {
	n         int            // records without the output field
	firstLine int            // the first one's line
	keys      map[string]int // the keys of the first keySampleRecords of them
	sampled   int
}

// add notes a case's record when it lacks the output field.
func (l *lackingField) add(res *caseResult) {
	if res.lacksLine == 0 {
		return
	}
	l.n++
	if l.firstLine == 0 {
		l.firstLine = res.lacksLine
	}
	if l.sampled >= keySampleRecords {
		return
	}
	l.sampled++
	if l.keys == nil {
		l.keys = make(map[string]int)
	}
	for _, k := range res.recordKeys {
		l.keys[k]++
	}
}

// recordKeys returns the keys of record value rec of d, at most
// keySampleKeys of them.
func recordKeys(d *jsondoc.Doc, rec jsondoc.ID) []string {
	var keys []string
	for c := d.Child(rec); c != jsondoc.None && len(keys) < keySampleKeys; c = d.Next(c) {
		keys = append(keys, strings.Clone(d.Key(c)))
	}
	return keys
}

// commonKeys names the keys most records have, most common first (then
// in lexical order), as paths with their counts: `.pred (300), .id (300)`;
// without counts when withCounts is false.
func commonKeys(counts map[string]int, withCounts bool) string {
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if c := cmp.Compare(counts[b], counts[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	var parts []string
	for i, k := range keys {
		if i == keyListed {
			parts = append(parts, fmt.Sprintf("and %d more", len(keys)-keyListed))
			break
		}
		p := jsondoc.MessagePath(keyPath(k))
		if withCounts {
			p += " (" + strconv.Itoa(counts[k]) + ")"
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return "no keys"
	}
	return strings.Join(parts, ", ")
}

// keyPath is the path of a record's key.
func keyPath(k string) string { return string(jsondoc.AppendKey(nil, k)) }

// check returns the error of a dataset none of whose refCases records has
// the output field, or adds the warning of one where some lack it.
func (l *lackingField) check(r *runner) error {
	if l.n == 0 {
		return nil
	}
	s := r.src
	file := escape.Name(s.refRecs.Name())
	if l.n == r.acc.refCases {
		return setting.Errorf(setting.Esc(fmt.Sprintf("%s: no record has an output field (tried %s); the records have %s: name the output's field with ",
			file, s.out.describe(), commonKeys(l.keys, true)))+"%[1]s", "out-field")
	}
	r.acc.warn(".", fmt.Sprintf("%d of %d records have no output field (%s), the first at %s:%d: their cases are missing",
		l.n, r.acc.refCases, s.out.describe(), file, l.firstLine))
	return nil
}

// checkIDs warns when --id-field names a field no record has: the cases
// are then named #N.
func (r *runner) checkIDs() {
	s := r.src
	if s.spec.IDField == "" || r.idsSeen > 0 || r.acc.refCases == 0 {
		return
	}
	r.acc.warnSetting(".", setting.New("id-field", s.spec.IDField,
		"no record has this field: the cases are named by their record numbers (#1, #2, ...)"+didYouMean(s.id.steps, s.idKeys)))
}

// countKeys counts each key once.
func countKeys(keys []string) map[string]int {
	m := make(map[string]int, len(keys))
	for _, k := range keys {
		m[k]++
	}
	return m
}

// didYouMean suggests, for a field path no record has, the path through
// the first record's keys, with its first step that record lacks
// replaced by the nearest key there: "; did you mean .category?" for
// .categry, "; did you mean .meta.category?" for .meta.categry or
// .mta.category; "" when none is near. levels
// are the keys along the path (keysAlong).
func didYouMean(steps []scoring.PathStep, levels [][]string) string {
	for i, keys := range levels {
		if i >= len(steps) || steps[i].IsIndex {
			return ""
		}
		if slices.Contains(keys, steps[i].Key) {
			continue
		}
		near := nearestKey(steps[i].Key, keys)
		if near == "" {
			return ""
		}
		fixed := slices.Clone(steps)
		fixed[i].Key = near
		return "; did you mean " + jsondoc.MessagePath(stepsPath(fixed)) + "?"
	}
	return ""
}

// stepsPath writes a field path's steps as a path: .meta.category,
// .items[0].sku.
func stepsPath(steps []scoring.PathStep) string {
	var b []byte
	for _, st := range steps {
		if st.IsIndex {
			b = jsondoc.AppendIndex(b, st.Index)
		} else {
			b = jsondoc.AppendKey(b, st.Key)
		}
	}
	return string(b)
}

// keysAlong returns the keys of the first record of rr, then those of
// the object at each key step of steps in it, as far as the path goes
// through objects the record has: what didYouMean picks from.
func keysAlong(rr *RecordReader, steps []scoring.PathStep) [][]string {
	if len(steps) == 0 {
		return nil
	}
	rec, err := rr.peekAt(0)
	if err != nil {
		return nil
	}
	d, err := jsondoc.Parse(rr.name, rec.Data, nil)
	if err != nil {
		return nil
	}
	var levels [][]string
	id := jsondoc.ID(0)
	for _, st := range steps {
		if d.Kind(id) != jsondoc.Object || st.IsIndex {
			break
		}
		var keys []string
		for c := d.Child(id); c != jsondoc.None; c = d.Next(c) {
			keys = append(keys, d.Key(c))
		}
		levels = append(levels, keys)
		if id = d.Lookup(id, st.Key); id == jsondoc.None {
			break
		}
	}
	return levels
}

// nearestKey returns the key of keys nearest to k (within 2 edits, or a
// third of k's length), "" for none.
func nearestKey(k string, keys []string) string {
	best, bestD := "", -1
	for _, c := range keys {
		if len(c) > 64 || len(k) > 64 {
			continue
		}
		d := textdist.LevenshteinString(strings.ToLower(k), strings.ToLower(c))
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	if bestD < 0 || bestD > max(2, len(k)/3) {
		return ""
	}
	return best
}
