// Package bookfiles makes the files of one book: its interior, its
// teacher edition and the covers of both, each checked against the
// print-on-demand rules of a preset, and says in one set of words what a
// file breaks and why a cover is refused. 'mazebook build', 'validate'
// and 'cover', the catalogue and the studio all call it, so that the same
// spec gives the same files, refused for the same reasons, whichever of
// them makes it.
package bookfiles

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"mazebook/internal/say"
	"mazebook/internal/tell"
	"mazebook/layout"
	"mazebook/layout/cover"
	"mazebook/layout/format"
	"mazebook/layout/kdp"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/render"
	"mazebook/layout/spec"
)

// Kind is a kind of file a book has.
type Kind int

// The kinds of file a book has, in the order Make makes them.
const (
	Interior     Kind = iota // the student edition's pages
	Teacher                  // the teacher edition's pages, answers drawn on each puzzle
	Cover                    // the interior's paperback cover
	TeacherCover             // the teacher edition's paperback cover
)

// kinds is the table of the kinds: what each is called in messages
// after the book's name, and which edition it is of.
var kinds = [...]struct {
	label   string
	edition plan.Edition
	cover   bool
}{
	Interior:     {"", plan.Student, false},
	Teacher:      {" (teacher edition)", plan.Teacher, false},
	Cover:        {" (cover)", plan.Student, true},
	TeacherCover: {" (teacher edition's cover)", plan.Teacher, true},
}

// Edition returns the edition the file is of.
func (k Kind) Edition() plan.Edition { return kinds[k].edition }

// IsCover reports whether the file is a cover.
func (k Kind) IsCover() bool { return kinds[k].cover }

// Named returns a namer of a book's files for messages: name itself for
// the interior, then "name (teacher edition)", "name (cover)" and "name
// (teacher edition's cover)".
func Named(name string) func(Kind) string {
	return func(k Kind) string { return name + kinds[k].label }
}

// Kinds returns the files a spec asks for: the interior; the teacher
// edition with teacher_edition: true; and with a cover mapping, the
// cover of each.
func Kinds(sp *spec.Book) []Kind {
	out := []Kind{Interior}
	if sp.TeacherEdition {
		out = append(out, Teacher)
	}
	if sp.Given("cover") {
		out = append(out, Cover)
		if sp.TeacherEdition {
			out = append(out, TeacherCover)
		}
	}
	return out
}

// CoverDPI is the resolution of the pictures of a cover Make draws, as
// 'mazebook cover' draws them by default.
const CoverDPI = 300

// Options say which files of a book Make makes and how it checks them.
type Options struct {
	// Context, when not nil, stops the work when it is done: between
	// mazes, and between pages.
	Context context.Context
	// Creator names the program in the files ("mazebook 0.1.0").
	Creator string
	// Kinds are the files to make, in order; nil makes those the spec
	// asks for (see Kinds).
	Kinds []Kind
	// Check is the preset the files are checked against: "" for none,
	// or "kdp".
	Check string
	// WarnOnly writes files that break the preset's rules all the same
	// (the spec's check: {warn_only: true}, or --check-warn): their
	// breaks are told in Files.Broken instead of refusing the book. It
	// draws the cover of a book too short to bind too, with a warning.
	WarnOnly bool
	// Name names a file in messages; nil names it by the spec's file
	// (see Named).
	Name func(Kind) string
	// Progress, when not nil, is told the mazes of each edition made so
	// far and the whole work (see layout.Options).
	Progress func(k Kind, done, total int)
	// Page, when not nil, is told each page of the interior as it is
	// drawn; an error it returns stops the work.
	Page render.PageFunc
}

// A File is one file of a book, made.
type File struct {
	Kind Kind
	// Data are the file's bytes: a PDF.
	Data []byte
	// Pages is how many pages the edition has: the file's own, or of a
	// cover the pages it wraps.
	Pages int
	// Book is the made book of the interior (nil for the other kinds,
	// so that a catalogue holds one edition's mazes at a time).
	Book *layout.Book
	// Geometry is a cover's.
	Geometry cover.Geometry
	// Violations are the print-on-demand rules the file breaks: always
	// found for an interior or teacher edition, for a cover only when it
	// is checked against a preset.
	Violations []kdp.Violation
	// Warnings say what the file could not make as its spec has it, each
	// at the spec's line.
	Warnings []string
}

