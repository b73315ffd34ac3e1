package layout_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	stdpng "image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/png"
	"mazebook/layout/spec"
	"mazebook/maze"
)

// TestNameMazesRead builds name mazes as a teacher would (a section whose
// mask is a child's name, nothing else given) on letter and A4 pages,
// fills each maze's corridors into a solid silhouette (its doors shut,
// everything the paper outside cannot reach inked) and has an OCR program
// read it: short and long names, capitals and accents, must read as the
// name. Accents may be read as their letters: the OCR's English model
// does not know them all.
func TestNameMazesRead(t *testing.T) {
	tesseract := requireTool(t, "tesseract")
	for _, tt := range []struct {
		name, page, ages string
		portrait         bool
		cell             float64 // the least cell, in mm, a short name gets (about plan.NameCell)
	}{
		{"EMMA", "letter", "", false, 4.2},
		{"LUCÍA", "a4", "", false, 0},
		{"ZOË", "letter", "", false, 4.2},
		{"MAXIMILIAN", "a4", "", false, 0},
		{"JOSÉ", "a4", "", false, 0},
		{"OLIVER", "letter", "", false, 0},
		{"ANA", "a4", "", false, 4.2},
		{"NOÉ", "letter", "", false, 0},
		{"SEBASTIÁN", "letter", "", false, 0},
		{"ALEXANDRA", "a4", "", false, 0},
		// A young child's, at larger cells: 6mm where the page holds
		// the name's fewest rows at them.
		{"EMMA", "letter", "4-6", false, 4},
		{"LUCÍA", "letter", "4-6", false, 0},
		{"JOSÉ", "a4", "4-6", false, 4},
		{"OLIVER", "letter", "4-6", false, 0},
		{"ZOË", "a4", "4-6", false, 4},
		{"ANA", "letter", "4-6", false, 6},
		{"ANA", "a4", "4-6", false, 6},
		// On a portrait page, its letters drawn taller (plan.MaxTall).
		{"EMMA", "letter", "", true, 0},
		{"LUCÍA", "a4", "", true, 0},
		{"MIA", "letter", "", true, 4.2},
		{"JOSÉ", "letter", "", true, 0},
		{"OLIVIA", "a4", "", true, 0},
		{"NOÉ", "a4", "4-6", true, 0},
	} {
		orientation := "landscape"
		if tt.portrait {
			orientation = "portrait"
		}
		t.Run(tt.name+"/"+tt.page+"/"+orientation+"/"+tt.ages, func(t *testing.T) {
			ages := ""
			if tt.ages != "" {
				ages = ", ages: " + tt.ages
			}
			src := fmt.Sprintf("page: {size: %s, orientation: %s}\nanswers: false\nsections:\n  - {mask: {text: %s}, caption: \"\"%s}\n", tt.page, orientation, tt.name, ages)
			s, err := spec.Parse("name.yaml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			b, err := layout.Build(s, layout.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if c := b.Placed[0].Cell / spec.PointsPerMM; c < tt.cell-1e-9 {
				t.Errorf("the %s maze's cells are %.2fmm, want %gmm or more", tt.name, c, tt.cell)
			}
			img := silhouette(t, b.Mazes[0].Maze)
			dir, err := os.MkdirTemp("", "mazebook-ocr") // a plain path: the OCR reads no other
			if err != nil {
				t.Fatal(err)
			}
			defer os.RemoveAll(dir)
			path := filepath.Join(dir, "name.png")
			var buf bytes.Buffer
			if err := stdpng.Encode(&buf, img); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			// A raw line first, then a line of text: the OCR's line
			// finder reads some tall letters the raw one does not.
			var read string
			for _, psm := range []string{"13", "7"} {
				out, err := exec.Command(tesseract, path, "stdout", "--psm", psm).Output()
				if err != nil {
					t.Fatalf("tesseract: %v", err)
				}
				if read = strings.Join(strings.Fields(string(out)), ""); read == tt.name || fold(read) == fold(tt.name) {
					break
				}
			}
			if read != tt.name && fold(read) != fold(tt.name) {
				keep := filepath.Join(os.TempDir(), "mazebook-name-"+tt.name+".png")
				os.WriteFile(keep, buf.Bytes(), 0o644)
				t.Errorf("the %s maze reads as %q (silhouette in %s)", tt.name, read, keep)
			}
		})
	}
}

