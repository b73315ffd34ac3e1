package catalogue

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"mazebook/files"
	"mazebook/layout/spec"
)

// ListFile is the record 'build --list' writes beside the outputs: the
// list it printed, each line's spec, variant and digest, so that
// '--index N' builds line N of what was listed, not of the folder as it
// is when the batch engine gets to it.
const ListFile = "catalogue-list.json"

// maxListFile is the largest record ReadList reads.
const maxListFile = 64 << 20

// A List is what --list printed, pinned: the paths it was given, and its
// lines.
type List struct {
	// Paths are the specs and folders the list was made of, as given.
	Paths []string `json:"paths"`
	Lines []Line   `json:"lines"`
}

// A Line is one line of a List: one book.
type Line struct {
	// Spec is the spec's file, as the line names it; Volume and Edition
	// the variant; Name the base of the book's files.
	Spec    string `json:"spec"`
	Volume  int    `json:"volume,omitempty"`
	Edition string `json:"edition,omitempty"`
	Name    string `json:"name"`
	// Redraws are the book's mazes the line draws again (--redraw), as
	// Unique drew them (see Job.Redraws): the index of each in its
	// plan's order (from 0) to its attempt.
	Redraws map[int]int `json:"redraws,omitempty"`
	// Digest is the digest of the book's spec when the list was made
	// (see spec.Book.Digest: its text, the files it reads, its seed, its
	// variant).
	Digest string `json:"digest"`
	// Command is the line as --list printed it.
	Command string `json:"command"`
}

// NewList returns the list of jobs, each a line, the command of each
// given by command. Each job's spec is read again for its digest: a job
// that cannot be read is an error (--list lists none of those).
func NewList(paths []string, jobs []Job, command func(Job) string) (*List, error) {
	l := &List{Paths: slices.Clone(paths), Lines: []Line{}}
	for _, j := range jobs {
		sp, err := Load(j)
		if err != nil {
			return nil, err
		}
		line := Line{Spec: filepath.ToSlash(j.Spec), Volume: j.Variant.Volume, Edition: j.Variant.Edition, Name: j.Name, Digest: sp.Digest(), Command: command(j)}
		line.Redraws = j.Redraws
		l.Lines = append(l.Lines, line)
	}
	return l, nil
}

// Write writes the list into the folder dir as ListFile (making the
// folder), never over one of the list's inputs.
func (l *List) Write(dir string, jobs []Job, tracker *files.Tracker) error {
	data, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return err
	}
	if err := files.MakeFolder(dir); err != nil {
		return fmt.Errorf("the record of the list: %w", err)
	}
	b := files.NewBatch(tracker, nil)
	defer b.Abort()
	addInputs(b, jobs)
	out, err := b.Create("", filepath.Join(dir, ListFile))
	if err != nil {
		return fmt.Errorf("the record of the list: %w", err)
	}
	if _, err := out.Write(append(data, '\n')); err != nil {
		return fmt.Errorf("the record of the list: %w", err)
	}
	if err := b.Commit(); err != nil {
		return fmt.Errorf("the record of the list: %w", err)
	}
	return nil
}

// ReadList reads the record --list wrote into the folder dir; ok is
// false when there is none.
func ReadList(dir string) (l *List, ok bool, err error) {
	name := filepath.Join(dir, ListFile)
	data, err := files.ReadFile(name, maxListFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("cannot read %s: %v", name, files.Reason(err))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	l = &List{}
	if err := dec.Decode(l); err != nil {
		return nil, false, fmt.Errorf("%s is not the record of a list that --list wrote (%v): run --list again", name, err)
	}
	return l, true, nil
}

// StaleLineError is a line of a pinned list whose book cannot be built
// as it was listed: its spec is gone, has errors, or changed since.
type StaleLineError struct {
	Index int
	Line  Line
	Why   string
}

func (e *StaleLineError) Error() string {
	return fmt.Sprintf("line %d of the list (%s): %s: run --list again, and the batch with it, so that every line builds the book it listed", e.Index, e.Line.Name, e.Why)
}

// Job returns the job of line i, its spec read again: a StaleLineError
// when the spec is gone, or cannot be read, or its book is not there, or
// its digest is not the one recorded (its text, a file it reads, its
// seed has changed). The spec is read with the options o (see
// spec.Options).
func (l *List) Job(i int, o spec.Options) (Job, error) {
	line := l.Lines[i]
	stale := func(why string) error { return &StaleLineError{i, line, why} }
	v := spec.Variant{Volume: line.Volume, Edition: line.Edition}
	for _, j := range specJobs(filepath.FromSlash(line.Spec), o) {
		if j.Variant != v && j.Err == nil {
			continue
		}
		j.Redraws = line.Redraws
		if j.Err != nil {
			if _, err := os.Stat(j.Spec); errors.Is(err, fs.ErrNotExist) {
				return j, stale("its spec " + line.Spec + " is gone")
			}
			return j, stale(line.Spec + " cannot be read or has errors now: " + j.Err.Error())
		}
		sp, err := Load(j)
		if err != nil {
			return j, stale(line.Spec + " cannot be read or has errors now: " + err.Error())
		}
		if sp.Digest() != line.Digest {
			return j, stale(line.Spec + " has changed since --list recorded it (its text, a file it reads, or its seed)")
		}
		return j, nil
	}
	return Job{}, stale(line.Spec + " no longer makes that book")
}
