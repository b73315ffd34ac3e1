package studio

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

var measure = flag.Bool("measure", false, "measure where the time of a preview goes in the browser (TestBrowserPreviewSpeed)")

// worksheetSpec is the one-page worksheet issue 37's teacher made: four
// easy kitten mazes on one page, the class's name at the top.
const worksheetSpec = `title: Class 2B
header: "{{.Title}}"
seed: 7
theme: kitten
title_page: false
answers: false
page: {size: letter, margin: 0.6in}
style: {name_line: true}
sections:
  - count: 4
    difficulty: easy
    per_page: 4
`

// mark is a performance mark of the studio's page.
type mark struct {
	Name string  `json:"name"`
	T    float64 `json:"t"`
}

// phases splits the time from the last edit mark to the last painted
// mark after it into the marks between, in ms.
func phases(marks []mark) (total float64, parts []string) {
	last := -1
	for i, m := range marks {
		if m.Name == "edit" {
			last = i
		}
	}
	if last < 0 {
		return 0, nil
	}
	prev := marks[last]
	end := prev.T
	for _, m := range marks[last+1:] {
		parts = append(parts, fmt.Sprintf("%s +%.0f", m.Name, m.T-prev.T))
		prev = m
		if m.Name == "painted" {
			end = m.T
		}
	}
	return end - marks[last].T, parts
}

// TestBrowserPreviewSpeed measures, in a real browser, how long the
// preview of a one-page worksheet takes to follow an edit, and where the
// time goes (go test ./studio -run PreviewSpeed -measure -v). It times
// nothing it asserts: it checks that the preview shows each edit.
func TestBrowserPreviewSpeed(t *testing.T) {
	if !*measure {
		t.Skip("a measurement: run with -measure")
	}
	for _, book := range []struct{ name, spec string }{
		{"a one-page worksheet", worksheetSpec},
		{"a book of 100 mazes", "title: A hundred\nheader: \"{{.Title}}\"\nseed: 3\nsections:\n  - {count: 100, difficulty: easy, per_page: 4}\n"},
	} {
		t.Run(book.name, func(t *testing.T) { measurePreview(t, book.spec) })
	}
}

func measurePreview(t *testing.T, spec string) {
	execPath := findBrowser(t)
	base, _ := startStudio(t, spec)
	ctx := newBrowser(t, execPath)
	steps(t, ctx, "opening the studio",
		chromedp.Navigate(base),
		waitFor(`document.querySelector("#page-svg svg") !== null && document.getElementById("status").textContent.startsWith("Ready")`),
		chromedp.Sleep(time.Second),
	)
	reset := func() { js[bool](t, ctx, `(window.studioTimings.marks = [], true)`) }
	painted := func(text string) string {
		return fmt.Sprintf(`document.getElementById("page-svg").innerHTML.includes(%q) && window.studioTimings.marks.some((m) => m.name === "painted")`, text)
	}
	type result struct {
		what   string
		totals []float64
		parts  []string
	}
	var results []result
	run := func(what string, rounds int, edit func(i int) (chromedp.Action[chromedp.Void], string)) {
		r := result{what: what}
		for i := range rounds {
			reset()
			act, want := edit(i)
			steps(t, ctx, what, act, waitFor(painted(want)), chromedp.Sleep(400*time.Millisecond))
			total, parts := phases(js[[]mark](t, ctx, `window.studioTimings.marks`))
			r.totals = append(r.totals, total)
			r.parts = parts
		}
		results = append(results, r)
	}
	// Typing a title, a key at a time, 8 keys a second: from the last key
	// to the page painted with the whole title.
	run("typing a title (from the last key)", 5, func(i int) (chromedp.Action[chromedp.Void], string) {
		title := fmt.Sprintf("Class 2B, week %d", i+1)
		if !strings.Contains(spec, "Class 2B") {
			title = fmt.Sprintf("A hundred, week %d", i+1)
		}
		acts := []chromedp.Action[chromedp.Void]{chromedp.Focus(chromedp.CSS("#f-title")), chromedp.Evaluate[chromedp.Void](`document.getElementById("f-title").select(), true`), chromedp.KeyEvent(kb.Delete)}
		for _, r := range title {
			acts = append(acts, chromedp.KeyEvent(string(r)), chromedp.Sleep(125*time.Millisecond))
		}
		return chromedp.Steps(acts...), "week " + fmt.Sprint(i+1)
	})
	if !strings.Contains(spec, "Class 2B") {
		for _, r := range results {
			t.Logf("%s: %.0f ms; the last: %s", r.what, r.totals, strings.Join(r.parts, ", "))
		}
		return
	}
	run("a caption typed at once", 5, func(i int) (chromedp.Action[chromedp.Void], string) {
		caption := fmt.Sprintf("Maze {{.Number}} of set %d", i+1)
		return setField("#f-sections-0-caption", caption), fmt.Sprintf("of set %d", i+1)
	})
	run("the page size chosen", 4, func(i int) (chromedp.Action[chromedp.Void], string) {
		size := []string{"a4", "letter"}[i%2]
		return chromedp.Steps(setField("#f-page-size", size)), "svg"
	})
	for _, r := range results {
		sorted := append([]float64(nil), r.totals...)
		sort.Float64s(sorted)
		t.Logf("%s: median %.0f ms (%.0f to %.0f) over %d; the last: %s", r.what, sorted[len(sorted)/2], sorted[0], sorted[len(sorted)-1], len(sorted), strings.Join(r.parts, ", "))
	}
}
