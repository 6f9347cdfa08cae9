package scoring

import (
	"math"
	"strconv"
	"unsafe"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/setting"
)

// NodeID names a node of a Tree. The root is 0; a node's children have
// consecutive IDs, all greater than their parent's.
type NodeID int32

// NoNode is the NodeID of no node (the root's parent).
const NoNode NodeID = -1

// node is one compared position. The children of a node are the block
// [first, first+count).
type node struct {
	score    float64    // NaN when the node has no score
	ref, out jsondoc.ID // the values compared; jsondoc.None when absent
	parent   NodeID
	// slot is the node's weight slot; -1 for none. An array element has
	// none, and keeps the slot of its place there as pendingCtx does.
	slot int32
	agg  int32 // index into Tree.aggs for containers; -1 for leaves
	kind jsondoc.Kind
	base base
	bits uint8 // bitMark, bitAside, bitEqual, bitOwnWeight, bitNoWeight, bitSame
}

// The node record must stay 32 bytes: millions of them make the tree. It
// holds no weight: a node weighs what its slot does (see weightOf).
var _ [32]byte = [unsafe.Sizeof(node{})]byte{}

// The bits of node.bits.
const (
	bitMark  = 1 << iota // scratch for SetSlotWeight
	bitAside             // an element past the shorter array (Options.ShorterLists)
	// bitEqual marks an object whose keys all weigh 0, weighed alike
	// instead (Options.ZeroWeightFallback): its aggregate's sum is then n.
	bitEqual
	// bitOwnWeight marks a node weighed apart from its slot: by SetWeight
	// (Tree.own) or by Options.LeafWeights (Tree.leafWeights).
	bitOwnWeight
	// bitNoWeight marks an output key the reference lacks, which takes no
	// part (unless Options.PenalizeExtraKeys or KeyUnion).
	bitNoWeight
	// bitSame marks a pair whose two values are written byte for byte
	// alike, found while building (see builder.same): its children pair
	// up in order and its leaves score 1, with nothing compared.
	bitSame
)

func (n *node) has(bit uint8) bool { return n.bits&bit != 0 }

func (n *node) set(bit uint8, on bool) {
	if on {
		n.bits |= bit
	} else {
		n.bits &^= bit
	}
}

// block returns the children block of n: its first child and how many
// there are (none for a leaf).
func (t *Tree) block(n *node) (first NodeID, count int32) {
	if n.agg < 0 {
		return 0, 0
	}
	a := &t.aggs[n.agg]
	return a.first, a.count
}

// aggregate holds a container's running figures.
type aggregate struct {
	sum   float64 // objects: Σw over the children taking part; arrays: Σs
	n     int32   // children that have a score
	seg   int32   // index into Tree.segs for a large array; -1 for none
	first NodeID  // the children are the block [first, first+count)
	count int32
}

// Tree is the scored comparison of an output with a reference.
//
// A Tree is not safe for concurrent use: reads may run concurrently only
// while no weight is being set.
type Tree struct {
	ref, out    *jsondoc.Doc
	nodes       []node
	aggs        []aggregate
	segs        []*segTree         // the segment trees of large arrays, by aggregate.seg
	levels      []NodeID           // where each level of the tree starts (breadth first)
	slotIdx     *slotIndex         // the nodes of each slot, indexed on first use
	own         map[NodeID]float64 // the weights SetWeight gave single nodes (bitOwnWeight)
	leafWeights []float64          // every node's weight under Options.LeafWeights
	sl          slotTable
	below       []*keySlots // the key slots below a slot, by slotExt.below-1
	stats       *slotStats  // counted on first use
	weights     *Weights
	used        []bool // weights entries that applied to some slot
	opt         Options
	// wix indexes the weights file's objects while the weights are
	// resolved (see entry); nil otherwise.
	wix map[jsondoc.ID]*jsondoc.KeyIndex
	// resolveWork and suggestWork measure the work of the last resolve
	// of the weights, for the tests that check it stays linear: the
	// members indexed and the lookups, and the characters compared for
	// "did you mean" suggestions.
	resolveWork, suggestWork int
	// weightWork counts the nodes read to re-weight slots (finding their
	// nodes, scoring their ancestors again), for the tests that check it
	// stays linear.
	weightWork int
	// warnings are remarks about the documents and the weights, found
	// when the weights were applied: the first of each kind (see
	// maxWarnings); omitted counts the others.
	warnings []Warning
	omitted  int
	// ignored counts the weights entries that apply to nothing; the
	// warnings about the first of them start at warnings[ignoredFrom].
	ignored, ignoredFrom int
	// notes are remarks about the comparison itself (a list too large to
	// pair, a case the reproduced tool fails on); they outlive re-weighting.
	notes []Warning
	// approx are the leaves scored past their comparator's limit, by
	// NodeID; they outlive re-weighting (see Approx). The notes warn about
	// the first of them; approxOmitted counts the others.
	approx        []approxNote
	approxOmitted int
	// hints are the arrays that would pair better otherwise, the largest
	// gain first (see PairingHints); hintNodes indexes them by node, and
	// hintsOmitted counts those left out of the notes.
	hints        []PairingHint
	hintNodes    []int32
	hintsOmitted int
	// objArrays are the arrays of objects compared with arrays of
	// objects, while the hints are looked for (Options.PairingHints).
	objArrays []NodeID
	// scope, if set, are the nodes whose leaves count (Options.LeafWeights).
	scope []NodeID
	// counts are the nodes per status, as the last full rescore found
	// them; counted says they still hold (no weight was set since).
	counts  [7]int
	counted bool
	// ruleAt is, per slot, its place in the per-key rules' trie
	// (Options.KeyRules), -1 for none; nil without rules.
	ruleAt []int32
	// room is where the tree's tables came from, handed on by Release.
	room *storage
}

