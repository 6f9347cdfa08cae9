package scoring

import (
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/textdist"
)

// warnings appends to dst the document warnings and then a warning for each
// weights entry that applied to nothing: a key the reference does not have
// at that place (with the nearest key it does have), or a loopback naming
// another key.
func (r *resolver) warnings(dst, docWarnings []Warning) []Warning {
	dst = append(dst, docWarnings...)
	if r.w == nil {
		return dst
	}
	owner := map[jsondoc.ID]int32{}
	for i := range r.t.slots {
		if s := &r.t.slots[i]; s.IsKey() && s.level != jsondoc.None {
			if _, ok := owner[s.level]; !ok {
				owner[s.level] = int32(i)
			}
		}
	}
	return r.warnLevel(dst, 0, -1, owner)
}

func (r *resolver) warnLevel(dst []Warning, level jsondoc.ID, own int32, owner map[jsondoc.ID]int32) []Warning {
	d := r.w.doc
	t := r.t
	for c := d.Child(level); c != jsondoc.None; c = d.Next(c) {
		if r.used[c] {
			if d.Kind(c) == jsondoc.Object {
				dst = r.warnLevel(dst, c, owner[c], owner)
			}
			continue
		}
		key := d.Key(c)
		line, col := d.KeyPosition(c)
		at := posPrefix(d.Name(), line, col)
		path := weightsPath(d, c)
		place := "at the top level"
		if own >= 0 {
			place = "below " + t.SchemaPath(int(own))
		}
		var msg string
		switch {
		case strings.HasPrefix(key, "__") && own < 0:
			msg = fmt.Sprintf("%q looks like a loopback, but the root has no weight of its own; it is ignored", key)
		case strings.HasPrefix(key, "__") && len(key) > 2:
			msg = fmt.Sprintf("loopback %q names another key; the loopback for %s is %q; it is ignored",
				key, t.SchemaPath(int(own)), "__"+t.slots[own].Key)
		default:
			msg = fmt.Sprintf("the reference has no key %q %s; the entry is ignored", key, place)
			if near := r.nearestKey(level, key); near != "" {
				msg += fmt.Sprintf("; did you mean %q?", near)
			}
		}
		dst = append(dst, Warning{Path: path, Message: at + msg})
	}
	return dst
}

// nearestKey returns the reference key closest to key among those the
// weights object level weighs, or "" if none is close.
func (r *resolver) nearestKey(level jsondoc.ID, key string) string {
	best, bestD := "", -1
	seen := map[string]bool{}
	for _, ctx := range r.levels[level] {
		for _, k := range r.t.slots[ctx].kids {
			cand := r.t.slots[k].Key
			if seen[cand] {
				continue
			}
			seen[cand] = true
			d := textdist.LevenshteinString(strings.ToLower(key), strings.ToLower(cand))
			if bestD < 0 || d < bestD {
				best, bestD = cand, d
			}
		}
	}
	limit := max(2, len([]rune(key))/3)
	if bestD < 0 || bestD > limit {
		return ""
	}
	return best
}
