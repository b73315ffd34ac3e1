package spec

import (
	"strings"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/draw"
)

func gray(v uint8) display.Color { return display.Color{R: v, G: v, B: v} }

// TestStyleColor checks style.color: the ink, and the colours settled for
// it, whether given or not.
func TestStyleColor(t *testing.T) {
	red, lightred := namedColors["red"], namedColors["lightred"]
	tests := []struct {
		name  string
		style string
		ink   draw.Ink
		// wall, solution, entrance, exit
		want [4]display.Color
		err  string // an error at this place, with these words
	}{
		{"default", "{}", draw.InkColor, [4]display.Color{display.Black, red, red, lightred}, ""},
		{"color", "{color: color, solution_color: blue}", draw.InkColor, [4]display.Color{display.Black, namedColors["blue"], red, lightred}, ""},
		{"grayscale defaults", "{color: grayscale}", draw.InkGrayscale, [4]display.Color{display.Black, draw.GraySolution, draw.GrayMark, draw.GrayMark}, ""},
		// Rec. 601: 0.299*29 + 0.587*78 + 0.114*216 = 79.1.
		{"grayscale converts", "{color: grayscale, solution_color: blue, wall_color: navy}", draw.InkGrayscale, [4]display.Color{gray(36), gray(79), draw.GrayMark, draw.GrayMark}, ""},
		{"grayscale keeps greys", "{color: grayscale, entrance_color: '#333333', exit_color: gray}", draw.InkGrayscale, [4]display.Color{display.Black, draw.GraySolution, gray(0x33), gray(128)}, ""},
		{"grayscale darkens tints", "{color: grayscale, solution_color: white, exit_color: lightred}", draw.InkGrayscale, [4]display.Color{display.Black, LightestGray, draw.GrayMark, gray(185)}, ""},
		// Green: 0.299*42 + 0.587*157 + 0.114*72 = 112.9.
		{"given before color", "{solution_color: green, color: grayscale}", draw.InkGrayscale, [4]display.Color{display.Black, gray(113), draw.GrayMark, draw.GrayMark}, ""},
		{"black defaults", "{color: black}", draw.InkBlack, [4]display.Color{display.Black, draw.GraySolution, display.Black, display.Black}, ""},
		{"black given black", "{color: black, solution_color: black, wall_color: '#000'}", draw.InkBlack, [4]display.Color{display.Black, draw.GraySolution, display.Black, display.Black}, ""},
		{"black turns red black", "{color: black, solution_color: red, wall_color: navy}", draw.InkBlack, [4]display.Color{display.Black, draw.GraySolution, display.Black, display.Black}, ""},
		{"black turns grey black", "{exit_color: '#111', entrance_color: white, color: black}", draw.InkBlack, [4]display.Color{display.Black, draw.GraySolution, display.Black, display.Black}, ""},
		{"unknown", "{color: sepia}", "", [4]display.Color{}, `book.yaml:2:16: color "sepia" is unknown (known: color, grayscale, black)`},
		{"bad colour, one error", "{color: black, wall_color: ink}", "", [4]display.Color{}, `book.yaml:2:35: wall_color: colour "ink" is unknown`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "sections: [{count: 1}]\nstyle: " + tt.style + "\n"
			b, err := Parse("book.yaml", []byte(src))
			if tt.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.err) || strings.Count(err.Error(), "\n") > 0 {
					t.Fatalf("error %v, want one starting %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			st := b.Style
			got := [4]display.Color{st.WallColor, st.SolutionColor, st.EntranceColor, st.ExitColor}
			if st.Ink != tt.ink || got != tt.want {
				t.Errorf("ink %q colours %v, want %q %v", st.Ink, got, tt.ink, tt.want)
			}
		})
	}
}

// TestGray checks the conversion on its own: greys stay, black stays, and
// nothing comes out lighter than 20% ink or with a colour.
func TestGray(t *testing.T) {
	for _, c := range namedColors {
		g := Gray(c)
		if g.R != g.G || g.G != g.B {
			t.Errorf("Gray(%v) = %v, a colour", c, g)
		}
		if g.R > LightestGray.R {
			t.Errorf("Gray(%v) = %v, lighter than 20%% ink", c, g)
		}
		if c.R == c.G && c.G == c.B && c.R <= LightestGray.R && g != c {
			t.Errorf("Gray(%v) = %v, want the grey itself", c, g)
		}
	}
	if Gray(display.Black) != display.Black {
		t.Error("black is not black")
	}
}

// TestInkDefaults checks that draw.InkDefaults gives the colours a book in each
// ink has when its spec names none.
func TestInkDefaults(t *testing.T) {
	for _, ink := range draw.InkNames() {
		b, err := Parse("book.yaml", []byte("sections: [{count: 1}]\nstyle: {color: "+ink+"}\n"))
		if err != nil {
			t.Fatal(err)
		}
		st := b.Style
		w, s, en, ex := draw.InkDefaults(draw.Ink(ink))
		if got, want := [4]display.Color{st.WallColor, st.SolutionColor, st.EntranceColor, st.ExitColor}, [4]display.Color{w, s, en, ex}; got != want {
			t.Errorf("%s: the book has %v, draw.InkDefaults %v", ink, got, want)
		}
	}
}
