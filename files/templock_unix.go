//go:build unix

package files

import (
	"errors"
	"os"
	"syscall"
)

// holdTemp takes the lock that says the temporary file name, just made
// and open as f, is being written: an exclusive flock of a descriptor of
// its own, held until the file is renamed into place or removed, and let
// go by the kernel when the process dies however it dies. ok is false
// when another run took the file away first (it found it unlocked in the
// instant between its making and its lock, and removes it): the caller
// makes another. On a file system without locks, the file is written
// unlocked (lock nil) and only its age says it was left behind.
func holdTemp(name string, f *os.File) (lock *os.File, ok bool) {
	l, err := os.Open(name)
	if err != nil {
		return nil, false // removed already
	}
	switch err := flock(l, syscall.LOCK_EX|syscall.LOCK_NB); {
	case errors.Is(err, syscall.EWOULDBLOCK):
		l.Close()
		return nil, false
	case err != nil:
		l.Close()
		return nil, true
	}
	ls, err1 := l.Stat()
	fs, err2 := f.Stat()
	ps, err3 := os.Lstat(name)
	if err1 != nil || err2 != nil || err3 != nil || !os.SameFile(ls, fs) || !os.SameFile(ls, ps) {
		l.Close()
		return nil, false
	}
	return l, true
}

// abandoned reports whether the temporary file name is one no running
// process writes: its lock (see holdTemp) is free, so the run that made
// it was killed. known is false where the file system has no locks, and
// only the file's age can tell. When yes, it holds the lock until release
// is called, so that no run starts writing the file meanwhile.
func abandoned(name string) (yes, known bool, release func()) {
	l, err := openNonblock(name, os.O_RDONLY, 0)
	if err != nil {
		return false, true, nil
	}
	switch err := flock(l, syscall.LOCK_EX|syscall.LOCK_NB); {
	case errors.Is(err, syscall.EWOULDBLOCK):
		l.Close()
		return false, true, nil
	case err != nil:
		l.Close()
		return false, false, nil
	}
	return true, true, func() { l.Close() }
}

// flock locks f as how says, again when a signal interrupts it.
func flock(f *os.File, how int) error {
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}
