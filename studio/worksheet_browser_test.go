package studio

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"mazebook/layout/plan"
	"mazebook/layout/render"
	"mazebook/layout/spec"
	"mazebook/layout/theme"
	"mazebook/templates"
	"mazebook/words"
)

// pickOption chooses a drop-down's value as a person does.
func pickOption(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(function(){const s=document.querySelector(%q); s.value=%q; s.dispatchEvent(new Event("change")); return true})()`, sel, value))
}

// tick sets a checkbox as a person does.
func tick(sel string, on bool) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(function(){const c=document.querySelector(%q); if (c.checked !== %v) c.click(); return true})()`, sel, on))
}

// shownAfter waits for the preview to show a page after the one it
// showed before, with the YAML holding text.
func shownAfter(t *testing.T, ctx context.Context, text string) chromedp.Action[chromedp.Void] {
	shown := js[float64](t, ctx, `window.studioTimings.shown || 0`)
	return waitFor(fmt.Sprintf(`(window.studioTimings.shown || 0) > %g && document.getElementById("yaml").value.includes(%q)`, shown, text))
}

// A teacher makes a one-page worksheet of four easy kitten mazes for
// Class 2B from the studio's worksheet starter: six edits, and the page
// prints the book's title and the kitten's story.
func TestBrowserWorksheet(t *testing.T) {
	execPath := findBrowser(t)
	book, _, err := templates.Starter("book")
	if err != nil {
		t.Fatal(err)
	}
	base, _ := startStudio(t, string(book))
	ctx := newBrowser(t, execPath)
	steps(t, ctx, "opening the studio",
		chromedp.Navigate(base),
		waitFor(`document.querySelector("#page-svg svg") !== null && document.getElementById("status").textContent.startsWith("Ready")`),
	)
	edits := []struct {
		what string
		act  func() chromedp.Action[chromedp.Void]
		yaml string
	}{
		{"the worksheet starter", func() chromedp.Action[chromedp.Void] {
			return chromedp.Click(chromedp.CSS(`[data-starter="worksheet"]`))
		}, "title: Maze worksheet"},
		{"the class's title", func() chromedp.Action[chromedp.Void] { return setField("#f-title", "Class 2B") }, "title: Class 2B"},
		{"the kitten", func() chromedp.Action[chromedp.Void] { return pickOption("#f-theme", "kitten") }, "theme: kitten"},
		{"four mazes", func() chromedp.Action[chromedp.Void] { return setField("#f-sections-0-count", "4") }, "count: 4"},
		{"four a page", func() chromedp.Action[chromedp.Void] { return pickOption("#f-sections-0-per-page", "4") }, "per_page: 4"},
		{"no answers", func() chromedp.Action[chromedp.Void] { return tick("#f-answers-enabled", false) }, "enabled: false"},
	}
	for _, e := range edits {
		steps(t, ctx, e.what, e.act(), shownAfter(t, ctx, e.yaml))
	}
	t.Logf("a one-page worksheet of four easy kitten mazes in %d edits (issue 37 took 9 and lost the title)", len(edits))
	if got := js[string](t, ctx, `document.getElementById("status").textContent`); !strings.HasSuffix(got, "4 mazes · 1 page") {
		t.Errorf("the status says %q, want one page", got)
	}
	kitten, _ := theme.Lookup("kitten")
	page := js[string](t, ctx, `document.getElementById("page-svg").innerHTML`)
	for _, want := range []string{"Class 2B", kitten.StoryIn("en")} {
		if !strings.Contains(page, want) {
			t.Errorf("the worksheet does not print %q", want)
		}
	}
	yaml := js[string](t, ctx, `document.getElementById("yaml").value`)
	if strings.Contains(yaml, "seed: 7 ") || !strings.Contains(yaml, "header: \"{{.Title}}\"") {
		t.Errorf("the worksheet is not the starter with a seed of its own:\n%s", yaml)
	}
	screenshot(t, ctx, filepath.Join(docsOr(t), "studio-worksheet.png"))

	// The book starter: its caption, which the teacher never wrote, does
	// not hide the theme's story.
	// (The starter's YAML says "# theme: kitten" in a comment: the wait is
	// for the key set, and for the page shown after it.)
	steps(t, ctx, "the book starter", chromedp.Click(chromedp.CSS(`[data-starter="book"]`)), shownAfter(t, ctx, "My Maze Book"))
	steps(t, ctx, "the book starter, themed",
		pickOption("#f-theme", "kitten"), shownAfter(t, ctx, "\ntheme: kitten"),
		chromedp.Click(chromedp.CSS("#next")), waitFor(`document.getElementById("page-label").textContent.startsWith("Page 2")`),
	)
	for range 10 {
		if js[bool](t, ctx, `document.querySelectorAll(".play-maze").length > 0`) {
			break
		}
		shown := js[float64](t, ctx, `window.studioTimings.shown`)
		steps(t, ctx, "the next page", chromedp.Click(chromedp.CSS("#next")), waitFor(fmt.Sprintf(`window.studioTimings.shown > %g`, shown)))
	}
	// The page tells the story, or, past the section's first page, which
	// told it, one of the prompts said in its place (see
	// plan.Plan.Headline).
	page = js[string](t, ctx, `document.getElementById("page-svg").innerHTML`)
	told := strings.Contains(page, kitten.StoryIn("en"))
	for _, p := range words.Or("en").Prompts {
		told = told || strings.Contains(page, p)
	}
	if !told {
		t.Error("the book starter's caption hides the kitten's story")
	}
	// Undo puts the worksheet back.
	steps(t, ctx, "undo", chromedp.Click(chromedp.CSS("#undo-button")), waitFor(`!document.getElementById("yaml").value.includes("theme: kitten") || document.getElementById("yaml").value.includes("Class 2B")`))
}

