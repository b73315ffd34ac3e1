package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"mazebook/layout/spec"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"mazebook/layout/svg"
)

// outputs are the files one run writes, committed together: every
// destination is checked before any work starts; a regular file is
// written to a temporary file beside it, and a character device or a pipe
// (and "-", standard output) is kept in memory; commit then writes the
// devices and renames every temporary file into place, or changes
// nothing when any of it fails. abort, or an interrupt (see cleanup),
// removes what was written. An output may never be one of the run's
// inputs, nor another of its outputs.
type outputs struct {
	e       *env
	cmd     string // "build", for messages
	inputs  []*fileID
	files   []*output
	madeDir []string // directories made for outputs, removed on abort
	pages   []pageSet
	done    bool
}

// fileID identifies a file named on the command line: by the file itself
// when it exists, else by its absolute path.
type fileID struct {
	flag, name string
	// what an input is, for messages: "the spec", "the maze".
	what   string
	abs    string
	info   os.FileInfo // nil when the file does not exist yet
	stdout bool
}

func (a *fileID) same(b *fileID) bool {
	if a.stdout || b.stdout {
		return a.stdout && b.stdout
	}
	if a.info != nil && b.info != nil && os.SameFile(a.info, b.info) {
		// Many outputs may go to the null device: nothing is lost.
		return !isDevNull(a.info)
	}
	return a.abs == b.abs
}

func (a *fileID) String() string {
	if a.flag == "" {
		return a.name
	}
	return a.flag + " " + a.name
}

// output is one file of a run.
type output struct {
	fileID
	outs *outputs
	kind outputKind
	// path is the file renamed into place: name with its symbolic links
	// resolved, so that a link keeps pointing at the book.
	path    string
	tmp     *os.File
	tmpName string
	w       *bufio.Writer
	dev     *os.File // an open device or pipe
	buf     bytes.Buffer
	mode    fs.FileMode // of the file replaced (see keepMode)
	// keepMode says the output replaces a file whose mode it keeps.
	keepMode bool
	err      error
}

type outputKind int

const (
	regularFile outputKind = iota
	deviceFile             // a character device or a named pipe
	standardOut            // "-"
)

func newOutputs(e *env, cmd string) *outputs {
	return &outputs{e: e, cmd: cmd}
}

// input names a spec the run reads, which no output may replace.
func (o *outputs) input(name string) { o.inputAs("the spec", name) }

// spec names the spec at name and every file beside it the spec read
// (masks, pictures, fonts: sp.Reads) as inputs no output may replace.
func (o *outputs) spec(name string, sp *spec.Book) {
	o.input(name)
	for _, r := range sp.Reads {
		o.inputAs("a file the spec reads,", filepath.Join(filepath.Dir(name), filepath.FromSlash(r)))
	}
}

// inputAs names a file the run reads, which no output may replace, and
// says what it is ("the maze") for messages.
func (o *outputs) inputAs(what, name string) {
	id := &fileID{name: name, abs: absPath(name), what: what}
	if st, err := os.Stat(name); err == nil {
		id.info = st
	}
	o.inputs = append(o.inputs, id)
}

