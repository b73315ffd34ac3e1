package read_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	stdpng "image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mazebook/maze"
	"mazebook/maze/read"
)

// matrixImage draws a maze's pixel matrix one pixel a matrix cell, black
// and white, as the Sage worksheet saves it, scaled by k.
func matrixImage(t testing.TB, m *maze.Maze, k int) *image.Gray {
	t.Helper()
	rows, err := m.Matrix()
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewGray(image.Rect(0, 0, len(rows[0])*k, len(rows)*k))
	for y := range img.Bounds().Dy() {
		for x := range img.Bounds().Dx() {
			if !rows[y/k][x/k] {
				img.SetGray(x, y, color.Gray{255})
			}
		}
	}
	return img
}

// TestMatrixPicture reads the 1:1 pixel matrix (and the same scaled
// three times) of a maze of every generator: its walls one pixel thick.
func TestMatrixPicture(t *testing.T) {
	for _, k := range []int{1, 3} {
		for i, a := range maze.Algorithms() {
			m := makeMaze(t, a.Name, 11, 8, uint64(i+40), "corners")
			r, err := read.FromImage(matrixImage(t, m, k))
			if err != nil {
				t.Errorf("%s ×%d: %v", a.Name, k, err)
				continue
			}
			if r.Maze == nil {
				t.Errorf("%s ×%d: %s", a.Name, k, r)
				continue
			}
			if d := diff(m, r.Maze, false); d != "" || r.Pitch != float64(2*k) || r.Wall != float64(k) {
				t.Errorf("%s ×%d: %s (%s)", a.Name, k, d, r)
			}
		}
	}
}

// TestPictureCorpus reads the pictures of testdata/pictures, each with
// its .want: the maze as mazebook's matrix with its path marked. They were
// made with this file's helpers: photo-wilson-12x9.jpg is a wilson maze
// (12x9, seed 11) drawn at 16 px a cell with 3 px walls, turned -2.5°,
// blurred and saved twice as a JPEG of quality 60; sage-prim-15x10.png is
// a prim maze's (15x10, seed 12, sides) 1:1 pixel matrix.
func TestPictureCorpus(t *testing.T) {
	files, _ := filepath.Glob("testdata/pictures/*.[pj][np]g")
	if len(files) < 2 {
		t.Fatalf("%d pictures", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(f, filepath.Ext(f)) + ".want")
		if err != nil {
			t.Fatal(err)
		}
		r, err := read.Read(data, read.Options{})
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		path, err := r.Solve("bfs")
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if got, _ := r.Maze.Text(path); !bytes.Equal(got, want) {
			t.Errorf("%s (%s): read\n%s\nwant\n%s", f, r, got, want)
		}
	}
}

// cave draws a 200x150 picture of a maze with no grid: an outer wall
// with gaps at the top left and the bottom right, and slanted walls
// inside; block closes the way with a wall from top to bottom.
func cave(block bool) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 240, 190))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	ink := func(x0, y0, x1, y1 float64) { // a line 4 pixels thick
		n := int(math.Hypot(x1-x0, y1-y0)) * 2
		for i := 0; i <= n; i++ {
			x, y := x0+(x1-x0)*float64(i)/float64(n), y0+(y1-y0)*float64(i)/float64(n)
			for dy := -2; dy < 2; dy++ {
				for dx := -2; dx < 2; dx++ {
					img.Set(int(x)+dx, int(y)+dy, color.Black)
				}
			}
		}
	}
	ink(20, 20, 220, 20)   // top
	ink(20, 170, 220, 170) // bottom
	ink(20, 45, 20, 170)   // left, a gap at its top
	ink(220, 20, 220, 145) // right, a gap at its bottom
	ink(60, 20, 95, 120)
	ink(130, 170, 150, 70)
	ink(170, 20, 200, 110)
	ink(40, 140, 90, 150)
	if block {
		ink(110, 20, 115, 170)
	}
	return img
}

