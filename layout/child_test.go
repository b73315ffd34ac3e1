package layout_test

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/maze"
)

// The tests in this file hold the pages to what a designer of children's
// activity books checks: a story that leads, pictures a child sees, a
// goal nothing else on the page looks like, mazes that fill their pages,
// answers a parent can follow, letters' marks of one size outside the
// word, and books written right to left entered from the right.

// allBooks returns the default book's name and every example's.
func allBooks(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "examples", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	names := []string{"default"}
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	return names
}

// bookOf builds a book from the source of a spec.
func bookOf(t *testing.T, src string) *layout.Book {
	t.Helper()
	s, err := spec.Parse("book.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	b, err := layout.Build(s, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// storyBooks are themed books: the story book, a themed page of four, a
// book for older children and one in Spanish.
var storyBooks = map[string]string{
	"alone":   "theme: random\nsections:\n  - {count: 4, ages: 4-6}\n",
	"shared":  "theme: random\npage: {size: letter}\nsections:\n  - {count: 8, ages: 6-8, per_page: 4}\n",
	"older":   "theme: kitten\nsections:\n  - {count: 2, difficulty: 5}\n",
	"spanish": "language: es\ntheme: random\nsections:\n  - {count: 2, ages: 4-6}\n",
}

// TestThemedPagesLeadWithTheStory checks every puzzle of themed books:
// its story is set above the maze, centred over it, in the headings'
// face at 14pt or more (20pt on a page of its own, 28 to 32pt for a
// young child), as the page's largest words, and the maze's number under
// it is smaller.
func TestThemedPagesLeadWithTheStory(t *testing.T) {
	for name, src := range storyBooks {
		b := bookOf(t, src)
		for i := range b.Plan.Mazes {
			at := b.Placed[i]
			pp := b.Plan.Pages[at.Page]
			story := b.Plan.Headline(i)
			if story == "" {
				t.Fatalf("%s: maze %d has no story", name, i+1)
			}
			var head *display.Text
			largest, number := 0.0, 0.0
			for _, it := range b.Pages[at.Page].Items {
				tx, ok := it.(*display.Text)
				if !ok {
					continue
				}
				largest = math.Max(largest, tx.Size)
				if strings.Contains(story, tx.Text) && len(tx.Text) > 3 && head == nil {
					head = tx
				}
				if strings.Contains(tx.Text, fmt.Sprint(b.Plan.Mazes[i].Number)) && strings.Contains(tx.Text, b.Plan.Labels.Maze) {
					number = tx.Size
				}
			}
			// A young child's at a picture book's sizes (see
			// TestYoungHeadlines).
			want, least, caption := b.Plan.HeadlineSizes(i, pp.Per)
			switch {
			case head == nil:
				t.Errorf("%s: maze %d's page does not tell %q", name, i+1, story)
			case head.Size < least || head.Size > want:
				t.Errorf("%s: maze %d's story at %.1fpt, want %.0f to %.0fpt", name, i+1, head.Size, least, want)
			case head.Size < largest && pp.Per == 1:
				t.Errorf("%s: maze %d's story at %.1fpt, but the page has words at %.1fpt", name, i+1, head.Size, largest)
			case head.Y > at.Ink.Y:
				t.Errorf("%s: maze %d's story stands at %.1f, below the maze's top %.1f", name, i+1, head.Y, at.Ink.Y)
			case head.Font != b.Plan.Spec.Fonts.Headings:
				t.Errorf("%s: maze %d's story is not set in the headings' face", name, i+1)
			}
			if number == 0 || number > caption {
				t.Errorf("%s: maze %d's number at %.1fpt, want at most %.0fpt", name, i+1, number, caption)
			}
		}
	}
}

// TestThemePicturesAreLarge checks the pictures at every themed maze's
// doors: one at the start and one at the goal, at least draw.ArtMin
// (12mm) across and no more than a cell and a half or draw.ArtMax; in the
// answer key no less than draw.AnswerArtMin; and the words Start and
// Finish under them for young children (ages 4-6), in the book's
// language, and not for older ones.
func TestThemePicturesAreLarge(t *testing.T) {
	for name, src := range storyBooks {
		b := bookOf(t, src)
		young := strings.Contains(src, "ages: 4-6")
		for i, mp := range b.Plan.Mazes {
			for _, answer := range []bool{false, true} {
				at, least := b.Placed[i], draw.ArtMin
				if answer {
					at, least = b.AnswerPlaced[i], draw.AnswerArtMin
				}
				var pics, words []draw.Mark
				for _, mk := range at.Marks {
					switch mk.Kind {
					case draw.PictureMark:
						pics = append(pics, mk)
					case draw.WordMark:
						words = append(words, mk)
					}
				}
				if len(pics) != 2 || pics[0].Exit == pics[1].Exit {
					t.Errorf("%s: maze %d (answer %v) has pictures %+v, want one at each door", name, i+1, answer, pics)
					continue
				}
				most := math.Max(draw.ArtMax, draw.ArtPerCell*mp.Cell)
				for _, p := range pics {
					if side := math.Min(p.Box.W, p.Box.H); side < 0.75*least-0.01 || !answer && side < least-0.01 || side > most+0.01 {
						t.Errorf("%s: maze %d (answer %v): a picture %.1fmm across, want %.0fmm to %.1fmm", name, i+1, answer, side/spec.PointsPerMM, least/spec.PointsPerMM, most/spec.PointsPerMM)
					}
				}
				if want := young && !answer; want != (len(words) == 2) {
					t.Errorf("%s: maze %d (answer %v): %d words under the pictures, want them %v", name, i+1, answer, len(words), want)
				}
			}
		}
		if young {
			page := b.Pages[b.Placed[0].Page]
			var texts []string
			for _, it := range page.Items {
				if tx, ok := it.(*display.Text); ok {
					texts = append(texts, tx.Text)
				}
			}
			for _, w := range []string{b.Plan.Labels.Start, b.Plan.Labels.Finish} {
				if !slices.Contains(texts, strings.ToUpper(w)) {
					t.Errorf("%s: the page does not say %q under its pictures: %q", name, strings.ToUpper(w), texts)
				}
			}
		}
	}
	// The spec decides: door_words: false for young children, true for
	// older ones.
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"theme: kitten\nstyle: {door_words: false}\nsections:\n  - {count: 1, ages: 4-6}\n", false},
		{"theme: kitten\nsections:\n  - {count: 1, ages: 8-10, style: {door_words: true}}\n", true},
	} {
		b := bookOf(t, c.src)
		n := 0
		for _, mk := range b.Placed[0].Marks {
			if mk.Kind == draw.WordMark {
				n++
			}
		}
		if (n == 2) != c.want {
			t.Errorf("%q: %d words under the pictures, want them %v", c.src, n, c.want)
		}
	}
}

