package draw

import (
	"image"
	"math"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/png"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// markerRecipes are mazes of every kind of grid whose goal is inside a
// cell (or, on a circle, the round middle), or whose doors are given.
func markerRecipes() []maze.Recipe {
	at := func(x, y int) *maze.At { return &maze.At{x, y} }
	return []maze.Recipe{
		{Shape: "rectangle", Size: maze.Size{W: 9, H: 7}, Openings: maze.Center},
		{Shape: "rectangle", Size: maze.Size{W: 9, H: 7}, Entrance: at(3, 3), Exit: at(6, 2)},
		{Shape: "circle", Size: maze.Size{W: 5, Inner: 2}, Openings: maze.Center},
		{Shape: "circle", Size: maze.Size{W: 5, Inner: 1}, Entrance: at(4, 7), Exit: at(1, 3)},
		{Shape: "hexagon", Size: maze.Size{W: 5}, Openings: maze.Center},
		{Shape: "hexagon", Size: maze.Size{W: 10, H: 8}, Openings: maze.Center},
		{Shape: "triangle", Size: maze.Size{W: 8}, Openings: maze.Center},
		{Shape: "triangle", Size: maze.Size{W: 15, H: 6}, Openings: maze.Center},
		{Shape: "rectangle", Size: maze.Size{W: 9, H: 9}, Mask: ringMask(), Openings: maze.Center},
		{Shape: "rectangle", Size: maze.Size{W: 12, H: 10}, Weave: 0.5, Algorithm: "kruskal", Openings: maze.Center},
		{Shape: "rectangle", Size: maze.Size{W: 12, H: 10}, Weave: 0.5, Algorithm: "kruskal", Entrance: at(0, 9), Exit: weaveCrossing()},
	}
}

// weaveCrossing returns the coordinates of the first crossing of the
// weave of markerRecipes.
func weaveCrossing() *maze.At {
	r := maze.Recipe{Shape: "rectangle", Size: maze.Size{W: 12, H: 10}, Weave: 0.5, Algorithm: "kruskal", Seed: 3}
	g, err := r.Grid()
	if err != nil {
		panic(err)
	}
	w := g.(*maze.Weave)
	for c := 0; c < w.W*w.H; c++ {
		if _, _, ok := w.Crossing(c); ok {
			a := w.Coords(c)
			return &a
		}
	}
	panic("a weave without a crossing")
}

// TestMarkersClearOfWalls draws mazes of every kind of grid with goals
// inside their cells, with pictures and with each kind of marker, and
// checks, on the walls rasterised alone, that no picture, no square and
// no label inside a cell covers a wall; that every picture keeps its
// proportions and is not lost in its cell; and that nothing leaves the
// maze's box.
func TestMarkersClearOfWalls(t *testing.T) {
	mouse := image.NewNRGBA(image.Rect(0, 0, 40, 30))
	cheese := image.NewNRGBA(image.Rect(0, 0, 20, 20))
	box := display.Box{X: 30, Y: 40, W: 300, H: 200}
	const scale = 4
	for _, r := range markerRecipes() {
		if r.Algorithm == "" {
			r.Algorithm = "backtracker"
		}
		r.Seed = 3
		m, err := maze.Make(r)
		if err != nil {
			t.Fatal(err)
		}
		name := r.Shape + " " + string(r.Openings)
		for _, mk := range []Markers{Squares, Labels, None} {
			for _, pics := range []bool{true, false} {
				st := Style{Wall: 3, Markers: mk, Start: "Start", Finish: "Finish", ExitColor: display.Color{R: 250, G: 150, B: 150}, EntranceColor: display.Color{R: 200}}
				room := RoomFor(mk, st.Start, st.Finish, nil)
				if pics {
					st.StartPicture, st.FinishPicture = mouse, cheese
					room = room.WithPictures()
				}
				gw, gh := m.Grid.Size()
				st.Cell = FitCell(box, gw, gh, room)
				d := Maze(m, box, st, m.Solution())
				// The walls alone: the maze drawn with no marker.
				bare := st
				bare.Markers, bare.StartPicture, bare.FinishPicture = None, nil, nil
				bare.cleared = clearing(m, st) // the room around a picture inside
				page := display.Page{Width: 360, Height: 280, Items: Maze(m, box, bare).Items}
				walls, err := png.Render(page, 72*scale)
				if err != nil {
					t.Fatal(err)
				}
				covers := func(b display.Box) bool {
					// The pixels wholly inside the box, but for half a
					// pixel of anti-aliasing all round.
					for y := int(math.Ceil(b.Y*scale + 0.5)); float64(y+1) <= (b.Y+b.H)*scale-0.5; y++ {
						for x := int(math.Ceil(b.X*scale + 0.5)); float64(x+1) <= (b.X+b.W)*scale-0.5; x++ {
							if c := walls.RGBAAt(x, y); c.R < 250 {
								return true
							}
						}
					}
					return false
				}
				clear := maze.Clearance(m.Grid)
				if _, weave := m.Grid.(*maze.Weave); weave {
					clear = 1 - 2*weaveInset
				}
				images := 0
				for _, it := range d.Items[len(page.Items):] {
					if b := inkBounds(it); b.X < box.X-1e-6 || b.Y < box.Y-1e-6 || b.X+b.W > box.X+box.W+1e-6 || b.Y+b.H > box.Y+box.H+1e-6 {
						t.Errorf("%s, %s markers: %T inks %+v, outside its box %+v", name, mk, it, b, box)
					}
					switch it := it.(type) {
					case *display.Image:
						images++
						pb := it.Picture.Bounds()
						if math.Abs(it.Box.W/it.Box.H-float64(pb.Dx())/float64(pb.Dy())) > 1e-6 {
							t.Errorf("%s: a %dx%d picture in a %gx%g box", name, pb.Dx(), pb.Dy(), it.Box.W, it.Box.H)
						}
						if math.Hypot(it.Box.W, it.Box.H) < 0.5*(clear*st.Cell-st.Wall) {
							t.Errorf("%s: a picture of %gx%g for a corridor of %g", name, it.Box.W, it.Box.H, clear*st.Cell-st.Wall)
						}
						if covers(it.Box) {
							t.Errorf("%s, %s markers: the picture at %+v covers a wall", name, mk, it.Box)
						}
					case *display.Fill:
						if covers(it.Box) {
							t.Errorf("%s: the square at %+v covers a wall", name, it.Box)
						}
					case *display.Text:
						asc, _ := typeface.Metrics(it.Font, it.Size)
						capH := asc * 0.7
						tb := display.Box{X: it.Left(), Y: it.Y - capH, W: typeface.Width(it.Font, it.Size, it.Text), H: capH}
						inside := false
						for _, door := range []maze.Door{m.Entrance, m.Exit} {
							inside = inside || door.IsInside() && it.Text == map[bool]string{true: "Start", false: "Finish"}[door == m.Entrance]
						}
						if inside && covers(tb) {
							t.Errorf("%s: the label %q at %+v covers a wall", name, it.Text, tb)
						}
					}
				}
				if pics && images != 2 {
					t.Errorf("%s, %s markers: %d pictures", name, mk, images)
				}
			}
		}
	}
}

// TestInsideMarks checks the marks of a start and a goal inside their
// cells: a square (smaller than a door's, to stay in its cell) and a
// label in the cell's middle, the solution running to that middle and
// no farther.
func TestInsideMarks(t *testing.T) {
	m, err := maze.Make(maze.Recipe{Shape: "rectangle", Size: maze.Size{W: 7, H: 5}, Algorithm: "backtracker", Seed: 2, Entrance: &maze.At{2, 2}, Exit: &maze.At{4, 2}})
	if err != nil {
		t.Fatal(err)
	}
	box := display.Box{W: 200, H: 160}
	st := Style{Cell: 20, Wall: 4, Markers: Squares, EntranceColor: display.Color{R: 1}, ExitColor: display.Color{R: 2}}
	d := Maze(m, box, st, m.Solution())
	centre := func(c int) display.Point {
		p := m.Grid.Center(c)
		return display.Point{X: d.Origin.X + p.X*st.Cell, Y: d.Origin.Y + p.Y*st.Cell}
	}
	var squares []*display.Fill
	var sol *display.Line
	for _, it := range d.Items {
		switch it := it.(type) {
		case *display.Fill:
			squares = append(squares, it)
		case *display.Line:
			if it.Color == st.SolutionColor && it != d.Items[0] {
				sol = it
			}
		}
	}
	if len(squares) != 2 || sol == nil {
		t.Fatalf("%d squares, solution %v", len(squares), sol)
	}
	for i, c := range []int{m.Entrance.Cell, m.Exit.Cell} {
		s := squares[i]
		want := centre(c)
		if math.Abs(s.Box.X+s.Box.W/2-want.X) > 1e-9 || math.Abs(s.Box.Y+s.Box.H/2-want.Y) > 1e-9 {
			t.Errorf("square %d at %+v, not on the cell's centre %v", i, s.Box, want)
		}
		if s.Box.W > st.Cell-st.Wall+1e-9 {
			t.Errorf("square %d is %g wide in a corridor of %g", i, s.Box.W, st.Cell-st.Wall)
		}
	}
	pts := sol.Paths[0].Points
	if pts[0] != centre(m.Entrance.Cell) || pts[len(pts)-1] != centre(m.Exit.Cell) {
		t.Errorf("the solution runs from %v to %v, not between the cells' centres", pts[0], pts[len(pts)-1])
	}
	st.Markers, st.Start, st.Finish = Labels, "Start", "Finish"
	d = Maze(m, box, st)
	var labels []*display.Text
	for _, it := range d.Items {
		if tx, ok := it.(*display.Text); ok {
			labels = append(labels, tx)
		}
	}
	if len(labels) != 2 || labels[0].Text != "Start" || labels[1].Text != "Finish" {
		t.Fatalf("labels %+v", labels)
	}
	for i, c := range []int{m.Entrance.Cell, m.Exit.Cell} {
		if l := labels[i]; l.Align != display.AlignCenter || math.Abs(l.X-centre(c).X) > 1e-9 || l.Size > LabelSize || l.Size < minLabel {
			t.Errorf("label %q at %g size %g, the cell's centre at %g", l.Text, l.X, l.Size, centre(c).X)
		}
	}
	// In cells too small for a word, a dot.
	st.Cell, st.Wall = 6, 1
	d = Maze(m, box, st)
	dots := 0
	for _, it := range d.Items {
		if l, ok := it.(*display.Line); ok && len(l.Paths) == 1 && len(l.Paths[0].Points) == 2 && l.Paths[0].Points[0] == l.Paths[0].Points[1] && l.Width > 0 {
			dots++
		}
		if _, ok := it.(*display.Text); ok {
			t.Errorf("a label in a 6pt cell")
		}
	}
	if dots != 2 {
		t.Errorf("%d dots, want 2", dots)
	}
}
