package theme

import (
	"reflect"
	"slices"
	"testing"

	"mazebook/layout/display"
	"mazebook/layout/png"
)

// TestEveryThemeHasAScene checks that every pair brings a scene: a ground
// and two props at least, with a pale tint for colour books.
func TestEveryThemeHasAScene(t *testing.T) {
	for _, p := range Pairs() {
		sc := p.Scene
		if sc.Ground == nil || len(sc.Props) < 2 {
			t.Errorf("%s: a scene of %d props and ground %v", p.Name, len(sc.Props), sc.Ground != nil)
		}
		if sc.Tint == (display.Color{}) || 299*int(sc.Tint.R)+587*int(sc.Tint.G)+114*int(sc.Tint.B) < 200*1000 {
			t.Errorf("%s: the ground's tint %v is not pale", p.Name, sc.Tint)
		}
	}
}

// TestScenesPhotocopy draws every theme's props at 10 mm and its ground
// in a strip 180 x 12 mm, in black ink and tinted, and checks that they
// stay in their boxes, are black lines no thinner than MinWeight and
// black fills (the tint the only other colour, and only when asked for),
// and leave ink on a photocopy thresholded at 50%: the props 8% of their
// box at least, the ground a twentieth of its strip, and about the same
// ink tinted or not (within a seventh: a photocopy drops the tint and
// keeps the lines, a little heavier at their edges over it).
func TestScenesPhotocopy(t *testing.T) {
	const mm = 72 / 25.4
	for _, p := range Pairs() {
		for i, prop := range p.Scene.Props {
			side := 10 * mm
			ink := photocopy(t, prop.Art, side)
			px := 10 / 25.4 * 300
			if share := float64(measure(ink).ink) / (px * px); share < 0.08 {
				t.Errorf("%s prop %d: %.0f%% of its box inked on a photocopy", p.Name, i, 100*share)
			}
			box := display.Box{X: 5, Y: 5, W: side, H: side}
			bold, _ := Widths(side)
			if b, h := display.ItemsBounds(prop.Art(box)), bold/2+1e-9; b.X < box.X-h || b.Y < box.Y-h || b.X+b.W > box.X+box.W+h || b.Y+b.H > box.Y+box.H+h {
				t.Errorf("%s prop %d: inks %+v, out of its box %+v", p.Name, i, b, box)
			}
		}
		strip := display.Box{X: 5, Y: 5, W: 180 * mm, H: 12 * mm}
		var inks [2]int
		for k, tint := range []display.Color{{}, p.Scene.Tint} {
			items := p.Scene.Ground(strip, tint)
			bold, _ := Widths(strip.H)
			if b, h := display.ItemsBounds(items), bold/2+1e-9; b.X < strip.X-h || b.Y < strip.Y-h || b.X+b.W > strip.X+strip.W+h || b.Y+b.H > strip.Y+strip.H+h {
				t.Errorf("%s ground: inks %+v, out of its strip %+v", p.Name, b, strip)
			}
			for _, it := range items {
				switch it := it.(type) {
				case *display.Line:
					if it.Color != display.Black || it.Width < MinWeight {
						t.Errorf("%s ground: a line %v, %g pt wide", p.Name, it.Color, it.Width)
					}
				case *display.Shape:
					if it.Color != display.Black && (k == 0 || it.Color != p.Scene.Tint) {
						t.Errorf("%s ground (tint %v): a fill %v", p.Name, tint, it.Color)
					}
				default:
					t.Errorf("%s ground: a %T", p.Name, it)
				}
			}
			page := display.Page{Width: strip.W + 10, Height: strip.H + 10, Items: items}
			page.Trim = display.Box{W: page.Width, H: page.Height}
			img, err := png.Render(page, 200)
			if err != nil {
				t.Fatal(err)
			}
			for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
				for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
					c := img.RGBAAt(x, y)
					if 299*int(c.R)+587*int(c.G)+114*int(c.B) < 128*1000 {
						inks[k]++
					}
				}
			}
			area := float64(strip.W*strip.H) / 72 / 72 * 200 * 200
			if share := float64(inks[k]) / area; share < 0.05 || share > 0.5 {
				t.Errorf("%s ground (tint %v): %.0f%% of its strip inked on a photocopy", p.Name, tint, 100*share)
			}
		}
		if d := inks[1] - inks[0]; d*7 > inks[0] || -d*7 > inks[0] {
			t.Errorf("%s ground: %d inked pixels on a photocopy in black ink, %d tinted: the tint shows", p.Name, inks[0], inks[1])
		}
	}
}