// isFivePointedStar reports whether a polygon is a star of five points:
// ten corners, alternately far from and near its middle.
func isFivePointedStar(poly []display.Point) bool {
	if len(poly) != 10 {
		return false
	}
	var c display.Point
	for _, p := range poly {
		c.X += p.X / 10
		c.Y += p.Y / 10
	}
	d := func(i int) float64 { return math.Hypot(poly[i].X-c.X, poly[i].Y-c.Y) }
	for i := range 10 {
		if (d(i) > d((i+1)%10)) == (d((i+1)%10) > d((i+2)%10)) {
			return false
		}
	}
	return true
}

// TestGoalIsNeverAStar checks every page of the default book and every
// example: the rating's stars are the only five-pointed stars on a page
// (inside a caption), every goal is marked by a flag or a picture, never a
// star, and no section's instructions send a child to a star.
func TestGoalIsNeverAStar(t *testing.T) {
	for _, name := range allBooks(t) {
		b := readFinishBook(t, name)
		for pi, page := range b.Pages {
			var captions []display.Box
			for i := range b.Plan.Mazes {
				for _, at := range []layout.Placement{b.Placed[i], b.AnswerPlaced[i]} {
					if at.Page == pi && at.Cell > 0 {
						captions = append(captions, at.Caption)
					}
				}
			}
			for _, it := range page.Items {
				s, ok := it.(*display.Shape)
				if !ok {
					continue
				}
				for _, poly := range s.Polygons {
					if !isFivePointedStar(poly) {
						continue
					}
					c := polygonMiddle(poly)
					in := false
					for _, cb := range captions {
						in = in || c.X >= cb.X-1 && c.X <= cb.X+cb.W+1 && c.Y >= cb.Y-1 && c.Y <= cb.Y+cb.H+1
					}
					if !in {
						t.Errorf("%s page %d: a five-pointed star outside every caption, at %v", name, pi+1, c)
					}
				}
			}
		}
		for i := range b.Plan.Mazes {
			for _, mk := range b.Placed[i].Marks {
				if mk.Exit && mk.Kind != draw.FlagMark && mk.Kind != draw.PictureMark && mk.Kind != draw.WordMark {
					t.Errorf("%s: maze %d's goal is marked by a %v", name, i+1, mk.Kind)
				}
			}
		}
		for _, sec := range b.Plan.Spec.Sections {
			if strings.Contains(strings.ToLower(sec.Instructions), "star") && !strings.Contains(strings.ToLower(sec.Instructions), "start") {
				t.Errorf("%s: %s sends a child to a star: %q", name, sec.Name(), sec.Instructions)
			}
		}
	}
}

