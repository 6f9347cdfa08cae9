package jsondoc

import (
	"bytes"
	"sort"
	"unicode/utf8"
)

// lineIndex turns byte offsets into line:col without scanning the input
// from its start each time, as position does: many warnings in a large
// document would otherwise cost time quadratic in its size. It holds the
// offset of every line's start and, in lines longer than markEvery bytes
// (a minified document is one line), the column at checkpoints: 16
// bytes every 4 KiB.
type lineIndex struct {
	src    []byte
	starts []int  // the offset of each line's first byte
	marks  []mark // checkpoints in long lines, by offset
}

// A mark is a checkpoint: the number of characters from its line's start
// to off, which starts a character.
type mark struct{ off, runes int }

const markEvery = 4 << 10

func newLineIndex(src []byte) *lineIndex {
	x := &lineIndex{src: src, starts: []int{0}}
	for start := 0; ; {
		end := len(src)
		if i := bytes.IndexByte(src[start:], '\n'); i >= 0 {
			end = start + i
		}
		// Checkpoints, each on a character's first byte, so that counting
		// from one gives what counting from the line's start does.
		runes, from := 0, start
		for at := start + markEvery; at < end; at += markEvery {
			for at < end && !utf8.RuneStart(src[at]) {
				at++
			}
			runes += utf8.RuneCount(src[from:at])
			x.marks = append(x.marks, mark{at, runes})
			from = at
		}
		if end == len(src) {
			return x
		}
		start = end + 1
		x.starts = append(x.starts, start)
	}
}

// position returns the 1-based line and column (in characters) of off, as
// the function position does. A caller going through offsets mostly in
// order passes a cursor of its own (nil for none): counting then starts
// from the last offset when that is nearer than a checkpoint.
func (x *lineIndex) position(off int, cur *mark) (line, col int) {
	off = max(0, min(off, len(x.src)))
	line = sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > off })
	from, runes := x.starts[line-1], 0
	if k := sort.Search(len(x.marks), func(i int) bool { return x.marks[i].off > off }); k > 0 && x.marks[k-1].off >= from {
		from, runes = x.marks[k-1].off, x.marks[k-1].runes
	}
	if cur != nil && cur.off > from && cur.off <= off {
		from, runes = cur.off, cur.runes
	}
	runes += utf8.RuneCount(x.src[from:off])
	if cur != nil && (off == len(x.src) || utf8.RuneStart(x.src[off])) {
		*cur = mark{off, runes}
	}
	return line, runes + 1
}
