package catalogue

import (
	"context"
	"mazebook/layout/spec"
	"strings"
	"testing"
)

// A book that breaks its preset's rules is not written, and its row
// (and its teacher edition's) still gives the pages and spine it would
// have, as planned, beside the check that failed and why.
func TestBrokenBookKeepsItsPages(t *testing.T) {
	specs := writeSpecs(t, map[string]string{"thin.yaml": "title: Thin\nseed: 3\npreset: kdp\npad: 24\nteacher_edition: true\nstyle: {wall: 0.5pt}\ncover: {paper: cream}\nsections:\n  - {count: 4, size: 8x8}\n"})
	jobs, err := Jobs([]string{specs}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	results, err := Build(context.Background(), jobs, Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	r := results[0]
	if r.Check != "failed" || r.Err == nil || !strings.Contains(r.Err.Error(), "lines of 0.5pt") {
		t.Fatalf("check %q, %v", r.Check, r.Err)
	}
	if r.Pages != 24 || r.SpineIn <= 0 || r.TeacherPages != 24 || r.TeacherSpineIn <= 0 {
		t.Errorf("pages %d, spine %g in; teacher edition %d, %g in: want 24 each, with their spines", r.Pages, r.SpineIn, r.TeacherPages, r.TeacherSpineIn)
	}
	csv, _, err := Manifest(results)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"thin,book,Thin", ",24,", ",0.0600,", "thin-teacher,teacher edition"} {
		if !strings.Contains(string(csv), want) {
			t.Errorf("catalogue.csv holds no %q:\n%s", want, csv)
		}
	}
}
