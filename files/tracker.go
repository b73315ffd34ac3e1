package files

import (
	"errors"
	"os"
	"sort"
	"sync"
)

// ErrStopped is the error of a batch that makes a file or commits after
// its tracker's Cleanup: the process is stopping.
var ErrStopped = errors.New("the process is stopping")

// A Tracker remembers the temporary files and the directories the
// batches of a process make, until each is renamed into place or
// removed, so that a process stopped by a signal can remove them all
// (see Cleanup). Its lock is held while a batch commits: a cleanup never
// stops a commit half way. It is safe for concurrent use.
type Tracker struct {
	mu    sync.Mutex
	temps map[string]bool
	dirs  map[string]bool // made for outputs, removed when still empty
	// commits counts the batches committed; made says a temporary file
	// was made.
	commits int
	made    bool
	// stopped says Cleanup ran: no file is made and no batch commits
	// after it.
	stopped bool
}

// NewTracker returns an empty Tracker.
func NewTracker() *Tracker {
	return &Tracker{temps: map[string]bool{}, dirs: map[string]bool{}}
}

// Committed reports whether a batch tracked was committed.
func (t *Tracker) Committed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.commits > 0
}

// Made reports whether a batch tracked made a temporary file: whether
// the process was writing outputs.
func (t *Tracker) Made() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.made
}

// Cleanup removes every temporary file tracked, and the directories made
// for outputs that are still empty, waiting for a commit in progress to
// finish. No batch makes a file or commits after it (they fail with
// ErrStopped): call it only when the process is about to exit. It
// reports whether a batch had been committed; the tracker answers
// Committed and Made after it as before.
func (t *Tracker) Cleanup() (committed bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped = true
	for name := range t.temps {
		os.Remove(name)
	}
	dirs := make([]string, 0, len(t.dirs))
	for d := range t.dirs {
		dirs = append(dirs, d)
	}
	// Deepest first: a child's name is longer than its parent's.
	sort.Slice(dirs, func(i, j int) bool { return len(dirs[i]) > len(dirs[j]) })
	for _, d := range dirs {
		os.Remove(d)
	}
	t.temps, t.dirs = map[string]bool{}, map[string]bool{}
	return t.commits > 0
}

// mkdir makes a directory for outputs, tracked until its batch commits.
func (t *Tracker) mkdir(name string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return ErrStopped
	}
	err := os.Mkdir(name, 0o777)
	if err == nil {
		t.dirs[name] = true
	}
	return err
}

// forget stops tracking a temporary file another run removed.
func (t *Tracker) forget(name string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.temps, name)
}

// create makes a new file for writing, tracked until it is renamed or
// removed. The umask applies to its mode.
func (t *Tracker) create(name string) (*os.File, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return nil, ErrStopped
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err == nil {
		t.temps[name] = true
		t.made = true
	}
	return f, err
}
