package term

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"

	"mazebook/maze"
	"mazebook/play"
)

// serpentine is a 3x3 maze whose one corridor winds along the top row,
// back along the middle and out along the bottom: right, right, down,
// left, left, down, right, right, and right out of the exit.
func serpentine() *maze.Maze {
	m := maze.New(maze.Rect{W: 3, H: 3})
	for _, p := range [][2]int{{0, maze.East}, {1, maze.East}, {2, maze.South}, {5, maze.West}, {4, maze.West}, {3, maze.South}, {6, maze.East}, {7, maze.East}} {
		m.Carve(p[0], p[1])
	}
	m.SetDoors(maze.Door{Cell: 0, Side: maze.West}, maze.Door{Cell: 8, Side: maze.East})
	return m
}

var winning = []tcell.Key{tcell.KeyRight, tcell.KeyRight, tcell.KeyDown, tcell.KeyLeft, tcell.KeyLeft, tcell.KeyDown, tcell.KeyRight, tcell.KeyRight, tcell.KeyRight}

// fake is a clock the test moves.
type fake struct{ now time.Time }

func (f *fake) Now() time.Time { return f.now }

type rig struct {
	t      *testing.T
	screen tcell.SimulationScreen
	app    *App
	clock  *fake
	game   *play.Game
}

func newRig(t *testing.T, m *maze.Maze, w, h int, opt Options, popt play.Options) *rig {
	t.Helper()
	s := tcell.NewSimulationScreen("UTF-8")
	if err := s.Init(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Fini)
	s.SetSize(w, h)
	g, err := play.New(m, popt)
	if err != nil {
		t.Fatal(err)
	}
	clock := &fake{time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	opt.Now = clock.Now
	r := &rig{t: t, screen: s, app: New(s, g, opt), clock: clock, game: g}
	r.app.Draw()
	return r
}

// press hands a key to the app, a second after the last, and redraws.
func (r *rig) press(k tcell.Key, ch rune) {
	r.clock.now = r.clock.now.Add(time.Second)
	if r.app.Handle(tcell.NewEventKey(k, ch, tcell.ModNone)) {
		r.t.Fatalf("key %v %q quit", k, ch)
	}
	r.app.Draw()
}

// lines returns the screen as text, one string a row.
func (r *rig) lines() []string {
	cells, w, h := r.screen.GetContents()
	out := make([]string, h)
	for y := 0; y < h; y++ {
		var b strings.Builder
		for x := 0; x < w; x++ {
			c := cells[y*w+x]
			if len(c.Runes) == 0 {
				b.WriteByte(' ')
				continue
			}
			b.WriteString(string(c.Runes))
		}
		out[y] = b.String()
	}
	return out
}

func (r *rig) text() string { return strings.Join(r.lines(), "\n") }

// find returns the column and row of the first ch on the screen.
func (r *rig) find(ch rune) (int, int, bool) {
	for y, l := range r.lines() {
		if x := strings.IndexRune(l, ch); x >= 0 {
			return len([]rune(l[:x])), y, true
		}
	}
	return 0, 0, false
}

func TestMovesAndWalls(t *testing.T) {
	r := newRig(t, serpentine(), 80, 24, Options{}, play.Options{})
	x0, y0, ok := r.find(play.PlayerRune)
	if !ok {
		t.Fatalf("no player on screen:\n%s", r.text())
	}
	for _, tc := range []struct {
		name   string
		key    tcell.Key
		ch     rune
		dx, dy int
		moves  string
	}{
		{"a wall below", tcell.KeyDown, 0, 0, 0, "0 moves"},
		{"right", tcell.KeyRight, 0, 4, 0, "1 move "},
		{"l is right", tcell.KeyRune, 'l', 8, 0, "2 moves"},
		{"j is down", tcell.KeyRune, 'j', 8, 2, "3 moves"},
		{"the end of the row", tcell.KeyRight, 0, 8, 2, "3 moves"},
		{"h is left", tcell.KeyRune, 'h', 4, 2, "4 moves"},
		{"u undoes", tcell.KeyRune, 'u', 8, 2, "3 moves"},
		{"k is up", tcell.KeyRune, 'k', 8, 0, "4 moves"},
		{"r restarts", tcell.KeyRune, 'r', 0, 0, "0 moves"},
	} {
		r.press(tc.key, tc.ch)
		x, y, ok := r.find(play.PlayerRune)
		if !ok || x-x0 != tc.dx || y-y0 != tc.dy {
			t.Errorf("%s: player at %+d,%+d, want %+d,%+d:\n%s", tc.name, x-x0, y-y0, tc.dx, tc.dy, r.text())
		}
		if !strings.Contains(r.text(), tc.moves) {
			t.Errorf("%s: the status does not say %q:\n%s", tc.name, tc.moves, r.lines()[22])
		}
	}
}

func TestFinishThroughRun(t *testing.T) {
	r := newRig(t, serpentine(), 80, 24, Options{}, play.Options{})
	done := make(chan error)
	go func() { done <- r.app.Run() }()
	for _, k := range winning {
		r.screen.InjectKey(k, 0, tcell.ModNone)
	}
	// A key that changes nothing, so that the frame after the last move
	// is drawn before the quit.
	r.screen.InjectKey(tcell.KeyRune, 'x', tcell.ModNone)
	r.screen.InjectKey(tcell.KeyRune, 'q', tcell.ModNone)
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("q did not quit")
	}
	if !r.game.Finished() {
		t.Fatal("the winning keys did not finish the game")
	}
	if want := "You found the way out! 8 moves in 0:00"; !strings.Contains(r.text(), want) {
		t.Errorf("no %q on screen:\n%s", want, r.text())
	}
}