// Files are the files of a book, made.
type Files struct {
	// Files are the files, in the order of Options.Kinds.
	Files []*File
	// Warnings are the warnings of every file: the interior's, then the
	// teacher edition's not said already ("... (in the teacher
	// edition)"), then the covers'.
	Warnings []string
	// Broken are the files that break the preset's rules and were made
	// all the same, as Options.WarnOnly asks.
	Broken []*RulesError
}

// Get returns the file of a kind, or nil when it was not made.
func (fs *Files) Get(k Kind) *File {
	for _, f := range fs.Files {
		if f.Kind == k {
			return f
		}
	}
	return nil
}

// Make makes the files of the book sp describes, as opt asks, each
// checked against the preset's rules: a file that breaks them refuses
// the book with a *RulesError, unless opt.WarnOnly; the cover of a book
// too short to bind refuses it with a *ShortBookError, unless
// opt.WarnOnly. Spec problems are returned as spec.Errors (possibly
// wrapped).
func Make(sp *spec.Book, opt Options) (*Files, error) {
	ks := opt.Kinds
	if ks == nil {
		ks = Kinds(sp)
	}
	name := opt.Name
	if name == nil {
		name = Named(sp.File)
	}
	out := &Files{}
	for _, k := range ks {
		var f *File
		var err error
		if k.IsCover() {
			pdfFormat, _ := format.ForFile(".pdf", true)
			f, err = MakeCover(sp, k.Edition(), CoverOptions{Creator: opt.Creator, Format: pdfFormat, DPI: CoverDPI, Check: opt.Check, WarnOnly: opt.WarnOnly})
		} else {
			f, err = makeEdition(sp, k, opt)
		}
		if err != nil {
			return nil, err
		}
		if rerr := Check(f, opt.Check, name(k)); rerr != nil {
			if !opt.WarnOnly {
				return nil, rerr
			}
			out.Broken = append(out.Broken, rerr)
		}
		for _, w := range f.Warnings {
			switch {
			case k != Teacher:
				out.Warnings = append(out.Warnings, w)
			case !slices.Contains(out.Warnings, w):
				out.Warnings = append(out.Warnings, w+" (in the teacher edition)")
			}
		}
		out.Files = append(out.Files, f)
	}
	return out, nil
}

// makeEdition makes the interior or the teacher edition of a book.
func makeEdition(sp *spec.Book, k Kind, opt Options) (*File, error) {
	ropt := render.Options{Context: opt.Context, Edition: k.Edition(), Creator: opt.Creator}
	if opt.Progress != nil {
		ropt.Progress = func(done, total int) { opt.Progress(k, done, total) }
	}
	if k == Interior {
		ropt.Page = opt.Page
	}
	res, err := render.Book(sp, ropt)
	if err != nil {
		return nil, err
	}
	f := &File{Kind: k, Data: res.PDF, Pages: len(res.Book.Plan.Pages), Violations: res.Violations, Warnings: res.Book.Warnings()}
	if k == Interior {
		f.Book = res.Book
	}
	return f, nil
}

// Render draws an edition of a book already made (as the studio keeps
// it) into its PDF, the bytes Make makes of it, calling page (when not
// nil) with each page as it is drawn.
func Render(b *layout.Book, sp *spec.Book, ed plan.Edition, creator string, page render.PageFunc) (*File, error) {
	data, v, err := render.PDF(b, render.Metadata(sp, ed, creator), page)
	if err != nil {
		return nil, err
	}
	k := Interior
	if ed == plan.Teacher {
		k = Teacher
	}
	return &File{Kind: k, Data: data, Pages: len(b.Plan.Pages), Book: b, Violations: v, Warnings: b.Warnings()}, nil
}

// CoverOptions say how MakeCover draws and checks a cover.
type CoverOptions struct {
	Creator string
	// Format is the file's format (a PDF for printers; SVG and PNG
	// previews), and DPI the resolution of its pictures.
	Format format.Format
	DPI    float64
	// Check is the preset the cover is checked against: "" or "kdp".
	Check string
	// CheckFormat, with Check, counts a cover in any format but PDF as
	// breaking the preset's rules (asked for by --check).
	CheckFormat bool
	// WarnOnly draws the cover of a book too short to bind, with a
	// warning.
	WarnOnly bool
}

