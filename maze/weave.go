package maze

import (
	"fmt"

	"mazebook/internal/say"
)

// Weave is a rectangular grid whose corridors may cross: at a crossing one
// passage runs over the cell (north-south or east-west) and another passes
// under it, at right angles. The cell of the crossing keeps the over
// passage's two sides (the other two are NoSide); a tunnel cell, numbered
// after the W*H cells of the rectangle, has the under passage's two sides
// in the same square. Both passages of a crossing are carved before the
// maze is (see Fixed), so a crossing is always a straight corridor each
// way, as it is drawn.
type Weave struct {
	Rect
	// tunnel[c] is the tunnel cell under cell c, or -1 when c is no
	// crossing.
	tunnel []int32
	// above[t-W*H] is the cell a tunnel t runs under; overNS whether that
	// cell's own passage runs north-south (the tunnel east-west).
	above  []int32
	overNS []bool
}

// NewWeave returns a w by h rectangle with crossings: every inner cell
// whose neighbours are no crossings becomes one with chance density (0 to
// 1), taking the cells in an order drawn from r, its over passage running
// north-south or east-west as r says; a crossing whose passages would
// close a loop with those of the crossings before it is left out.
func NewWeave(w, h int, density float64, r *Rand) (*Weave, error) {
	if err := checkCells(w, h); err != nil {
		return nil, err
	}
	if !(density >= 0 && density <= 1) {
		return nil, say.Errorf("weave %g: give a share from 0 to 1", density)
	}
	g := &Weave{Rect: Rect{W: w, H: h}, tunnel: make([]int32, w*h)}
	for i := range g.tunnel {
		g.tunnel[i] = -1
	}
	if w < 3 || h < 3 || density == 0 {
		return g, nil
	}
	order := make([]int32, 0, (w-2)*(h-2))
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			order = append(order, int32(y*w+x))
		}
	}
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	sets := newDisjointSets(w * h)
	for _, c32 := range order {
		c := int(c32)
		if r.Float64() >= density {
			continue
		}
		if g.tunnel[c-1] >= 0 || g.tunnel[c+1] >= 0 || g.tunnel[c-w] >= 0 || g.tunnel[c+w] >= 0 {
			continue
		}
		ns := r.IntN(2) == 0
		// The over passage joins the cells north and south of c through c
		// (or west and east); the tunnel joins the other two.
		n, s, e, west := c-w, c+w, c+1, c-1
		if !ns {
			n, s, e, west = west, e, s, n
		}
		// Neither passage may close a loop, nor may the two together.
		a, b, x, y := sets.find(n), sets.find(s), sets.find(west), sets.find(e)
		if a == b || x == y || x == a && y == b || x == b && y == a {
			continue
		}
		sets.union(n, c)
		sets.union(c, s)
		sets.union(west, e)
		g.tunnel[c] = int32(w*h + len(g.above))
		g.above = append(g.above, int32(c))
		g.overNS = append(g.overNS, ns)
	}
	return g, nil
}

// Crossings returns the number of crossings.
func (g *Weave) Crossings() int { return len(g.above) }

// Crossing reports whether cell c is a crossing and, if so, its tunnel
// cell and whether its over passage runs north-south.
func (g *Weave) Crossing(c int) (tunnel int, overNS, ok bool) {
	if c >= g.W*g.H || g.tunnel[c] < 0 {
		return 0, false, false
	}
	t := int(g.tunnel[c])
	return t, g.overNS[t-g.W*g.H], true
}

// Above returns the cell a tunnel cell t runs under, or -1 when t is no
// tunnel.
func (g *Weave) Above(t int) int {
	if t < g.W*g.H {
		return -1
	}
	return int(g.above[t-g.W*g.H])
}

// Cells returns the cells of the rectangle and the tunnels.
func (g *Weave) Cells() int { return g.W*g.H + len(g.above) }

// square returns the rectangle cell whose square a cell occupies.
func (g *Weave) square(c int) int {
	if c < g.W*g.H {
		return c
	}
	return int(g.above[c-g.W*g.H])
}

// vertical reports whether side s runs north-south.
func vertical(s int) bool { return s == North || s == South }

// Neighbor returns what lies across side s of cell c: for a crossing's
// own cell and its tunnel, NoSide on the two sides the other has.
func (g *Weave) Neighbor(c, s int) int {
	sq := g.square(c)
	if t := g.tunnel[sq]; t >= 0 {
		overNS := g.overNS[int(t)-g.W*g.H]
		onOver := c == sq
		// The over cell has the sides along its passage, the tunnel the
		// others.
		if onOver != (vertical(s) == overNS) {
			return NoSide
		}
	}
	nb := g.Rect.Neighbor(sq, s)
	if nb < 0 {
		return nb
	}
	if t := g.tunnel[nb]; t >= 0 && vertical(s) == !g.overNS[int(t)-g.W*g.H] {
		// The step runs across the crossing's over passage: under it.
		return int(t)
	}
	return nb
}

// Opposite returns the side facing s.
func (g *Weave) Opposite(_, s int) int { return (s + 2) & 3 }

// Center returns the centre of the square of cell c.
func (g *Weave) Center(c int) Point { return g.Rect.Center(g.square(c)) }

// Side returns side s of the square of cell c.
func (g *Weave) Side(c, s int) Edge { return g.Rect.Side(g.square(c), s) }

// Heading returns the direction of side s.
func (g *Weave) Heading(_, s int) float64 { return rectHeadings[s&3] }

// Clearance returns 1, as a rectangle's.
func (g *Weave) Clearance() float64 { return 1 }

// Fixed returns the passages that must be open before a maze is carved:
// both passages of every crossing, as (cell, side) pairs.
func (g *Weave) Fixed() [][2]int {
	var out [][2]int
	for i, c := range g.above {
		t := g.W*g.H + i
		if g.overNS[i] {
			out = append(out, [2]int{int(c), North}, [2]int{int(c), South}, [2]int{t, West}, [2]int{t, East})
		} else {
			out = append(out, [2]int{int(c), West}, [2]int{int(c), East}, [2]int{t, North}, [2]int{t, South})
		}
	}
	return out
}

// String returns the grid's size.
func (g *Weave) String() string {
	return fmt.Sprintf("%dx%d with %d crossings", g.W, g.H, len(g.above))
}

// fixedPassages is a grid with passages that must be open before a maze is
// carved in it.
type fixedPassages interface {
	Fixed() [][2]int
}
