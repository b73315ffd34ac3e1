package files

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
)

// A Batch is the outputs of one run, committed together. Every
// destination is checked when it is created, before any work is done:
// no output may be one of the run's inputs nor another of its outputs,
// however it is named (see Plan), and a regular file gets its temporary
// file at once, beside it, which proves its directory writable. A
// destination that is there and is not a regular file (a named pipe, a
// device) is refused, never opened: a pipe with no reader would block
// the open forever. A regular file is then written to its temporary
// file, "-" (standard output) is kept in memory, and Commit writes
// standard output and renames every temporary file into place, or
// changes nothing when any of it fails. Abort removes what was written.
// A Batch is for one goroutine; many batches may share a Tracker.
type Batch struct {
	plan    Plan
	tracker *Tracker
	stdout  io.Writer
	files   []*Output
	madeDir []string // directories made for outputs, removed on abort
	pages   []pageSet
	removed []string // stale pages the commit removed
	kept    []string // stale pages it kept, as the run reads them
	done    bool
	ops     ops
}

// ops are the file system's calls a commit makes, which a test replaces
// to make them fail (a file system without hard links, a rename that
// fails half way).
type ops struct {
	link   func(oldname, newname string) error
	rename func(oldname, newname string) error
	remove func(name string) error
}

var osOps = ops{link: os.Link, rename: os.Rename, remove: os.Remove}

// NewBatch returns an empty batch whose temporary files t tracks (nil:
// a tracker of its own) and whose output "-" is stdout (nil: "-" is
// refused).
func NewBatch(t *Tracker, stdout io.Writer) *Batch {
	if t == nil {
		t = NewTracker()
	}
	return &Batch{tracker: t, stdout: stdout, ops: osOps}
}

// Input names a file the run reads, which no output may replace (see
// Plan.Input).
func (b *Batch) Input(what, name string) { b.plan.Input(what, name) }

// Output is one output of a batch: an io.Writer.
type Output struct {
	id
	batch *Batch
	// path is the file renamed into place: the name with its symbolic
	// links resolved, so that a link keeps pointing at the output.
	path    string
	tmp     *os.File
	tmpName string
	// lock holds the temporary file's lock until it is renamed into
	// place or removed (see holdTemp): a later run leaves it alone while
	// this one lives, and removes it once this one is killed.
	lock *os.File
	w    *bufio.Writer
	buf  bytes.Buffer
	mode fs.FileMode // of the file replaced (see keepMode)
	// keepMode says the output replaces a file whose mode it keeps.
	keepMode bool
	err      error
}

type outputKind int

const (
	regularFile outputKind = iota
	standardOut            // "-"
)

// Name returns the output's name, as it was given.
func (out *Output) Name() string { return out.name }

