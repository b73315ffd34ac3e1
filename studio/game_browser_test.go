package studio

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"mazebook/layout/theme"
)

// gameSpec is the book the game's tests play: a kitten's story, a small
// maze taller than wide on its first page (the shape that pushed the win
// message off a phone's screen) and an expert one (about 40 x 58) on its
// second.
const gameSpec = `title: The kitten's mazes
seed: 4
theme: kitten
title_page: false
sections:
  - title: Little
    count: 1
    size: 6x10
  - title: Expert
    count: 1
    difficulty: expert
`

// A screen the game is played on.
type screen struct {
	name  string
	w, h  int64
	scale float64
	touch bool
}

var (
	phone   = screen{"phone", 390, 844, 2, true}
	desktop = screen{"desktop", 1280, 800, 1, false}
)

// docsOr returns where screenshots go: docs/ with MAZEBOOK_UPDATE_DOCS
// set, MAZEBOOK_SHOTS when it names a folder, else a temporary
// directory.
func docsOr(t *testing.T) string {
	if os.Getenv("MAZEBOOK_UPDATE_DOCS") != "" {
		return filepath.Join("..", "docs")
	}
	if dir := os.Getenv("MAZEBOOK_SHOTS"); dir != "" {
		return dir // to look at them
	}
	return t.TempDir()
}

// openGame opens the studio on a screen and the game of the book's maze
// index (from 0), and returns the maze as the game reads it.
func openGame(t *testing.T, ctx context.Context, base string, sc screen, index int) playMaze {
	t.Helper()
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(sc.scale)}
	if sc.touch {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	steps(t, ctx, "opening the studio",
		chromedp.EmulateViewport(sc.w, sc.h, opts...),
		chromedp.Navigate(base),
		waitFor(`document.querySelector("#page-svg svg") !== null && document.querySelectorAll(".play-maze").length > 0`),
	)
	button := fmt.Sprintf(`document.querySelector('.play-maze[data-index="%d"]')`, index)
	for range 8 {
		if js[bool](t, ctx, button+` !== null`) {
			break
		}
		shown := js[float64](t, ctx, `window.studioTimings.shown`)
		steps(t, ctx, "turning the page", chromedp.Click(chromedp.CSS("#next")), waitFor(fmt.Sprintf(`window.studioTimings.shown > %g`, shown)))
	}
	steps(t, ctx, "opening the game",
		chromedp.Evaluate[chromedp.Void](button+`.click(), true`),
		waitFor(`document.getElementById("play").open && document.getElementById("play-status").textContent === ""`),
		chromedp.Sleep(200*time.Millisecond),
	)
	key := js[string](t, ctx, `new URL(document.getElementById("dl-spec").href).pathname.split("/")[4]`)
	resp, err := http.Get(fmt.Sprintf("%sapi/maze/%s/%d", base, url.PathEscape(key), index+1))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var pm playMaze
	if err := json.NewDecoder(resp.Body).Decode(&pm); err != nil {
		t.Fatal(err)
	}
	return pm
}

// winBox is where the win message is: the smallest element of the game
// that says the player won, and the nearest element around it that tells
// the story's ending (the message itself when none does).
type winBox struct {
	Found   bool       `json:"found"`
	Msg     [4]float64 `json:"msg"`
	Card    [4]float64 `json:"card"`
	Text    string     `json:"text"`
	OnTop   bool       `json:"onTop"`
	VW      float64    `json:"vw"`
	VH      float64    `json:"vh"`
	Running int        `json:"running"`
}

