package layout_test

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mazebook/internal/tooltest"
	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/render"
	"mazebook/layout/spec"
	"mazebook/maze"
)

// The tests in this file hold the pages of books for young children
// (see spec.Section.Young) to a picture book's type and marks: a face
// for beginning readers, a large headline, the instructions said once,
// whole stars, numbers a child reads, a start arrow as wide as half its
// doorway, pictures of the themes' size and round walls.

// exampleBook builds an example book ("default" for the default book).
func exampleBook(t *testing.T, name string) (*spec.Book, *layout.Book) {
	t.Helper()
	b := readFinishBook(t, name)
	return b.Plan.Spec, b
}

// TestYoungBooksSetInAndika checks that a book for young children is
// set in Andika (its headings in Andika Bold), in its display list and
// in the fonts its PDF embeds (pdffonts), and that a book for older
// readers is not; a spec's own fonts: still win.
func TestYoungBooksSetInAndika(t *testing.T) {
	for _, tt := range []struct {
		name   string
		src    string
		andika bool
	}{
		{"young", "title: Small\ntitle_page: true\ntheme: bear\nsections:\n  - {title: First, instructions: Help the bear, ages: 4-6, count: 2}\n", true},
		{"young russian", "language: ru\ntitle: Лабиринты\ntitle_page: true\nsections:\n  - {ages: 4-6, count: 2}\n", true},
		{"young, the spec's font", "fonts: {text: Go, headings: Go Bold}\nsections:\n  - {ages: 4-6, count: 2}\n", false},
		{"older", "title: Big\ntitle_page: true\nsections:\n  - {title: First, instructions: Find the way, ages: 8-10, count: 2}\n", false},
		{"adult", "title: Big\nsections:\n  - {difficulty: hard, count: 2}\n", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sp, err := spec.Parse("book.yaml", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			b, err := layout.Build(sp, layout.Options{})
			if err != nil {
				t.Fatal(err)
			}
			texts := 0
			for i, p := range b.Pages {
				for _, tx := range pageTexts(p) {
					if strings.Trim(tx.Text, "0123456789") == "" {
						continue // a page's number: a young page's badge sets it in Go Bold
					}
					texts++
					if got := strings.HasPrefix(tx.Font.Name(), "Andika"); got != tt.andika {
						t.Errorf("page %d: %q is set in %s", i+1, tx.Text, tx.Font.Name())
					}
				}
			}
			if texts == 0 {
				t.Fatal("no text")
			}
			fonts := tooltest.Require(t, "pdffonts")
			data, _, err := render.PDF(b, render.Metadata(sp, plan.Student, "test"), nil)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "book.pdf")
			if err := os.WriteFile(file, data, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(fonts, file).CombinedOutput()
			if err != nil {
				t.Fatalf("pdffonts: %v\n%s", err, out)
			}
			if got := strings.Contains(string(out), "+Andika-"); got != tt.andika {
				t.Errorf("the PDF embeds Andika: %v, want %v\n%s", got, tt.andika, out)
			}
			if tt.andika && !strings.Contains(string(out), "+Andika-Bold") {
				t.Errorf("the PDF does not embed Andika Bold\n%s", out)
			}
		})
	}
}

// youngBooks are books with young sections: the story book, and themed
// books of one maze a page and of four.
var youngBooks = map[string]string{
	"story-book": "",
	"alone":      "theme: random\nsections:\n  - {count: 4, ages: 4-6}\n",
	"6x9":        "theme: bear\npage: {size: 6x9in}\nsections:\n  - {count: 3, ages: 3-5}\n",
	"shared":     "theme: random\npage: {size: letter}\nsections:\n  - {count: 8, ages: 4-6, per_page: 4}\n",
}

// youngBook builds one of youngBooks.
func youngBook(t *testing.T, name string) *layout.Book {
	t.Helper()
	if youngBooks[name] == "" {
		_, b := exampleBook(t, name+".yaml")
		return b
	}
	return bookOf(t, youngBooks[name])
}

