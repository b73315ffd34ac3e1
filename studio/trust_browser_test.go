package studio

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// TestBrowserKeepsTheLesson checks the three promises a teacher relies
// on, in a real browser: an edit survives a reload (and "start again"
// goes back to the file); a download fired 50 ms after typing a title
// has that title (pdfinfo reads it); and while the YAML cannot be read,
// the form is locked with a banner that goes to the line.
func TestBrowserKeepsTheLesson(t *testing.T) {
	execPath := findBrowser(t)
	pdfinfo := ""
	if p, err := exec.LookPath("pdfinfo"); err == nil {
		pdfinfo = p
	} else if os.Getenv("MAZEBOOK_REQUIRE_TOOLS") != "" {
		t.Fatal("pdfinfo is not installed, and MAZEBOOK_REQUIRE_TOOLS is set")
	}
	base, _ := startStudio(t, browserSpec)
	ctx := newBrowser(t, execPath)
	dl := t.TempDir()
	ready := `document.querySelector("#page-svg svg") !== null && document.getElementById("status").textContent.startsWith("Ready")`
	steps(t, ctx, "opening the studio",
		chromedp.Navigate(base),
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
				Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dl, EventsEnabled: ptr(true),
			})
			return err
		}),
		waitFor(ready),
	)

	// An edit, then a reload: the edit is still there, said by a banner.
	steps(t, ctx, "changing the title and reloading",
		setField("#f-title", "Mazes for Class 3D"),
		waitFor(`document.getElementById("yaml").value.includes("title: Mazes for Class 3D") && document.getElementById("status").textContent.startsWith("Ready")`),
		chromedp.Reload(),
		waitFor(ready),
	)
	if got := js[string](t, ctx, `document.getElementById("f-title").value`); got != "Mazes for Class 3D" {
		t.Errorf("after a reload the title is %q, want the edit kept", got)
	}
	if js[bool](t, ctx, `document.getElementById("restored").hidden`) {
		t.Error("no banner says the edits were kept")
	}
	steps(t, ctx, "starting again from the file",
		chromedp.Click(chromedp.CSS("#start-again")),
		waitFor(`document.getElementById("f-title").value === "Mazes for Class 3B" && document.getElementById("restored").hidden`),
		chromedp.Reload(),
		waitFor(ready),
	)
	if got := js[string](t, ctx, `document.getElementById("f-title").value`); got != "Mazes for Class 3B" {
		t.Errorf("after starting again and a reload the title is %q", got)
	}

	// A download 50 ms after typing: the PDF has the new title.
	downloads := make(chan string, 8)
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*browser.EventDownloadProgress); ok && e.State == browser.DownloadProgressStateCompleted {
			downloads <- e.GUID
		}
	}); err != nil {
		t.Fatal(err)
	}
	steps(t, ctx, "typing a title and downloading at once",
		setField("#f-title", "Quick Title 50"),
		chromedp.Sleep(50*time.Millisecond),
		chromedp.Click(chromedp.CSS("#dl-pdf")),
	)
	select {
	case guid := <-downloads:
		path := filepath.Join(dl, guid)
		if pdfinfo != "" {
			out, err := exec.Command(pdfinfo, path).CombinedOutput()
			if err != nil || !strings.Contains(string(out), "Quick Title 50") {
				t.Errorf("the PDF downloaded 50 ms after typing lacks the new title (%v):\n%s", err, out)
			}
		}
	case <-time.After(60 * time.Second):
		t.Fatal("no download")
	}

	// Broken YAML: the form is locked, with a banner that goes to the line.
	steps(t, ctx, "breaking the YAML",
		chromedp.Click(chromedp.CSS("#tab-yaml")),
		chromedp.Evaluate[chromedp.Void](`(function(){const y=document.getElementById("yaml"); y.value=y.value.replace("seed: 11","seed: [11"); y.dispatchEvent(new Event("input")); return true})()`),
		waitFor(`!document.getElementById("yaml-locked").hidden`),
		chromedp.Click(chromedp.CSS("#tab-form")),
	)
	if !js[bool](t, ctx, `document.getElementById("form").inert`) {
		t.Error("the form is not locked while the YAML cannot be read")
	}
	if got := js[string](t, ctx, `document.getElementById("yaml-locked-go").textContent`); !strings.HasPrefix(got, "Go to line") {
		t.Errorf("the banner's button reads %q", got)
	}
	steps(t, ctx, "going to the line, and mending it",
		chromedp.Click(chromedp.CSS("#yaml-locked-go")),
		waitFor(`!document.getElementById("panel-yaml").hidden && document.activeElement.id === "yaml"`),
	)
	sel := js[string](t, ctx, `(function(){const y=document.getElementById("yaml"); return y.value.slice(y.selectionStart, y.selectionEnd)})()`)
	if !strings.Contains(sel, "seed: [11") {
		t.Errorf("the line selected is %q, want the broken one", sel)
	}
	steps(t, ctx, "mending the YAML",
		chromedp.Evaluate[chromedp.Void](`(function(){const y=document.getElementById("yaml"); y.value=y.value.replace("seed: [11","seed: 11"); y.dispatchEvent(new Event("input")); return true})()`),
		waitFor(`document.getElementById("yaml-locked").hidden && !document.getElementById("form").inert`),
	)

	// A size too small for its level: the preview is marked out of date,
	// the problem said once at its top, at the size.
	steps(t, ctx, "an impossible size",
		chromedp.Click(chromedp.CSS("#tab-form")),
		setField("#f-sections-0-difficulty", "easy"),
		waitFor(`document.getElementById("yaml").value.includes("difficulty: easy")`),
		setField("#f-sections-0-size", "1x1"),
		waitFor(`!document.getElementById("stale").hidden`),
	)
	if n := js[float64](t, ctx, `document.querySelectorAll("#stale-list li").length`); n != 1 {
		t.Errorf("the out-of-date summary lists %v problems, want 1", n)
	}
	if got := js[string](t, ctx, `document.getElementById("f-sections-0-size-error").textContent`); !strings.Contains(got, "level 3, easy") {
		t.Errorf("the size's error reads %q", got)
	}
	if !js[bool](t, ctx, `getComputedStyle(document.getElementById("maze-buttons")).display === "none"`) {
		t.Error("the stale preview still offers its mazes to play")
	}
	steps(t, ctx, "mending the size",
		setField("#f-sections-0-size", "10x10"),
		waitFor(`document.getElementById("stale").hidden && !document.getElementById("preview").classList.contains("stale")`),
	)

	// Remove a section, then undo.
	steps(t, ctx, "removing a section and undoing",
		chromedp.Click(chromedp.CSS(`#sections .section-card:nth-child(2) .section-tools button:nth-child(3)`)),
		waitFor(`document.querySelectorAll("#sections .section-card").length === 1 && !document.getElementById("undo").hidden`),
		chromedp.Click(chromedp.CSS("#undo-button")),
		waitFor(`document.querySelectorAll("#sections .section-card").length === 2 && document.getElementById("yaml").value.includes("title: Harder")`),
	)

	// Play: a view chosen, the arrows move the player again.
	steps(t, ctx, "playing, changing the view",
		waitFor(`document.querySelectorAll(".play-maze").length > 0`),
		chromedp.Click(chromedp.CSS(".play-maze")),
		waitFor(`document.getElementById("play").open`),
		chromedp.Click(chromedp.CSS(`input[name="view"][value="torch"]`)),
	)
	if got := js[string](t, ctx, `document.activeElement.id`); got != "play-canvas" {
		t.Errorf("after choosing a view the focus is on %q, not the maze", got)
	}
}