// MakeCover draws the cover of an edition of the book sp describes, and
// with opt.Check, finds the preset's cover rules it breaks (see Check),
// a PDF's verdict written into its record. A book of fewer than
// kdp.MinPages pages has no spine to wrap and no printer binds it:
// unless the preset's own rules say so already, its cover is refused
// with a *ShortBookError, or with opt.WarnOnly drawn all the same with
// the error's words as a warning.
func MakeCover(sp *spec.Book, ed plan.Edition, opt CoverOptions) (*File, error) {
	c, err := cover.MakeEdition(sp, ed)
	if err != nil {
		return nil, err
	}
	k := Cover
	if ed == plan.Teacher {
		k = TeacherCover
	}
	g := c.Geometry
	f := &File{Kind: k, Pages: g.Pages, Geometry: g, Warnings: c.Warnings}
	if g.Pages < kdp.MinPages && opt.Check != "kdp" {
		_, bonus := plan.Bonus(sp, 1)
		short := &ShortBookError{Spec: sp.File, Edition: ed, Pages: g.Pages, SpineW: g.SpineW, Bonus: bonus}
		if !opt.WarnOnly {
			return nil, short
		}
		f.Warnings = append(f.Warnings, short.Error())
	}
	meta := render.CoverMetadata(sp, ed, opt.Creator)
	var data bytes.Buffer
	if err := opt.Format.Write(&data, format.Picture{Page: c.Page, Title: meta.Title, Creator: meta.Creator, Created: meta.Created, DPI: opt.DPI, Record: meta.Record}); err != nil {
		return nil, err
	}
	f.Data = data.Bytes()
	if opt.Check == "kdp" {
		isPDF := opt.Format.Ext == ".pdf"
		var pdfData []byte
		if isPDF {
			pdfData = f.Data
		}
		f.Violations = kdp.CheckCover(kdp.Cover{TrimW: g.TrimW, TrimH: g.TrimH, Pages: g.Pages, Paper: g.Paper, Ink: sp.Style.Ink}, &c.Page, pdfData)
		if !isPDF && opt.CheckFormat {
			f.Violations = append(f.Violations, kdp.Violation{Rule: "format", Msg: "print-on-demand printers take the cover as a PDF, not " + strings.TrimPrefix(opt.Format.Ext, ".")})
		}
		if isPDF {
			if err := pdf.SetCheck(f.Data, render.Verdict(f.Violations)); err != nil {
				return nil, err
			}
		}
	}
	return f, nil
}

// Check returns the rules of preset that a file, called name in
// messages, breaks, or nil when it breaks none or there is no preset.
func Check(f *File, preset, name string) *RulesError {
	if preset == "" || len(f.Violations) == 0 {
		return nil
	}
	return &RulesError{Name: name, Kind: f.Kind, Preset: preset, Violations: f.Violations}
}

// A RulesError is a file that breaks the print-on-demand rules of its
// preset, every rule listed: "book.pdf breaks 2 print-on-demand rules
// (kdp):". Whoever shows it says how to write the file anyway.
type RulesError struct {
	// Name is the file as its reader knows it ("book.pdf"); "" says
	// "the book".
	Name       string
	Kind       Kind
	Preset     string
	Violations []kdp.Violation
}

func (e *RulesError) Error() string { return e.In("en") }

// In returns the error's words in a language; a named file's head is
// said in English, as the command line speaks.
func (e *RulesError) In(lang string) string {
	rules := say.Plural(len(e.Violations), "%d print-on-demand rule", "%d print-on-demand rules")
	preset := e.Preset
	if e.Kind.IsCover() {
		preset += ", for covers"
	}
	var msg strings.Builder
	if e.Name == "" {
		msg.WriteString(tell.In(lang, say.T("the book breaks %v (%s):", rules, preset)))
	} else {
		fmt.Fprintf(&msg, "%s breaks %v (%s):", e.Name, tell.In(lang, rules), preset)
	}
	for _, v := range e.Violations {
		fmt.Fprintf(&msg, "\n  %s: %s", v.Rule, v.Message(lang))
	}
	return msg.String()
}

// A ShortBookError is the cover of a book of fewer pages than a
// paperback needs: a worksheet of a few pages has no spine to speak of,
// and no printer binds it.
type ShortBookError struct {
	Spec    string // the spec's file
	Edition plan.Edition
	Pages   int
	SpineW  float64 // the spine it would have, in points
	// Bonus is whether the book can take bonus mazes (see plan.Bonus),
	// and so be padded to a paperback's pages.
	Bonus bool
}

func (e *ShortBookError) Error() string {
	what := "the book"
	if e.Edition == plan.Teacher {
		what = "its teacher edition"
	}
	return fmt.Sprintf("%s: %s has %d pages, and a paperback needs %d at least: its spine would be %s thick; %s",
		e.Spec, what, e.Pages, kdp.MinPages, spec.FormatLength(e.SpineW, "in"), kdp.Lengthen(e.Pages, e.Bonus))
}