// TestYoungHeadlines checks a young child's themed pages: the story of
// a maze alone on its page at 28 to 36pt, the maze's number under it at
// 12pt or more (never 9pt), and whole stars only.
func TestYoungHeadlines(t *testing.T) {
	for name := range youngBooks {
		b := youngBook(t, name)
		alone := 0
		for i, mp := range b.Plan.Mazes {
			if !b.Plan.Spec.Sections[mp.Section].Young() {
				continue
			}
			at := b.Placed[i]
			pp := b.Plan.Pages[at.Page]
			story := b.Plan.Headline(i)
			var head *display.Text
			number := 0.0
			for _, tx := range pageTexts(b.Pages[at.Page]) {
				if head == nil && len(tx.Text) > 3 && strings.Contains(story, tx.Text) {
					head = tx
				}
				if tx.Text == b.Plan.Labels.Maze+" "+itoa(mp.Number) || strings.HasPrefix(tx.Text, b.Plan.Labels.Maze+" "+itoa(mp.Number)+" ") {
					number = tx.Size
				}
			}
			if head == nil {
				t.Fatalf("%s: maze %d's page does not tell %q", name, i+1, story)
			}
			if pp.Per == 1 {
				alone++
				if head.Size < 28 || head.Size > 36 {
					t.Errorf("%s: maze %d's story at %.1fpt, want 28 to 36pt", name, i+1, head.Size)
				}
			}
			if number < 12 {
				t.Errorf("%s: maze %d's number at %.1fpt, want 12pt or more", name, i+1, number)
			}
			for _, it := range b.Pages[at.Page].Items {
				sh, ok := it.(*display.Shape)
				if !ok || sh.Color != display.Black {
					continue
				}
				for _, poly := range sh.Polygons {
					if len(poly) == 6 && insideBox(polygonBox(poly), at.Caption) {
						t.Errorf("%s: maze %d shows half a star", name, i+1)
					}
				}
			}
		}
		if name != "shared" && alone == 0 {
			t.Errorf("%s: no maze alone on its page", name)
		}
	}
}

// TestYoungNumbersWithoutATheme checks that a young child's book
// without a theme, whose pages have no story, still sets each maze's
// number at a size a child reads (12pt or more), one or two a page, and
// that an older reader's stays the book's caption size.
func TestYoungNumbersWithoutATheme(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		least     float64
		most      float64
	}{
		{"alone", "title: Small\nsections:\n  - {count: 3, ages: 4-6}\n", 12, 99},
		{"two a page", "title: Small\nsections:\n  - {count: 4, ages: 4-6, per_page: 2}\n", 12, 99},
		{"older", "title: Big\nsections:\n  - {count: 3, difficulty: 6}\n", 0, 11},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := bookOf(t, tt.src)
			for i, mp := range b.Plan.Mazes {
				at := b.Placed[i]
				size := 0.0
				for _, tx := range pageTexts(b.Pages[at.Page]) {
					if strings.HasPrefix(tx.Text, b.Plan.Labels.Maze+" "+itoa(mp.Number)) {
						size = tx.Size
					}
				}
				if size == 0 {
					t.Fatalf("maze %d's page does not number it", mp.Number)
				}
				if size < tt.least || size > tt.most {
					t.Errorf("maze %d's number at %.1fpt, want %.0f to %.0fpt", mp.Number, size, tt.least, tt.most)
				}
			}
		})
	}
}

