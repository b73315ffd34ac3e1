// Package catalogue builds many books at once: every spec of a list or a
// folder, every volume of a series and every edition, in parallel on the
// machine's cores within one memory budget for the whole run, and writes
// a manifest a publisher pastes into a print-on-demand dashboard.
//
// Each book is built as 'mazebook build' builds it alone (the same bytes),
// and a book that fails does not stop the others.
package catalogue

import (
	"cmp"
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

	"mazebook/files"
	"mazebook/layout"

	"mazebook/layout/bookfiles"
	"mazebook/layout/kdp"
	"mazebook/layout/plan"
	"mazebook/layout/render"
	"mazebook/layout/spec"
	"mazebook/maze"
)

// Job is one book of a catalogue: a spec file and one of its variants
// (a volume of its series, an edition).
type Job struct {
	Spec    string
	Variant spec.Variant
	// Name is the base of the book's files: the spec's file name, then
	// the variant ("animals-vol-02-es").
	Name string
	// Files are the files the book writes: its interior, and its
	// teacher edition and its cover when its spec asks for them (and the
	// teacher edition's cover when it asks for both).
	Files []File
	// Reads are the files the spec reads beside it (masks, pictures,
	// fonts, a difficulty model), which no file of the catalogue may be.
	Reads []string
	// Err is why the job cannot be built (its spec cannot be read, or
	// has errors): the job fails with it.
	Err error
	// Redraws are the book's mazes drawn again (see
	// spec.Book.Redraws), nil for none: Unique drew them so that they
	// repeat no maze of the books before it.
	Redraws map[int]int
	// SpecOptions are what the spec is read with of the machine (see
	// spec.Options): its creation date and folder of fonts, as Jobs was
	// given them.
	SpecOptions spec.Options
}

// File is a file a book writes: its kind, and its name within the
// catalogue's folder.
type File struct {
	Kind Kind
	Name string
}

// Kind is a kind of file a book writes (see bookfiles.Kind).
type Kind = bookfiles.Kind

// The kinds of file a book writes.
const (
	Interior     = bookfiles.Interior     // NAME.pdf
	Teacher      = bookfiles.Teacher      // NAME-teacher.pdf
	Cover        = bookfiles.Cover        // NAME-cover.pdf
	TeacherCover = bookfiles.TeacherCover // NAME-teacher-cover.pdf
)

// suffix is what a book's name takes for its file of the kind.
var suffix = [...]string{Interior: ".pdf", Teacher: "-teacher.pdf", Cover: "-cover.pdf", TeacherCover: "-teacher-cover.pdf"}

// file returns the file of a kind of a book called name.
func file(name string, kind Kind) File { return File{kind, name + suffix[kind]} }

// describeFile says what a file of a job is, for messages: "the cover of
// b-x, from specs/b.yaml".
func describeFile(j Job, f File) string {
	what := "the book " + j.Name
	switch f.Kind {
	case Teacher:
		what = "the teacher edition of " + j.Name
	case Cover:
		what = "the cover of " + j.Name
	case TeacherCover:
		what = "the cover of the teacher edition of " + j.Name
	}
	return what + ", from " + j.Spec
}

// SpecExts are the extensions of the specs a folder holds.
var SpecExts = []string{".yaml", ".yml"}

// ManifestFiles are the names of the manifest the catalogue writes into
// its folder.
var ManifestFiles = []string{"catalogue.csv", "catalogue.json"}

// Jobs lists the books of specs and folders, in order: a folder's specs
// (its files ending in SpecExts, not its subfolders nor its hidden
// files) sorted by name, and each spec's variants (see
// spec.Book.Variants). Every spec is read, each only when it is a
// regular file (a named pipe in a folder is refused at once, not waited
// on) and no larger than a spec may be, and each variant parsed, to know
// the files its book writes. A spec that cannot be read, or whose book
// has no name to give its files, is one job that fails with its
// problems. A path that is neither a file nor a folder is an error, and
// so are two books that would write the same file (editions "x" and
// "x-cover" of a spec with a cover, a spec "a" with a teacher edition
// beside a spec "a-teacher"), naming both. Each spec is read with the
// options o (see spec.Options), which each job keeps for Load.
func Jobs(paths []string, o spec.Options) ([]Job, error) {
	var specs []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("cannot read spec %s: %v", p, files.Reason(err))
		}
		if !st.IsDir() {
			specs = append(specs, p)
			continue
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			return nil, err
		}
		var found []string
		for _, e := range entries {
			if !e.IsDir() && !strings.HasPrefix(e.Name(), ".") && slices.Contains(SpecExts, strings.ToLower(filepath.Ext(e.Name()))) {
				found = append(found, filepath.Join(p, e.Name()))
			}
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("%s: the folder holds no spec (%s)", p, strings.Join(SpecExts, ", "))
		}
		sort.Strings(found)
		specs = append(specs, found...)
	}
	var jobs []Job
	written := map[string]string{} // a file's name: what writes it
	for _, f := range specs {
		for _, j := range specJobs(f, o) {
			if j.Err == nil {
				for _, f := range j.Files {
					if other, dup := written[f.Name]; dup {
						return nil, fmt.Errorf("%s and %s would both be written to %s: rename an edition or a spec", other, describeFile(j, f), f.Name)
					}
					written[f.Name] = describeFile(j, f)
				}
			}
			jobs = append(jobs, j)
		}
	}
	return jobs, nil
}

