package format

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"mazebook/maze"
)

// readPBM decodes a binary PBM (P4): its header (magic, width, height, any
// comments) and its rows of bits, MSB first, each row padded to a byte.
func readPBM(data []byte) ([][]bool, error) {
	r := bufio.NewReader(bytes.NewReader(data))
	var fields []string
	for len(fields) < 3 {
		var tok []byte
		for {
			c, err := r.ReadByte()
			if err != nil {
				return nil, fmt.Errorf("header: %v", err)
			}
			if c == '#' && len(tok) == 0 {
				if _, err := r.ReadString('\n'); err != nil {
					return nil, err
				}
				continue
			}
			if c == ' ' || c == '\n' || c == '\t' || c == '\r' {
				if len(tok) > 0 {
					break
				}
				continue
			}
			tok = append(tok, c)
		}
		fields = append(fields, string(tok))
	}
	if fields[0] != "P4" {
		return nil, fmt.Errorf("magic %q, want P4", fields[0])
	}
	var w, h int
	if _, err := fmt.Sscan(fields[1]+" "+fields[2], &w, &h); err != nil || w <= 0 || h <= 0 {
		return nil, fmt.Errorf("size %q %q", fields[1], fields[2])
	}
	line := make([]byte, (w+7)/8)
	rows := make([][]bool, h)
	for y := range rows {
		if _, err := io.ReadFull(r, line); err != nil {
			return nil, fmt.Errorf("row %d: %v", y, err)
		}
		rows[y] = make([]bool, w)
		for x := range rows[y] {
			rows[y][x] = line[x/8]&(0x80>>uint(x%8)) != 0
		}
		if pad := w % 8; pad != 0 && line[len(line)-1]&(0xff>>uint(pad)) != 0 {
			return nil, fmt.Errorf("row %d: padding bits set", y)
		}
	}
	if rest, _ := io.ReadAll(r); len(rest) > 0 {
		return nil, fmt.Errorf("%d bytes after the last row", len(rest))
	}
	return rows, nil
}

// TestPBMIsTheMatrix writes mazes of several widths (the matrix's rows
// filling whole bytes or not) as PBM and reads each back, bit for bit
// equal to the maze's pixel matrix.
func TestPBMIsTheMatrix(t *testing.T) {
	pbm, err := ForFile("maze.PBM", false)
	if err != nil || pbm.Drawn {
		t.Fatalf("ForFile(.pbm) = %+v, %v", pbm, err)
	}
	for _, tt := range []struct {
		w, h      int
		algorithm string
		braid     float64
		openings  maze.Openings
	}{
		{1, 1, "backtracker", 0, maze.Corners},
		{3, 2, "kruskal", 0, maze.Corners},   // 7 pixels a row: one byte, padded
		{4, 4, "prim", 0, maze.Sides},        // 9: two bytes
		{12, 12, "wilson", 0.5, maze.Center}, // 25
		{31, 7, "eller", 0, maze.Longest},    // 63
		{60, 3, "sidewinder", 1, maze.Corners},
	} {
		m, err := maze.Make(maze.Recipe{Size: maze.Size{W: tt.w, H: tt.h}, Algorithm: tt.algorithm, Seed: 9, Braid: tt.braid, Openings: tt.openings})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := pbm.Write(&b, Picture{Maze: m, Solution: m.Solution()}); err != nil {
			t.Fatalf("%dx%d: %v", tt.w, tt.h, err)
		}
		got, err := readPBM(b.Bytes())
		if err != nil {
			t.Fatalf("%dx%d: %v", tt.w, tt.h, err)
		}
		want, _ := m.Matrix()
		if len(got) != len(want) || len(got[0]) != len(want[0]) {
			t.Fatalf("%dx%d: the PBM is %dx%d pixels, the matrix %dx%d", tt.w, tt.h, len(got[0]), len(got), len(want[0]), len(want))
		}
		for y := range want {
			for x := range want[y] {
				if got[y][x] != want[y][x] {
					t.Fatalf("%dx%d: pixel (%d, %d) is wall %v in the PBM, %v in the matrix", tt.w, tt.h, x, y, got[y][x], want[y][x])
				}
			}
		}
	}
}

func TestPBMRefusesOtherShapes(t *testing.T) {
	pbm, _ := ForFile("m.pbm", false)
	m, err := maze.Make(maze.Recipe{Shape: "circle", Size: maze.Size{W: 4, Inner: maze.DefaultInner}, Algorithm: "backtracker", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := pbm.Write(&b, Picture{Maze: m}); err == nil || !strings.Contains(err.Error(), "rectangular") {
		t.Fatalf("a circle as PBM: %v", err)
	}
	if err := pbm.Write(&b, Picture{}); err == nil {
		t.Fatal("a PBM written without a maze")
	}
	if b.Len() != 0 {
		t.Fatalf("%d bytes written before the error", b.Len())
	}
}
