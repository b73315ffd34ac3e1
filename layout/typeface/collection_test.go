package typeface

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"mazebook/layout/typeface/fonttest"
)

// collection makes a TrueType collection of fonts (see
// fonttest.Collection).
func collection(fonts ...[]byte) []byte { return fonttest.Collection(fonts...) }

// TestFromCollection takes each font out of a collection and checks that
// it loads and sets text as the font it was made from; and refuses what
// is not a collection, or a font it does not hold.
func TestFromCollection(t *testing.T) {
	ttc := collection(goregular.TTF, gobold.TTF)
	if _, err := Load("both.ttc", ttc); !errors.Is(err, ErrCollection) {
		t.Errorf("a collection loads as a font: %v", err)
	}
	for i, want := range []*Font{Regular, Bold} {
		data, err := FromCollection(ttc, i)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Load("font.ttf", data)
		if err != nil {
			t.Fatalf("font %d: %v", i, err)
		}
		const s = "Maze 12, Ελληνικά, Русский"
		if w1, w2 := Width(f, 12, s), Width(want, 12, s); w1 != w2 {
			t.Errorf("font %d sets %q %g wide, the font it came from %g", i, s, w1, w2)
		}
		if o1, o2 := Outline(f, 12, 0, 0, s), Outline(want, 12, 0, 0, s); len(o1) != len(o2) || len(o1) == 0 {
			t.Errorf("font %d: %d outline segments, the font it came from %d", i, len(o1), len(o2))
		}
	}
	for _, c := range []struct {
		name  string
		data  []byte
		index int
		want  string
	}{
		{"a font", goregular.TTF, 0, "not a font collection"},
		{"past the last font", ttc, 2, "has 2 fonts, not font 2"},
		{"a negative index", ttc, -1, "not font -1"},
		{"cut short", ttc[:40], 1, "outside the file"},
		{"cut in a table", ttc[:len(ttc)-len(gobold.TTF)/2], 1, "outside the file"},
	} {
		if _, err := FromCollection(c.data, c.index); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if !bytes.Equal(ttc, collection(goregular.TTF, gobold.TTF)) {
		t.Error("FromCollection changed the collection")
	}
}

// TestWrapChinese checks that Chinese, which sets no spaces, breaks
// between its characters, never before closing punctuation nor after
// opening punctuation, and keeps spaces where the text has them.
func TestWrapChinese(t *testing.T) {
	const s = "每个迷宫都有一个入口和一个出口。从入口出发，画一条线走到出口，不要穿过墙壁。答案从第 12 页开始（见「答案」）。"
	pieces := Pieces(s)
	if len(pieces) < 40 {
		t.Fatalf("%d pieces: %v", len(pieces), pieces)
	}
	var joined strings.Builder
	for i, p := range pieces {
		if p.Space {
			joined.WriteString(" ")
		}
		joined.WriteString(p.Text)
		r := []rune(p.Text)
		if i > 0 && strings.ContainsRune(closing, r[0]) {
			t.Errorf("piece %q starts with closing punctuation", p.Text)
		}
		if strings.ContainsRune(opening, r[len(r)-1]) {
			t.Errorf("piece %q ends with opening punctuation", p.Text)
		}
	}
	if joined.String() != s {
		t.Errorf("the pieces make %q", joined.String())
	}
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Hello world", []string{"Hello", "world"}},
		{"迷宫 12", []string{"迷", "宫", "12"}},
		{"你好。", []string{"你", "好。"}},
		{"「答案」", []string{"「答", "案」"}},
		{"Maze 迷宫", []string{"Maze", "迷", "宫"}},
	} {
		var got []string
		for _, p := range Pieces(c.text) {
			got = append(got, p.Text)
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("Pieces(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	// Every line fits, and the lines make the text.
	lines := Wrap(Regular, 10, s, 100)
	if len(lines) < 3 {
		t.Errorf("%d lines", len(lines))
	}
	for _, l := range lines {
		if Width(Regular, 10, l) > 100 && len(Pieces(l)) > 1 {
			t.Errorf("line %q is %g wide", l, Width(Regular, 10, l))
		}
	}
	// A space where a line breaks is dropped, and no other.
	if got := strings.ReplaceAll(strings.Join(lines, ""), " ", ""); got != strings.ReplaceAll(s, " ", "") {
		t.Errorf("the lines make %q", strings.Join(lines, "|"))
	}
}
