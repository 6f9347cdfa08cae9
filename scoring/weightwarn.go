package scoring

import (
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/textdist"
)

// weightWarnings returns dst followed by a warning for each weights entry
// that applied to nothing: a key the reference does not have at that place
// (with the nearest key it does have), or a loopback naming another key.
func (t *Tree) weightWarnings(dst []Warning) []Warning {
	levels := map[jsondoc.ID][]int32{} // weights object -> the slots it weighs the keys of
	owner := map[jsondoc.ID]int32{}    // weights object -> the key slot it belongs to
	for i := range t.slots {
		s := &t.slots[i]
		if s.level == jsondoc.None {
			continue
		}
		levels[s.level] = append(levels[s.level], int32(i))
		if _, ok := owner[s.level]; !ok && s.IsKey() {
			owner[s.level] = int32(i)
		}
	}
	owner[0] = -1
	return t.warnLevel(dst, 0, levels, owner)
}

func (t *Tree) warnLevel(dst []Warning, level jsondoc.ID, levels map[jsondoc.ID][]int32, owner map[jsondoc.ID]int32) []Warning {
	d := t.weights.doc
	own := owner[level]
	for c := d.Child(level); c != jsondoc.None; c = d.Next(c) {
		if t.used[c] {
			if d.Kind(c) == jsondoc.Object {
				dst = t.warnLevel(dst, c, levels, owner)
			}
			continue
		}
		key := d.Key(c)
		line, col := d.KeyPosition(c)
		var msg string
		switch {
		case strings.HasPrefix(key, "__") && own < 0:
			msg = fmt.Sprintf("%q looks like a loopback, but the root has no weight of its own; it is ignored", key)
		case strings.HasPrefix(key, "__") && len(key) > 2:
			msg = fmt.Sprintf("loopback %q names another key; the loopback for %s is %q; it is ignored",
				key, t.SchemaPath(int(own)), "__"+t.slots[own].Key)
		default:
			place := "at the top level"
			if own >= 0 {
				place = "below " + t.SchemaPath(int(own))
			}
			msg = fmt.Sprintf("the reference has no key %q %s; the entry is ignored", key, place)
			if near := t.nearestKey(levels[level], key); near != "" {
				msg += fmt.Sprintf("; did you mean %q?", near)
			}
		}
		dst = append(dst, Warning{Path: weightsPath(d, c), Message: posPrefix(d.Name(), line, col) + msg})
	}
	return dst
}

// nearestKey returns the reference key closest to key among those below
// the slots ctxs, or "" if none is close.
func (t *Tree) nearestKey(ctxs []int32, key string) string {
	best, bestD := "", -1
	for _, ctx := range ctxs {
		for _, k := range t.slots[ctx].kids {
			cand := t.slots[k].Key
			d := textdist.LevenshteinString(strings.ToLower(key), strings.ToLower(cand))
			if bestD < 0 || d < bestD {
				best, bestD = cand, d
			}
		}
	}
	if bestD < 0 || bestD > max(2, len([]rune(key))/3) {
		return ""
	}
	return best
}