// specJobs reads the spec f and returns a job for each of its variants,
// or one job that fails.
func specJobs(f string, o spec.Options) []Job {
	base := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
	fail := func(err error) []Job { return []Job{{Spec: f, Name: base, Err: err, SpecOptions: o}} }
	switch {
	case base == "" || strings.HasPrefix(base, "."):
		return fail(fmt.Errorf("%s: its books would be hidden files (%s.pdf): give the spec a name that does not start with a dot", f, base))
	case files.ControlIn(base) != "":
		return fail(fmt.Errorf("%q: the name %s: rename the spec", f, files.ControlIn(base)))
	}
	data, err := files.ReadFile(f, spec.MaxSpecSize)
	if err != nil {
		return fail(fmt.Errorf("cannot read spec %s: %v", f, files.Reason(err)))
	}
	fsys := files.DirFS(filepath.Dir(f))
	whole, err := o.ParseVariant(f, data, fsys, spec.Variant{})
	if err != nil {
		return fail(err)
	}
	var jobs []Job
	for _, v := range whole.Variants() {
		j := Job{Spec: f, Variant: v, Name: base, SpecOptions: o}
		if s := v.String(); s != "" {
			j.Name += "-" + s
		}
		sp := whole
		if v != (spec.Variant{}) {
			sp, err = o.ParseVariant(f, data, fsys, v)
		}
		if err != nil {
			j.Err = err
		} else {
			j.Files = []File{file(j.Name, Interior)}
			if sp.TeacherEdition {
				j.Files = append(j.Files, file(j.Name, Teacher))
			}
			if sp.Given("cover") {
				j.Files = append(j.Files, file(j.Name, Cover))
				if sp.TeacherEdition {
					j.Files = append(j.Files, file(j.Name, TeacherCover))
				}
			}
			j.Reads = append(j.Reads, sp.ReadPaths(f)...)
		}
		jobs = append(jobs, j)
	}
	return jobs
}

// Totals are what a catalogue makes: its books, their pages (a teacher
// edition's and the covers' counted), and about how many bytes of PDF
// they take.
type Totals struct {
	Books, Pages int
	Bytes        float64
}

// PDF bytes by the estimate of Measure, fitted (least squares of the
// relative error) on the 69 PDFs of a generated catalogue of 60 specs
// (6x9 and 8.5x11 in, 20 to 100 mazes of every shape, by difficulty and
// by age, themed or not, with teacher editions and covers), where each
// came within 0.8 to 1.4 of its estimate: each PDF's fonts and
// structure, each page, each drawn maze cell by its grid's kind (every
// drawing counted: a maze in the puzzles and again in the answers), each
// maze drawn with a theme's pictures, and each cover.
const (
	pdfBytesPerFile       = 36_000
	pdfBytesPerPage       = 1_200
	pdfBytesPerThemedMaze = 7_000
	pdfBytesPerCover      = 35_000
)

// pdfBytesPerCell is the PDF bytes a drawn cell of a kind of grid (see
// plan.CostKind) takes, fitted as the constants above are: a circle's
// cell, whose walls are arcs, about six times a rectangle's.
func pdfBytesPerCell(kind string) float64 {
	switch kind {
	case "circle":
		return 25
	case "hexagon":
		return 12
	case maze.KindWeave:
		return 10
	case "triangle":
		return 4
	}
	return 4.5
}

