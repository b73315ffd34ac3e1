package main

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	stdpng "image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mazebook/layout/rastertest"
	"mazebook/maze/read"
)

// solveFixture writes into dir a 12x9 maze made by 'mazebook maze' as
// m.txt, m.png and m.jpg (the PNG compressed at quality 60), and returns
// the maze's text with its solution marked.
func solveFixture(t *testing.T, dir string) string {
	t.Helper()
	args := []string{"maze", "--size", "12x9", "--seed", "5", "--algorithm", "kruskal"}
	for _, f := range []string{"m.txt", "m.png"} {
		if code, _, stderr := mazebook(t, dir, append(args, "-o", f)...); code != 0 {
			t.Fatalf("%s: %s", f, stderr)
		}
	}
	data, _ := os.ReadFile(filepath.Join(dir, "m.png"))
	img, err := stdpng.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 60}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "m.jpg"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	_, solved, _ := mazebook(t, dir, append(args, "--solution")...)
	return solved
}

// readBack reads a maze picture a command wrote and returns its text.
func readBack(t *testing.T, img image.Image) string {
	t.Helper()
	r, err := read.FromImage(img)
	if err != nil || r.Maze == nil {
		t.Fatalf("the picture written does not read back: %v", err)
	}
	text, _ := r.Maze.Text(nil)
	return string(text)
}

// hasRed reports whether the picture shows the solution's red.
func hasRed(img image.Image) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if rastertest.IsRed(img.At(x, y)) {
				return true
			}
		}
	}
	return false
}

// TestSolveFormats solves a maze read from text, PNG and JPEG, and writes
// it as text, PNG, SVG and PDF: every drawing reads back as the same maze
// and shows its solution, and the text is the one 'mazebook maze
// --solution' prints.
func TestSolveFormats(t *testing.T) {
	dir := t.TempDir()
	solved := solveFixture(t, dir)
	plain, _ := os.ReadFile(filepath.Join(dir, "m.txt"))
	for _, in := range []string{"m.txt", "m.png", "m.jpg"} {
		code, stdout, stderr := mazebook(t, dir, "solve", in)
		if code != 0 || stdout != solved {
			t.Errorf("solve %s: exit %d, printed\n%s\nwant\n%s\n%s", in, code, stdout, solved, stderr)
		}
		if !strings.Contains(stderr, "read a 12x9 maze") || !strings.Contains(stderr, "2 openings, perfect: yes, 0 loops") {
			t.Errorf("solve %s reports %q", in, stderr)
		}
	}
	if code, _, stderr := mazebook(t, dir, "solve", "m.jpg", "-o", "s.png"); code != 0 {
		t.Fatalf("-o s.png: %s", stderr)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "s.png"))
	img, err := stdpng.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if readBack(t, img) != string(plain) || !hasRed(img) {
		t.Error("s.png does not show the maze read with its solution")
	}
	if code, _, stderr := mazebook(t, dir, "solve", "m.png", "-o", "s.svg"); code != 0 {
		t.Fatalf("-o s.svg: %s", stderr)
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "s.svg"))
	svgImg, err := rastertest.FromSVG(svg, 1)
	if err != nil {
		t.Fatal(err)
	}
	if readBack(t, svgImg) != string(plain) || !hasRed(svgImg) {
		t.Error("s.svg does not show the maze read with its solution")
	}
	if code, _, stderr := mazebook(t, dir, "solve", "m.txt", "-o", "s.pdf"); code != 0 {
		t.Fatalf("-o s.pdf: %s", stderr)
	}
	checkPDF(t, filepath.Join(dir, "s.pdf"))
	pdfImg, err := rastertest.FromPDF(filepath.Join(dir, "s.pdf"), 1, 72)
	if errors.Is(err, rastertest.ErrNoPdftoppm) {
		requireTool(t, "pdftoppm")
	} else if err != nil {
		t.Fatal(err)
	} else if readBack(t, pdfImg) != string(plain) || !hasRed(pdfImg) {
		t.Error("s.pdf does not show the maze read with its solution")
	}
	if code, _, stderr := mazebook(t, dir, "solve", "m.png", "-o", "s.txt"); code != 0 {
		t.Fatalf("-o s.txt: %s", stderr)
	}
	if txt, _ := os.ReadFile(filepath.Join(dir, "s.txt")); string(txt) != solved {
		t.Errorf("s.txt:\n%s", txt)
	}
}

// TestSolveStats prints the same JSON for a maze read back from its
// picture as 'mazebook maze --stats' prints for the maze made.
func TestSolveStats(t *testing.T) {
	dir := t.TempDir()
	solveFixture(t, dir)
	_, want, _ := mazebook(t, dir, "maze", "--size", "12x9", "--seed", "5", "--algorithm", "kruskal", "--stats")
	for _, in := range []string{"m.txt", "m.jpg"} {
		code, got, stderr := mazebook(t, dir, "solve", in, "--stats")
		if code != 0 || got != want || !strings.Contains(want, `"level"`) {
			t.Errorf("solve %s --stats: exit %d, printed\n%s\nwant\n%s%s", in, code, got, want, stderr)
		}
	}
}

