// Package files owns how mazebook reads its inputs and commits its
// outputs, so that every command, the studio, the catalogue and the study
// log keep the same rules, as cmd/go/internal/lockedfile owns the rule of
// a locked file:
//
//   - An input is opened only when it is a regular file: a named pipe, a
//     device, a socket or a directory is refused at once, without
//     blocking (Open, ReadFile, DirFS, RootFS, OpenAppend), and every
//     input is read through one limited reader (ReadAll), so no file can
//     be endless or larger than its kind allows.
//   - The outputs of a run are a Batch: each destination is checked
//     before any work is done, against the run's inputs and every other
//     output (by name, through symbolic links and by os.SameFile, so a
//     hard link counts too); each regular file is written to a temporary
//     file beside it and renamed into place, all of the batch or none of
//     it; a file replaced keeps its permissions; when a rename fails half
//     way, the files already replaced are restored from backups that work
//     where hard links do not (the old file is renamed aside), and a
//     restore that fails is reported, never ignored. A Plan checks the
//     destinations of a larger run (a catalogue) before any of its
//     batches is written.
//   - Temporary files have one naming scheme, ".NAME.tmp-XXXX" (and a
//     backup ".NAME.tmp-XXXX.old"), so the temporary files of a run killed
//     outright are recognised and cleaned up by the next, and a Tracker
//     lets a process interrupted by a signal remove its own.
//
// The package is at the root of the module, not internal: a program that
// builds books with mazebook's packages writes them under the same rules.
package files

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"unicode"
)

// ErrNotRegular is the error (see errors.Is) of a file that is not a
// regular file where one is read: a named pipe, a device, a socket or a
// directory.
var ErrNotRegular = errors.New("not a regular file")

// notRegular says what a file is instead of a regular file: its mode,
// or the kernel file system (kernel) a file that looks regular is on.
type notRegular struct {
	mode   fs.FileMode
	kernel string
}

func (e notRegular) Error() string {
	if e.kernel != "" {
		return "a file of the kernel's state (on " + e.kernel + "), not a regular file"
	}
	return describe(e.mode) + ", not a regular file"
}

func (e notRegular) Is(target error) bool { return target == ErrNotRegular }

// describe names the kind of a file of mode m, for messages: "a named
// pipe (FIFO)", "a character device", "a directory", "a regular file".
func describe(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}

// TooLargeError is the error of an input larger than its kind allows.
type TooLargeError struct {
	Limit int64
}

func (e *TooLargeError) Error() string {
	return "larger than " + Size(e.Limit) + ", the most read of such a file"
}

