package pair

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/jsontui/jsontui/tui/internal/tuitest"
)

// TestEndToEnd runs the explorer as a program: open the pizza, set .beer's
// weight to 1, save, quit; the saved file keeps the original's shape with
// the one entry changed, and the original is kept as weights.json.bak.
func TestEndToEnd(t *testing.T) {
	wpath, orig := tuitest.WeightsCopy(t, pizzaDir)
	dir := filepath.Dir(wpath)
	opts := pizza(t)
	opts.Files.SavePath = wpath
	tm := teatest.NewTestModel(t, New(opts), teatest.WithInitialTermSize(120, 30))
	wait := func(text string) { t.Helper(); tuitest.WaitText(t, tm, text) }
	wait("0.87601")
	for _, k := range []string{"j", "j", "j", "w"} {
		tm.Send(tuitest.KeyMsg(k))
	}
	wait("weight of .beer:")
	tm.Send(tuitest.KeyMsg("1"))
	tm.Send(tuitest.KeyMsg("enter"))
	wait("0.90048")
	tm.Send(tuitest.KeyMsg("ctrl+s"))
	wait("saved")
	tm.Send(tuitest.KeyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(30*time.Second))
	if m, ok := tm.FinalModel(t).(*Model); !ok || m.sess.Dirty() {
		t.Error("the final model has unsaved weights")
	}
	want := `{
  "margherita": 1.0,
  "pepperoni": 1.0,
  "beer": 1.0,
  "fixed_menus": {
    "__fixed_menus": 0.8,
    "menu_name": 0.0,
    "pizza": 0.5,
    "drink": 0.5,
    "price": 1.0
  }
}
`
	if got := tuitest.ReadFile(t, wpath); got != want {
		t.Errorf("saved weights:\n%s\nwant:\n%s", got, want)
	}
	if got := tuitest.ReadFile(t, wpath+".bak"); got != orig {
		t.Errorf("backup:\n%s\nwant the original:\n%s", got, orig)
	}
	st, err := os.Stat(wpath)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("the saved file lost its permissions: %v %v", st.Mode(), err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("left behind: %v", entries)
	}
}
