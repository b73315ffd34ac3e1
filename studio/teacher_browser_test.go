package studio

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"mazebook/layout/theme"
	"mazebook/templates"
)

// shotsDir returns where this file's tests put a screenshot: docs/ for
// those the manual shows (studio-rising.png, studio-tablet.png), with
// MAZEBOOK_UPDATE_DOCS set; else MAZEBOOK_SHOTS when it names a folder
// (to look at them), or a temporary directory.
func shotsDir(t *testing.T, name string) string {
	t.Helper()
	if name == "studio-rising.png" || name == "studio-tablet.png" {
		return filepath.Join(docsOr(t), name)
	}
	if dir := os.Getenv("MAZEBOOK_SHOTS"); dir != "" {
		return filepath.Join(dir, name)
	}
	return filepath.Join(t.TempDir(), name)
}

// rect is an element's box on the screen.
type rect struct{ Left, Top, Right, Bottom float64 }

func box(t *testing.T, ctx context.Context, sel string) rect {
	t.Helper()
	return js[rect](t, ctx, fmt.Sprintf(`(function(){const r=document.querySelector(%q).getBoundingClientRect(); return {Left: r.left, Top: r.top, Right: r.right, Bottom: r.bottom}})()`, sel))
}

// From the worksheet starter, the kitten chosen shows its pictures at
// the doors and START and FINISH under them, with its story: one edit,
// no ages needed.
func TestBrowserWorksheetTheme(t *testing.T) {
	execPath := findBrowser(t)
	book, _, _ := templates.Starter("book")
	base, _ := startStudio(t, string(book))
	ctx := newBrowser(t, execPath)
	steps(t, ctx, "opening the studio", chromedp.Navigate(base),
		waitFor(`document.querySelector("#page-svg svg") !== null && document.getElementById("status").textContent.startsWith("Ready")`))
	steps(t, ctx, "the worksheet starter", chromedp.Click(chromedp.CSS(`[data-starter="worksheet"]`)), shownAfter(t, ctx, "title: Maze worksheet"))
	if got := js[string](t, ctx, `document.getElementById("yaml").value`); !strings.Contains(got, "markers: labels") || !strings.Contains(got, "size: letter") {
		t.Fatalf("the worksheet starter (a browser in en-US) is not the one with labels on Letter:\n%s", got)
	}
	steps(t, ctx, "the kitten", pickOption("#f-theme", "kitten"), shownAfter(t, ctx, "theme: kitten"))
	yaml := js[string](t, ctx, `document.getElementById("yaml").value`)
	page := js[string](t, ctx, `document.getElementById("page-svg").innerHTML`)
	kitten, _ := theme.Lookup("kitten")
	for _, want := range []string{kitten.StoryIn("en"), "<title>START</title>", "<title>FINISH</title>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the worksheet with the kitten does not show %q", want)
		}
	}
	if strings.Contains(yaml, "markers: labels") || !strings.Contains(yaml, "door_words: true") {
		t.Errorf("the kitten chosen left the YAML:\n%s", yaml)
	}
	if got := js[string](t, ctx, `document.getElementById("f-style-markers").value`); got != "shapes" {
		t.Errorf("the markers field shows %q, want shapes", got)
	}
	screenshot(t, ctx, shotsDir(t, "studio-worksheet-kitten.png"))
}

