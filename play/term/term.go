// Package term plays a maze game (package play) in a terminal through
// tcell: it paints the game's view, reads the keys, keeps a clock on a
// status line, redraws on resize, scrolls a maze larger than the window
// with the player, and paints without colour when asked (NO_COLOR). The
// arrows and hjkl move; on cells with more sides (hexagons, a circle's
// rings) y i b n or Home PgUp End PgDn take the directions between them,
// and the status line lists the ways out of the player's cell.
package term

import (
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"

	"mazebook/play"
)

// Options set up the front end.
type Options struct {
	// NoColor paints with the terminal's default colours only; the view's
	// glyphs tell things apart.
	NoColor bool
	// Now reads the clock; nil is time.Now.
	Now func() time.Time
	// Title names the maze on the status line, such as "backtracker
	// rectangle 20x20, seed 1".
	Title string
	// OnFinish, when not nil, is called when a move finishes the game.
	OnFinish func()
	// Ending is what the story says when the player reaches the goal: a
	// themed book's ending ("The kitten reached the castle!", see
	// theme.Pair.EndingIn), told on the banner that cheers the finish;
	// empty for none.
	Ending string
}

// Smallest window the game draws in: below it, a message asks for more.
const (
	MinWidth  = 40
	MinHeight = 6
)

// statusLines is how many lines at the bottom of the window the status
// takes.
const statusLines = 2

// App is a game on a screen.
type App struct {
	screen tcell.Screen
	game   *play.Game
	opt    Options
	// mu keeps Close from finalising the screen while a frame is drawn
	// (a frame drawn after it would be left on the terminal); closed
	// stops the drawing for good.
	mu     sync.Mutex
	closed bool
	// Scrolled is set when the last frame showed only part of the maze.
	scrolled bool
}

// New returns the front end of game g on screen s, which must be
// initialised.
func New(s tcell.Screen, g *play.Game, opt Options) *App {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	return &App{screen: s, game: g, opt: opt}
}

// Run draws the game and plays it until the player quits: q, Esc or
// Ctrl-C. A tick every second keeps the clock on the status line going.
// It does not initialise or finalise the screen.
func (a *App) Run() error {
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				a.screen.PostEvent(tcell.NewEventInterrupt(nil))
			}
		}
	}()
	a.Draw()
	for {
		ev := a.screen.PollEvent()
		if ev == nil {
			return nil // the screen was finalised
		}
		if a.Handle(ev) {
			return nil
		}
		a.Draw()
	}
}

// Close finalises the screen, restoring the terminal, once no frame is
// being drawn; no frame is drawn after it. A signal handler may call it
// while Run goes on.
func (a *App) Close() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.closed {
		a.closed = true
		a.screen.Fini()
	}
}

// Handle applies one event to the game and reports whether the player
// quit. Resizes and ticks change nothing but need a redraw.
func (a *App) Handle(ev tcell.Event) (quit bool) {
	switch ev := ev.(type) {
	case *tcell.EventResize:
		a.screen.Sync()
	case *tcell.EventKey:
		return a.key(ev)
	}
	return false
}

// The keys that move the player: arrows and the keypad's corners, and
// vi's hjkl with y, i, b, n between them (u is undo).
var (
	keyMoves = map[tcell.Key]play.Direction{
		tcell.KeyUp: play.Up, tcell.KeyRight: play.Right, tcell.KeyDown: play.Down, tcell.KeyLeft: play.Left,
		tcell.KeyHome: play.UpLeft, tcell.KeyPgUp: play.UpRight, tcell.KeyEnd: play.DownLeft, tcell.KeyPgDn: play.DownRight,
	}
	runeMoves = map[rune]play.Direction{
		'k': play.Up, 'l': play.Right, 'j': play.Down, 'h': play.Left,
		'y': play.UpLeft, 'i': play.UpRight, 'b': play.DownLeft, 'n': play.DownRight,
	}
)

