package scoring

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/setting"
)

// ListsAt pairs the elements of the arrays at one place of the reference
// otherwise than the default pairing (--lists PATH=MODE).
type ListsAt struct {
	// Path is a schema path (docs/paths.md: every index written "[]"),
	// in its canonical form: ".line_items", ".orders[].items", "." for a
	// root array.
	Path string
	// Lists is the pairing of the arrays there.
	Lists Lists
}

// String returns the entry as --lists takes it: ".line_items=key=sku".
func (l ListsAt) String() string { return l.Path + "=" + l.Lists.String() }

// ParseListsValue reads a --lists value: a pairing for every array
// ("index", "best", "key=FIELD"), or one for the arrays at a schema path
// (".line_items=key=sku"); path is "" for the former. The path is given
// back in its canonical form (SchemaPathString).
func ParseListsValue(value string) (path string, l Lists, err error) {
	if !strings.HasPrefix(value, ".") {
		l, err = parseLists(value)
		return "", l, err
	}
	end := pathEnd(value)
	if end == len(value) {
		return "", Lists{}, setting.New(OptLists, strconv.Quote(value), "write PATH=MODE, as .line_items=key=sku")
	}
	steps, err := ParseSchemaPath(value[:end])
	if err != nil {
		return "", Lists{}, setting.New(OptLists, strconv.Quote(value), err.Error())
	}
	if l, err = parseLists(value[end+1:]); err != nil {
		return "", Lists{}, err
	}
	return SchemaPathString(steps), l, nil
}

// pathEnd returns the offset of the '=' that ends the path at the start
// of s, outside a quoted key (`.["a=b"]=best`), or len(s) for none.
func pathEnd(s string) int {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case c == '=' && !quoted:
			return i
		}
	}
	return len(s)
}

// setListsAt sets the pairing of the arrays at path in ls, sorted by
// path: an entry for the path replaces the one there.
func setListsAt(ls []ListsAt, path string, l Lists) []ListsAt {
	i, found := slices.BinarySearchFunc(ls, path, func(a ListsAt, p string) int { return strings.Compare(a.Path, p) })
	if found {
		ls[i].Lists = l
		return ls
	}
	return slices.Insert(ls, i, ListsAt{Path: path, Lists: l})
}

// WithListsAt returns o with the arrays at schema path paired by l (the
// explorer's pairing key). When l is the default pairing, the entry for
// the path goes: those arrays then pair as every other does.
func (o MetricOptions) WithListsAt(path string, l Lists) MetricOptions {
	at := slices.Clone(o.ListsAt)
	if l == o.Lists {
		at = slices.DeleteFunc(at, func(a ListsAt) bool { return a.Path == path })
	} else {
		at = setListsAt(at, path, l)
	}
	if len(at) == 0 {
		at = nil
	}
	o.ListsAt = at
	return o
}

// ListsFor returns the pairing of the arrays at schema path: the entry
// for it, else the default.
func (o MetricOptions) ListsFor(path string) Lists {
	for _, a := range o.ListsAt {
		if a.Path == path {
			return a.Lists
		}
	}
	return o.Lists
}

// ListsError is a --lists option that names what the reference does not
// have: a key field no array element has, or a path with no array. Build
// returns it; the command line exits with code 2.
type ListsError struct {
	// Option is the --lists value: "key=sku", ".line_items=key=sku".
	Option string
	// Path is the schema path of the arrays the option applies to, ""
	// for every array.
	Path string
	// Field is the key field missing, "" when the path is.
	Field string
	// Message says what is missing, and what is there instead.
	Message string
}

func (e *ListsError) Error() string { return e.Text(func(name string) string { return name }) }

// Text returns the message with the option's name spelled by spell, as
// setting.Error's Text does.
func (e *ListsError) Text(spell func(name string) string) string {
	return spell(OptLists) + " " + e.Option + ": " + e.Message
}

