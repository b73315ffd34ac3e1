package main

import (
	"strings"

	"mazebook/layout/plan"
	"mazebook/maze"
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
}

// recipeFlagNames are the names of the flags addRecipeFlags adds.
var recipeFlagNames = []string{"shape", "size", "inner", "mask", "text", "islands", "weave", "algorithm", "seed", "openings", "braid"}

// addRecipeFlags adds the flags of a maze's recipe to fs.
func addRecipeFlags(fs *flagSet) *recipeFlags {
	return &recipeFlags{
		cmd:       fs.Name(),
		shape:     fs.String("shape", maze.Rectangle, "the shape: "+strings.Join(maze.ShapeNames(), ", ")),
		size:      fs.String("size", "", "the size, as the shape reads it: `SIZE` (rectangle COLUMNSxROWS; circle RINGS; hexagon or triangle SIDE or COLUMNSxROWS);\nby default about 400 cells (20x20)"),
		inner:     fs.Float64("inner", maze.DefaultInner, "a circle's middle radius, in ring widths"),
		mask:      fs.String("mask", "", "carve only inside a shape: a .png or .jpg silhouette (dark pixels) or a .txt of X and . art, `FILE`"),
		word:      fs.String("text", "", "carve only inside a `WORD` set in the embedded font (a child's name)"),
		islands:   fs.String("islands", "join", "a mask's separate parts (a word's letters): join them into one maze, or make each a maze of its own: join or separate"),
		weave:     fs.Float64("weave", 0, "share of inner cells of a rectangle that become crossings, 0 to 1 (kruskal)"),
		algorithm: fs.String("algorithm", "", "the generator (see 'mazebook algorithms'; default backtracker, or kruskal for a weave)"),
		seed:      fs.Uint64("seed", 1, "the seed: the same seed gives the same maze"),
		openings:  fs.String("openings", "corners", "where the entrance and exit go: corners, sides, longest or center (the goal in the middle)"),
		braid:     fs.Float64("braid", 0, "share of dead ends to remove, adding loops: 0 (perfect) to 1 (no dead ends)"),
	}
}

// recipe returns the recipe the flags give, and its shape, or a usage
// error naming the flag that is wrong.
func (f *recipeFlags) recipe() (maze.Recipe, maze.Shape, error) {
	r := maze.Recipe{Algorithm: *f.algorithm, Seed: *f.seed, Braid: *f.braid, Weave: *f.weave}
	shape, err := maze.LookupShape(*f.shape)
	if err != nil {
		return r, shape, usagef("mazebook %s: --shape: %v", f.cmd, err)
	}
	r.Shape = shape.Name
	if *f.size == "" {
		r.Size = shape.ForCells(defaultMazeCells, 1)
	} else if r.Size, err = shape.Parse(*f.size); err != nil {
		return r, shape, usagef("mazebook %s: --size: %v", f.cmd, err)
	}
	if shape.Middle {
		if !(*f.inner >= maze.MinInner && *f.inner <= maze.MaxInner) {
			return r, shape, usagef("mazebook %s: --inner must be from %g to %g", f.cmd, float64(maze.MinInner), float64(maze.MaxInner))
		}
		r.Size.Inner = *f.inner
	}
	if !(*f.braid >= 0 && *f.braid <= 1) {
		return r, shape, usagef("mazebook %s: --braid must be from 0 to 1", f.cmd)
	}
	if !(*f.weave >= 0 && *f.weave <= 1) {
		return r, shape, usagef("mazebook %s: --weave must be from 0 to 1", f.cmd)
	}
	if *f.mask != "" && *f.word != "" {
		return r, shape, usagef("mazebook %s: give --mask or --text, not both", f.cmd)
	}
	if *f.mask != "" || *f.word != "" {
		if r.Mask, err = readMask(*f.mask, *f.word); err != nil {
			return r, shape, usagef("mazebook %s: %v", f.cmd, err)
		}
	}
	switch r.Islands = maze.Islands(*f.islands); r.Islands {
	case maze.Join, maze.Separate:
	default:
		return r, shape, usagef("mazebook %s: --islands %q is unknown (known: join, separate)", f.cmd, *f.islands)
	}
	if r.Algorithm == "" {
		r.Algorithm = plan.DefaultAlgorithm
		if r.Weave > 0 {
			r.Algorithm = "kruskal"
		}
	}
	if _, err := maze.LookupAlgorithm(r.Algorithm); err != nil {
		return r, shape, usagef("mazebook %s: --algorithm: %v", f.cmd, err)
	}
	if r.Openings, err = maze.ParseOpenings(*f.openings); err != nil {
		return r, shape, usagef("mazebook %s: --openings: %v", f.cmd, err)
	}
	return r, shape, nil
}
