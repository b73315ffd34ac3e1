package maze

import (
	"errors"
	"math"
	"sort"
	"strconv"
	"strings"

	"mazebook/internal/say"
)

// Recipe is everything that decides a maze: the same recipe makes the
// same maze, on every machine and with every Go release. Make makes it;
// a book, the maze command and the stats all call Make.
type Recipe struct {
	// Shape is a registered shape's name; "" is a rectangle.
	Shape string
	Size  Size
	// Mask, when not nil, keeps only the cells under its on pixels, laid
	// over the grid's box; Islands says whether its separate parts (the
	// letters of a word) are joined into one maze or each made a maze of
	// its own, with its own entrance and exit (see Maze.Parts).
	Mask    *Bitmap
	Islands Islands
	// Weave is the chance, from 0 to 1, that an inner cell of a rectangle
	// becomes a crossing (see NewWeave); 0 makes no weave.
	Weave     float64
	Algorithm string
	Seed      uint64
	// Braid is the share of dead ends removed, adding loops (see Braid).
	Braid    float64
	Openings Openings
	// Entrance and Exit, when either is not nil, place the doors in the
	// cells at those coordinates instead of as Openings says (see
	// Maze.PlaceAt).
	Entrance, Exit *At
}

// Islands says what becomes of a mask's separate parts.
type Islands string

// The ways with islands.
const (
	// Join joins the islands into one maze by the shortest runs of cells
	// between them (see JoinIslands).
	Join Islands = "join"
	// Separate makes every island a maze of its own, each with its own
	// entrance and exit, from left to right.
	Separate Islands = "separate"
)

// Grid makes the recipe's grid: the shape at its size, woven or cut by
// its mask.
func (r Recipe) Grid() (Grid, error) {
	shape, err := LookupShape(r.Shape)
	if err != nil {
		return nil, err
	}
	if !(r.Weave >= 0 && r.Weave <= 1) {
		return nil, say.Errorf("weave %g: give a share from 0 to 1", r.Weave)
	}
	if r.Weave > 0 {
		if shape.Name != Rectangle || r.Mask != nil {
			return nil, errors.New("only a whole rectangle can weave (no other shape, no mask)")
		}
		return NewWeave(r.Size.W, r.Size.H, r.Weave, NewRand(DeriveSeed(r.Seed, "weave")))
	}
	g, err := shape.New(r.Size)
	if err != nil {
		return nil, err
	}
	if r.Mask == nil {
		return g, nil
	}
	if !shape.Masks {
		return nil, say.Errorf("a %s cannot take a mask (these can: %s)", shape.Name, strings.Join(maskShapes(), ", "))
	}
	keep := SampleMask(g, r.Mask)
	if r.Mask.Picture {
		SmoothMask(g, keep)
	}
	if r.Islands == Separate {
		if _, _, err := DropSpecks(g, keep); err != nil {
			return nil, err
		}
	} else if r.Mask.CapHeight > 0 {
		// A word: its letters joined along the baseline, never across
		// their tops.
		_, h := g.Size()
		if err := JoinText(g, keep, float64(float64(r.Mask.Baseline)/float64(r.Mask.H)*h), float64(float64(r.Mask.CapHeight)/float64(r.Mask.H)*h)); err != nil {
			return nil, err
		}
	} else if err := JoinIslands(g, keep); err != nil {
		return nil, err
	}
	return NewMasked(g, keep)
}

// maskShapes names the shapes that take masks.
func maskShapes() []string {
	var names []string
	for _, s := range shapes {
		if s.Masks {
			names = append(names, s.Name)
		}
	}
	return names
}

// Make makes the maze a recipe describes: its grid, carved by its
// algorithm from its seed, braided, with its doors.
func Make(r Recipe) (*Maze, error) {
	return makeMaze(r, nil)
}

