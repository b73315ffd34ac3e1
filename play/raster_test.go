package play

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"mazebook/maze"
)

// rasterShapes are the shapes drawn in Braille dots.
var rasterShapes = []string{"circle", "hexagon", "triangle"}

// inkAt reports whether the canvas has wall ink at dot (x, y).
func inkAt(cv Canvas, x, y int) bool {
	if x < 0 || y < 0 || x >= cv.W*dotsX || y >= cv.H*dotsY {
		return false
	}
	c := cv.At(x/dotsX, y/dotsY)
	if c.Tag != Wall || c.Rune < brailleBase || c.Rune > brailleBase+0xff {
		return false
	}
	return uint8(c.Rune-brailleBase)&brailleBit[y%dotsY][x%dotsX] != 0
}

// inkNear reports whether the canvas has wall ink within a dot of grid
// point p.
func inkNear(cv Canvas, r *raster, p maze.Point) bool {
	x, y := r.dot(p)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if inkAt(cv, int(math.Floor(x))+dx, int(math.Floor(y))+dy) {
				return true
			}
		}
	}
	return false
}

// walkOut moves the player along the way out, calling f after each step.
func walkOut(t *testing.T, g *Game, steps int, f func()) {
	t.Helper()
	gr := g.Maze().Grid
	for i, c := range g.WayOut()[1:] {
		if i == steps {
			return
		}
		for s := 0; s < gr.Sides(g.Player()); s++ {
			if gr.Neighbor(g.Player(), s) == c {
				g.Move(s, t0)
				break
			}
		}
		if g.Player() != c {
			t.Fatalf("could not step to %d", c)
		}
		if f != nil {
			f()
		}
	}
}

// interior returns points well inside cell c: its centre, half way from
// it to the middles of its sides, and a third of the way to their ends.
func interior(gr maze.Grid, c int) []maze.Point {
	ctr := gr.Center(c)
	toward := func(p maze.Point, f float64) maze.Point {
		return maze.Point{X: ctr.X + (p.X-ctr.X)*f, Y: ctr.Y + (p.Y-ctr.Y)*f}
	}
	out := []maze.Point{ctr}
	for s := 0; s < gr.Sides(c); s++ {
		e := gr.Side(c, s)
		out = append(out, toward(e.Mid(), 0.5), toward(e.A, 0.3))
	}
	return out
}

func TestRasterPlayerAtTheCellsCentre(t *testing.T) {
	for _, shape := range rasterShapes {
		t.Run(shape, func(t *testing.T) {
			g := newGame(t, shaped(t, shape, 5), Options{})
			check := func() {
				cv := render(t, g)
				col, row := g.raster.runeAt(g.Maze().Grid.Center(g.Player()))
				if cv.PlayerX != col || cv.PlayerY != row || cv.At(col, row) != (Cell{PlayerRune, Player}) {
					t.Fatalf("cell %d: player at %d,%d (%q), its centre in rune %d,%d:\n%s", g.Player(), cv.PlayerX, cv.PlayerY, cv.At(cv.PlayerX, cv.PlayerY).Rune, col, row, cv)
				}
				if n := strings.Count(cv.String(), string(PlayerRune)); n != 1 {
					t.Fatalf("%d players drawn", n)
				}
			}
			check()
			walkOut(t, g, -1, check)
		})
	}
}

