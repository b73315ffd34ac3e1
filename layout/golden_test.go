package layout

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/layout/svg"
)

// update rewrites the golden files: go test ./layout -run Golden -update.
// A change to a golden file is a change to the pages people get from the
// same spec; its commit must say why.
var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestGoldenBook builds testdata/golden/book.yaml and checks every page,
// as SVG, against testdata/golden/book/, and the student and teacher PDFs
// against their hashes.
func TestGoldenBook(t *testing.T) {
	sp, err := spec.Read(filepath.Join("testdata", "golden", "book.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sp.File = "book.yaml"
	dir := filepath.Join("testdata", "golden", "book")
	var sums bytes.Buffer
	for _, ed := range []struct {
		name    string
		edition plan.Edition
	}{{"student", plan.Student}, {"teacher", plan.Teacher}} {
		book, err := Build(sp, Options{Edition: ed.edition})
		if err != nil {
			t.Fatal(err)
		}
		var doc bytes.Buffer
		if err := pdf.Write(&doc, book.Pages, pdf.Metadata{Title: sp.Title, Author: sp.Author, Creator: "mazebook", Created: sp.Date}); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&sums, "%s.pdf %x %d pages\n", ed.name, sha256.Sum256(doc.Bytes()), len(book.Pages))
		if ed.edition != plan.Student {
			continue
		}
		if *update {
			os.RemoveAll(dir)
			os.MkdirAll(dir, 0o755)
		}
		for i, p := range book.Pages {
			var b bytes.Buffer
			if err := svg.Write(&b, p); err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("page-%03d.svg", i+1)
			path := filepath.Join(dir, name)
			if *update {
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("%v (run go test -update to write it)", err)
				continue
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Errorf("page %d differs from %s (%d and %d bytes): if the change is meant, run go test ./layout -run Golden -update and say why in the commit", i+1, path, b.Len(), len(want))
			}
		}
		if !*update {
			if files, _ := filepath.Glob(filepath.Join(dir, "*.svg")); len(files) != len(book.Pages) {
				t.Errorf("the book has %d pages, the golden files %d", len(book.Pages), len(files))
			}
		}
	}
	path := filepath.Join("testdata", "golden", "book.sums")
	if *update {
		if err := os.WriteFile(path, sums.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sums.Bytes(), want) {
		t.Errorf("the PDFs differ from book.sums:\ngot:\n%swant:\n%s", sums.Bytes(), want)
	}
}