// TestInstructionsOncePerSection checks that a section's instructions
// are printed once, not as a running head on every page: on its section
// page when it has one, else on its first page.
func TestInstructionsOncePerSection(t *testing.T) {
	for _, name := range []string{"story-book.yaml", "kdp-6x9.yaml", "mouse-and-cheese.yaml", "activity-book.yaml"} {
		sp, b := exampleBook(t, name)
		said := map[int]int{}
		for i, p := range b.Pages {
			pp := b.Plan.Pages[i]
			if pp.Kind != plan.PuzzlePage && pp.Kind != plan.SectionPage {
				continue
			}
			in := sp.Sections[pp.Section].Instructions
			for _, tx := range pageTexts(p) {
				if in != "" && strings.Contains(in, tx.Text) && len(tx.Text) > 8 {
					said[pp.Section]++
					break
				}
			}
		}
		for si, sec := range sp.Sections {
			if sec.Instructions != "" && sec.Count > 0 && said[si] != 1 {
				t.Errorf("%s: section %d's instructions are said on %d pages, want 1", name, si+1, said[si])
			}
		}
	}
}

// TestCaptionsHaveNoMiddleDots checks every example book's texts: a
// caption's parts are joined as a book joins them, never by a middle dot
// that reads as a speck.
func TestCaptionsHaveNoMiddleDots(t *testing.T) {
	for _, name := range []string{"default", "kdp-6x9.yaml", "story-book.yaml", "mouse-and-cheese.yaml"} {
		_, b := exampleBook(t, name)
		for i, p := range b.Pages {
			for _, tx := range pageTexts(p) {
				if strings.Contains(tx.Text, "·") {
					t.Errorf("%s page %d: %q", name, i+1, tx.Text)
				}
			}
		}
	}
}

// TestStartArrowHalfTheDoorway checks the arrow at every puzzle's
// entrance in the story book and the default book: at least half as wide
// as its doorway (the opening between the walls' faces).
func TestStartArrowHalfTheDoorway(t *testing.T) {
	for _, name := range []string{"story-book.yaml", "default"} {
		_, b := exampleBook(t, name)
		arrows := 0
		for i, made := range b.Mazes {
			at, mp := b.Placed[i], b.Plan.Mazes[i]
			m := made.Maze
			if m.Entrance.IsInside() {
				continue
			}
			e := m.Grid.Side(m.Entrance.Cell, m.Entrance.Side)
			door := math.Hypot(e.B.X-e.A.X, e.B.Y-e.A.Y)*at.Cell - mp.Wall
			for _, mk := range at.Marks {
				if mk.Kind != draw.ArrowMark {
					continue
				}
				arrows++
				wide := mk.Box.H // across a door in a side wall
				if math.Abs(e.A.X-e.B.X) > math.Abs(e.A.Y-e.B.Y) {
					wide = mk.Box.W // in the top or bottom wall
				}
				if wide < 0.5*door-1e-6 {
					t.Errorf("%s maze %d: the arrow is %.1fmm wide beside a %.1fmm doorway", name, i+1, wide/72*25.4, door/72*25.4)
				}
			}
		}
		if arrows == 0 {
			t.Errorf("%s: no arrow", name)
		}
	}
}

