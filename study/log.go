package study

import (
	"encoding/json"
	"fmt"
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
type Log struct {
	mu   sync.Mutex
	path string
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
	return &Log{path: path}, nil
}

// Path returns the file's path.
func (l *Log) Path() string { return l.path }

// Add appends one trial, stamped with the time now when it has none.
func (l *Log) Add(t Trial) error {
	if t.Time.IsZero() {
		t.Time = time.Now()
	}
	t.Time = t.Time.UTC().Truncate(time.Millisecond)
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
	f, err := files.OpenAppend(l.path)
	if err != nil {
		return fmt.Errorf("study file %s: %w", l.path, files.Reason(err))
	}
	defer f.Close()
	if err := lock(f); err != nil {
		return fmt.Errorf("study file %s: %w", l.path, err)
	}
	defer unlock(f)
	// A line left unfinished (a writer that crashed) is closed first, so
	// that this trial is a line of its own.
	if cut, err := unfinished(f); err != nil {
		return fmt.Errorf("study file %s: %w", l.path, err)
	} else if cut {
		line = append([]byte{'\n'}, line...)
	}
	if _, err := f.Write(line); err != nil {
		return fmt.Errorf("study file %s: %w", l.path, err)
	}
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

// Close closes the log; it holds no file open between trials.
func (l *Log) Close() error { return nil }
