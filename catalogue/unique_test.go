package catalogue

import (
	"context"
	"mazebook/layout/spec"
	"slices"
	"testing"
)

// uniqueSpecs are two books that share one maze and no other: the first
// maze of b is a's first (the same seed, slot and size), its others of
// another size; c shares none.
var uniqueSpecs = map[string]string{
	"a.yaml": "title: A\nseed: 5\nsections:\n  - {count: 3, size: 7x7}\n",
	"b.yaml": "title: B\nseed: 5\nsections:\n  - {count: 1, size: 7x7}\n  - {count: 2, size: 9x9}\n",
	"c.yaml": "title: C\nseed: 6\nsections:\n  - {count: 3, size: 7x7}\n",
}

// mazesOfJobs returns the fingerprints of each job's mazes, as Build
// makes them.
func mazesOfJobs(t *testing.T, jobs []Job) [][]string {
	t.Helper()
	var out [][]string
	for _, j := range jobs {
		r := mazesOf(context.Background(), j, Options{}, nil)
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		out = append(out, r.Mazes)
	}
	return out
}

// Unique draws again the one maze of b that repeats a's, from its slot's
// seed and the attempt as a maze repeating one of its own book is, and
// leaves every other maze of every book as its spec makes it: then no
// maze is held by two books. It gives the same redraws with one worker
// or four, and the books Build makes hold the mazes it said.
func TestUniqueRedrawsOneMaze(t *testing.T) {
	jobs, err := Jobs([]string{writeSpecs(t, uniqueSpecs)}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	plain := mazesOfJobs(t, jobs)
	if plain[0][0] != plain[1][0] || slices.Contains(plain[0], plain[1][1]) || slices.Contains(plain[0], plain[1][2]) {
		t.Fatalf("the specs do not share one maze, and one only: %v", plain)
	}
	var first []Job
	for _, workers := range []int{1, 4} {
		out, redraws, err := Unique(context.Background(), jobs, workers)
		if err != nil {
			t.Fatal(err)
		}
		if len(redraws) != 1 || redraws[0].Name != "b" || redraws[0].Of != "a" || !slices.Equal(redraws[0].Mazes, []int{1}) || len(redraws[0].Kept) > 0 {
			t.Fatalf("%d workers: redraws %+v", workers, redraws)
		}
		if want := "b: 1 maze drawn again (maze 1), as it repeated a's"; redraws[0].String() != want {
			t.Errorf("said %q, want %q", redraws[0], want)
		}
		if out[0].Redraws != nil || out[2].Redraws != nil || len(out[1].Redraws) != 1 || out[1].Redraws[0] < 1 {
			t.Fatalf("%d workers: redraws of the jobs %v %v %v", workers, out[0].Redraws, out[1].Redraws, out[2].Redraws)
		}
		if first == nil {
			first = out
		} else if out[1].Redraws[0] != first[1].Redraws[0] {
			t.Errorf("4 workers redraw b's maze from attempt %d, 1 worker from %d", out[1].Redraws[0], first[1].Redraws[0])
		}
	}
	got := mazesOfJobs(t, first)
	if !slices.Equal(got[0], plain[0]) || !slices.Equal(got[2], plain[2]) {
		t.Error("a book that repeats none is drawn again")
	}
	if got[1][0] == plain[1][0] || !slices.Equal(got[1][1:], plain[1][1:]) {
		t.Errorf("b's mazes %v, without --unique %v: want the first alone drawn again", got[1], plain[1])
	}
	held := map[string]string{}
	for i, fps := range got {
		for _, f := range fps {
			if b, ok := held[f]; ok && b != first[i].Name {
				t.Errorf("maze %s is in %s and %s", f, b, first[i].Name)
			}
			held[f] = first[i].Name
		}
	}
	// Built, the books hold those mazes, and repeat none.
	results, err := Build(context.Background(), first, Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range results {
		if r.Err != nil || !slices.Equal(r.Mazes, got[i]) {
			t.Errorf("%s built: %v, mazes %v, want %v", r.Job.Name, r.Err, r.Mazes, got[i])
		}
	}
	if reps := Repeats(results); len(reps) > 0 {
		t.Errorf("repeats: %v", reps)
	}
}
