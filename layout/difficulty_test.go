package layout_test

import (
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/layout/stats"
	"mazebook/maze"
	"mazebook/maze/difficulty"
)

func TestParseDifficulty(t *testing.T) {
	tests := []struct {
		in       string
		from, to int
		err      string
	}{
		{"easy", 3, 3, ""},
		{"Medium", 5, 5, ""},
		{"hard", 7, 7, ""},
		{"expert", 9, 9, ""},
		{"1", 1, 1, ""},
		{"10", 10, 10, ""},
		{"2..8", 2, 8, ""},
		{"easy..expert", 3, 9, ""},
		{"4..4", 4, 4, ""},
		{"0", 0, 0, "not a level"},
		{"11", 0, 0, "not a level"},
		{"extreme", 0, 0, "not a level"},
		{"8..2", 0, 0, "falls"},
		{"2..", 0, 0, "not a level"},
		{"..3", 0, 0, "not a level"},
	}
	for _, tt := range tests {
		from, to, err := spec.ParseDifficulty(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || from != tt.from || to != tt.to {
			t.Errorf("%q: %d..%d, %v; want %d..%d", tt.in, from, to, err, tt.from, tt.to)
		}
	}
}

func TestAges(t *testing.T) {
	tests := []struct {
		in       string
		from, to int
		level    int
		wall     string
		bad      bool
	}{
		{"4-6", 4, 6, 1, "thick", false},
		{"6-8", 6, 8, 3, "thick", false},
		{"8-10", 8, 10, 5, "medium", false},
		{"10-12", 10, 12, 7, "medium", false},
		{"12-14", 12, 14, 9, "medium", false},
		{"12+", 12, 18, 10, "medium", false},
		{"7", 7, 7, 3, "thick", false},
		{"6-4", 0, 0, 0, "", true},
		{"four", 0, 0, 0, "", true},
		{"1-3", 0, 0, 0, "", true},
	}
	for _, tt := range tests {
		from, to, err := spec.ParseAges(tt.in)
		if tt.bad {
			if err == nil {
				t.Errorf("%q: no error", tt.in)
			}
			continue
		}
		if err != nil || from != tt.from || to != tt.to {
			t.Errorf("%q: %d-%d, %v", tt.in, from, to, err)
			continue
		}
		p := spec.AgesPreset(from, to)
		if p.Level != tt.level || p.Wall != tt.wall {
			t.Errorf("%q: preset %+v, want level %d, wall %s", tt.in, p, tt.level, tt.wall)
		}
	}
	// Ages choose the level, big cells and thick walls; a difficulty
	// given beside them wins; a wall in the style wins.
	sp := parse(t, `
sections:
  - {ages: 4-6, count: 2, per_page: 2}
  - {ages: 4-6, difficulty: 3}
`)
	if s := sp.Sections[0]; s.FromLevel != 1 || s.WallName != "thick" || s.MinCell < 12*spec.PointsPerMM {
		t.Errorf("ages 4-6: %+v", s)
	}
	if s := sp.Sections[1]; s.FromLevel != 3 {
		t.Errorf("ages with difficulty 3: level %d", s.FromLevel)
	}
	sp = parse(t, "style: {wall: 1pt}\nsections: [{ages: 4-6}]\n")
	if s := sp.Sections[0]; s.WallName != "" {
		t.Errorf("ages overrode the style's wall: %q", s.WallName)
	}
	book := build(t, "sections: [{ages: 4-6, count: 4, per_page: 4}]\n")
	for i, made := range book.Mazes {
		if r := made.Rating; r.Level != 1 || book.Plan.Mazes[i].Cell < 12*spec.PointsPerMM {
			t.Errorf("maze %d for ages 4-6: level %d, cell %.1fpt", i+1, r.Level, book.Plan.Mazes[i].Cell)
		}
	}
}

func parse(t *testing.T, src string) *spec.Book {
	t.Helper()
	sp, err := spec.Parse("test.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

func build(t *testing.T, src string) *layout.Book {
	t.Helper()
	book, err := layout.Build(parse(t, src), layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return book
}

// TestMazesKeepToTheirLevel builds sections held to each level and checks
// every maze's score against its band.
func TestMazesKeepToTheirLevel(t *testing.T) {
	var src strings.Builder
	src.WriteString("seed: 5\nsections:\n")
	for l := 1; l <= maze.MaxLevel; l++ {
		fmt.Fprintf(&src, "  - {difficulty: %d, count: 3}\n", l)
	}
	book := build(t, src.String())
	for i, mp := range book.Plan.Mazes {
		band := difficulty.Levels()[mp.Level-1]
		if s := book.Mazes[i].Rating.Score; s < band.Min || s >= band.Max || book.Mazes[i].Rating.Level != mp.Level {
			t.Errorf("maze %d: level %d, score %.1f (level %d) outside [%g, %g)", mp.Number, mp.Level, s, book.Mazes[i].Rating.Level, band.Min, band.Max)
		}
		// The maze is the one its recorded recipe makes.
		r := book.Mazes[i].Recipe
		again, err := maze.Make(r)
		if err != nil {
			t.Fatal(err)
		}
		if got := layout.Rate(again).Score; got != book.Mazes[i].Rating.Score {
			t.Errorf("maze %d: seed %d remakes a maze scoring %.1f, not %.1f", mp.Number, r.Seed, got, book.Mazes[i].Rating.Score)
		}
	}
}

// TestSearchReportsWhatItSaw: each maze held to a level records how many
// candidates the search rated and their mean effort, which remaking those
// candidates confirms; a maze held to no level saw itself alone.
func TestSearchReportsWhatItSaw(t *testing.T) {
	book := build(t, "seed: 4\nsections:\n  - {difficulty: 4..6, count: 6}\n  - {size: 7x7, count: 2}\n")
	for i, made := range book.Mazes {
		seen := made.Seen
		if seen.Candidates < 1 || seen.Candidates > layout.Candidates {
			t.Fatalf("maze %d: %d candidates", i+1, seen.Candidates)
		}
		if book.Plan.Mazes[i].Level == 0 {
			if seen.Candidates != 1 || seen.Effort != made.Rating.Effort {
				t.Errorf("maze %d, no level: saw %+v", i+1, seen)
			}
			continue
		}
		// Which plan entry made it (rising sections sort their mazes).
		j := -1
		for k := range book.Plan.Mazes {
			for c := range seen.Candidates {
				if book.Plan.Candidate(k, c).Seed == made.Recipe.Seed {
					j = k
				}
			}
		}
		if j < 0 {
			t.Fatalf("maze %d: no plan entry has seed %d among its candidates", i+1, made.Recipe.Seed)
		}
		sum := 0.0
		for c := range seen.Candidates {
			m, err := maze.Make(book.Plan.Candidate(j, c))
			if err != nil {
				t.Fatal(err)
			}
			sum += layout.Rate(m).Effort
		}
		if mean := sum / float64(seen.Candidates); math.Abs(mean-seen.Effort) > 1e-6*mean {
			t.Errorf("maze %d: saw %d candidates of mean effort %.3f; remade, they have %.3f", i+1, seen.Candidates, seen.Effort, mean)
		}
	}
}

// TestRisingSectionsNeverFall checks that within a section whose
// difficulty rises, the level follows the range and no maze scores less
// than the one before it, on several seeds.
func TestRisingSectionsNeverFall(t *testing.T) {
	for _, seed := range []int{1, 2, 3, 99} {
		book := build(t, fmt.Sprintf("seed: %d\nsections:\n  - {difficulty: 2..8, count: 13, per_page: 1}\n  - {difficulty: easy..hard, count: 6}\n", seed))
		prev := map[int]float64{}
		prevLevel := map[int]int{}
		for i, mp := range book.Plan.Mazes {
			r := book.Mazes[i].Rating
			if p, ok := prev[mp.Section]; ok && r.Score < p {
				t.Errorf("seed %d: maze %d scores %.1f, less than %.1f before it", seed, mp.Number, r.Score, p)
			}
			if mp.Level < prevLevel[mp.Section] {
				t.Errorf("seed %d: maze %d at level %d after level %d", seed, mp.Number, mp.Level, prevLevel[mp.Section])
			}
			prev[mp.Section], prevLevel[mp.Section] = r.Score, mp.Level
		}
		first, last := book.Plan.Mazes[0], book.Plan.Mazes[12]
		if first.Level != 2 || last.Level != 8 {
			t.Errorf("seed %d: levels run %d..%d, want 2..8", seed, first.Level, last.Level)
		}
	}
}

// TestCandidateSearchIsReproducible builds a book twice, and once with a
// section added before: every maze gets the same seed and score.
func TestCandidateSearchIsReproducible(t *testing.T) {
	const src = "seed: 8\nsections:\n  - {id: ramp, difficulty: 3..9, count: 7}\n  - {id: hard, difficulty: hard, count: 4, per_page: 2}\n"
	a, b := build(t, src), build(t, src)
	c := build(t, strings.Replace(src, "sections:\n", "sections:\n  - {id: extra, difficulty: 6, count: 3}\n", 1))
	for i, mp := range a.Plan.Mazes {
		for _, other := range []*layout.Book{b, c} {
			j := i + len(other.Plan.Mazes) - len(a.Plan.Mazes)
			if ro, ra := other.Mazes[j].Recipe, a.Mazes[i].Recipe; ro.Seed != ra.Seed || other.Mazes[j].Rating.Score != a.Mazes[i].Rating.Score {
				t.Errorf("maze %d: seed %d score %.1f, then seed %d score %.1f", mp.Number, ra.Seed, a.Mazes[i].Rating.Score, ro.Seed, other.Mazes[j].Rating.Score)
			}
		}
	}
}

// TestUnreachableBandIsReported asks for levels no candidate can reach and
// expects a spec error at the size when one is given (it fixes how hard
// the maze is), else at the difficulty, naming the level as the spec
// does and the scores seen, without searching forever.
func TestUnreachableBandIsReported(t *testing.T) {
	tests := []struct {
		name, src string
		line      int
		want      []string
	}{
		{"too small for expert", "sections:\n  - size: 4x4\n    difficulty: expert\n", 2, []string{"level 9, expert", "4x4", "larger size"}},
		{"too large for level 1", "sections:\n  - size: 40x40\n    difficulty: 1\n", 2, []string{"level 1", "40x40", "smaller size"}},
		{"too many per page", "sections:\n  - {count: 12, per_page: 12,\n     difficulty: 10}\n", 3, []string{"at 12 a page", "level 9", "fewer mazes a page"}},
		{"ages", "sections:\n  - size: 12x12\n    ages: 4-6\n", 2, []string{"level 1", "12x12"}},
		{"ages too small a cell", "sections:\n  - size: 30x30\n    ages: 4-6\n", 2, []string{"cells of at least 12mm for ages 4-6"}},
	}
	for _, tt := range tests {
		_, err := layout.Build(parse(t, tt.src), layout.Options{})
		var se spec.Errors
		if !errors.As(err, &se) {
			t.Errorf("%s: error %v, want spec errors", tt.name, err)
			continue
		}
		if se[0].Line != tt.line {
			t.Errorf("%s: error on line %d, want %d: %v", tt.name, se[0].Line, tt.line, se[0])
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q does not say %q", tt.name, err, w)
			}
		}
	}
}

// TestDifficultyLadder checks the ladder example, and the same book on
// other seeds: mean score and the mean effort of the person model (its
// expected steps) rise strictly with the level, and level 10 takes at
// least five times the steps of level 1.
func TestDifficultyLadder(t *testing.T) {
	data, err := os.ReadFile("../examples/difficulty-ladder.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range []uint64{0, 1, 77, 123456} {
		sp, err := spec.Parse("difficulty-ladder.yaml", data)
		if err != nil {
			t.Fatal(err)
		}
		if seed != 0 {
			sp.Seed = seed
		}
		book, err := layout.Build(sp, layout.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var score, steps [maze.MaxLevel + 1]float64
		var count [maze.MaxLevel + 1]int
		for _, row := range stats.Rows(book) {
			score[row.Level] += row.Score
			steps[row.Level] += row.Effort
			count[row.Level]++
		}
		for l := 1; l <= maze.MaxLevel; l++ {
			if count[l] != 5 {
				t.Fatalf("seed %d: %d mazes at level %d, want 5", sp.Seed, count[l], l)
			}
			score[l] /= 5
			steps[l] /= 5
			if l > 1 && (score[l] <= score[l-1] || steps[l] <= steps[l-1]) {
				t.Errorf("seed %d: level %d has mean score %.1f and steps %.1f; level %d had %.1f and %.1f",
					sp.Seed, l, score[l], steps[l], l-1, score[l-1], steps[l-1])
			}
		}
		if steps[10] < 5*steps[1] {
			t.Errorf("seed %d: level 10 takes %.1f steps, less than 5 times level 1's %.1f", sp.Seed, steps[10], steps[1])
		}
	}
}

func TestStars(t *testing.T) {
	for level := 0; level <= maze.MaxLevel; level++ {
		items := draw.Stars(100, 50, 10, level)
		outline := items[0].(*display.Line)
		if len(outline.Paths) != 5 {
			t.Errorf("level %d: %d outlined stars, want 5", level, len(outline.Paths))
		}
		full, half := 0, 0
		if len(items) > 1 {
			for _, p := range items[1].(*display.Shape).Polygons {
				switch len(p) {
				case 10:
					full++
				case 6:
					half++
				}
			}
		}
		if full != level/2 || half != level%2 {
			t.Errorf("level %d: %d full and %d half stars", level, full, half)
		}
		for _, path := range outline.Paths {
			for _, q := range path.Points {
				if q.X > 100 || q.Y > 50 || math.IsNaN(q.X) {
					t.Errorf("level %d: star point %v beyond the anchor (100, 50)", level, q)
				}
			}
		}
	}
}

// TestBraidReachesTheMazes checks that a section's braid is applied to its
// mazes, and that a section held to a level takes the level's braid when
// it gives none.
func TestBraidReachesTheMazes(t *testing.T) {
	book := build(t, "sections:\n  - {size: 12x12, braid: 1, count: 2}\n  - {size: 12x12, count: 2}\n  - {difficulty: 5, count: 2}\n")
	for i, mp := range book.Plan.Mazes {
		mt := book.Mazes[i].Rating.Metrics
		braid := [3]float64{1, 0, difficulty.Levels()[4].Braid}[mp.Section]
		if mp.Recipe.Braid != braid {
			t.Errorf("maze %d: braid %g, want %g", mp.Number, mp.Recipe.Braid, braid)
		}
		if braid == 1 && (mt.DeadEnds != 0 || mt.Loops == 0) {
			t.Errorf("maze %d, braid 1: %d dead ends, %d loops", mp.Number, mt.DeadEnds, mt.Loops)
		}
		if braid == 0 && mt.Loops != 0 {
			t.Errorf("maze %d, braid 0: %d loops", mp.Number, mt.Loops)
		}
	}
}

// TestEasyLevelsArePuzzles: the mazes of the easy levels make a child
// choose at least once from either end, do not just run round the edge,
// and are drawn with cells and markers of a sensible size on a small page
// (a maze alone on its page up to MaxLoneCell, a young child's crayon).
func TestEasyLevelsArePuzzles(t *testing.T) {
	s, err := spec.Parse("easy.yaml", []byte(`
page: {size: 6x9in}
sections:
  - {title: One, count: 40, difficulty: 1}
  - {title: Two, count: 40, difficulty: 2}
  - {title: Three, count: 20, difficulty: 3}
`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := layout.Build(s, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, made := range b.Mazes {
		mt := made.Rating.Metrics
		if mt.Decisions < 1 || mt.DecisionsFromExit < 1 {
			t.Errorf("maze %d (level %d): %d decisions from the entrance, %d from the exit", i+1, b.Plan.Mazes[i].Level, mt.Decisions, mt.DecisionsFromExit)
		}
		inner := 0
		for _, c := range made.Solutions[0] {
			border := false
			for side := 0; side < made.Maze.Grid.Sides(c); side++ {
				border = border || made.Maze.Grid.Neighbor(c, side) == maze.Border
			}
			if !border {
				inner++
			}
		}
		if inner == 0 {
			t.Errorf("maze %d (level %d): its way through runs round the edge", i+1, b.Plan.Mazes[i].Level)
		}
		if c := b.Plan.Mazes[i].Cell; c > plan.MaxLoneCell+1e-9 {
			t.Errorf("maze %d: cell %.1fmm", i+1, c/spec.PointsPerMM)
		}
	}
	if g := b.Plan.Mazes[0].Cells; g <= 12 {
		t.Errorf("a level-1 maze has %d cells", g)
	}
	for _, page := range b.Pages {
		for _, it := range page.Items {
			if f, ok := it.(*display.Fill); ok && (f.Box.W > draw.MaxMarker+1e-9 || f.Box.W < draw.MinMarker-1e-9) {
				t.Errorf("a door marker %.1fmm wide", f.Box.W/spec.PointsPerMM)
			}
		}
	}
}