// TestPropPlaces checks where each kind of prop belongs: the clouds,
// suns, moons, stars, planets and snowflakes in the sky, trees, flowers,
// mushrooms, tufts and shells on the ground, and so that every theme on
// grass has a prop for its ground.
func TestPropPlaces(t *testing.T) {
	want := map[Place][]string{
		InSky:    {"cloud", "sun", "moon", "twinkle", "planet", "snowflake"},
		OnGround: {"tree", "pine", "daisy", "mushroom", "shell", "tuft"},
		Anywhere: {"bubbles", "leaf", "gear", "heart"},
	}
	drawn := map[string]Art{"cloud": cloud, "sun": sun, "moon": moon, "twinkle": twinkle, "planet": planet, "snowflake": snowflake,
		"tree": tree, "pine": pine, "daisy": daisy, "mushroom": mushroom, "shell": shell, "tuft": tuft,
		"bubbles": bubbles, "leaf": leaf, "gear": gear, "heart": heart}
	probe := display.Box{W: 100, H: 100}
	for _, p := range Pairs() {
		land := 0
		for _, prop := range p.Scene.Props {
			if prop.Place == OnGround {
				land++
			}
			name := ""
			for n, art := range drawn {
				if reflect.DeepEqual(art(probe), prop.Art(probe)) {
					name = n
				}
			}
			if name == "" {
				t.Errorf("%s: a prop of its own", p.Name)
				continue
			}
			if !slices.Contains(want[prop.Place], name) {
				t.Errorf("%s: the %s placed %d", p.Name, name, prop.Place)
			}
		}
		if land == 0 && p.Scene.Tint == grassTint {
			t.Errorf("%s: a meadow with nothing on its ground", p.Name)
		}
	}
}

// TestScenesKeepTheGoalAlone checks that no prop of a pair's scene shows
// what the child must reach, or who walks: photocopied at 12 mm, no prop
// looks like the pair's start or goal (the bee's daisies beside its
// flower were 46% alike, the rocket's planets beside its planet 43%, the
// owl's moons beside its moon 39%); and no scene holds the prop drawing
// of its goal's own kind (a fish swimming to a shell among shells, a
// ladybug flying to a leaf among leaves, a frog's lily pad among leaves).
func TestScenesKeepTheGoalAlone(t *testing.T) {
	side := 12 * 72 / 25.4
	kinds := map[string]Art{"moon": moon, "planet": planet, "daisy": daisy, "shell": shell, "leaf": leaf}
	goalKind := map[string][]string{
		"owl": {"moon"}, "rocket": {"planet"}, "bee": {"daisy"},
		"fish": {"shell"}, "ladybug": {"leaf"}, "frog": {"leaf"},
	}
	inks := map[string][][]bool{}
	for name, art := range kinds {
		inks[name] = photocopy(t, art, side)
	}
	for _, p := range Pairs() {
		start, goal := photocopy(t, p.Start, side), photocopy(t, p.Goal, side)
		for i, prop := range p.Scene.Props {
			ink := photocopy(t, prop.Art, side)
			if s := max(same(ink, start), same(ink, goal)); s > 0.35 {
				t.Errorf("%s prop %d looks like its start or its goal (%.0f%% alike)", p.Name, i, 100*s)
			}
			for _, kind := range goalKind[p.Name] {
				if same(ink, inks[kind]) > 0.99 {
					t.Errorf("%s prop %d is a %s, what its goal is", p.Name, i, kind)
				}
			}
		}
	}
}
