package jsondoc

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
// The sub-document of the root shares d's records too, copying nothing:
// a folder's case is its files' whole documents (as a pair's), and a
// copy of a 20 MB document's records took 49 MB more than the pair.
func (d *Doc) Sub(id ID, name string) *Doc {
	if root := &d.nodes[0]; id == 0 && root.next == 0 && root.keyOff == 0 && root.flags&(flagLongKey|flagKeyEscape|flagShadowed) == 0 {
		return &Doc{name: name, src: d.src, nodes: d.nodes, longKeys: d.longKeys, containers: d.containers, python: d.python}
	}
	end := len(d.nodes)
	if stop := d.nodes[id].end; d.nodes[id].kind.IsContainer() {
		for k := int(id) + 1; k < len(d.nodes); k++ {
			if d.nodes[k].start >= stop {
				end = k
				break
			}
		}
	} else {
		end = int(id) + 1
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
