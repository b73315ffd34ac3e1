package spec

import (
	"errors"
	"strings"
	"testing"

	"mazebook/layout/display"
)

// TestCoverKeys checks the cover mapping: its defaults, each key read,
// and the text colour chosen to stand out on the background unless given.
func TestCoverKeys(t *testing.T) {
	long := strings.Repeat("a", MaxLongText)
	tests := []struct {
		name  string
		cover string // the cover: lines, or "" for none
		want  Cover
	}{
		{"no cover", "", Cover{Paper: PaperWhite, Color: DefaultCoverColor, TextColor: display.White, Layout: CoverBand}},
		{"empty cover", "cover: {}\n", Cover{Paper: PaperWhite, Color: DefaultCoverColor, TextColor: display.White, Layout: CoverBand}},
		{"cream", "cover: {paper: cream}\nstyle: {color: black}\n", Cover{Paper: PaperCream, Color: DefaultCoverColor, TextColor: display.White, Layout: CoverBand}},
		{"colour paper", "cover: {paper: color}\n", Cover{Paper: PaperColor, Color: DefaultCoverColor, TextColor: display.White, Layout: CoverBand}},
		{"dark background", "cover: {color: navy}\n", Cover{Paper: PaperWhite, Color: display.Color{R: 0, G: 48, B: 73}, TextColor: display.White, Layout: CoverBand}},
		{"light background", "cover: {color: \"#ffe066\"}\n", Cover{Paper: PaperWhite, Color: display.Color{R: 0xff, G: 0xe0, B: 0x66}, TextColor: display.Black, Layout: CoverBand}},
		{"text colour given", "cover: {color: yellow, text_color: navy}\n", Cover{Paper: PaperWhite, Color: display.Color{R: 252, G: 191, B: 73}, TextColor: display.Color{R: 0, G: 48, B: 73}, Layout: CoverBand}},
		{"back text", "cover:\n  back: |\n    Forty mazes.\n    Answers at the back.\n", Cover{Paper: PaperWhite, Back: "Forty mazes.\nAnswers at the back.\n", Color: DefaultCoverColor, TextColor: display.White, Layout: CoverBand}},
		{"framed", "cover: {layout: framed}\n", Cover{Paper: PaperWhite, Color: DefaultCoverColor, TextColor: display.White, Layout: CoverFramed}},
		{"picture", "cover: {layout: picture}\n", Cover{Paper: PaperWhite, Color: DefaultCoverColor, TextColor: display.White, Layout: CoverPicture}},
		{"longest back text", "cover: {back: " + long + "}\n", Cover{Paper: PaperWhite, Back: long, Color: DefaultCoverColor, TextColor: display.White, Layout: CoverBand}},
	}
	for _, tt := range tests {
		b, err := Parse("book.yaml", []byte(tt.cover+"sections: [{count: 1}]\n"))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if b.Cover != tt.want {
			t.Errorf("%s: cover %+v, want %+v", tt.name, b.Cover, tt.want)
		}
	}
}

// TestCoverErrors checks that every bad cover value is reported at its
// line and column, all at once.
func TestCoverErrors(t *testing.T) {
	tests := []struct {
		name, spec string
		want       []string
	}{
		{"unknown paper", "cover:\n  paper: glossy\n", []string{`book.yaml:2:10: paper "glossy" is unknown (known: white, cream, color)`}},
		{"paper list", "cover: {paper: [white]}\n", []string{"book.yaml:1:16: paper must be a single value, not a list"}},
		{"bad colour", "cover:\n  color: sky\n", []string{`book.yaml:2:10: color: colour "sky" is unknown`}},
		{"bad text colour", "cover: {text_color: \"#12\"}\n", []string{`book.yaml:1:21: text_color: colour "#12" is unknown`}},
		{"back too long", "cover: {back: " + strings.Repeat("é", MaxLongText+1) + "}\n", []string{"book.yaml:1:15: back is 5001 characters long; the most is 5000"}},
		{"unknown key", "cover:\n  spine: yes\n", []string{`book.yaml:2:3: unknown key "spine" in cover (known: back, color, layout, paper, text_color)`}},
		{"unknown layout", "cover:\n  layout: poster\n", []string{`book.yaml:2:11: layout "poster" is unknown (known: band, framed, picture)`}},
		{"not a mapping", "cover: white\n", []string{"book.yaml:1:8: cover must be a mapping of keys to values"}},
		{"all at once", "cover:\n  paper: blue\n  color: sea\n", []string{"book.yaml:2:10: paper", "book.yaml:3:10: color"}},
	}
	for _, tt := range tests {
		_, err := Parse("book.yaml", []byte(tt.spec+"sections: [{count: 1}]\n"))
		if tt.name == "unknown layout" {
			// Said in the reader's language, as every message is.
			var es Errors
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("%s: %T", tt.name, err)
			}
			if fr := es[0].In("fr"); !strings.Contains(fr, `book.yaml:2:11: layout "poster" est inconnu`) || !strings.Contains(fr, "band, framed, picture") {
				t.Errorf("%s: in French: %s", tt.name, fr)
			}
		}
		if err == nil {
			t.Errorf("%s: accepted", tt.name)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error does not contain %q:\n%v", tt.name, w, err)
			}
		}
	}
}

// TestContrastColor checks the text colour chosen for a background
// against the WCAG contrast ratio both ways.
func TestContrastColor(t *testing.T) {
	ratio := func(a, b display.Color) float64 {
		la, lb := Luminance(a), Luminance(b)
		return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
	}
	for _, bg := range []display.Color{display.Black, display.White, DefaultCoverColor, {R: 252, G: 191, B: 73}, {R: 214, G: 40, B: 40}, {R: 118, G: 118, B: 118}, {R: 119, G: 119, B: 119}} {
		got := ContrastColor(bg)
		other := display.White
		if got == display.White {
			other = display.Black
		}
		if ratio(got, bg) < ratio(other, bg) {
			t.Errorf("on %v: %v has contrast %.2f, %v %.2f", bg, got, ratio(got, bg), other, ratio(other, bg))
		}
	}
	if l := Luminance(display.White); l != 1 {
		t.Errorf("white's luminance is %g", l)
	}
	if ContrastColor(DefaultCoverColor) != display.White {
		t.Error("the default cover does not take white text")
	}
}

func TestParsePaper(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Paper
		bad  bool
	}{{"white", PaperWhite, false}, {"cream", PaperCream, false}, {"color", PaperColor, false}, {"White", "", true}, {"", "", true}} {
		got, err := ParsePaper(tt.in)
		if got != tt.want || (err != nil) != tt.bad {
			t.Errorf("ParsePaper(%q) = %q, %v", tt.in, got, err)
		}
	}
}

// TestCreamIsBlackInk checks that a cream book in colour is refused at
// its paper: KDP prints cream paper in black ink only.
func TestCreamIsBlackInk(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string
	}{
		{"cover: {paper: cream}\nsections: [{count: 1}]\n", "book.yaml:1:16: paper cream is printed in black ink only"},
		{"style: {color: color}\ncover: {paper: cream}\nsections: [{count: 1}]\n", "book.yaml:2:16: paper cream"},
		{"style: {color: grayscale}\ncover: {paper: cream}\nsections: [{count: 1}]\n", ""},
		{"cover: {paper: color}\nsections: [{count: 1}]\n", ""},
	} {
		_, err := Parse("book.yaml", []byte(c.src))
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
}
