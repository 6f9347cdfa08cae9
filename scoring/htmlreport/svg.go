package htmlreport

import (
	"fmt"
	"html/template"
	"math"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
)

// The pictures are SVG written here: they need no script and print.

// f1 writes a coordinate with one decimal.
func f1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// bars draws a histogram of counts over [lo, hi] with labels at the
// edges; class names each bar's fill (nil: all alike).
func bars(title string, counts []int, lo, hi string, class func(i int) string, tips func(i int) string) template.HTML {
	const w, h, left, bottom = 360.0, 170.0, 34.0, 22.0
	top := 0
	for _, c := range counts {
		top = max(top, c)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg role="img" aria-label="%s" viewBox="0 0 %s %s" width="%s" height="%s"><title>%s</title>`,
		template.HTMLEscapeString(title), f1(w), f1(h), f1(w), f1(h), template.HTMLEscapeString(title))
	fmt.Fprintf(&b, `<line class="axis" x1="%s" y1="%s" x2="%s" y2="%s"/>`, f1(left), f1(h-bottom), f1(w), f1(h-bottom))
	fmt.Fprintf(&b, `<text x="2" y="12">%s</text><text x="2" y="%s">0</text>`, report.Count(top), f1(h-bottom))
	bw := (w - left) / float64(len(counts))
	for i, c := range counts {
		if c == 0 || top == 0 {
			continue
		}
		bh := (h - bottom - 14) * float64(c) / float64(top)
		cls := "fillbar"
		if class != nil {
			cls = class(i)
		}
		fmt.Fprintf(&b, `<rect class="%s" x="%s" y="%s" width="%s" height="%s"><title>%s</title></rect>`, cls,
			f1(left+float64(i)*bw+1), f1(h-bottom-bh), f1(math.Max(1, bw-2)), f1(bh), template.HTMLEscapeString(tips(i)))
	}
	fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text><text x="%s" y="%s" text-anchor="end">%s</text></svg>`,
		f1(left), f1(h-6), lo, f1(w), f1(h-6), hi)
	return template.HTML(b.String())
}

// scoreHistogram draws how many cases with a score fall in each tenth.
func scoreHistogram(cases []dataset.CaseFigures) template.HTML {
	counts := make([]int, 10)
	for i := range cases {
		if c := &cases[i]; c.HasScore {
			counts[min(9, max(0, int(c.Score*10)))]++
		}
	}
	return bars("histogram of the case scores", counts, "0", "1", nil, func(i int) string {
		hi := ")"
		if i == 9 {
			hi = "]"
		}
		return fmt.Sprintf("%s cases scoring in [%s, %s%s", report.Count(counts[i]), report.Figure(float64(i)/10), report.Figure(float64(i+1)/10), hi)
	})
}

// deltaHistogram draws the changes of the paired cases in 20 bins over
// their symmetric range.
func deltaHistogram(ds []dataset.CaseDelta) (template.HTML, string) {
	span := 0.0
	for _, d := range ds {
		span = max(span, math.Abs(d.Delta))
	}
	const nb = 21
	counts := make([]int, nb)
	if span <= dataset.ChangeEps {
		span = 1
	}
	unchanged := 0
	for _, d := range ds {
		if math.Abs(d.Delta) <= dataset.ChangeEps {
			unchanged++
		}
		i := int(math.Round((d.Delta/span + 1) / 2 * (nb - 1)))
		counts[min(nb-1, max(0, i))]++
	}
	width := 2 * span / (nb - 1)
	svg := bars("histogram of the changes B − A", counts, dataset.Signed3(-span), dataset.Signed3(span),
		func(i int) string {
			switch {
			case i < nb/2:
				return "neg"
			case i > nb/2:
				return "pos"
			}
			return "zero"
		},
		func(i int) string {
			c := -span + float64(i)*width
			return fmt.Sprintf("%s cases changing by %s … %s", report.Count(counts[i]), dataset.Signed3(c-width/2), dataset.Signed3(c+width/2))
		})
	return svg, fmt.Sprintf("the middle bar holds the %s unchanged cases, and changes within half a bar of 0", report.Count(unchanged))
}

// maxDots is how many marks a scatter draws one by one; past it, it
// draws how many fall in each of 100 × 100 squares.
const maxDots = 3000

// mark is one case in a scatter: at (X, Y), both in [0, 1], its title
// Tip.
type mark struct {
	X, Y float64
	Tip  string
}

// tick is a label on a scatter's y axis, at V in [0, 1].
type tick struct {
	V    float64
	Text string
}

// plot is what a scatter says of itself: its aria-label and title, the
// label at the right end of its x axis, the labels of its y axis, and
// whether it draws the diagonal.
type plot struct {
	Label, Title string
	XHigh        string
	YTicks       []tick
	Diagonal     bool
}