func polygonMiddle(poly []display.Point) display.Point {
	var c display.Point
	for _, p := range poly {
		c.X += p.X / float64(len(poly))
		c.Y += p.Y / float64(len(poly))
	}
	return c
}

// fillOf returns the share of the page inside half-inch margins that the
// grids of a puzzle page's mazes cover, and whether each of them takes
// all its slot gives it (cells as large as fit with the room its marks
// need: it can grow no more).
func fillOf(b *layout.Book, pp plan.Page) (share float64, full bool) {
	t := pp.Frame.Trim
	full = true
	for _, mi := range pp.Mazes {
		at, mp := b.Placed[mi], b.Plan.Mazes[mi]
		fit := draw.FitCell(pp.MazeArea(at.Slot), mp.GridW, mp.GridH, b.Plan.RoomOf(mp.Section))
		full = full && at.Cell >= 0.98*fit
	}
	return gridsShare(b, pp, (t.W-72)*(t.H-72)), full
}

// gridsShare returns the share of area (in square points) the grids of
// page pp's mazes cover.
func gridsShare(b *layout.Book, pp plan.Page, area float64) float64 {
	share := 0.0
	for _, mi := range pp.Mazes {
		at, mp := b.Placed[mi], b.Plan.Mazes[mi]
		share += float64(mp.GridW*at.Cell) * float64(mp.GridH*at.Cell) / area
	}
	return share
}

// contentFillOf returns the share of a page's content (the page inside
// its own margins, a big book's gutter kept) that its mazes' grids cover.
func contentFillOf(b *layout.Book, pp plan.Page) float64 {
	return gridsShare(b, pp, float64(pp.Frame.Content.W*pp.Frame.Content.H))
}

// TestSharedAndShapedPagesFill checks issue 46's floor on every puzzle
// page of the default book and every example: a page of two or more
// mazes, and a page of a shaped maze (a circle, a hexagon, a triangle, a
// picture's or a word's mask), covers 45% of the page inside its margins
// or more. Before it, 500-shapes' name pairs covered 35.5% (OLIVIA, the
// room of an arrow and a flag kept beside a word whose doors are in its
// tops and bottoms) and its hearts 41.2%.
func TestSharedAndShapedPagesFill(t *testing.T) {
	for _, name := range allBooks(t) {
		b := readFinishBook(t, name)
		for _, pp := range b.Plan.Pages {
			if pp.Kind != plan.PuzzlePage || len(pp.Mazes) == 0 {
				continue
			}
			r := b.Plan.Mazes[pp.Mazes[0]].Recipe
			shaped := r.Shape != maze.Rectangle || r.Mask != nil
			if len(pp.Mazes) < 2 && !shaped {
				continue
			}
			if share := contentFillOf(b, pp); share < plan.FillFloor {
				t.Errorf("%s page %d (%s): its %d mazes cover %.1f%% of the page inside its margins, want 45%%", name, pp.Number, b.Plan.Spec.Sections[pp.Section].Title, len(pp.Mazes), 100*share)
			}
		}
		if notes := b.Plan.FillNotes(); len(notes) > 0 {
			t.Errorf("%s: %q", name, notes)
		}
	}
	// The plan's measure of a page (see plan.Plan.FillNotes) is the
	// drawn book's.
	b := bookOf(t, "page: {size: 6x9in}\nsections:\n  - {count: 8, ages: 3-6, per_page: 4}\n")
	least := 1.0
	for _, pp := range b.Plan.Pages {
		if pp.Kind == plan.PuzzlePage && len(pp.Mazes) > 1 {
			least = min(least, contentFillOf(b, pp))
		}
	}
	if want := fmt.Sprintf("cover only %.0f%% of", 100*least); len(b.Plan.FillNotes()) != 1 || !strings.Contains(b.Plan.FillNotes()[0], want) {
		t.Errorf("a young child's four to a 6x9 page, %.1f%% at the least: notes %q, want one saying %q", 100*least, b.Plan.FillNotes(), want)
	}
}

