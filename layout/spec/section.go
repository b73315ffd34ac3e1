package spec

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"mazebook/internal/say"
	"mazebook/maze"
)

// Sheet is what a section's pages show of its mazes: section.kind.
type Sheet string

// The sheets.
const (
	// SheetMaze shows the mazes (the default).
	SheetMaze Sheet = "maze"
	// SheetBlank shows a grid of the maze's shape and size with every
	// wall standing and only its doors open, for a child to draw a maze
	// on; it has no answer.
	SheetBlank Sheet = "blank"
	// SheetGraph shows the blank grid with the maze's graph over it (a
	// dot for every cell, a line through every passage): rub out the
	// walls the lines cross and the maze appears, as the answer shows.
	SheetGraph Sheet = "graph"
	// SheetSteps is a storyboard: one maze drawn frame by frame as it is
	// made and solved (see Section.Steps).
	SheetSteps Sheet = "steps"
)

// Section is a run of mazes made the same way.
type Section struct {
	// ID keeps the section's mazes stable when other sections are added or
	// removed: maze seeds derive from it. It defaults to the title, or to
	// "section-N" for an untitled section.
	ID    string
	Title string
	// Caption is printed above each maze; a template with the variables
	// of CaptionData.
	Caption *Text
	// Count is the number of mazes.
	Count int
	// Shape is the mazes' shape, a name from maze.Shapes (rectangle,
	// circle, hexagon, triangle).
	Shape string
	// Size is the maze size as the shape reads it; its W is 0 when the
	// size is chosen from CellSize or the level. Inner is a circle's
	// middle radius, in ring widths, whatever the size.
	Size maze.Size
	// CellSize is the cell size in points that fills the maze's box; 0
	// means chosen from Size or the level.
	CellSize float64
	// Mask, when not nil, keeps only the cells under its on pixels;
	// MaskName says where it came from, for messages. MaskRows is the
	// fewest rows of cells the mask is laid over, when the level's cells
	// would be too few to read it (a word's letters).
	Mask     *maze.Bitmap
	MaskName string
	MaskRows int
	// Islands says whether a mask's separate parts (the letters of a
	// word) are joined into one maze, or each made a maze of its own with
	// its own entrance and exit.
	Islands maze.Islands
	// Weave is the share of a rectangle's inner cells that become
	// crossings, 0 to 1.
	Weave float64
	// Algorithm is a registered name, or "random"; "" means the level's
	// own (see difficulty.Levels), or kruskal for a weave.
	Algorithm string
	// Instructions are printed under the header of the section's pages and
	// on its section page.
	Instructions string
	// Braid is the share of dead ends removed, adding loops: 0 leaves the
	// mazes perfect, 1 leaves no dead end. When the section gives none
	// (see Book.Given and Path), its mazes take their level's.
	Braid float64
	// Solver is the solver whose path the answer key shows.
	Solver string
	// Difficulty is the difficulty as written ("easy", "7", "2..8"), or
	// empty. FromLevel and ToLevel are the levels it names, rising across
	// the section from the first maze to the last; both are 0 when the
	// section gives neither a difficulty nor ages. Every maze of a section
	// with levels is held to its level's band of the difficulty score.
	Difficulty         string
	FromLevel, ToLevel int
	// Ages is the age range the section is for ("4-6"), or empty. It
	// chooses the level when no difficulty is given, and large cells and
	// thick walls for young children.
	Ages string
	// MinCell is the smallest cell the section's mazes may be printed
	// with, in points: MinCell, or more for young children.
	MinCell float64
	// WallName overrides the style's wall for the section ("thick" for
	// young children, when the style gives no wall); empty otherwise.
	WallName string
	// Style is how the section's mazes and pages look: the book's style
	// with the section's own wall, markers, name line and stars.
	Style    Style
	PerPage  int
	Openings maze.Openings
	// Entrance and Exit, when either is not nil, are the cells of the
	// doors, in the shape's coordinates (see maze.Recipe): given, they
	// replace Openings.
	Entrance, Exit *maze.At

	// Sheet is what the section's pages show: its mazes, blank grids,
	// or blank grids with the mazes' graphs (section.kind).
	Sheet Sheet

	// Steps, when not nil, makes the section a storyboard (kind: steps)
	// instead of puzzles: one maze drawn frame by frame as its generator
	// makes it, and then as its solver solves it. Such a section has no
	// puzzles (Count is 0).
	Steps *Steps

	// StudyView is the view a study's class plays the section's mazes
	// in (section.study_view), maze by maze: "full" (the whole maze, the
	// default), "theseus" (the walls of the cells seen) or "torch" (a
	// few steps around the player). One view is every maze's; a list
	// gives the section's first mazes theirs in turn and begins again
	// for the rest ([full, torch] alternates them). The class's page
	// offers no other. See ViewOf.
	StudyView []string

	// Index is the section's position in the spec, from 0.
	Index int
}

