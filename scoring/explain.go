package scoring

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// Role says what a span of an explanation holds, so that a painter (the
// explorer's detail pane) can style it; the words are the same without.
type Role uint8

// The roles of an explanation's spans.
const (
	// RoleText is plain words, formulas and figures.
	RoleText Role = iota
	// RoleScore is a score, Span.Value; painted by its band.
	RoleScore
	// RoleBad is a verdict that costs: "0 (missing)", "no match (0)".
	RoleBad
	// RoleGood is a verdict that scores: "1", "a match (1)".
	RoleGood
	// RoleNote is a remark beside the calculation: how the metric
	// compares, the options in force.
	RoleNote
	// RoleAside is the least of it: what was left out ("… 3 more").
	RoleAside
	// RoleDeleted is, in a character diff, what the reference has and the
	// output lacks: "[-oni-]".
	RoleDeleted
	// RoleInserted is, in a character diff, what the output has instead:
	// "{+s+}".
	RoleInserted
)

var roleNames = [...]string{"text", "score", "bad", "good", "note", "aside", "deleted", "inserted"}

// String returns the role's name: "text", "score", "bad", "good", "note",
// "aside", "deleted" or "inserted".
func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return "role(" + strconv.Itoa(int(r)) + ")"
}

// Span is a piece of a line of an explanation.
type Span struct {
	Role Role
	Text string
	// Value is the score a RoleScore span writes.
	Value float64
}

// Line is one line of an explanation: its spans, left to right.
type Line []Span

// String returns the line's text, unstyled.
func (l Line) String() string {
	var b strings.Builder
	for _, s := range l {
		b.WriteString(s.Text)
	}
	return b.String()
}

// ExplainOptions tune Tree.Explain.
type ExplainOptions struct {
	// Width is the cells a line may take; the table of a container's
	// children fits its key column to it. 0 is 80.
	Width int
	// Children returns a container's children in the order they are
	// shown; nil is the tree's order.
	Children func(NodeID) []NodeID
	// Metric names the metric, for a tree whose options carry no explainer
	// ("by NAME's own rule"); "" says "the metric".
	Metric string
	// Note says how the metric scored as a whole (a Result's
	// Explanation, without the metric's name in front): it follows the
	// root's calculation.
	Note string
}

// An Explainer is how a metric explains its tree's figures: the formula
// of a node's score with its numbers in, by the metric's own formulas.
// Every metric that builds a tree sets its engine options' Explainer
// (Options.Explainer): a test walks the registry for it. Only this
// package defines explainers.
type Explainer interface {
	// Name is the metric's name, as its explanations say it.
	Name() string
	explain(e *explainWriter, id NodeID)
}

// maxTerms is how many terms of a sum an explanation writes out; the
// children table lists at most maxChildren rows.
const (
	maxTerms    = 8
	maxChildren = 12
)

// Explain returns how node id's score is computed, by the explainer of the
// metric that built the tree (Options.Explainer), with the numbers filled in:
// the formula, its terms, a character diff of two strings, and for a
// container a table of its children's figures. Without an explainer,
// options that are jsondiff's are explained by jsondiff's under default
// metric options, others by their score alone.
func (t *Tree) Explain(id NodeID, opt ExplainOptions) []Line {
	if opt.Width <= 0 {
		opt.Width = 80
	}
	e := &explainWriter{t: t, opt: opt}
	ex := t.opt.Explainer
	if ex == nil && t.opt.IsJSONDiff() {
		ex = jsondiffExplainer{}
	}
	if ex == nil {
		e.own(id)
	} else {
		ex.explain(e, id)
	}
	if high, ok := t.Approx(id); ok {
		score, _ := t.Score(id)
		e.blank()
		e.add("%s past the comparison's exact limit, the exact score lies between %s and %s",
			Span{Role: RoleBad, Text: "approximate:"}, scoreSpan(score), scoreSpan(high))
		e.note("the score given, the lower end, is that of the best alignment found (see the warnings)")
	}
	if id == 0 && opt.Note != "" {
		e.blank()
		e.note(opt.Note)
	}
	return e.lines
}

// explainWriter writes the lines of one explanation.
type explainWriter struct {
	t     *Tree
	opt   ExplainOptions
	lines []Line
}

// add appends a line from a format whose %s verbs may take a Span or a
// Line (kept as they are) or anything fmt formats (plain text).
func (e *explainWriter) add(format string, args ...any) {
	var l Line
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			l = append(l, Span{Text: text.String()})
			text.Reset()
		}
	}
	for len(format) > 0 {
		i := strings.IndexByte(format, '%')
		if i < 0 || i == len(format)-1 {
			text.WriteString(format)
			break
		}
		text.WriteString(format[:i])
		format = format[i+1:]
		if format[0] == '%' {
			text.WriteByte('%')
			format = format[1:]
			continue
		}
		// The verb runs to its letter.
		j := strings.IndexFunc(format, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' })
		verb := "%" + format[:j+1]
		format = format[j+1:]
		if len(args) == 0 {
			text.WriteString(verb)
			continue
		}
		arg := args[0]
		args = args[1:]
		switch a := arg.(type) {
		case Span:
			flush()
			l = append(l, a)
		case Line:
			flush()
			l = append(l, a...)
		default:
			fmt.Fprintf(&text, verb, a)
		}
	}
	flush()
	e.lines = append(e.lines, l)
}

// note appends a line of one remark.
func (e *explainWriter) note(text string) {
	e.lines = append(e.lines, Line{{Role: RoleNote, Text: text}})
}