// A rising pack for six-year-olds at two a page, 2..8, says why it
// cannot be made once, at its difficulty, and the lists link there once.
func TestBrowserRisingPack(t *testing.T) {
	execPath := findBrowser(t)
	base, _ := startStudio(t, "title: Rising\nsections:\n  - title: Six\n    count: 10\n    difficulty: easy\n")
	ctx := newBrowser(t, execPath)
	steps(t, ctx, "opening the studio", chromedp.Navigate(base),
		waitFor(`document.querySelector("#page-svg svg") !== null && document.getElementById("status").textContent.startsWith("Ready")`))
	steps(t, ctx, "2..8", setField("#f-sections-0-difficulty", "2..8"), waitFor(`document.getElementById("yaml").value.includes("difficulty: 2..8")`))
	steps(t, ctx, "ages 6", setField("#f-sections-0-ages", "6"), waitFor(`/ages: "?6/.test(document.getElementById("yaml").value)`))
	steps(t, ctx, "two a page", pickOption("#f-sections-0-per-page", "2"),
		waitFor(`document.getElementById("yaml").value.includes("per_page: 2") && !document.getElementById("stale").hidden`))
	errs := js[[]string](t, ctx, `[...document.querySelectorAll("#form .error")].map(e => e.textContent).filter(s => s)`)
	const want = "for ages 6 the cells are big, so at 2 a page no maze can be harder than level 5: choose levels up to 5, or fewer mazes a page"
	if len(errs) != 1 || errs[0] != want || js[string](t, ctx, `document.getElementById("f-sections-0-difficulty-error").textContent`) != want {
		t.Errorf("the form says %q, want one problem, at the difficulty: %q", errs, want)
	}
	links := js[[]string](t, ctx, `[...document.querySelectorAll("#problem-list li, #stale-list li")].map(e => e.textContent)`)
	if len(links) != 2 || links[0] != "Section 1 · Difficulty" || links[1] != "Section 1 · Difficulty" {
		t.Errorf("the problems and the preview's banner list %q, want the difficulty once each", links)
	}
	if n := js[int](t, ctx, `document.body.innerText.split("no maze can be harder").length - 1`); n != 1 {
		t.Errorf("the problem is said %d times", n)
	}
	screenshot(t, ctx, shotsDir(t, "studio-rising.png"))
	// The summary at the top links to it.
	steps(t, ctx, "the banner's link", chromedp.Click(chromedp.CSS("#stale-list button")))
	if got := js[string](t, ctx, `document.activeElement.id`); got != "f-sections-0-difficulty" {
		t.Errorf("the banner's link goes to %q", got)
	}
	// Levels up to 5, as it says: the pack is made.
	steps(t, ctx, "2..5", setField("#f-sections-0-difficulty", "2..5"),
		waitFor(`document.getElementById("yaml").value.includes("difficulty: 2..5") && document.getElementById("status").textContent.startsWith("Ready")`))
}

// On a tablet the preview sits beside the form, in view as the form
// scrolls; on a phone it is one tap away, and the form one tap back.
func TestBrowserTabletLayout(t *testing.T) {
	execPath := findBrowser(t)
	base, _ := startStudio(t, "theme: kitten\n"+browserSpec)
	ctx := newBrowser(t, execPath)
	for _, w := range []int64{768, 820, 1024} {
		steps(t, ctx, "a tablet", chromedp.EmulateViewport(w, 1180, chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Navigate(base),
			waitFor(`document.querySelector("#page-svg svg") !== null && document.querySelectorAll(".play-maze").length > 0`))
		ed, pv, page := box(t, ctx, "#editor"), box(t, ctx, "#preview"), box(t, ctx, "#page-view")
		if pv.Left < ed.Right || pv.Top > ed.Top+1 || page.Right-page.Left < 300 {
			t.Errorf("%d px: the preview %+v is not beside the form %+v (its page %.0f px wide)", w, pv, ed, page.Right-page.Left)
		}
		if w == 820 {
			screenshot(t, ctx, shotsDir(t, "studio-tablet.png"))
		}
		steps(t, ctx, "scrolling the form", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 1500), true`), chromedp.Sleep(100*time.Millisecond))
		if pg := box(t, ctx, "#page-view"); pg.Top < 0 || pg.Bottom > 1180 {
			t.Errorf("%d px: scrolled down the form, the page is at %.0f to %.0f", w, pg.Top, pg.Bottom)
		}
		if js[bool](t, ctx, `getComputedStyle(document.getElementById("jump")).display !== "none"`) {
			t.Errorf("%d px: the phone's jump button shows on a tablet", w)
		}
	}
	steps(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Navigate(base),
		waitFor(`document.querySelector("#page-svg svg") !== null && document.querySelectorAll(".play-maze").length > 0`),
		chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 600), true`), chromedp.Sleep(200*time.Millisecond))
	if got := js[string](t, ctx, `document.getElementById("jump").textContent`); got != "Preview" {
		t.Errorf("on a phone the jump button says %q", got)
	}
	steps(t, ctx, "one tap to the preview", chromedp.Click(chromedp.CSS("#jump")), chromedp.Sleep(300*time.Millisecond))
	if pv := box(t, ctx, "#page-view"); pv.Top < 0 || pv.Top > 844/2 {
		t.Errorf("one tap on, the page is at %.0f", pv.Top)
	}
	steps(t, ctx, "one tap back", waitFor(`document.getElementById("jump").textContent === "Form"`), chromedp.Click(chromedp.CSS("#jump")), chromedp.Sleep(300*time.Millisecond))
	if y := js[float64](t, ctx, `window.scrollY`); y < 550 || y > 650 {
		t.Errorf("one tap back, the form is at %.0f, want where it was left (600)", y)
	}
}

