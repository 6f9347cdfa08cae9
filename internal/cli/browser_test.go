package cli

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The HTML reports are checked in a real browser: headless Chromium,
// one process for the whole test binary, a tab per test.

var screenshotDir = flag.String("screenshots", "", "also write the browser tests' screenshots to `DIR` (make screenshots: docs/images)")

var (
	browserOnce   sync.Once
	browserCtx    context.Context
	browserCancel func()
	browserPath   string
)

// chromiumPath finds a Chromium to drive: Debian's chromium, or another
// build of it under a usual name.
func chromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser returns the shared browser's context, starting it on first
// use. Without Chromium the test is skipped, or fails when CI is set.
func browser(t testing.TB) context.Context {
	t.Helper()
	browserOnce.Do(func() {
		browserPath = chromiumPath()
		if browserPath == "" {
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browserPath), chromedp.NoSandbox,
			chromedp.Flag("disable-gpu", true), chromedp.Flag("hide-scrollbars", true), chromedp.WindowSize(1280, 800))
		actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, bcancel := chromedp.NewContext(actx)
		if err := chromedp.Do(bctx); err != nil { // starts the browser
			bcancel()
			acancel()
			browserPath = ""
			t.Logf("chromium did not start: %v", err)
			return
		}
		browserCtx, browserCancel = bctx, func() { bcancel(); acancel() }
	})
	if browserPath == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("the browser tests need Chromium, and CI is set: apt-get install -y chromium")
		}
		t.Skip("no Chromium: the browser tests skip (install it with: apt-get install -y chromium)")
	}
	return browserCtx
}

// closeBrowser ends the shared browser, if it started.
func closeBrowser() {
	if browserCancel != nil {
		browserCancel()
	}
}

// pageLog is what a tab saw: script errors and the requests it made.
type pageLog struct {
	mu       sync.Mutex
	errors   []string
	requests []string
}

func (l *pageLog) add(list *[]string, s string) {
	l.mu.Lock()
	*list = append(*list, s)
	l.mu.Unlock()
}

// openPage opens file in a new tab of the shared browser at width ×
// height, and returns the tab's context and log.
func openPage(t *testing.T, file string, width, height int) (context.Context, *pageLog) {
	t.Helper()
	return openPageScripts(t, file, width, height, true)
}

// openPageScripts is openPage with the page's scripts on or off.
func openPageScripts(t *testing.T, file string, width, height int, scripts bool) (context.Context, *pageLog) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser(t))
	t.Cleanup(cancel)
	ctx, cancelT := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(cancelT)
	log := &pageLog{}
	err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			log.add(&log.errors, (&chromedp.ExceptionError{ExceptionDetails: ev.ExceptionDetails}).Error())
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value))
				}
				log.add(&log.errors, "console."+string(ev.Type)+": "+strings.Join(parts, " "))
			}
		case *network.EventRequestWillBeSent:
			log.add(&log.requests, ev.Request.URL)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, runtime.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	setViewport(t, ctx, width, height)
	if !scripts {
		if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+abs)); err != nil {
		t.Fatalf("loading %s: %v", file, err)
	}
	return ctx, log
}

// checkClean fails the test if the page logged a script error or made a
// request other than for its own file.
func checkClean(t *testing.T, log *pageLog, file string) {
	t.Helper()
	abs, _ := filepath.Abs(file)
	log.mu.Lock()
	defer log.mu.Unlock()
	for _, e := range log.errors {
		t.Errorf("%s: script error: %s", filepath.Base(file), e)
	}
	for _, u := range log.requests {
		if u != "file://"+abs {
			t.Errorf("%s: a request left the file: %s", filepath.Base(file), u)
		}
	}
	if len(log.requests) == 0 {
		t.Errorf("%s: no request seen at all: the network listener is not working", filepath.Base(file))
	}
}

// screenshot takes a screenshot of the tab's viewport at width × height
// into the test's temporary folder, and into -screenshots DIR when given.
func screenshot(t *testing.T, ctx context.Context, name string, width, height int) {
	t.Helper()
	setViewport(t, ctx, width, height)
	if err := chromedp.Do(ctx, chromedp.Sleep(150*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	dirs := []string{t.TempDir()}
	if *screenshotDir != "" {
		dirs = append(dirs, *screenshotDir)
	}
	for _, dir := range dirs {
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(png) < 2000 {
		t.Errorf("screenshot %s is only %d bytes: nothing painted?", name, len(png))
	}
}

// setViewport sets the tab's viewport to width × height (a phone's
// below 600 pixels).
func setViewport(t *testing.T, ctx context.Context, width, height int) {
	t.Helper()
	_, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: int64(width), Height: int64(height), DeviceScaleFactor: 1, Mobile: width < 600})
	if err != nil {
		t.Fatal(err)
	}
}

// eval evaluates a script expression in the tab.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// textOf returns the text of the first element sel selects.
func textOf(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return strings.TrimSpace(s)
}

// click clicks the first element sel selects, once it is visible.
func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible)); err != nil {
		t.Fatalf("click %s: %v", sel, err)
	}
}
