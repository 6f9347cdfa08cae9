package scoring

import (
	"bytes"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// Marshal returns the rules as a rules file. It keeps the shape of the
// file they were read from: its entries in their order, each path and
// rule written as it was, a changed rule rewritten in its place, a
// removed one dropped, new ones at the end, and the file's indentation.
func (rs *RuleSet) Marshal() []byte {
	var b bytes.Buffer
	indent := "  "
	var byMember map[jsondoc.ID]int
	if rs != nil && rs.doc != nil {
		indent = detectIndent(rs.doc)
		byMember = make(map[jsondoc.ID]int, len(rs.entries))
		for i, e := range rs.entries {
			if e.member != jsondoc.None {
				byMember[e.member] = i
			}
		}
	}
	b.WriteByte('{')
	n := 0
	member := func(key []byte, value []byte) {
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		b.WriteByte('\n')
		b.WriteString(indent)
		b.Write(key)
		b.WriteString(": ")
		b.Write(value)
	}
	if byMember != nil {
		d := rs.doc
		for c := d.Child(0); c != jsondoc.None; c = d.Next(c) {
			i, ok := byMember[c]
			if !ok {
				continue // removed
			}
			key := append(append([]byte{'"'}, d.KeyRaw(c)...), '"')
			if e := &rs.entries[i]; e.changed {
				member(key, entryJSON(e.rule, e.threshold))
			} else {
				member(key, d.Raw(c))
			}
		}
	}
	if rs != nil {
		for _, e := range rs.entries {
			if e.member == jsondoc.None {
				member(jsondoc.AppendQuoted(nil, e.path), entryJSON(e.rule, e.threshold))
			}
		}
	}
	if n > 0 {
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	return b.Bytes()
}
