package typeface

import (
	"math"
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