// pdfBytes estimates the bytes of the PDF of a planned book (an
// edition's interior).
func pdfBytes(p *plan.Plan) float64 {
	sp := p.Spec
	n := float64(pdfBytesPerFile + pdfBytesPerPage*len(p.Pages))
	for _, m := range p.Mazes {
		sec := &sp.Sections[m.Section]
		drawn := m.Cells
		if m.AnswerPage > 0 {
			drawn *= 2
		}
		n += float64(float64(drawn) * pdfBytesPerCell(plan.CostKind(sec.Shape, sec.Weave)))
		if sp.Theme != "" {
			n += pdfBytesPerThemedMaze
		}
	}
	return n
}

// Measure plans every book of the jobs, without making a maze, and adds
// up its books, pages and bytes (see Totals), so that a catalogue can
// say what it makes before it starts. It stops, with an error saying so,
// once the pages pass maxPages (0: no limit): a short spec can ask for
// thousands of books, and their plans alone take time.
func Measure(jobs []Job, maxPages int) (Totals, error) {
	var t Totals
	for _, j := range jobs {
		if j.Err != nil {
			continue
		}
		sp, err := Load(j)
		if err != nil {
			continue // the book fails when it is built, saying why
		}
		p, err := plan.Make(sp, plan.Student)
		if err != nil {
			continue
		}
		editions := []*plan.Plan{p}
		if sp.TeacherEdition {
			if tp, err := plan.Make(sp, plan.Teacher); err == nil {
				editions = append(editions, tp)
			}
		}
		t.Books++
		for _, ep := range editions {
			t.Pages += len(ep.Pages)
			t.Bytes += pdfBytes(ep)
			if sp.Given("cover") {
				t.Pages++
				t.Bytes += pdfBytesPerCover
			}
		}
		if maxPages > 0 && t.Pages > maxPages {
			return t, fmt.Errorf("the catalogue makes more than %d pages (%d books planned of %d, %d pages so far)", maxPages, t.Books, len(jobs), t.Pages)
		}
	}
	return t, nil
}

// Options tune Build.
type Options struct {
	// Dir is the folder the books are written to; it is made when it
	// does not exist.
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
	// Tracker, when not nil, tracks the temporary files of the books
	// being written, so that a program stopped by a signal can remove
	// them (see files.Tracker).
	Tracker *files.Tracker
}

// withDefaults returns the options with their defaults set.
func (opt Options) withDefaults() Options {
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
	}
	if opt.Budget <= 0 {
		opt.Budget = plan.MaxBookBytes
	}
	if opt.Dir == "" {
		opt.Dir = "."
	}
	return opt
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
	// interior's ink; Paper the interior KDP prints it as (see
	// kdp.Interior.Name); SpineIn the cover's spine, in inches.
	Trim    string
	Pages   int
	Ink     string
	Paper   string
	SpineIn float64
	// TeacherPages and TeacherSpineIn are the teacher edition's page
	// count and spine (0 without one).
	TeacherPages   int
	TeacherSpineIn float64
	// Interior, Teacher, Cover and TeacherCover are the files written
	// (their names in Dir; "" for none), each with its SHA-256.
	Interior, InteriorSHA256         string
	Teacher, TeacherSHA256           string
	Cover, CoverSHA256               string
	TeacherCover, TeacherCoverSHA256 string
	// Mazes are the fingerprints of the book's mazes, in order (see
	// Fingerprint).
	Mazes []string
	// RepeatedMazes is how many of the book's mazes are repeats: those
	// repeating a maze earlier in the book (RepeatedInBook), and those
	// another book of the catalogue holds too (its own editions aside),
	// each counted once; RepeatedIn names those books (see Repeats).
	RepeatedMazes  int
	RepeatedInBook int
	RepeatedIn     []string
	// TeacherSubtitle is the teacher edition's subtitle (see
	// spec.Book.TeacherSubtitle), and TeacherISBN its ISBN; Sheet is
	// what KDP's form asks of the book that its spec knows.
	TeacherSubtitle string
	TeacherISBN     string
	Sheet           Sheet
	// Check is "passed" or "failed" when the book was checked against
	// its preset (kdp), "" when it has none.
	Check string
	// Err is why the book was not built; nothing of it was written.
	Err error
}

