package spec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestManualSaysTheDefaults checks that the manual's tables give each key
// the default Default says, which the studio's form shows: one value,
// read from the book's and a section's defaults, said alike in all three
// places.
func TestManualSaysTheDefaults(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "spec.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{
		"title", "language", "page.size", "page.orientation", "page.margin", "title_page",
		"answers.enabled", "answers.per_page", "teacher_edition", "style.color", "style.markers",
		"style.name_line", "style.motifs", "sections.*.count", "sections.*.shape", "sections.*.per_page",
	} {
		v, ok := Default(path)
		if !ok || v == "" {
			t.Errorf("%s: no default", path)
			continue
		}
		leaf := path[strings.LastIndexByte(path, '.')+1:]
		row := "| `" + leaf + "` | `" + v + "`"
		if !strings.Contains(string(doc), row) {
			t.Errorf("%s: docs/spec.md has no row %q", path, row)
		}
	}
	for _, path := range []string{"seed", "sections.*.openings", "sections.*.size", "theme"} {
		if v, ok := Default(path); ok {
			t.Errorf("%s: a fixed default %q, though a book gets its own", path, v)
		}
	}
}