// TestMazesFillThePage checks every puzzle page of the default book and
// every example: a maze alone covers 40% of the page inside half-inch
// margins, the mazes of a page of several 30%, unless they already take
// all their slots give them (a word on a portrait page, a hexagon on a
// tall one: their shapes leave the rest). A section whose last page holds
// fewer mazes than its others lays them out for as many as it holds.
func TestMazesFillThePage(t *testing.T) {
	for _, name := range allBooks(t) {
		b := readFinishBook(t, name)
		for _, pp := range b.Plan.Pages {
			if pp.Kind != plan.PuzzlePage || len(pp.Mazes) == 0 {
				continue
			}
			share, full := fillOf(b, pp)
			least := 0.30
			if len(pp.Mazes) == 1 {
				least = 0.40
			}
			if share < least && !full {
				t.Errorf("%s page %d: its %d mazes cover %.0f%% of the page, want %.0f%%", name, pp.Number, len(pp.Mazes), 100*share, 100*least)
			}
		}
	}
	// Five at four a page: four, then one that takes its page.
	b := bookOf(t, "page: {size: letter}\nsections:\n  - {count: 5, difficulty: 1, per_page: 4}\n")
	last := b.Plan.Pages[b.Placed[4].Page]
	if share, _ := fillOf(b, last); len(last.Mazes) != 1 || share < 0.40 {
		t.Errorf("the fifth of five at four a page: %d on its page, covering %.0f%%", len(last.Mazes), 100*share)
	}
}

// TestAnswersCanBeFollowed checks every answer of the default book and
// every example: its narrowest corridor is 1.6mm or more (or its
// puzzle's own, when smaller), and its solution is drawn heavier than its
// walls (a line at least draw.HeavierLine times as wide).
func TestAnswersCanBeFollowed(t *testing.T) {
	for _, name := range allBooks(t) {
		b := readFinishBook(t, name)
		for i, mp := range b.Plan.Mazes {
			at := b.AnswerPlaced[i]
			if at.Cell == 0 {
				continue
			}
			if c := mp.Clear * at.Cell; c < math.Min(plan.MinAnswerCell, mp.Clear*mp.Cell)-1e-9 {
				t.Errorf("%s: maze %d is answered at %.2fmm a cell", name, mp.Number, c/spec.PointsPerMM)
			}
			st := b.Plan.Spec.Sections[mp.Section].Style
			for _, it := range b.Pages[at.Page].Items {
				l, ok := it.(*display.Line)
				if !ok || l.Color != st.SolutionColor || len(l.Paths) == 0 || !insideBox(display.ItemsBounds([]display.Item{l}), at.Ink) {
					continue
				}
				if l.Color == st.WallColor {
					continue // the walls, in a solution of their colour
				}
				if l.Width < draw.HeavierLine*mp.AnswerWall-1e-6 {
					t.Errorf("%s: maze %d's solution is %.2fpt against walls of %.2fpt", name, mp.Number, l.Width, mp.AnswerWall)
				}
			}
		}
	}
}

func insideBox(a, b display.Box) bool {
	return a.X >= b.X-1 && a.Y >= b.Y-1 && a.X+a.W <= b.X+b.W+1 && a.Y+a.H <= b.Y+b.H+1
}

// TestAnswerKeysStayEconomical checks that one section of large mazes
// does not thin out the whole key: a book of small mazes and a few expert
// ones keeps the small ones four to a page.
func TestAnswerKeysStayEconomical(t *testing.T) {
	b := bookOf(t, "page: {size: 6x9in}\nsections:\n  - {count: 8, difficulty: 2, per_page: 2}\n  - {count: 2, difficulty: 10}\n")
	if n := b.Plan.AnswersPer(0); n != 4 {
		t.Errorf("the easy section's answers hold %d a page, want 4", n)
	}
	if n := b.Plan.AnswersPer(1); n >= 4 {
		t.Errorf("the expert answers hold %d a page, want fewer", n)
	}
	if notes := b.Plan.AnswerNotes(); len(notes) != 1 || !strings.Contains(notes[0].String(), "section 2") {
		t.Errorf("notes %v, want one for section 2", notes)
	}
}