// TestOwnPicturesHoldTheFloor checks the mouse and the cheese of the
// mouse-and-cheese book, a spec's own pictures: each at least
// draw.PictureFloor (12mm) on its longer side, like the themes' pictures,
// and no wall drawn through a goal in the middle of its maze.
func TestOwnPicturesHoldTheFloor(t *testing.T) {
	_, b := exampleBook(t, "mouse-and-cheese.yaml")
	pictures := 0
	for i, p := range b.Pages {
		if b.Plan.Pages[i].Kind != plan.PuzzlePage {
			continue
		}
		var walls [][2]display.Point
		for _, it := range p.Items {
			if l, ok := it.(*display.Line); ok && l.Color == b.Plan.Spec.Style.WallColor && l.Width >= 1 {
				for _, path := range l.Paths {
					pts := path.Flatten(0.1)
					for k := 1; k < len(pts); k++ {
						walls = append(walls, [2]display.Point{pts[k-1], pts[k]})
					}
				}
			}
		}
		for _, it := range p.Items {
			im, ok := it.(*display.Image)
			if !ok {
				continue
			}
			pictures++
			if side := math.Max(im.Box.W, im.Box.H); side < draw.PictureFloor-1e-6 {
				t.Errorf("page %d: a picture %.1fmm across at %.0f,%.0f, want %.0fmm at least", i+1, side/72*25.4, im.Box.X, im.Box.Y, draw.PictureFloor/72*25.4)
			}
			// A wall through the picture: a segment with a point well
			// inside its box.
			in := display.Box{X: im.Box.X + 2, Y: im.Box.Y + 2, W: im.Box.W - 4, H: im.Box.H - 4}
			for _, s := range walls {
				for f := 0.0; f <= 1; f += 0.05 {
					q := display.Point{X: s[0].X + f*(s[1].X-s[0].X), Y: s[0].Y + f*(s[1].Y-s[0].Y)}
					if q.X > in.X && q.X < in.X+in.W && q.Y > in.Y && q.Y < in.Y+in.H {
						t.Fatalf("page %d: a wall runs through the picture at %.0f,%.0f", i+1, q.X, q.Y)
					}
				}
			}
		}
	}
	if pictures < 2*len(b.Plan.Mazes) {
		t.Errorf("%d pictures for %d mazes", pictures, len(b.Plan.Mazes))
	}
}

// TestYoungWallsAreRound checks that a young section's walls have round
// ends and corners and an older one's do not, and that the corridors of
// both stay open (the drawn walls keep clear of every passage).
func TestYoungWallsAreRound(t *testing.T) {
	b := bookOf(t, "sections:\n  - {ages: 4-6, count: 1}\n  - {ages: 9-11, count: 1}\n")
	for i := range b.Plan.Mazes {
		young := b.Plan.Spec.Sections[b.Plan.Mazes[i].Section].Young()
		at := b.Placed[i]
		var walls *display.Line
		for _, it := range b.Pages[at.Page].Items {
			if l, ok := it.(*display.Line); ok && l.Width == b.Plan.Mazes[i].Wall && walls == nil {
				walls = l
			}
		}
		if walls == nil {
			t.Fatalf("maze %d: no walls", i+1)
		}
		round := walls.Cap == display.RoundCap && walls.Join == display.RoundJoin
		if round != young {
			t.Errorf("maze %d (young %v): walls with cap %v and join %v", i+1, young, walls.Cap, walls.Join)
		}
		if _, ok := b.Mazes[i].Maze.Grid.(maze.Rect); !ok {
			t.Fatalf("maze %d is not a rectangle", i+1)
		}
	}
}

// doorBooks are young books whose doors are marked by an arrow and a
// flag (no theme), in colour and in black ink, alone and two a page,
// and in black and grey ink with the squares markers (which those inks
// draw as an arrow and a flag).
var doorBooks = map[string]string{
	"squares black": "seed: 4\nstyle: {color: black, markers: squares}\nsections:\n  - {ages: 4-6, count: 2}\n",
	"squares grey":  "seed: 6\nstyle: {color: grayscale, markers: squares}\nsections:\n  - {ages: 5-7, count: 4, per_page: 2}\n",
	"plain":         "seed: 3\nsections:\n  - {ages: 4-6, count: 3}\n",
	"plain black":   "seed: 3\nstyle: {color: black}\nsections:\n  - {ages: 3-5, count: 4, per_page: 2}\n",
	"plain letter":  "seed: 5\npage: {size: letter}\nsections:\n  - {ages: 5-7, count: 6, per_page: 2}\n",
}

