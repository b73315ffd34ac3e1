package files

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Open opens the named file for reading when it is a regular file. A
// named pipe, a device, a socket or a directory is refused at once with
// an *fs.PathError whose error is ErrNotRegular (see errors.Is): it is
// opened without blocking (a pipe with no writer would block forever)
// and checked before anything is read.
func Open(name string) (*os.File, error) {
	return openRegular(name, os.O_RDONLY, 0)
}

// openRegular opens the named file with flag and perm without blocking,
// and refuses it, closed, when it is not a regular file.
func openRegular(name string, flag int, perm os.FileMode) (*os.File, error) {
	f, err := openNonblock(name, flag, perm)
	if err != nil {
		return nil, refine(name, err)
	}
	if err := regular(f, name); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// regular returns an *fs.PathError when the open file f is not a regular
// file: a file of a kernel file system (/proc, /sys), whose reads the
// kernel answers as it goes and may never end, is not one either.
func regular(f *os.File, name string) error {
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return &fs.PathError{Op: "open", Path: name, Err: notRegular{mode: st.Mode()}}
	}
	if k := kernelFS(f); k != "" {
		return &fs.PathError{Op: "open", Path: name, Err: notRegular{mode: st.Mode(), kernel: k}}
	}
	return nil
}

// refine makes the error of a file that could not be opened say what the
// file is, when it is a socket (which open refuses with "no such device
// or address") or a pipe with no reader.
func refine(name string, err error) error {
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return err
	}
	if st, serr := os.Stat(name); serr == nil && !st.Mode().IsRegular() {
		return &fs.PathError{Op: "open", Path: name, Err: notRegular{mode: st.Mode()}}
	}
	return err
}

// ReadFile reads the regular file name, of at most limit bytes: a larger
// file is refused (an *fs.PathError whose error is a *TooLargeError)
// without reading past the limit.
func ReadFile(name string, limit int64) ([]byte, error) {
	f, err := Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(f, name, limit)
}

// ReadAll reads r to its end, the input called name, or refuses it once
// it holds more than limit bytes (an *fs.PathError whose error is a
// *TooLargeError): the one limited reader every input goes through.
func ReadAll(r io.Reader, name string, limit int64) ([]byte, error) {
	return io.ReadAll(Limit(r, name, limit))
}

// Limit returns a reader of r, the input called name, that fails once it
// has read more than limit bytes (an *fs.PathError whose error is a
// *TooLargeError) instead of ending quietly as io.LimitReader does: for
// an input read as a stream.
func Limit(r io.Reader, name string, limit int64) io.Reader {
	return &limited{r: r, name: name, limit: limit, left: limit + 1}
}

type limited struct {
	r           io.Reader
	name        string
	limit, left int64
	err         error
}

func (l *limited) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left <= 0 {
		l.err = &fs.PathError{Op: "read", Path: l.name, Err: &TooLargeError{Limit: l.limit}}
		return n - 1, l.err // the byte past the limit is not given
	}
	if err != nil && err != io.EOF {
		var pe *fs.PathError
		if !errors.As(err, &pe) {
			err = &fs.PathError{Op: "read", Path: l.name, Err: err}
		}
		l.err = err
	}
	return n, err
}

// OpenAppend opens the named file for appending (and reading), creating
// it when it does not exist (mode 0666 less the umask), when it is a
// regular file: a named pipe, a device or a socket is refused without
// blocking.
func OpenAppend(name string) (*os.File, error) {
	return openRegular(name, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o666)
}

// DirFS returns the files under dir as a file system for reading, as
// os.DirFS does (symbolic links are followed), but one that opens only
// regular files: a named pipe, a device or a socket is refused at once
// (see Open), and so is a directory.
func DirFS(dir string) fs.FS { return dirFS(dir) }

type dirFS string

// Dir returns the folder: a reader of a spec given a DirFS may also read
// the files the user names by absolute path (see spec's fonts), as one
// given a RootFS or a web form's files may not.
func (d dirFS) Dir() string { return string(d) }

func (d dirFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	f, err := Open(filepath.Join(string(d), filepath.FromSlash(name)))
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, &fs.PathError{Op: pe.Op, Path: name, Err: pe.Err}
		}
		return nil, err
	}
	return f, nil
}

// RootFS returns the files of root as a file system for reading that
// opens only regular files (see DirFS), and never leaves root: a
// symbolic link that leads out of it is not followed. Lstat and
// ReadLink report the links themselves.
func RootFS(root *os.Root) fs.FS { return rootFS{root} }

type rootFS struct{ root *os.Root }

func (r rootFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	f, err := r.root.OpenFile(name, os.O_RDONLY|nonblock, 0)
	if err != nil {
		if st, serr := r.root.Stat(name); serr == nil && !st.Mode().IsRegular() {
			return nil, &fs.PathError{Op: "open", Path: name, Err: notRegular{mode: st.Mode()}}
		}
		return nil, err
	}
	if err := regular(f, name); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func (r rootFS) Lstat(name string) (fs.FileInfo, error) { return r.root.Lstat(name) }

func (r rootFS) ReadLink(name string) (string, error) { return r.root.Readlink(name) }