// TestAnswerLineStopsClear checks a themed black-ink book's answers: the
// way through is one solid mid grey line (draw.GraySolution) from door to
// door, its ends in the doors' openings, and it runs over no mark or
// picture at the doors.
func TestAnswerLineStopsClear(t *testing.T) {
	b := bookOf(t, "theme: random\nstyle: {color: black}\nsections:\n  - {count: 4, ages: 4-6}\n")
	for i, made := range b.Mazes {
		at := b.AnswerPlaced[i]
		m := made.Maze
		var line *display.Line
		for _, it := range b.Pages[at.Page].Items {
			if l, ok := it.(*display.Line); ok && l.Color == draw.GraySolution && insideBox(display.ItemsBounds([]display.Item{l}), at.Ink) {
				if line != nil {
					t.Fatalf("maze %d: two grey lines", i+1)
				}
				line = l
			}
		}
		if line == nil || len(line.Paths) == 0 {
			t.Fatalf("maze %d: no grey line in its answer", i+1)
		}
		var points []display.Point
		for _, p := range line.Paths {
			if len(p.Points) == 2 && p.Points[0] == p.Points[1] {
				t.Fatalf("maze %d: a dot in the way through", i+1)
			}
			points = append(points, p.Flatten(0.1)...)
		}
		cellAt := func(p maze.Point) display.Point {
			return display.Point{X: at.Origin.X + p.X*at.Cell, Y: at.Origin.Y + p.Y*at.Cell}
		}
		in := cellAt(m.Grid.Side(m.Entrance.Cell, m.Entrance.Side).Mid())
		out := cellAt(m.Grid.Side(m.Exit.Cell, m.Exit.Side).Mid())
		// Its round ends reach the doors' lines: the ends stand half the
		// line's width inside them.
		half := line.Width / 2
		first, last := points[0], points[len(points)-1]
		near := func(p, door display.Point) bool { return math.Abs(math.Hypot(p.X-door.X, p.Y-door.Y)-half) < 0.5 }
		if !near(first, in) && !near(last, in) {
			t.Errorf("maze %d: the line does not begin in the entrance's opening", i+1)
		}
		if !near(first, out) && !near(last, out) {
			t.Errorf("maze %d: the line does not end in the exit's opening", i+1)
		}
		for _, mk := range at.Marks {
			for _, p := range points {
				// The line's ink about p, a disc of its half width, and the
				// mark's box, less a hair of antialiasing.
				dx := math.Max(math.Max(mk.Box.X-p.X, p.X-(mk.Box.X+mk.Box.W)), 0)
				dy := math.Max(math.Max(mk.Box.Y-p.Y, p.Y-(mk.Box.Y+mk.Box.H)), 0)
				if math.Hypot(dx, dy) < half-0.05 {
					t.Errorf("maze %d: the line runs over a mark (%v, %+v) at %v (in %v, out %v, half %.2f)", i+1, mk.Kind, mk.Box, p, in, out, half)
					break
				}
			}
		}
	}
}

// TestWordMarksOneSizeOutside checks name mazes, a word joined and one
// letter by letter: the marks of a maze are all of one size, and none
// stands on a cell of the word.
func TestWordMarksOneSizeOutside(t *testing.T) {
	for _, src := range []string{
		"sections:\n  - {mask: {text: MAZES}}\n",
		"sections:\n  - {mask: {text: SOL}, islands: separate}\n",
		"sections:\n  - {mask: {text: SOL}, islands: separate, openings: sides}\n",
	} {
		b := bookOf(t, src)
		at, m := b.Placed[0], b.Mazes[0].Maze
		var side float64
		for _, mk := range at.Marks {
			if mk.Kind != draw.ArrowMark && mk.Kind != draw.FlagMark {
				continue
			}
			s := math.Max(mk.Box.W, mk.Box.H)
			if side == 0 {
				side = s
			} else if math.Abs(s-side) > 0.02*side {
				t.Errorf("%q: marks %.1fpt and %.1fpt across", src, side, s)
			}
			for c := 0; c < m.Grid.Cells(); c++ {
				p := m.Grid.Center(c)
				cx, cy := at.Origin.X+p.X*at.Cell, at.Origin.Y+p.Y*at.Cell
				if cx > mk.Box.X && cx < mk.Box.X+mk.Box.W && cy > mk.Box.Y && cy < mk.Box.Y+mk.Box.H {
					t.Errorf("%q: a mark stands on cell %d of the word", src, c)
					break
				}
			}
		}
		if side < 0.95*draw.MarkSide {
			t.Errorf("%q: marks %.1fpt across, want %.1fpt", src, side, draw.MarkSide)
		}
	}
}