// StudyViews are the views a study may play a section in
// (section.study_view), as the game names them.
var StudyViews = []string{"full", "theseus", "torch"}

// MaxStudyViews is the most views a section's study_view lists.
const MaxStudyViews = 1000

// ViewOf returns the view a study plays the section's maze k (from 0,
// its Index) in, or "" when the section names none (the full view).
func (sec *Section) ViewOf(k int) string {
	if len(sec.StudyView) == 0 || k < 0 {
		return ""
	}
	return sec.StudyView[k%len(sec.StudyView)]
}

// Steps is how a storyboard section (kind: steps) shows its maze being
// made: every key is 0 when the spec leaves it to be chosen.
type Steps struct {
	// Every is the generator's moves per frame, SolveEvery the solver's
	// steps per frame.
	Every, SolveEvery int
	// Columns is the number of frames across a page.
	Columns int
	// Solve is true when the section names a solver: the storyboard goes
	// on to show its search.
	Solve bool
}

// StepsSide is the side of a storyboard's square maze when the section
// gives no size, and MaxStepsCells the most cells its maze may have.
const (
	StepsSide     = 8
	MaxStepsCells = 1600
)

// sectionKeyList is every key a section takes, listed once, and which a
// storyboard (kind: steps) takes: those marked steps; those marked
// stepsOnly are a storyboard's alone. The reading of a section
// (sectionFields) reads exactly these keys, and docs/spec.md lists a
// storyboard's (tests hold both to it).
var sectionKeyList = []struct {
	key              string
	steps, stepsOnly bool
}{
	{"id", true, false}, {"title", true, false}, {"kind", true, false}, {"caption", false, false}, {"count", false, false},
	{"every", true, true}, {"solve_every", true, true}, {"columns", true, true},
	{"shape", true, false}, {"cell", false, false}, {"mask", false, false}, {"size", true, false}, {"inner", true, false}, {"islands", false, false},
	{"weave", false, false}, {"algorithm", true, false}, {"difficulty", false, false}, {"ages", false, false},
	{"per_page", false, false}, {"style", true, false}, {"openings", true, false}, {"entrance", false, false}, {"exit", false, false},
	{"instructions", true, false}, {"braid", true, false}, {"solver", true, false}, {"study_view", false, false},
}

// stepsKeys are the keys a storyboard section takes, and stepsOnlyKeys
// those only a storyboard takes, in sectionKeyList's order.
var stepsKeys, stepsOnlyKeys = func() (map[string]bool, []string) {
	all, only := map[string]bool{}, []string(nil)
	for _, k := range sectionKeyList {
		if k.steps {
			all[k.key] = true
		}
		if k.stepsOnly {
			only = append(only, k.key)
		}
	}
	return all, only
}()

// Path returns the path of one of the section's keys in the spec, for
// Book.Given, Book.Pos and Book.ErrorAt: "sections.2.braid" for the third
// section's braid.
func (sec *Section) Path(key string) string {
	return "sections." + strconv.Itoa(sec.Index) + "." + key
}