// Create checks a destination, named by flag in messages ("-o"; "" for
// none), and prepares to write it. A destination that is an input or
// another output (a *ConflictError), a file that is there and is not a
// regular file (a *KindError: a named pipe, a device, a socket; "-"
// names standard output), or whose name is risky (a *NameError, see
// RiskyName) is refused; so is one that cannot be written (a directory,
// a missing directory, a symbolic link to nothing, no permission).
// Nothing but its temporary file is opened.
func (b *Batch) Create(flag, name string) (*Output, error) {
	out := &Output{id: id{flag: flag, name: name}, batch: b}
	if name == "-" {
		if b.stdout == nil {
			return nil, fmt.Errorf("%s: standard output is not an output here", out)
		}
		out.kind = standardOut
		return out, b.register(out)
	}
	if why := RiskyName(filepath.Base(name)); why != "" {
		return nil, &NameError{Flag: flag, Name: name, Why: why}
	}
	out.abs = absPath(name)
	st, err := os.Stat(name)
	switch {
	case err == nil:
		out.info = st
	case errors.Is(err, fs.ErrNotExist):
		if lst, lerr := os.Lstat(name); lerr == nil && lst.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(name)
			return nil, fmt.Errorf("%s is a symbolic link to %s, which does not exist", out, target)
		}
	default:
		return nil, fmt.Errorf("%s: %w", out, Reason(err))
	}
	if err := b.register(out); err != nil {
		return nil, err
	}
	if out.info != nil {
		switch m := out.info.Mode(); {
		case m.IsDir():
			return nil, fmt.Errorf("output %s is a directory", name)
		case !m.IsRegular():
			return nil, &KindError{Output: out.String(), Mode: m}
		}
		// The file replaced keeps its mode exactly: its permissions (000
		// too) and its setuid, setgid and sticky bits.
		out.mode = out.info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
		out.keepMode = true
		real, err := filepath.EvalSymlinks(name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", out, Reason(err))
		}
		out.path = real
	} else {
		dir := filepath.Dir(name)
		st, err := os.Stat(dir)
		if err != nil {
			return nil, fmt.Errorf("output %s: directory %s does not exist", name, dir)
		}
		if !st.IsDir() {
			return nil, fmt.Errorf("output %s: %s is not a directory", name, dir)
		}
		real, err := filepath.EvalSymlinks(dir)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", out, Reason(err))
		}
		out.path = filepath.Join(real, filepath.Base(name))
	}
	// The temporary file is made now: it proves the directory writable
	// before any work is done.
	if err := out.createTemp(); err != nil {
		return nil, err
	}
	return out, nil
}

// register refuses an output that is an input or an earlier output.
func (b *Batch) register(out *Output) error {
	if err := b.plan.add(&out.id); err != nil {
		return err
	}
	b.files = append(b.files, out)
	return nil
}

// createTemp makes the temporary file a regular output is written to, in
// the directory of its destination, with the destination's mode, or the
// mode the umask gives a new file.
func (out *Output) createTemp() error {
	dir, base := filepath.Split(out.path)
	removeStale(dir, base, StaleAge)
	for try := 0; ; try++ {
		name := filepath.Join(dir, tempName(base, strconv.FormatUint(rand.Uint64()&0xffffffffff, 36)))
		f, err := out.batch.tracker.create(name)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", out.name, Reason(err))
		}
		lock, ok := holdTemp(name, f)
		if !ok && try < 100 {
			// Another run took it for one left behind: make another.
			out.batch.tracker.forget(name)
			f.Close()
			continue
		}
		out.tmp, out.tmpName, out.lock = f, name, lock
		break
	}
	if out.keepMode {
		if err := out.tmp.Chmod(out.mode); err != nil {
			return fmt.Errorf("cannot write %s keeping its mode %v: %w", out.name, out.mode, Reason(err))
		}
	}
	out.w = bufio.NewWriterSize(out.tmp, 64<<10)
	return nil
}

// Write writes to the output's temporary file, or to memory for
// standard output.
func (out *Output) Write(p []byte) (int, error) {
	if out.err != nil {
		return 0, out.err
	}
	var n int
	if out.kind == regularFile {
		n, out.err = out.w.Write(p)
	} else {
		n, out.err = out.buf.Write(p)
	}
	if out.err != nil {
		out.err = fmt.Errorf("write %s: %w", out.name, Reason(out.err))
	}
	return n, out.err
}

// unlock lets go of the temporary file's lock, once it is renamed into
// place or removed.
func (out *Output) unlock() {
	if out.lock != nil {
		out.lock.Close()
		out.lock = nil
	}
}

// finish flushes and closes the temporary file.
func (out *Output) finish() error {
	if out.err != nil || out.kind != regularFile || out.tmp == nil {
		return out.err
	}
	err := out.w.Flush()
	if cerr := out.tmp.Close(); err == nil {
		err = cerr
	}
	out.tmp = nil
	if err != nil {
		out.err = fmt.Errorf("write %s: %w", out.name, Reason(err))
	}
	return out.err
}