// TestRightToLeftMazesEnterAtTheRight checks a book in Arabic: its mazes
// are the English book's mirrored, entered where the English are left
// (the English book's doors vary from maze to maze: the first enters at
// the left, the second at the right), and each rating reads from the
// right: its stars at the left of the caption, the full ones at their
// right end.
func TestRightToLeftMazesEnterAtTheRight(t *testing.T) {
	arrowRight := map[string][]bool{}
	for _, lang := range []string{"ar", "en"} {
		b := bookOf(t, "language: "+lang+"\nsections:\n  - {count: 2, difficulty: 3}\n")
		rtl := lang == "ar"
		for i := range b.Mazes {
			at := b.Placed[i]
			var arrow, flag display.Box
			for _, mk := range at.Marks {
				switch mk.Kind {
				case draw.ArrowMark:
					arrow = mk.Box
				case draw.FlagMark:
					flag = mk.Box
				}
			}
			mid := at.Ink.X + at.Ink.W/2
			if (arrow.X > mid) == (flag.X > mid) {
				t.Errorf("%s: maze %d's arrow at %.0f and flag at %.0f about %.0f", lang, i+1, arrow.X, flag.X, mid)
			}
			arrowRight[lang] = append(arrowRight[lang], arrow.X > mid)
			var filled, outlined []display.Point
			for _, it := range b.Pages[at.Page].Items {
				if s, ok := it.(*display.Shape); ok {
					for _, p := range s.Polygons {
						if insideBox(polygonBox(p), at.Caption) {
							filled = append(filled, polygonMiddle(p))
						}
					}
				}
				if l, ok := it.(*display.Line); ok && l.Width == 0.75 && insideBox(display.ItemsBounds([]display.Item{l}), at.Caption) {
					for _, p := range l.Paths {
						outlined = append(outlined, polygonMiddle(p.Points))
					}
				}
			}
			if len(filled) == 0 || len(outlined) != 5 {
				t.Fatalf("%s: maze %d's rating: %d filled shapes, %d stars", lang, i+1, len(filled), len(outlined))
			}
			if stars := outlined[0].X; (stars < mid) != rtl {
				t.Errorf("%s: maze %d's stars at %.0f about %.0f", lang, i+1, stars, mid)
			}
			right := 0.0
			left := math.Inf(1)
			for _, p := range outlined {
				right, left = math.Max(right, p.X), math.Min(left, p.X)
			}
			end := left // the full stars begin at the start of the reading
			if rtl {
				end = right
			}
			found := false
			for _, p := range filled {
				found = found || math.Abs(p.X-end) < 2
			}
			if !found {
				t.Errorf("%s: maze %d's first star is not full", lang, i+1)
			}
		}
	}
	for i, right := range arrowRight["en"] {
		if i < len(arrowRight["ar"]) && arrowRight["ar"][i] == right {
			t.Errorf("maze %d is entered at the same side in Arabic and in English (at the right: %v)", i+1, right)
		}
	}
}

func polygonBox(poly []display.Point) display.Box {
	var b display.Box
	for i, p := range poly {
		if i == 0 {
			b = display.Box{X: p.X, Y: p.Y}
			continue
		}
		b = b.Union(display.Box{X: p.X, Y: p.Y})
	}
	return b
}