// TestSolveChars reads a matrix drawn with other characters.
func TestSolveChars(t *testing.T) {
	dir := t.TempDir()
	solved := solveFixture(t, dir)
	plain, _ := os.ReadFile(filepath.Join(dir, "m.txt"))
	ones := strings.NewReplacer("#", "1", " ", "0").Replace(string(plain))
	os.WriteFile(filepath.Join(dir, "ones.txt"), []byte(ones), 0o644)
	code, stdout, stderr := mazebook(t, dir, "solve", "ones.txt", "--wall-char", "1", "--passage-char", "0")
	if code != 0 || stdout != solved {
		t.Errorf("exit %d: %s\n%s", code, stdout, stderr)
	}
}

// TestSolveErrors runs solve on what it cannot read or solve: each fails
// with its reason and its exit code, and writes nothing.
func TestSolveErrors(t *testing.T) {
	dir := t.TempDir()
	solveFixture(t, dir)
	files := map[string]string{
		"walled.txt": "#######\n  #   #\n# ### #\n#   #  \n#######\n",
		"closed.txt": "#######\n#   # #\n# # # #\n#     #\n#######\n",
		"prose.txt":  "Dear teacher,\nhere is my maze!\n",
	}
	for name, text := range files {
		os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
	}
	// A picture with no grid: an outer wall with two gaps, and slanted
	// walls inside.
	cave := image.NewRGBA(image.Rect(0, 0, 120, 90))
	draw.Draw(cave, cave.Bounds(), image.White, image.Point{}, draw.Src)
	for i := 10; i <= 110; i++ {
		for k := 0; k < 3; k++ {
			cave.Set(i, 10+k, color.Black)
			cave.Set(i, 80+k, color.Black)
			if i >= 30 && i <= 82 {
				cave.Set(10+k, i, color.Black)
				cave.Set(50+i/3+k, i, color.Black)
			}
			if i <= 62 {
				cave.Set(108+k, i, color.Black)
			}
		}
	}
	var b bytes.Buffer
	stdpng.Encode(&b, cave)
	os.WriteFile(filepath.Join(dir, "cave.png"), b.Bytes(), 0o644)
	for _, tt := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"walled.txt", "-o", "x.png"}, 1, "walled.txt: the exit cannot be reached from the entrance"},
		{[]string{"closed.txt"}, 2, "closed.txt: no openings"},
		{[]string{"prose.txt", "-o", "x.txt"}, 2, "line 1, column 1: 'D' is neither a wall nor a passage"},
		{[]string{"missing.png"}, 2, "missing.png: no such file"},
		{[]string{"cave.png", "-o", "x.txt"}, 2, "no grid was found"},
		{[]string{"cave.png", "--stats"}, 2, "no grid was found"},
		{[]string{"m.png", "-o", "m.png"}, 2, "-o m.png is the same file as the maze m.png"},
		{[]string{"m.txt", "--wall-char", "ab"}, 2, "--wall-char: give one character"},
		{[]string{"m.txt", "--solver", "guess"}, 2, `solver "guess" is unknown`},
		{[]string{"m.txt", "-o", "x.gif"}, 2, "the extension must be"},
		{[]string{}, 2, "give one maze file"},
	} {
		code, _, stderr := mazebook(t, dir, append([]string{"solve"}, tt.args...)...)
		if code != tt.code || !strings.Contains(stderr, tt.msg) {
			t.Errorf("solve %v: exit %d, %q; want %d, %q", tt.args, code, stderr, tt.code, tt.msg)
		}
	}
	for _, name := range []string{"x.png", "x.txt"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("a failed solve wrote %s", name)
		}
	}
	// The cave is solved on its pixels, as a PNG.
	code, _, stderr := mazebook(t, dir, "solve", "cave.png", "-o", "cave-solved.png")
	if code != 0 || !strings.Contains(stderr, "solved on its pixels") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "cave-solved.png"))
	img, err := stdpng.Decode(bytes.NewReader(data))
	if err != nil || !hasRed(img) {
		t.Errorf("cave-solved.png: %v, no way drawn", err)
	}
}

// TestSolveDoorsGiven solves a maze piped in on standard input whose
// doors are not drawn, with --start and --goal, and refuses a cell
// outside it and a cell written wrong (exit 2).
func TestSolveDoorsGiven(t *testing.T) {
	closed := "#########\n#     # #\n# ### # #\n#   #   #\n#########\n"
	for _, tt := range []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"solve", "-", "--start", "0,0", "--goal", "3, 1"}, 0,
			"#########\n#S....# #\n# ###.# #\n#   #..G#\n#########\n", "start [0, 0] inside, goal [3, 1] inside (given)"},
		{[]string{"solve", "-"}, 2, "", "give them with --start and --goal"},
		{[]string{"solve", "-", "--start", "0,0", "--goal", "4,1"}, 2, "", "the goal [4, 1] is outside the 4x2 maze read"},
		{[]string{"solve", "-", "--start", "first"}, 2, "", "give a cell as X,Y"},
	} {
		var out, errb bytes.Buffer
		e := &env{stdin: strings.NewReader(closed), stdout: &out, stderr: &errb}
		code := run(context.Background(), e, tt.args)
		if code != tt.code || out.String() != tt.stdout || !strings.Contains(errb.String(), tt.stderr) {
			t.Errorf("%v: exit %d\n%s%s", tt.args, code, out.String(), errb.String())
		}
	}
}
