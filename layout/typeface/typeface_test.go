package typeface

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestWidth(t *testing.T) {
	for _, f := range Faces {
		w := Width(f, 10, "Maze")
		if w < 15 || w > 35 {
			t.Errorf("%s: width of \"Maze\" at 10pt = %.2f, want about 25", f.Name(), w)
		}
		if d := Width(f, 20, "Maze") - 2*w; math.Abs(d) > 1e-9 {
			t.Errorf("%s: width does not scale with size", f.Name())
		}
		if Width(f, 10, "¡Encuentra la salida!") <= Width(f, 10, "Encuentra la salida") {
			t.Errorf("%s: ¡ has no width", f.Name())
		}
	}
	if len(Outline(Bold, 10, 0, 0, "a")) == len(Outline(Regular, 10, 0, 0, "a")) {
		t.Error("bold and regular have the same outline")
	}
}

func TestOutlineFitsTheAdvance(t *testing.T) {
	segs := Outline(Regular, 10, 100, 50, "Hé")
	if len(segs) == 0 {
		t.Fatal("no outline")
	}
	w := Width(Regular, 10, "Hé")
	asc, desc := Metrics(Regular, 10)
	for _, s := range segs {
		p := s.Args[0]
		if p[0] < 100-1 || p[0] > 100+w+1 || p[1] < 50-asc-1 || p[1] > 50+desc+1 {
			t.Fatalf("outline point %v outside the text box x %.1f..%.1f y %.1f..%.1f", p, 100.0, 100+w, 50-asc, 50+desc)
		}
	}
}

// TestWrapBalanced checks that a short paragraph set balanced takes no
// more lines than Wrap's, none wider than the width, keeps its words, and
// does not end on one word alone.
func TestWrapBalanced(t *testing.T) {
	widows := 0 // in Wrap's lines: the cases must have some
	for _, tt := range []struct {
		text  string
		width float64
	}{
		{"Follow the paths from the arrow to the star, and do not cross a wall on the way to the pink one.", 240},
		{"Some paths loop around. Find the shortest way out!", 200},
		{"One maze per page, and no mercy at all.", 150},
		{"Draw a line from the arrow to the star, then colour it in.", 120},
	} {
		greedy := Wrap(Regular, 14, tt.text, tt.width)
		if n := len(greedy); n > 1 && len(strings.Fields(greedy[n-1])) == 1 {
			widows++
		}
		got := WrapBalanced(Regular, 14, tt.text, tt.width)
		if len(got) > len(greedy) {
			t.Errorf("%q: %d lines, Wrap takes %d", tt.text, len(got), len(greedy))
		}
		for _, l := range got {
			if w := Width(Regular, 14, l); w > tt.width {
				t.Errorf("%q: the line %q is %.1f wide, more than %g", tt.text, l, w, tt.width)
			}
		}
		if strings.Join(strings.Fields(strings.Join(got, " ")), " ") != strings.Join(strings.Fields(tt.text), " ") {
			t.Errorf("%q: the words changed: %q", tt.text, got)
		}
		if n := len(got); n > 1 && len(strings.Fields(got[n-1])) == 1 {
			t.Errorf("%q: ends on a widow: %q (greedy %q)", tt.text, got, greedy)
		}
	}
	if widows == 0 {
		t.Error("no case ends on a widow when wrapped greedily: the test cannot fail")
	}
}

