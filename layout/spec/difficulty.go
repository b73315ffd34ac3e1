package spec

import (
	"strconv"
	"strings"

	"mazebook/internal/say"
	"mazebook/maze"
)

// ParseDifficulty reads a section's difficulty: a level from 1 to 10, one
// of the names easy (3), medium (5), hard (7) and expert (9), or a rising
// range of either, such as "2..8" or "easy..hard". It returns the first and
// the last level, equal for a single one.
func ParseDifficulty(s string) (from, to int, err error) {
	level := func(s string) (int, error) {
		s = strings.ToLower(strings.TrimSpace(s))
		if l, ok := difficultyNames[s]; ok {
			return l, nil
		}
		l, err := strconv.Atoi(s)
		if err != nil || l < 1 || l > maze.MaxLevel {
			return 0, say.Errorf("difficulty %q is not a level: use 1 to %d, easy, medium, hard or expert, or a rising range such as 2..8", s, maze.MaxLevel)
		}
		return l, nil
	}
	a, b, isRange := strings.Cut(s, "..")
	if from, err = level(a); err != nil {
		return 0, 0, err
	}
	to = from
	if isRange {
		if to, err = level(b); err != nil {
			return 0, 0, err
		}
		if to < from {
			return 0, 0, say.Errorf("difficulty %q falls: a range rises, from the easier level to the harder", s)
		}
	}
	return from, to, nil
}

// ParseAges reads an age range: "4-6", "10-12", "8" or "12+".
func ParseAges(s string) (from, to int, err error) {
	bad := say.Errorf("ages %q is not an age range such as 4-6, 8 or 12+", s)
	num := func(s string) (int, bool) {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		return v, err == nil && v >= 2 && v <= 120
	}
	s = strings.TrimSpace(s)
	if rest, ok := strings.CutSuffix(s, "+"); ok {
		a, ok := num(rest)
		if !ok {
			return 0, 0, bad
		}
		return a, max(a, 18), nil
	}
	a, b, isRange := strings.Cut(s, "-")
	from, ok := num(a)
	if !ok {
		return 0, 0, bad
	}
	to = from
	if isRange {
		if to, ok = num(b); !ok || to < from {
			return 0, 0, bad
		}
	}
	return from, to, nil
}

// AgePreset is what an age range chooses for a section.
type AgePreset struct {
	// Level is the difficulty level for the middle of the range.
	Level int
	// MinCell is the smallest cell, in points, small hands can follow
	// with a crayon or a pencil.
	MinCell float64
	// Wall is the wall thickness name: thick for young children.
	Wall string
}

// AgesPreset returns the preset for children aged from to to: the level
// is the middle age less four (ages 4-6 get level 1, 6-8 level 3, 8-10
// level 5, 10-12 level 7, 12-14 level 9), cells of at least 12 mm and
// thick walls under seven, 8 mm and thick walls under nine, and 5 mm with
// medium walls under eleven.
func AgesPreset(from, to int) AgePreset {
	mid := (from + to) / 2
	p := AgePreset{Level: min(max(mid-4, 1), maze.MaxLevel), MinCell: MinCell, Wall: "medium"}
	switch {
	case mid < 7:
		p.MinCell, p.Wall = 12*PointsPerMM, "thick"
	case mid < 9:
		p.MinCell, p.Wall = 8*PointsPerMM, "thick"
	case mid < 11:
		p.MinCell = 5 * PointsPerMM
	}
	return p
}

// applyAges sets what a section's ages choose: its level when it gives no
// difficulty (and is not a name: a word's letters size it), the smallest
// cell, and the wall when the style gives none.
func (d *decoder) applyAges(sec *Section) {
	from, to, _ := ParseAges(sec.Ages)
	p := AgesPreset(from, to)
	if sec.FromLevel == 0 && (sec.Mask == nil || sec.Mask.CapHeight == 0) {
		// A name is sized for its letters to read, not to a level: its
		// ages choose its cells and walls only.
		sec.FromLevel, sec.ToLevel = p.Level, p.Level
	}
	sec.MinCell = p.MinCell
	if !d.spec.wallGiven(sec) {
		sec.WallName = p.Wall
	}
}
