package typeface

import (
	"testing"

	"golang.org/x/image/font/sfnt"
)

// devanagari loads the Devanagari face mazebook ships.
func devanagari(t *testing.T) *Font {
	t.Helper()
	return shippedFont(t, "noto/NotoSansDevanagari-Regular.ttf")
}

// TestShapeDevanagari checks that Hindi is shaped as a reader writes it:
// a conjunct is one glyph, a vowel sign written before its consonant is
// drawn before it, a line is measured and cut by whole clusters, and
// other scripts are left a glyph a character.
func TestShapeDevanagari(t *testing.T) {
	for s, want := range map[string]bool{"हिन्दी": true, "Maze 12": false, "迷宫": false, "ক্ষ": true, "": false} {
		if Shaped(s) != want {
			t.Errorf("Shaped(%q) = %v", s, !want)
		}
	}
	f := devanagari(t)
	var buf sfnt.Buffer
	cmap := func(r rune) sfnt.GlyphIndex {
		g, _ := f.glyph(&buf, r)
		return g
	}
	// क्ष: ka, virama, ssa, one conjunct glyph of its own.
	g, ok := f.shape("क्ष")
	if !ok || len(g) != 1 || g[0].id == cmap('क') || g[0].id == cmap('ष') {
		t.Errorf("क्ष shapes as %+v", g)
	}
	// कि: the vowel sign i is written after ka and drawn before it (in
	// one of the widths of the sign Noto has, to reach over its consonant).
	g, _ = f.shape("कि")
	if len(g) != 2 || g[0].id == cmap('क') || g[1].id != cmap('क') || g[0].cluster != 0 || g[1].cluster != 0 {
		t.Errorf("कि shapes as %+v (ka %d, i %d)", g, cmap('क'), cmap('ि'))
	}
	// A line is cut between clusters, never inside one.
	s := "क्षत्रिय हिन्दी"
	clusters := map[int]bool{len(s): true}
	for _, gl := range func() []glyph { g, _ := f.shape(s); return g }() {
		clusters[gl.cluster] = true
	}
	w := Width(f, 10, s)
	for i := 1; i <= 20; i++ {
		n := Fit(f, 10, s, w*float64(i)/20)
		if !clusters[n] && n != 0 {
			t.Errorf("Fit cuts %q at byte %d, inside a cluster", s, n)
		}
	}
	if Fit(f, 10, s, w) != len(s) {
		t.Errorf("the whole text does not fit its own width")
	}
	if len(Outline(f, 10, 0, 0, s)) == 0 {
		t.Error("no outline")
	}
	// Latin in the same font is shaped as it always was.
	if a, b := Width(f, 10, "Maze 12"), Width(f, 10, "Maze")+Width(f, 10, " 12"); a != b {
		t.Errorf("Latin widths: %g, %g", a, b)
	}
}

// TestShapeArabic checks that Arabic is joined and set right to left, a
// number in it left to right, and a line that starts in Latin left to
// right with its Arabic after; and that it is cut by whole clusters in
// the text's order.
func TestShapeArabic(t *testing.T) {
	for s, want := range map[string]bool{"مرحبا": true, "שלום": true, "Maze": false} {
		if Shaped(s) != want {
			t.Errorf("Shaped(%q) = %v", s, !want)
		}
	}
	f := shippedFont(t, "amiri/Amiri-Regular.ttf")
	var buf sfnt.Buffer
	cmap := func(r rune) sfnt.GlyphIndex {
		g, _ := f.glyph(&buf, r)
		return g
	}
	// بب: an initial and a final beh, neither the isolated one.
	g, _ := f.shape("بب")
	if len(g) != 2 || g[0].id == cmap('ب') || g[1].id == cmap('ب') || g[0].id == g[1].id {
		t.Errorf("بب shapes as %+v (isolated beh %d)", g, cmap('ب'))
	}
	// Drawn left to right: the second letter first.
	if g[0].cluster <= g[1].cluster {
		t.Errorf("بب is drawn in its logical order: %+v", g)
	}
	// متاهة 12: the number, left to right, at the left of the word.
	g, _ = f.shape("متاهة 12")
	if len(g) < 4 || g[0].id != cmap('1') || g[1].id != cmap('2') {
		t.Errorf("متاهة 12 draws %+v first (1 is %d, 2 is %d)", g[:min(3, len(g))], cmap('1'), cmap('2'))
	}
	// A line that starts in Latin runs left to right.
	g, _ = f.shape("Maze 12: مرحبا")
	if len(g) == 0 || g[0].id != cmap('M') {
		t.Errorf("Maze 12: مرحبا draws %+v first", g[:min(2, len(g))])
	}
	s := "الإجابة في صفحة 31 من الكتاب"
	w := Width(f, 10, s)
	prev := 0
	for i := 1; i <= 20; i++ {
		n := Fit(f, 10, s, w*float64(i)/20)
		if n < prev {
			t.Errorf("Fit goes back from %d to %d", prev, n)
		}
		prev = n
	}
	if Fit(f, 10, s, w) != len(s) {
		t.Error("the whole text does not fit its own width")
	}
}
