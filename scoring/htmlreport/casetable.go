package htmlreport

import (
	"cmp"
	"html/template"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// compareCases orders cases lowest score first, those without a score
// last.
func compareCases(a, b *dataset.CaseFigures) int {
	switch {
	case a.HasScore != b.HasScore:
		if a.HasScore {
			return -1
		}
		return 1
	case !a.HasScore:
		return 0
	}
	return cmp.Compare(a.Score, b.Score)
}

// writeCaseRow writes one row of the cases table.
func writeCaseRow(b *strings.Builder, k int, c *dataset.CaseFigures, deltas map[int]float64, tree bool) {
	b.WriteString("<tr><td>")
	if tree {
		b.WriteString(`<a href="#case-` + strconv.Itoa(k) + `" data-case="` + strconv.Itoa(k) + `">`)
		template.HTMLEscape(b, []byte(c.ID))
		b.WriteString("</a>")
	} else {
		template.HTMLEscape(b, []byte(c.ID))
	}
	st := c.Status.String()
	b.WriteString(`</td><td class="st st-` + st + `">` + st + `</td><td class="n">` + report.ScoreCell(c.Score, c.HasScore) + `</td><td class="n">`)
	if d, ok := deltas[k]; ok {
		b.WriteString(dataset.Signed3(d))
	}
	b.WriteString("</td><td><code>")
	if c.Worst != nil {
		template.HTMLEscape(b, []byte(c.Worst.Path))
	}
	b.WriteString(`</code></td><td class="n">`)
	if c.Worst != nil {
		b.WriteString(report.ScoreCell(c.Worst.Loss, true))
	}
	b.WriteString("</td></tr>\n")
}

// casesData is every case's figures as the script reads them, in order
// (the table's first: lowest score first): id, status, score, Δ,
// costliest path, its loss, its schema path and the case's place.
func casesData(f *dataset.Figures, order []int, deltas map[int]float64, trees map[int]bool) template.HTML {
	b := make([]byte, 0, 64+len(f.Cases)*96)
	b = append(b, `{"limit":`...)
	b = strconv.AppendInt(b, CaseRows, 10)
	b = append(b, `,"cases":[`...)
	var sp []byte
	for q, k := range order {
		c := &f.Cases[k]
		if q > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = jsondoc.AppendQuoted(b, c.ID)
		b = append(b, `,"`...)
		b = append(b, c.Status.String()...)
		b = append(b, `",`...)
		b = appendOptFloat(b, c.Score, c.HasScore)
		b = append(b, ',')
		d, ok := deltas[k]
		b = appendOptFloat(b, d, ok)
		if c.Worst != nil {
			b = append(b, ',')
			b = jsondoc.AppendQuoted(b, c.Worst.Path)
			b = append(b, ',')
			b = report.AppendJSONFloat(b, c.Worst.Loss)
			b = append(b, ',')
			sp = schemaPath(sp[:0], c.Worst.Path)
			b = jsondoc.AppendQuoted(b, string(sp))
		} else {
			b = append(b, ",null,0,null"...)
		}
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(k), 10)
		b = append(b, ']')
	}
	b = append(b, `],"trees":{`...)
	first := true
	for k := range trees {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = strconv.AppendInt(b, int64(k), 10)
		b = append(b, `":1`...)
	}
	b = append(b, "}}"...)
	return scriptData("cases-data", b)
}

func appendOptFloat(b []byte, v float64, ok bool) []byte {
	if !ok {
		return append(b, "null"...)
	}
	return report.AppendJSONFloat(b, v)
}

// scriptData wraps JSON in a script element of its own, every '<' in it
// escaped so that nothing in the data can end the element.
func scriptData(id string, js []byte) template.HTML {
	var b strings.Builder
	b.Grow(len(js) + 64)
	b.WriteString(`<script type="application/json" id="` + id + `">`)
	for {
		i := strings.IndexByte(string(js), '<')
		if i < 0 {
			b.Write(js)
			break
		}
		b.Write(js[:i])
		b.WriteString(`\u003c`)
		js = js[i+1:]
	}
	b.WriteString("</script>")
	return template.HTML(b.String())
}
