package jsondoc

import "sort"

// Sub returns the value id of d as a document of its own, named name: its
// root is that value (without its key), its values are those below it in
// the same order, and it shares d's input, so Raw, Str and Key cost
// nothing more. It copies the value's records (16 bytes a value), not its
// text. Positions (Position, KeyPosition) stay those of d's input. The
// sub-document has no warnings and no repair of its own: they are d's.
//
// A dataset record holding both a reference and an output is parsed once
// and each side scored as a Sub of it.
//
// The root's Sub (id 0: a record that is itself the reference, a file of
// a dataset's folder) shares d's records instead: it costs nothing, and
// releasing it gives nothing back (releasing d does, once neither is used
// any more).
func (d *Doc) Sub(id ID, name string) *Doc {
	if id == 0 && len(d.nodes) > 0 {
		if r := d.nodes[0]; r.next == 0 && r.keyOff == 0 && r.flags&(flagLongKey|flagKeyEscape|flagShadowed) == 0 {
			return &Doc{name: name, src: d.src, nodes: d.nodes, longKeys: d.longKeys, containers: d.containers, python: d.python, shared: true}
		}
	}
	end := int(id) + 1
	if n := &d.nodes[id]; n.next != 0 {
		end = int(n.next) // the next sibling follows the value's last
	} else if n.kind.IsContainer() {
		// Values are in document order: the first that starts past the
		// container's end is the first after it.
		stop, rest := n.end, d.nodes[end:]
		end += sort.Search(len(rest), func(k int) bool { return rest[k].start >= stop })
	}
	sub := newDoc(end - int(id))
	nodes := append(sub.nodes, d.nodes[id:end]...)
	base := uint32(id)
	containers := 0
	var longKeys map[uint32]uint32
	for k := range nodes {
		n := &nodes[k]
		if n.next != 0 {
			n.next -= base
		}
		if n.kind.IsContainer() {
			containers++
		}
		if n.flags&flagLongKey != 0 && k > 0 {
			if longKeys == nil {
				longKeys = make(map[uint32]uint32)
			}
			longKeys[uint32(k)] = d.longKeys[base+uint32(k)]
		}
	}
	root := &nodes[0]
	root.next, root.keyOff = 0, 0
	root.flags &^= flagLongKey | flagKeyEscape | flagShadowed
	sub.name, sub.src, sub.nodes, sub.longKeys, sub.containers = name, d.src, nodes, longKeys, containers
	sub.python = d.python
	return sub
}

// Absent returns a document that holds no value, named name: the output
// of a dataset case that has none (docs/datasets.md). Scoring a reference
// against it makes every node missing. Only Name, Len, Containers, Size,
// Warnings and Repair may be called on it.
func Absent(name string) *Doc { return &Doc{name: name} }

// IsAbsent reports whether d holds no value (see Absent).
func (d *Doc) IsAbsent() bool { return len(d.nodes) == 0 }
