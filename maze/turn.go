package maze

// Turned returns m turned a quarter of a turn anticlockwise, as a book
// sets a wide table on a tall page, with its top at the left: m's cell in
// column x and row y is the turned maze's cell in column y and row W-1-x
// (see Rect.Turn, Maze.TurnCell), its north side the turned cell's west,
// and its doors and parts go with it. A weave turns with its crossings,
// each over passage across the other way. It reports false, and returns
// nil, for a maze on any grid but a whole rectangle or a weave (a mask's
// or another shape's cells do not turn).
func (m *Maze) Turned() (*Maze, bool) {
	var tg Grid
	switch g := m.Grid.(type) {
	case Rect:
		tg = Rect{W: g.H, H: g.W}
	case *Weave:
		tg = g.turned()
	default:
		return nil, false
	}
	t := New(tg)
	for c, sides := range m.open {
		// Side s becomes side s-1 (mod 4): north west, east north.
		t.open[m.TurnCell(c)] = (sides>>1 | sides<<3) & 0xf
	}
	door := func(d Door) Door {
		if d.Cell < 0 {
			return d
		}
		turned := Door{Cell: m.TurnCell(d.Cell), Side: d.Side}
		if d.Side >= 0 {
			turned.Side = (d.Side + 3) % 4
		}
		return turned
	}
	t.Entrance, t.Exit = door(m.Entrance), door(m.Exit)
	for _, p := range m.parts {
		t.parts = append(t.parts, Part{Entrance: door(p.Entrance), Exit: door(p.Exit)})
	}
	return t, true
}

// TurnCell returns the number, in m turned (see Turned), of m's cell c: a
// rectangle's cell as Rect.Turn numbers it, a weave's tunnel under the
// same crossing its own number. It returns c itself for a maze that does
// not turn.
func (m *Maze) TurnCell(c int) int {
	switch g := m.Grid.(type) {
	case Rect:
		return g.Turn(c)
	case *Weave:
		if c < g.W*g.H {
			return g.Rect.Turn(c)
		}
	}
	return c
}

// turned returns the weave turned a quarter anticlockwise: its rectangle
// turned (see Rect.Turn), each tunnel under its crossing turned, and so
// each over passage that ran north-south running east-west.
func (g *Weave) turned() *Weave {
	t := &Weave{Rect: Rect{W: g.H, H: g.W}, tunnel: make([]int32, len(g.tunnel))}
	if n := len(g.above); n > 0 { // a weave without crossings keeps none
		t.above, t.overNS = make([]int32, n), make([]bool, n)
	}
	for c, tu := range g.tunnel {
		t.tunnel[g.Rect.Turn(c)] = tu
	}
	for i, c := range g.above {
		t.above[i] = int32(g.Rect.Turn(int(c)))
		t.overNS[i] = !g.overNS[i]
	}
	return t
}

// Turn returns the number, in the grid g turned a quarter anticlockwise
// (H columns by W rows), of g's cell c: the cell in column x and row y
// is the turned grid's cell in column y and row W-1-x.
func (g Rect) Turn(c int) int {
	x, y := c%g.W, c/g.W
	return (g.W-1-x)*g.H + y
}