// TestYoungGoalsHoldTheFloor checks the marks at the doors of young
// books' puzzles (doorBooks, and youngBooks, whose goals are a theme's
// pictures), measured: every flag at an exit is draw.FlagFloor (12mm)
// tall or more, as a theme's goal picture is, and every start arrow at
// least half as wide as its doorway; an older book's flag stays
// draw.MarkSide.
func TestYoungGoalsHoldTheFloor(t *testing.T) {
	var names []string
	for name := range doorBooks {
		names = append(names, name)
	}
	for name := range youngBooks {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		var b *layout.Book
		if src, ok := doorBooks[name]; ok {
			b = bookOf(t, src)
		} else {
			b = youngBook(t, name)
		}
		goals, arrows := 0, 0
		for i, made := range b.Mazes {
			mp := b.Plan.Mazes[i]
			if !b.Plan.Spec.Sections[mp.Section].Young() {
				continue
			}
			at, m := b.Placed[i], made.Maze
			for _, mk := range at.Marks {
				switch {
				case mk.Kind == draw.FlagMark:
					goals++
					if side := math.Max(mk.Box.W, mk.Box.H); side < draw.FlagFloor-1e-6 {
						t.Errorf("%s maze %d: the flag is %.1fmm, want %.0fmm at least", name, i+1, side/72*25.4, draw.FlagFloor/72*25.4)
					}
				case mk.Kind == draw.PictureMark && mk.Exit:
					goals++
					if side := math.Max(mk.Box.W, mk.Box.H); side < draw.ArtMin-1e-6 {
						t.Errorf("%s maze %d: the goal's picture is %.1fmm, want %.0fmm at least", name, i+1, side/72*25.4, draw.ArtMin/72*25.4)
					}
				case mk.Kind == draw.ArrowMark && !m.Entrance.IsInside():
					arrows++
					e := m.Grid.Side(m.Entrance.Cell, m.Entrance.Side)
					door := math.Hypot(e.B.X-e.A.X, e.B.Y-e.A.Y)*at.Cell - mp.Wall
					wide := mk.Box.H // across a door in a side wall
					if math.Abs(e.A.X-e.B.X) > math.Abs(e.A.Y-e.B.Y) {
						wide = mk.Box.W // in the top or bottom wall
					}
					if wide < 0.5*door-1e-6 {
						t.Errorf("%s maze %d: the arrow is %.1fmm wide beside a %.1fmm doorway", name, i+1, wide/72*25.4, door/72*25.4)
					}
				}
			}
		}
		if goals == 0 || arrows == 0 {
			t.Errorf("%s: %d goals and %d arrows measured", name, goals, arrows)
		}
	}
	b := bookOf(t, "seed: 3\nsections:\n  - {ages: 9-11, count: 2}\n")
	for i := range b.Mazes {
		for _, mk := range b.Placed[i].Marks {
			if mk.Kind == draw.FlagMark && math.Max(mk.Box.W, mk.Box.H) > draw.MarkSide+1e-6 {
				t.Errorf("older maze %d: the flag is %.1fmm", i+1, math.Max(mk.Box.W, mk.Box.H)/72*25.4)
			}
		}
	}
}

