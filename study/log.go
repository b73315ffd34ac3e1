package study

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"time"
)

// Log appends trials to a study file. It is safe for concurrent use, and
// several processes may append to one file: each trial is one line,
// written whole in one write under an exclusive lock of the file, so no
// line is ever interleaved with another or left half written by a
// writer that carries on. A line cut short by a crash is skipped by Read;
// the next trial starts on a line of its own.
type Log struct {
	mu   sync.Mutex
	f    *os.File
	path string
}

// Open opens the study file at path for appending, creating it (mode
// 0644) when it does not exist.
func Open(path string) (*Log, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("study file: %w", err)
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("study file %s: not a regular file", path)
	}
	return &Log{f: f, path: path}, nil
}

// Path returns the file's path.
func (l *Log) Path() string { return l.path }

// Add appends one trial, stamped with the time now when it has none.
func (l *Log) Add(t Trial) error {
	if t.Time.IsZero() {
		t.Time = time.Now()
	}
	t.Time = t.Time.UTC().Truncate(time.Millisecond)
	if err := t.check(); err != nil {
		return fmt.Errorf("study: %w", err)
	}
	line, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("study: %w", err)
	}
	line = append(line, '\n')
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := lock(l.f); err != nil {
		return fmt.Errorf("study file %s: %w", l.path, err)
	}
	defer unlock(l.f)
	// A line left unfinished (a writer that crashed) is closed first, so
	// that this trial is a line of its own.
	if cut, err := unfinished(l.path); err != nil {
		return fmt.Errorf("study file %s: %w", l.path, err)
	} else if cut {
		line = append([]byte{'\n'}, line...)
	}
	if _, err := l.f.Write(line); err != nil {
		return fmt.Errorf("study file %s: %w", l.path, err)
	}
	return l.f.Sync()
}

// unfinished reports whether the file at path ends in the middle of a
// line.
func unfinished(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
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

// Close closes the file.
func (l *Log) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.f.Close()
}