// Name names the section in messages: section 2 ("Warm-up").
func (sec *Section) Name() say.Text {
	if sec.Title != "" {
		return say.T("section %d (%q)", sec.Index+1, sec.Title)
	}
	return say.T("section %d", sec.Index+1)
}

// Young reports whether the section is for young children: its ages' middle
// is under seven (see AgesPreset).
func (sec *Section) Young() bool {
	if sec.Ages == "" {
		return false
	}
	from, to, err := ParseAges(sec.Ages)
	return err == nil && (from+to)/2 < 7
}

// Label names the section in tables: its title, else its id.
func (sec *Section) Label() string {
	if sec.Title != "" {
		return sec.Title
	}
	return sec.ID
}

// Kind is the kind of grid the section's mazes are carved in, as
// maze.AlgorithmsFor reads it: a weave, a mask, or the shape.
func (sec *Section) Kind() string {
	switch {
	case sec.Weave > 0:
		return maze.KindWeave
	case sec.Mask != nil:
		return maze.KindMask
	}
	return sec.Shape
}

// The difficulty names and the levels they stand for.
var difficultyNames = map[string]int{"easy": 3, "medium": 5, "hard": 7, "expert": 9}

// DifficultyName returns the name of a level ("easy" for 3), or "" for
// a level without one.
func DifficultyName(level int) string {
	for name, l := range difficultyNames {
		if l == level {
			return name
		}
	}
	return ""
}

// WordRows is the fewest rows of cells a word's mask is laid over, so
// that its letters read.
const WordRows = 12

// DefaultLevel sizes the mazes of a section that gives no difficulty, size
// or cell: medium.
const DefaultLevel = 5

// MinCell is the smallest cell, in points, a maze may be printed with: 2mm,
// about the smallest a pencil can still find its way through.
const MinCell = 2 * PointsPerMM

// perPageGrids are the numbers of mazes a page can hold, rising, each
// with the columns and rows of the grid a portrait page lays them out in.
var perPageGrids = [][3]int{{1, 1, 1}, {2, 1, 2}, {3, 1, 3}, {4, 2, 2}, {6, 2, 3}, {8, 2, 4}, {9, 3, 3}, {12, 3, 4}}

// PerPageChoices are the numbers of mazes a page can hold, rising.
var PerPageChoices = func() []int {
	out := make([]int, len(perPageGrids))
	for i, g := range perPageGrids {
		out[i] = g[0]
	}
	return out
}()

// PerPageGrid returns the columns and rows of the grid a portrait page
// holding per mazes lays them out in: its own for one of PerPageChoices,
// the squarest that holds them for another count.
func PerPageGrid(per int) (cols, rows int) {
	for _, g := range perPageGrids {
		if g[0] == per {
			return g[1], g[2]
		}
	}
	c := int(math.Ceil(math.Sqrt(float64(per))))
	return c, (per + c - 1) / c
}

func (d *decoder) perPage(dst *int) field {
	return func(n *yaml.Node, path string) {
		var v int
		d.integer(&v, 1, 12)(n, path)
		for _, c := range PerPageChoices {
			if v == c {
				*dst = v
				return
			}
		}
		if v != 0 {
			d.errorf(n, "per_page must be one of 1, 2, 3, 4, 6, 8, 9 or 12, not %d", v)
		}
	}
}