// TestPixelRoute reads a picture with no grid: the way is found on its
// free pixels, from the gap on the left to the gap on the right, and
// never touches ink.
func TestPixelRoute(t *testing.T) {
	img := cave(false)
	r, err := read.FromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	if r.Pixels == nil || r.Kind != read.PixelRoute || r.Maze != nil {
		t.Fatalf("read %s", r)
	}
	p := r.Pixels.Path
	if p[0].X > 25 || p[0].Y > 45 || p[len(p)-1].X < 215 || p[len(p)-1].Y < 145 {
		t.Errorf("the way runs from %v to %v", p[0], p[len(p)-1])
	}
	for i, q := range p {
		if r, _, _, _ := img.At(q.X, q.Y).RGBA(); r < 0x8000 {
			t.Fatalf("the way steps on ink at %v", q)
		}
		if i > 0 && abs(q.X-p[i-1].X)+abs(q.Y-p[i-1].Y) != 1 {
			t.Fatalf("the way jumps from %v to %v", p[i-1], q)
		}
		if got := r.Pixels.Image.RGBAAt(q.X, q.Y); got != read.PathColor {
			t.Fatalf("the way is not drawn at %v: %v", q, got)
		}
	}
	if !strings.Contains(r.String(), "solved on its pixels") {
		t.Errorf("the report does not say so: %s", r)
	}
	if _, err := read.FromImage(cave(true)); !errors.Is(err, read.ErrNoWay) {
		t.Errorf("a cave with no way through: %v", err)
	}
}

func abs(x int) int { return max(x, -x) }

// pngHeader returns the start of a PNG that says it is w by h pixels.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 17)
	copy(ihdr, "IHDR")
	binary.BigEndian.PutUint32(ihdr[4:], w)
	binary.BigEndian.PutUint32(ihdr[8:], h)
	ihdr[12], ihdr[13] = 8, 0 // 8-bit grey
	binary.Write(&b, binary.BigEndian, uint32(13))
	b.Write(ihdr)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(ihdr))
	return b.Bytes()
}

// TestPictureErrors reads pictures with no maze, or one that cannot be
// solved, or too large: each error says why.
func TestPictureErrors(t *testing.T) {
	blank := image.NewGray(image.Rect(0, 0, 100, 80))
	draw.Draw(blank, blank.Bounds(), image.White, image.Point{}, draw.Src)
	closed := makeMaze(t, "prim", 9, 7, 2, "corners")
	closed.SetDoors(maze.Door{Cell: 0, Side: maze.West}, maze.NoDoor)
	walled := makeMaze(t, "kruskal", 9, 7, 3, "corners")
	for c := 0; c < 7; c++ { // a wall across the middle, column 4 from 5
		walled.Build(walled.Grid.(maze.Rect).Cell(4, c), maze.East)
	}
	var buf bytes.Buffer
	stdpng.Encode(&buf, blank)
	for _, tt := range []struct {
		name string
		data []byte
		is   error
		msg  string
	}{
		{"blank", buf.Bytes(), read.ErrNoMaze, "no dark lines on a light ground"},
		{"one door", encode(t, render(t, closed, 14, 2)), read.ErrNoOpenings, "only one opening"},
		{"walled", encode(t, render(t, walled, 14, 2)), read.ErrNoWay, "the exit cannot be reached from the entrance"},
		{"huge", pngHeader(10000, 9000), read.ErrTooLarge, "10000x9000 pixels"},
		{"broken", append(pngHeader(10, 10), "garbage"...), read.ErrNoMaze, "cannot be decoded"},
	} {
		r, err := read.Read(tt.data, read.Options{})
		if err == nil {
			_, err = r.Solve("bfs")
		}
		if !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.msg)
		}
	}
}

func encode(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := stdpng.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// BenchmarkReadPicture reads a large clean picture: a 150x100 maze at 24
// pixels a cell (3600x2400 pixels, 8.6 megapixels), and the same
// photographed: turned 2°, blurred and compressed.
func BenchmarkReadPicture(b *testing.B) {
	m := makeMaze(b, "backtracker", 150, 100, 1, "corners")
	clean := render(b, m, 24, 3)
	photo := jpegOf(b, blur(turn(clean, 2), 1), 70)
	for _, bc := range []struct {
		name string
		img  image.Image
	}{{"clean", clean}, {"photo", photo}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				r, err := read.FromImage(bc.img)
				if err != nil || r.Maze == nil {
					b.Fatal(err)
				}
			}
		})
	}
}