// Warning is a non-fatal remark about the inputs.
type Warning struct {
	Path    string // the JSON path concerned
	Message string // what is doubtful, with the file:line:col if known
	// Setting, when not nil, is the remark about a setting of the run
	// (Message is its text): a front end spells the settings it names
	// its own way, as for a setting's error (setting.Error.Text).
	Setting *setting.Error `json:"-"`
}

// SpellSettings rewrites, in place, the message of each warning about a
// setting (Warning.Setting) with the settings spelled by spell, as a front
// end names them: the command line's "--lists" for "lists".
func SpellSettings(ws []Warning, spell func(name string) string) {
	for i := range ws {
		if s := ws[i].Setting; s != nil {
			ws[i].Message = s.Text(spell)
		}
	}
}

// Ref returns the reference document.
func (t *Tree) Ref() *jsondoc.Doc { return t.ref }

// Out returns the output document.
func (t *Tree) Out() *jsondoc.Doc { return t.out }

// Len returns the number of nodes.
func (t *Tree) Len() int { return len(t.nodes) }

// Children returns the first child and the number of children of id.
func (t *Tree) Children(id NodeID) (first NodeID, count int) {
	f, c := t.block(&t.nodes[id])
	return f, int(c)
}

// Parent returns the parent of id, or NoNode for the root.
func (t *Tree) Parent(id NodeID) NodeID { return t.nodes[id].parent }

// RefValue returns the reference value compared at id, or jsondoc.None.
func (t *Tree) RefValue(id NodeID) jsondoc.ID { return t.nodes[id].ref }

// OutValue returns the output value compared at id, or jsondoc.None.
func (t *Tree) OutValue(id NodeID) jsondoc.ID { return t.nodes[id].out }

// Kind returns the JSON type compared at id: the reference's, or the
// output's for an extra node.
func (t *Tree) Kind(id NodeID) jsondoc.Kind { return t.nodes[id].kind }

// Score returns the node's score and whether it has one.
func (t *Tree) Score(id NodeID) (float64, bool) {
	s := t.nodes[id].score
	return s, !math.IsNaN(s)
}

// Total returns the root's score and whether it has one.
func (t *Tree) Total() (float64, bool) { return t.Score(0) }

// Status returns the outcome of the comparison at id.
func (t *Tree) Status(id NodeID) Status {
	n := &t.nodes[id]
	return statusOf(n.base, n.score, !math.IsNaN(n.score))
}

// Weight returns the node's own weight at its level (1 for the root and
// array elements, 0 for extra keys).
func (t *Tree) Weight(id NodeID) float64 { return t.weightOf(id) }

// AppendWeights appends the weight of every node to dst, by node, as
// Weight gives them one at a time, and returns the extended slice: for a
// pass over every node.
func (t *Tree) AppendWeights(dst []float64) []float64 {
	for i := range t.nodes {
		dst = append(dst, t.weightOf(NodeID(i)))
	}
	return dst
}

// Slot returns the weight slot of id, or -1 when its weight is fixed (the
// root, array elements, extra nodes).
func (t *Tree) Slot(id NodeID) int { return max(-1, int(t.nodes[id].slot)) }

// Factor returns a container's normalization factor: n/Σw for an object (n
// counting the keys that have a score), 1 for an array (or an object whose
// keys weigh alike under Options.ZeroWeightFallback). ok is false for
// scalars, for containers in which nothing takes part, and under
// Options.LeafWeights.
func (t *Tree) Factor(id NodeID) (f float64, ok bool) {
	n := &t.nodes[id]
	if n.agg < 0 || t.opt.LeafWeights {
		return 0, false // leaf-count weights sum to 1: no factor to show
	}
	a := &t.aggs[n.agg]
	if t.equalWeights(n) {
		return 1, true
	}
	if a.sum == 0 {
		return 0, false
	}
	return float64(a.n) / a.sum, true
}

