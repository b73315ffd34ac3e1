package maze

// Turned returns m turned a quarter of a turn anticlockwise, as a book
// sets a wide table on a tall page, with its top at the left: m's cell in
// column x and row y is the turned maze's cell in column y and row W-1-x
// (see Rect.Turn), its north side the turned cell's west, and its doors
// and parts go with it. It reports false, and returns nil, for a maze on
// any grid but a whole rectangle (a weave's crossings, a mask's or
// another shape's cells do not turn).
func (m *Maze) Turned() (*Maze, bool) {
	g, ok := m.Grid.(Rect)
	if !ok {
		return nil, false
	}
	t := New(Rect{W: g.H, H: g.W})
	for c, sides := range m.open {
		// Side s becomes side s-1 (mod 4): north west, east north.
		t.open[g.Turn(c)] = (sides>>1 | sides<<3) & 0xf
	}
	door := func(d Door) Door {
		if d.Cell < 0 {
			return d
		}
		turned := Door{Cell: g.Turn(d.Cell), Side: d.Side}
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

// Turn returns the number, in the grid g turned a quarter anticlockwise
// (H columns by W rows), of g's cell c: the cell in column x and row y
// is the turned grid's cell in column y and row W-1-x.
func (g Rect) Turn(c int) int {
	x, y := c%g.W, c/g.W
	return (g.W-1-x)*g.H + y
}
