package render

import "mazebook/layout"

// Fingerprints returns the fingerprints of a made book's mazes, in
// order (see maze.Maze.Fingerprint): what its PDF's record carries.
func Fingerprints(b *layout.Book) []string {
	out := make([]string, len(b.Mazes))
	for i, m := range b.Mazes {
		out[i] = m.Maze.Fingerprint()
	}
	return out
}