// The Arabic studio reads right to left throughout: the form at the
// right, the preview at its left, the header mirrored; each maze's Play
// chip clear of its start (at the right in Arabic), and the game's maze
// the maze as printed, its arrows as they point.
func TestBrowserArabicLayout(t *testing.T) {
	execPath := findBrowser(t)
	// Corners: the start at the top left in a book written left to right.
	base, _ := startStudio(t, "language: ar\ntheme: kitten\nsections:\n  - {count: 2, size: 10x10, per_page: 2, openings: corners}\n")
	ctx := newBrowser(t, execPath)
	steps(t, ctx, "opening the studio", chromedp.EmulateViewport(1280, 900), chromedp.Navigate(base),
		waitFor(`document.querySelector("#page-svg svg") !== null && document.querySelectorAll(".play-maze").length > 0`))
	if got := js[string](t, ctx, `document.documentElement.dir + " " + getComputedStyle(document.body).direction`); got != "rtl rtl" {
		t.Errorf("the Arabic page is %q", got)
	}
	ed, pv, h1, dl := box(t, ctx, "#editor"), box(t, ctx, "#preview"), box(t, ctx, ".top h1"), box(t, ctx, "#dl-pdf")
	if ed.Left < pv.Right || h1.Left < dl.Right {
		t.Errorf("the form %+v is not right of the preview %+v, or the title %+v right of the downloads %+v", ed, pv, h1, dl)
	}
	// The chip is clear of the start, at the maze's top right in Arabic.
	chips := js[[]string](t, ctx, `[...document.querySelectorAll(".play-maze")].map(b => b.className)`)
	for _, c := range chips {
		if !strings.Contains(c, "chip-tl") {
			t.Errorf("an Arabic maze's chip is %q, want at the top left, clear of the start", c)
		}
	}
	chip := js[rect](t, ctx, `(function(){const b=document.querySelector(".play-maze"), r=b.getBoundingClientRect(), s=getComputedStyle(b, "::after"); const w=parseFloat(s.width), right=r.left-parseFloat(s.marginRight); return {Left: right-w, Top: r.top, Right: right, Bottom: r.top+parseFloat(s.height)}})()`)
	maze := box(t, ctx, ".play-maze")
	if chip.Right > maze.Left+1 {
		t.Errorf("the chip %+v is not left of the maze %+v", chip, maze)
	}
	screenshot(t, ctx, shotsDir(t, "studio-ar.png"))
	pm := openGame(t, ctx, base, desktop, 0)
	if x := pm.Cells[pm.Entrance].Center[0]; x < pm.Width/2 {
		t.Errorf("the game's start is at x %.1f of %.1f: not at the right, as printed", x, pm.Width)
	}
	left, right := box(t, ctx, `.pad [data-dir="left"]`), box(t, ctx, `.pad [data-dir="right"]`)
	if left.Right > right.Left {
		t.Errorf("in Arabic the pad's ← %+v is right of its → %+v", left, right)
	}
	screenshot(t, ctx, shotsDir(t, "studio-ar-play.png"))
}

// The teacher edition downloads under its own name, beside the pupils'
// book's, as 'build' names it (NAME-teacher.pdf), from the book's title.
func TestBrowserDownloadNames(t *testing.T) {
	execPath := findBrowser(t)
	base, _ := startStudio(t, "teacher_edition: true\n"+browserSpec)
	ctx := newBrowser(t, execPath)
	names, done := make(chan string, 4), make(chan bool, 4)
	chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *browser.EventDownloadWillBegin:
			names <- e.SuggestedFilename
		case *browser.EventDownloadProgress:
			if e.State == browser.DownloadProgressStateCompleted || e.State == browser.DownloadProgressStateCanceled {
				done <- true
			}
		}
	})
	steps(t, ctx, "opening the studio", chromedp.Navigate(base),
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
				Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: t.TempDir(), EventsEnabled: ptr(true),
			})
			return err
		}),
		waitFor(`document.querySelector("#page-svg svg") !== null && document.getElementById("status").textContent.startsWith("Ready")`))
	for id, want := range map[string]string{"#dl-pdf": "Mazes-for-Class-3B.pdf", "#dl-teacher": "Mazes-for-Class-3B-teacher.pdf"} {
		steps(t, ctx, id, chromedp.Click(chromedp.CSS(id)))
		select {
		case got := <-names:
			if got != want {
				t.Errorf("%s downloads as %q, want %q", id, got, want)
			}
		case <-time.After(60 * time.Second):
			t.Fatalf("%s: no download", id)
		}
		// The file written whole before the next, and before the test's
		// folder is removed under the browser.
		select {
		case <-done:
		case <-time.After(60 * time.Second):
			t.Fatalf("%s: the download never ended", id)
		}
	}
}
