// Package catalogue builds many books at once: every spec of a list or a
// folder, every volume of a series and every edition, in parallel on the
// machine's cores within one memory budget for the whole run, and writes
// a manifest a publisher pastes into a print-on-demand dashboard.
//
// Each book is built as 'mazebook build' builds it alone (the same bytes),
// and a book that fails does not stop the others.
package catalogue

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"mazebook/layout"
	"mazebook/layout/cover"
	"mazebook/layout/format"
	"mazebook/layout/kdp"
	"mazebook/layout/plan"
	"mazebook/layout/render"
	"mazebook/layout/spec"
)

// Job is one book of a catalogue: a spec file and one of its variants
// (a volume of its series, an edition).
type Job struct {
	Spec    string
	Variant spec.Variant
	// Name is the base of the book's files: the spec's file name, then
	// the variant ("animals-vol-02-es").
	Name string
	// Err is why the spec's books could not be listed (it cannot be
	// read): the job fails with it.
	Err error
}

// SpecExts are the extensions of the specs a folder holds.
var SpecExts = []string{".yaml", ".yml"}

// Jobs lists the books of specs and folders, in order: a folder's specs
// (its files ending in SpecExts, not its subfolders) sorted by name, and
// each spec's variants (see spec.Book.Variants). A spec that cannot be
// read is one job that fails with its problems; a path that is neither a
// file nor a folder is an error.
func Jobs(paths []string) ([]Job, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, fmt.Errorf("cannot read spec %s: %v", p, err)
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			return nil, err
		}
		var found []string
		for _, e := range entries {
			if !e.IsDir() && slices.Contains(SpecExts, strings.ToLower(filepath.Ext(e.Name()))) {
				found = append(found, filepath.Join(p, e.Name()))
			}
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("%s: the folder holds no spec (%s)", p, strings.Join(SpecExts, ", "))
		}
		sort.Strings(found)
		files = append(files, found...)
	}
	var jobs []Job
	names := map[string]string{}
	for _, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		sp, err := spec.Read(f)
		if err != nil {
			jobs = append(jobs, Job{Spec: f, Name: base, Err: err})
			continue
		}
		for _, v := range sp.Variants() {
			name := base
			if s := v.String(); s != "" {
				name += "-" + s
			}
			if other, dup := names[name]; dup {
				return nil, fmt.Errorf("%s and %s both make books named %s: rename one of the specs", other, f, name)
			}
			names[name] = f
			jobs = append(jobs, Job{Spec: f, Variant: v, Name: name})
		}
	}
	return jobs, nil
}

// Options tune Build.
type Options struct {
	// Dir is the folder the books are written to.
	Dir string
	// Workers is how many books are built at once; 0 means one for each
	// core.
	Workers int
	// Budget bounds the memory of the books being built at once, in
	// bytes, by their estimates (see plan.Plan.Cost); 0 means
	// plan.MaxBookBytes, the most one book may take. A book larger than
	// the budget waits until it builds alone.
	Budget float64
	// Creator names the program in the PDFs ("mazebook 0.1.0").
	Creator string
	// Progress, when not nil, is told each time a book is done.
	Progress func(done, total int, r Result)
	// Write, when not nil, writes a book's files into Dir, all or none,
	// instead of the plain writing that renames each from a temporary
	// file: a command line passes its own, which also keeps the spec's
	// inputs from being overwritten and cleans up on an interrupt. It may
	// be called from several goroutines at once.
	Write func(sp *spec.Book, files []File) error
}

// File is one file of a book, named within Options.Dir.
type File struct {
	Name string
	Data []byte
}

// Result is one book built, or not: a row of the manifest.
type Result struct {
	Job      Job
	Title    string
	Subtitle string
	Volume   int
	Edition  string
	Language string
	// Trim is the trimmed page, "6 x 9 in"; Pages the page count; Ink the
	// interior's ink; Paper its paper; SpineIn the cover's spine, in
	// inches.
	Trim    string
	Pages   int
	Ink     string
	Paper   string
	SpineIn float64
	// Interior, Teacher and Cover are the files written (their names in
	// Dir; "" for none), each with its SHA-256.
	Interior, InteriorSHA256 string
	Teacher, TeacherSHA256   string
	Cover, CoverSHA256       string
	// Check is "passed" or "failed" when the book was checked against
	// its preset (kdp), "" when it has none.
	Check string
	// Err is why the book was not built; nothing of it was written.
	Err error
}

