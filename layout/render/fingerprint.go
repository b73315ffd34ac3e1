package render

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"

	"mazebook/layout"
	"mazebook/maze"
)

// Fingerprint returns a maze's fingerprint: 16 hexadecimal digits (64
// bits) of the SHA-256 of what the maze is on paper, written out
// canonically: its grid's kind and size, what lies across each side of
// each cell and whether the side is open, and its doors (every part's).
// Two mazes with the same fingerprint are the same maze, whatever book,
// seed or recipe made them; a catalogue of a million mazes has about
// one chance in 30 million of two different mazes sharing one.
func Fingerprint(m *maze.Maze) string {
	h := sha256.New()
	g := m.Grid
	w, ht := g.Size()
	fmt.Fprintf(h, "%T %d %x %x\n", g, g.Cells(), math.Float64bits(w), math.Float64bits(ht))
	buf := make([]byte, 0, 4096)
	put := func(v int) {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(int32(v)))
		if len(buf) >= 4000 {
			h.Write(buf)
			buf = buf[:0]
		}
	}
	for c := range g.Cells() {
		n := g.Sides(c)
		put(n)
		open := m.OpenSides(c)
		for s := range n {
			put(g.Neighbor(c, s))
			put(int(open>>uint(s)) & 1)
		}
	}
	for _, p := range m.Parts() {
		for _, d := range []maze.Door{p.Entrance, p.Exit} {
			put(d.Cell)
			put(d.Side)
		}
	}
	h.Write(buf)
	sum := h.Sum(nil)
	return hex.EncodeToString(sum[:8])
}

// Fingerprints returns the fingerprints of a made book's mazes, in
// order (see Fingerprint): what its PDF's record carries.
func Fingerprints(b *layout.Book) []string {
	out := make([]string, len(b.Mazes))
	for i, m := range b.Mazes {
		out[i] = Fingerprint(m.Maze)
	}
	return out
}