// newResult returns the result of a job whose spec sp is read (nil: it
// could not be): what the manifest says of the book before it is made.
func newResult(j Job, sp *spec.Book) Result {
	r := Result{Job: j, Volume: j.Variant.Volume, Edition: j.Variant.Edition}
	if sp == nil {
		return r
	}
	r.Title, r.Subtitle, r.Language, r.Ink = sp.Title, sp.Subtitle, sp.Language, string(sp.Style.Ink)
	inches := func(pt float64) string { return strings.TrimSuffix(spec.FormatLength(pt, "in"), "in") }
	r.Trim = inches(sp.Page.Width) + " x " + inches(sp.Page.Height) + " in"
	r.Paper = kdp.InteriorOf(sp.Style.Ink, sp.Cover.Paper).Name()
	r.TeacherSubtitle, r.TeacherISBN, r.Sheet = sp.TeacherSubtitle(), sp.Listing.TeacherISBN, newSheet(sp)
	return r
}

// spineIn returns the spine, in inches, of a book of pages on paper.
func spineIn(pages int, paper spec.Paper) float64 {
	return kdp.SpineWidth(pages, paper) / spec.PointsPerInch
}

// Build builds every job into opt.Dir, each book's files written
// together or not at all, and then the manifest (catalogue.csv and
// catalogue.json, see Manifest). Before anything is written, every file
// of every book and the manifest are checked against each other and
// against every input (each spec and every file a spec reads), however
// they are named (a symbolic or hard link in the folder counts): a
// collision is the error, naming both, and nothing is built. It returns
// the results in the jobs' order, and the error of the manifest. It
// stops starting books when ctx is done.
func Build(ctx context.Context, jobs []Job, opt Options) ([]Result, error) {
	opt = opt.withDefaults()
	if err := check(jobs, opt.Dir); err != nil {
		return nil, err
	}
	if err := files.MakeFolder(opt.Dir); err != nil {
		return nil, err
	}
	files.Sweep(opt.Dir) // what killed runs left
	results := each(ctx, jobs, opt, buildOne)
	Repeats(results)
	return results, writeManifest(jobs, results, opt)
}

// check checks every file the jobs and the manifest write into dir
// against every input and every other (see files.Plan).
func check(jobs []Job, dir string) error {
	var p files.Plan
	addInputs(&p, jobs)
	for _, j := range jobs {
		for _, f := range j.Files {
			if err := p.Output(filepath.Join(dir, f.Name), describeFile(j, f)); err != nil {
				return err
			}
		}
	}
	for _, m := range ManifestFiles {
		if err := p.Output(filepath.Join(dir, m), "the catalogue's manifest"); err != nil {
			return err
		}
	}
	return nil
}

// inputs is what a plan or a batch takes inputs of.
type inputs interface{ Input(what, name string) }

// addInputs names every spec of the jobs, and every file they read, as
// inputs.
func addInputs(p inputs, jobs []Job) {
	seen := map[string]bool{}
	for _, j := range jobs {
		if !seen[j.Spec] {
			seen[j.Spec] = true
			p.Input("the spec", j.Spec)
		}
		for _, r := range j.Reads {
			if !seen[r] {
				seen[r] = true
				p.Input("a file the spec "+j.Spec+" reads,", r)
			}
		}
	}
}