// Build builds every job and returns the results in the jobs' order.
// It stops starting books when ctx is done.
func Build(ctx context.Context, jobs []Job, opt Options) []Result {
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
	}
	if opt.Budget <= 0 {
		opt.Budget = plan.MaxBookBytes
	}
	results := make([]Result, len(jobs))
	mem := newBudget(opt.Budget)
	var (
		mu   sync.Mutex
		done int
		wg   sync.WaitGroup
	)
	next := make(chan int)
	for range min(opt.Workers, max(len(jobs), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := buildOne(ctx, jobs[i], opt, mem)
				results[i] = r
				mu.Lock()
				done++
				if opt.Progress != nil {
					opt.Progress(done, len(jobs), r)
				}
				mu.Unlock()
			}
		}()
	}
	for i := range jobs {
		if ctx.Err() != nil {
			results[i] = Result{Job: jobs[i], Err: ctx.Err()}
			continue
		}
		next <- i
	}
	close(next)
	wg.Wait()
	return results
}

// budget is a memory budget shared by the books built at once.
type budget struct {
	mu    sync.Mutex
	cond  *sync.Cond
	total float64
	used  float64
}

func newBudget(total float64) *budget {
	b := &budget{total: total}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// take waits until n bytes fit (or nothing else is taken: a book larger
// than the budget builds alone) and takes them.
func (b *budget) take(n float64) {
	b.mu.Lock()
	for b.used > 0 && b.used+n > b.total {
		b.cond.Wait()
	}
	b.used += n
	b.mu.Unlock()
}

func (b *budget) give(n float64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
	b.cond.Broadcast()
}

// Book is one book of a catalogue, built: its files' bytes, and what
// the manifest says of it.
type Book struct {
	Spec     *spec.Book
	Interior []byte
	Teacher  []byte // nil without a teacher edition
	Cover    []byte // nil without a cover
	Pages    int
	SpineIn  float64
	// Violations are the print rules the interior and cover break (when
	// the spec names a preset).
	Violations []kdp.Violation
}

// Load parses the spec of a job's variant.
func Load(j Job) (*spec.Book, error) {
	if j.Err != nil {
		return nil, j.Err
	}
	data, err := os.ReadFile(j.Spec)
	if err != nil {
		return nil, err
	}
	return spec.ParseVariant(j.Spec, data, os.DirFS(filepath.Dir(j.Spec)), j.Variant)
}

// Make builds the book of a parsed spec, as 'mazebook build' does: the
// interior, the teacher edition when the spec asks for it, and the cover
// when it has a cover mapping.
func Make(ctx context.Context, sp *spec.Book, creator string) (*Book, error) {
	b, err := layout.Make(sp, layout.Options{Context: ctx})
	if err != nil {
		return nil, err
	}
	out := &Book{Spec: sp, Pages: len(b.Plan.Pages)}
	out.Interior, out.Violations, err = render.PDF(b, render.Metadata(sp, plan.Student, creator), nil)
	if err != nil {
		return nil, err
	}
	if sp.TeacherEdition {
		tb, err := layout.Make(sp, layout.Options{Edition: plan.Teacher, Context: ctx})
		if err != nil {
			return nil, err
		}
		data, v, err := render.PDF(tb, render.Metadata(sp, plan.Teacher, creator), nil)
		if err != nil {
			return nil, err
		}
		out.Teacher = data
		out.Violations = append(out.Violations, v...)
	}
	paper := sp.Cover.Paper
	if paper == "" {
		paper = spec.PaperWhite
	}
	out.SpineIn = kdp.SpineWidth(out.Pages, paper) / spec.PointsPerInch
	if sp.Cover.Given {
		if out.Pages < kdp.MinPages && !sp.CheckWarnOnly {
			// As 'mazebook cover' refuses it: no printer binds it.
			return nil, fmt.Errorf("%s: the book has %d pages, and a paperback needs %d at least, so its cover has no spine to wrap: add mazes, or pad: %d in the spec to end the book with blank pages", sp.File, out.Pages, kdp.MinPages, kdp.MinPages)
		}
		c, err := cover.Make(sp)
		if err != nil {
			return nil, err
		}
		meta := render.Metadata(sp, plan.Student, creator)
		meta.Title += " (cover)"
		f, _ := format.ForFile(".pdf", true)
		var data bytes.Buffer
		if err := f.Write(&data, format.Picture{Page: c.Page, Title: meta.Title, Creator: meta.Creator, Created: meta.Created, DPI: 300}); err != nil {
			return nil, err
		}
		out.Cover = data.Bytes()
		if sp.Preset == "kdp" {
			g := c.Geometry
			out.Violations = append(out.Violations, kdp.CheckCover(kdp.Cover{TrimW: g.TrimW, TrimH: g.TrimH, Pages: g.Pages, Paper: g.Paper}, &c.Page, out.Cover)...)
		}
	}
	return out, nil
}

// buildOne builds a job and writes its files, all or none.
func buildOne(ctx context.Context, j Job, opt Options, mem *budget) Result {
	r := Result{Job: j, Volume: j.Variant.Volume, Edition: j.Variant.Edition}
	sp, err := Load(j)
	if err != nil {
		r.Err = err
		return r
	}
	r.Title, r.Subtitle, r.Language, r.Ink = sp.Title, sp.Subtitle, sp.Language, string(sp.Style.Ink)
	inches := func(pt float64) string { return strings.TrimSuffix(spec.FormatLength(pt, "in"), "in") }
	r.Trim = inches(sp.Page.Width) + " x " + inches(sp.Page.Height) + " in"
	r.Paper = string(sp.Cover.Paper)
	if r.Paper == "" {
		r.Paper = string(spec.PaperWhite)
	}
	p, err := plan.Make(sp, plan.Student)
	if err != nil {
		r.Err = err
		return r
	}
	need := p.Cost().Bytes
	if sp.TeacherEdition {
		need *= 2
	}
	mem.take(need)
	book, err := Make(ctx, sp, opt.Creator)
	mem.give(need)
	if err != nil {
		r.Err = err
		return r
	}
	r.Pages, r.SpineIn = book.Pages, book.SpineIn
	if sp.Preset != "" {
		r.Check = "passed"
		if len(book.Violations) > 0 {
			r.Check = "failed"
			if !sp.CheckWarnOnly {
				var msg strings.Builder
				fmt.Fprintf(&msg, "%s breaks %d print-on-demand (%s) rule(s):", j.Name, len(book.Violations), sp.Preset)
				for _, v := range book.Violations {
					fmt.Fprintf(&msg, "\n  %s", v)
				}
				r.Err = errors.New(msg.String() + "\n(set check: {warn_only: true} in the spec to write it anyway)")
				return r
			}
		}
	}
	named := []struct {
		name string
		data []byte
		dst  *string
		sum  *string
	}{
		{j.Name + ".pdf", book.Interior, &r.Interior, &r.InteriorSHA256},
		{j.Name + "-teacher.pdf", book.Teacher, &r.Teacher, &r.TeacherSHA256},
		{j.Name + "-cover.pdf", book.Cover, &r.Cover, &r.CoverSHA256},
	}
	var files []File
	for _, f := range named {
		if f.data != nil {
			files = append(files, File{f.name, f.data})
		}
	}
	write := opt.Write
	if write == nil {
		write = func(_ *spec.Book, files []File) error { return writeAll(opt.Dir, files) }
	}
	if err := write(sp, files); err != nil {
		r.Err = err
		return r
	}
	for _, f := range named {
		if f.data != nil {
			sum := sha256.Sum256(f.data)
			*f.dst, *f.sum = f.name, hex.EncodeToString(sum[:])
		}
	}
	return r
}

// writeAll writes files into dir, each whole (see writeAtomic); when one
// fails, those already written are removed.
func writeAll(dir string, files []File) error {
	var written []string
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		if err := writeAtomic(path, f.Data); err != nil {
			for _, w := range written {
				os.Remove(w)
			}
			return err
		}
		written = append(written, path)
	}
	return nil
}

// writeAtomic writes a file whole or not at all: to a temporary file
// beside it, then renamed.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