// pageSet is a directory of numbered pages written as a set: after a
// commit it holds exactly the pages of this run, and stale pages that
// an earlier run wrote (see StalePages) are gone.
type pageSet struct {
	dir   string
	names map[string]bool
	stale StalePages
}

// StalePages recognises the pages of an earlier run in a directory of
// pages, which a commit removes when this run wrote fewer: Match says
// whether a file name is a page's ("page-004.svg"), Mark what the first
// 512 bytes of a page the program wrote hold. Other files are never
// touched.
type StalePages struct {
	Match func(name string) bool
	Mark  []byte
}

// Dir checks a directory named by flag that the batch writes a set of
// pages into (see Page); it is made when it does not exist, and removed
// again on abort.
func (b *Batch) Dir(flag, name string, stale StalePages) error {
	d := &id{flag: flag, name: name, abs: absPath(name)}
	if err := b.plan.path(d); err != nil {
		return err
	}
	st, err := os.Stat(name)
	if err == nil {
		if !st.IsDir() {
			return fmt.Errorf("%s %s is not a directory", flag, name)
		}
	} else if errors.Is(err, fs.ErrNotExist) {
		if lst, lerr := os.Lstat(name); lerr == nil && lst.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(name)
			return fmt.Errorf("%s %s is a symbolic link to %s, which does not exist", flag, name, target)
		}
		// Make the missing directories, parents first, remembering them.
		var missing []string
		for d := filepath.Clean(name); ; d = filepath.Dir(d) {
			if _, err := os.Stat(d); err == nil {
				break
			}
			missing = append(missing, d)
			if filepath.Dir(d) == d {
				break
			}
		}
		for i := len(missing) - 1; i >= 0; i-- {
			if err := b.tracker.mkdir(missing[i]); err != nil {
				return fmt.Errorf("%s %s: %w", flag, name, Reason(err))
			}
			b.madeDir = append(b.madeDir, missing[i])
		}
	} else {
		return fmt.Errorf("%s %s: %w", flag, name, Reason(err))
	}
	b.pages = append(b.pages, pageSet{dir: name, names: map[string]bool{}, stale: stale})
	return nil
}

// Page adds the page file of the set in directory dir (given to Dir).
func (b *Batch) Page(flag, dir, file string) (*Output, error) {
	for i := range b.pages {
		if b.pages[i].dir == dir {
			b.pages[i].names[file] = true
		}
	}
	return b.Create(flag, filepath.Join(dir, file))
}