// aside appends a line of what was left out.
func (e *explainWriter) aside(text string) {
	e.lines = append(e.lines, Line{{Role: RoleAside, Text: text}})
}

// blank appends an empty line.
func (e *explainWriter) blank() { e.lines = append(e.lines, nil) }

// scoreSpan writes a score with 5 decimals, painted by its band.
func scoreSpan(v float64) Span { return Span{Role: RoleScore, Text: report.Fixed5(v), Value: v} }

// bad and good write a verdict.
func bad(text string) Span  { return Span{Role: RoleBad, Text: text} }
func good(text string) Span { return Span{Role: RoleGood, Text: text} }

// metricName is the metric as the explanation names it.
func (e *explainWriter) metricName() string {
	if e.opt.Metric != "" {
		return e.opt.Metric
	}
	return "the metric"
}

// own says the score of a tree whose options carry no explainer.
func (e *explainWriter) own(id NodeID) {
	score, has := e.t.Score(id)
	if !has {
		e.add("no score: it takes no part")
		return
	}
	e.add("score %s (by %s's own rule)", scoreSpan(score), e.metricName())
	if e.t.Kind(id).IsContainer() {
		e.children(id)
	}
}

// object writes S = Σ s·w·f / n with the numbers in.
func (e *explainWriter) object(id NodeID, score float64) {
	t := e.t
	first, count := t.Children(id)
	var n int
	var sumW float64
	var terms []string
	more := 0
	for c := first; c < first+NodeID(count); c++ {
		cs, ok := t.Score(c)
		if !ok || t.Status(c) == Extra && t.Weight(c) == 0 {
			continue
		}
		n++
		sumW += t.Weight(c)
		if len(terms) < maxTerms {
			terms = append(terms, fmt.Sprintf("%s·%s·", report.Fixed5(cs), report.Figure(t.Weight(c))))
		} else {
			more++
		}
	}
	f, _ := t.Factor(id)
	ft := report.Trim5(f)
	e.add("S = Σ s·w·f / n,  f = n / Σw = %d / %s = %s", n, report.Trim5(sumW), ft)
	for k := range terms {
		terms[k] += ft
	}
	sum := strings.Join(terms, " + ")
	if more > 0 {
		sum += fmt.Sprintf(" + … (%s more)", report.Thousands(more))
	}
	e.add("  = (%s) / %d", sum, n)
	e.add("  = %s", scoreSpan(score))
}

// array writes the mean over positions with the numbers in.
func (e *explainWriter) array(id NodeID, score float64) {
	t := e.t
	first, count := t.Children(id)
	var n int
	var terms []string
	more := 0
	for c := first; c < first+NodeID(count); c++ {
		cs, ok := t.Score(c)
		if !ok {
			continue
		}
		n++
		if len(terms) < maxTerms {
			terms = append(terms, report.Fixed5(cs))
		} else {
			more++
		}
	}
	sum := strings.Join(terms, " + ")
	if more > 0 {
		sum += fmt.Sprintf(" + … (%s more)", report.Thousands(more))
	}
	e.add("S = mean over positions = Σ s / n")
	e.add("%s = (%s) / %s", scoreSpan(score), sum, report.Thousands(n))
}

// childrenOf returns the children of id in the order shown, at least
// the first maxChildren of them, and how many there are.
func (e *explainWriter) childrenOf(id NodeID) (kids []NodeID, total int) {
	if e.opt.Children != nil {
		kids = e.opt.Children(id)
		return kids, len(kids)
	}
	first, n := e.t.Children(id)
	kids = make([]NodeID, min(n, maxChildren))
	for k := range kids {
		kids[k] = first + NodeID(k)
	}
	return kids, n
}

// children writes a table of the children's figures, in the order shown,
// as many as fit.
func (e *explainWriter) children(id NodeID) {
	t := e.t
	kids, total := e.childrenOf(id)
	if total == 0 {
		return
	}
	share := t.Share(id)
	keyW := max(6, min(18, e.opt.Width-40))
	pad, padLeft := report.Pad, report.PadLeft
	e.blank()
	e.note(pad("child", keyW) + padLeft("score", 8) + padLeft("w", 6) + padLeft("w/Σw", 8) + padLeft("loss", 9))
	for k, c := range kids {
		if k == maxChildren {
			break
		}
		cs, ok := t.Score(c)
		frac := t.Fraction(c)
		loss := 0.0
		if ok {
			loss = share * frac * (1 - cs)
		}
		e.add("%s%s%s%s%s", pad(t.Label(c), keyW), padLeft(report.ScoreCell(cs, ok), 8), padLeft(report.Figure(t.Weight(c)), 6),
			padLeft(report.Trim5(frac), 8), padLeft(report.LossCell(loss), 9))
	}
	if total > maxChildren {
		e.aside(fmt.Sprintf("… %s more", report.Thousands(total-maxChildren)))
	}
}

// quote writes a string as JSON would.
func quote(s string) string { return string(jsondoc.AppendQuoted(nil, s)) }

// quoteMax is how many code points of a string quoteShort writes.
const quoteMax = 200

// quoteShort is quote for a string that may be long: past quoteMax code
// points it writes the first ones, "…", and the length.
func quoteShort(s string) string {
	i, n := 0, 0
	for i < len(s) && n < quoteMax {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	if i == len(s) {
		return quote(s)
	}
	return fmt.Sprintf("%s… (%d characters)", quote(s[:i]), utf8.RuneCountInString(s))
}