// checkLists refuses the options' key fields that no element of the
// arrays they apply to has, and their paths with no array. It reads the
// slots, which hold every key the reference has at every place.
func (t *Tree) checkLists() error {
	opt := t.opt
	if opt.Pair != nil || opt.ListsUnchecked {
		return nil
	}
	for _, a := range opt.ListsAt {
		if err := t.checkListsAt(a); err != nil {
			return err
		}
	}
	if opt.Lists.Mode != ListKey {
		return nil
	}
	// Some element of some array must have the field.
	field := opt.Lists.Key
	var elems []int32
	var arrays []string
	stats := t.slotStats()
	for i := range t.sl.len() {
		k := int32(i)
		if !t.slotIsElem(k) || stats.kindsAt(k)&(1<<jsondoc.Object) == 0 {
			continue
		}
		if t.keySlot(k, field) >= 0 {
			return nil
		}
		elems = append(elems, k)
		if len(arrays) < 4 {
			arrays = append(arrays, t.schemaPathOf(t.slotParent(k)))
		}
	}
	e := &ListsError{Option: opt.Lists.String(), Field: field}
	if len(elems) == 0 {
		e.Message = fmt.Sprintf("the reference has no array of objects to pair by the field %q", field)
		return e
	}
	if len(elems) > 3 {
		arrays[3] = fmt.Sprintf("and %d more", len(elems)-3)
	}
	e.Message = fmt.Sprintf("no element of the reference's arrays of objects (%s) has the field %q%s",
		strings.Join(arrays, ", "), field, t.didYouMean(elems, field))
	return e
}

// checkListsAt checks one --lists PATH=MODE.
func (t *Tree) checkListsAt(a ListsAt) error {
	e := &ListsError{Option: a.String(), Path: a.Path}
	steps, err := ParseSchemaPath(a.Path)
	if err != nil { // a canonical path reads back
		e.Message = err.Error()
		return e
	}
	ctx := int32(0)
	for i, st := range steps {
		next := int32(-1)
		if st.IsIndex {
			next = t.slotElem(ctx)
		} else {
			next = t.keySlot(ctx, st.Key)
		}
		if next < 0 {
			e.Message = fmt.Sprintf("the reference has no array at %s", a.Path)
			if !st.IsIndex {
				if near, _, _ := t.nearestKey([]int32{ctx}, st.Key); near != "" {
					alt := slices.Clone(steps)
					alt[i].Key = near
					e.Message += fmt.Sprintf(" (did you mean %s?)", SchemaPathString(alt))
				}
			}
			return e
		}
		ctx = next
	}
	stats := t.slotStats()
	if kinds := stats.kindsAt(ctx); kinds&(1<<jsondoc.Array) == 0 {
		e.Message = fmt.Sprintf("the reference has no array at %s (%s)", a.Path, kindsText(kinds))
		return e
	}
	elem := t.slotElem(ctx)
	if a.Lists.Mode != ListKey {
		return nil
	}
	e.Field = a.Lists.Key
	if elem < 0 || stats.kindsAt(elem) == 0 {
		e.Message = fmt.Sprintf("the arrays at %s have no element to pair by the field %q", a.Path, a.Lists.Key)
		return e
	}
	if t.keySlot(elem, a.Lists.Key) >= 0 {
		return nil
	}
	e.Message = fmt.Sprintf("no element of the arrays at %s has the field %q%s", a.Path, a.Lists.Key,
		t.didYouMean([]int32{elem}, a.Lists.Key))
	return e
}

// didYouMean suggests the key nearest to key below the slots ctxs:
// ` (did you mean "sku"?)`, or "" when none is near.
func (t *Tree) didYouMean(ctxs []int32, key string) string {
	near, _, _ := t.nearestKey(ctxs, key)
	if near == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", near)
}

// kindsText names the kinds of value a slot holds: "an object there".
func kindsText(kinds uint16) string {
	var names []string
	for k := jsondoc.Kind(0); k < 16; k++ {
		if kinds&(1<<k) != 0 {
			names = append(names, article(k)+" "+k.String())
		}
	}
	if len(names) == 0 {
		return "nothing there"
	}
	return strings.Join(names, " or ") + " there"
}