// TestRasterWallsAndPassages samples the full view at the middle of every
// side between two cells: ink where a wall stands, none where the
// passage is open.
func TestRasterWallsAndPassages(t *testing.T) {
	for _, shape := range rasterShapes {
		for _, n := range []int{3, 8} {
			t.Run(fmt.Sprintf("%s/%d", shape, n), func(t *testing.T) {
				m := shaped(t, shape, n)
				g := newGame(t, m, Options{NoThread: true})
				cv := render(t, g)
				gr := m.Grid
				walls, open := 0, 0
				for c := 0; c < gr.Cells(); c++ {
					for s := 0; s < gr.Sides(c); s++ {
						nb := gr.Neighbor(c, s)
						if nb < c {
							continue
						}
						mid := gr.Side(c, s).Mid()
						if col, row := g.raster.runeAt(mid); cv.At(col, row).Tag == Player {
							continue // the player's rune hides what is under it
						}
						ink := inkNear(cv, g.raster, mid)
						if m.IsOpen(c, s) {
							open++
							if ink {
								t.Errorf("the passage from %d to %d is inked:\n%s", c, nb, cv)
							}
						} else {
							walls++
							if !ink {
								t.Errorf("the wall between %d and %d is not drawn:\n%s", c, nb, cv)
							}
						}
					}
				}
				if walls == 0 || open == 0 {
					t.Fatalf("%d walls and %d passages sampled", walls, open)
				}
			})
		}
	}
}

// TestRasterHidesWhatIsNotShown checks theseus and the torch: no wall
// ink inside a cell the view does not show, which is fog, while the
// cells shown have their walls.
func TestRasterHidesWhatIsNotShown(t *testing.T) {
	for _, shape := range rasterShapes {
		for _, view := range []View{Theseus, Torch} {
			t.Run(shape+"/"+view.String(), func(t *testing.T) {
				m := shaped(t, shape, 8)
				g := newGame(t, m, Options{View: view, Radius: 2})
				walkOut(t, g, 5, nil)
				cv := render(t, g)
				gr, vis := m.Grid, g.Visible()
				hidden, shown := 0, 0
				for c := 0; c < gr.Cells(); c++ {
					if vis[c] {
						shown++
						for s := 0; s < gr.Sides(c); s++ {
							if !m.IsOpen(c, s) && !inkNear(cv, g.raster, gr.Side(c, s).Mid()) {
								if col, row := g.raster.runeAt(gr.Side(c, s).Mid()); cv.At(col, row).Tag != Player {
									t.Errorf("cell %d is shown but its side %d is not drawn", c, s)
								}
							}
						}
						continue
					}
					hidden++
					// Its walls are not drawn, unless a cell shown shares
					// them.
					for s := 0; s < gr.Sides(c); s++ {
						if nb := gr.Neighbor(c, s); (nb < 0 || !vis[nb]) && inkNear(cv, g.raster, gr.Side(c, s).Mid()) {
							t.Errorf("cell %d is not shown, yet its side %d is drawn:\n%s", c, s, cv)
						}
					}
					for _, p := range interior(gr, c) {
						if x, y := g.raster.dot(p); inkAt(cv, int(x), int(y)) {
							t.Errorf("cell %d is not shown, yet ink lies at %v:\n%s", c, p, cv)
						}
					}
					col, row := g.raster.runeAt(gr.Center(c))
					if cv.At(col, row).Tag != Fog {
						t.Errorf("cell %d is not shown, yet its middle is %v %q", c, cv.At(col, row).Tag, cv.At(col, row).Rune)
					}
				}
				if hidden == 0 || shown < 3 {
					t.Fatalf("%d cells hidden, %d shown", hidden, shown)
				}
				// The torch: all the ink lies within the cells in reach.
				if view != Torch {
					return
				}
				reach := 0.0
				for c := 0; c < gr.Cells(); c++ {
					if !vis[c] {
						continue
					}
					for s := 0; s < gr.Sides(c); s++ {
						e := gr.Side(c, s)
						ctr := gr.Center(c)
						reach = math.Max(reach, math.Max(math.Hypot(e.A.X-ctr.X, e.A.Y-ctr.Y), math.Hypot(e.Mid().X-ctr.X, e.Mid().Y-ctr.Y)))
					}
				}
				slack := 2 * dotsY / g.raster.scale // a rune's height
				for row := 0; row < cv.H; row++ {
					for col := 0; col < cv.W; col++ {
						if cv.At(col, row).Tag != Wall {
							continue
						}
						p := maze.Point{X: ((float64(col)+0.5)*dotsX - g.raster.origin) / g.raster.scale, Y: ((float64(row)+0.5)*dotsY - g.raster.origin) / g.raster.scale}
						near := false
						for c := 0; c < gr.Cells() && !near; c++ {
							ctr := gr.Center(c)
							near = vis[c] && math.Hypot(p.X-ctr.X, p.Y-ctr.Y) <= reach+slack
						}
						if !near {
							t.Errorf("ink at rune %d,%d, beyond the torch's cells", col, row)
						}
					}
				}
			})
		}
	}
}

