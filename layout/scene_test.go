package layout_test

import (
	"fmt"
	"reflect"
	"testing"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/spec"
	"mazebook/layout/theme"
)

// TestScenePropsStandOnTheGround checks where a scene sets its props, as
// an illustrator would: a tree or a flower stands on the ground, its foot
// on the ground's line (at the foot of the content where no ground is
// drawn), a cloud or the sun is in the sky, the upper 60% of the
// content, and bubbles anywhere but on the ground; neither comes within 3mm of what the page keeps (a maze, its
// caption), and both kinds are set where there is room for them.
func TestScenePropsStandOnTheGround(t *testing.T) {
	const mm = spec.PointsPerMM
	letter := display.Box{X: 36, Y: 36, W: 540, H: 720}
	a4 := display.Box{X: 40, Y: 40, W: 515, H: 762}
	for _, tt := range []struct {
		name   string
		c      display.Box
		keep   display.Box // the maze and its marks
		ground bool        // whether the ground has room under it
	}{
		{"letter, a maze in the middle", letter, display.Box{X: 106, Y: 160, W: 400, H: 420}, true},
		{"a4, a wide maze high", a4, display.Box{X: 60, Y: 120, W: 475, H: 400}, true},
		{"letter, a maze to the foot", letter, display.Box{X: 106, Y: 160, W: 400, H: 596}, false},
	} {
		for seed := uint64(1); seed <= 8; seed++ {
			name := fmt.Sprintf("%s, seed %d", tt.name, seed)
			var ground display.Box
			var stands, floats, anywhere []display.Box
			record := func(to *[]display.Box) theme.Art {
				return func(box display.Box) []display.Item {
					*to = append(*to, box)
					return []display.Item{&display.Fill{Box: box, Color: display.Black}}
				}
			}
			sc := theme.Scene{
				Ground: func(box display.Box, _ display.Color) []display.Item {
					ground = box
					return []display.Item{&display.Fill{Box: box, Color: display.Black}}
				},
				Props: []theme.Prop{{Art: record(&stands), Place: theme.OnGround}, {Art: record(&floats), Place: theme.InSky}, {Art: record(&anywhere)}},
			}
			layout.Scene(sc, tt.c, nil, []display.Box{tt.keep}, seed, display.Color{})
			if (ground.W > 0) != tt.ground {
				t.Errorf("%s: ground %+v, want one: %v", name, ground, tt.ground)
			}
			if len(stands) == 0 || len(floats) == 0 {
				t.Errorf("%s: %d props stand and %d are in the sky", name, len(stands), len(floats))
			}
			foot := tt.c.Y + tt.c.H
			if ground.W > 0 {
				foot = ground.Y + 0.3*ground.H
			}
			keep := display.Box{X: tt.keep.X - 3*mm, Y: tt.keep.Y - 3*mm, W: tt.keep.W + 6*mm, H: tt.keep.H + 6*mm}
			for _, b := range stands {
				if d := b.Y + b.H - foot; d < -1e-6 || d > 1e-6 {
					t.Errorf("%s: a prop that stands has its foot %.1fmm off the ground's line", name, d/mm)
				}
			}
			for _, b := range floats {
				if b.Y+b.H > tt.c.Y+0.6*tt.c.H+1e-6 {
					t.Errorf("%s: a prop of the sky at %+v, below the upper 60%% of the content", name, b)
				}
			}
			if ground.W > 0 {
				for _, b := range anywhere {
					if b.Y+b.H > ground.Y-3*mm+1e-6 {
						t.Errorf("%s: a prop of anywhere at %+v on the ground %+v", name, b, ground)
					}
				}
			}
			for _, b := range append(append(stands, floats...), anywhere...) {
				if b.X < keep.X+keep.W && keep.X < b.X+b.W && b.Y < keep.Y+keep.H && keep.Y < b.Y+b.H {
					t.Errorf("%s: a prop at %+v within 3mm of the maze %+v", name, b, tt.keep)
				}
				if b.X < tt.c.X || b.Y < tt.c.Y || b.X+b.W > tt.c.X+tt.c.W+1e-6 || b.Y+b.H > tt.c.Y+tt.c.H+1e-6 {
					t.Errorf("%s: a prop at %+v out of the content", name, b)
				}
			}
		}
	}
}

// TestTitleScenePropsBelongOnItsGround checks the props a random book's
// title page brings from its other characters' scenes: one that stands
// on the ground comes only from a scene whose ground is of the first
// character's kind (no tree on the moon), for books of many seeds.
func TestTitleScenePropsBelongOnItsGround(t *testing.T) {
	checked := 0
	for seed := 1; seed <= 12; seed++ {
		b := bookOf(t, fmt.Sprintf("seed: %d\ntitle_page: true\ntheme: random\nsections:\n  - {ages: 4-6, count: 6}\n", seed))
		_, pair := layout.Characters(b.Plan)
		first, err := theme.Lookup(pair.Name)
		if err != nil {
			t.Fatal(err)
		}
		// The other characters, in the order Characters takes them.
		var others []theme.Pair
		seen := map[string]bool{pair.Name: true}
		for i := range b.Plan.Mazes {
			if pi, ok := b.Plan.Pair(i); ok && !seen[pi.Name] && len(others) < 2 {
				seen[pi.Name] = true
				others = append(others, pi)
			}
		}
		probe := display.Box{W: 100, H: 100}
		for _, pr := range pair.Scene.Props[len(first.Scene.Props):] {
			if pr.Place != theme.OnGround {
				continue
			}
			// A prop that stands comes from a scene of the first's ground.
			var from []string
			ok := false
			for _, o := range others {
				for _, op := range o.Scene.Props {
					if reflect.DeepEqual(op.Art(probe), pr.Art(probe)) {
						from = append(from, o.Name)
						ok = ok || o.Scene.Tint == first.Scene.Tint
					}
				}
			}
			if !ok {
				t.Errorf("seed %d: the scene of %v brings a prop that stands on its ground to the %s's", seed, from, first.Name)
			}
		}
		for _, o := range others {
			if o.Scene.Tint != first.Scene.Tint {
				checked++
			}
		}
	}
	if checked == 0 {
		t.Error("no title page with characters of another ground")
	}
}