// Commit writes standard output, then renames every temporary file
// into place. The files it replaces are kept aside first (by a hard
// link, or where links fail by renaming them aside), so that when a
// rename fails the files already replaced are put back; an error of
// that restore is reported with the commit's. A tracker's cleanup waits
// until the commit is done.
func (b *Batch) Commit() error {
	for _, out := range b.files {
		if err := out.finish(); err != nil {
			b.Abort()
			return err
		}
	}
	t := b.tracker
	t.mu.Lock()
	defer t.mu.Unlock()
	if b.done {
		return errors.New("files: the batch was committed or aborted already")
	}
	if t.stopped {
		b.abortLocked()
		return ErrStopped
	}
	for _, out := range b.files {
		if out.kind != standardOut {
			continue
		}
		if _, err := b.stdout.Write(out.buf.Bytes()); err != nil {
			b.abortLocked()
			return fmt.Errorf("write %s: %w", out.name, Reason(err))
		}
	}
	var steps []*step
	for _, out := range b.files {
		if out.kind == regularFile {
			steps = append(steps, &step{out: out})
		}
	}
	// The files replaced, kept aside.
	for i, s := range steps {
		if _, err := os.Lstat(s.out.path); err != nil {
			continue // a new file
		}
		if err := b.backUp(s); err != nil {
			rerr := b.rollback(nil, steps[:i])
			b.abortLocked()
			return errors.Join(fmt.Errorf("write %s: cannot keep the file it replaces until the others are written: %w", s.out.name, Reason(err)), rerr)
		}
	}
	// Every temporary file into place.
	for i, s := range steps {
		if err := b.ops.rename(s.out.tmpName, s.out.path); err != nil {
			rerr := b.rollback(steps[:i], steps[i:])
			b.abortLocked()
			return errors.Join(fmt.Errorf("write %s: %w", s.out.name, Reason(err)), rerr)
		}
		delete(t.temps, s.out.tmpName)
		s.out.tmpName = ""
		s.out.unlock()
	}
	for _, s := range steps {
		if s.backup != "" {
			b.ops.remove(s.backup) // a stale backup is removed by a later run
		}
	}
	b.done = true
	t.commits++
	for _, d := range b.madeDir {
		delete(t.dirs, d)
	}
	var errs []error
	for _, set := range b.pages {
		removed, kept, err := removeStalePages(set, b.plan.inputs)
		b.removed, b.kept = append(b.removed, removed...), append(b.kept, kept...)
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Removed returns the stale pages of an earlier, longer run that Commit
// removed (see StalePages), and those it kept because this run reads
// them: a page of an earlier build a spec names as a picture is an
// input, never deleted.
func (b *Batch) Removed() (removed, kept []string) { return b.removed, b.kept }

// step is one regular output of a commit, and the backup of the file it
// replaces: a hard link to it, or the file itself renamed aside.
type step struct {
	out    *Output
	backup string
	aside  bool // the file was renamed to backup: its name is free
}

// backUp keeps the file s replaces under a backup name: a hard link,
// which leaves the file in place, or where links fail (FAT, exFAT, some
// network shares) the file itself renamed aside. Another run may
// replace the file meanwhile, writing the same output: Linux refuses to
// link a file a rename is replacing (not found), so it is linked again,
// and a file gone is none to keep.
func (b *Batch) backUp(s *step) error {
	name := s.out.tmpName + backupSuffix
	for try := 0; ; try++ {
		err := b.ops.link(s.out.path, name)
		if err == nil {
			s.backup = name
			return nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			break
		}
		if _, err := os.Lstat(s.out.path); errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if try == maxRelinks {
			break
		}
	}
	if err := b.ops.rename(s.out.path, name); err != nil {
		if _, lerr := os.Lstat(s.out.path); errors.Is(err, fs.ErrNotExist) && errors.Is(lerr, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	s.backup, s.aside = name, true
	return nil
}

// maxRelinks is how many times backUp links again a file that another
// run replaced as it was linked.
const maxRelinks = 8

// rollback undoes a commit: the outputs placed are replaced by their
// backups (or removed, where they were new), and the files renamed
// aside but not yet replaced are renamed back. It returns what it could
// not undo, saying where the old content is.
func (b *Batch) rollback(placed, rest []*step) error {
	var errs []error
	for i := len(placed) - 1; i >= 0; i-- {
		s := placed[i]
		if s.backup == "" {
			if err := b.ops.remove(s.out.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
				errs = append(errs, fmt.Errorf("%s, new, could not be removed: %w", s.out.name, Reason(err)))
			}
			continue
		}
		if err := b.ops.rename(s.backup, s.out.path); err != nil {
			errs = append(errs, fmt.Errorf("%s could not be put back: its old content is in %s: %w", s.out.name, s.backup, Reason(err)))
		}
	}
	for _, s := range rest {
		switch {
		case s.backup == "":
		case s.aside:
			if err := b.ops.rename(s.backup, s.out.path); err != nil {
				errs = append(errs, fmt.Errorf("%s could not be put back: its old content is in %s: %w", s.out.name, s.backup, Reason(err)))
			}
		default:
			b.ops.remove(s.backup)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return fmt.Errorf("and undoing the commit failed: %w", errors.Join(errs...))
}

// Abort removes every temporary file and directory the batch made:
// nothing the user had is changed. It does nothing
// after Commit, so a deferred Abort is always safe.
func (b *Batch) Abort() {
	for _, out := range b.files {
		if out.tmp != nil {
			out.tmp.Close()
			out.tmp = nil
		}
	}
	b.tracker.mu.Lock()
	defer b.tracker.mu.Unlock()
	b.abortLocked()
}

func (b *Batch) abortLocked() {
	if b.done {
		return
	}
	b.done = true
	t := b.tracker
	for _, out := range b.files {
		if out.tmp != nil {
			out.tmp.Close()
			out.tmp = nil
		}
		if out.tmpName != "" {
			os.Remove(out.tmpName)
			delete(t.temps, out.tmpName)
		}
		out.unlock()
	}
	for i := len(b.madeDir) - 1; i >= 0; i-- {
		os.Remove(b.madeDir[i]) // only when empty
		delete(t.dirs, b.madeDir[i])
	}
}

// removeStalePages removes the pages of set.dir that this run did not
// write, when they carry the set's mark: pages of an earlier, longer
// build. A page that is one of inputs (by any name, through any link) is
// kept: nothing a run deletes is an input of that run. Other files are
// never touched. It returns the pages removed and those kept as inputs.
func removeStalePages(set pageSet, inputs []*id) (removed, kept []string, err error) {
	if set.stale.Match == nil {
		return nil, nil, nil
	}
	entries, err := os.ReadDir(set.dir)
	if err != nil {
		return nil, nil, fmt.Errorf("remove stale pages: %w", err)
	}
	var stale []string
	for _, e := range entries {
		if !e.Type().IsRegular() || set.names[e.Name()] || !set.stale.Match(e.Name()) {
			continue
		}
		path := filepath.Join(set.dir, e.Name())
		if !marked(path, set.stale.Mark) {
			continue
		}
		if isInput(path, inputs) {
			kept = append(kept, path)
			continue
		}
		stale = append(stale, path)
	}
	sort.Strings(stale)
	sort.Strings(kept)
	var errs []error
	for _, p := range stale {
		if err := os.Remove(p); err != nil {
			errs = append(errs, fmt.Errorf("remove stale page: %w", err))
			continue
		}
		removed = append(removed, p)
	}
	return removed, kept, errors.Join(errs...)
}

// isInput reports whether the file at path is one of inputs.
func isInput(path string, inputs []*id) bool {
	d := newID(path)
	for _, in := range inputs {
		if d.same(in) {
			return true
		}
	}
	return false
}

// marked reports whether the first 512 bytes of the regular file at
// path hold mark.
func marked(path string, mark []byte) bool {
	f, err := Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	return bytes.Contains(head[:n], mark)
}

// Write writes data to the file name as a batch of one output, whole or
// not at all, keeping the mode of a file it replaces; name may not be
// one of inputs (the files the data was made from).
func Write(name string, data []byte, inputs ...string) error {
	return write(name, data, false, inputs)
}

// WritePrivate writes data as Write does, to a file its owner alone may
// read and write (mode 0600, whatever the umask or the mode of a file it
// replaces): a secret, such as a study's key.
func WritePrivate(name string, data []byte, inputs ...string) error {
	return write(name, data, true, inputs)
}

func write(name string, data []byte, private bool, inputs []string) error {
	b := NewBatch(nil, nil)
	defer b.Abort()
	for _, in := range inputs {
		b.Input("the input", in)
	}
	out, err := b.Create("", name)
	if err != nil {
		return err
	}
	if private {
		if err := out.private(); err != nil {
			return err
		}
	}
	if _, err := out.Write(data); err != nil {
		return err
	}
	return b.Commit()
}

// private makes a regular output's file its owner's alone (mode 0600),
// before anything is written to it.
func (out *Output) private() error {
	if out.kind != regularFile {
		return nil
	}
	out.mode, out.keepMode = 0o600, true
	if err := out.tmp.Chmod(out.mode); err != nil {
		return fmt.Errorf("cannot write %s with mode %v: %w", out.name, out.mode, Reason(err))
	}
	return nil
}