// key applies a key press.
func (a *App) key(ev *tcell.EventKey) (quit bool) {
	g, now := a.game, a.opt.Now()
	if was := g.Finished(); !was && a.opt.OnFinish != nil {
		defer func() {
			if g.Finished() {
				a.opt.OnFinish()
			}
		}()
	}
	if d, ok := keyMoves[ev.Key()]; ok {
		g.Step(d, now)
		return false
	}
	switch ev.Key() {
	case tcell.KeyEscape, tcell.KeyCtrlC:
		return true
	case tcell.KeyRune:
		if d, ok := runeMoves[ev.Rune()]; ok {
			g.Step(d, now)
			return false
		}
		switch ev.Rune() {
		case 'q', 'Q':
			return true
		case 'u':
			g.Undo()
		case 'r':
			g.Restart()
		case 's':
			g.ToggleSolution()
		case 't':
			g.ToggleThread()
		case 'v':
			g.NextView()
		case '1':
			g.SetView(play.Full)
		case '2':
			g.SetView(play.Theseus)
		case '3':
			g.SetView(play.Torch)
		}
	}
	return false
}

// Draw paints the whole window: the view of the maze, centred, or
// scrolled to keep the player in sight when it does not fit, and the
// status lines; or a message when the window is too small.
func (a *App) Draw() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return
	}
	s := a.screen
	s.Clear()
	w, h := s.Size()
	if w < MinWidth || h < MinHeight {
		a.tooSmall(w, h)
		s.Show()
		return
	}
	cv, err := a.game.Render()
	if err != nil {
		a.text(0, 0, w, "mazebook play: "+err.Error(), a.style(play.Floor))
		s.Show()
		return
	}
	vh := h - statusLines
	ox, oy := offset(cv.W, w, cv.PlayerX), offset(cv.H, vh, cv.PlayerY)
	a.scrolled = cv.W > w || cv.H > vh
	for y := 0; y < vh; y++ {
		cy := y + oy
		if cy < 0 || cy >= cv.H {
			continue
		}
		for x := 0; x < w; x++ {
			cx := x + ox
			if cx < 0 || cx >= cv.W {
				continue
			}
			c := cv.At(cx, cy)
			s.SetContent(x, y, c.Rune, nil, a.style(c.Tag))
		}
	}
	banner := false
	if a.game.Finished() {
		banner = a.cheer(w, vh, cv.PlayerX-ox, cv.PlayerY-oy, -oy, cv.H-oy)
	}
	a.status(w, h, !banner)
	s.Show()
}

// cheer draws the banner of a finish: a cheer, the story's ending, the
// moves and the time, and the keys to play again or quit. It stands above
// or below the maze (whose rows on screen run from top to bottom) where
// the window has room, else over the maze, clear of the player (at
// column px, row py) where it can be; it reports false when the window
// is too small for it.
func (a *App) cheer(w, vh, px, py, top, bottom int) bool {
	g := a.game
	moves := "moves"
	if g.Moves() == 1 {
		moves = "move"
	}
	tw := min(w-6, 46) // the text's width inside the banner
	lines := []string{"★ " + play.Cheer + " ★"}
	lines = append(lines, wrap(a.opt.Ending, tw)...)
	lines = append(lines, fmt.Sprintf("%d %s in %s", g.Moves(), moves, play.FormatClock(g.Elapsed(a.opt.Now()))), "r: play again   q: quit")
	bw := 0
	for _, l := range lines {
		bw = max(bw, cols(l))
	}
	bw = min(bw+4, w)
	bh := len(lines) + 2
	if bh > vh {
		return false
	}
	x0 := (w - bw) / 2
	y0 := (vh - bh) / 2
	switch {
	case top >= bh+1:
		y0 = top - bh - 1
	case vh-bottom >= bh+1:
		y0 = bottom + 1
	case px >= x0-1 && px <= x0+bw && py >= y0-1 && py <= y0+bh:
		// Beside the player: above or below them, where there is more
		// room, if it fits there.
		above, below := py-1, vh-py-2
		if above >= bh && above >= below {
			y0 = (above - bh) / 2
		} else if below >= bh {
			y0 = py + 2 + (below-bh)/2
		}
	}
	box, bold, star := a.bannerStyles()
	for y := y0; y < y0+bh; y++ {
		for x := x0; x < x0+bw; x++ {
			a.screen.SetContent(x, y, ' ', nil, box)
		}
	}
	for i, l := range lines {
		x := x0 + (bw-cols(l))/2
		st := box
		if i == 0 {
			st = bold
		}
		for _, part := range strings.SplitAfter(l, "★") {
			text, hasStar := strings.CutSuffix(part, "★")
			x = a.put(x, y0+1+i, x0+bw, text, st)
			if hasStar {
				x = a.put(x, y0+1+i, x0+bw, "★", star)
			}
		}
	}
	return true
}

