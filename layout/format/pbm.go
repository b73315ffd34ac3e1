package format

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// writePBM writes the maze's pixel matrix (see maze.Maze.Matrix) as a
// binary portable bitmap (PBM, "P4"), one pixel per matrix cell, black
// for wall, with no margin: the 1:1 picture the Sage worksheet (seed 003)
// saves. The solution is not drawn: the file is the maze itself.
func writePBM(w io.Writer, p Picture) error {
	if p.Maze == nil {
		return errors.New("the pixel matrix needs a maze")
	}
	rows, err := p.Maze.Matrix()
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "P4\n%d %d\n", len(rows[0]), len(rows))
	line := make([]byte, (len(rows[0])+7)/8)
	for _, row := range rows {
		clear(line)
		for x, wall := range row {
			if wall {
				line[x/8] |= 0x80 >> uint(x%8)
			}
		}
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}