// TestRasterMarks checks the thread, the way out and the doors.
func TestRasterMarks(t *testing.T) {
	for _, shape := range rasterShapes {
		t.Run(shape, func(t *testing.T) {
			m := shaped(t, shape, 6)
			g := newGame(t, m, Options{})
			walkOut(t, g, 4, nil)
			g.ToggleSolution()
			cv := render(t, g)
			gr := m.Grid
			at := func(p maze.Point) Cell {
				col, row := g.raster.runeAt(p)
				return cv.At(col, row)
			}
			thread := g.Thread()
			for _, c := range thread[:len(thread)-1] {
				if at(gr.Center(c)) != (Cell{ThreadRune, Thread}) {
					t.Errorf("the thread's cell %d shows %q", c, at(gr.Center(c)).Rune)
				}
			}
			if !strings.ContainsRune(cv.String(), ThreadLinkRune) {
				t.Error("no thread between the cells")
			}
			for _, c := range g.WayOut()[1:] {
				if at(gr.Center(c)) != (Cell{SolutionRune, Solution}) {
					t.Errorf("the way out's cell %d shows %q", c, at(gr.Center(c)).Rune)
				}
			}
			tags := map[Tag]int{}
			for _, c := range cv.Cells {
				tags[c.Tag]++
			}
			if tags[Entrance] != 1 || tags[Exit] != 1 {
				t.Errorf("%d entrances and %d exits drawn:\n%s", tags[Entrance], tags[Exit], cv)
			}
			// In the torch's light, away from the doors, neither shows.
			g.SetView(Torch)
			g.radius = 1
			cv = render(t, g)
			for _, c := range cv.Cells {
				if c.Tag == Entrance || c.Tag == Exit {
					t.Errorf("a door drawn out of the torch's light:\n%s", cv)
				}
			}
			g.SetView(Full)
			g.ToggleSolution()
			g.ToggleThread()
			if s := render(t, g).String(); strings.ContainsAny(s, string([]rune{SolutionRune, ThreadRune, ThreadLinkRune})) {
				t.Errorf("the thread or the way out drawn when hidden:\n%s", s)
			}
		})
	}
}

// TestRasterLooks logs each view of a circle, a hexagon and a triangle,
// for a person to look at (go test -v -run RasterLooks).
func TestRasterLooks(t *testing.T) {
	for _, shape := range rasterShapes {
		for _, view := range []View{Full, Theseus, Torch} {
			g := newGame(t, shaped(t, shape, 5), Options{View: view})
			walkOut(t, g, 6, nil)
			t.Logf("%s, %s:\n%s", shape, view, render(t, g))
		}
	}
}

// BenchmarkRenderRaster renders the full view, every wall drawn, of
// mazes up to the largest the views draw.
func BenchmarkRenderRaster(b *testing.B) {
	for _, tc := range []struct {
		shape string
		n     int
	}{{"hexagon", 10}, {"hexagon", 50}, {"circle", 50}, {"hexagon", 280}} {
		m, err := maze.Make(maze.Recipe{Shape: tc.shape, Size: maze.Size{W: tc.n, H: tc.n}, Algorithm: "backtracker", Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s/%d/%d_cells", tc.shape, tc.n, m.Grid.Cells()), func(b *testing.B) {
			g, err := New(m, Options{})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := g.Render(); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for range b.N {
				if _, err := g.Render(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
