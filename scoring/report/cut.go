package report

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/clipperhouse/displaywidth"
)

// Cut is a value fitted to a column: the whole value, or the part of it
// around its first difference from the value it is compared with.
type Cut struct {
	// Text is what the column shows, at most the column's width: the
	// value, or a part of it with "…" where it was cut.
	Text string
	// Lo and Hi delimit, in bytes of Text, the part of the value that
	// differs from the other one, as far as it shows; Lo == Hi when none
	// does.
	Lo, Hi int
}

// Marked reports whether a differing part shows in c.
func (c Cut) Marked() bool { return c.Hi > c.Lo }

// CutPair fits two compared values, as written in the JSON, into columns
// of wa and wb cells. The part where they differ runs from their first
// different character to their last (what they share at both ends left
// out). A value wider than its column is cut around its first difference
// rather than at its end — `"INV-2024-04-0173"` in 12 cells is
// `…24-04-0173"` — so that where the two differ shows: from the start
// when the difference is near it, to the end when it is near that, or a
// window of it, a third of it before the difference ("…licht Bürob…").
// Control characters show as spaces. Equal values come back cut at their
// end, nothing marked.
func CutPair(a, b string, wa, wb int) (Cut, Cut) {
	var c cutter
	return c.pair(a, b, wa, wb)
}

// CutValue fits a value into w cells, cut at its end: CutPair for a value
// compared with nothing.
func CutValue(v string, w int) Cut {
	var c cutter
	return c.value(v, w)
}

// A cutter fits values into columns as CutPair and CutValue do. The zero
// cutter allocates each text it builds; one whose reuse is set builds
// them in its buffer instead, so that once the buffer has grown a row's
// cuts allocate nothing: its texts then hold until reset.
type cutter struct {
	buf   []byte
	gs    []grapheme // the graphemes around a difference
	reuse bool
}

// reset starts a new row: the texts built since the last reset are
// overwritten from now on.
func (c *cutter) reset() { c.buf = c.buf[:0] }

// text returns the bytes built in the buffer from at on as a string: a
// view of the buffer, which later appends never change (they may move
// the buffer, leaving the view where it was).
func (c *cutter) text(at int) string {
	if at == len(c.buf) {
		return ""
	}
	return unsafe.String(&c.buf[at], len(c.buf)-at)
}

// join returns head + printable(body) + tail.
func (c *cutter) join(head, body, tail string) string {
	if !hasControl(body) {
		if head == "" && tail == "" {
			return body
		}
		if !c.reuse {
			return head + body + tail
		}
	} else if !c.reuse {
		return head + printable(body) + tail
	}
	at := len(c.buf)
	c.buf = append(c.buf, head...)
	if hasControl(body) {
		c.buf = appendPrintable(c.buf, body)
	} else {
		c.buf = append(c.buf, body...)
	}
	c.buf = append(c.buf, tail...)
	return c.text(at)
}

// truncate is Truncate, building the cut text as join does.
func (c *cutter) truncate(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if hasControl(s) {
		if !c.reuse {
			s = printable(s)
		} else {
			at := len(c.buf)
			c.buf = appendPrintable(c.buf, s)
			s = c.text(at)
		}
	}
	if n, cut := truncateAt(s, w); cut {
		return c.join("", s[:n], ellipsis)
	}
	return s
}

// pair is CutPair.
func (c *cutter) pair(a, b string, wa, wb int) (Cut, Cut) {
	if a == b {
		return c.value(a, wa), c.value(b, wb)
	}
	p := commonPrefix(a, b)
	// The first difference may fall inside a character ("é" written as
	// e and a combining accent, against "e"): both start with the
	// character it is in.
	p = min(graphemeStart(a, p), graphemeStart(b, p))
	s := commonSuffix(a[p:], b[p:])
	return c.around(a, p, len(a)-s, wa), c.around(b, p, len(b)-s, wb)
}

// value is CutValue.
func (c *cutter) value(v string, w int) Cut {
	if w <= 0 {
		return Cut{}
	}
	return Cut{Text: c.truncate(clipBytes(v, w), w)}
}

// clipBytes returns the start of s, enough bytes for w cells (four a
// cell, and a few more) cut at a rune start, so that cutting a long value
// costs what shows.
func clipBytes(s string, w int) string {
	n := 4*w + 8
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// printable replaces control characters by spaces, byte for byte.
func printable(s string) string {
	if !hasControl(s) {
		return s
	}
	return string(appendPrintable(make([]byte, 0, len(s)+utf8.UTFMax), s))
}

// hasControl reports whether s holds a control character: ASCII's, or a
// C1 control (U+0080–U+009F, which a terminal may act on as ESC's
// sequences: U+009B is a CSI).
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f || s[i] == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f {
			return true
		}
	}
	return false
}

