package htmlreport

import (
	"bytes"
	"encoding/json"
	"html/template"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
)

// MaxTreeNodes is how many nodes a tree of the page shows: a document
// larger than that shows its first ones in document order, and the page
// says how many more there are (the JSON output has them all).
const MaxTreeNodes = 20000

// maxValue is how many bytes of a leaf's value the page shows.
const maxValue = 4000

// treeNode is one node kept for a tree.
type treeNode struct {
	report.Node
	// explain is the engine's account of the node's score, for a leaf.
	explain []scoring.Line
}

// collectNodes copies the first max nodes of seq (their strings and
// values are only valid during the loop) and counts the others.
func collectNodes(seq iter.Seq[*report.Node], max int) (nodes []treeNode, more int) {
	if seq == nil {
		return nil, 0
	}
	for n := range seq {
		if len(nodes) >= max {
			more++
			continue
		}
		c := treeNode{Node: *n}
		c.Path, c.Label = strings.Clone(n.Path), strings.Clone(n.Label)
		c.Reference, c.Output = bytes.Clone(n.Reference), bytes.Clone(n.Output)
		nodes = append(nodes, c)
	}
	return nodes, more
}

// isLeaf reports whether node i has no child in nodes.
func isLeaf(nodes []treeNode, i int) bool {
	return i+1 >= len(nodes) || nodes[i+1].Depth <= nodes[i].Depth
}

// costliestPath marks the nodes on the costliest path: from the root,
// down to the child that loses the most (the first on a tie), while it
// loses anything.
func costliestPath(nodes []treeNode) []bool {
	open := make([]bool, len(nodes))
	if len(nodes) == 0 {
		return open
	}
	best := make([]int, len(nodes)) // each container's costliest child
	for i := range best {
		best[i] = -1
	}
	var stack []int
	for i := range nodes {
		for len(stack) > 0 && nodes[stack[len(stack)-1]].Depth >= nodes[i].Depth {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			p := stack[len(stack)-1]
			if b := best[p]; b < 0 || nodes[i].Loss > nodes[b].Loss {
				best[p] = i
			}
		}
		stack = append(stack, i)
	}
	for i := 0; i >= 0 && nodes[i].Loss > 0; i = best[i] {
		open[i] = true
	}
	return open
}

// renderTree writes nodes as nested <details>: a row of figures per node,
// the costliest path open, each leaf's values and explanation inside it.
func renderTree(nodes []treeNode) template.HTML {
	var b strings.Builder
	b.WriteString(`<div class="tree" role="group"><div class="head" aria-hidden="true"><span>node</span><span>status</span><span>score</span><span>weight</span><span>f</span><span>share</span><span>loss</span></div>`)
	open := costliestPath(nodes)
	var stack []int
	for i := range nodes {
		n := &nodes[i]
		for len(stack) > 0 && nodes[stack[len(stack)-1]].Depth >= n.Depth {
			stack = stack[:len(stack)-1]
			b.WriteString("</details>")
		}
		leaf := isLeaf(nodes, i)
		b.WriteString(`<details class="n`)
		if leaf {
			b.WriteString(" leaf")
		}
		if open[i] {
			b.WriteString(` open-path" open`)
		} else {
			b.WriteString(`"`)
		}
		b.WriteString(` data-path="`)
		template.HTMLEscape(&b, []byte(n.Path))
		b.WriteString(`"><summary class="row">`)
		writeRow(&b, n)
		b.WriteString("</summary>")
		if leaf {
			writeLeafBody(&b, n)
			b.WriteString("</details>")
			continue
		}
		stack = append(stack, i)
	}
	for range stack {
		b.WriteString("</details>")
	}
	b.WriteString("</div>")
	return template.HTML(b.String())
}

// writeRow writes a node's figures, as the explorer's tree shows them.
func writeRow(b *strings.Builder, n *treeNode) {
	b.WriteString(`<span class="k" style="--d:`)
	b.WriteString(strconv.Itoa(min(n.Depth, 40)))
	b.WriteString(`" title="`)
	template.HTMLEscape(b, []byte(n.Path))
	b.WriteString(`">`)
	template.HTMLEscape(b, []byte(n.Label))
	b.WriteString(`</span><span class="st st-`)
	b.WriteString(n.Status)
	b.WriteString(`">`)
	b.WriteString(n.Status)
	b.WriteString("</span>")
	cell := func(name, v string) {
		b.WriteString(`<span><span class="sr">`)
		b.WriteString(name)
		b.WriteString(" </span>")
		b.WriteString(v)
		b.WriteString("</span>")
	}
	cell("score", report.NodeScoreText(&n.Node))
	cell("weight", report.Trim5(n.Weight))
	if n.HasFactor {
		cell("f", report.Trim5(n.Factor))
	} else {
		cell("f", "")
	}
	cell("share", report.Fixed5(n.Share))
	cell("loss", report.LossCell(n.Loss))
}

// writeLeafBody writes a leaf's reference and output values, its rule,
// and the engine's explanation of its score.
func writeLeafBody(b *strings.Builder, n *treeNode) {
	b.WriteString(`<div class="body" style="--d:`)
	b.WriteString(strconv.Itoa(min(n.Depth, 40)))
	b.WriteString(`"><dl><dt>reference</dt><dd>`)
	writeValue(b, n.Reference)
	b.WriteString("</dd><dt>output</dt><dd>")
	writeValue(b, n.Output)
	b.WriteString("</dd>")
	if n.Rule != "" {
		b.WriteString("<dt>rule</dt><dd>")
		template.HTMLEscape(b, []byte(n.Rule))
		b.WriteString("</dd>")
	}
	b.WriteString("</dl>")
	if len(n.explain) > 0 {
		b.WriteString(`<pre class="why">`)
		for i, l := range n.explain {
			if i > 0 {
				b.WriteByte('\n')
			}
			for _, s := range l {
				if s.Role == scoring.RoleText {
					template.HTMLEscape(b, []byte(s.Text))
					continue
				}
				b.WriteString(`<span class="r-`)
				b.WriteString(s.Role.String())
				b.WriteString(`">`)
				template.HTMLEscape(b, []byte(s.Text))
				b.WriteString("</span>")
			}
		}
		b.WriteString("</pre>")
	}
	b.WriteString("</div>")
}

// writeValue writes a JSON value, compact and cut to maxValue bytes;
// "absent" for none.
func writeValue(b *strings.Builder, raw json.RawMessage) {
	if raw == nil {
		b.WriteString(`<span class="muted">absent</span>`)
		return
	}
	if len(raw) > 0 && (raw[0] == '{' || raw[0] == '[') {
		var c bytes.Buffer
		if json.Compact(&c, raw) == nil {
			raw = c.Bytes()
		}
	}
	v, cut := raw, 0
	if len(v) > maxValue {
		end := maxValue
		for end > 0 && !utf8.RuneStart(v[end]) {
			end--
		}
		v, cut = v[:end], len(raw)-end
	}
	b.WriteString("<code>")
	template.HTMLEscape(b, v)
	b.WriteString("</code>")
	if cut > 0 {
		b.WriteString(` <span class="muted">… `)
		b.WriteString(report.Count(cut))
		b.WriteString(" more bytes</span>")
	}
}
