// Package htmlreport writes a scoring run as one self-contained HTML file
// to share: a pair's tree, a dataset's figures and cases, or the
// comparison of two dataset runs or of two runs of a pair.
//
// The page carries its styles, its script, its pictures (SVG drawn here,
// a heat map drawn by the script from data in the page) and its data: it
// fetches nothing and opens from file://. Its figures are those of the
// JSON output, taken from the same structures (report.Report,
// dataset.Figures, dataset.Comparison) and formatted as the text output
// formats them; it computes none of its own. The tables are HTML, so that
// the figures read with scripts off; the script adds sorting, filtering,
// opening a case and the heat map's pointer.
package htmlreport

import (
	"bufio"
	_ "embed"
	"html/template"
	"io"
	"time"
)

// File is one input of a run, as the page's header names it.
type File struct {
	// Role says what the file is: "reference", "output", "weights".
	Role string
	// Name is the file as given; SHA256 the hex SHA-256 of its content,
	// "" when not known.
	Name, SHA256 string
}

// Fact is one more line of the page's header: "run", "label".
type Fact struct{ Name, Value string }

// Meta says what a page is of, and when and by what it was written.
type Meta struct {
	// Title heads the page; "" gives one from the kind of report.
	Title string
	// Version is jsontui's version.
	Version string
	// Time is when the figures were made (now, or the run's time).
	Time time.Time
	// Files are the run's inputs; Facts more lines of the header.
	Files []File
	Facts []Fact
}

//go:embed assets/report.css
var css string

//go:embed assets/report.js
var js string

//go:embed assets/page.tmpl
var pageText string

var pageTmpl = template.Must(template.New("page").Parse(pageText))

// navItem is a link of the page's table of contents.
type navItem struct{ ID, Name string }

// page is what the page template renders.
type page struct {
	Title, Kind string
	Time        string
	Meta        Meta
	CSS         template.CSS
	JS          template.JS
	Nav         []navItem
	Pair        *pairView
	Dataset     *datasetView
	Compare     *compareView
	PairDiff    *pairDiffView
}

// write renders p to w.
func write(w io.Writer, p *page) error {
	if p.Title == "" {
		p.Title = p.Meta.Title
	}
	p.CSS, p.JS = template.CSS(css), template.JS(js)
	t := p.Meta.Time
	if t.IsZero() {
		t = time.Now()
	}
	p.Time = t.UTC().Format("2006-01-02 15:04:05 UTC")
	bw := bufio.NewWriterSize(w, 256<<10)
	cw := &controlWriter{w: bw}
	if err := pageTmpl.ExecuteTemplate(cw, "page", p); err != nil {
		return err
	}
	if err := cw.flush(); err != nil {
		return err
	}
	return bw.Flush()
}