// TestYoungPagesHaveTickBoxes checks the puzzle pages of young books and
// of older ones: each young child's maze has one tick box, a square of
// layout.TickLeast to layout.TickMost drawn in black on its page, within
// the content and clear of every grid, door mark and text on the page;
// an older child's or an adult's maze has none.
func TestYoungPagesHaveTickBoxes(t *testing.T) {
	books := map[string]*layout.Book{}
	for name := range youngBooks {
		books[name] = youngBook(t, name)
	}
	for name, src := range doorBooks {
		books[name] = bookOf(t, src)
	}
	books["older"] = bookOf(t, "theme: kitten\nsections:\n  - {count: 2, ages: 8-10}\n")
	books["adult"] = bookOf(t, "sections:\n  - {count: 2, difficulty: hard}\n")
	for name, b := range books {
		young := 0
		for i := range b.Plan.Mazes {
			at := b.Placed[i]
			box := at.Tick
			if !b.Plan.Spec.Sections[b.Plan.Mazes[i].Section].Young() {
				if box != (display.Box{}) {
					t.Errorf("%s maze %d, for older readers, has a tick box", name, i+1)
				}
				continue
			}
			young++
			if box.W < layout.TickLeast-1e-6 || box.W > layout.TickMost+1e-6 || math.Abs(box.W-box.H) > 1e-6 {
				t.Errorf("%s maze %d: tick box %v", name, i+1, box)
				continue
			}
			pp := b.Plan.Pages[at.Page]
			c := pp.Frame.Content
			if box.X < c.X || box.Y < c.Y || box.X+box.W > c.X+c.W || box.Y+box.H > c.Y+c.H {
				t.Errorf("%s maze %d: the tick box %v is outside the content %v", name, i+1, box, c)
			}
			drawn := false
			for _, it := range b.Pages[at.Page].Items {
				if l, ok := it.(*display.Line); ok && l.Color == display.Black {
					ib := display.InkBounds(l)
					drawn = drawn || math.Abs(ib.X-box.X)+math.Abs(ib.Y-box.Y)+math.Abs(ib.W-box.W)+math.Abs(ib.H-box.H) < 0.05
				}
			}
			if !drawn {
				t.Errorf("%s maze %d: no black outline inks the tick box %v", name, i+1, box)
			}
			// A dotted tick to trace inside the box: small dots, apart
			// enough that they read as a guide, not a tick made.
			guide := 0
			for _, it := range b.Pages[at.Page].Items {
				l, ok := it.(*display.Line)
				if !ok || l.Color != display.Black || len(l.Paths) < 2 || !insideBox(display.InkBounds(l), box) {
					continue
				}
				for k, p := range l.Paths {
					if k > 0 {
						q := l.Paths[k-1].Points[0]
						if d := math.Hypot(p.Points[0].X-q.X, p.Points[0].Y-q.Y); d < 2*l.Width {
							t.Errorf("%s maze %d: the tick's dots %.1fpt apart, %.1fpt wide: they run into a tick", name, i+1, d, l.Width)
						}
					}
				}
				guide += len(l.Paths)
			}
			if guide < 5 {
				t.Errorf("%s maze %d: the tick box holds %d dots to trace, want a tick of them", name, i+1, guide)
			}
			var keep []display.Box
			for _, mi := range pp.Mazes {
				o, mp := b.Placed[mi], b.Plan.Mazes[mi]
				keep = append(keep, display.Box{X: o.Origin.X, Y: o.Origin.Y, W: mp.GridW * o.Cell, H: mp.GridH * o.Cell}, o.Caption)
				for _, mk := range o.Marks {
					keep = append(keep, mk.Box)
				}
			}
			for _, tx := range pageTexts(b.Pages[at.Page]) {
				keep = append(keep, tx.Bounds())
			}
			for _, k := range keep {
				if k.W > 0 && box.X < k.X+k.W && k.X < box.X+box.W && box.Y < k.Y+k.H && k.Y < box.Y+box.H {
					t.Errorf("%s maze %d: the tick box %v overlaps %v", name, i+1, box, k)
				}
			}
		}
		if young == 0 && name != "older" && name != "adult" {
			t.Errorf("%s: no young maze", name)
		}
	}
	// Where the page has the room, as the story book's do, a tick box
	// stands apart from its maze's door marks (layout.TickApart), so that
	// it is never taken for the start or the goal.
	story := books["story-book"]
	for i := range story.Plan.Mazes {
		at := story.Placed[i]
		if at.Tick == (display.Box{}) {
			continue
		}
		for _, mk := range at.Marks {
			dx := math.Max(math.Max(mk.Box.X-(at.Tick.X+at.Tick.W), at.Tick.X-(mk.Box.X+mk.Box.W)), 0)
			dy := math.Max(math.Max(mk.Box.Y-(at.Tick.Y+at.Tick.H), at.Tick.Y-(mk.Box.Y+mk.Box.H)), 0)
			if d := math.Hypot(dx, dy); d < layout.TickApart-1e-6 {
				t.Errorf("story book maze %d: its tick box stands %.1fmm from a door's mark", i+1, d/spec.PointsPerMM)
			}
		}
	}
}

