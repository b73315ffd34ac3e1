package layout_test

import (
	"context"
	"errors"
	"testing"

	"mazebook/layout"
	"mazebook/layout/spec"
)

// TestBuildStops cancels a build from its context, before it starts and
// in the middle of its mazes (from its progress function): each time the
// build stops with the context's error, the mazes after it not made.
func TestBuildStops(t *testing.T) {
	s, err := spec.Parse("b.yaml", []byte("sections: [{count: 40, difficulty: 6}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := layout.Build(s, layout.Options{Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Errorf("a build cancelled before it starts: %v", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	_, err = layout.Make(s, layout.Options{Context: ctx, Progress: func(done, total int) {
		calls++
		if done == 3 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("a build cancelled after 3 mazes: %v", err)
	}
	if calls >= 40 {
		t.Errorf("a build cancelled after 3 mazes made %d", calls)
	}
}

// countdown is a context that is done from its n-th question on: it
// stops a build at a point that does not depend on the clock.
type countdown struct {
	context.Context
	n int
}

func (c *countdown) Err() error {
	c.n--
	if c.n <= 0 {
		return context.Canceled
	}
	return nil
}

// TestOneMazeStops stops a book of one maze that none of its candidates
// can hold to its level: the build must stop between candidates, not
// after trying all of them (a maze as big as the budget allows takes
// seconds a candidate, and the studio's time limit must free its slot).
func TestOneMazeStops(t *testing.T) {
	s, err := spec.Parse("b.yaml", []byte("page: {size: 40x40in}\nsections: [{count: 1, size: 150x150, difficulty: 1}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := layout.Make(s, layout.Options{}); err == nil || errors.Is(err, context.Canceled) {
		t.Fatalf("the maze should be out of reach of its level: %v", err)
	}
	// Asked once before the maze is handed out, then before each
	// candidate: done at the fourth question, after two candidates.
	ctx := &countdown{Context: context.Background(), n: 4}
	if _, err := layout.Make(s, layout.Options{Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Errorf("a build stopped among the candidates of its one maze: %v", err)
	}
}