// scatter draws each paired case at (A, B), with the diagonal.
func scatter(ds []dataset.CaseDelta) (template.HTML, string) {
	ms := make([]mark, len(ds))
	for i, d := range ds {
		ms[i] = mark{d.A, d.B, d.ID + ": A " + report.ScoreCell(d.A, true) + ", B " + report.ScoreCell(d.B, true)}
	}
	return scatterPlot(plot{Label: "scatter of the paired case scores, A across, B up", Title: "paired case scores: A across, B up",
		XHigh: "A 1", YTicks: []tick{{1, "B 1"}}, Diagonal: true}, ms)
}

// scatterPlot draws marks over the unit square: a dot each, or past
// maxDots the squares' counts as shades, which the note says.
func scatterPlot(p plot, ms []mark) (template.HTML, string) {
	const size, pad = 300.0, 28.0
	x := func(v float64) string { return f1(pad + v*(size-pad-6)) }
	y := func(v float64) string { return f1(size - pad - v*(size-pad-6)) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg role="img" aria-label="%s" viewBox="0 0 %s %s" width="%s" height="%s"><title>%s</title>`,
		template.HTMLEscapeString(p.Label), f1(size), f1(size), f1(size), f1(size), template.HTMLEscapeString(p.Title))
	fmt.Fprintf(&b, `<line class="axis" x1="%s" y1="%s" x2="%s" y2="%s"/><line class="axis" x1="%s" y1="%s" x2="%s" y2="%s"/>`,
		x(0), y(0), x(1), y(0), x(0), y(0), x(0), y(1))
	if p.Diagonal {
		fmt.Fprintf(&b, `<line class="diag" x1="%s" y1="%s" x2="%s" y2="%s"/>`, x(0), y(0), x(1), y(1))
	}
	fmt.Fprintf(&b, `<text x="%s" y="%s">0</text><text x="%s" y="%s" text-anchor="end">%s</text>`,
		x(0), f1(size-pad+14), x(1), f1(size-pad+14), template.HTMLEscapeString(p.XHigh))
	for _, t := range p.YTicks {
		// The baseline a little below the tick, centring the text on it,
		// and low enough at the top for the letters to show whole.
		base := max(size-pad-t.V*(size-pad-6)+4, 12)
		fmt.Fprintf(&b, `<text x="2" y="%s">%s</text>`, f1(base), template.HTMLEscapeString(t.Text))
	}
	note := ""
	if len(ms) <= maxDots {
		for _, m := range ms {
			fmt.Fprintf(&b, `<circle class="dot" cx="%s" cy="%s" r="3"><title>%s</title></circle>`,
				x(m.X), y(m.Y), template.HTMLEscapeString(m.Tip))
		}
	} else {
		shades(&b, ms, x, y, (size-pad-6)/100)
		note = "With " + report.Count(len(ms)) + " cases, each square's shade says how many fall in it."
	}
	b.WriteString("</svg>")
	return template.HTML(b.String()), note
}

// shades draws how many marks fall in each of 100 × 100 squares, of
// side cell, as the squares' opacity.
func shades(b *strings.Builder, ms []mark, x, y func(float64) string, cell float64) {
	const n = 100
	grid := make([]int, n*n)
	top := 0
	for _, m := range ms {
		i := min(n-1, max(0, int(m.X*n)))*n + min(n-1, max(0, int(m.Y*n)))
		grid[i]++
		top = max(top, grid[i])
	}
	for i, c := range grid {
		if c == 0 {
			continue
		}
		a, bb := float64(i/n)/n, float64(i%n+1)/n
		op := 0.25 + 0.75*math.Log1p(float64(c))/math.Log1p(float64(top))
		fmt.Fprintf(b, `<rect class="dot" x="%s" y="%s" width="%s" height="%s" fill-opacity="%s"><title>%s cases</title></rect>`,
			x(a), y(bb), f1(cell), f1(cell), strconv.FormatFloat(op, 'f', 2, 64), report.Count(c))
	}
}

// statusBar draws a path's status counts as one stacked bar, with the
// counts in its title and as text for screen readers.
func statusBar(counts [7]int) template.HTML {
	total := 0
	for _, c := range counts {
		total += c
	}
	if total == 0 {
		return ""
	}
	const w, h = 120.0, 12.0
	var b, words strings.Builder
	fmt.Fprintf(&b, `<svg class="sb" width="%s" height="%s" viewBox="0 0 %s %s" aria-hidden="true">`, f1(w), f1(h), f1(w), f1(h))
	at := 0.0
	for i, c := range counts {
		if c == 0 {
			continue
		}
		cw := w * float64(c) / float64(total)
		name := scoring.Statuses[i].String()
		fmt.Fprintf(&b, `<rect x="%s" y="0" width="%s" height="%s" fill="%s"><title>%s %s</title></rect>`,
			f1(at), f1(cw), f1(h), statusColors[i], report.Count(c), name)
		at += cw
		if words.Len() > 0 {
			words.WriteString(", ")
		}
		words.WriteString(report.Count(c) + " " + name)
	}
	b.WriteString(`</svg><span class="sr">` + template.HTMLEscapeString(words.String()) + `</span>`)
	return template.HTML(b.String())
}