func (d *decoder) sections(n *yaml.Node, path string) {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "sections must be a list (each item starting with '-'), not %s", describe(n))
		return
	}
	if len(n.Content) == 0 {
		d.errorf(n, "sections is empty: add at least one section")
	}
	if len(n.Content) > MaxSections {
		d.errorf(n, "the spec has %v; the most is %d", say.Plural(len(n.Content), "%d section", "%d sections"), MaxSections)
		return
	}
	ids := map[string]int{}
	total := 0
	for i, item := range n.Content {
		// The item's place, for an error about the section as a whole
		// (see Book.ErrorAt).
		d.spec.at[fmt.Sprintf("%s.%d", path, i)] = pos{item.Line, item.Column}
		sec := d.section(item, fmt.Sprintf("%s.%d", path, i), i)
		if sec == nil {
			continue
		}
		if prev, dup := ids[sec.ID]; dup {
			d.errorf(item, "section %d has the same id %q as section %d: give one of them an id (or a different title), so their mazes stay apart", i+1, sec.ID, prev+1)
		}
		ids[sec.ID] = i
		total += sec.Count
		d.spec.Sections = append(d.spec.Sections, *sec)
	}
	if total > MaxMazes {
		d.errorf(n, "the book has %v; the most is %d", say.Plural(total, "%d maze", "%d mazes"), MaxMazes)
	}
}

// section reads one section of the list, as the book is read: its keys
// (sectionKeys), then what hangs on several of them (settleSection). It
// returns nil when the section has a problem.
func (d *decoder) section(n *yaml.Node, path string, index int) *Section {
	before := len(d.errs)
	sec, w := d.sectionKeys(n, path, index)
	d.settleSection(n, path, sec, w)
	if len(d.errs) > before {
		return nil
	}
	return sec
}

// sectionWritten is what a section's keys say that is read only once the
// others are known: its shape's size, its doors, its kind and its
// storyboard.
type sectionWritten struct {
	size, openings, sheet string
	entrance, exit        *yaml.Node
	steps                 Steps
	// stepsOnly are the storyboard's keys given, for a section that is
	// not one.
	stepsOnly map[string]*yaml.Node
}

// newSection returns section index (from 0) of a spec that writes none
// of its keys: a section's defaults, said once (see Default).
func newSection(index int) *Section {
	return &Section{Count: 1, Shape: maze.Rectangle, PerPage: 1, Openings: maze.Corners, Solver: "bfs", MinCell: MinCell, Sheet: SheetMaze, Index: index, Caption: defaultCaption}
}

// sectionKeys reads a section's keys, each checked in itself.
func (d *decoder) sectionKeys(n *yaml.Node, path string, index int) (*Section, *sectionWritten) {
	sec := newSection(index)
	w := &sectionWritten{stepsOnly: map[string]*yaml.Node{}}
	d.mapping(n, path, fmt.Sprintf("section %d", index+1), d.sectionFields(sec, w))
	return sec, w
}

