package scoring

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/jsontui/jsontui/scoring/textdist"
)

// alignLimit caps the cells of the edit alignment a character diff may
// use (the lengths' product).
const alignLimit = 4 << 20

// charDiff returns a character-level diff of two strings, from the edit
// alignment the string score counts, in git's word-diff notation so that
// it reads without colour too: "pepper[-oni-]{+s+}" — what the reference
// has and the output lacks in [-…-] (RoleDeleted), what the output has
// instead in {+…+} (RoleInserted). It also returns a summary ("3 edits:
// 1 substitution, 2 deletions") and the distance and length the score
// uses. ok is false when the strings are too long to align for display.
// The strings are compared as given: the caller normalizes them as its
// metric does.
func charDiff(ref, out string) (diff Line, summary string, dist, length int, ok bool) {
	if int64(len(ref)/4)*int64(len(out)/4) > alignLimit {
		// Past the limit in code points too (at most 4 bytes each):
		// do not decode long strings for nothing.
		return nil, "", 0, max(utf8.RuneCountInString(ref), utf8.RuneCountInString(out)), false
	}
	a := []rune(ref)
	b := []rune(out)
	ops, ok := textdist.Align(a, b, alignLimit)
	if !ok {
		return nil, "", 0, max(len(a), len(b)), false
	}
	var subs, ins, dels int
	// Runs of edits between two equal stretches print as one deletion
	// and one insertion: "pepper[-oni-]{+s+}".
	var del, add []rune
	flush := func() {
		if len(del) > 0 {
			diff = append(diff, Span{Role: RoleDeleted, Text: "[-" + visible(del) + "-]"})
		}
		if len(add) > 0 {
			diff = append(diff, Span{Role: RoleInserted, Text: "{+" + visible(add) + "+}"})
		}
		del, add = del[:0], add[:0]
	}
	for _, op := range ops {
		switch op.Kind {
		case textdist.Equal:
			flush()
			diff = append(diff, Span{Text: visible(a[op.A : op.A+op.N])})
		case textdist.Delete:
			dels += op.N
			del = append(del, a[op.A:op.A+op.N]...)
		case textdist.Insert:
			ins += op.N
			add = append(add, b[op.B:op.B+op.N]...)
		case textdist.Substitute:
			subs += op.N
			del = append(del, a[op.A:op.A+op.N]...)
			add = append(add, b[op.B:op.B+op.N]...)
		}
	}
	flush()
	dist = subs + ins + dels
	var parts []string
	for _, p := range []struct {
		n    int
		name string
	}{{subs, "substitution"}, {ins, "insertion"}, {dels, "deletion"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s%s", p.n, p.name, plural(p.n)))
		}
	}
	summary = "no edits"
	if dist > 0 {
		summary = fmt.Sprintf("%d edit%s: %s", dist, plural(dist), strings.Join(parts, ", "))
	}
	return diff, summary, dist, max(len(a), len(b)), true
}

// plural is "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// visible returns runes as text with control characters shown as escapes,
// so a diff never breaks a line.
func visible(rs []rune) string {
	var b strings.Builder
	for _, r := range rs {
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