// appendPrintable appends s with its control characters (C1 included)
// replaced by spaces and its invalid bytes by U+FFFD, as strings.Map does.
func appendPrintable(dst []byte, s string) []byte {
	for _, r := range s {
		if r < 0x20 || r >= 0x7f && r <= 0x9f {
			dst = append(dst, ' ')
		} else {
			dst = utf8.AppendRune(dst, r)
		}
	}
	return dst
}

// commonPrefix returns the length in bytes of the longest common prefix
// of a and b that ends at a rune boundary of both. It compares blocks,
// from 64 KB down (the runtime's memequal), then single bytes.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for blk := 1 << 16; blk >= 8; blk >>= 1 {
		for i+blk <= n && a[i:i+blk] == b[i:i+blk] {
			i += blk
		}
	}
	for i < n && a[i] == b[i] {
		i++
	}
	// Back to a rune boundary of both (the bytes before i are alike).
	for i > 0 && (i < len(a) && !utf8.RuneStart(a[i]) || i < len(b) && !utf8.RuneStart(b[i])) {
		i--
	}
	return i
}

// commonSuffix returns the length in bytes of the longest common suffix
// of a and b that starts at a rune boundary of both.
func commonSuffix(a, b string) int {
	n := min(len(a), len(b))
	i := 0 // bytes matched from the end
	for blk := 1 << 16; blk >= 8; blk >>= 1 {
		for i+blk <= n && a[len(a)-i-blk:len(a)-i] == b[len(b)-i-blk:len(b)-i] {
			i += blk
		}
	}
	for i < n && a[len(a)-i-1] == b[len(b)-i-1] {
		i++
	}
	// The suffix starts at a[len(a)-i]: forward to a rune start.
	for i > 0 && !utf8.RuneStart(a[len(a)-i]) {
		i--
	}
	return i
}

// graphemeStart returns the start of the grapheme of s that holds byte
// p, looking back at most a few code points (p itself when p ends s).
func graphemeStart(s string, p int) int {
	if p <= 0 || p >= len(s) {
		return p
	}
	from := max(0, p-64)
	for from > 0 && !utf8.RuneStart(s[from]) {
		from--
	}
	it := displaywidth.StringGraphemes(s[from:])
	pos := from
	for it.Next() {
		end := pos + len(it.Value())
		if end > p {
			return pos
		}
		pos = end
	}
	return p
}

// grapheme is one user-perceived character of a string: its bytes
// [start, end) and its width in cells.
type grapheme struct{ start, end, width int }

// around fits s into w cells around its differing part [lo, hi).
func (c *cutter) around(s string, lo, hi, w int) Cut {
	if c.reuse {
		var cut Cut
		cut, c.gs = c.aroundIn(s, lo, hi, w, c.gs[:0])
		return cut
	}
	var buf [64]grapheme
	cut, _ := c.aroundIn(s, lo, hi, w, buf[:0])
	return cut
}

// aroundIn is around, walking the graphemes into gs, which it returns.
func (c *cutter) aroundIn(s string, lo, hi, w int, gs []grapheme) (Cut, []grapheme) {
	if w <= 0 || s == "" {
		return Cut{}, gs
	}
	if w < 4 {
		// No room for a window: the start, and the mark if it shows.
		t := c.truncate(clipBytes(s, w), w)
		return Cut{Text: t, Lo: min(lo, len(t)), Hi: min(hi, len(t))}.within(strings.TrimSuffix(t, ellipsis)), gs
	}
	from, gs := walkAround(s, lo, w, gs)
	// gi is the first grapheme that differs (len(gs) when s differs only
	// in ending where the other goes on).
	gi := len(gs)
	for k, g := range gs {
		if g.end > lo {
			gi = k
			break
		}
	}
	last := gs[len(gs)-1:]
	atEnd := len(last) == 0 || last[0].end == len(s)
	total := 0
	for _, g := range gs {
		total += g.width
	}
	if from == 0 && atEnd && total <= w {
		return c.mark(s, 0, len(s), "", "", gs, gi, hi), gs
	}
	// The start, when the first difference and what follows it (one
	// grapheme, if there is one) fit before the "…".
	if from == 0 && gi < len(gs) {
		upto := min(gi+2, len(gs))
		if cellsOf(gs[:upto]) <= w-1 {
			end := cutEnd(gs, w-1)
			return c.mark(s, 0, gs[end-1].end, "", ellipsis, gs, gi, hi), gs
		}
	}
	rest := cellsOf(gs[gi:])
	if atEnd && rest <= w-2 {
		// The end, with as much as fits before the difference.
		start := cutStart(gs, gi, w-1-rest)
		return c.mark(s, gs[start].start, len(s), ellipsis, "", gs, gi, hi), gs
	}
	// A window: the differing part and a little after it, as much before
	// it as fits (at least a third of the window).
	inner := w - 2
	diff := 0
	for _, g := range gs[gi:] {
		if g.start >= hi && g.start > gs[gi].start {
			break
		}
		diff += g.width
	}
	right := min(diff+2, max(gs[gi].width, inner*2/3))
	left := min(cellsOf(gs[:gi]), max(0, inner-right))
	start := cutStart(gs, gi, left)
	used := cellsOf(gs[start:gi])
	end := gi + cutEnd(gs[gi:], inner-used)
	if end == gi {
		end = gi + 1 // a difference wider than the window: it shows cut
	}
	t := c.mark(s, gs[start].start, gs[end-1].end, ellipsis, ellipsis, gs, gi, hi)
	if displaywidth.String(t.Text) > w {
		t = Cut{Text: c.truncate(t.Text, w), Lo: t.Lo, Hi: t.Hi}
		return t.within(strings.TrimSuffix(t.Text, ellipsis)), gs
	}
	return t, gs
}

