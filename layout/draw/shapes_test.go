package draw

import (
	"fmt"
	"image"
	"math"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/png"
	"mazebook/layout/theme"
	"mazebook/maze"
)

// photocopyDPI is the resolution the photocopy tests render at.
const photocopyDPI = 300

// photocopy renders the drawing d on a page of the given size and
// thresholds it at 50%, as a black-and-white photocopier does: true is
// ink.
func photocopy(t *testing.T, items []display.Item, w, h float64) [][]bool {
	t.Helper()
	img, err := png.Render(display.Page{Width: w, Height: h, Trim: display.Box{W: w, H: h}, Items: items}, photocopyDPI)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	ink := make([][]bool, b.Dy())
	for y := range ink {
		ink[y] = make([]bool, b.Dx())
		for x := range ink[y] {
			c := img.RGBAAt(b.Min.X+x, b.Min.Y+y)
			ink[y][x] = 299*int(c.R)+587*int(c.G)+114*int(c.B) < 128*1000
		}
	}
	return ink
}

// component returns the 8-connected ink pixels around from, stopping
// (ok false) past limit pixels: the mark has merged with a wall.
func component(ink [][]bool, from image.Point, limit int) (pts []image.Point, ok bool) {
	if from.Y < 0 || from.Y >= len(ink) || from.X < 0 || from.X >= len(ink[0]) || !ink[from.Y][from.X] {
		return nil, false
	}
	seen := map[image.Point]bool{from: true}
	stack := []image.Point{from}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		pts = append(pts, p)
		if len(pts) > limit {
			return pts, false
		}
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				q := image.Point{X: p.X + dx, Y: p.Y + dy}
				if q.Y >= 0 && q.Y < len(ink) && q.X >= 0 && q.X < len(ink[0]) && ink[q.Y][q.X] && !seen[q] {
					seen[q] = true
					stack = append(stack, q)
				}
			}
		}
	}
	return pts, true
}

// silhouette returns a component's pixels with its holes filled, in a box
// of its own.
func silhouette(pts []image.Point) (mask [][]bool, box image.Rectangle) {
	box = image.Rectangle{Min: pts[0], Max: pts[0].Add(image.Pt(1, 1))}
	for _, p := range pts {
		box = box.Union(image.Rectangle{Min: p, Max: p.Add(image.Pt(1, 1))})
	}
	w, h := box.Dx()+2, box.Dy()+2
	on := make([][]bool, h)
	for y := range on {
		on[y] = make([]bool, w)
	}
	for _, p := range pts {
		on[p.Y-box.Min.Y+1][p.X-box.Min.X+1] = true
	}
	// Paper reached from outside the box is outside; the rest is inside.
	out := make([][]bool, h)
	for y := range out {
		out[y] = make([]bool, w)
	}
	stack := []image.Point{{}}
	out[0][0] = true
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			q := p.Add(d)
			if q.X >= 0 && q.X < w && q.Y >= 0 && q.Y < h && !on[q.Y][q.X] && !out[q.Y][q.X] {
				out[q.Y][q.X] = true
				stack = append(stack, q)
			}
		}
	}
	mask = make([][]bool, h-2)
	for y := range mask {
		mask[y] = make([]bool, w-2)
		for x := range mask[y] {
			mask[y][x] = !out[y+1][x+1]
		}
	}
	return mask, box
}