func TestQuitKeys(t *testing.T) {
	for _, tc := range []struct {
		name string
		key  tcell.Key
		ch   rune
	}{
		{"q", tcell.KeyRune, 'q'}, {"Q", tcell.KeyRune, 'Q'}, {"Esc", tcell.KeyEscape, 0}, {"Ctrl-C", tcell.KeyCtrlC, 0},
	} {
		r := newRig(t, serpentine(), 80, 24, Options{}, play.Options{})
		if !r.app.Handle(tcell.NewEventKey(tc.key, tc.ch, tcell.ModNone)) {
			t.Errorf("%s did not quit", tc.name)
		}
	}
}

func TestViewsThreadAndSolutionKeys(t *testing.T) {
	big, err := maze.Make(maze.Recipe{Size: maze.Size{W: 12, H: 8}, Algorithm: "backtracker", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	r := newRig(t, big, 80, 24, Options{}, play.Options{})
	fullWalls := strings.Count(r.text(), "─")
	r.press(tcell.KeyRight, 0)
	r.press(tcell.KeyDown, 0)
	r.press(tcell.KeyRune, 'v')
	if !strings.Contains(r.lines()[22], " theseus ") {
		t.Errorf("v did not change to theseus: %q", r.lines()[22])
	}
	if n := strings.Count(r.text(), "─"); n >= fullWalls {
		t.Errorf("theseus shows %d wall runes, the full view %d", n, fullWalls)
	}
	r.press(tcell.KeyRune, 'v')
	if !strings.Contains(r.lines()[22], " torch 3 ") {
		t.Errorf("v did not change to torch: %q", r.lines()[22])
	}
	r.press(tcell.KeyRune, '1')
	if !strings.Contains(r.lines()[22], " full ") || strings.Count(r.text(), "─") != fullWalls {
		t.Errorf("1 did not change back to full: %q", r.lines()[22])
	}
	hasThread := func() bool { return strings.ContainsRune(r.text(), play.ThreadRune) }
	if !hasThread() {
		t.Error("no thread after two moves")
	}
	r.press(tcell.KeyRune, 't')
	if hasThread() || !strings.Contains(r.text(), "thread (off)") {
		t.Error("t did not hide the thread")
	}
	r.press(tcell.KeyRune, 's')
	if !strings.ContainsRune(r.text(), play.SolutionRune) || !strings.Contains(r.text(), "solution (on)") {
		t.Error("s did not show the way out")
	}
}

func TestNoColor(t *testing.T) {
	hex, err := maze.Make(maze.Recipe{Shape: "hexagon", Size: maze.Size{W: 6, H: 6}, Algorithm: "backtracker", Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []*maze.Maze{serpentine(), hex} {
		first := keyPress{tcell.KeyRight, 0}
		if m == hex {
			keys, _ := winningKeys(t, hex)
			first = keys[0]
		}
		for _, noColor := range []bool{false, true} {
			r := newRig(t, m, 80, 24, Options{NoColor: noColor}, play.Options{View: play.Theseus})
			r.press(first.key, first.ch)
			r.press(tcell.KeyRune, 's')
			cells, _, _ := r.screen.GetContents()
			coloured := 0
			for _, c := range cells {
				fg, bg, _ := c.Style.Decompose()
				if fg != tcell.ColorDefault || bg != tcell.ColorDefault {
					coloured++
				}
			}
			if noColor && coloured > 0 {
				t.Errorf("NO_COLOR: %d cells have a colour", coloured)
			}
			if !noColor && coloured == 0 {
				t.Error("in colour no cell has a colour")
			}
			// Without colour the glyphs still tell the player, the
			// thread, the way out and the exit apart.
			for _, ch := range []rune{play.PlayerRune, play.ThreadRune, play.SolutionRune} {
				if !strings.ContainsRune(r.text(), ch) {
					t.Errorf("no colour %v: no %q on screen:\n%s", noColor, ch, r.text())
				}
			}
		}
	}
}

func TestSmallWindowAndResize(t *testing.T) {
	big, err := maze.Make(maze.Recipe{Size: maze.Size{W: 30, H: 30}, Algorithm: "backtracker", Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	r := newRig(t, big, 20, 4, Options{}, play.Options{})
	if !strings.Contains(r.text(), "too small") || strings.ContainsRune(r.text(), play.PlayerRune) {
		t.Errorf("a 20x4 window:\n%s", r.text())
	}
	for _, size := range [][2]int{{130, 70}, {60, 20}, {MinWidth, MinHeight}} {
		r.screen.SetSize(size[0], size[1])
		r.app.Handle(tcell.NewEventResize(size[0], size[1]))
		r.app.Draw()
		lines := r.lines()
		if len(lines) != size[1] || len([]rune(lines[0])) != size[0] {
			t.Fatalf("screen %dx%d after a resize to %v", len([]rune(lines[0])), len(lines), size)
		}
		if _, _, ok := r.find(play.PlayerRune); !ok {
			t.Errorf("%v: the player is out of sight:\n%s", size, r.text())
		}
		scrolls := strings.Contains(r.text(), "scrolling")
		if want := size[1] < 2*30+1+statusLines || size[0] < 4*30+1; scrolls != want {
			t.Errorf("%v: scroll note %v, want %v", size, scrolls, want)
		}
	}
	// Walking on in a small window keeps the player in sight.
	for i := 0; i < 40; i++ {
		for _, k := range []tcell.Key{tcell.KeyRight, tcell.KeyDown, tcell.KeyLeft, tcell.KeyUp} {
			r.press(k, 0)
			if _, _, ok := r.find(play.PlayerRune); !ok {
				t.Fatalf("the player walked out of sight:\n%s", r.text())
			}
		}
	}
}

func TestUndrawableMaze(t *testing.T) {
	m := maze.New(maze.Rect{W: 501, H: 500})
	m.Carve(0, maze.East)
	m.SetDoors(maze.Door{Cell: 0, Side: maze.West}, maze.Door{Cell: 1, Side: maze.North})
	r := newRig(t, m, 80, 24, Options{}, play.Options{})
	if !strings.Contains(r.text(), "at most 250000 cells") {
		t.Errorf("a maze too large:\n%s", r.text())
	}
}

// keysFor are the keys of each direction: the arrows, and between them a
// named key and a letter.
var keysFor = map[play.Direction][2]tcell.Key{
	play.Up: {tcell.KeyUp, tcell.KeyUp}, play.Right: {tcell.KeyRight, tcell.KeyRight},
	play.Down: {tcell.KeyDown, tcell.KeyDown}, play.Left: {tcell.KeyLeft, tcell.KeyLeft},
	play.UpLeft: {tcell.KeyHome, tcell.KeyRune}, play.UpRight: {tcell.KeyPgUp, tcell.KeyRune},
	play.DownLeft: {tcell.KeyEnd, tcell.KeyRune}, play.DownRight: {tcell.KeyPgDn, tcell.KeyRune},
}

var letterFor = map[play.Direction]rune{play.UpLeft: 'y', play.UpRight: 'i', play.DownLeft: 'b', play.DownRight: 'n'}

type keyPress struct {
	key tcell.Key
	ch  rune
}

// winningKeys returns the keys that walk m from its entrance along its
// solution and out of its exit, worked out on a game of its own: each
// step's direction is the one whose side leads to the next cell. Between
// the arrows, named keys and letters take turns.
func winningKeys(t *testing.T, m *maze.Maze) (keys []keyPress, diagonals int) {
	t.Helper()
	g, err := play.New(m, play.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sol := m.Solution()
	for i := 1; i <= len(sol); i++ {
		want := m.Exit.Side // out of the exit
		if i < len(sol) {
			for s := 0; s < m.Grid.Sides(sol[i-1]); s++ {
				if m.Grid.Neighbor(sol[i-1], s) == sol[i] {
					want = s
				}
			}
		}
		found := false
		for d := play.Up; d <= play.UpLeft && !found; d++ {
			if s, ok := g.SideToward(d); ok && s == want {
				k := keyPress{keysFor[d][0], 0}
				if d >= play.UpRight {
					if diagonals++; diagonals%2 == 0 {
						k = keyPress{tcell.KeyRune, letterFor[d]}
					}
				}
				keys = append(keys, k)
				g.Step(d, time.Time{})
				found = true
			}
		}
		if !found {
			t.Fatalf("no key takes side %d of cell %d", want, g.Player())
		}
	}
	if !g.Finished() {
		t.Fatal("the keys do not finish the game")
	}
	return keys, diagonals
}

// TestShapesPlayedToTheEnd plays hexagon, circle and triangle mazes from
// the entrance to the exit with keys worked out from each maze, through
// Run on a simulated screen, and reads the finish message. The circle is
// larger than the window, which scrolls with the player.
func TestShapesPlayedToTheEnd(t *testing.T) {
	diagonals := 0
	for _, tc := range []struct {
		shape string
		n     int
		seed  uint64
	}{
		{"hexagon", 6, 2}, {"hexagon", 8, 3}, {"circle", 8, 5}, {"triangle", 8, 1},
	} {
		t.Run(fmt.Sprintf("%s/%d/%d", tc.shape, tc.n, tc.seed), func(t *testing.T) {
			m, err := maze.Make(maze.Recipe{Shape: tc.shape, Size: maze.Size{W: tc.n, H: tc.n}, Algorithm: "backtracker", Seed: tc.seed})
			if err != nil {
				t.Fatal(err)
			}
			keys, diag := winningKeys(t, m)
			diagonals += diag
			r := newRig(t, m, 80, 24, Options{}, play.Options{View: play.Theseus})
			if !strings.Contains(r.lines()[22], "ways:") || !strings.Contains(r.lines()[23], "y i b n") {
				t.Errorf("the status does not tell the ways and their keys:\n%s\n%s", r.lines()[22], r.lines()[23])
			}
			done := make(chan error)
			go func() { done <- r.app.Run() }()
			for _, k := range keys {
				r.screen.InjectKey(k.key, k.ch, tcell.ModNone)
			}
			r.screen.InjectKey(tcell.KeyRune, 'x', tcell.ModNone)
			r.screen.InjectKey(tcell.KeyRune, 'q', tcell.ModNone)
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("q did not quit")
			}
			want := fmt.Sprintf("You found the way out! %d moves in 0:00", len(keys)-1)
			if !r.game.Finished() || !strings.Contains(r.text(), want) {
				t.Errorf("no finish %q on screen:\n%s", want, r.text())
			}
		})
	}
	if diagonals == 0 {
		t.Error("no maze needed a key between the arrows")
	}
}

// TestWaysOnTheStatus checks that the status lists what the player's cell
// offers, with the letter of each direction between the arrows.
func TestWaysOnTheStatus(t *testing.T) {
	m, err := maze.Make(maze.Recipe{Shape: "hexagon", Size: maze.Size{W: 8, H: 8}, Algorithm: "backtracker", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	r := newRig(t, m, 100, 30, Options{}, play.Options{})
	keys, _ := winningKeys(t, m)
	for _, k := range keys[:len(keys)-1] {
		var want []string
		for _, d := range r.game.Ways() {
			want = append(want, string(d.Arrow())+string(letterFor[d]))
		}
		line := r.lines()[28]
		if !strings.Contains(line, "ways: "+strings.ReplaceAll(strings.Join(want, " "), "\x00", "")) {
			t.Fatalf("ways %v, status %q", want, line)
		}
		r.press(k.key, k.ch)
	}
	if len(r.game.Walk()) != len(keys) {
		t.Errorf("walked %d cells with %d keys", len(r.game.Walk()), len(keys))
	}
}

// TestStatusFitsTheWidth draws every shape at 80 and 100 columns: the
// keys' line starts with the way out (q quit) and no part of either
// status line is cut at the edge.
func TestStatusFitsTheWidth(t *testing.T) {
	for _, r := range []maze.Recipe{
		{Size: maze.Size{W: 8, H: 6}},
		{Shape: "hexagon", Size: maze.Size{W: 4}},
		{Shape: "circle", Size: maze.Size{W: 4}},
		{Shape: "triangle", Size: maze.Size{W: 6}},
	} {
		r.Algorithm, r.Seed = "backtracker", 3
		m, err := maze.Make(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{80, 100} {
			rig := newRig(t, m, w, 40, Options{Title: "A long title for a maze book of the class"}, play.Options{})
			lines := rig.lines()
			keys, status := strings.TrimRight(lines[39], " "), strings.TrimRight(lines[38], " ")
			if !strings.HasPrefix(keys, " q quit  ") {
				t.Errorf("%s at %d columns: the keys read %q", m.Grid, w, keys)
			}
			whole := false
			for _, end := range []string{"move", "undo", ")", "view", "restart"} {
				whole = whole || strings.HasSuffix(keys, end)
			}
			if !whole {
				t.Errorf("%s at %d columns: the keys are cut at the edge: %q", m.Grid, w, keys)
			}
			if strings.Contains(status, "A long") && !strings.HasSuffix(status, "of the class") {
				t.Errorf("%s at %d columns: the status is cut at the edge: %q", m.Grid, w, status)
			}
			if !strings.Contains(keys, "move") {
				t.Errorf("%s at %d columns: the keys do not say how to move: %q", m.Grid, w, keys)
			}
		}
	}
}

// TestFinishCelebrates wins a maze of a themed book: a banner over the
// maze cheers, tells the story's ending and the keys to play again or
// quit, without hiding the player; it says nothing of a shortest way. On
// a narrow window the ending wraps, whole; undo takes the banner away.
func TestFinishCelebrates(t *testing.T) {
	const ending = "The kitten reached the castle!"
	for _, tc := range []struct {
		name    string
		w, h    int
		noColor bool
	}{
		{"wide", 80, 24, false}, {"narrow", 40, 14, false}, {"no colour", 80, 24, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, serpentine(), tc.w, tc.h, Options{Ending: ending, NoColor: tc.noColor}, play.Options{})
			for _, k := range winning[:len(winning)-1] {
				r.press(k, 0)
			}
			if strings.Contains(r.text(), "kitten") || strings.Contains(r.text(), "way out") {
				t.Fatalf("the ending shows before the finish:\n%s", r.text())
			}
			r.press(winning[len(winning)-1], 0)
			if !r.game.Finished() {
				t.Fatal("the winning keys did not finish the game")
			}
			text := r.text()
			// The banner is over the maze, above the status lines.
			view := strings.Join(r.lines()[:tc.h-statusLines], "\n")
			for _, want := range []string{"You found the way out!", "8 moves", "r: play again"} {
				if !strings.Contains(view, want) {
					t.Errorf("the banner does not say %q:\n%s", want, text)
				}
			}
			if got := strings.Join(strings.Fields(view), " "); !strings.Contains(got, ending) {
				t.Errorf("the banner does not tell the ending %q:\n%s", ending, text)
			}
			if strings.Contains(text, "shortest") {
				t.Errorf("the finish compares the way with the shortest:\n%s", text)
			}
			if _, _, ok := r.find(play.PlayerRune); !ok {
				t.Errorf("the banner hides the player:\n%s", text)
			}
			r.press(tcell.KeyRune, 'u')
			if strings.Contains(r.text(), "kitten") {
				t.Errorf("the banner stays after undo:\n%s", r.text())
			}
		})
	}
}