// walkAround walks the graphemes of s into gs from far enough before lo
// to hold w cells of context, on to w cells past it; from is where the
// walk began.
func walkAround(s string, lo, w int, gs []grapheme) (from int, _ []grapheme) {
	budget := 4*w + 32
	for {
		from = max(0, lo-budget)
		for from > 0 && !utf8.RuneStart(s[from]) {
			from--
		}
		gs = walk(s, from, lo, w, gs[:0])
		if from == 0 || cellsBefore(gs, lo) > w {
			return from, gs
		}
		budget *= 2
	}
}

// within clamps the mark of c to the first len(visible) bytes of its text.
func (c Cut) within(visible string) Cut {
	c.Lo, c.Hi = min(c.Lo, len(visible)), min(c.Hi, len(visible))
	if c.Hi < c.Lo {
		c.Hi = c.Lo
	}
	return c
}

// walk appends to gs the graphemes of s from byte from (a rune start) on,
// stopping once they hold more than w cells from the grapheme holding lo
// on, or s ends.
func walk(s string, from, lo, w int, gs []grapheme) []grapheme {
	it := displaywidth.StringGraphemes(s[from:])
	pos := from
	past := -1 // cells from the grapheme holding lo on; -1 before it
	for it.Next() {
		v := it.Value()
		g := grapheme{start: pos, end: pos + len(v), width: it.Width()}
		if isControl(v) {
			g.width = len(v) // shown as spaces
		}
		pos = g.end
		gs = append(gs, g)
		if past < 0 && g.end > lo {
			past = 0
		}
		if past >= 0 {
			past += g.width
			if past > w {
				break
			}
		}
	}
	return gs
}

// cellsBefore returns the cells of the graphemes that end by byte lo.
func cellsBefore(gs []grapheme, lo int) int {
	n := 0
	for _, g := range gs {
		if g.end > lo {
			break
		}
		n += g.width
	}
	return n
}

func cellsOf(gs []grapheme) int {
	n := 0
	for _, g := range gs {
		n += g.width
	}
	return n
}

// cutEnd returns how many of the first graphemes of gs fit in w cells.
func cutEnd(gs []grapheme, w int) int {
	used := 0
	for k, g := range gs {
		if used+g.width > w {
			return k
		}
		used += g.width
	}
	return len(gs)
}

// cutStart returns the first of the graphemes before gs[gi] that, with
// those after it up to gi, fit in w cells.
func cutStart(gs []grapheme, gi, w int) int {
	used := 0
	k := gi
	for k > 0 && used+gs[k-1].width <= w {
		k--
		used += gs[k].width
	}
	return k
}

// isControl reports whether grapheme v is control characters (a tab, a
// CR LF, a C1 control), which a cut shows as spaces.
func isControl(v string) bool {
	for _, r := range v {
		if r >= 0x20 && (r < 0x7f || r > 0x9f) {
			return false
		}
	}
	return true
}

// mark builds the cut s[start:end] between head and tail, marking the
// differing part, which starts with grapheme gi and ends at byte hi
// (stretched to the end of its grapheme).
func (ct *cutter) mark(s string, start, end int, head, tail string, gs []grapheme, gi, hi int) Cut {
	c := Cut{Text: ct.join(head, s[start:end], tail)}
	if gi >= len(gs) || hi <= gs[gi].start {
		return c
	}
	lo := gs[gi].start
	for k := gi; k < len(gs); k++ {
		if gs[k].start < hi {
			hi = max(hi, gs[k].end)
		}
	}
	lo, hi = max(lo, start), min(hi, end)
	if hi <= lo {
		return c
	}
	c.Lo, c.Hi = len(head)+lo-start, len(head)+hi-start
	return c
}