// add checks a destination named by flag (for messages) and prepares to
// write it. A destination that is an input or another output, or a
// special file other than a character device or a pipe, is a usage error;
// one that cannot be written (a directory, a missing directory, no
// permission) is a failure.
func (o *outputs) add(flag, name string) (*output, error) {
	out := &output{fileID: fileID{flag: flag, name: name}, outs: o}
	if name == "-" {
		out.kind, out.stdout = standardOut, true
		return out, o.register(out)
	}
	if why := riskyName(filepath.Base(name)); why != "" {
		return nil, usagef("mazebook %s: %s %q %s: choose another name", o.cmd, flag, name, why)
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
		return nil, fmt.Errorf("%s: %w", out, pathErr(err))
	}
	if err := o.register(out); err != nil {
		return nil, err
	}
	if out.info != nil {
		switch m := out.info.Mode(); {
		case m.IsDir():
			return nil, fmt.Errorf("output %s is a directory", name)
		case m&fs.ModeCharDevice != 0 || m&fs.ModeNamedPipe != 0:
			out.kind = deviceFile
			f, err := os.OpenFile(name, os.O_WRONLY, 0)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", out, pathErr(err))
			}
			out.dev = f
			return out, nil
		case !m.IsRegular():
			return nil, usagef("mazebook %s: %s is %s; mazebook writes regular files, character devices (such as /dev/stdout) and pipes", o.cmd, out, describeMode(m))
		}
		// The file replaced keeps its mode exactly: its permissions (000
		// too) and its setuid, setgid and sticky bits.
		out.mode = out.info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
		out.keepMode = true
		real, err := filepath.EvalSymlinks(name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", out, pathErr(err))
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
			return nil, fmt.Errorf("%s: %w", out, pathErr(err))
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
func (o *outputs) register(out *output) error {
	for _, in := range o.inputs {
		if out.same(in) {
			return usagef("mazebook %s: %s is the same file as %s %s: choose another output", o.cmd, out, in.what, in.name)
		}
	}
	for _, prev := range o.files {
		if out.same(&prev.fileID) {
			return usagef("mazebook %s: %s and %s are the same file: each output needs a name of its own", o.cmd, &prev.fileID, out)
		}
	}
	o.files = append(o.files, out)
	return nil
}

// createTemp makes the temporary file a regular output is written to, in
// the directory of its destination, with the destination's mode, or the
// mode the umask gives a new file.
func (out *output) createTemp() error {
	dir, base := filepath.Split(out.path)
	removeStaleTemps(dir, base)
	c := out.outs.e.cleaner()
	for try := 0; ; try++ {
		name := filepath.Join(dir, "."+base+".tmp-"+strconv.FormatUint(rand.Uint64()&0xffffffffff, 36))
		f, err := c.create(name)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", out.name, pathErr(err))
		}
		out.tmp, out.tmpName = f, name
		break
	}
	if out.keepMode {
		if err := out.tmp.Chmod(out.mode); err != nil {
			return fmt.Errorf("cannot write %s keeping its mode %v: %w", out.name, out.mode, pathErr(err))
		}
	}
	out.w = bufio.NewWriterSize(out.tmp, 64<<10)
	return nil
}

// Write writes to the output's temporary file, or to memory for a device.
func (out *output) Write(p []byte) (int, error) {
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
		out.err = fmt.Errorf("write %s: %w", out.name, pathErr(out.err))
	}
	return n, out.err
}

// finish flushes and closes the temporary file.
func (out *output) finish() error {
	if out.err != nil || out.kind != regularFile || out.tmp == nil {
		return out.err
	}
	err := out.w.Flush()
	if cerr := out.tmp.Close(); err == nil {
		err = cerr
	}
	out.tmp = nil
	if err != nil {
		out.err = fmt.Errorf("write %s: %w", out.name, pathErr(err))
	}
	return out.err
}

// pageSet is a directory of numbered pages written as a set: after a
// commit it holds exactly the pages of this run, and stale pages that
// mazebook wrote in an earlier run (recognised by their mark) are gone.
type pageSet struct {
	dir   string
	names map[string]bool
}

// dir checks a directory named by flag that a run writes a set of pages
// into; it is made when it does not exist (and removed again on abort).
func (o *outputs) dir(flag, name string) error {
	id := &fileID{flag: flag, name: name, abs: absPath(name)}
	for _, other := range append(append([]*fileID(nil), o.inputs...), o.ids()...) {
		if other.abs == id.abs {
			return usagef("mazebook %s: %s and %s are the same path: each output needs a name of its own", o.cmd, other, id)
		}
	}
	st, err := os.Stat(name)
	if err == nil {
		if !st.IsDir() {
			return fmt.Errorf("%s %s is not a directory", flag, name)
		}
	} else if errors.Is(err, fs.ErrNotExist) {
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
			if err := o.e.cleaner().mkdir(missing[i]); err != nil {
				return fmt.Errorf("%s %s: %w", flag, name, pathErr(err))
			}
			o.madeDir = append(o.madeDir, missing[i])
		}
	} else {
		return fmt.Errorf("%s %s: %w", flag, name, pathErr(err))
	}
	o.pages = append(o.pages, pageSet{dir: name, names: map[string]bool{}})
	return nil
}

func (o *outputs) ids() []*fileID {
	ids := make([]*fileID, len(o.files))
	for i, f := range o.files {
		ids[i] = &f.fileID
	}
	return ids
}

// page adds a page file of the set in directory dir (given to o.dir).
func (o *outputs) page(flag, dir, file string) (*output, error) {
	for i := range o.pages {
		if o.pages[i].dir == dir {
			o.pages[i].names[file] = true
		}
	}
	return o.add(flag, filepath.Join(dir, file))
}

