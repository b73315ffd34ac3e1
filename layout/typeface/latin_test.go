package typeface

import (
	"math"
	"os"
	"path"
	"path/filepath"
	"testing"
)

// shippedFont loads a face mazebook ships (mazebook/fonts), by its file
// below the repository's fonts folder.
func shippedFont(t *testing.T, file string) *Font {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "fonts", filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	f, err := Load(path.Base(file), data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestWithLatin checks that a script font made with WithLatin sets the
// Latin letters and digits of a text in the Go font, run by run, with the
// spaces and punctuation between them, and everything else in its own
// glyphs; that a text measures as its runs do, and outlines as they do.
func TestWithLatin(t *testing.T) {
	lohit := shippedFont(t, "noto/NotoSansBengali-Regular.ttf")
	wqy := shippedFont(t, "wqy/wqy-microhei.ttf")
	bn, zh := lohit.WithLatin(Regular), wqy.WithLatin(Regular)
	type run struct {
		latin bool
		text  string
	}
	for _, tt := range []struct {
		face *Font
		text string
		want []run
	}{
		{bn, "Ana Rivera", []run{{true, "Ana Rivera"}}},
		{bn, "(Ana Rivera)", []run{{true, "(Ana Rivera)"}}},
		{bn, "গোলকধাঁধা 3", []run{{false, "গোলকধাঁধা "}, {true, "3"}}},
		{bn, "গোলকধাঁধা ৩", []run{{false, "গোলকধাঁধা ৩"}}}, // Bengali digits are Bengali
		{bn, "3 · 12", []run{{true, "3 · 12"}}},
		{bn, "উত্তর: পৃষ্ঠা 31", []run{{false, "উত্তর: পৃষ্ঠা "}, {true, "31"}}},
		{bn, "Ana, রিভেরা", []run{{true, "Ana,"}, {false, " রিভেরা"}}},
		{bn, "Café ১২", []run{{true, "Café"}, {false, " ১২"}}},
		{bn, "শুরু (Ana)", []run{{false, "শুরু "}, {true, "(Ana)"}}},
		{zh, "迷宫 12", []run{{false, "迷宫 "}, {true, "12"}}},
		{zh, "第3页", []run{{false, "第"}, {true, "3"}, {false, "页"}}},
		{zh, "ＡＢＣ１２", []run{{false, "ＡＢＣ１２"}}}, // wide letters are Chinese typography's
		{zh, "Ana Rivera 著", []run{{true, "Ana Rivera"}, {false, " 著"}}},
		{lohit, "Ana ৩", []run{{false, "Ana ৩"}}}, // a plain font sets everything
	} {
		var got []run
		sum := 0.0
		for _, r := range Runs(tt.face, tt.text) {
			if r.Font == nil || r.Font.latin != nil {
				t.Errorf("%q: a run in %v, not a plain font", tt.text, r.Font)
				continue
			}
			got = append(got, run{r.Font == Regular, r.Text})
			sum += Width(r.Font, 10, r.Text)
		}
		if len(got) != len(tt.want) {
			t.Errorf("%q: runs %+v, want %+v", tt.text, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%q: runs %+v, want %+v", tt.text, got, tt.want)
				break
			}
		}
		if w := Width(tt.face, 10, tt.text); !Shaped(tt.text) && math.Abs(w-sum) > 1e-9 {
			t.Errorf("%q is %g wide, its runs %g", tt.text, w, sum)
		}
	}
	// The Latin letters are drawn with the Go font's glyphs.
	if a, b := len(Outline(bn, 10, 0, 0, "Ana")), len(Outline(Regular, 10, 0, 0, "Ana")); a != b {
		t.Errorf("Ana has %d segments set with Latin, %d in GoRegular", a, b)
	}
	if a, b := len(Outline(bn, 10, 0, 0, "Ana")), len(Outline(lohit, 10, 0, 0, "Ana")); a == b {
		t.Errorf("Ana has %d segments set with Latin and in Lohit Bengali", a)
	}
	// A shaped text: its Bengali shaped in Lohit Bengali, its number in Go.
	s := "গোলকধাঁধা 12"
	g, ok := bn.shape(s)
	if !ok || len(g) < 3 || g[len(g)-1].font != Regular || g[len(g)-2].font != Regular || g[0].font != lohit {
		t.Errorf("%q shapes as %+v", s, g)
	}
	if w, want := Width(bn, 10, s), Width(lohit, 10, "গোলকধাঁধা ")+Width(Regular, 10, "12"); math.Abs(w-want) > 0.01 {
		t.Errorf("%q is %g wide, want %g", s, w, want)
	}
	// A font made with WithLatin has what either has, and is as tall.
	if !bn.Has('A') || !bn.Has('ক') || bn.Has('你') || len(bn.Missing("Ana কথা 12 …")) > 0 {
		t.Errorf("Missing: %q", string(bn.Missing("Ana কথা 12 … 你")))
	}
	for _, f := range []*Font{lohit, Regular} {
		a, d := Metrics(bn, 10)
		fa, fd := Metrics(f, 10)
		if a < fa || d < fd {
			t.Errorf("Metrics %g, %g are smaller than %s's %g, %g", a, d, f.Name(), fa, fd)
		}
	}
	if bn.Name() != lohit.Name() || bn.ID() != lohit.ID() {
		t.Errorf("named %s (%s), want %s (%s)", bn.Name(), bn.ID(), lohit.Name(), lohit.ID())
	}
}

// TestEmbolden checks that a font made bold measures as the font does,
// and is drawn stroked: its own glyphs, not the Latin ones a Go bold
// face sets.
func TestEmbolden(t *testing.T) {
	lohit := shippedFont(t, "noto/NotoSansDevanagari-Regular.ttf")
	bold := lohit.Embolden()
	s := "भूलभुलैया 12"
	if Width(bold, 10, s) != Width(lohit, 10, s) {
		t.Error("made bold, the text is another width")
	}
	if got := bold.Stroke(20); math.Abs(got-20*EmboldenStroke) > 1e-12 || lohit.Stroke(20) != 0 || Regular.Stroke(20) != 0 {
		t.Errorf("strokes %g, %g, %g at 20pt", got, lohit.Stroke(20), Regular.Stroke(20))
	}
	inks := Inks(bold, 20, 0, 0, s)
	if len(inks) != 1 || inks[0].Stroke != 20*EmboldenStroke {
		t.Errorf("inks of %q: %d, want one stroked", s, len(inks))
	}
	// With Go Bold for its Latin: the Devanagari stroked, the number not.
	mixed := bold.WithLatin(Bold)
	inks = Inks(mixed, 20, 0, 0, s)
	if len(inks) != 2 || inks[0].Stroke == 0 || inks[1].Stroke != 0 {
		t.Errorf("inks of %q set with Latin: %+v", s, strokes(inks))
	}
	if mixed.Stroke(20) != bold.Stroke(20) {
		t.Errorf("stroke %g, want %g", mixed.Stroke(20), bold.Stroke(20))
	}
	if again := lohit.WithLatin(Regular).Embolden(); again.latin != Regular || again.main.stroke == 0 {
		t.Error("Embolden of a font made with WithLatin does not make its own font bold")
	}
	if n := len(Outline(bold, 20, 0, 0, s)); n != len(Outline(lohit, 20, 0, 0, s)) {
		t.Errorf("made bold, %d segments, not %d", n, len(Outline(lohit, 20, 0, 0, s)))
	}
}

func strokes(inks []Ink) []float64 {
	var out []float64
	for _, ink := range inks {
		out = append(out, ink.Stroke)
	}
	return out
}
