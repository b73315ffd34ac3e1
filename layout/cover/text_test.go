package cover

import (
	"fmt"
	"strings"
	"testing"

	"mazebook/layout/spec"
	"mazebook/layout/typeface"
)

// TestFitBlock checks that a block keeps to its width and its lines,
// shrinking only as far as it must, and balances its lines.
func TestFitBlock(t *testing.T) {
	// Wide enough for "Every Shape" at 60 points, not for the whole title.
	two := typeface.Width(typeface.Bold, 60, "Every Shape") + 10
	tests := []struct {
		text     string
		width    float64
		maxLines int
		lines    int  // how many lines it should take
		shrunk   bool // whether it must shrink below the size asked
		cut      bool // whether it is cut with an ellipsis
	}{
		{"Maze Quest", 400, 3, 1, false, false},
		{"Mazes in Every Shape", two, 3, 2, false, false},
		{"Mazes in Every Shape", two, 1, 1, true, false},
		{"Supercalifragilisticexpialidocious", 300, 3, 1, true, false},
		{strings.Repeat("word ", 200), 300, 2, 2, true, true},
	}
	for _, tt := range tests {
		lines, size, said := fitBlock(tt.text, typeface.Bold, 60, 16, tt.width, tt.maxLines, tt.maxLines)
		if len(lines) != tt.lines || (size < 60) != tt.shrunk || size < 16 {
			t.Errorf("%.20q in %g: %d lines at %g, want %d lines, shrunk %v", tt.text, tt.width, len(lines), size, tt.lines, tt.shrunk)
		}
		cut := false
		for _, l := range lines {
			if w := typeface.Width(typeface.Bold, size, l); w > tt.width {
				t.Errorf("%.20q: line %q is %g wide, more than %g", tt.text, l, w, tt.width)
			}
			cut = cut || strings.HasSuffix(l, "…")
		}
		if cut != tt.cut || said != tt.cut {
			t.Errorf("%.20q: cut %v (said %v), want %v", tt.text, cut, said, tt.cut)
		}
	}
	// Balanced: two lines of about the same length, not one long line and
	// a single word.
	lines, size, _ := fitBlock("The Enormous Book of Labyrinths for Kids", typeface.Bold, 40, 16, 500, 3, 3)
	if len(lines) != 2 {
		t.Fatalf("lines %q", lines)
	}
	a, b := typeface.Width(typeface.Bold, size, lines[0]), typeface.Width(typeface.Bold, size, lines[1])
	if a > 1.6*b || b > 1.6*a {
		t.Errorf("unbalanced lines %q (%g and %g wide)", lines, a, b)
	}
}

func TestParagraphs(t *testing.T) {
	got := paragraphs("  One line\nand the next.\n\n \nA second   paragraph.\n\n")
	want := []string{"One line and the next.", "A second paragraph."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("paragraphs = %q, want %q", got, want)
	}
	if p := paragraphs(" \n\n "); len(p) != 0 {
		t.Errorf("blank text: %q", p)
	}
}

func TestFitLine(t *testing.T) {
	s, size, cut := fitLine("Ana Rivera", typeface.Bold, 20, 9, 1000)
	if s != "Ana Rivera" || size != 20 || cut {
		t.Errorf("a line that fits: %q at %g", s, size)
	}
	s, size, cut = fitLine("Ana Rivera", typeface.Bold, 20, 9, 60)
	if s != "Ana Rivera" || size >= 20 || typeface.Width(typeface.Bold, size, s) > 60 || cut {
		t.Errorf("a line that shrinks: %q at %g", s, size)
	}
	s, size, cut = fitLine(strings.Repeat("Ana ", 50), typeface.Bold, 20, 9, 60)
	if size != 9 || !strings.HasSuffix(s, "…") || typeface.Width(typeface.Bold, size, s) > 60 || !cut {
		t.Errorf("a line too long: %q at %g", s, size)
	}
}

// TestCoverWarnings checks that a title too long for the cover is set in
// more lines at its least size rather than cut, and that one cut short
// even so is said, at the spec's title line, as is a back text cut short.
func TestCoverWarnings(t *testing.T) {
	words := func(s string, n int) string { return strings.TrimSpace(strings.Repeat(s+" ", n)) }
	for _, tt := range []struct {
		name, title, back string
		want              []string
	}{
		{"short", "Maze Quest", "A book of mazes.", nil},
		{"280 characters", words("Maze and labyrinth adventure", 10), "", []string{"book.yaml:1:8: title: too long for the back cover"}},
		{"1000 characters", words("Maze and labyrinth adventure", 34), "", []string{
			"book.yaml:1:8: title: too long for the front cover", "book.yaml:1:8: title: too long for the back cover"}},
		{"a long back", "Maze Quest", words("Every maze in this book was made for a child who loves a puzzle.", 76), []string{"book.yaml:5:15: cover: back: too long for the back cover"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			back := tt.back
			if back == "" {
				back = "A book of mazes."
			}
			src := fmt.Sprintf("title: %s\nauthor: Ana Rivera\nseed: 4\npad: 24\ncover: {back: %s}\nsections:\n  - {count: 12, per_page: 1}\n", tt.title, back)
			s, err := spec.Parse("book.yaml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			c, err := Make(s)
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Warnings) != len(tt.want) {
				t.Fatalf("warnings %q, want %q", c.Warnings, tt.want)
			}
			for i, w := range tt.want {
				if !strings.HasPrefix(c.Warnings[i], w) {
					t.Errorf("warning %q, want %q", c.Warnings[i], w)
				}
			}
		})
	}
}