// commit writes every device output, then renames every temporary file
// into place. When a rename fails, the files already replaced are put
// back. An interrupt waits until commit is done.
func (o *outputs) commit() error {
	for _, out := range o.files {
		if err := out.finish(); err != nil {
			o.abort()
			return err
		}
	}
	c := o.e.cleaner()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, out := range o.files {
		var err error
		switch out.kind {
		case standardOut:
			_, err = o.e.stdout.Write(out.buf.Bytes())
		case deviceFile:
			_, err = out.dev.Write(out.buf.Bytes())
			if cerr := out.dev.Close(); err == nil {
				err = cerr
			}
			out.dev = nil
		}
		if err != nil {
			o.abortLocked(c)
			return fmt.Errorf("write %s: %w", out.name, pathErr(err))
		}
	}
	type replaced struct {
		out    *output
		backup string
	}
	var done []replaced
	for _, out := range o.files {
		if out.kind != regularFile {
			continue
		}
		// A hard link keeps the old file until the whole set is in place.
		backup := ""
		if out.info != nil {
			b := out.tmpName + ".old"
			if os.Link(out.path, b) == nil {
				backup = b
				c.temps[b] = true
			}
		}
		if err := os.Rename(out.tmpName, out.path); err != nil {
			for i := len(done) - 1; i >= 0; i-- {
				r := done[i]
				if r.backup != "" {
					os.Rename(r.backup, r.out.path)
				} else {
					os.Remove(r.out.path)
				}
			}
			if backup != "" {
				os.Remove(backup)
				delete(c.temps, backup)
			}
			o.abortLocked(c)
			return fmt.Errorf("write %s: %w", out.name, pathErr(err))
		}
		delete(c.temps, out.tmpName)
		done = append(done, replaced{out, backup})
	}
	for _, r := range done {
		if r.backup != "" {
			os.Remove(r.backup)
			delete(c.temps, r.backup)
		}
	}
	o.done = true
	c.committed = true
	for _, d := range o.madeDir {
		delete(c.dirs, d)
	}
	var errs []error
	for _, set := range o.pages {
		errs = append(errs, removeStalePages(set))
	}
	return errors.Join(errs...)
}

// abort removes every temporary file and directory the run made, and
// closes its devices. Nothing the user had is changed.
func (o *outputs) abort() {
	c := o.e.cleaner()
	c.mu.Lock()
	defer c.mu.Unlock()
	o.abortLocked(c)
}

func (o *outputs) abortLocked(c *cleanup) {
	if o.done {
		return
	}
	o.done = true
	for _, out := range o.files {
		if out.tmp != nil {
			out.tmp.Close()
			out.tmp = nil
		}
		if out.tmpName != "" {
			os.Remove(out.tmpName)
			delete(c.temps, out.tmpName)
		}
		if out.dev != nil {
			out.dev.Close()
			out.dev = nil
		}
	}
	for i := len(o.madeDir) - 1; i >= 0; i-- {
		os.Remove(o.madeDir[i]) // only when empty
		delete(c.dirs, o.madeDir[i])
	}
}

// pageMark is the mark of an SVG page mazebook wrote (layout/svg writes
// it), and pageName the name of a page file.
var (
	pageMark = []byte(svg.Mark)
	pageName = regexp.MustCompile(`^page-[0-9]{3,}\.svg$`)
)

// removeStalePages removes the pages of set.dir that this run did not
// write, when they carry mazebook's mark: pages of an earlier, longer
// build. Other files are never touched.
func removeStalePages(set pageSet) error {
	entries, err := os.ReadDir(set.dir)
	if err != nil {
		return fmt.Errorf("remove stale pages: %w", err)
	}
	var stale []string
	for _, e := range entries {
		if !e.Type().IsRegular() || set.names[e.Name()] || !pageName.MatchString(e.Name()) {
			continue
		}
		path := filepath.Join(set.dir, e.Name())
		if isMazebookPage(path) {
			stale = append(stale, path)
		}
	}
	sort.Strings(stale)
	var errs []error
	for _, p := range stale {
		if err := os.Remove(p); err != nil {
			errs = append(errs, fmt.Errorf("remove stale page: %w", err))
		}
	}
	return errors.Join(errs...)
}

func isMazebookPage(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	return bytes.Contains(head[:n], pageMark)
}

// cleanup is what an interrupt must undo: the temporary files of the
// run's outputs. Its lock is held while outputs are committed, so an
// interrupt never stops a commit half-way.
type cleanup struct {
	mu    sync.Mutex
	temps map[string]bool
	dirs  map[string]bool // made for outputs, removed when still empty
	// committed is set once a run's outputs are in place.
	committed bool
	// restore, when not nil, puts the terminal back as it was (a full
	// screen game's); an interrupt calls it first.
	restore func()
}

// setRestore sets what an interrupt calls first to put the terminal
// back; nil for nothing.
func (c *cleanup) setRestore(f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.restore = f
}

func newCleanup() *cleanup { return &cleanup{temps: map[string]bool{}, dirs: map[string]bool{}} }

// mkdir makes a directory for outputs, remembered until the run commits.
func (c *cleanup) mkdir(name string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	err := os.Mkdir(name, 0o777)
	if err == nil {
		c.dirs[name] = true
	}
	return err
}

// create makes a new file for writing, remembered until it is renamed or
// removed. The umask applies to its mode.
func (c *cleanup) create(name string) (*os.File, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err == nil {
		c.temps[name] = true
	}
	return f, err
}