func winJS(won, ending string) string {
	return fmt.Sprintf(`(function(){
  const won = %q, ending = %q;
  const area = (e) => { const r = e.getBoundingClientRect(); return r.width * r.height; };
  const all = Array.from(document.querySelectorAll("#play *")).filter((e) => e.innerText && e.innerText.includes(won) && area(e) > 0);
  if (!all.length) return {found: false};
  all.sort((a, b) => area(a) - area(b));
  const msg = all[0];
  let card = msg;
  while (card.parentElement && card.parentElement.id !== "play" && !card.innerText.includes(ending)) card = card.parentElement;
  if (!card.innerText.includes(ending)) card = msg;
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const c = card.getBoundingClientRect();
  const top = document.elementFromPoint(Math.min(c.left + c.width / 2, innerWidth - 1), Math.min(c.top + c.height / 2, innerHeight - 1));
  const running = document.getAnimations().filter((a) => a.playState === "running" && a.effect && a.effect.target && document.getElementById("play").contains(a.effect.target)).length;
  return {found: true, msg: box(msg), card: box(card), text: card.innerText, onTop: !!top && card.contains(top), vw: innerWidth, vh: innerHeight, running: running};
})()`, won, ending)
}

// inside reports whether a box (left, top, right, bottom) lies within
// the viewport.
func inside(b [4]float64, vw, vh float64) bool {
	return b[0] >= -1 && b[1] >= -1 && b[2] <= vw+1 && b[3] <= vh+1 && b[2] > b[0] && b[3] > b[1]
}

// small lists the game's controls (buttons, and the labels of its
// choices) smaller than a child's fingertip, 44 CSS pixels.
const smallControls = `Array.from(document.querySelectorAll("#play button, #play label")).filter((e) => e.getClientRects().length > 0).map((e) => {
  const r = e.getBoundingClientRect();
  return [e.id || e.textContent.trim() || e.getAttribute("aria-label"), Math.round(r.width), Math.round(r.height)];
}).filter((x) => x[1] < 44 || x[2] < 44).map((x) => x.join(" ")).join("; ")`

// pressKeys presses the keys with the maze in focus.
func pressKeys(t *testing.T, ctx context.Context, keys []string) {
	t.Helper()
	acts := []chromedp.Action[chromedp.Void]{chromedp.Focus(chromedp.CSS("#play-canvas"))}
	for _, k := range keys {
		acts = append(acts, chromedp.KeyEvent(k))
	}
	steps(t, ctx, "pressing keys", acts...)
}

