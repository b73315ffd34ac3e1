package spec

import (
	"errors"
	"math"
	"strings"
	"testing"

	"mazebook/layout/draw"
	"mazebook/maze"
)

func TestParseLength(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		bad  bool
	}{
		{"72pt", 72, false},
		{"1in", 72, false},
		{"25.4mm", 72, false},
		{"2.54 cm", 72, false},
		{"0", 0, false},
		{"15", 0, true},
		{"mm", 0, true},
		{"1.5furlongs", 0, true},
		{"NaNmm", 0, true},
		{"1e308in", 0, true},
		{"-1e308pt", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseLength(tt.in)
		if (err != nil) != tt.bad {
			t.Errorf("ParseLength(%q) error = %v, want error %v", tt.in, err, tt.bad)
			continue
		}
		if math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("ParseLength(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestParsePageSize(t *testing.T) {
	tests := []struct {
		in   string
		w, h float64
		bad  bool
	}{
		{"a4", 595.2756, 841.8898, false},
		{"Letter", 612, 792, false},
		{"6x9in", 432, 648, false},
		{"210mm x 297mm", 595.2756, 841.8898, false},
		{"21 x 29.7 cm", 595.2756, 841.8898, false},
		{"5x8in", 360, 576, false},
		{"b7", 0, 0, true},
		{"0x9in", 0, 0, true},
		{"200x200in", 14400, 14400, false},
		{"201x9in", 0, 0, true},
		{"100000in x 5in", 0, 0, true},
		{"1e308in x 5in", 0, 0, true},
		{"5in x 1e300mm", 0, 0, true},
		{"6x", 0, 0, true},
	}
	for _, tt := range tests {
		w, h, err := ParsePageSize(tt.in)
		if (err != nil) != tt.bad {
			t.Errorf("ParsePageSize(%q) error = %v, want error %v", tt.in, err, tt.bad)
			continue
		}
		if math.Abs(w-tt.w) > 1e-3 || math.Abs(h-tt.h) > 1e-3 {
			t.Errorf("ParsePageSize(%q) = %v x %v, want %v x %v", tt.in, w, h, tt.w, tt.h)
		}
	}
}

func TestParseSpecDefaults(t *testing.T) {
	spec, err := Parse("book.yaml", []byte("sections:\n  - count: 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := spec.Sections[0]
	if s.Count != 3 || s.Algorithm != "" || s.Shape != "rectangle" || s.PerPage != 1 || s.ID != "section-1" || s.Difficulty != "" || s.FromLevel != 0 {
		t.Fatalf("section defaults = %+v", s)
	}
	if !spec.Answers.Enabled || spec.Answers.PerPage != 4 || spec.Style.Markers != draw.Shapes {
		t.Fatalf("book defaults = %+v %+v", spec.Answers, spec.Style)
	}
}

func TestParseSpecValues(t *testing.T) {
	spec, err := Parse("book.yaml", []byte(`
title: "¡Laberintos!"
seed: 18446744073709551615
language: es
date: 2026-09-01
page: {size: 6x9in, orientation: landscape, margin: {top: 1in, bottom: 0.5in, left: 10mm, right: 1cm}}
style: {wall: 2pt, wall_color: "#123456", markers: labels, name_line: true}
answers: false
sections:
  - {title: A, size: 12x8, per_page: 4, algorithm: prim, openings: longest, caption: "{{.Section}} #{{.Number}}"}
  - {title: B, cell: 9mm, algorithm: random}
`))
	if err != nil {
		t.Fatal(err)
	}
	if spec.Title != "¡Laberintos!" || spec.Seed != math.MaxUint64 || spec.Language != "es" || spec.Date.Format("2006-01-02") != "2026-09-01" {
		t.Fatalf("top = %q %d %q %v", spec.Title, spec.Seed, spec.Language, spec.Date)
	}
	if spec.Page.Width != 648 || spec.Page.Height != 432 || spec.Page.Margin.Top != 72 || math.Abs(spec.Page.Margin.Right-28.3465) > 1e-3 {
		t.Fatalf("page = %+v", spec.Page)
	}
	if spec.Style.Wall != 2 || spec.Style.WallName != "" || spec.Style.WallColor.B != 0x56 || spec.Style.Markers != draw.Labels || !spec.Style.NameLine {
		t.Fatalf("style = %+v", spec.Style)
	}
	if spec.Answers.Enabled {
		t.Fatal("answers: false ignored")
	}
	a, b := spec.Sections[0], spec.Sections[1]
	if a.Size.W != 12 || a.Size.H != 8 || a.PerPage != 4 || a.Openings != "longest" || b.CellSize == 0 || b.Algorithm != Random {
		t.Fatalf("sections = %+v %+v", a, b)
	}
}

// TestParseErrors feeds broken specs and checks that each problem is
// reported with its line, column and a message that names it.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		spec string
		want []string // each must appear in the error text
	}{
		{"empty", "", []string{"book.yaml: the spec is empty"}},
		{"blank", "  \n\n", []string{"the spec is empty"}},
		{"binary", "\x00\x01\x02PK", []string{"not a UTF-8 text file"}},
		{"invalid utf8", "title: \xff\xfe\n", []string{"not a UTF-8 text file"}},
		{"malformed yaml", "title: [unclosed\nsections:\n", []string{"book.yaml:", "not valid YAML"}},
		{"not a mapping", "- a\n- b\n", []string{"book.yaml:1:1: the spec must be a mapping"}},
		{"no sections", "title: x\n", []string{"no sections"}},
		{"a bell in the title", "title: \"Ring\\a\"\nsections: [{count: 1}]\n", []string{"book.yaml:1:8: title holds a control character (U+0007, BEL), which no page prints"}},
		{"an escape in the subtitle", "subtitle: \"\\e[31mred\"\nsections: [{count: 1}]\n", []string{"book.yaml:1:11: subtitle holds a control character (U+001B, ESC)"}},
		{"a NUL in the title", "title: \"Maze\\0s\"\nsections: [{count: 1}]\n", []string{"book.yaml:1:8: title holds a control character (U+0000, NUL)"}},
		{"a DEL in a section's title", "sections: [{count: 1, title: \"a\\x7f\"}]\n", []string{"title holds a control character (U+007F, DEL)"}},
		{"unknown key", "titel: x\nsections: [{count: 1}]\n", []string{`book.yaml:1:1: unknown key "titel" in the spec (known: `, "title"}},
		{"unknown algorithm", "sections:\n  - algorithm: prims\n", []string{`book.yaml:2:16: algorithm "prims" is unknown (known: random, `, "prim"}},
		{"wrong type count", "sections:\n  - count: many\n", []string{`book.yaml:2:12: count must be a whole number, not "many"`}},
		{"zero count", "sections:\n  - count: 0\n", []string{"book.yaml:2:12: count must be from 1 to"}},
		{"negative size", "sections:\n  - size: -3x4\n", []string{"book.yaml:2:11: size:", "at least 1"}},
		{"zero size", "sections:\n  - size: 0x10\n", []string{"book.yaml:2:11:", "at least 1"}},
		{"bad size", "sections:\n  - size: big\n", []string{"book.yaml:2:11:", "columns x rows"}},
		{"huge size", "sections:\n  - size: 100000x100000\n", []string{"book.yaml:2:11:", "cells allowed"}},
		{"size and cell", "sections:\n  - size: 10x10\n    cell: 5mm\n", []string{"book.yaml:3:11: give either size or cell"}},
		{"bad wall", "style: {wall: heavy}\nsections: [{count: 1}]\n", []string{"book.yaml:1:15: wall must be thin, medium, thick"}},
		{"bad colour", "style:\n  wall_color: mauve-ish\nsections: [{count: 1}]\n", []string{`book.yaml:2:15: wall_color: colour "mauve-ish" is unknown`}},
		{"bad page", "page:\n  size: b7\nsections: [{count: 1}]\n", []string{`book.yaml:2:9: page size "b7" is unknown`}},
		{"bad margin", "page: {margin: 2}\nsections: [{count: 1}]\n", []string{"book.yaml:1:16: margin:", "not a length"}},
		{"bad seed", "seed: -4\nsections: [{count: 1}]\n", []string{"book.yaml:1:7: seed must be a whole number"}},
		{"unknown alias", "title: *nope\nsections: [{count: 1}]\n", []string{`book.yaml:1:8: the spec is not valid YAML: the alias *nope names no anchor`}},
		{"mapping in a value", "title: a\nsub: b: c\nsections: [{count: 1}]\n", []string{`book.yaml:2: the spec is not valid YAML: mapping values are not allowed`}},
		{"unknown theme", "theme: dragon\nsections: [{count: 1}]\n", []string{`book.yaml:1:8: theme "dragon" is unknown (known: random, bear, bee, bird, butterfly, car, cow, dinosaur, dog, duck, elephant, fish, frog, hedgehog, kitten, ladybug, monkey, mouse, owl, penguin, pirate, rabbit, robot, rocket, snail, squirrel, whale)`}},
		{"pad too many", "pad: 5000\nsections: [{count: 1}]\n", []string{"book.yaml:1:6: pad must be from 0 to 828"}},
		{"pad not a number", "pad: lots\nsections: [{count: 1}]\n", []string{`book.yaml:1:6: pad must be a whole number, not "lots"`}},
		{"bad per_page", "sections:\n  - per_page: 5\n", []string{"book.yaml:2:15: per_page must be one of"}},
		{"bad bool", "answers: maybe\nsections: [{count: 1}]\n", []string{"book.yaml:1:10: answers must be true or false"}},
		{"bad template", "sections:\n  - caption: \"{{.Nmber}}\"\n", []string{"book.yaml:2:14: caption:", "Nmber"}},
		{"unclosed template", "sections:\n  - caption: \"{{.Number\"\n", []string{"book.yaml:2:14: caption is not a valid template"}},
		{"duplicate key", "title: a\ntitle: b\nsections: [{count: 1}]\n", []string{`book.yaml:2:1: key "title" appears twice`}},
		{"duplicate section ids", "sections:\n  - title: A\n  - title: A\n", []string{"book.yaml:3:5: section 2 has the same id \"A\" as section 1"}},
		{"sections not a list", "sections: 3\n", []string{"book.yaml:1:11: sections must be a list"}},
		{"bad date", "date: yesterday\nsections: [{count: 1}]\n", []string{"book.yaml:1:7: date must look like"}},
		{"bad language", "language: klingon\nsections: [{count: 1}]\n", []string{`book.yaml:1:11: language "klingon" is unknown (known: en, es, fr, de, it, pt, nl, pl, ro, el, ru, uk, zh, hi, bn, ar)`}},
		{"mis-indented key", "title: x\nsections:\n  - count: 2\n   per_page: 2\n", []string{"book.yaml:4: the spec is not valid YAML"}},
		{"mis-indented mapping", "title: x\npage:\n  size: a4\n margin: 10mm\nsections: [{count: 1}]\n", []string{"book.yaml:4: the spec is not valid YAML"}},
		{"bad how_to text", "how_to: {text: \"{{.Seed}}\"}\nsections: [{count: 1}]\n", []string{"book.yaml:1:16: text:", "{{.AnswersPage}}"}},
		{"bad contents", "contents: {titel: x}\nsections: [{count: 1}]\n", []string{`book.yaml:1:12: unknown key "titel" in contents`}},
		{"retired score label", "labels: {score: \"\", path: pts}\nsections: [{count: 1}]\n", []string{"book.yaml:1:17: labels.score is not printed any more: the answer key's caption is answers.caption", "book.yaml:1:27: labels.path"}},
		{"bad answer caption", "answers: {caption: \"{{.Seed}}\"}\nsections: [{count: 1}]\n", []string{"book.yaml:1:20: caption:", ".Seed", "{{.Score}}"}},
		{"all errors at once", "titel: x\nsections:\n  - algorithm: prims\n    count: -1\n", []string{`unknown key "titel"`, `"prims" is unknown`, "count must be from 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("book.yaml", []byte(tt.spec))
			if err == nil {
				t.Fatal("accepted")
			}
			var se Errors
			if !errors.As(err, &se) {
				t.Fatalf("error %T is not Errors: %v", err, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not contain %q:\n%v", w, err)
				}
			}
		})
	}
}

// TestShapeKeys checks the keys of a section's shape: each kind read with
// its size, and every impossible pair refused at its line with what would
// work.
func TestShapeKeys(t *testing.T) {
	b, err := Parse("book.yaml", []byte(`
sections:
  - {shape: circle, size: 12, inner: 2, openings: center}
  - {shape: hexagon, size: 6}
  - {shape: hexagon, size: 14x10, algorithm: wilson}
  - {shape: triangle, size: 9}
  - {weave: 0.3, size: 20x20}
  - {mask: {text: ANA}}
  - {mask: "X.X\nXXX\n", algorithm: prim}
`))
	if err != nil {
		t.Fatal(err)
	}
	s := b.Sections
	if s[0].Shape != "circle" || s[0].Size.W != 12 || s[0].Size.Inner != 2 || s[0].Openings != "center" {
		t.Errorf("circle: %+v", s[0])
	}
	if s[1].Size.W != 6 || s[1].Size.H != 0 || s[2].Size.W != 14 || s[2].Size.H != 10 {
		t.Errorf("hexagons: %+v %+v", s[1].Size, s[2].Size)
	}
	if s[4].Weave != 0.3 || s[4].Algorithm != "kruskal" || s[4].Kind() != "weave" {
		t.Errorf("weave: %+v", s[4])
	}
	if s[5].Mask == nil || s[5].MaskRows != WordRows || s[5].Kind() != "mask" || s[6].Mask == nil || s[6].Mask.W != 3 {
		t.Errorf("masks: %+v %+v", s[5], s[6])
	}
	if c := s[1]; c.Size.Inner != 0 {
		t.Errorf("a hexagon with a middle: %+v", c.Size)
	}
	for _, tt := range []struct{ spec, want string }{
		{"sections:\n  - shape: oval\n", `book.yaml:2:12: shape "oval" is unknown (known: rectangle, circle, hexagon, triangle)`},
		{"sections:\n  - {shape: circle, size: 10x10}\n", "book.yaml:2:27: size:"},
		{"sections:\n  - {shape: circle, size: 0}\n", "book.yaml:2:27: size:"},
		{"sections:\n  - {inner: 2}\n", "book.yaml:2:13: inner is the radius of a circle's middle"},
		{"sections:\n  - {shape: circle, inner: 0.1}\n", "book.yaml:2:28: inner must be from 0.5 to 100"},
		{"sections:\n  - {shape: circle, mask: {text: A}}\n", "a circle cannot take a mask"},
		{"sections:\n  - {shape: hexagon, weave: 0.5}\n", "book.yaml:2:29: only a whole rectangle can weave"},
		{"sections:\n  - {shape: circle, algorithm: binary-tree}\n", `book.yaml:2:32: algorithm "binary-tree" cannot carve a circle (these can: backtracker, kruskal, prim`},
		{"sections:\n  - {weave: 0.5, algorithm: backtracker}\n", `algorithm "backtracker" cannot carve a weave (these can: kruskal)`},
		{"sections:\n  - {mask: {text: A}, algorithm: eller}\n", `algorithm "eller" cannot carve a mask`},
		{"sections:\n  - {mask: nothere.png}\n", `book.yaml:2:12: mask "nothere.png":`},
		{"sections:\n  - {mask: /etc/passwd.png}\n", "no absolute path"},
		{"sections:\n  - {mask: ../x.png}\n", "no absolute path, no .."},
		{"sections:\n  - {mask: heart.gif}\n", "give a .png, .jpg or .txt file"},
		{"sections:\n  - mask: \"X?\\nXX\"\n", "line 1, column 2"},
		{"sections:\n  - {mask: {text: \"\"}}\n", "book.yaml:2:19: mask {text: \"\"}: the mask word is empty"},
		{"sections:\n  - {mask: {text: A, art: X}}\n", "give one of text"},
		{"sections:\n  - {mask: {shape: heart}}\n", `unknown key "shape" in mask`},
	} {
		if _, err := Parse("book.yaml", []byte(tt.spec)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want %q", tt.spec, err, tt.want)
		}
	}
	// A spec read from a form may read no file.
	if _, err := ParseFS("form.yaml", []byte("sections:\n  - {mask: heart.png}\n"), nil); err == nil || !strings.Contains(err.Error(), "may not read files") {
		t.Errorf("a mask file in a spec that may read none: %v", err)
	}
}

func TestIslandsKey(t *testing.T) {
	b, err := Parse("book.yaml", []byte("sections:\n  - {mask: {text: ANA}, islands: separate}\n  - {mask: {text: ANA}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if b.Sections[0].Islands != "separate" || b.Sections[1].Islands != "" {
		t.Errorf("islands: %q %q", b.Sections[0].Islands, b.Sections[1].Islands)
	}
	for _, tt := range []struct{ spec, want string }{
		{"sections:\n  - {islands: separate}\n", "book.yaml:2:15: islands says what becomes of a mask's separate parts"},
		{"sections:\n  - {mask: {text: A}, islands: apart}\n", `islands "apart" is unknown (known: join, separate)`},
	} {
		if _, err := Parse("book.yaml", []byte(tt.spec)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v", tt.spec, err)
		}
	}
}

func TestTeachingKeys(t *testing.T) {
	b, err := Parse("book.yaml", []byte("answers: {show_walk: true}\nsections:\n  - {kind: blank}\n  - {kind: graph, solver: tremaux}\n  - {count: 2}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !b.Answers.ShowWalk || b.Sections[0].Sheet != SheetBlank || b.Sections[1].Sheet != SheetGraph || b.Sections[2].Sheet != SheetMaze {
		t.Errorf("show_walk %v, kinds %q %q %q", b.Answers.ShowWalk, b.Sections[0].Sheet, b.Sections[1].Sheet, b.Sections[2].Sheet)
	}
	for _, tt := range []struct{ spec, want string }{
		{"sections:\n  - {kind: drawing}\n", `book.yaml:2:12: kind "drawing" is unknown (known: maze, blank, graph, steps)`},
		{"sections:\n  - {kind: graph, weave: 0.2}\n", "book.yaml:2:12: kind graph draws a grid without crossings"},
		{"answers: {show_walk: often}\nsections:\n  - {solver: right-hand}\n", `book.yaml:1:22: show_walk must be true or false, not "often"`},
		{"answers:\n  show_walk: true\nsections:\n  - {solver: bfs}\n  - {kind: blank, solver: left-hand}\n", "book.yaml:2:14: answers.show_walk draws the steps of a solver that walks the maze, and no section's solver does"},
	} {
		if _, err := Parse("book.yaml", []byte(tt.spec)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v", tt.spec, err)
		}
	}
}

// TestEveryOpeningsAccepted checks that a section takes every way of
// placing the doors the maze package has, as the maze command does.
func TestEveryOpeningsAccepted(t *testing.T) {
	for _, name := range maze.OpeningsNames() {
		b, err := Parse("book.yaml", []byte("sections:\n  - {count: 1, openings: "+name+"}\n"))
		if err != nil {
			t.Errorf("openings %s: %v", name, err)
			continue
		}
		if got := string(b.Sections[0].Openings); got != name {
			t.Errorf("openings %s: the section has %s", name, got)
		}
	}
}
