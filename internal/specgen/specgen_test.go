package specgen

import (
	"context"
	"encoding/csv"
	"mazebook/layout/spec"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mazebook/catalogue"
)

// The same seed gives the same specs, spec i the same whatever the
// count, and another seed others.
func TestSpecsReproducible(t *testing.T) {
	a, b := Specs(47, 20), Specs(47, 5)
	for i := range b {
		if a[i] != b[i] {
			t.Errorf("spec %d of 20 is not spec %d of 5", i, i)
		}
	}
	if Specs(48, 1)[0].Text == a[0].Text {
		t.Error("seed 48 gives seed 47's first spec")
	}
	names := map[string]bool{}
	for _, s := range a {
		names[s.Name] = true
	}
	if len(names) != 20 || a[0].Name != "book-001.yaml" {
		t.Errorf("names %v", names)
	}
}

// Twenty specs of the script, and a copy of the first under another
// title (a publisher's copy with its seed: every maze of it a repeat),
// built through the catalogue route with --unique: every book passes
// KDP's rules (the catalogue checks each against its preset, as
// --check kdp does), the copy's repeated mazes are drawn again, and the
// manifest counts no maze repeated, across books or in one.
func TestCatalogueOfGeneratedSpecs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 21 books")
	}
	dir := t.TempDir()
	specs := filepath.Join(dir, "specs")
	if err := os.Mkdir(specs, 0o755); err != nil {
		t.Fatal(err)
	}
	all := Specs(47, 20)
	copied := Spec{Name: "book-copy.yaml", Text: strings.Replace(all[0].Text, "title: ", "title: Another ", 1)}
	for _, s := range append(all, copied) {
		if !strings.Contains(s.Text, "preset: kdp\n") {
			t.Fatalf("%s has no preset: kdp", s.Name)
		}
		if err := os.WriteFile(filepath.Join(specs, s.Name), []byte(s.Text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	jobs, err := catalogue.Jobs([]string{specs}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	jobs, redraws, err := catalogue.Unique(ctx, jobs, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(redraws) == 0 || redraws[len(redraws)-1].Name != "book-copy" || len(redraws[len(redraws)-1].Kept) > 0 {
		t.Errorf("--unique redrew %v; want the copy's mazes drawn again", redraws)
	}
	books := filepath.Join(dir, "books")
	results, err := catalogue.Build(ctx, jobs, catalogue.Options{Dir: books, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if r.Err != nil || r.Check != "passed" {
			t.Errorf("%s: check %q: %v", r.Job.Name, r.Check, r.Err)
		}
	}
	f, err := os.Open(filepath.Join(books, "catalogue.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 22 {
		t.Fatalf("catalogue.csv: %d rows, %v", len(rows), err)
	}
	col := map[string]int{}
	for i, c := range rows[0] {
		col[c] = i
	}
	for _, row := range rows[1:] {
		if row[col["repeated_mazes"]] != "0" || row[col["repeated_in_book"]] != "0" || row[col["check"]] != "passed" {
			t.Errorf("%s: repeated_mazes %q, repeated_in_book %q, check %q", row[col["name"]], row[col["repeated_mazes"]], row[col["repeated_in_book"]], row[col["check"]])
		}
	}
}