// sectionFields returns the readers of a section's keys, into sec and
// w: one for each key of sectionKeyList.
func (d *decoder) sectionFields(sec *Section, w *sectionWritten) map[string]field {
	stepsInt := func(dst *int, key string, lo, hi int) field {
		return func(n *yaml.Node, path string) {
			w.stepsOnly[key] = n
			d.integer(dst, lo, hi)(n, path)
		}
	}
	scalar := func(dst *string) field {
		return func(n *yaml.Node, path string) { *dst, _ = d.scalar(n, lastKey(path)) }
	}
	return map[string]field{
		"id":          d.str(&sec.ID),
		"title":       d.str(&sec.Title),
		"kind":        d.oneOf(&w.sheet, string(SheetMaze), string(SheetBlank), string(SheetGraph), string(SheetSteps)),
		"caption":     d.template(&sec.Caption, captionVariables, CaptionData{}),
		"count":       d.integer(&sec.Count, 1, MaxMazes),
		"every":       stepsInt(&w.steps.Every, "every", 1, 100000),
		"solve_every": stepsInt(&w.steps.SolveEvery, "solve_every", 1, 100000),
		"columns":     stepsInt(&w.steps.Columns, "columns", 1, 12),
		"shape": func(n *yaml.Node, path string) {
			v, ok := d.scalar(n, "shape")
			if !ok {
				return
			}
			if _, err := maze.LookupShape(v); err != nil {
				d.errorf(n, "%v", err)
				return
			}
			sec.Shape = v
		},
		"size":  scalar(&w.size),
		"inner": d.number(&sec.Size.Inner, maze.MinInner, maze.MaxInner),
		"cell": func(n *yaml.Node, path string) {
			ok := len(d.errs)
			d.length(&sec.CellSize, maxLength)(n, path)
			if len(d.errs) == ok && sec.CellSize == 0 {
				d.errorf(n, "cell must be larger than 0")
			}
		},
		"mask": func(n *yaml.Node, path string) {
			sec.Mask, sec.MaskName = d.mask(n)
			if isWord(sec.MaskName) {
				sec.MaskRows = WordRows
			}
		},
		"islands": func(n *yaml.Node, path string) {
			var v string
			d.oneOf(&v, string(maze.Join), string(maze.Separate))(n, path)
			sec.Islands = maze.Islands(v)
		},
		"weave":      d.number(&sec.Weave, 0, 1),
		"algorithm":  scalar(&sec.Algorithm),
		"difficulty": d.difficulty(sec),
		"ages": func(n *yaml.Node, path string) {
			v, ok := d.scalar(n, "ages")
			if !ok {
				return
			}
			if _, _, err := ParseAges(v); err != nil {
				d.errorf(n, "%v", err)
				return
			}
			sec.Ages = v
		},
		"per_page":     d.perPage(&sec.PerPage),
		"style":        d.sectionStyle(sec),
		"openings":     d.oneOf(&w.openings, maze.OpeningsNames()...),
		"entrance":     func(n *yaml.Node, _ string) { w.entrance = n },
		"exit":         func(n *yaml.Node, _ string) { w.exit = n },
		"instructions": d.str(&sec.Instructions),
		"study_view":   d.views(&sec.StudyView),
		"braid":        d.number(&sec.Braid, 0, 1),
		"solver": func(n *yaml.Node, path string) {
			v, ok := d.scalar(n, "solver")
			if !ok {
				return
			}
			if _, err := maze.LookupSolver(v); err != nil {
				d.errorf(n, "%v", err)
				return
			}
			sec.Solver = v
		},
	}
}

// difficulty reads a section's difficulty: a level, a name or a range.
func (d *decoder) difficulty(sec *Section) field {
	return func(n *yaml.Node, path string) {
		v, ok := d.scalar(n, "difficulty")
		if !ok {
			return
		}
		from, to, err := ParseDifficulty(v)
		if err != nil {
			d.errorf(n, "%v", err)
			return
		}
		sec.Difficulty, sec.FromLevel, sec.ToLevel = v, from, to
	}
}