// TestYoungColourCorridorsTinted checks the tint under a young child's
// corridors: in a colour book (themed and plain, rectangles and
// hexagons) every puzzle has one pale shape, inside its grid, drawn
// before its walls; on the page, photocopied or not, a cell's middle
// shows the tint and the paper a little outside the grid stays white; a
// teacher edition's solution stands out on it; the answer key, an older
// child's book and young books in black ink and in grayscale have none,
// their items black, white or grey.
func TestYoungColourCorridorsTinted(t *testing.T) {
	pale := func(c display.Color) bool { return spec.Luminance(c) > 0.85 && c != display.White }
	for _, tt := range []struct {
		name, src string
		tinted    bool
	}{
		{"themed", "seed: 3\ntheme: random\nsections:\n  - {ages: 4-6, count: 2}\n  - {ages: 4-6, count: 2, shape: hexagon, difficulty: 2}\n", true},
		{"plain", "seed: 3\nsections:\n  - {ages: 3-5, count: 2, per_page: 2}\n", true},
		{"older", "seed: 3\ntheme: random\nsections:\n  - {ages: 8-10, count: 2}\n", false},
		{"black", "seed: 3\ntheme: random\nstyle: {color: black}\nsections:\n  - {ages: 4-6, count: 2}\n", false},
		{"grayscale", "seed: 3\nstyle: {color: grayscale}\nsections:\n  - {ages: 4-6, count: 2}\n", false},
	} {
		for _, ed := range []plan.Edition{plan.Student, plan.Teacher} {
			sp, err := spec.Parse("book.yaml", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			b, err := layout.Build(sp, layout.Options{Edition: ed})
			if err != nil {
				t.Fatal(err)
			}
			for i, made := range b.Mazes {
				at, mp := b.Placed[i], b.Plan.Mazes[i]
				grid := display.Box{X: at.Origin.X, Y: at.Origin.Y, W: mp.GridW * at.Cell, H: mp.GridH * at.Cell}
				var tints []*display.Shape
				walls := -1
				for k, it := range b.Pages[at.Page].Items {
					if s, ok := it.(*display.Shape); ok && pale(s.Color) && insideBox(display.ItemsBounds([]display.Item{s}), grid) {
						tints = append(tints, s)
					}
					if l, ok := it.(*display.Line); ok && l.Width == mp.Wall && walls < 0 && insideBox(display.InkBounds(l), grow(grid, mp.Wall)) {
						walls = k
					}
				}
				if !tt.tinted {
					if len(tints) > 0 {
						t.Errorf("%s maze %d: a tint under its corridors", tt.name, i+1)
					}
					for _, c := range itemColors(b.Pages[at.Page]) {
						if tt.name != "older" && (c.R != c.G || c.G != c.B) {
							t.Errorf("%s maze %d: an item in %v", tt.name, i+1, c)
						}
					}
					continue
				}
				if len(tints) != 1 {
					t.Errorf("%s maze %d: %d tints", tt.name, i+1, len(tints))
					continue
				}
				tint := tints[0].Color
				for k, it := range b.Pages[at.Page].Items {
					if it == display.Item(tints[0]) && k > walls {
						t.Errorf("%s maze %d: the tint is drawn over the walls", tt.name, i+1)
					}
				}
				if sol := b.Plan.Style(mp.Section).SolutionColor; math.Abs(spec.Luminance(sol)-spec.Luminance(tint)) < 0.4 {
					t.Errorf("%s: the solution %v does not stand out on the tint %v", tt.name, sol, tint)
				}
				// A cell's middle on the page shows the tint; a photocopy
				// drops it; the paper 3mm outside the grid stays white.
				const scale = 2
				img := pngRaster(t, b, at.Page, scale)
				cells := 0
				for c := range made.Maze.Grid.Cells() {
					p := made.Maze.Grid.Center(c)
					q := display.Point{X: at.Origin.X + p.X*at.Cell, Y: at.Origin.Y + p.Y*at.Cell}
					px := img.RGBAAt(int(q.X*scale), int(q.Y*scale))
					got := display.Color{R: px.R, G: px.G, B: px.B}
					if ed == plan.Student && got == display.White {
						t.Errorf("%s maze %d: cell %d's middle is white", tt.name, i+1, c)
					}
					if got == tint {
						cells++
					}
					if 299*int(px.R)+587*int(px.G)+114*int(px.B) < 128*1000 && got != display.Black && spec.Luminance(got) > 0.85 {
						t.Errorf("%s maze %d: the tint is kept on a photocopy", tt.name, i+1)
					}
				}
				if cells == 0 {
					t.Errorf("%s maze %d: no cell shows the tint", tt.name, i+1)
				}
				off := 3 * 72 / 25.4
				for _, q := range []display.Point{{X: grid.X - off, Y: grid.Y + grid.H/3}, {X: grid.X + grid.W + off, Y: grid.Y + 2*grid.H/3}, {X: grid.X + grid.W/3, Y: grid.Y - off}, {X: grid.X + 2*grid.W/3, Y: grid.Y + grid.H + off}} {
					px := img.RGBAAt(int(q.X*scale), int(q.Y*scale))
					if (display.Color{R: px.R, G: px.G, B: px.B}) == tint {
						t.Errorf("%s maze %d: the tint outside the grid at %v", tt.name, i+1, q)
					}
				}
				// The answer key has none.
				if ap := b.AnswerPlaced[i]; ap.Cell > 0 {
					for _, it := range b.Pages[ap.Page].Items {
						if s, ok := it.(*display.Shape); ok && s.Color == tint {
							t.Errorf("%s maze %d: its answer has the tint", tt.name, i+1)
						}
					}
				}
			}
		}
	}
}

// grow returns b made larger by d on every side.
func grow(b display.Box, d float64) display.Box {
	return display.Box{X: b.X - d, Y: b.Y - d, W: b.W + 2*d, H: b.H + 2*d}
}

// TestYoungSharedPagesFill measures the pages of young children's books
// of two mazes a page, themed and plain, on letter and A4: the mazes'
// grids cover 38% of the page inside half-inch margins on every page and
// 40% on the mean (on main they covered 28 to 33% of a themed page).
func TestYoungSharedPagesFill(t *testing.T) {
	for name, src := range map[string]string{
		"themed letter": "seed: 3\ntheme: random\npage: {size: letter}\nsections:\n  - {ages: 4-6, count: 6, per_page: 2}\n",
		"themed a4":     "seed: 3\ntheme: random\nsections:\n  - {ages: 4-6, count: 6, per_page: 2}\n",
		"themed 3-5":    "seed: 3\ntheme: random\npage: {size: letter}\nsections:\n  - {ages: 3-5, count: 6, per_page: 2}\n",
		"plain letter":  "seed: 3\npage: {size: letter}\nsections:\n  - {ages: 4-6, count: 6, per_page: 2}\n",
	} {
		b := bookOf(t, src)
		sum, pages := 0.0, 0
		for _, pp := range b.Plan.Pages {
			if pp.Kind != plan.PuzzlePage || len(pp.Mazes) != 2 {
				continue
			}
			share, _ := fillOf(b, pp)
			sum += share
			pages++
			if share < 0.38 {
				t.Errorf("%s page %d: its mazes cover %.0f%% of the page", name, pp.Number, 100*share)
			}
		}
		if pages == 0 {
			t.Fatalf("%s: no page of two mazes", name)
		}
		if mean := sum / float64(pages); mean < 0.40 {
			t.Errorf("%s: its mazes cover %.0f%% of their pages on the mean", name, 100*mean)
		}
	}
}