// Ticking "Teacher edition" shows it: the preview turns to the teacher
// edition (answers drawn on the puzzles, no answer key, so fewer pages),
// its download appears and is that book; unticked, both go.
func TestBrowserTeacherEdition(t *testing.T) {
	execPath := findBrowser(t)
	base, _ := startStudio(t, browserSpec)
	ctx := newBrowser(t, execPath)
	dl := t.TempDir()
	steps(t, ctx, "opening the studio",
		chromedp.Navigate(base),
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
				Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dl, EventsEnabled: ptr(true),
			})
			return err
		}),
		waitFor(`document.querySelector("#page-svg svg") !== null && document.getElementById("status").textContent.startsWith("Ready")`),
	)
	pupil := js[string](t, ctx, `document.getElementById("status").textContent`)
	pupilPages := js[int](t, ctx, `document.querySelectorAll(".thumbs button").length`)
	if !js[bool](t, ctx, `document.getElementById("dl-teacher").hidden && document.getElementById("edition").hidden`) {
		t.Error("a book with no teacher edition offers one")
	}
	steps(t, ctx, "ticking the teacher edition", tick("#f-teacher-edition", true),
		waitFor(`document.getElementById("status").textContent.includes("Teacher edition") && !document.getElementById("dl-teacher").hidden`))
	teacher := js[string](t, ctx, `document.getElementById("status").textContent`)
	teacherPages := js[int](t, ctx, `document.querySelectorAll(".thumbs button").length`)
	t.Logf("pupils' book: %q (%d pages); teacher edition: %q (%d pages)", pupil, pupilPages, teacher, teacherPages)
	if teacherPages >= pupilPages || !js[bool](t, ctx, `document.querySelector('input[name="edition"][value="teacher"]').checked`) {
		t.Errorf("the teacher edition shows %d pages, the pupils' book %d", teacherPages, pupilPages)
	}
	if page := js[string](t, ctx, `document.getElementById("page-svg").innerHTML`); !strings.Contains(page, "Teacher edition") {
		t.Error("the page shown is not the teacher edition's")
	}
	screenshot(t, ctx, filepath.Join(docsOr(t), "studio-teacher.png"))
	done := make(chan string, 2)
	chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*browser.EventDownloadProgress); ok && e.State == browser.DownloadProgressStateCompleted {
			done <- e.GUID
		}
	})
	steps(t, ctx, "downloading the teacher edition", chromedp.Click(chromedp.CSS("#dl-teacher")))
	var got []byte
	select {
	case guid := <-done:
		got, _ = os.ReadFile(filepath.Join(dl, guid))
	case <-time.After(60 * time.Second):
		t.Fatal("no download")
	}
	yaml := js[string](t, ctx, `document.getElementById("yaml").value`)
	sp, err := spec.ParseFS("class.yaml", []byte(yaml), nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := render.Book(sp, render.Options{Edition: plan.Teacher, Creator: "mazebook test"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.PDF) {
		t.Errorf("the teacher edition downloaded (%d bytes) is not build's (%d bytes)", len(got), len(want.PDF))
	}
	steps(t, ctx, "unticking it", tick("#f-teacher-edition", false),
		waitFor(`!document.getElementById("status").textContent.includes("Teacher edition") && document.getElementById("dl-teacher").hidden && document.getElementById("edition").hidden`))
	if n := js[int](t, ctx, `document.querySelectorAll(".thumbs button").length`); n != pupilPages {
		t.Errorf("unticked, the preview shows %d pages, want %d", n, pupilPages)
	}
}

// Broken YAML is said once, at the line of the slip (an unclosed quote
// three lines above where the parser stopped), Go to line selects that
// line, and the form offers to undo the edit that broke it.
func TestBrowserGoToLine(t *testing.T) {
	execPath := findBrowser(t)
	base, _ := startStudio(t, browserSpec)
	ctx := newBrowser(t, execPath)
	steps(t, ctx, "opening the studio and breaking line 3",
		chromedp.Navigate(base),
		waitFor(`document.querySelector("#page-svg svg") !== null`),
		chromedp.Click(chromedp.CSS("#tab-yaml")),
		chromedp.Evaluate[chromedp.Void](`(function(){const y=document.getElementById("yaml"); y.value=y.value.replace("title: Mazes for Class 3B","title: \"Mazes for Class 3B"); y.dispatchEvent(new Event("input")); return true})()`),
		waitFor(`!document.getElementById("yaml-locked").hidden`),
		chromedp.Click(chromedp.CSS("#tab-form")),
	)
	if got := js[string](t, ctx, `document.getElementById("yaml-locked-go").textContent`); got != "Go to line 2" {
		t.Errorf("the banner offers %q", got)
	}
	why := js[string](t, ctx, `document.getElementById("yaml-locked-why").textContent`)
	if !strings.Contains(why, "class.yaml:2:") || !strings.Contains(why, "a quote opened on this line is not closed on it") {
		t.Errorf("the banner says %q", why)
	}
	if n := js[int](t, ctx, `document.body.innerText.split("a quote opened on this line").length - 1`); n != 1 {
		t.Errorf("the problem is said %d times", n)
	}
	steps(t, ctx, "going to the line", chromedp.Click(chromedp.CSS("#yaml-locked-go")))
	if got := js[string](t, ctx, `(function(){const y=document.getElementById("yaml"); return y.value.slice(y.selectionStart, y.selectionEnd)})()`); got != `title: "Mazes for Class 3B` {
		t.Errorf("Go to line selects %q", got)
	}
	steps(t, ctx, "undoing the edit",
		chromedp.Click(chromedp.CSS("#tab-form")),
		chromedp.Click(chromedp.CSS("#yaml-locked-undo")),
		waitFor(`document.getElementById("yaml-locked").hidden && document.getElementById("f-title").value === "Mazes for Class 3B"`),
	)
}

// The studio's words in Spanish, French and Arabic: theme names, the
// hints under drop-downs, no "spec", the levels inside messages, the
// starter's texts in a French book, plurals by each language's rules,
// and an Arabic problem laid out right to left.
func TestBrowserLanguages(t *testing.T) {
	execPath := findBrowser(t)
	ctx := newBrowser(t, execPath)
	open := func(t *testing.T, yaml string) {
		t.Helper()
		base, _ := startStudio(t, yaml)
		steps(t, ctx, "opening the studio", chromedp.Navigate(base), waitFor(`document.querySelector("#page-svg svg") !== null && document.getElementById("status").textContent !== ""`))
	}
	text := func(expr string) string { return js[string](t, ctx, expr) }
	t.Run("es", func(t *testing.T) {
		open(t, "language: es\n"+browserSpec)
		for expr, want := range map[string]string{
			`document.querySelector('#f-theme option[value="kitten"]').textContent`: "gatito",
			`document.getElementById("f-sections-0-openings-hint").textContent`:     "esquinas, arriba y abajo, lados, más lejanas o centro",
			`document.getElementById("dl-spec").textContent`:                        "Descargar el archivo del libro",
		} {
			if got := text(expr); got != want {
				t.Errorf("%s = %q, want %q", expr, got, want)
			}
		}
		if got := text(`document.body.innerText`); strings.Contains(strings.ToLower(got), " spec") {
			t.Errorf("the Spanish studio says spec: %q", got)
		}
		// The difficulty first: eleven 2x2 mazes held to no level cannot
		// all differ, which is an error of its own at the size.
		steps(t, ctx, "a size too small for easy", setField("#f-sections-0-difficulty", "easy"), setField("#f-sections-0-size", "2x2"),
			waitFor(`document.getElementById("f-sections-0-size-error").textContent.includes("nivel")`))
		if got := text(`document.getElementById("f-sections-0-size-error").textContent`); !strings.Contains(got, "(nivel 3, fácil)") {
			t.Errorf("the level in a Spanish message: %q", got)
		}
	})
	t.Run("fr", func(t *testing.T) {
		open(t, "language: fr\n"+browserSpec)
		steps(t, ctx, "the book starter", chromedp.Click(chromedp.CSS(`[data-starter="book"]`)), waitFor(`document.getElementById("yaml").value.includes("Mon livre de labyrinthes")`),
			waitFor(`document.getElementById("status").textContent.startsWith("Prêt")`))
		yaml := text(`document.getElementById("yaml").value`)
		for _, want := range []string{"language: fr", "title: Mon livre de labyrinthes", "{{.Label}} {{.Number}}\u00a0: trouve la sortie\u00a0!", "title: Échauffement"} {
			if !strings.Contains(yaml, want) {
				t.Errorf("the French book starter lacks %q", want)
			}
		}
		if strings.Contains(yaml, "find the way out") {
			t.Error("the French book starter keeps an English caption")
		}
		if got := text(`document.getElementById("status").textContent`); !strings.Contains(got, "12 labyrinthes") {
			t.Errorf("the French status: %q", got)
		}
	})
	t.Run("de", func(t *testing.T) {
		open(t, "language: de\nanswers: false\nsections:\n  - {count: 11, size: 5x5}\n")
		if got := text(`document.getElementById("status").textContent`); !strings.HasSuffix(got, "11 Labyrinthe · 11 Seiten") {
			t.Errorf("the German status: %q", got)
		}
	})
	t.Run("ar", func(t *testing.T) {
		open(t, "language: ar\nanswers: false\nsections:\n  - {count: 11, size: 5x5}\n")
		if got := text(`document.getElementById("status").textContent`); !strings.Contains(got, "11 متاهة · 11 صفحة") {
			t.Errorf("the Arabic status: %q", got)
		}
		// The difficulty first: eleven 2x2 mazes held to no level cannot
		// all differ, which is an error of its own at the size.
		steps(t, ctx, "a size too small for easy", setField("#f-sections-0-difficulty", "easy"), setField("#f-sections-0-size", "2x2"),
			waitFor(`!document.getElementById("stale").hidden && document.getElementById("yaml").value.includes("difficulty: easy") && document.getElementById("f-sections-0-size-error").textContent !== ""`))
		if got := text(`getComputedStyle(document.getElementById("stale")).direction + " " + getComputedStyle(document.querySelector("#stale li")).direction`); got != "rtl rtl" {
			t.Errorf("the Arabic problem in the preview is laid out %s", got)
		}
		if got := settled(t, ctx, `document.getElementById("f-sections-0-size-error").textContent`, func(s string) bool { return strings.Contains(s, "سهل") }); !strings.Contains(got, "سهل") {
			t.Errorf("the level in an Arabic message: %q", got)
		}
		screenshot(t, ctx, filepath.Join(docsOr(t), "studio-ar-problem.png"))
	})
}

// The studio's small layout faults of issue 37, measured: a checkbox
// beside its label at every width, the title's box before the attached
// files', a wrapped problem's bullet on its first line, and a thumbnail
// tapped on a phone bringing its page into view.
func TestBrowserLayout(t *testing.T) {
	execPath := findBrowser(t)
	base, _ := startStudio(t, "theme: kitten\n"+browserSpec)
	ctx := newBrowser(t, execPath)
	for _, width := range []int64{390, 700, 1000, 1280, 1600} {
		steps(t, ctx, "opening the studio", chromedp.EmulateViewport(width, 900), chromedp.Navigate(base), waitFor(`document.querySelector("#page-svg svg") !== null`))
		for _, f := range []string{"style.motifs", "style.name_line", "title_page", "teacher_edition", "answers.enabled"} {
			gap := js[float64](t, ctx, fmt.Sprintf(`(function(){const d=document.querySelector('[data-field=%q]'); const i=d.querySelector("input").getBoundingClientRect(), l=d.querySelector("label").getBoundingClientRect(); return Math.abs((i.top+i.bottom)/2 - (l.top+l.bottom)/2)})()`, f))
			if gap > 12 {
				t.Errorf("%d px wide: the %s checkbox is %.0f px from its label", width, f, gap)
			}
		}
		if !js[bool](t, ctx, `document.getElementById("f-title").getBoundingClientRect().top < document.getElementById("attachments").getBoundingClientRect().top && document.querySelector("#editor > :not(h2)").id === "starters"`) {
			t.Errorf("%d px wide: the attached files come before the book's title", width)
		}
	}
	// A problem long enough to wrap: its bullet on its first line.
	steps(t, ctx, "a problem", chromedp.EmulateViewport(700, 900), chromedp.Navigate(base), waitFor(`document.querySelector("#page-svg svg") !== null`),
		setField("#f-sections-0-size", "2x2"), setField("#f-sections-0-difficulty", "easy"), waitFor(`!document.getElementById("stale").hidden`))
	if off := js[float64](t, ctx, `(function(){const li=document.querySelector("#stale li"); return li.querySelector("button").getBoundingClientRect().top - li.getBoundingClientRect().top})()`); off > 2 {
		t.Errorf("a problem's link starts %.0f px below its bullet", off)
	}
	// A phone: the thumbnails are below the page; one tapped brings the
	// page into view.
	steps(t, ctx, "a phone", chromedp.Evaluate[chromedp.Void](`localStorage.clear(), true`), // the edit above, kept, is not wanted
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(base), waitFor(`document.querySelector("#page-svg svg") !== null && document.querySelectorAll(".thumbs button").length > 2`),
		chromedp.Evaluate[chromedp.Void](`document.querySelectorAll(".thumbs button")[2].scrollIntoView({block: "center"}), true`),
		chromedp.Sleep(200*time.Millisecond),
	)
	shown := js[float64](t, ctx, `window.studioTimings.shown`)
	steps(t, ctx, "tapping the third thumbnail", chromedp.Click(chromedp.CSS(`.thumbs button[data-index="2"]`)), waitFor(fmt.Sprintf(`window.studioTimings.shown > %g`, shown)), chromedp.Sleep(300*time.Millisecond))
	if top := js[[]float64](t, ctx, `(function(){const r=document.getElementById("page-view").getBoundingClientRect(); return [r.top, r.bottom, innerHeight]})()`); top[0] < -1 || top[0] > top[2]/2 {
		t.Errorf("after the tap the page is at %.0f to %.0f of a screen %.0f high", top[0], top[1], top[2])
	}
}