// equalWeights reports whether the children of container n weigh alike:
// an array's elements, or an object's keys when every one weighs 0 and
// Options.ZeroWeightFallback is set.
func (t *Tree) equalWeights(n *node) bool {
	return n.kind == jsondoc.Array && !t.opt.LeafWeights || n.has(bitEqual)
}

// Fraction returns w/Σw of id at its parent's level (1/n for an array
// element): the part of its parent's score it stands for. 0 when it takes
// no part; 1 for the root.
func (t *Tree) Fraction(id NodeID) float64 {
	n := &t.nodes[id]
	if n.parent == NoNode {
		return 1
	}
	if math.IsNaN(n.score) {
		return 0
	}
	p := &t.nodes[n.parent]
	a := &t.aggs[p.agg]
	if t.equalWeights(p) {
		return 1 / float64(a.n)
	}
	w := t.weightOf(id)
	if w <= 0 {
		return 0
	}
	return w / a.sum
}

// Share returns the fraction of the total that id stands for: the product
// of Fraction along its path. It costs O(depth).
func (t *Tree) Share(id NodeID) float64 {
	s := 1.0
	for ; id != NoNode; id = t.nodes[id].parent {
		f := t.Fraction(id)
		if f == 0 {
			return 0
		}
		s *= f
	}
	return s
}

// Loss returns Share·(1−score): the points of the total id costs.
func (t *Tree) Loss(id NodeID) float64 {
	s, ok := t.Score(id)
	if !ok {
		return 0
	}
	return t.Share(id) * (1 - s)
}

// Index returns the position of id among its parent's children.
func (t *Tree) Index(id NodeID) int {
	p := t.nodes[id].parent
	if p == NoNode {
		return 0
	}
	first, _ := t.block(&t.nodes[p])
	return int(id - first)
}

// Key returns the object key of id, or "" for the root and array elements.
func (t *Tree) Key(id NodeID) string {
	n := &t.nodes[id]
	if n.parent == NoNode || t.nodes[n.parent].kind != jsondoc.Object {
		return ""
	}
	if n.ref != jsondoc.None {
		return t.ref.Key(n.ref)
	}
	return t.out.Key(n.out)
}

// IsElement reports whether id is an array element.
func (t *Tree) IsElement(id NodeID) bool {
	p := t.nodes[id].parent
	return p != NoNode && t.nodes[p].kind == jsondoc.Array
}

// Label returns what a tree view shows for id: its key, "[i]" for an array
// element, "." for the root.
func (t *Tree) Label(id NodeID) string {
	switch {
	case t.nodes[id].parent == NoNode:
		return "."
	case t.IsElement(id):
		return "[" + strconv.Itoa(t.Index(id)) + "]"
	default:
		return t.Key(id)
	}
}

// Path returns the jq-style path of id, such as `.fixed_menus[1].pizza`.
func (t *Tree) Path(id NodeID) string {
	return string(t.AppendPath(nil, id))
}

// AppendPath appends the path of id to dst.
func (t *Tree) AppendPath(dst []byte, id NodeID) []byte {
	if t.nodes[id].parent == NoNode {
		if len(dst) == 0 {
			dst = append(dst, jsondoc.RootPath...)
		}
		return dst
	}
	dst = t.AppendPath(dst, t.nodes[id].parent)
	if len(dst) == 1 && dst[0] == '.' {
		dst = dst[:0]
	}
	if t.IsElement(id) {
		return jsondoc.AppendIndex(dst, t.Index(id))
	}
	return jsondoc.AppendKey(dst, t.Key(id))
}

// Depth returns the number of steps from the root to id.
func (t *Tree) Depth(id NodeID) int {
	d := 0
	for id = t.nodes[id].parent; id != NoNode; id = t.nodes[id].parent {
		d++
	}
	return d
}

// Warnings returns the remarks made while building the tree: duplicate
// keys in the documents and the weights file, doubtful weight entries,
// and notes about the comparison (a list too large to pair optimally,
// ...). Of the remarks about each document and about the weights entries
// it holds the first report.MaxWarnings, so that the first
// report.MaxWarnings it returns are the first of all; OmittedWarnings
// counts those left out.
func (t *Tree) Warnings() []Warning {
	if len(t.notes) == 0 {
		return t.warnings
	}
	return append(t.warnings[:len(t.warnings):len(t.warnings)], t.notes...)
}

// OmittedWarnings returns the number of warnings Warnings leaves out.
func (t *Tree) OmittedWarnings() int { return t.omitted + t.approxOmitted + t.hintsOmitted }

// IgnoredEntries returns the warnings about the entries of the weights
// file that apply to nothing in the reference (the first
// report.MaxWarnings of them), and the number of such entries.
func (t *Tree) IgnoredEntries() (first []Warning, n int) {
	return t.warnings[t.ignoredFrom:len(t.warnings):len(t.warnings)], t.ignored
}

// Options returns the options the tree was scored with.
func (t *Tree) Options() Options { return t.opt }
