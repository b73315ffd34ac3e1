package maze

// wayBack holds, for every cell, the way back toward where a search or a
// walk began, in four bits a cell: 0 for a cell not reached yet, 1 + the
// side of the cell that leads one step back, or home for the cell where
// it began. Half a byte a cell is the memory of the largest searches.
type wayBack []uint8

// home marks the cell a search or a walk began at.
const home = 0xf

func newWayBack(cells int) wayBack { return make(wayBack, (cells+1)/2) }

// get returns the mark of cell c.
func (w wayBack) get(c int) uint8 { return w[c>>1] >> (uint(c&1) * 4) & 0xf }

// reached reports whether cell c is marked.
func (w wayBack) reached(c int) bool { return w.get(c) != 0 }

// set marks cell c with v, 1 to home.
func (w wayBack) set(c int, v uint8) {
	sh := uint(c&1) * 4
	w[c>>1] = w[c>>1]&^(0xf<<sh) | v<<sh
}

// side returns the side of cell c that leads one step back.
func (w wayBack) side(c int) int { return int(w.get(c)) - 1 }