// TestWrapNoWidow checks that a paragraph set without widows takes as
// many lines as Wrap's, none wider than the width, keeps its words, does
// not end on one word alone (or, in Chinese, one character), and keeps
// its first line as long as balancing would at least, as a left-aligned
// paragraph should; a paragraph of one line, or without a widow, is
// Wrap's.
func TestWrapNoWidow(t *testing.T) {
	widows := 0 // in Wrap's lines: the cases must have some
	for _, tt := range []struct {
		text  string
		width float64
	}{
		{"Each maze has a way in and a way out. Start at the way in and draw a line to the way out without crossing a wall.", 220},
		{"Use a pencil, so that you can rub out a wrong turn and try again: every maze can be solved.", 260},
		{"Some paths loop around. Find the shortest way out!", 280},
		{"每个迷宫都有一个入口和一个出口。从入口出发，画一条线走到出口，不要穿过墙壁。", 270},
		{"Short and sweet.", 300},
		{"One paragraph ends here.\nAnd the next one ends on one word, alone.", 150},
	} {
		greedy := Wrap(Regular, 13, tt.text, tt.width)
		face := Regular
		if strings.ContainsRune(tt.text, '迷') {
			face = nil // measured, not drawn: the Go fonts set a ? a character
		}
		got := WrapNoWidow(face, 13, tt.text, tt.width)
		if strings.Join(Words(strings.Join(got, " ")), "") != strings.Join(Words(strings.ReplaceAll(tt.text, "\n", " ")), "") {
			t.Errorf("%q: the words changed: %q", tt.text, got)
		}
		if len(got) != len(greedy) {
			t.Errorf("%q: %d lines, Wrap takes %d: %q", tt.text, len(got), len(greedy), got)
		}
		paras := strings.Split(tt.text, "\n")
		at := 0
		for _, para := range paras {
			n := len(Wrap(Regular, 13, para, tt.width))
			lines := got[at : at+n]
			at += n
			if n > 1 && len(Pieces(lines[n-1])) == 1 {
				t.Errorf("%q ends on a widow: %q", para, lines)
			}
			if b := WrapBalanced(face, 13, para, tt.width); n > 1 && Width(face, 13, lines[0]) < Width(face, 13, b[0]) {
				t.Errorf("%q: the first line %q is shorter than balanced, %q", para, lines[0], b[0])
			}
			for _, l := range lines {
				if w := Width(face, 13, l); w > tt.width {
					t.Errorf("%q: the line %q is %.1f wide, more than %g", para, l, w, tt.width)
				}
			}
			if g := Wrap(Regular, 13, para, tt.width); len(g) < 2 || len(Pieces(g[len(g)-1])) > 1 {
				if !slices.Equal(lines, g) {
					t.Errorf("%q has no widow, but is set %q, not %q", para, lines, g)
				}
			} else {
				widows++
			}
		}
	}
	if widows < 4 {
		t.Errorf("%d cases end on a widow when wrapped greedily, want 4: the test cannot fail", widows)
	}
}

// French's narrow no-break space, which the Go fonts lack, is set as half
// a space with nothing drawn, is never reported missing, and holds its
// neighbours on one line, as the no-break space does.
func TestNarrowSpace(t *testing.T) {
	const size = 10.0
	half := Width(Regular, size, " ") / 2
	if got, want := Width(Regular, size, "a\u202f!"), Width(Regular, size, "a!")+half; math.Abs(got-want) > 0.01 {
		t.Errorf("a narrow space is %g wide, want %g", got-Width(Regular, size, "a!"), half)
	}
	if miss := Regular.Missing("fromage\u202f!"); len(miss) > 0 || !Regular.Has('\u202f') {
		t.Errorf("missing %q", string(miss))
	}
	if segs := Outline(Regular, size, 0, 0, "\u202f"); len(segs) != 0 {
		t.Errorf("a narrow space draws %d segments", len(segs))
	}
	a, b := Outline(Regular, size, 0, 0, "x\u202fx"), Outline(Regular, size, 0, 0, "x")
	if len(a) != 2*len(b) || math.Abs(a[len(b)].Args[0][0]-b[0].Args[0][0]-Width(Regular, size, "x\u202f")) > 1e-9 {
		t.Error("the text after a narrow space is not moved by its width")
	}
	if got := Words("Tu bloques\u202f? Oui\u00a0: non"); !slices.Equal(got, []string{"Tu", "bloques\u202f?", "Oui\u00a0:", "non"}) {
		t.Errorf("words %q", got)
	}
}

// TestEllipsizeWords checks that a line more text follows ends with an
// ellipsis after a whole word (in Chinese, a character) within its width,
// and that a first word too wide for it is cut as Ellipsize cuts.
func TestEllipsizeWords(t *testing.T) {
	for _, face := range Faces {
		dots := "…"
		if !face.Has('…') {
			dots = "..."
		}
		for _, tt := range []struct {
			text  string
			width float64
			want  string
		}{
			{"labyrinth adventure Maze and", Width(face, 10, "labyrinth adventure"+dots) + 0.5, "labyrinth adventure" + dots},
			{"labyrinth adventure Maze and", 1000, "labyrinth adventure Maze and" + dots},
			{"迷宫大冒险", Width(face, 10, "迷宫"+dots) + 0.1, "迷宫" + dots},
			{"Supercalifragilistic", Width(face, 10, "Super"+dots), "Super" + dots},
		} {
			if got := EllipsizeWords(face, 10, tt.text, tt.width); got != tt.want || Width(face, 10, got) > tt.width {
				t.Errorf("%s: EllipsizeWords(%q, %g) = %q, want %q", face.Name(), tt.text, tt.width, got, tt.want)
			}
		}
	}
}