// fold returns s in capitals without accents.
func fold(s string) string {
	var out []rune
	for _, r := range strings.ToUpper(s) {
		switch r {
		case 'Á', 'À', 'Â', 'Ä':
			r = 'A'
		case 'É', 'È', 'Ê', 'Ë':
			r = 'E'
		case 'Í', 'Ì', 'Î', 'Ï':
			r = 'I'
		case 'Ó', 'Ò', 'Ô', 'Ö', '0':
			r = 'O' // a zero too: a condensed O has its shape, and a name no digits
		case 'Ú', 'Ù', 'Û', 'Ü':
			r = 'U'
		case 'Ñ':
			r = 'N'
		}
		if unicode.IsLetter(r) || r == 'O' {
			out = append(out, r)
		}
	}
	return string(out)
}

// silhouette draws maze m's walls, its doors shut, and inks them and the
// paper of its corridors (the paper around the centre of a cell), but
// not the paper outside it nor inside a letter's counter: the shape the
// maze makes on the page, black on white with a margin.
func silhouette(t *testing.T, m *maze.Maze) *image.Gray {
	t.Helper()
	const cell, margin = 8.0, 40.0
	gw, gh := m.Grid.Size()
	st := draw.Style{Cell: cell, Wall: 1.5, Markers: draw.None, WallColor: display.Black}
	w, h := gw*cell+2*margin, gh*cell+2*margin
	d := draw.Maze(m, display.Box{X: margin, Y: margin, W: gw * cell, H: gh * cell}, st)
	at := func(p maze.Point) display.Point {
		return display.Point{X: d.Origin.X + p.X*cell, Y: d.Origin.Y + p.Y*cell}
	}
	shut := &display.Line{Width: 1.5, Color: display.Black, Cap: display.SquareCap}
	for _, part := range m.Parts() {
		for _, door := range []maze.Door{part.Entrance, part.Exit} {
			if !door.IsInside() {
				e := m.Grid.Side(door.Cell, door.Side)
				shut.Paths = append(shut.Paths, display.Polyline(at(e.A), at(e.B)))
			}
		}
	}
	items := append(d.Items, shut)
	rgba, err := png.Render(display.Page{Width: w, Height: h, Trim: display.Box{W: w, H: h}, Items: items}, 72)
	if err != nil {
		t.Fatal(err)
	}
	bd := rgba.Bounds()
	paper := func(p image.Point) bool {
		c := rgba.RGBAAt(p.X, p.Y)
		return int(c.R)+int(c.G)+int(c.B) > 3*128
	}
	// The corridors: the paper reached from the cells' centres.
	corridor := make([]bool, bd.Dx()*bd.Dy())
	var stack []image.Point
	for c := 0; c < m.Grid.Cells(); c++ {
		p := at(m.Grid.Center(c))
		q := image.Pt(int(p.X), int(p.Y))
		if q.In(bd) && paper(q) && !corridor[q.Y*bd.Dx()+q.X] {
			corridor[q.Y*bd.Dx()+q.X] = true
			stack = append(stack, q)
		}
	}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, dp := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			q := p.Add(dp)
			if q.In(bd) && !corridor[q.Y*bd.Dx()+q.X] && paper(q) {
				corridor[q.Y*bd.Dx()+q.X] = true
				stack = append(stack, q)
			}
		}
	}
	out := image.NewGray(bd)
	for y := 0; y < bd.Dy(); y++ {
		for x := 0; x < bd.Dx(); x++ {
			v := uint8(255)
			if corridor[y*bd.Dx()+x] || !paper(image.Pt(x, y)) {
				v = 0
			}
			out.SetGray(x, y, color.Gray{v})
		}
	}
	return out
}