// each runs one for every job, opt.Workers at once sharing one memory
// budget, telling opt.Progress of each, and returns their results in the
// jobs' order. It starts no job once ctx is done: such a job's result is
// the context's cause.
func each(ctx context.Context, jobs []Job, opt Options, one func(context.Context, Job, Options, *budget) Result) []Result {
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
				r := one(ctx, jobs[i], opt, mem)
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
			results[i] = Result{Job: jobs[i], Volume: jobs[i].Variant.Volume, Edition: jobs[i].Variant.Edition, Err: context.Cause(ctx)}
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

// Load parses the spec of a job's variant, with the job's SpecOptions.
func Load(j Job) (*spec.Book, error) {
	if j.Err != nil {
		return nil, j.Err
	}
	data, err := files.ReadFile(j.Spec, spec.MaxSpecSize)
	if err != nil {
		return nil, fmt.Errorf("cannot read spec %s: %v", j.Spec, files.Reason(err))
	}
	sp, err := j.SpecOptions.ParseVariant(j.Spec, data, files.DirFS(filepath.Dir(j.Spec)), j.Variant)
	if err == nil && len(j.Redraws) > 0 {
		sp.Redraws = j.Redraws // as 'build --redraw' sets them
	}
	return sp, err
}

// Fingerprints returns the fingerprints of a made book's mazes, in
// order (see Fingerprint).
func Fingerprints(b *layout.Book) []string { return render.Fingerprints(b) }

// planJob reads a job's spec and plans its book; a result whose Err is
// set says why it could not.
func planJob(j Job) (Result, *spec.Book, *plan.Plan) {
	sp, err := Load(j)
	r := newResult(j, sp)
	if err != nil {
		r.Err = err
		return r, nil, nil
	}
	p, err := plan.Make(sp, plan.Student)
	if err != nil {
		r.Err = err
		return r, nil, nil
	}
	return r, sp, p
}

// buildOne builds a job and writes its files, all or none.
func buildOne(ctx context.Context, j Job, opt Options, mem *budget) Result {
	r, sp, p := planJob(j)
	if r.Err != nil {
		return r
	}
	need := p.Cost().Bytes
	if sp.TeacherEdition {
		need *= 2
	}
	mem.take(need)
	// The files the spec asks for, as 'mazebook build' makes them, each
	// named in messages as it is in the folder.
	names := map[Kind]string{}
	for _, f := range j.Files {
		names[f.Kind] = f.Name
	}
	made, err := bookfiles.Make(sp, bookfiles.Options{Context: ctx, Creator: opt.Creator, Check: sp.Preset, WarnOnly: sp.CheckWarnOnly,
		Name: func(k Kind) string { return cmp.Or(names[k], j.Name+suffix[k]) }})
	mem.give(need)
	if broken := (*bookfiles.RulesError)(nil); errors.As(err, &broken) {
		r.Check = "failed"
		r.Err = errors.New(broken.Error() + "\n(set check: {warn_only: true} in the spec to write it anyway)")
		// The row keeps the pages and spine the book would have, as
		// planned, for the publisher to see what to change.
		r.Pages, r.SpineIn = len(p.Pages), spineIn(len(p.Pages), sp.Cover.Paper)
		if sp.TeacherEdition {
			if tp, err := plan.Make(sp, plan.Teacher); err == nil {
				r.TeacherPages, r.TeacherSpineIn = len(tp.Pages), spineIn(len(tp.Pages), sp.Cover.Paper)
			}
		}
		return r
	}
	if err != nil {
		r.Err = err
		return r
	}
	interior := made.Get(Interior)
	r.Pages, r.SpineIn = interior.Pages, spineIn(interior.Pages, sp.Cover.Paper)
	if t := made.Get(Teacher); t != nil {
		r.TeacherPages, r.TeacherSpineIn = t.Pages, spineIn(t.Pages, sp.Cover.Paper)
	}
	r.Mazes = Fingerprints(interior.Book)
	if sp.Preset != "" {
		r.Check = "passed"
		if len(made.Broken) > 0 {
			r.Check = "failed"
		}
	}
	var data [numKinds][]byte
	for _, f := range made.Files {
		data[f.Kind] = f.Data
	}
	for _, f := range j.Files {
		if data[f.Kind] == nil {
			r.Err = fmt.Errorf("%s: the spec changed while the catalogue was built: build it again", j.Spec)
			r.Mazes = nil
			return r
		}
	}
	if err := writeBook(ctx, j, data, opt); err != nil {
		r.Err = err
		r.Mazes = nil
		return r
	}
	for _, f := range j.Files {
		sum := sha256.Sum256(data[f.Kind])
		r.setFile(f, hex.EncodeToString(sum[:]))
	}
	return r
}

// numKinds is the number of kinds of file a book writes.
const numKinds = len(suffix)

// setFile records a file of the result's book, written or found, and its
// checksum.
func (r *Result) setFile(f File, sha string) {
	fields := [...][2]*string{Interior: {&r.Interior, &r.InteriorSHA256}, Teacher: {&r.Teacher, &r.TeacherSHA256},
		Cover: {&r.Cover, &r.CoverSHA256}, TeacherCover: {&r.TeacherCover, &r.TeacherCoverSHA256}}
	*fields[f.Kind][0], *fields[f.Kind][1] = f.Name, sha
}

// writeBook writes the files of a book into opt.Dir as one batch: all of
// them or none, never over an input.
func writeBook(ctx context.Context, j Job, data [numKinds][]byte, opt Options) error {
	b := files.NewBatch(opt.Tracker, nil)
	defer b.Abort()
	addInputs(b, []Job{j})
	for _, f := range j.Files {
		out, err := b.Create("", filepath.Join(opt.Dir, f.Name))
		if err != nil {
			return err
		}
		if _, err := out.Write(data[f.Kind]); err != nil {
			return err
		}
	}
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return b.Commit()
}
