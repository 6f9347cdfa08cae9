package cli

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/jsontui/jsontui/scoring/gen"
)

// The size and speed targets of the HTML report: a 100k-case dataset's
// page under 25 MB that headless Chromium paints in under 2 s, written in
// at most 1.5× the time of --format json for the same input.

// benchCases is the dataset's size: 100k cases, 5k with -short.
func benchCases() int {
	if testing.Short() {
		return 5000
	}
	return 100000
}

// writeBenchDataset writes a generated dataset of n cases into dir.
func writeBenchDataset(b *testing.B, dir string, n int) string {
	b.Helper()
	path := filepath.Join(dir, "cases.jsonl")
	if err := gen.WriteRecordsFile(path, gen.DatasetOptions{Cases: n, Seed: 3, Model: 1}); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkHTMLReport times `score DATA --format html -o FILE` against
// `score DATA --format json` on the same dataset, each a process of its
// own with no history: "x-json" is the ratio (target ≤ 1.5), "MB" the
// page's size (target < 25 for 100k cases).
func BenchmarkHTMLReport(b *testing.B) {
	dir := b.TempDir()
	data := writeBenchDataset(b, dir, benchCases())
	page, js := filepath.Join(dir, "report.html"), filepath.Join(dir, "report.json")
	var tHTML, tJSON time.Duration
	for b.Loop() {
		took, _ := runSelf(b, nil, "score", data, "--no-history", "--format", "json", "-o", js)
		tJSON += took
		took, _ = runSelf(b, nil, "score", data, "--no-history", "--format", "html", "-o", page)
		tHTML += took
	}
	st, err := os.Stat(page)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(tHTML.Seconds()/float64(b.N), "s/html")
	b.ReportMetric(tJSON.Seconds()/float64(b.N), "s/json")
	b.ReportMetric(float64(tHTML)/float64(tJSON), "x-json")
	b.ReportMetric(float64(st.Size())/(1<<20), "MB")
}

// BenchmarkHTMLPaint loads a 100k-case dataset's page in headless
// Chromium at 1280×800 and reports the time from the navigation's start
// to the first contentful paint, to the end of the load event (target:
// under 2 s), and to the heat map drawn once scrolled into view (which
// reads all the page's data). It skips without Chromium.
func BenchmarkHTMLPaint(b *testing.B) {
	bctx := browser(b)
	dir := b.TempDir()
	data := writeBenchDataset(b, dir, benchCases())
	page := filepath.Join(dir, "report.html")
	if took, _ := runSelf(b, nil, "score", data, "--no-history", "--format", "html", "-o", page); took <= 0 {
		b.Fatal("no page written")
	}
	var fcp, load, heat float64
	for b.Loop() {
		ctx, cancel := chromedp.NewContext(bctx)
		_, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 1280, Height: 800, DeviceScaleFactor: 1})
		if err == nil {
			err = chromedp.Do(ctx, chromedp.Navigate("file://"+page))
		}
		var t []float64
		if err == nil {
			// The load event has run by now; then the heat map is scrolled
			// into view, which reads the page's data and draws it.
			t, err = chromedp.Run(ctx, chromedp.Evaluate[[]float64](`new Promise(done => {
				const n = performance.getEntriesByType("navigation")[0];
				const p = performance.getEntriesByName("first-contentful-paint")[0];
				const c = document.getElementById("heat");
				c.scrollIntoView();
				const wait = () => c.getAttribute("data-drawn") ? done([p ? p.startTime : -1, n.loadEventEnd,
					performance.getEntriesByName("report-heat")[0].startTime]) : setTimeout(wait, 10);
				wait();
			})`, chromedp.EvalAwaitPromise))
		}
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		fcp += t[0]
		load += t[1]
		heat += t[2]
	}
	b.ReportMetric(fcp/1000/float64(b.N), "s/first-paint")
	b.ReportMetric(load/1000/float64(b.N), "s/load")
	b.ReportMetric(heat/1000/float64(b.N), "s/heat-map")
}