// The game won on a phone and on a desktop: the board takes most of the
// screen, every control is a fingertip wide, and the win is a message on
// the screen (no scrolling), on top of everything, that tells the story's
// ending, celebrates with an animation (none when the system asks for
// reduced motion) and does not hold the way taken up against the
// shortest.
func TestBrowserGameWin(t *testing.T) {
	execPath := findBrowser(t)
	kitten, err := theme.Lookup("kitten")
	if err != nil {
		t.Fatal(err)
	}
	won, ending := wordsFor("en")["won"], kitten.EndingIn("en")
	for _, sc := range []screen{phone, desktop} {
		t.Run(sc.name, func(t *testing.T) {
			base, _ := startStudio(t, gameSpec)
			ctx := newBrowser(t, execPath)
			pm := openGame(t, ctx, base, sc, 0)
			if small := js[string](t, ctx, smallControls); small != "" {
				t.Errorf("controls smaller than 44 px: %s", small)
			}
			board := js[[]float64](t, ctx, `(function(){ const r = document.getElementById("play-canvas").getBoundingClientRect(); return [r.width, r.height, innerWidth, innerHeight]; })()`)
			if board[1] < 0.6*board[3] || (sc == phone && board[0] < 0.9*board[2]) {
				t.Errorf("the board is %.0f x %.0f on a screen of %.0f x %.0f: it does not fill the room", board[0], board[1], board[2], board[3])
			}
			if js[bool](t, ctx, `(function(){ const d = document.getElementById("play"); return d.scrollHeight > d.clientHeight + 1; })()`) {
				t.Error("the game scrolls")
			}
			if got := js[string](t, ctx, `document.getElementById("play").textContent`); !strings.Contains(got, kitten.StoryIn("en")) {
				t.Errorf("the game does not tell the story %q", kitten.StoryIn("en"))
			}

			if sc.touch {
				// The whole maze shows: a swipe anywhere steps the way it
				// goes, and so does a tap beside the dot.
				heading := math.NaN()
				for _, sd := range pm.Cells[pm.Entrance].Sides {
					if sd.Open && sd.To >= 0 {
						heading = sd.Heading
					}
				}
				v := viewOf(t, ctx)
				if v.Cell > v.Fit+0.5 {
					t.Fatalf("the small maze opens with cells of %.1f px, the whole maze's %.1f", v.Cell, v.Fit)
				}
				from := [2]float64{v.Left + v.W/2, v.Top + v.H*0.8}
				to := [2]float64{from[0] + 60*math.Cos(heading), from[1] + 60*math.Sin(heading)}
				var swipe [][][2]float64
				for _, p := range append([][2]float64{from}, line(from, to, 6)...) {
					swipe = append(swipe, [][2]float64{p})
				}
				tap := [2]float64{v.Left + v.PX + v.Cell*math.Cos(heading), v.Top + v.PY + v.Cell*math.Sin(heading)}
				for _, g := range []struct {
					what string
					act  chromedp.Action[chromedp.Void]
				}{{"a swipe", touches(swipe...)}, {"a tap beside the dot", touches([][2]float64{tap})}} {
					steps(t, ctx, g.what, g.act, chromedp.Sleep(100*time.Millisecond))
					if n := viewOf(t, ctx).Moves; n != 1 {
						t.Errorf("%s along the open way (%.2f rad) made %d moves", g.what, heading, n)
					}
					steps(t, ctx, "restarting", chromedp.Click(chromedp.CSS("#play-restart")), waitFor(`document.getElementById("play-moves").value === "0"`))
				}
			}

			keys := arrowKeys(t, pm)
			pressKeys(t, ctx, keys)
			check := func(motion bool) winBox {
				t.Helper()
				steps(t, ctx, "winning", waitFor(fmt.Sprintf(`(%s).found`, winJS(won, ending))))
				var b winBox
				b, err := chromedp.Run(ctx, chromedp.Evaluate[winBox](winJS(won, ending)))
				if err != nil {
					t.Fatal(err)
				}
				if !inside(b.Msg, b.VW, b.VH) || !inside(b.Card, b.VW, b.VH) {
					t.Errorf("the win message at %v (in %v) is not inside the %v x %v screen", b.Msg, b.Card, b.VW, b.VH)
				}
				if !b.OnTop {
					t.Errorf("the win message at %v is covered", b.Card)
				}
				if !strings.Contains(b.Text, ending) {
					t.Errorf("the win message %q does not tell the ending %q", b.Text, ending)
				}
				if strings.Contains(b.Text, "shortest") {
					t.Errorf("the win message %q holds the way up against the shortest", b.Text)
				}
				if motion && b.Running == 0 {
					t.Error("no animation celebrates the win")
				}
				if !motion && b.Running > 0 {
					t.Errorf("%d animations run when the system asks for reduced motion", b.Running)
				}
				return b
			}
			check(true)
			steps(t, ctx, "the celebration under way", chromedp.Sleep(700*time.Millisecond))
			screenshot(t, ctx, filepath.Join(docsOr(t), "play-won-"+sc.name+".png"))

			// Play again, from the message, with reduced motion asked for.
			steps(t, ctx, "playing again with reduced motion",
				chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
					_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
						Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}},
					})
					return err
				}),
				chromedp.Click(chromedp.CSS("#play-again")),
				waitFor(`document.getElementById("play-moves").value === "0" && !(`+winJS(won, ending)+`).found`),
			)
			pressKeys(t, ctx, keys)
			check(false)
			if got := js[string](t, ctx, `document.getElementById("play-moves").value`); got != fmt.Sprint(len(keys)) {
				t.Errorf("after %d moves the game counts %s", len(keys), got)
			}
		})
	}
}

// gameView is what the board shows: the size of a cell and of the whole
// maze's cells, the player's place on the board and the board's size (CSS
// pixels), the middle of the view (in the maze's units) and the moves.
type gameView struct {
	Cell  float64 `json:"cell"`
	Fit   float64 `json:"fit"`
	PX    float64 `json:"px"`
	PY    float64 `json:"py"`
	W     float64 `json:"w"`
	H     float64 `json:"h"`
	Left  float64 `json:"left"`
	Top   float64 `json:"top"`
	VX    float64 `json:"vx"`
	VY    float64 `json:"vy"`
	Moves int     `json:"moves"`
}