// diameter returns the longest distance across the pixels, in pixels:
// the largest of their widths measured every 5 degrees.
func diameter(pts []image.Point) float64 {
	most := 0.0
	for deg := 0; deg < 180; deg += 5 {
		a := float64(deg) * math.Pi / 180
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, p := range pts {
			v := float64(p.X)*math.Cos(a) + float64(p.Y)*math.Sin(a)
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		most = math.Max(most, hi-lo+1)
	}
	return most
}

// overlap returns how much two silhouettes agree when each is stretched
// over the same 64 by 64 square: the share of the square's pixels inked in
// both of those inked in either. Two squares agree fully; an arrow and a
// flag far less.
func overlap(a, b [][]bool) float64 {
	const n = 64
	sample := func(m [][]bool, x, y int) bool {
		return m[y*len(m)/n][x*len(m[0])/n]
	}
	both, either := 0, 0
	for y := range n {
		for x := range n {
			p, q := sample(a, x, y), sample(b, x, y)
			if p && q {
				both++
			}
			if p || q {
				either++
			}
		}
	}
	return float64(both) / float64(either)
}

// TestDefaultMarksSurviveAPhotocopy draws mazes of every kind of grid, in
// every ink, with the book's default markers, at cell sizes from a hard
// maze's 2mm to a young child's 12mm, photocopies them (a 50% threshold
// at 300dpi) and finds each door's mark on the copy: still there (pale
// colours do not vanish), at least 5mm across, clear of every wall (a
// component of its own), and the two told apart by shape, not colour.
func TestDefaultMarksSurviveAPhotocopy(t *testing.T) {
	px := func(pt float64) float64 { return pt * photocopyDPI / 72 }
	minSide := px(5 * 72 / 25.4)
	for _, r := range markRecipes {
		m := makeMark(t, r)
		if m.Entrance.IsInside() || m.Exit.IsInside() {
			continue
		}
		for _, cellMM := range []float64{2, 5, 12} {
			for _, ink := range []Ink{InkColor, InkGrayscale, InkBlack} {
				name := fmt.Sprintf("%s %v %gmm %s", r.Shape, r.Size, cellMM, ink)
				st := Style{Wall: 1.5, Markers: Shapes, Ink: ink, WallColor: display.Black}
				_, st.SolutionColor, st.EntranceColor, st.ExitColor = InkDefaults(ink)
				st.Cell = cellMM * 72 / 25.4
				st.Wall = math.Min(1.5, st.Cell/5)
				gw, gh := m.Grid.Size()
				w, h := PageSize(gw, gh, st, 10)
				d := Maze(m, display.Box{X: 10, Y: 10, W: w - 20, H: h - 20}, st)
				// The marks are the last items: find each by a point of its
				// outline (its polygon's first corner, the arrow's tip and
				// the flag's foot).
				var polys [][]display.Point
				for _, it := range d.Items {
					if s, ok := it.(*display.Shape); ok {
						polys = append(polys, s.Polygons[0])
					}
				}
				for _, it := range d.Items {
					if f, ok := it.(*display.Fill); ok { // squares
						polys = append(polys, []display.Point{{X: f.Box.X + f.Box.W/2, Y: f.Box.Y + f.Box.H/2}})
					}
				}
				if len(polys) < 2 {
					t.Fatalf("%s: %d marks drawn, want 2", name, len(polys))
				}
				copy := photocopy(t, d.Items, w, h)
				limit := int(minSide * minSide * 4)
				var masks [][][]bool
				for i, poly := range polys[len(polys)-2:] {
					door := m.Entrance // an arrow's seven corners
					if len(poly) != 7 {
						door = m.Exit
					}
					_, inMiddle := middle(m, door) // as large as the middle allows
					p := poly[0]
					pts, ok := component(copy, image.Pt(int(px(p.X)), int(px(p.Y))), limit)
					if pts == nil {
						t.Errorf("%s: mark %d is gone on the photocopy", name, i)
						continue
					}
					if !ok {
						t.Errorf("%s: mark %d touches a wall on the photocopy", name, i)
						continue
					}
					mask, _ := silhouette(pts)
					if side := diameter(pts); side < minSide && !inMiddle {
						t.Errorf("%s: mark %d is %.1fmm across on the photocopy, want 5mm at least", name, i, side/photocopyDPI*25.4)
					}
					masks = append(masks, mask)
				}
				if len(masks) == 2 {
					if o := overlap(masks[0], masks[1]); o > 0.8 {
						t.Errorf("%s: the entrance and exit marks are the same shape on the photocopy (%.0f%% alike)", name, 100*o)
					}
				}
			}
		}
	}
}

// TestSolutionStandsOut draws the answer to a maze at densities from a
// young child's 10mm cells to an expert's 2.5mm, in every ink, renders it
// and looks at the middle of every cell: on the way through the page is
// marked (red, or a mid grey line without colour), elsewhere it is paper;
// and after a 50% threshold (a photocopy) the way is still marked in
// every cell, told from the walls by standing in the middle of the
// corridors, paper between it and them.
func TestSolutionStandsOut(t *testing.T) {
	for _, cellMM := range []float64{10, 5, 2.5} {
		for _, ink := range []Ink{InkColor, InkGrayscale, InkBlack} {
			r := maze.Recipe{Shape: "rectangle", Size: maze.Size{W: 24, H: 30}, Algorithm: "backtracker", Seed: 3}
			m, err := maze.Make(r)
			if err != nil {
				t.Fatal(err)
			}
			st := Style{Markers: Shapes, Ink: ink, WallColor: display.Black, SolutionColor: display.Color{R: 214, G: 40, B: 40}, EntranceColor: display.Black, ExitColor: display.Black, MinLine: 0.75}
			switch ink {
			case InkGrayscale:
				st.SolutionColor = GraySolution
			case InkBlack:
				st.SolutionColor = GraySolution
			}
			st.Cell = cellMM * 72 / 25.4
			st.Wall = math.Max(0.75, st.Cell/8)
			w, h := PageSize(24, 30, st, 10)
			d := Maze(m, display.Box{X: 10, Y: 10, W: w - 20, H: h - 20}, st, m.Solution())
			img, err := png.Render(display.Page{Width: w, Height: h, Trim: display.Box{W: w, H: h}, Items: d.Items}, photocopyDPI)
			if err != nil {
				t.Fatal(err)
			}
			on := map[int]bool{}
			for _, c := range m.Solution() {
				on[c] = true
			}
			name := fmt.Sprintf("%gmm %s", cellMM, ink)
			luma := func(c int) int {
				p := m.Grid.Center(c)
				px := img.RGBAAt(int((d.Origin.X+p.X*d.Cell)*photocopyDPI/72), int((d.Origin.Y+p.Y*d.Cell)*photocopyDPI/72))
				return (299*int(px.R) + 587*int(px.G) + 114*int(px.B)) / 1000
			}
			// Without colour, the way through survives a photocopy as a
			// line in the corridors' middle, not as one more wall: across
			// the passage of every step, paper lies between the line and
			// the walls on both sides of it.
			corridor := d.Cell - st.Wall
			line := math.Min(math.Max(math.Max(corridor/3, st.MinLine), float64(HeavierLine*st.Wall)), float64(corridor*SolutionShare))
			off := (corridor/2 + line/2) / 2 // the middle of the paper between them
			sol := m.Solution()
			for k := 1; k < len(sol) && ink != InkColor; k++ {
				e := maze.StepEdge(m.Grid, sol[k-1], sol[k])
				a, b := m.Grid.Center(sol[k-1]), m.Grid.Center(sol[k])
				dx, dy := b.X-a.X, b.Y-a.Y
				n := math.Hypot(dx, dy)
				mid := e.Mid()
				for _, side := range []float64{-1, 1} {
					x := d.Origin.X + mid.X*d.Cell + side*off*(-dy/n)
					y := d.Origin.Y + mid.Y*d.Cell + side*off*(dx/n)
					px := img.RGBAAt(int(x*photocopyDPI/72), int(y*photocopyDPI/72))
					if 299*int(px.R)+587*int(px.G)+114*int(px.B) < 128*1000 {
						t.Errorf("%s: the way from cell %d to %d runs into a wall on a photocopy (no paper %.1fpt beside it)", name, sol[k-1], sol[k], off)
						k = len(sol)
						break
					}
				}
			}
			for c := 0; c < m.Grid.Cells(); c++ {
				switch y := luma(c); {
				case on[c] && y > 230:
					t.Errorf("%s: the way through is not marked in cell %d (luma %d)", name, c, y)
				case on[c] && y >= 128:
					t.Errorf("%s: the way through in cell %d is lost on a photocopy (luma %d)", name, c, y)
				case !on[c] && y < 240:
					t.Errorf("%s: cell %d, off the way, is inked (luma %d)", name, c, y)
				}
			}
		}
	}
}

// TestWeaveCrossingsAreClean renders weaves at several cell sizes and
// looks at every crossing: its four corners are paper (no pier blobs);
// the bridge's two walls run unbroken across it; and the walls of the
// passage beneath come in from the square's edges and stop short of the
// bridge with paper between, a clean gap.
func TestWeaveCrossingsAreClean(t *testing.T) {
	for _, cellMM := range []float64{4, 8, 15} {
		r := maze.Recipe{Shape: "rectangle", Size: maze.Size{W: 12, H: 10}, Weave: 0.6, Algorithm: "kruskal", Seed: 4}
		m, err := maze.Make(r)
		if err != nil {
			t.Fatal(err)
		}
		w := m.Grid.(*maze.Weave)
		st := Style{Markers: None, WallColor: display.Black, Cell: cellMM * 72 / 25.4}
		st.Wall = math.Max(0.75, st.Cell/10)
		pw, ph := PageSize(12, 10, st, 10)
		d := Maze(m, display.Box{X: 10, Y: 10, W: pw - 20, H: ph - 20}, st)
		img, err := png.Render(display.Page{Width: pw, Height: ph, Trim: display.Box{W: pw, H: ph}, Items: d.Items}, photocopyDPI)
		if err != nil {
			t.Fatal(err)
		}
		// ink reports whether the page is dark at (x, y) of square c, in
		// its own units, turned so that its bridge runs north-south.
		ink := func(c int, overNS bool, x, y float64) bool {
			if !overNS {
				x, y = y, x
			}
			cx, cy := w.XY(c)
			px := img.RGBAAt(int((d.Origin.X+(float64(cx)+x)*d.Cell)*photocopyDPI/72), int((d.Origin.Y+(float64(cy)+y)*d.Cell)*photocopyDPI/72))
			return 299*int(px.R)+587*int(px.G)+114*int(px.B) < 128*1000
		}
		crossings := 0
		const lo, hi = weaveInset, 1 - weaveInset
		for c := 0; c < w.W*w.H; c++ {
			_, overNS, crossing := w.Crossing(c)
			if !crossing {
				continue
			}
			crossings++
			name := fmt.Sprintf("%gmm crossing at square %d", cellMM, c)
			for _, p := range [][2]float64{{lo / 2, lo / 2}, {1 - lo/2, lo / 2}, {lo / 2, 1 - lo/2}, {1 - lo/2, 1 - lo/2}} {
				if ink(c, overNS, p[0], p[1]) {
					t.Errorf("%s: its corner at %v is inked, a blob", name, p)
				}
			}
			for _, y := range []float64{0.05, lo, 0.5, hi, 0.95} {
				if !ink(c, overNS, lo, y) || !ink(c, overNS, hi, y) {
					t.Errorf("%s: the bridge's walls are broken at %g", name, y)
				}
			}
			for _, v := range []float64{lo, hi} {
				if !ink(c, overNS, 0.02, v) || !ink(c, overNS, 0.98, v) {
					t.Errorf("%s: the passage beneath has no walls at its edges", name)
				}
				// The gap's middle: between the under wall's end and the
				// bridge wall's edge.
				gap := (lo - weaveGap(st.Wall, st.Cell) + lo - st.Wall/2/st.Cell) / 2
				if ink(c, overNS, gap, v) || ink(c, overNS, 1-gap, v) {
					t.Errorf("%s: no gap between the passage beneath and the bridge", name)
				}
			}
		}
		if crossings == 0 {
			t.Fatalf("%gmm: the weave has no crossing", cellMM)
		}
	}
}

// TestThemePicturesClearOfWalls draws mazes of every kind of grid with
// every theme's pictures at their doors, renders the walls alone and the
// marks alone, and checks that no mark's ink comes within a pixel of a
// wall's at 300dpi, and that a picture stands at each door.
func TestThemePicturesClearOfWalls(t *testing.T) {
	for _, pair := range theme.Pairs() {
		for _, r := range markRecipes {
			m := makeMark(t, r)
			st := Style{Cell: 6 * 72 / 25.4, Wall: 1.5, Markers: Shapes, WallColor: display.Black, EntranceColor: display.Black, ExitColor: display.Black, StartArt: Art(pair.Start), FinishArt: Art(pair.Goal)}
			gw, gh := m.Grid.Size()
			w, h := PageSize(gw, gh, st, 10)
			d := Maze(m, display.Box{X: 10, Y: 10, W: w - 20, H: h - 20}, st)
			nWalls := 1
			if _, ok := m.Grid.(*maze.Weave); ok {
				nWalls = 2
			}
			walls := photocopy(t, d.Items[:nWalls], w, h)
			marks := photocopy(t, d.Items[nWalls:], w, h)
			name := fmt.Sprintf("%s, %s %v", pair.Name, r.Shape, r.Size)
			ink := 0
			for y := range marks {
				for x := range marks[y] {
					if !marks[y][x] {
						continue
					}
					ink++
					for dy := -1; dy <= 1; dy++ {
						for dx := -1; dx <= 1; dx++ {
							if yy, xx := y+dy, x+dx; yy >= 0 && yy < len(walls) && xx >= 0 && xx < len(walls[0]) && walls[yy][xx] {
								t.Fatalf("%s: a mark touches a wall at (%d, %d)", name, x, y)
							}
						}
					}
				}
			}
			if ink == 0 {
				t.Errorf("%s: no picture at the doors", name)
			}
		}
	}
}
