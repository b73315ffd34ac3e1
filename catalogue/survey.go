package catalogue

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"sync"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"mazebook/files"
	"mazebook/layout"
	"mazebook/layout/cover"
	"mazebook/layout/plan"
	"mazebook/layout/render"
	"mazebook/layout/spec"
)

// MaxBookFile is the largest file of a book Survey reads.
const MaxBookFile = 2 << 30

// Survey writes the manifest of the books already in opt.Dir, made by
// Build or book by book by a batch engine, and builds none. Each book's
// spec is read and planned, and its mazes made (no page is drawn), for
// the pages its files should have and its mazes' fingerprints; each of
// its files is read, its SHA-256 taken, and its pages counted and its
// title read from the PDF. A book one of whose files is missing, is no
// PDF, or does not match its spec (a page count that is not the plan's;
// a title that is not the spec's; a cover whose size is not the one its
// page count, trim and paper make) fails with every such problem, each
// naming its file, and keeps the checksums of the files that are there.
// The page counts and spines in the manifest are those read from the
// PDFs. A book of a spec with a preset whose files all match is marked
// "passed": mazebook writes no such book that breaks its preset, unless
// the spec says check: {warn_only: true}, whose books are marked
// "unchecked". Survey returns the results in the jobs' order, and the
// error of the manifest.
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
	var problems []error
	for _, f := range j.Files {
		path := filepath.Join(opt.Dir, f.Name)
		data, err := files.ReadFile(path, MaxBookFile)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			problems = append(problems, fmt.Errorf("%s is missing", path))
			continue
		case err != nil:
			problems = append(problems, fmt.Errorf("cannot read %s: %v", path, files.Reason(err)))
			continue
		}
		sum := sha256.Sum256(data)
		r.setFile(f, hex.EncodeToString(sum[:]))
		info, err := ReadPDF(data)
		if err != nil {
			problems = append(problems, fmt.Errorf("%s is not a PDF that can be read: %v", path, err))
			continue
		}
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
	}
	if len(problems) > 0 {
		r.Err = errors.Join(problems...)
		return r
	}
	r.Mazes = Fingerprints(b)
	switch {
	case sp.Preset == "":
	case sp.CheckWarnOnly:
		r.Check = "unchecked"
	default:
		r.Check = "passed"
	}
	return r
}

// sizeTolerance is how far, in points, a page's size read from a PDF may
// be from the one planned: the PDF writes sizes to a hundredth.
const sizeTolerance = 0.05

// PDFInfo is what ReadPDF reads of a PDF.
type PDFInfo struct {
	// Pages is the page count; Title the document's title (its Info
	// dictionary's); Sizes each page's media box, width and height, in
	// points.
	Pages int
	Title string
	Sizes [][2]float64
}

var pdfcpuConfig sync.Once

// ReadPDF reads the page count, the title and the page sizes of a PDF,
// with pdfcpu, whose configuration file it never writes (see
// api.DisableConfigDir: it is disabled unless the program chose a folder
// for it).
func ReadPDF(data []byte) (info PDFInfo, err error) {
	pdfcpuConfig.Do(func() {
		if model.ConfigPath == "default" {
			api.DisableConfigDir()
		}
	})
	defer func() {
		if p := recover(); p != nil { // a damaged file is an error, not a crash
			err = fmt.Errorf("%v", p)
		}
	}()
	ctx, err := api.ReadContext(bytes.NewReader(data), model.NewDefaultConfiguration())
	if err != nil {
		return info, err
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return info, err
	}
	info.Pages = ctx.PageCount
	dims, err := ctx.PageDims()
	if err != nil {
		return info, err
	}
	for _, d := range dims {
		info.Sizes = append(info.Sizes, [2]float64{d.Width, d.Height})
	}
	if ctx.Info != nil {
		d, err := ctx.DereferenceDict(*ctx.Info)
		if err == nil && d != nil {
			if o, ok := d["Title"]; ok {
				o, err = ctx.Dereference(o)
				if err == nil {
					info.Title, _ = model.Text(o)
				}
			}
		}
	}
	return info, nil
}