const gameViewJS = `(function(){
  const c = document.getElementById("play-canvas"), r = c.getBoundingClientRect(), d = c.dataset;
  return {cell: Number(d.cell), fit: Number(d.fit), px: Number(d.px), py: Number(d.py), w: r.width, h: r.height, left: r.left, top: r.top,
    vx: Number(d.vx), vy: Number(d.vy), moves: Number(document.getElementById("play-moves").value)};
})()`

func viewOf(t *testing.T, ctx context.Context) gameView {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[gameView](gameViewJS))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// seesPlayer reports whether the player, and half a cell around it, is
// on the board.
func (v gameView) seesPlayer() bool {
	m := v.Cell / 2
	return v.PX >= m && v.PY >= m && v.PX <= v.W-m && v.PY <= v.H-m
}

// touches dispatches a touch gesture: each frame lists the fingers down,
// at points of the viewport; the gesture ends with every finger lifted.
func touches(frames ...[][2]float64) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		for i, f := range append(frames, nil) {
			typ := input.DispatchTouchEventTypeTouchMove
			switch {
			case i == 0:
				typ = input.DispatchTouchEventTypeTouchStart
			case len(f) == 0:
				typ = input.DispatchTouchEventTypeTouchEnd
			}
			pts := []*input.TouchPoint{}
			for j, p := range f {
				pts = append(pts, &input.TouchPoint{X: p[0], Y: p[1], ID: ptr(float64(j)), RadiusX: ptr(1.0), RadiusY: ptr(1.0), Force: ptr(1.0)})
			}
			if _, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts}); err != nil {
				return err
			}
			time.Sleep(16 * time.Millisecond)
		}
		return nil
	})
}

// line returns n points from a to b, b included.
func line(a, b [2]float64, n int) [][2]float64 {
	var pts [][2]float64
	for i := 1; i <= n; i++ {
		f := float64(i) / float64(n)
		pts = append(pts, [2]float64{a[0] + (b[0]-a[0])*f, a[1] + (b[1]-a[1])*f})
	}
	return pts
}

