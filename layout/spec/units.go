package spec

import (
	"math"
	"strconv"
	"strings"

	"mazebook/internal/say"
)

// Lengths are carried in points (1/72 inch) throughout layout.
const (
	PointsPerInch = 72.0
	PointsPerMM   = 72.0 / 25.4
)

// units are the length units a spec may use, in points.
var units = []struct {
	name   string
	points float64
}{
	{"mm", PointsPerMM},
	{"cm", 10 * PointsPerMM},
	{"in", PointsPerInch},
	{"pt", 1},
}

// ParseLength parses a length such as "15mm", "1.5 cm", "0.5in" or "3pt"
// and returns it in points. A unit is required, except for zero.
func ParseLength(s string) (float64, error) {
	t := strings.TrimSpace(s)
	for _, u := range units {
		if num, ok := strings.CutSuffix(t, u.name); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return 0, say.Errorf("%q is not a length (examples: 15mm, 1.5cm, 0.5in, 3pt)", s)
			}
			if p := float64(v * u.points); math.Abs(p) <= maxParsedLength {
				return p, nil
			}
			return 0, say.Errorf("%q is far too long a length", s)
		}
	}
	if v, err := strconv.ParseFloat(t, 64); err == nil && v == 0 {
		return 0, nil
	}
	return 0, say.Errorf("%q is not a length: give a number and a unit, mm, cm, in or pt (examples: 15mm, 0.5in)", s)
}

// FormatLength writes a length in points in the unit given (mm, cm, in or
// pt), rounded for people.
func FormatLength(points float64, unit string) string {
	for _, u := range units {
		if u.name == unit {
			return strconv.FormatFloat(math.Round(float64(points/u.points*100))/100, 'f', -1, 64) + unit
		}
	}
	return strconv.FormatFloat(math.Round(float64(points*100))/100, 'f', -1, 64) + "pt"
}

// maxParsedLength bounds any length read, in points (about 35 km), so that
// no arithmetic on a length can overflow; each field has its own, smaller
// limit.
const maxParsedLength = 1e8

// MaxPageSide is the longest page side a PDF reader opens: 200 in
// (14,400 pt), bleed included.
const MaxPageSide = 200 * PointsPerInch

// PageSize is a named paper or trim size.
type PageSize struct {
	Name          string
	Width, Height float64 // points, portrait
}

// PageSizes are the named page sizes, portrait.
var PageSizes = []PageSize{
	{"a4", 210 * PointsPerMM, 297 * PointsPerMM},
	{"a5", 148 * PointsPerMM, 210 * PointsPerMM},
	{"a3", 297 * PointsPerMM, 420 * PointsPerMM},
	{"letter", 8.5 * PointsPerInch, 11 * PointsPerInch},
	{"legal", 8.5 * PointsPerInch, 14 * PointsPerInch},
	{"5x8in", 5 * PointsPerInch, 8 * PointsPerInch},
	{"5.5x8.5in", 5.5 * PointsPerInch, 8.5 * PointsPerInch},
	{"6x9in", 6 * PointsPerInch, 9 * PointsPerInch},
	{"7x10in", 7 * PointsPerInch, 10 * PointsPerInch},
	{"8x10in", 8 * PointsPerInch, 10 * PointsPerInch},
	{"8.5x11in", 8.5 * PointsPerInch, 11 * PointsPerInch},
}

// ParsePageSize parses a page size: a name from PageSizes ("a4", "letter",
// "6x9in"), or a width and a height with units, "210mm x 297mm", or with one
// unit for both, "6x9in" or "21 x 29.7 cm". It returns the size in points.
func ParsePageSize(s string) (w, h float64, err error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for _, p := range PageSizes {
		if p.Name == t {
			return p.Width, p.Height, nil
		}
	}
	bad := say.Errorf("page size %q is unknown: give a name (%s) or a width and height such as \"210mm x 297mm\" or \"6x9in\"", s, pageSizeNames())
	a, b, ok := strings.Cut(t, "x")
	if !ok {
		return 0, 0, bad
	}
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	// "6x9in": the unit of the height applies to a bare width.
	if _, err := strconv.ParseFloat(a, 64); err == nil {
		for _, u := range units {
			if strings.HasSuffix(b, u.name) {
				a += u.name
				break
			}
		}
	}
	w, err1 := ParseLength(a)
	h, err2 := ParseLength(b)
	for _, err := range []error{err1, err2} {
		if err != nil && strings.Contains(err.Error(), "far too long") {
			return 0, 0, say.Errorf("page size %q: %w", s, err)
		}
	}
	if err1 != nil || err2 != nil {
		return 0, 0, bad
	}
	if w <= 0 || h <= 0 {
		return 0, 0, say.Errorf("page size %q: width and height must be positive", s)
	}
	if w > MaxPageSide || h > MaxPageSide {
		return 0, 0, say.Errorf("page size %q is larger than PDF readers open: each side may be at most 200in (5080mm)", s)
	}
	return w, h, nil
}

func pageSizeNames() string {
	names := make([]string, len(PageSizes))
	for i, p := range PageSizes {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

// wallThickness are the named wall thicknesses: at least Min points, and
// Frac of the cell on larger cells, so that walls grow with the maze's
// cells and read well at any size.
var wallThickness = map[string]struct{ Min, Frac float64 }{
	"thin":   {0.75, 0.04},
	"medium": {1.5, 0.07},
	"thick":  {3, 0.14},
}

// ParseWall parses a wall thickness: "thin" (0.75pt, or 4% of the cell if
// more), "medium" (1.5pt or 7%), "thick" (3pt or 14%), or a length of at
// least 0.1pt. For a named thickness it returns the name and its minimum.
func ParseWall(s string) (points float64, name string, err error) {
	if t, ok := wallThickness[s]; ok {
		return t.Min, s, nil
	}
	l, err := ParseLength(s)
	if err != nil {
		return 0, "", say.Errorf("wall must be thin, medium, thick or a length such as 2pt or 0.8mm, not %q", s)
	}
	if l < 0.1 {
		return 0, "", say.Errorf("wall %s is too thin to print: use at least 0.1pt (0.75pt or more prints reliably)", s)
	}
	return l, "", nil
}

// namedWallFrac is the largest share of a cell a named wall thickness takes.
const namedWallFrac = 0.3

// FitWall returns the wall thickness to draw cells of the given size with:
// a named thickness grows with the cell and is capped at 30% of it, so it
// never closes a corridor; a length thicker than half the cell is an error
// that gives the largest thickness allowed.
func FitWall(points float64, name string, cell float64) (float64, error) {
	if t, ok := wallThickness[name]; ok {
		return math.Min(math.Max(t.Min, float64(cell*t.Frac)), float64(cell*namedWallFrac)), nil
	}
	if points > cell/2 {
		return 0, say.Errorf("wall %s (%s) is too thick for %s cells: it would close the corridors; the largest allowed is %s (%s, half the cell)",
			FormatLength(points, "mm"), FormatLength(points, "pt"), FormatLength(cell, "mm"), FormatLength(cell/2, "mm"), FormatLength(cell/2, "pt"))
	}
	return points, nil
}
