package study

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"time"

	"mazebook/files"
)

// Log appends trials to a study file. It is safe for concurrent use, and
// several processes may append to one file: each trial is one line,
// written whole in one write under an exclusive lock of the file, so no
// line is ever interleaved with another or left half written by a
// writer that carries on. A line cut short by a crash is skipped by Read;
// the next trial starts on a line of its own. The file is opened again
// for each trial, so a trial is never lost to a file that was replaced
// (an editor's save, written to a copy and renamed over; rm, then touch)
// or removed: it goes to the file the name names now.
//
// The wait for another process's lock is bounded (LockWait): a trial
// that finds the file locked longer is kept in memory, in order, and
// written with the next trial that finds the file free, or by Close.
type Log struct {
	mu   sync.Mutex
	path string
	// pending are the lines of the trials kept while another process
	// held the file's lock, oldest first.
	pending [][]byte
	// wait is LockWait (a field so that tests may shorten it).
	wait time.Duration
}

// LockWait is the longest Add and Close wait for another process's lock
// of the study file: a game or a studio waiting on the lock stays
// responsive (a studio holds its trials while it writes one).
const LockWait = time.Second

// BusyError is the error of Add when another process held the study
// file's lock for LockWait: the trial is kept in memory and written with
// the next trial, or by Close.
type BusyError struct {
	Path string
	Kept int // trials kept, this one too
}

func (e *BusyError) Error() string {
	return fmt.Sprintf("study file %s is locked by another process: the trial is kept and written once it is free (%d kept)", e.Path, e.Kept)
}

// Open checks that the study file at path can be appended to, creating
// it (mode 0666 less the umask) when it does not exist. Only a regular
// file is a study file: a named pipe or a device is refused at once.
func Open(path string) (*Log, error) {
	f, err := files.OpenAppend(path)
	if err != nil {
		return nil, fmt.Errorf("study file %s: %w", path, files.Reason(err))
	}
	f.Close()
	return &Log{path: path, wait: LockWait}, nil
}

// Path returns the file's path.
func (l *Log) Path() string { return l.path }

// Add appends one trial, stamped with the time now when it has none,
// after the trials kept before it. It waits at most LockWait for another
// process's lock of the file (none when trials are kept already: the
// file was locked a moment ago), then keeps the trial and returns a
// *BusyError.
func (l *Log) Add(t Trial) error {
	if t.Time.IsZero() {
		t.Time = time.Now()
	}
	t.Time = t.Time.UTC().Truncate(time.Millisecond)
	t.settle()
	if _, err := t.check(); err != nil {
		return fmt.Errorf("study: %w", err)
	}
	line, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("study: %w", err)
	}
	line = append(line, '\n')
	l.mu.Lock()
	defer l.mu.Unlock()
	wait := l.wait
	if len(l.pending) > 0 {
		wait = 0
	}
	l.pending = append(l.pending, line)
	return l.flush(wait)
}

// flush writes the trials kept, waiting at most wait for the file's lock.
func (l *Log) flush(wait time.Duration) error {
	f, err := files.OpenAppend(l.path)
	if err != nil {
		l.pending = l.pending[:len(l.pending)-1] // not kept: said now
		return fmt.Errorf("study file %s: %w", l.path, files.Reason(err))
	}
	defer f.Close()
	for deadline := time.Now().Add(wait); ; time.Sleep(10 * time.Millisecond) {
		ok, err := tryLock(f)
		if err != nil {
			return fmt.Errorf("study file %s: %w", l.path, err)
		}
		if ok {
			break
		}
		if !time.Now().Before(deadline) {
			return &BusyError{Path: l.path, Kept: len(l.pending)}
		}
	}
	defer unlock(f)
	// A line left unfinished (a writer that crashed) is closed first, so
	// that this trial is a line of its own.
	var data []byte
	if cut, err := unfinished(f); err != nil {
		return fmt.Errorf("study file %s: %w", l.path, err)
	} else if cut {
		data = append(data, '\n')
	}
	for _, line := range l.pending {
		data = append(data, line...)
	}
	if _, err := f.Write(data); err != nil {
		return fmt.Errorf("study file %s: %w", l.path, err)
	}
	l.pending = nil
	if err := f.Sync(); err != nil {
		return fmt.Errorf("study file %s: %w", l.path, err)
	}
	return nil
}

// unfinished reports whether the open file f ends in the middle of a
// line.
func unfinished(f *os.File) (bool, error) {
	fi, err := f.Stat()
	if err != nil || fi.Size() == 0 {
		return false, err
	}
	var last [1]byte
	if _, err := f.ReadAt(last[:], fi.Size()-1); err != nil {
		return false, err
	}
	return last[0] != '\n', nil
}

// Close writes the trials kept (see Add), waiting at most LockWait for
// another process's lock; those it cannot write are in its error, one
// line each, for a person to add to the file. The log holds no file open
// between trials.
func (l *Log) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.pending) == 0 {
		return nil
	}
	var busy *BusyError
	if err := l.flush(l.wait); !errors.As(err, &busy) {
		return err
	}
	return fmt.Errorf("study file %s is still locked by another process: %d trials are not written; add them to it:\n%s", l.path, len(l.pending), bytes.TrimSuffix(bytes.Join(l.pending, nil), []byte("\n")))
}

// KeySuffix ends the name of the file that holds a study file's key:
// class.jsonl's is class.jsonl.key, beside it.
const KeySuffix = ".key"

// Key returns the study's secret key: 32 random bytes, kept as 64
// hexadecimal digits in the file beside the study file named by
// KeySuffix, made the first time a studio runs the study and read
// every time after; the file is its owner's alone (mode 0600). The studio derives from it the class's address
// and the ids of the trials it opens, so that both outlive a restart of
// the same study file, and no one who lacks the key can make up
// either. (The key is kept apart from the trials: a study file given
// to another researcher gives no one the class's address.)
func (l *Log) Key() ([]byte, error) {
	name := l.path + KeySuffix
	data, err := files.ReadFile(name, 1024)
	switch {
	case err == nil:
		key, err := hex.DecodeString(string(bytes.TrimSpace(data)))
		if err != nil || len(key) != 32 {
			return nil, fmt.Errorf("study key %s: not 64 hexadecimal digits (remove it, and the class gets a new address)", name)
		}
		return key, nil
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("study key %s: %w", name, files.Reason(err))
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("study key %s: %w", name, err)
	}
	if err := files.WritePrivate(name, []byte(hex.EncodeToString(key)+"\n"), l.path); err != nil {
		return nil, fmt.Errorf("study key %s: %w", name, files.Reason(err))
	}
	return key, nil
}