// An expert maze (40 x 58) on a phone opens zoomed in, its cells a
// fingertip wide, on the player; + - 0, the wheel and (on a touch screen)
// a pinch zoom; a finger dragged on the maze pans it, one dragged from
// the player walks it; and the view follows the player to the exit.
func TestBrowserGameZoom(t *testing.T) {
	execPath := findBrowser(t)
	kitten, err := theme.Lookup("kitten")
	if err != nil {
		t.Fatal(err)
	}
	won, ending := wordsFor("en")["won"], kitten.EndingIn("en")
	for _, sc := range []screen{phone, desktop} {
		t.Run(sc.name, func(t *testing.T) {
			base, _ := startStudio(t, gameSpec)
			ctx := newBrowser(t, execPath)
			pm := openGame(t, ctx, base, sc, 1)
			t.Logf("the maze: %d cells, %g x %g", len(pm.Cells), pm.Width, pm.Height)
			v := viewOf(t, ctx)
			t.Logf("opened: cell %.1f px (whole maze %.1f px), player at %.0f,%.0f of %.0f x %.0f", v.Cell, v.Fit, v.PX, v.PY, v.W, v.H)
			if sc == phone && (v.Cell < 24 || v.Fit >= 24) {
				t.Errorf("on a phone the expert maze opens with cells of %.1f px (the whole maze's %.1f px), want at least 24", v.Cell, v.Fit)
			}
			if !(v.Cell >= v.Fit) || !v.seesPlayer() {
				t.Errorf("opened with cells of %.1f px (whole maze %.1f), the player at %.0f,%.0f of a %.0f x %.0f board", v.Cell, v.Fit, v.PX, v.PY, v.W, v.H)
			}

			// The first moves at that zoom, the player in view.
			keys := arrowKeys(t, pm)
			first := min(40, len(keys)/4)
			pressKeys(t, ctx, keys[:first])
			if v := viewOf(t, ctx); v.Moves != first || !v.seesPlayer() {
				t.Errorf("after %d moves (%d counted) the player is at %.0f,%.0f of the %.0f x %.0f board", first, v.Moves, v.PX, v.PY, v.W, v.H)
			}
			screenshot(t, ctx, filepath.Join(docsOr(t), "play-zoom-"+sc.name+".png"))
			steps(t, ctx, "restarting", chromedp.Click(chromedp.CSS("#play-restart")), waitFor(`document.getElementById("play-moves").value === "0"`))

			// The keys and buttons zoom about the player, who stays on
			// the board: + zooms in, - out, 0 shows the whole maze. The
			// wheel and a pinch zoom about where they are.
			zoom := func(what string, act chromedp.Action[chromedp.Void], grows, keepsPlayer bool) gameView {
				t.Helper()
				before := viewOf(t, ctx)
				steps(t, ctx, what, act, chromedp.Sleep(100*time.Millisecond))
				after := viewOf(t, ctx)
				if grows && !(after.Cell > before.Cell*1.15) || !grows && !(after.Cell < before.Cell/1.15) {
					t.Errorf("%s: cells of %.1f px, then %.1f", what, before.Cell, after.Cell)
				}
				if after.Moves != before.Moves {
					t.Errorf("%s moved the player", what)
				}
				if keepsPlayer && !after.seesPlayer() && after.Cell > after.Fit+0.5 {
					t.Errorf("%s: the player at %.0f,%.0f is off the %.0f x %.0f board", what, after.PX, after.PY, after.W, after.H)
				}
				return after
			}
			focus := chromedp.Focus(chromedp.CSS("#play-canvas"))
			zoom("+", chromedp.Steps(focus, chromedp.KeyEvent("+")), true, true)
			zoom("-", chromedp.Steps(focus, chromedp.KeyEvent("-")), false, true)
			v = zoom("0", chromedp.Steps(focus, chromedp.KeyEvent("0")), false, true)
			if math.Abs(v.Cell-v.Fit) > 0.5 {
				t.Errorf("0: cells of %.1f px, the whole maze's %.1f", v.Cell, v.Fit)
			}
			mid := [2]float64{v.Left + v.W/2, v.Top + v.H/2}
			zoom("the wheel", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseWheel, mid[0], mid[1], func(p *input.DispatchMouseEventParams) {
				// Chromium wants both deltas, and a zero one is left out.
				p.DeltaX, p.DeltaY = 0.01, -300
			}), true, false)
			zoom("the zoom-in button", chromedp.Click(chromedp.CSS("#zoom-in")), true, true)
			if sc.touch {
				zoom("a pinch", touches(append([][][2]float64{{{mid[0] - 30, mid[1]}, {mid[0] + 30, mid[1]}}},
					func() (f [][][2]float64) {
						for i := 1; i <= 8; i++ {
							d := 30 + 10*float64(i)
							f = append(f, [][2]float64{{mid[0] - d, mid[1]}, {mid[0] + d, mid[1]}})
						}
						return f
					}()...)...), true, false)
			}
			// A finger dragged on the maze away from the player pans it
			// (a mouse on a desktop).
			v = viewOf(t, ctx)
			from := [2]float64{v.Left + v.W*0.25, v.Top + v.H*0.25}
			if v.PX < v.W/2 {
				from[0] = v.Left + v.W*0.75
			}
			if v.PY < v.H/2 {
				from[1] = v.Top + v.H*0.75
			}
			// Towards the player's side, so that the maze has more to
			// show beyond the other.
			to := [2]float64{from[0] + 80, from[1] + 80}
			if v.PX < v.W/2 {
				to[0] = from[0] - 80
			}
			if v.PY < v.H/2 {
				to[1] = from[1] - 80
			}
			drag := dragAction(sc.touch, from, to)
			steps(t, ctx, "dragging the maze", drag, chromedp.Sleep(100*time.Millisecond))
			panned := viewOf(t, ctx)
			if panned.Moves != v.Moves || math.Hypot(panned.VX-v.VX, panned.VY-v.VY) < 0.5 || math.Hypot(panned.PX-v.PX-(to[0]-from[0]), panned.PY-v.PY-(to[1]-from[1])) > 4 {
				t.Errorf("dragging the maze by %v: the view from %.1f,%.1f to %.1f,%.1f, the player from %.0f,%.0f to %.0f,%.0f, %d moves", [2]float64{to[0] - from[0], to[1] - from[1]},
					v.VX, v.VY, panned.VX, panned.VY, v.PX, v.PY, panned.PX, panned.PY, panned.Moves)
			}
			// A finger dragged from the player walks it along an open
			// way (the player brought back to the board first: Restart).
			steps(t, ctx, "restarting", chromedp.Click(chromedp.CSS("#play-restart")), waitFor(`document.getElementById("play-moves").value === "0"`))
			heading := math.NaN()
			for _, sd := range pm.Cells[pm.Entrance].Sides {
				if sd.Open && sd.To >= 0 {
					heading = sd.Heading
				}
			}
			v = viewOf(t, ctx)
			at := [2]float64{v.Left + v.PX, v.Top + v.PY}
			there := [2]float64{at[0] + math.Cos(heading)*v.Cell*1.2, at[1] + math.Sin(heading)*v.Cell*1.2}
			drag = dragAction(sc.touch, at, there)
			steps(t, ctx, "dragging the player", drag, chromedp.Sleep(100*time.Millisecond))
			if walked := viewOf(t, ctx); walked.Moves != 1 {
				t.Errorf("dragging the player a cell along an open way (%.2f rad) made %d moves", heading, walked.Moves)
			}

			// From the start again, the arrow keys to the exit: the
			// player stays on the board all the way, the zoom as it was.
			steps(t, ctx, "restarting", chromedp.Click(chromedp.CSS("#play-restart")), waitFor(`document.getElementById("play-moves").value === "0"`))
			v = viewOf(t, ctx)
			if !v.seesPlayer() {
				t.Errorf("restarted, the player at %.0f,%.0f is off the %.0f x %.0f board", v.PX, v.PY, v.W, v.H)
			}
			for i := 0; i < len(keys); i += 10 {
				pressKeys(t, ctx, keys[i:min(i+10, len(keys))])
				now := viewOf(t, ctx)
				if now.Moves != min(i+10, len(keys)) {
					t.Fatalf("after %d keys, %d moves", min(i+10, len(keys)), now.Moves)
				}
				if !now.seesPlayer() || math.Abs(now.Cell-v.Cell) > 0.01 {
					t.Errorf("after %d moves the player is at %.0f,%.0f of the %.0f x %.0f board, cells of %.1f px (were %.1f)", now.Moves, now.PX, now.PY, now.W, now.H, now.Cell, v.Cell)
				}
			}
			steps(t, ctx, "winning", waitFor(fmt.Sprintf(`(%s).found`, winJS(won, ending))))
			b, err := chromedp.Run(ctx, chromedp.Evaluate[winBox](winJS(won, ending)))
			if err != nil {
				t.Fatal(err)
			}
			if !inside(b.Card, b.VW, b.VH) || !strings.Contains(b.Text, ending) {
				t.Errorf("the expert maze won: the message %q at %v", b.Text, b.Card)
			}
		})
	}
}

// dragAction drags from one point to another in eight steps: a finger
// when touch is true, else the mouse's left button.
func dragAction(touch bool, from, to [2]float64) chromedp.Action[chromedp.Void] {
	if touch {
		f := [][][2]float64{{from}}
		for _, p := range line(from, to, 8) {
			f = append(f, [][2]float64{p})
		}
		return touches(f...)
	}
	acts := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, from[0], from[1], chromedp.ButtonLeft)}
	for _, p := range line(from, to, 8) {
		acts = append(acts, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, p[0], p[1], chromedp.ButtonLeft))
	}
	acts = append(acts, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, to[0], to[1], chromedp.ButtonLeft))
	return chromedp.Steps(acts...)
}
