package catalogue

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"mazebook/files"
	"mazebook/layout"
	"mazebook/layout/cover"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/render"
	"mazebook/layout/spec"
)

// MaxBookFile is the largest file of a book Survey reads.
const MaxBookFile = 2 << 30

// Survey writes the manifest of the books already in opt.Dir, made by
// Build or book by book by a batch engine, and builds none. Each book's
// spec is read and planned, and its mazes made (no page is drawn), for
// the pages its files should have and its mazes' fingerprints; of each
// of its files, only what the manifest needs is read, within BookLimits
// (see ReadPDF: its pages, their sizes, its title and mazebook's record
// of the spec it was built from), and when it is a PDF mazebook wrote,
// its SHA-256 is taken a block at a time. A book one of whose files is
// missing, is not a PDF mazebook wrote (or is damaged, or past the
// limits), or does not match its spec (a page count that is not the
// plan's; a title that is not the spec's; a cover whose size is not the
// one its page count, trim and paper make; a record of another spec, or
// of the spec before it changed, or none) fails with every such
// problem, each naming its file, and keeps the checksums of the files
// read. The page counts and spines in the manifest are those read from
// the PDFs. A book of a spec with a preset is marked "passed" or
// "failed" as its files' records say, as Build marks it; one that failed
// fails too (it was written with --check-warn) unless the spec says
// check: {warn_only: true}. Survey returns the results in the jobs'
// order, and the error of the manifest.
func Survey(ctx context.Context, jobs []Job, opt Options) ([]Result, error) {
	opt = opt.withDefaults()
	if err := checkSurvey(jobs, opt.Dir); err != nil {
		return nil, err
	}
	results := each(ctx, jobs, opt, surveyOne)
	if ctx.Err() != nil {
		return results, context.Cause(ctx)
	}
	Repeats(results)
	return results, writeManifest(jobs, results, opt)
}

// checkSurvey checks the manifest Survey writes into dir against every
// input: each spec, every file a spec reads, and every book's files.
func checkSurvey(jobs []Job, dir string) error {
	var p files.Plan
	addInputs(&p, jobs)
	for _, j := range jobs {
		for _, f := range j.Files {
			p.Input(describeFile(j, f)+",", filepath.Join(dir, f.Name))
		}
	}
	for _, m := range ManifestFiles {
		if err := p.Output(filepath.Join(dir, m), "the catalogue's manifest"); err != nil {
			return err
		}
	}
	return nil
}

// surveyOne reads the files of a job's book and checks them against its
// spec.
func surveyOne(ctx context.Context, j Job, opt Options, mem *budget) Result {
	r, sp, p := planJob(j)
	if r.Err != nil {
		return r
	}
	need := p.Cost().Bytes
	mem.take(need)
	b, err := layout.Make(sp, layout.Options{Context: ctx})
	mem.give(need)
	if err != nil {
		r.Err = err
		return r
	}
	want := map[Kind]int{Interior: len(p.Pages), Cover: 1, TeacherCover: 1}
	if sp.TeacherEdition {
		tp, err := plan.Make(sp, plan.Teacher)
		if err != nil {
			r.Err = err
			return r
		}
		want[Teacher] = len(tp.Pages)
	}
	paper := sp.Cover.Paper
	made := Fingerprints(b)
	var problems []error
	var failed []string // files whose record says they broke the print rules
	for _, f := range j.Files {
		path := filepath.Join(opt.Dir, f.Name)
		info, sum, err := readBook(path)
		var notBook *notBookError
		switch {
		case errors.Is(err, fs.ErrNotExist):
			problems = append(problems, fmt.Errorf("%s is missing", path))
			continue
		case errors.As(err, &notBook):
			problems = append(problems, fmt.Errorf("%s is not a book mazebook wrote, or is damaged: %v", path, notBook.err))
			continue
		case err != nil:
			problems = append(problems, fmt.Errorf("cannot read %s: %v", path, files.Reason(err)))
			continue
		}
		r.setFile(f, sum)
		before := len(problems)
		ed := plan.Student
		if f.Kind == Teacher || f.Kind == TeacherCover {
			ed = plan.Teacher
		}
		title := render.Metadata(sp, ed, opt.Creator).Title
		if f.Kind == Cover || f.Kind == TeacherCover {
			title += " (cover)"
		}
		if info.Title != title {
			problems = append(problems, fmt.Errorf("%s is titled %q, and its spec's is %q: it is another book's", path, info.Title, title))
		}
		if info.Pages != want[f.Kind] {
			problems = append(problems, fmt.Errorf("%s has %d pages, and its spec plans %d: build it again", path, info.Pages, want[f.Kind]))
		}
		switch f.Kind {
		case Interior:
			r.Pages, r.SpineIn = info.Pages, spineIn(info.Pages, paper)
		case Teacher:
			r.TeacherPages, r.TeacherSpineIn = info.Pages, spineIn(info.Pages, paper)
		case Cover, TeacherCover:
			g := cover.Dims(sp.Page.Width, sp.Page.Height, want[Interior], paper)
			if f.Kind == TeacherCover {
				g = cover.Dims(sp.Page.Width, sp.Page.Height, want[Teacher], paper)
			}
			if len(info.Sizes) > 0 && (math.Abs(info.Sizes[0][0]-g.Width) > sizeTolerance || math.Abs(info.Sizes[0][1]-g.Height) > sizeTolerance) {
				problems = append(problems, fmt.Errorf("%s is %s x %s, and the cover of %d pages of its spec is %s x %s: build it again", path,
					spec.FormatLength(info.Sizes[0][0], "in"), spec.FormatLength(info.Sizes[0][1], "in"), g.Pages, spec.FormatLength(g.Width, "in"), spec.FormatLength(g.Height, "in")))
			}
		}
		// A file that looks like its book's may still be an older build:
		// its record says which spec it was built from, and its check.
		if len(problems) > before {
			continue
		}
		if p := recordProblem(path, info, sp, f.Kind); p != nil {
			problems = append(problems, p)
			continue
		}
		if f.Kind == Interior || f.Kind == Teacher {
			if p := mazesProblem(path, info.Record, made); p != nil {
				problems = append(problems, p)
				continue
			}
		}
		if info.Record.Check == pdf.CheckFailed {
			failed = append(failed, path)
		}
	}
	if sp.Preset != "" && len(failed) > 0 && !sp.CheckWarnOnly {
		verb := "breaks"
		if len(failed) > 1 {
			verb = "break"
		}
		problems = append(problems, fmt.Errorf("%s %s the print-on-demand rules of its spec's preset (%s), written with --check-warn: mend the spec (mazebook validate says what breaks them) and build it again", strings.Join(failed, " and "), verb, sp.Preset))
	}
	if sp.Preset != "" {
		r.Check = "passed"
		if len(failed) > 0 {
			r.Check = "failed"
		}
	}
	if len(problems) > 0 {
		r.Err = errors.Join(problems...)
		return r
	}
	r.Mazes = made // those its files hold, each checked
	return r
}

