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
