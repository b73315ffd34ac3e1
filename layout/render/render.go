// Package render turns a book's spec into its PDF: it makes the book
// (layout.Make), draws its pages one at a time into a PDF (and hands each
// page to a caller that writes it elsewhere too, such as SVG), and checks
// them against the print-on-demand rules on the way. 'mazebook build',
// 'mazebook validate' and the web studio all call it, so that the same
// spec gives the same bytes whichever of them builds it.
package render

import (
	"bytes"
	"context"
	"fmt"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/kdp"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

// TeacherSuffix ends the PDF title of a teacher edition.
const TeacherSuffix = " (teacher edition)"

// Metadata returns the document information of the PDF of a book: its
// spec's title, author, subject and date, and creator (such as
// "mazebook 0.1.0"), and the record of the spec it is built from (its
// digest and edition; PDF sets its check). A teacher edition's title
// ends with TeacherSuffix.
func Metadata(sp *spec.Book, ed plan.Edition, creator string) pdf.Metadata {
	m := pdf.Metadata{
		Title:   sp.Title,
		Author:  sp.Author,
		Subject: sp.Subject,
		Creator: creator,
		Created: sp.Date,
		Record:  pdf.Record{Spec: sp.Digest(), Edition: EditionStudent},
	}
	if ed == plan.Teacher {
		m.Title += TeacherSuffix
		m.Record.Edition = EditionTeacher
	}
	return m
}

// The editions a PDF's record names (see pdf.Record).
const (
	EditionStudent      = "student"
	EditionTeacher      = "teacher"
	EditionCover        = "cover"
	EditionTeacherCover = "teacher cover"
)

// CoverMetadata returns the document information of the PDF of a
// book's cover (of its teacher edition for plan.Teacher): the book's,
// its title ending with " (cover)".
func CoverMetadata(sp *spec.Book, ed plan.Edition, creator string) pdf.Metadata {
	m := Metadata(sp, ed, creator)
	m.Title += " (cover)"
	m.Record.Edition = EditionCover
	if ed == plan.Teacher {
		m.Record.Edition = EditionTeacherCover
	}
	return m
}

// Verdict is a record's check of a document checked against the
// print-on-demand rules, which broke the rules v.
func Verdict(v []kdp.Violation) string {
	if len(v) > 0 {
		return pdf.CheckFailed
	}
	return pdf.CheckPassed
}

// PageFunc is told each page of a book as it is drawn, in order: i is
// its index from 0. An error it returns stops the rendering.
type PageFunc func(i int, p *display.Page) error

// PDF draws every page of a made book, one at a time, into a PDF, calling
// page (when not nil) with each, and checks each page against the
// print-on-demand rules: a big book never holds all its drawings at
// once. It returns the PDF and the rules it breaks, the verdict written
// as the check of the PDF's record (see pdf.Record) when meta has one,
// the record carrying the fingerprints of the book's mazes too.
// An error drawing a
// page names the page; a template that fails on a page's data is still a
// spec.Errors underneath (errors.As finds it).
func PDF(b *layout.Book, meta pdf.Metadata, page PageFunc) ([]byte, []kdp.Violation, error) {
	if meta.Record.Spec != "" && meta.Record.Mazes == nil {
		meta.Record.Mazes = Fingerprints(b)
	}
	pw := pdf.NewWriter(meta)
	checker := kdp.NewChecker(b.Plan)
	for i := range b.Plan.Pages {
		p, err := b.Page(i)
		if err == nil {
			err = pw.Add(&p)
		}
		if err == nil && page != nil {
			err = page(i, &p)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("page %d: %w", i+1, err)
		}
		checker.Page(i, &p)
	}
	var buf bytes.Buffer
	if err := pw.Finish(&buf); err != nil {
		return nil, nil, err
	}
	data := buf.Bytes()
	v := checker.Finish(data)
	if meta.Record.Spec != "" {
		if err := pdf.SetCheck(data, Verdict(v)); err != nil {
			return nil, nil, err
		}
	}
	return data, v, nil
}

// Options say which edition of a book to render and how.
type Options struct {
	// Context, when not nil, stops the work when it is done: between
	// mazes, and between pages.
	Context context.Context
	Edition plan.Edition
	// Creator names the program in the PDF ("mazebook 0.1.0").
	Creator string
	// Progress, when not nil, is told the mazes made so far and the
	// whole work (see layout.Options).
	Progress func(done, total int)
	// Page, when not nil, is told each page as it is drawn.
	Page PageFunc
}

// Result is a rendered book: the made book, its PDF and the
// print-on-demand rules it breaks.
type Result struct {
	Book       *layout.Book
	PDF        []byte
	Violations []kdp.Violation
}

// Book makes the book a spec describes and renders it as a PDF: exactly
// what 'mazebook build' writes for the same spec and edition. Spec
// problems are returned as spec.Errors (possibly wrapped).
func Book(sp *spec.Book, opt Options) (*Result, error) {
	b, err := layout.Make(sp, layout.Options{Context: opt.Context, Edition: opt.Edition, Progress: opt.Progress})
	if err != nil {
		return nil, err
	}
	page := opt.Page
	if ctx := opt.Context; ctx != nil {
		page = func(i int, p *display.Page) error {
			if ctx.Err() != nil {
				return context.Cause(ctx)
			}
			if opt.Page != nil {
				return opt.Page(i, p)
			}
			return nil
		}
	}
	data, v, err := PDF(b, Metadata(sp, opt.Edition, opt.Creator), page)
	if err != nil {
		return nil, err
	}
	return &Result{Book: b, PDF: data, Violations: v}, nil
}