// mazesProblem says what is wrong with the mazes the record of the file
// at path says it holds, against made, those its spec makes now: none
// recorded (an older mazebook wrote it), or others; nil when they are
// the same, in the same order.
func mazesProblem(path string, rec pdf.Record, made []string) error {
	if !rec.MazesRecorded && len(made) > 0 {
		return fmt.Errorf("%s carries no fingerprints of its mazes (an older mazebook wrote it), so what it holds cannot be told: build it again", path)
	}
	if !slices.Equal(rec.Mazes, made) {
		differ := max(len(rec.Mazes), len(made)) - min(len(rec.Mazes), len(made))
		for i := range min(len(rec.Mazes), len(made)) {
			if rec.Mazes[i] != made[i] {
				differ++
			}
		}
		return fmt.Errorf("%s holds %d mazes, %d of them not those its spec makes now (another version of mazebook built it, or it was changed since): build it again", path, len(rec.Mazes), differ)
	}
	return nil
}

// recordProblem says what is wrong with the record of the file at path,
// one of a book of kind k of spec sp: none, or another spec's, or
// another edition's; nil when it is the spec's as it is now.
func recordProblem(path string, info PDFInfo, sp *spec.Book, k Kind) error {
	if !info.HasRecord {
		return fmt.Errorf("%s carries no record of the spec it was built from (an older mazebook, or another program, wrote it): build it again", path)
	}
	want := map[Kind]string{Interior: render.EditionStudent, Teacher: render.EditionTeacher, Cover: render.EditionCover, TeacherCover: render.EditionTeacherCover}[k]
	if info.Record.Edition != want {
		return fmt.Errorf("%s is the %s of its book, not its %s: build it again", path, info.Record.Edition, want)
	}
	if info.Record.Spec != sp.Digest() {
		return fmt.Errorf("%s was built from another version of %s (its text, its seed or its page size has changed since): build it again", path, sp.File)
	}
	return nil
}

// sizeTolerance is how far, in points, a page's size read from a PDF may
// be from the one planned: the PDF writes sizes to a hundredth.
const sizeTolerance = 0.05

// PDFInfo is what ReadPDF reads of a PDF (see pdf.ReadInfo).
type PDFInfo = pdf.DocInfo

// BookLimits bound what Survey reads of a book's file: its size and its
// pages, each checked before anything it bounds is read or allocated.
// No stream is inflated.
var BookLimits = pdf.Limits{Size: MaxBookFile, Pages: MaxBookPages}

// MaxBookPages is the most pages a book's file Survey reads may have:
// as many as a catalogue makes unless told otherwise.
const MaxBookPages = 100_000

// ReadPDF reads the page count, the title, the page sizes and mazebook's
// record of a PDF that mazebook wrote, within BookLimits (see
// pdf.ReadInfo): a PDF of another shape is refused, saying why.
func ReadPDF(data []byte) (PDFInfo, error) {
	return pdf.ReadInfo(bytes.NewReader(data), int64(len(data)), BookLimits)
}

// readBook reads a book's file at path within BookLimits and returns
// what ReadPDF reads of it and its SHA-256, taken a block at a time once
// the file is known to be a PDF mazebook wrote: a foreign or damaged
// file is refused before it is read whole.
func readBook(path string) (PDFInfo, string, error) {
	f, err := files.Open(path)
	if err != nil {
		return PDFInfo{}, "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return PDFInfo{}, "", err
	}
	info, err := pdf.ReadInfo(f, st.Size(), BookLimits)
	if err != nil {
		return info, "", &notBookError{err}
	}
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(f, 0, st.Size())); err != nil {
		return info, "", err
	}
	return info, hex.EncodeToString(h.Sum(nil)), nil
}

// notBookError is a file that is not a PDF mazebook wrote.
type notBookError struct{ err error }

func (e *notBookError) Error() string { return e.err.Error() }
func (e *notBookError) Unwrap() error { return e.err }