// TestLargePrint checks the large-print example: every word on every
// page at 16pt or more, the door marks larger than a book's, walls
// thick, and every maze still held to its level.
func TestLargePrint(t *testing.T) {
	b := readFinishBook(t, "large-print.yaml")
	for pi, page := range b.Pages {
		for _, it := range page.Items {
			if tx, ok := it.(*display.Text); ok && tx.Size < spec.LargePrintSize-1e-9 {
				t.Errorf("page %d: %q at %.1fpt", pi+1, tx.Text, tx.Size)
			}
		}
	}
	for i := range b.Mazes {
		for _, mk := range b.Placed[i].Marks {
			if s := math.Max(mk.Box.W, mk.Box.H); s < 1.3*draw.MarkSide {
				t.Errorf("maze %d: a mark %.1fpt across, want %.1fpt at least", i+1, s, 1.3*draw.MarkSide)
			}
		}
		if w, c := b.Plan.Mazes[i].Wall, b.Plan.Mazes[i].Cell; w < 0.1*c {
			t.Errorf("maze %d: walls %.1fpt on cells of %.1fpt", i+1, w, c)
		}
	}
	// The same book without large print sets captions smaller.
	s := *b.Plan.Spec
	s.Style.LargePrint = false
	small, err := layout.Make(&s, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if small.Plan.Size(plan.CaptionSize) >= b.Plan.Size(plan.CaptionSize) {
		t.Error("large print sets captions no larger")
	}
}

// photocopied returns page i of a book rendered at scale pixels a point
// and thresholded at 50%, as a photocopier keeps it: true where it inks.
func photocopied(t *testing.T, b *layout.Book, i int, scale float64) [][]bool {
	t.Helper()
	img := pngRaster(t, b, i, scale)
	r := img.Bounds()
	out := make([][]bool, r.Dy())
	for y := range out {
		out[y] = make([]bool, r.Dx())
		for x := range out[y] {
			c := img.RGBAAt(r.Min.X+x, r.Min.Y+y)
			out[y][x] = 299*int(c.R)+587*int(c.G)+114*int(c.B) < 128*1000
		}
	}
	return out
}

// darkNear reports whether the copy inks within r pixels of the page
// point p.
func darkNear(copy [][]bool, p display.Point, scale float64, r int) bool {
	x, y := int(p.X*scale), int(p.Y*scale)
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			if yy, xx := y+dy, x+dx; yy >= 0 && yy < len(copy) && xx >= 0 && xx < len(copy[0]) && copy[yy][xx] {
				return true
			}
		}
	}
	return false
}

// TestPhotocopiesKeepEverything photocopies pages (a 50% threshold) and
// finds on the copy what the page shows: the mouse-and-cheese example's
// own pictures, still pictures (not a pair of eyes, not nothing); a
// solver's walk drawn beside its answer, in colour and in grayscale; and
// a grayscale book's answers, at every cell of their way.
func TestPhotocopiesKeepEverything(t *testing.T) {
	const scale = 3
	b := readFinishBook(t, "mouse-and-cheese.yaml")
	at := b.Placed[0]
	copy := photocopied(t, b, at.Page, scale)
	pictures := 0
	for _, it := range b.Pages[at.Page].Items {
		img, ok := it.(*display.Image)
		if !ok {
			continue
		}
		pictures++
		dark, all := 0, 0
		for y := int(img.Box.Y * scale); y < int((img.Box.Y+img.Box.H)*scale); y++ {
			for x := int(img.Box.X * scale); x < int((img.Box.X+img.Box.W)*scale); x++ {
				all++
				if y >= 0 && y < len(copy) && x >= 0 && x < len(copy[0]) && copy[y][x] {
					dark++
				}
			}
		}
		// The old art kept 6% (the mouse's outline) and 0% (the cheese).
		if share := float64(dark) / float64(max(all, 1)); share < 0.07 {
			t.Errorf("a picture of the example keeps %.0f%% of its box on a photocopy", 100*share)
		}
	}
	if pictures != 4 {
		t.Fatalf("the example's first page has %d pictures, want a mouse and a cheese at each of its two mazes", pictures)
	}

	for _, ink := range []string{"color", "grayscale", "black"} {
		walk, _ := draw.TeachingColors(draw.Ink(ink))
		if ink != "black" && spec.Luminance(walk) > 0.5 {
			t.Errorf("%s: the walk's colour %v is lighter than a photocopy keeps", ink, walk)
		}
		b := bookOf(t, "style: {color: "+ink+"}\nanswers: {show_walk: true, per_page: 1}\nsections:\n  - {size: 8x8, solver: right-hand}\n")
		at := b.AnswerPlaced[0]
		copy := photocopied(t, b, at.Page, scale)
		seen := 0
		for _, it := range b.Pages[at.Page].Items {
			l, ok := it.(*display.Line)
			if !ok || l.Color != walk || l.Color == display.Black {
				continue
			}
			for _, p := range l.Paths {
				seen++
				if len(p.Points) > 0 && !darkNear(copy, p.Points[0], scale, 1) {
					t.Errorf("%s: the walk is gone on a photocopy at %v", ink, p.Points[0])
					break
				}
			}
		}
		if ink != "black" && seen == 0 {
			t.Errorf("%s: no walk drawn", ink)
		}
	}

	g := readFinishBook(t, "grayscale.yaml")
	for i, made := range g.Mazes {
		at := g.AnswerPlaced[i]
		if at.Cell == 0 || i%5 != 0 {
			continue
		}
		copy := photocopied(t, g, at.Page, scale)
		for _, sol := range made.Solutions {
			for _, c := range sol {
				p := made.Maze.Grid.Center(c)
				if !darkNear(copy, display.Point{X: at.Origin.X + p.X*at.Cell, Y: at.Origin.Y + p.Y*at.Cell}, scale, 1) {
					t.Fatalf("grayscale maze %d: its answer is gone at cell %d on a photocopy", i+1, c)
				}
			}
		}
	}
}

