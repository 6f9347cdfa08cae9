package htmlreport

import (
	"encoding/base64"
	"encoding/binary"
	"html/template"
	"math"
	"runtime"
	"strconv"
	"sync"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// heatData is the heat map's data: a row per path (as the per-path table
// lists them), each the cases' scores at the path in units of 1e-4 as
// little-endian uint16 (65535: no node), base64. scorer makes the
// function that gives a case's row, one for each core.
func heatData(f *dataset.Figures, scorer func() func(k int, dst []float64) []float64) (template.HTML, string) {
	if len(f.Paths) == 0 {
		return "", ""
	}
	n := min(len(f.Cases), MaxHeatCells/len(f.Paths))
	note := ""
	if n < len(f.Cases) {
		note = "The map holds the first " + report.Count(n) + " cases in reference order, of " + report.Count(len(f.Cases)) + "."
	}
	rows := make([][]byte, len(f.Paths))
	for i := range rows {
		rows[i] = make([]byte, 2*n)
	}
	workers := max(1, min(runtime.GOMAXPROCS(0), n/256))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			scores := scorer()
			var dst []float64
			for k := w * n / workers; k < (w+1)*n/workers; k++ {
				dst = scores(k, dst[:0])
				for i := range rows {
					q := uint16(noCell)
					if i < len(dst) && !math.IsNaN(dst[i]) {
						q = uint16(math.Round(min(1, max(0, dst[i])) * 10000))
					}
					binary.LittleEndian.PutUint16(rows[i][2*k:], q)
				}
			}
		}()
	}
	wg.Wait()
	b := []byte(`{"n":`)
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, `,"paths":[`...)
	for i := range f.Paths {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsondoc.AppendQuoted(b, f.Paths[i].Path)
	}
	b = append(b, `],"cells":[`...)
	for i, r := range rows {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = base64.StdEncoding.AppendEncode(b, r)
		b = append(b, '"')
	}
	b = append(b, "]}"...)
	return scriptData("heat-data", b), note
}