// Size writes a number of bytes for people: "1 MB", "64 KB", "500 bytes".
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Reason strips the operation and path from an *fs.PathError or an
// *os.LinkError, which messages name their own way, and says "no space
// left on device" plainly.
func Reason(err error) error {
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

// RiskyName says why a file name (its base) is risky to write, or "":
// one holding a control character (a newline breaks every list of
// names), a bidirectional control character (book\u202efdp.exe shows
// as bookexe.pdf) or an invisible one (a\u200bb.pdf shows as ab.pdf)
// reads as another name (see ControlIn); a Windows device name (CON,
// PRN, AUX, NUL, COM1 to COM9, LPT1 to LPT9, with any extension) cannot
// be a file there. It is the one rule for the names of what mazebook
// writes: every output of a Batch, and every file the studio attaches
// to a spec (and so puts in the spec's zip), or takes from one.
func RiskyName(base string) string {
	if why := ControlIn(base); why != "" {
		return why
	}
	stem, _, _ := strings.Cut(base, ".")
	switch u := strings.ToUpper(strings.TrimRight(stem, " ")); {
	case u == "CON" || u == "PRN" || u == "AUX" || u == "NUL",
		len(u) == 4 && (strings.HasPrefix(u, "COM") || strings.HasPrefix(u, "LPT")) && u[3] >= '1' && u[3] <= '9':
		return "is a device name on Windows, where it cannot be a file (nor copied there)"
	}
	return ""
}

// ControlIn says why a name holds a character that makes it read as
// another (a control character such as a newline or CR, a Unicode line
// or paragraph separator, a bidirectional control, an invisible format
// character such as a zero-width space or a soft hyphen), or "".
func ControlIn(name string) string {
	for _, r := range name {
		switch {
		case r >= '\u202a' && r <= '\u202e', r >= '\u2066' && r <= '\u2069', r == '\u200e', r == '\u200f', r == '\u061c':
			return fmt.Sprintf("holds a bidirectional control character (U+%04X), which makes it read as another name", r)
		case r < ' ' || r == 0x7f || r >= 0x80 && r < 0xa0 || r == '\u2028' || r == '\u2029':
			return fmt.Sprintf("holds a control character (U+%04X)", r)
		case unicode.Is(unicode.Cf, r):
			return fmt.Sprintf("holds an invisible character (U+%04X), which makes it read as another name", r)
		}
	}
	return ""
}

// id identifies a file a run names: by the file itself when it exists,
// else by its absolute path (its directory's links resolved).
type id struct {
	// flag and name are how the file was named ("-o", "x.pdf"); what
	// says what an input is ("the spec"), from what output comes from
	// ("the cover of x, from x.yaml"), for messages.
	flag, name string
	what, from string
	abs        string
	info       os.FileInfo // nil when the file does not exist yet
	kind       outputKind  // of an output; an input's is regularFile
}

func newID(name string) *id {
	d := &id{name: name, abs: absPath(name)}
	if st, err := os.Stat(name); err == nil {
		d.info = st
	}
	return d
}

// same reports whether a and b are one file.
func (a *id) same(b *id) bool {
	if a.kind == standardOut || b.kind == standardOut {
		return a.kind == b.kind
	}
	if a.info != nil && b.info != nil && os.SameFile(a.info, b.info) {
		// Many outputs may go to the null device: nothing is lost.
		return !isDevNull(a.info)
	}
	return a.abs == b.abs
}

// String names an output for messages: "-o x.pdf", "books/x.pdf (the
// cover of x, from x.yaml)", or an input: "the spec b.yaml".
func (a *id) String() string {
	switch {
	case a.what != "":
		return a.what + " " + a.name
	case a.from != "":
		return a.name + " (" + a.from + ")"
	case a.flag != "":
		return a.flag + " " + a.name
	}
	return a.name
}

// ConflictError is an output that is one of the run's inputs, or another
// of its outputs, however it is named.
type ConflictError struct {
	// Output is the output refused, as it was named; Other the input or
	// the earlier output it is the same file as.
	Output, Other string
	// Input is set when Other is an input.
	Input bool
	// Path is set when the two are one path, not yet a file (a
	// directory of pages).
	Path bool
}

func (e *ConflictError) Error() string {
	switch {
	case e.Input:
		return fmt.Sprintf("%s is the same file as %s: choose another output", e.Output, e.Other)
	case e.Path:
		return fmt.Sprintf("%s and %s are the same path: each output needs a name of its own", e.Other, e.Output)
	}
	return fmt.Sprintf("%s and %s are the same file: each output needs a name of its own", e.Other, e.Output)
}

// KindError is an output that is there and is not a regular file (a
// named pipe, a device, a socket), which mazebook never opens for
// writing.
type KindError struct {
	Output string
	Mode   fs.FileMode
}

func (e *KindError) Error() string {
	return fmt.Sprintf("%s is %s; mazebook writes regular files only (and standard output, named -)", e.Output, describe(e.Mode))
}

// NameError is an output whose name is risky (see RiskyName).
type NameError struct {
	Flag, Name, Why string
}

func (e *NameError) Error() string {
	if e.Flag == "" {
		return fmt.Sprintf("%q %s: choose another name", e.Name, e.Why)
	}
	return fmt.Sprintf("%s %q %s: choose another name", e.Flag, e.Name, e.Why)
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

// MakeFolder makes the folder name and any of its parents that are
// missing, as a catalogue's output folder is made: kept whatever its
// books become. A name that is there and not a folder is refused, saying
// what it is.
func MakeFolder(name string) error {
	if st, err := os.Stat(name); err == nil && !st.IsDir() {
		return fmt.Errorf("the folder %s is %s", name, describe(st.Mode()))
	}
	if err := os.MkdirAll(name, 0o777); err != nil {
		return fmt.Errorf("the folder %s: %w", name, Reason(err))
	}
	return nil
}
