package render

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

const small = `title: Small
author: Ana
seed: 7
sections:
  - count: 3
    size: 6x6
    per_page: 2
`

// The PDF drawn one page at a time is the PDF of the whole book drawn at
// once, and every page is handed to the page function in order.
func TestBookMatchesWholeBook(t *testing.T) {
	for _, ed := range []plan.Edition{plan.Student, plan.Teacher} {
		sp, err := spec.ParseFS("small.yaml", []byte(small), nil)
		if err != nil {
			t.Fatal(err)
		}
		var seen []int
		res, err := Book(sp, Options{Edition: ed, Creator: "mazebook test", Page: func(i int, p *display.Page) error {
			seen = append(seen, i)
			return nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		whole, err := layout.Build(sp, layout.Options{Edition: ed})
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		meta := Metadata(sp, ed, "mazebook test")
		meta.Record.Mazes = Fingerprints(res.Book)
		if err := pdf.Write(&want, whole.Pages, meta); err != nil {
			t.Fatal(err)
		}
		// The whole book's record is not checked; the book's says how
		// its check went.
		if err := pdf.SetCheck(want.Bytes(), Verdict(res.Violations)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(res.PDF, want.Bytes()) {
			t.Errorf("edition %d: the PDF drawn page by page differs from the whole book's", ed)
		}
		if len(seen) != len(whole.Pages) || seen[len(seen)-1] != len(seen)-1 {
			t.Errorf("edition %d: pages seen %v, want 0..%d", ed, seen, len(whole.Pages)-1)
		}
		wantTitle := "Small"
		if ed == plan.Teacher {
			wantTitle += TeacherSuffix
		}
		if m := Metadata(sp, ed, "c"); m.Title != wantTitle || m.Author != "Ana" || !m.Created.Equal(sp.Date) {
			t.Errorf("edition %d: metadata %+v, want title %q, author Ana, date %v", ed, m, wantTitle, sp.Date)
		}
	}
}

// An error from the page function stops the rendering and names the page.
func TestPageErrorNamesPage(t *testing.T) {
	sp, err := spec.ParseFS("small.yaml", []byte(small), nil)
	if err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	_, err = Book(sp, Options{Page: func(i int, p *display.Page) error {
		if i == 1 {
			return boom
		}
		return nil
	}})
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "page 2: ") {
		t.Errorf("got %v, want page 2: boom", err)
	}
}
