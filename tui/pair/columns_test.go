package pair

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
)

// invoiceDir holds the realistic extraction case: a fenced answer, a
// dropped line item, a price typo, a date in another format.
const invoiceDir = "../../testdata/cases/invoice"

// invoice returns the invoice case loaded (it has no weights file).
func invoice(t testing.TB) ports.Options {
	l := loadPair(t, tuitest.ReadFile(t, filepath.Join(invoiceDir, "reference.json")), tuitest.ReadFile(t, filepath.Join(invoiceDir, "output.json")), "")
	return ports.Options{
		Files:  ports.Files{Reference: "reference.json", Output: "output.json"},
		Loaded: &l, Metric: "jsondiff", Theme: "dark",
	}
}

// TestInvoiceScreens: the invoice's first screen at the widths people
// use. At 120 the detail pane gives way to the tree (its values would be
// cut); at 160 it shrinks to what the tree leaves.
func TestInvoiceScreens(t *testing.T) {
	for _, w := range []int{80, 100, 120, 160} {
		t.Run(tuitest.Itoa(w)+"x35", func(t *testing.T) {
			d := newDriver(t, invoice(t), w, 35)
			screen := d.Screen()
			tuitest.CheckSize(t, screen, w, 35)
			golden.RequireEqual(t, []byte(screen))
			checkDifferencesShow(t, d)
		})
	}
}

// TestFailingScreen: the failing-only view of the invoice, expanded.
func TestFailingScreen(t *testing.T) {
	d := newDriver(t, invoice(t), 120, 35)
	d.Keys("F", "e")
	screen := d.Screen()
	tuitest.CheckSize(t, screen, 120, 35)
	golden.RequireEqual(t, []byte(screen))
	if s := d.statusText(); !strings.HasPrefix(s, "failing only: 48 of 81 nodes hidden · expanded all: 33 rows") {
		t.Errorf("status %q", s)
	}
	checkDifferencesShow(t, d)
}

// TestDifferencesShow pages through the expanded invoice at many widths,
// the detail pane forced open or not: wherever the tree shows two strings
// (or numbers) that differ, the first character where they differ shows
// on both sides, with the two before it.
func TestDifferencesShow(t *testing.T) {
	for w := 80; w <= 200; w += 8 {
		for _, tab := range []bool{false, true} {
			d := newDriver(t, invoice(t), w, 30)
			d.Keys("e")
			if tab && !d.m.ShowDetail() {
				d.Keys("tab")
			}
			for range 4 {
				checkDifferencesShow(t, d)
				d.Keys("pgdown")
			}
		}
	}
}

// checkDifferencesShow checks the rows on screen: for each pair of
// scalars written differently, the first differing character and the two
// before it are in the row, on each side.
func checkDifferencesShow(t *testing.T, d *driver) {
	t.Helper()
	tr := d.m.sess.Tree()
	lines := strings.Split(d.Screen(), "\n")
	top := d.m.hdr.Height() + d.m.panelH + 1 // the column heads
	// isScalar: a value that is there and no container.
	isScalar := func(d *jsondoc.Doc, v jsondoc.ID) bool { return v != jsondoc.None && !d.Kind(v).IsContainer() }
	for k, r := range d.m.tree.Window() {
		id := r.ID
		rv, ov := tr.RefValue(id), tr.OutValue(id)
		st := tr.Status(id)
		if st == scoring.Match || !isScalar(tr.Ref(), rv) || !isScalar(tr.Out(), ov) {
			continue
		}
		a, b := []rune(string(tr.Ref().Raw(rv))), []rune(string(tr.Out().Raw(ov)))
		i := 0
		for i < len(a) && i < len(b) && a[i] == b[i] {
			i++
		}
		row := ansi.Strip(ansi.Truncate(lines[top+k], d.m.tree.Width(), ""))
		for _, side := range [][]rune{a, b} {
			if i >= len(side) {
				continue
			}
			want := string(side[max(0, i-2) : i+1])
			if !strings.Contains(row, want) {
				t.Errorf("%d columns: row %s lacks %q, where its values differ:\n%s", d.m.C.Width, tr.Path(id), want, row)
			}
		}
	}
}

// TestDetailGivesWay: on the invoice the detail pane folds at 120 columns
// (the tree needs them), tab forces it open, narrower; at 160 it shows,
// narrower than its two fifths.
func TestDetailGivesWay(t *testing.T) {
	d := newDriver(t, invoice(t), 120, 35)
	if d.m.ShowDetail() || d.m.tree.Width() != 120 {
		t.Fatalf("at 120 the detail pane shows (tree %d wide)", d.m.tree.Width())
	}
	d.Keys("tab")
	if !d.m.ShowDetail() || d.m.detail.Width() != DetailMinWidth || d.m.tree.Width() != 120-DetailMinWidth {
		t.Errorf("tab: detail %v, %d wide, tree %d", d.m.ShowDetail(), d.m.detail.Width(), d.m.tree.Width())
	}
	d.Keys("tab")
	if d.m.ShowDetail() {
		t.Error("tab again left the pane open")
	}
	d = newDriver(t, invoice(t), 160, 35)
	need := d.m.tree.NeedWidth()
	if !d.m.ShowDetail() || d.m.tree.Width() != need || d.m.detail.Width() != 160-need || d.m.detail.Width() >= 64 {
		t.Errorf("at 160: detail %v %d wide, tree %d (needs %d)", d.m.ShowDetail(), d.m.detail.Width(), d.m.tree.Width(), need)
	}
	// The pizza's tree needs less than three fifths of 160: the pane
	// keeps its two fifths.
	d = newDriver(t, pizza(t), 160, 45)
	if d.m.detail.Width() != 64 {
		t.Errorf("pizza at 160: detail %d wide", d.m.detail.Width())
	}
}

// TestDifferenceMarked: the part where two values differ is painted as a
// character diff's deletion (reference) and insertion (output), in the
// mono theme by attributes alone.
func TestDifferenceMarked(t *testing.T) {
	opts := invoice(t)
	opts.Theme = "mono"
	d := newDriver(t, opts, 80, 24)
	s := d.m.C.Styles
	if s.DiffDel.On() == "" || s.DiffIns.On() == "" {
		t.Fatal("mono paints no difference")
	}
	content := d.m.View().Content
	for _, want := range []string{
		// INV-2024-04-0173 against …0178: the last digit.
		`-017` + s.DiffDel.Render("3") + `"`,
		`-017` + s.DiffIns.Render("8") + `"`,
		// 2024-05-15 against 15.05.2024: all but the quotes.
		`"` + s.DiffDel.Render("2024-05-15") + `"`,
		`"` + s.DiffIns.Render("15.05.2024") + `"`,
		// Bürobedarf against Burobedarf.
		`"Nordlicht B` + s.DiffDel.Render("ü") + `rob`,
		`"Nordlicht B` + s.DiffIns.Render("u") + `robe`,
	} {
		if !strings.Contains(content, want) {
			t.Errorf("no %q in the screen", want)
		}
	}
	// Equal values are not painted.
	if strings.Contains(content, s.DiffDel.Render("PO-55120")) {
		t.Error("an equal value is marked")
	}
}
