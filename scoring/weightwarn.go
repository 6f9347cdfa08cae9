package scoring

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/scoring/textdist"
)

// A tree keeps the first report.MaxWarnings warnings of each kind (those
// of each document, those of the weights file) and counts the others:
// only so many are ever shown, and a weights file written for another
// reference can hold a million entries that apply to nothing. Since each
// kind keeps at least the first report.MaxWarnings, the first of all the
// kept warnings, in order, are the first of all warnings.
const maxWarnings = report.MaxWarnings

// The documents must keep at least as many of their warnings.
var _ [jsondoc.MaxWarnings - maxWarnings]struct{}

// Bounds on "did you mean" suggestions: a suggestion looks at the first
// suggestScan keys of the reference at that place, compares the entry's
// key with at most suggestCandidates of them (those whose length could be
// close enough), and with none when it is longer than suggestMaxLen
// characters. Only the warnings kept get one (at most maxWarnings a
// resolve), so a resolve compares at most maxWarnings·suggestCandidates
// pairs of at most suggestMaxLen characters.
const (
	suggestScan       = 20_000
	suggestCandidates = 2_000
	suggestMaxLen     = 64
)

// warnings collects warnings of one kind: the first maxWarnings, and the
// number of others.
type warnings struct {
	list    []Warning
	omitted int
}

// full reports whether further warnings are only counted.
func (w *warnings) full() bool { return len(w.list) >= maxWarnings }

func (w *warnings) add(wn Warning) {
	if w.full() {
		w.omitted++
		return
	}
	w.list = append(w.list, wn)
}

// weightWarnings collects a warning for each weights entry that applied
// to nothing: a key the reference does not have at that place (with the
// nearest key it does have), or a loopback naming another key. It counts
// them all in t.ignored.
func (t *Tree) weightWarnings() warnings {
	levels := map[jsondoc.ID][]int32{} // weights object -> the slots it weighs the keys of
	owner := map[jsondoc.ID]int32{}    // weights object -> the key slot it belongs to
	for i, e := range t.sl.ext {
		if e == 0 {
			continue
		}
		level := t.sl.exts[e-1].level
		if level == jsondoc.None {
			continue
		}
		levels[level] = append(levels[level], int32(i))
		if _, ok := owner[level]; !ok && t.slotIsKey(int32(i)) {
			owner[level] = int32(i)
		}
	}
	owner[0] = -1
	var out warnings
	t.ignored = 0
	t.warnLevel(&out, 0, nil, levels, owner)
	return out
}

// warnLevel warns about the entries of weights object level, whose path
// is path, and those of the objects below it.
func (t *Tree) warnLevel(out *warnings, level jsondoc.ID, path []byte, levels map[jsondoc.ID][]int32, owner map[jsondoc.ID]int32) {
	d := t.weights.doc
	own := owner[level]
	for c := d.Child(level); c != jsondoc.None; c = d.Next(c) {
		if t.used[c] {
			if d.Kind(c) == jsondoc.Object {
				t.warnLevel(out, c, jsondoc.AppendKey(path, d.Key(c)), levels, owner)
			}
			continue
		}
		t.ignored++
		if out.full() {
			out.omitted++
			continue
		}
		key := d.Key(c)
		line, col := d.KeyPosition(c)
		var msg string
		switch {
		case strings.HasPrefix(key, "__") && own < 0:
			msg = fmt.Sprintf("%s looks like a loopback, but the root has no weight of its own; it is ignored", jsondoc.MessageKey(key))
		case strings.HasPrefix(key, "__") && len(key) > 2:
			msg = fmt.Sprintf("loopback %s names another key; the loopback for %s is %s; it is ignored",
				jsondoc.MessageKey(key), jsondoc.MessagePath(t.SchemaPath(int(own))), jsondoc.MessageKey("__"+t.slotKey(own)))
		default:
			place := "at the top level"
			if own >= 0 {
				place = "below " + jsondoc.MessagePath(t.SchemaPath(int(own)))
			}
			msg = fmt.Sprintf("the reference has no key %s %s; the entry is ignored", jsondoc.MessageKey(key), place)
			switch near, compared, of := t.nearestKey(levels[level], key); {
			case near == "":
			case compared < of:
				msg += fmt.Sprintf("; the nearest of the first %s of its %s keys is %s",
					report.Count(compared), report.Count(of), jsondoc.MessageKey(near))
			default:
				msg += fmt.Sprintf("; did you mean %s?", jsondoc.MessageKey(near))
			}
		}
		out.add(Warning{Path: string(jsondoc.AppendKey(path, key)), Message: posPrefix(d.Name(), line, col) + msg})
	}
}

// nearestKey returns the reference key closest to key among those below
// the slots ctxs, or "" if none is close: at most a third of key's
// characters (and at least 2) apart, ignoring case. The search is bounded
// (see suggestScan): when it stops short, near is the nearest of the keys
// looked at, compared of all keys there, of (compared < of), unless it is
// one edit away: a likely typo, suggested as such.
func (t *Tree) nearestKey(ctxs []int32, key string) (near string, compared, of int) {
	for _, ctx := range ctxs {
		of += t.kids(ctx).Len()
	}
	n := utf8.RuneCountInString(key)
	if n > suggestMaxLen {
		return "", of, of
	}
	limit := max(2, n/3)
	lower := strings.ToLower(key)
	best, bestD, tried, scanned := "", limit+1, 0, 0
	for _, ctx := range ctxs {
		kids := t.kids(ctx)
		for i := range kids.Len() {
			k := kids.At(i)
			if scanned == suggestScan || tried == suggestCandidates {
				if bestD <= 1 {
					return best, of, of
				}
				return best, scanned, of
			}
			scanned++
			cand := t.slotKey(k)
			// The distance is at least the difference in length; a
			// case change can alter a character's length in UTF-8,
			// not its count.
			m := utf8.RuneCountInString(cand)
			if m > suggestMaxLen || m < n-limit || m > n+limit {
				continue
			}
			tried++
			t.suggestWork += n + m
			if d := textdist.LevenshteinString(lower, strings.ToLower(cand)); d < bestD {
				best, bestD = cand, d
				if d == 0 {
					return best, of, of // none can be nearer
				}
			}
		}
	}
	return best, of, of
}