// bannerStyles returns the styles of the finish's banner: its ground and
// text, its cheer, and its stars.
func (a *App) bannerStyles() (box, bold, star tcell.Style) {
	if a.opt.NoColor {
		box = tcell.StyleDefault.Reverse(true)
		return box, box.Bold(true), box.Bold(true)
	}
	box = tcell.StyleDefault.Background(tcell.ColorYellow).Foreground(tcell.ColorBlack)
	return box, box.Bold(true), box.Foreground(tcell.ColorRed).Bold(true)
}

// put writes str from column x of row y, grapheme by grapheme, up to
// column end, and returns the column after it.
func (a *App) put(x, y, end int, str string, st tcell.Style) int {
	for str != "" && x < end {
		var n int
		str, n = a.screen.Put(x, y, str, st)
		if n == 0 {
			break
		}
		x += n
	}
	return x
}

// cols returns the columns str takes on a screen, as tcell lays out its
// graphemes: a wide character two, a combining mark none.
func cols(str string) int {
	var cb tcell.CellBuffer
	cb.Resize(1, 1)
	n := 0
	for str != "" {
		var w int
		str, w = cb.Put(0, 0, str, tcell.StyleDefault)
		n += w
	}
	return n
}

// wrap breaks text into lines of at most w columns, between words, and
// within a word (such as a line of Chinese) only when it is wider.
func wrap(text string, w int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		for cols(word) > w {
			// The word's graphemes that fit the rest of the line.
			head, rest := fitCols(word, w-cols(line)-min(1, len(line)))
			if head == "" && line == "" {
				break // not one grapheme fits: the word goes whole
			}
			if head == "" {
				lines, line = append(lines, line), ""
				continue
			}
			if line != "" {
				line += " "
			}
			lines, line, word = append(lines, line+head), "", rest
		}
		switch {
		case line == "":
			line = word
		case cols(line)+1+cols(word) <= w:
			line += " " + word
		default:
			lines, line = append(lines, line), word
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// fitCols splits str after the graphemes that fit in w columns.
func fitCols(str string, w int) (head, rest string) {
	var cb tcell.CellBuffer
	cb.Resize(1, 1)
	n, rest := 0, str
	for rest != "" {
		next, c := cb.Put(0, 0, rest, tcell.StyleDefault)
		if n+c > w {
			break
		}
		n, rest = n+c, next
	}
	return str[:len(str)-len(rest)], rest
}

// offset returns where a view of size view starts in a canvas of size
// size: centred (negative) when it fits, else keeping at (the player)
// in the middle as far as the canvas's edges allow.
func offset(size, view, at int) int {
	if size <= view {
		return -(view - size) / 2
	}
	o := at - view/2
	return max(0, min(o, size-view))
}

// status writes the status lines: the view, the clock and the moves, or
// the finish message (and the story's ending, when ending is set); and
// the keys.
func (a *App) status(w, h int, ending bool) {
	g := a.game
	st := a.style(play.Floor).Reverse(true)
	var parts []string
	if msg := g.Message(); msg != "" {
		parts = []string{msg + "."}
		if ending && a.opt.Ending != "" {
			parts = append(parts, a.opt.Ending)
		}
		parts = append(parts, "r: play again", "q: quit")
	} else {
		view := g.View().String()
		if g.View() == play.Torch {
			view += fmt.Sprintf(" %d", g.Radius())
		}
		moves := "moves"
		if g.Moves() == 1 {
			moves = "move"
		}
		parts = []string{view, play.FormatClock(g.Elapsed(a.opt.Now())), fmt.Sprintf("%d %s", g.Moves(), moves)}
		if !a.squares() {
			parts = append(parts, "ways:"+ways(g))
		}
		if a.scrolled {
			parts = append(parts, "scrolling: the maze is larger than the window")
		}
		if a.opt.Title != "" {
			parts = append(parts, a.opt.Title)
		}
	}
	for x := 0; x < w; x++ {
		a.screen.SetContent(x, h-2, ' ', nil, st)
	}
	line := fit(parts, w)
	if a.scrolled && !strings.Contains(line, "scrolling") {
		// Said briefly on a narrow window.
		for i, p := range parts {
			if strings.HasPrefix(p, "scrolling") {
				parts[i] = "scrolling"
			}
		}
		line = fit(parts, w)
	}
	a.text(0, h-2, w, line, st)
	thread, sol := "on", "off"
	if !g.ThreadShown() {
		thread = "off"
	}
	if g.SolutionShown() {
		sol = "on"
	}
	// The keys, the way out first: what does not fit the width is left
	// off from the end, and the moves are said briefly on a narrow one.
	move := "arrows/hjkl move"
	if !a.squares() {
		move = "arrows/hjkl, y i b n or Home PgUp End PgDn move"
	}
	keys := []string{"q quit", move, "u undo", "s solution (" + sol + ")", "t thread (" + thread + ")", "v view", "r restart"}
	if width(fit(keys, w)) < width(" "+strings.Join(keys, "  ")) && !a.squares() {
		keys[1] = "arrows, y i b n move"
	}
	a.text(0, h-1, w, fit(keys, w), a.style(play.Floor))
}

// fit joins the parts of a status line, each after two spaces (the first
// after one), leaving off from the end those that do not fit in w
// columns; the first part is always kept (cut at the edge if need be).
func fit(parts []string, w int) string {
	line := ""
	for i, p := range parts {
		next := line + "  " + p
		if i == 0 {
			next = " " + p
		}
		if i > 0 && width(next) > w {
			break
		}
		line = next
	}
	return line
}

// width is the number of columns a line takes, a column a character.
func width(s string) int { return utf8.RuneCountInString(s) }

// squares reports whether the maze's cells are squares, whose four
// sides the arrows take as they point.
func (a *App) squares() bool { return a.game.Maze().Grid.MaxSides() == 4 }

// diagonalKeys names the keys of the directions between the arrows.
var diagonalKeys = map[play.Direction]string{play.UpRight: "i", play.DownRight: "n", play.DownLeft: "b", play.UpLeft: "y"}

// ways lists the directions the player's cell offers, each as its arrow
// and, between the arrows, the letter that takes it: " ↑ → ↗i".
func ways(g *play.Game) string {
	var b strings.Builder
	for _, d := range g.Ways() {
		b.WriteString(" ")
		b.WriteRune(d.Arrow())
		b.WriteString(diagonalKeys[d])
	}
	return b.String()
}

// tooSmall writes a message asking for a larger window, its words
// wrapped to the window's width.
func (a *App) tooSmall(w, h int) {
	msg := fmt.Sprintf("mazebook play: the window is too small (%dx%d): make it at least %dx%d, or press q to quit", w, h, MinWidth, MinHeight)
	y, line := 0, ""
	flush := func() {
		if y < h {
			a.text(0, y, w, line, a.style(play.Floor))
		}
		y, line = y+1, ""
	}
	for _, word := range strings.Fields(msg) {
		if line != "" && len([]rune(line))+1+len([]rune(word)) > w {
			flush()
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	flush()
}

// text writes str from column x of row y, cut at width w.
func (a *App) text(x, y, w int, str string, st tcell.Style) {
	for _, r := range str {
		if x >= w {
			return
		}
		a.screen.SetContent(x, y, r, nil, st)
		x++
	}
}

// style returns how a tag is painted.
func (a *App) style(t play.Tag) tcell.Style {
	st := tcell.StyleDefault
	if a.opt.NoColor {
		if t == play.Player {
			return st.Bold(true)
		}
		return st
	}
	switch t {
	case play.Fog:
		return st.Background(tcell.Color236)
	case play.Wall:
		return st.Foreground(tcell.ColorSilver)
	case play.Player:
		return st.Foreground(tcell.ColorYellow).Bold(true)
	case play.Thread:
		return st.Foreground(tcell.ColorRed)
	case play.Solution:
		return st.Foreground(tcell.ColorLime)
	case play.Entrance:
		return st.Foreground(tcell.ColorAqua).Bold(true)
	case play.Exit:
		return st.Foreground(tcell.ColorLime).Bold(true)
	}
	return st
}
