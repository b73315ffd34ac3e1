package main

import (
	"strings"

	"mazebook/layout"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/maze"
	"mazebook/maze/difficulty"
)

// recipeFlags are the flags that say which maze to make, shared by the
// commands that make one maze ('mazebook maze', 'mazebook play').
type recipeFlags struct {
	cmd       string // "maze", for messages
	shape     *string
	size      *string
	inner     *float64
	mask      *string
	word      *string
	islands   *string
	weave     *float64
	algorithm *string
	seed      *uint64
	openings  *string
	braid     *float64
	// difficulty is the --difficulty flag; level the level it names,
	// once recipe has read it (0 without one).
	difficulty *string
	level      int
}

// recipeFlagNames are the names of the flags addRecipeFlags adds.
var recipeFlagNames = []string{"shape", "size", "difficulty", "inner", "mask", "text", "islands", "weave", "algorithm", "seed", "openings", "braid"}

// addRecipeFlags adds the flags of a maze's recipe to fs.
func addRecipeFlags(fs *flagSet) *recipeFlags {
	return &recipeFlags{
		cmd:        fs.Name(),
		shape:      fs.String("shape", maze.Rectangle, "the shape: "+strings.Join(maze.ShapeNames(), ", ")),
		size:       fs.String("size", "", "the size, as the shape reads it: `SIZE` (rectangle COLUMNSxROWS; circle RINGS; hexagon or triangle SIDE or COLUMNSxROWS);\nby default about 400 cells (20x20)"),
		inner:      fs.Float64("inner", maze.DefaultInner, "a circle's middle radius, in ring widths"),
		mask:       fs.String("mask", "", "carve only inside a shape: a .png or .jpg silhouette (dark pixels) or a .txt of X and . art, `FILE`"),
		word:       fs.String("text", "", "carve only inside a `WORD` set in the embedded font (a child's name)"),
		islands:    fs.String("islands", "join", "a mask's separate parts (a word's letters): join them into one maze, or make each a maze of its own: join or separate"),
		weave:      fs.Float64("weave", 0, "share of inner cells of a rectangle that become crossings, 0 to 1 (kruskal)"),
		algorithm:  fs.String("algorithm", "", "the generator (see 'mazebook algorithms'; default backtracker, or kruskal for a weave)"),
		seed:       fs.Uint64("seed", 1, "the seed: the same seed gives the same maze"),
		openings:   fs.String("openings", "corners", "where the entrance and exit go: corners, top-bottom, sides, longest or center (the goal in the middle)"),
		braid:      fs.Float64("braid", 0, "share of dead ends to remove, adding loops: 0 (perfect) to 1 (no dead ends)"),
		difficulty: fs.String("difficulty", "", "a `LEVEL` the maze is held to, as a book's section is: 1 to 10, easy, medium, hard or expert;\nit chooses the size (give --size or --difficulty, not both) and the seed's first candidate in the level's band"),
	}
}

// recipe returns the recipe the flags give, and its shape, or a usage
// error naming the flag that is wrong.
func (f *recipeFlags) recipe() (maze.Recipe, maze.Shape, error) {
	r := maze.Recipe{Algorithm: *f.algorithm, Seed: *f.seed, Braid: *f.braid, Weave: *f.weave}
	shape, err := maze.LookupShape(*f.shape)
	if err != nil {
		return r, shape, usagef("--shape: %v", err)
	}
	r.Shape = shape.Name
	switch {
	case *f.difficulty != "" && *f.size != "":
		return r, shape, usagef("give --size or --difficulty, not both: a size fixes how hard a maze is, and --difficulty chooses the size")
	case *f.difficulty != "":
		from, to, err := spec.ParseDifficulty(*f.difficulty)
		if err != nil || from != to {
			return r, shape, usagef("--difficulty %q is not a level: use 1 to %d, easy, medium, hard or expert", *f.difficulty, maze.MaxLevel)
		}
		f.level = from
		r.Size = shape.ForCells(difficulty.LevelCells(shape.Name, from), 1)
	case *f.size == "":
		r.Size = shape.ForCells(defaultMazeCells, 1)
	default:
		if r.Size, err = shape.Parse(*f.size); err != nil {
			return r, shape, usagef("--size: %v", err)
		}
	}
	if shape.Middle {
		if !(*f.inner >= maze.MinInner && *f.inner <= maze.MaxInner) {
			return r, shape, usagef("--inner must be from %g to %g", float64(maze.MinInner), float64(maze.MaxInner))
		}
		r.Size.Inner = *f.inner
	}
	if !(*f.braid >= 0 && *f.braid <= 1) {
		return r, shape, usagef("--braid must be from 0 to 1")
	}
	if !(*f.weave >= 0 && *f.weave <= 1) {
		return r, shape, usagef("--weave must be from 0 to 1")
	}
	if *f.mask != "" && *f.word != "" {
		return r, shape, usagef("give --mask or --text, not both")
	}
	if *f.mask != "" || *f.word != "" {
		if r.Mask, err = readMask(*f.mask, *f.word); err != nil {
			return r, shape, usageError{err}
		}
		if *f.size == "" {
			// The grid takes the mask's proportions (a word, rows enough
			// for its letters to read).
			cells := defaultMazeCells
			switch {
			case f.level > 0:
				cells = difficulty.LevelCells(shape.Name, f.level)
			case r.Mask.CapHeight > 0:
				cells = maze.TextCells(r.Mask) // a name, its letters clear
			}
			inner := r.Size.Inner
			if r.Size, err = maze.MaskSize(shape, r.Mask, cells); err != nil {
				return r, shape, usageError{err}
			}
			r.Size.Inner = inner
		}
	}
	switch r.Islands = maze.Islands(*f.islands); r.Islands {
	case maze.Join, maze.Separate:
	default:
		return r, shape, usagef("--islands %q is unknown (known: join, separate)", *f.islands)
	}
	if r.Algorithm == "" {
		r.Algorithm = plan.DefaultAlgorithm
		if r.Weave > 0 {
			r.Algorithm = "kruskal"
		}
	}
	if _, err := maze.LookupAlgorithm(r.Algorithm); err != nil {
		return r, shape, usagef("--algorithm: %v", err)
	}
	if r.Openings, err = maze.ParseOpenings(*f.openings); err != nil {
		return r, shape, usagef("--openings: %v", err)
	}
	return r, shape, nil
}

// atLevel returns the recipe of the maze to make: r, or with --difficulty
// the candidate of r held to the level, as a book chooses it.
func (f *recipeFlags) atLevel(r maze.Recipe) (maze.Recipe, error) {
	if f.level == 0 {
		return r, nil
	}
	made, err := layout.MakeAtLevel(r, f.level, "bfs")
	if err != nil {
		return r, usagef("--difficulty: %v", err)
	}
	return made.Recipe, nil
}