// run removes every remembered file; it is called on an interrupt, and
// leaves the lock held so that no new file is made before the process
// exits. It reports whether outputs had been committed.
func (c *cleanup) run() (committed bool) {
	c.mu.Lock()
	if c.restore != nil {
		c.restore()
	}
	for name := range c.temps {
		os.Remove(name)
	}
	dirs := make([]string, 0, len(c.dirs))
	for d := range c.dirs {
		dirs = append(dirs, d)
	}
	// Deepest first: a child's name is longer than its parent's.
	sort.Slice(dirs, func(i, j int) bool { return len(dirs[i]) > len(dirs[j]) })
	for _, d := range dirs {
		os.Remove(d)
	}
	c.temps, c.dirs = map[string]bool{}, map[string]bool{}
	return c.committed
}

// cleaner returns the env's cleanup, making one for an env that has none.
func (e *env) cleaner() *cleanup {
	if e.cleanup == nil {
		e.cleanup = newCleanup()
	}
	return e.cleanup
}

// writeOutput writes data to one destination named by flag, as a whole
// run's only output: checked, written, and committed.
func writeOutput(e *env, cmd, flag, name string, inputs []string, data []byte) error {
	o := newOutputs(e, cmd)
	for _, in := range inputs {
		o.input(in)
	}
	out, err := o.add(flag, name)
	if err != nil {
		o.abort()
		return err
	}
	if _, err := out.Write(data); err != nil {
		o.abort()
		return err
	}
	return o.commit()
}

func absPath(name string) string {
	a, err := filepath.Abs(name)
	if err != nil {
		return filepath.Clean(name)
	}
	if real, err := filepath.EvalSymlinks(filepath.Dir(a)); err == nil {
		return filepath.Join(real, filepath.Base(a))
	}
	return a
}

func isDevNull(info os.FileInfo) bool {
	null, err := os.Stat(os.DevNull)
	return err == nil && os.SameFile(info, null)
}

func describeMode(m fs.FileMode) string {
	switch {
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file"
}

// pathErr strips the operation and path from an *os.PathError, which the
// messages name themselves, and says "no space left" plainly.
func pathErr(err error) error {
	if errors.Is(err, syscall.ENOSPC) {
		return errors.New("no space left on device")
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// riskyName says why a file name is risky to write, or "": one holding a
// bidirectional control character reads as another name (book\u202efdp.exe
// shows as bookexe.pdf); a Windows device name (CON, PRN, AUX, NUL, COM1
// to COM9, LPT1 to LPT9, with any extension) cannot be a file there.
func riskyName(base string) string {
	for _, r := range base {
		switch {
		case r >= '\u202a' && r <= '\u202e', r >= '\u2066' && r <= '\u2069', r == '\u200e', r == '\u200f', r == '\u061c':
			return fmt.Sprintf("holds a bidirectional control character (U+%04X), which makes it read as another name", r)
		case r < ' ' || r == 0x7f:
			return fmt.Sprintf("holds a control character (U+%04X)", r)
		}
	}
	stem, _, _ := strings.Cut(base, ".")
	switch u := strings.ToUpper(strings.TrimRight(stem, " ")); {
	case u == "CON" || u == "PRN" || u == "AUX" || u == "NUL",
		len(u) == 4 && (strings.HasPrefix(u, "COM") || strings.HasPrefix(u, "LPT")) && u[3] >= '1' && u[3] <= '9':
		return "is a device name on Windows, where it cannot be a file (nor copied there)"
	}
	return ""
}

// StaleTemp is the age past which a temporary file of an output is taken
// for one a run killed outright (kill -9, a power cut) left behind: no
// build writes one for so long.
const StaleTemp = time.Hour

// removeStaleTemps removes, beside an output called base in dir, the
// temporary files of earlier runs (".BASE.tmp-XXXX") older than
// StaleTemp: a run that was killed outright could not remove its own.
func removeStaleTemps(dir, base string) {
	if dir == "" {
		dir = "."
	}
	names, _ := filepath.Glob(filepath.Join(dir, "."+globEscape(base)+".tmp-*"))
	for _, name := range names {
		suffix := name[strings.LastIndex(name, ".tmp-")+len(".tmp-"):]
		if !tempSuffix(suffix) {
			continue
		}
		if st, err := os.Lstat(name); err == nil && st.Mode().IsRegular() && time.Since(st.ModTime()) > StaleTemp {
			os.Remove(name)
		}
	}
}

// tempSuffix reports whether s is a temporary file's random suffix: 1 to
// 8 lower-case letters and digits (base 36).
func tempSuffix(s string) bool {
	if len(s) == 0 || len(s) > 8 {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z') {
			return false
		}
	}
	return true
}

// globEscape escapes the characters filepath.Match treats specially.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
