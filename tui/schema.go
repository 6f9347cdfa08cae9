package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/validate"
)

// schemaCheck is the output checked against --schema: the violations, and
// where they fall in the tree shown. Its methods answer for a nil check
// (no --schema) as for a valid output.
type schemaCheck struct {
	name string
	// pending is set until the check, run in the background, is done;
	// err says why it failed.
	pending bool
	err     string
	// violations are the schema's, in document order.
	violations []validate.Violation
	// byNode lists, per node of the tree shown, its violations (indexes
	// into violations); unplaced those at output values the tree has no
	// node for.
	byNode   map[scoring.NodeID][]int
	unplaced []int
}

// schemaMsg carries the violations of check request id.
type schemaMsg struct {
	id         int
	violations []validate.Violation
	err        error
}

// checkSchema validates the output against the schema in the background.
func (m *Model) checkSchema() tea.Cmd {
	sch := m.opts.Schema
	if sch == nil || m.sess == nil {
		return nil
	}
	m.jobs.schema++
	id := m.jobs.schema
	out := m.sess.Tree().Out()
	return func() (msg tea.Msg) {
		defer func() {
			// The validator is a library of its own: a panic in it is
			// an error shown, not a crash.
			if r := recover(); r != nil {
				msg = schemaMsg{id: id, err: fmt.Errorf("the check failed: %v", r)}
			}
		}()
		return schemaMsg{id: id, violations: sch.Validate(out)}
	}
}

// schemaChecked marks the violating nodes and counts the violations.
func (m *Model) schemaChecked(msg schemaMsg) {
	sc := m.schema
	if msg.id != m.jobs.schema || sc == nil || m.phase != phaseReady {
		return
	}
	sc.pending = false
	if msg.err != nil {
		sc.err = msg.err.Error()
		m.status.Set(failure(fmt.Errorf("schema %s: %w", sc.name, msg.err)))
		return
	}
	sc.violations = msg.violations
	sc.place(m.sess.Tree())
	m.hdr.setNotes()
	m.detail.key.id = scoring.NoNode // rebuild the pane's lines
	m.layout()
	n := len(sc.violations)
	if n == 0 {
		m.status.Set(success(fmt.Sprintf("%s is valid against %s", m.opts.Files.Output, sc.name)))
		return
	}
	text := fmt.Sprintf("schema %s: %s violation%s, marked ! in the tree", sc.name, thousands(n), plural(n, "s"))
	if k := len(sc.unplaced); k > 0 {
		text += fmt.Sprintf(" (%d at values the tree does not show: ! lists them)", k)
	}
	m.status.Set(warn(text))
}

// place finds the node of t at each violation's output value.
func (sc *schemaCheck) place(t *scoring.Tree) {
	if sc == nil || sc.pending {
		return
	}
	sc.byNode = map[scoring.NodeID][]int{}
	sc.unplaced = sc.unplaced[:0]
	for i, v := range sc.violations {
		id, ok := nodeOfOutput(t, v.Path)
		if !ok {
			sc.unplaced = append(sc.unplaced, i)
			continue
		}
		sc.byNode[id] = append(sc.byNode[id], i)
	}
}

// nodeOfOutput returns the node of t that shows the output value at path
// (a path in the output document, which with list pairing other than by
// index may differ from the node's own path).
func nodeOfOutput(t *scoring.Tree, path string) (scoring.NodeID, bool) {
	steps, err := scoring.ParsePath(path)
	if err != nil {
		return scoring.NoNode, false
	}
	out := t.Out()
	v, id := jsondoc.ID(0), scoring.NodeID(0)
	if t.OutValue(0) != v {
		return scoring.NoNode, false
	}
	for _, st := range steps {
		next := jsondoc.None
		switch {
		case st.IsIndex && out.Kind(v) == jsondoc.Array:
			i := 0
			for c := out.Child(v); c != jsondoc.None; c = out.Next(c) {
				if i == st.Index {
					next = c
					break
				}
				i++
			}
		case !st.IsIndex && out.Kind(v) == jsondoc.Object:
			next = out.Lookup(v, st.Key)
		}
		if next == jsondoc.None {
			return scoring.NoNode, false
		}
		v = next
		first, n := t.Children(id)
		found := scoring.NoNode
		for c := first; c < first+scoring.NodeID(n); c++ {
			if t.OutValue(c) == v {
				found = c
				break
			}
		}
		if found == scoring.NoNode {
			return scoring.NoNode, false
		}
		id = found
	}
	return id, true
}

// has reports whether node id breaks the schema.
func (sc *schemaCheck) has(id scoring.NodeID) bool {
	if sc == nil {
		return false
	}
	_, ok := sc.byNode[id]
	return ok
}

// at returns the violations at node id.
func (sc *schemaCheck) at(id scoring.NodeID) []validate.Violation {
	if sc == nil {
		return nil
	}
	var out []validate.Violation
	for _, i := range sc.byNode[id] {
		out = append(out, sc.violations[i])
	}
	return out
}

// unplacedViolations returns the violations at values the tree does not
// show.
func (sc *schemaCheck) unplacedViolations() []validate.Violation {
	if sc == nil {
		return nil
	}
	var out []validate.Violation
	for _, i := range sc.unplaced {
		out = append(out, sc.violations[i])
	}
	return out
}

// detailLines writes the schema section of the detail pane for node id.
func (sc *schemaCheck) detailLines(c *common, id scoring.NodeID) []string {
	if sc == nil || sc.pending || sc.err != "" {
		return nil
	}
	s := c.styles
	vs := sc.at(id)
	if len(vs) == 0 {
		return nil
	}
	out := []string{"", s.Bad.Render(fmt.Sprintf("! schema %s: %d violation%s here", sc.name, len(vs), plural(len(vs), "s")))}
	for _, v := range vs {
		out = append(out, fmt.Sprintf("  %d:%d %s", v.Line, v.Col, v.Message))
		if v.Keyword != "" {
			out = append(out, s.Faint.Render("    at "+v.Keyword))
		}
	}
	return out
}
