package spec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSeedFromTitle checks the seed of a spec that gives none: drawn from
// its title, the same for the same title and another for another, and
// said in a note at the title's line; a spec with a seed keeps it and has
// no such note.
func TestSeedFromTitle(t *testing.T) {
	parse := func(src string) *Book {
		t.Helper()
		b, err := Parse("book.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a := parse("title: Jungle Mazes\nsections: [{count: 1}]\n")
	b := parse("title: Jungle Mazes\nsections: [{count: 2}]\n")
	c := parse("title: Space Mazes\nsections: [{count: 1}]\n")
	d := parse("title: Space Mazes\nseed: 7\nsections: [{count: 1}]\n")
	if a.Seed != b.Seed || a.Seed == c.Seed || a.Seed != TitleSeed("Jungle Mazes") || d.Seed != 7 {
		t.Errorf("seeds %d %d %d %d", a.Seed, b.Seed, c.Seed, d.Seed)
	}
	notes := a.Notes()
	if len(notes) != 1 || !strings.HasPrefix(notes[0].Error(), "book.yaml:1:8: the spec gives no seed") || !strings.Contains(notes[0].Error(), "seed: ") {
		t.Errorf("notes %v", notes)
	}
	if len(d.Notes()) != 0 {
		t.Errorf("a spec with a seed has notes %v", d.Notes())
	}
}

// TestEditionsKeepTheirMazes checks that an edition translating its
// sections' titles keeps the spec's section ids (and so its mazes), and
// its seed though its title changes; an edition that changes a section's
// mazes, or names its id, keeps its own.
func TestEditionsKeepTheirMazes(t *testing.T) {
	src := `title: Jungle Mazes
sections:
  - {title: Warm-up, count: 4, difficulty: 2}
  - {title: Harder, count: 4, difficulty: 6}
  - {title: Last, count: 2, difficulty: 8}
editions:
  - {name: en}
  - name: es
    language: es
    title: Laberintos de la selva
    sections:
      - {title: Calentamiento, count: 4, difficulty: 2, instructions: ¡A jugar!}
      - {title: Más difícil, count: 5, difficulty: 6}
      - {title: Último, id: own, count: 2, difficulty: 8}
`
	base, err := Parse("book.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	es, err := ParseVariant("book.yaml", []byte(src), nil, Variant{Edition: "es"})
	if err != nil {
		t.Fatal(err)
	}
	if es.Seed != base.Seed {
		t.Errorf("the edition's seed %d, the spec's %d", es.Seed, base.Seed)
	}
	want := []string{"Warm-up", "Más difícil", "own"}
	for i, sec := range es.Sections {
		if sec.ID != want[i] {
			t.Errorf("the edition's section %d has id %q, want %q", i+1, sec.ID, want[i])
		}
	}
}

// TestDefaultSeedAsDocumented checks that the manual says what a spec
// without a seed gets: one drawn from its title, as the example
// has it ("Ocean" gets 669764230), not a fixed default.
func TestDefaultSeedAsDocumented(t *testing.T) {
	b, err := Parse("book.yaml", []byte("title: Ocean\nsections: [{count: 1}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if b.Seed != 669764230 || b.Seed != TitleSeed("Ocean") {
		t.Errorf("Ocean's seed is %d, want 669764230", b.Seed)
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "spec.md"))
	if err != nil {
		t.Fatal(err)
	}
	var row string
	for _, line := range strings.Split(string(doc), "\n") {
		if strings.HasPrefix(line, "| `seed` |") {
			row = line
		}
	}
	cells := strings.Split(row, "|")
	if len(cells) < 4 {
		t.Fatalf("docs/spec.md has no row for seed: %q", row)
	}
	if def := strings.TrimSpace(cells[2]); def != "from the title" || !strings.Contains(row, "669764230") {
		t.Errorf("docs/spec.md gives seed the default %q, want \"from the title\" and Ocean's 669764230: %s", def, row)
	}
}