// TestCentreGoalsFill builds mouse-and-cheese, whose mazes have their
// goal in the middle (openings: center), and checks that its pages of
// those mazes fill 45% of the page inside half-inch margins, two a page
// or alone: only the entrance's marks stand outside the grid, beside one
// wall, so the plan keeps room on one side, not on two facing ones (on
// main the two-a-page pages filled 37 to 39%).
func TestCentreGoalsFill(t *testing.T) {
	b := readFinishBook(t, "mouse-and-cheese.yaml")
	pages := 0
	for _, pp := range b.Plan.Pages {
		if pp.Kind != plan.PuzzlePage || len(pp.Mazes) == 0 {
			continue
		}
		sec := b.Plan.Spec.Sections[pp.Section]
		if sec.Openings != maze.Center || sec.Entrance != nil || sec.Exit != nil {
			continue
		}
		pages++
		if share, _ := fillOf(b, pp); share < 0.45 {
			t.Errorf("page %d: its %d mazes fill %.0f%% of the page", pp.Number, len(pp.Mazes), 100*share)
		}
	}
	if pages < 4 {
		t.Fatalf("%d pages of mazes to the middle, want 5", pages)
	}
	// The hidden cheese, its goal given inside: a 12x12 square two to a
	// letter page filled 32%; the example's 16x10 fills its slot.
	for _, pp := range b.Plan.Pages {
		if pp.Kind == plan.PuzzlePage && len(pp.Mazes) > 1 && b.Plan.Spec.Sections[pp.Section].Exit != nil {
			if share, _ := fillOf(b, pp); share < 0.45 {
				t.Errorf("page %d: the hidden cheese's mazes fill %.0f%% of the page", pp.Number, 100*share)
			}
		}
	}
}

// TestLabelledSharedPagesFill checks pages of several plain rectangles
// sized by their levels, whose doors the plan places and marks with the
// words Start and Finish: the words need room beside the walls the doors
// are in, not on all four sides, so four small mazes fill 45% of the
// page (on main difficulty-ladder's pages of four filled 31 to 44%).
func TestLabelledSharedPagesFill(t *testing.T) {
	books := map[string]*layout.Book{
		"difficulty-ladder.yaml": readFinishBook(t, "difficulty-ladder.yaml"),
		"classroom-pack.yaml":    readFinishBook(t, "classroom-pack.yaml"),
	}
	for _, paper := range []string{"letter", "a4"} {
		books[paper] = bookOf(t, "page: {size: "+paper+"}\nstyle: {markers: labels}\nsections:\n  - {count: 4, difficulty: 1, per_page: 4}\n  - {count: 4, difficulty: 3, per_page: 4}\n  - {count: 2, difficulty: 2, per_page: 2}\n")
	}
	// A 6x9in page holds two (four to it fill 39 to 44%: their captions
	// take a larger share of a smaller page).
	books["6x9in"] = bookOf(t, "page: {size: 6x9in}\nstyle: {markers: labels}\nsections:\n  - {count: 2, difficulty: 1, per_page: 2}\n  - {count: 2, difficulty: 3, per_page: 2}\n")
	for name, b := range books {
		pages := 0
		for _, pp := range b.Plan.Pages {
			if pp.Kind != plan.PuzzlePage || len(pp.Mazes) < 2 {
				continue
			}
			pages++
			if share, _ := fillOf(b, pp); share < 0.45 {
				t.Errorf("%s page %d: its %d mazes fill %.0f%% of the page", name, pp.Number, len(pp.Mazes), 100*share)
			}
		}
		if pages == 0 {
			t.Errorf("%s: no page of several mazes", name)
		}
	}
}