// settleSection reads what a section's keys say together (its size on
// its shape, its doors, its caption) and checks the keys that do not go
// together; n is the section's mapping, at path.
func (d *decoder) settleSection(n *yaml.Node, path string, sec *Section, w *sectionWritten) {
	given := func(key string) bool { return d.spec.Given(path + "." + key) }
	if Sheet(w.sheet) == SheetSteps {
		d.stepsSection(n, sec, &w.steps, given("solver"), !given("size"))
	} else {
		for _, key := range stepsOnlyKeys {
			if kn := w.stepsOnly[key]; kn != nil {
				d.errorf(kn, "%s is for a storyboard: give it with kind: steps", key)
			}
		}
	}
	shape, _ := maze.LookupShape(sec.Shape)
	if w.openings != "" {
		sec.Openings = maze.Openings(w.openings)
	}
	if w.size != "" {
		if sz, err := shape.Parse(w.size); err != nil {
			d.errorAt(path+".size", "size: %v", err)
		} else {
			sz.Inner = sec.Size.Inner
			sec.Size = sz
		}
	}
	if shape.Middle && sec.Size.Inner == 0 {
		sec.Size.Inner = maze.DefaultInner
	}
	if sec.Steps != nil {
		d.settleStoryboard(path, sec, shape)
	}
	if given("inner") && !shape.Middle {
		d.errorAt(path+".inner", "inner is the radius of a circle's middle: give it with shape: circle")
	}
	if given("size") && sec.CellSize > 0 {
		d.errorAt(path+".cell", "give either size or cell, not both: size fixes the cells, cell fills the page with cells of that size")
	}
	if sec.Mask != nil && !shape.Masks {
		d.errorAt(path+".mask", "a %s cannot take a mask: give shape rectangle, hexagon or triangle", sec.Shape)
	}
	if given("islands") && !given("mask") {
		d.errorAt(path+".islands", "islands says what becomes of a mask's separate parts: give it with a mask")
	}
	if sec.Weave > 0 && (sec.Shape != maze.Rectangle || sec.Mask != nil) {
		d.errorAt(path+".weave", "only a whole rectangle can weave: leave out the shape and the mask, or the weave")
	}
	if w.sheet != "" {
		sec.Sheet = Sheet(w.sheet)
	}
	if (sec.Sheet == SheetBlank || sec.Sheet == SheetGraph) && sec.Weave > 0 {
		d.errorAt(path+".kind", "kind %s draws a grid without crossings: leave out the weave", sec.Sheet)
	}
	d.doorCells(sec, shape, w.entrance, w.exit, path+".openings")
	if sec.Weave > 0 && !given("algorithm") {
		sec.Algorithm = "kruskal" // the one that weaves
	}
	if given("algorithm") && sec.Algorithm != Random {
		a, err := maze.LookupAlgorithm(sec.Algorithm)
		switch {
		case err != nil:
			d.errorAt(path+".algorithm", "%v", strings.Replace(err.Error(), "(known: ", "(known: random, ", 1))
		case !a.Carves(sec.Kind()):
			d.errorAt(path+".algorithm", "algorithm %q cannot carve %s (these can: %s)", a.Name, kindName(sec.Kind()), strings.Join(maze.AlgorithmsFor(sec.Kind()), ", "))
		}
	}
	if sec.ID == "" {
		sec.ID = sec.Title
	}
	if sec.ID == "" {
		sec.ID = fmt.Sprintf("section-%d", sec.Index+1)
	}
}

// settleStoryboard gives a storyboard without a size its maze's, and
// checks its frames can be read.
func (d *decoder) settleStoryboard(path string, sec *Section, shape maze.Shape) {
	if sec.Size.W == 0 {
		inner := sec.Size.Inner
		sec.Size = maze.Size{W: StepsSide, H: StepsSide}
		if shape.Name != maze.Rectangle {
			sec.Size = shape.ForCells(StepsSide*StepsSide, 1)
		}
		sec.Size.Inner = inner
	}
	if g, err := shape.New(sec.Size); err == nil && g.Cells() > MaxStepsCells {
		d.errorAt(path+".size", "a storyboard's maze has at most %d cells; this %s has %d (its frames would be too small to read)", MaxStepsCells, sec.Shape, g.Cells())
	}
}

// kindName says a kind of grid for messages: "a circle", "a mask", "a
// weave".
func kindName(kind string) string { return "a " + kind }

// stepsSection settles a storyboard section (kind: steps): it takes only
// the keys of stepsKeys (an error at each other key), holds no puzzles,
// and is carved by prim unless it names an algorithm.
func (d *decoder) stepsSection(n *yaml.Node, sec *Section, steps *Steps, solver, noSize bool) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if !stepsKeys[k.Value] {
			keys := make([]string, 0, len(stepsKeys))
			for key := range stepsKeys {
				keys = append(keys, key)
			}
			sort.Strings(keys)
			d.errorf(k, "%s is not for a storyboard (kind: steps takes %s)", k.Value, strings.Join(keys, ", "))
		}
	}
	steps.Solve = solver
	sec.Steps, sec.Count = steps, 0
	if sec.Algorithm == "" {
		sec.Algorithm = "prim"
	}
}