// makeMaze is Make, recording in rec when it is not nil (see
// MakeRecorded).
func makeMaze(r Recipe, rec *Recording) (*Maze, error) {
	a, err := LookupAlgorithm(r.Algorithm)
	if err != nil {
		return nil, err
	}
	g, err := r.Grid()
	if err != nil {
		return nil, err
	}
	if !a.Supports(g) {
		return nil, say.Errorf("algorithm %q cannot carve %s (these can: %s)", a.Name, describeGrid(g), strings.Join(algorithmsFor(g), ", "))
	}
	given := r.Entrance != nil || r.Exit != nil
	if r.Islands == Separate {
		if mg, ok := g.(*Masked); ok {
			if _, n := NumberIslands(mg, allCells(mg)); n > 1 {
				if given {
					return nil, errors.New("an entrance or an exit given as a cell needs the mask's islands joined: each separate island has its own doors")
				}
				return makeParts(r, a, mg, rec)
			}
		}
	}
	m, err := a.GenerateRecorded(g, r.Seed, rec)
	if err != nil {
		return nil, err
	}
	m.rec = rec
	Braid(m, r.Braid, NewRand(DeriveSeed(r.Seed, "braid")))
	m.rec = nil
	if given {
		err = m.PlaceAt(r.Entrance, r.Exit)
	} else {
		err = m.PlaceDoors(r.Openings, NewRand(DeriveSeed(r.Seed, "doors")))
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// algorithmsFor names the registered algorithms that can carve g.
func algorithmsFor(g Grid) []string {
	var names []string
	for _, a := range algorithms {
		if a.Supports(g) {
			names = append(names, a.Name)
		}
	}
	return names
}

// MaskSize returns the block of a shape that, laid under the bitmap,
// keeps about n cells: the bitmap's proportions, scaled so that its on
// pixels cover n cells.
func MaskSize(shape Shape, b *Bitmap, n int) (Size, error) {
	if !shape.Masks {
		return Size{}, say.Errorf("a %s cannot take a mask (these can: %s)", shape.Name, strings.Join(maskShapes(), ", "))
	}
	on := b.Count()
	if on == 0 {
		return Size{}, errors.New("the mask is empty: no pixel of it is on")
	}
	aspect := float64(b.W) / float64(b.H)
	total := int(float64(n) * float64(b.W*b.H) / float64(on))
	sz := shape.BlockFor(max(total, 4), aspect)
	if b.CapHeight > 0 {
		// A word: rows enough for its capitals to read.
		rows := float64(TextMinCapRows) * float64(b.H) / b.CapSpan()
		for k := 0; k < 8 && float64(blockRows(shape, sz)) < rows; k++ {
			f := rows / float64(max(blockRows(shape, sz), 1))
			total = int(float64(total)*f*f) + 1
			sz = shape.BlockFor(total, aspect)
		}
	}
	return sz, nil
}

// TextCapRows is how many rows of cells a capital letter of a word mask
// spans when nothing else asks (see TextCells): each letter's shape, its
// strokes three cells wide, reads from arm's length. TextMinCapRows is
// the fewest it may span (see MaskSize): a long name on a small page.
const (
	TextCapRows    = 18
	TextMinCapRows = 9
)

// TextCells returns about how many cells a maze in the shape of the word
// b (a bitmap with a CapHeight) has when its capitals span TextCapRows
// rows of square cells.
func TextCells(b *Bitmap) int {
	if b.CapHeight <= 0 || b.W*b.H == 0 {
		return 0
	}
	rows := float64(TextCapRows) * float64(b.H) / b.CapSpan()
	total := rows * rows * float64(b.W) / float64(b.H)
	return int(total * float64(b.Count()) / float64(b.W*b.H))
}

// blockRows returns the rows of cells of a block of a shape.
func blockRows(shape Shape, sz Size) int {
	g, err := shape.New(sz)
	if err != nil {
		return sz.H
	}
	_, h := g.Size()
	return int(math.Round(h / shapeRowHeight(g)))
}

// shapeRowHeight returns the height of a row of cells of grid g in grid
// units: a cell's height on a rectangle, the spacing of rows elsewhere.
func shapeRowHeight(g Grid) float64 {
	if g.Cells() < 2 {
		_, h := g.Size()
		return h
	}
	_, h := g.Size()
	rows := map[float64]bool{}
	for c := 0; c < g.Cells(); c++ {
		rows[math.Round(float64(g.Center(c).Y*1000))/1000] = true
	}
	return h / float64(len(rows))
}

func allCells(g Grid) []bool {
	keep := make([]bool, g.Cells())
	for i := range keep {
		keep[i] = true
	}
	return keep
}

// makeParts makes a maze of each island of g, from left to right, each
// with its own seed, braid and doors, and puts them together as the parts
// of one maze.
func makeParts(r Recipe, a Algorithm, g *Masked, rec *Recording) (*Maze, error) {
	island, n := NumberIslands(g, allCells(g))
	// Order the islands by their leftmost point, as a word reads.
	left := make([]float64, n)
	for i := range left {
		left[i] = 1e300
	}
	for c, i := range island {
		left[i] = min(left[i], g.Center(c).X)
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return left[order[x]] < left[order[y]] })
	m := New(g)
	m.rec = rec
	defer func() { m.rec = nil }()
	parts := make([]Part, 0, n)
	for k, i := range order {
		keep := make([]bool, g.Cells())
		for c, j := range island {
			keep[c] = int(j) == i
		}
		sub, err := NewMasked(g, keep)
		if err != nil {
			return nil, err
		}
		seed := DeriveSeed(r.Seed, "island", strconv.Itoa(k))
		pm, err := a.Generate(sub, seed)
		if err != nil {
			return nil, err
		}
		Braid(pm, r.Braid, NewRand(DeriveSeed(seed, "braid")))
		if err := pm.PlaceDoors(r.Openings, NewRand(DeriveSeed(seed, "doors"))); err != nil {
			return nil, err
		}
		for c := 0; c < sub.Cells(); c++ {
			for s := 0; s < sub.Sides(c); s++ {
				if pm.Linked(c, s) {
					m.Carve(sub.BaseCell(c), s)
				}
			}
		}
		door := func(d Door) Door { return Door{Cell: sub.BaseCell(d.Cell), Side: d.Side} }
		parts = append(parts, Part{door(pm.Entrance), door(pm.Exit)})
	}
	m.SetParts(parts)
	return m, nil
}
