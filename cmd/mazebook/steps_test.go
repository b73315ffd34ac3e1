package main

import (
	"bytes"
	"image/gif"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestMazeAnimate(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		file string
	}{
		{[]string{"maze", "--algorithm", "prim", "--size", "10x8", "--animate", "a.gif"}, "a.gif"},
		{[]string{"maze", "--algorithm", "wilson", "--size", "6x6", "--solver", "tremaux", "--animate", "a.svg", "-o", "m.svg"}, "a.svg"},
	} {
		code, stdout, stderr := mazebook(t, dir, tc.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, stderr)
		}
		if stdout != "" {
			t.Fatalf("%v printed %q: an animation alone prints nothing", tc.args, stdout)
		}
		data, err := os.ReadFile(filepath.Join(dir, tc.file))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(tc.file, ".gif") {
			g, err := gif.DecodeAll(bytes.NewReader(data))
			if err != nil || len(g.Image) < 10 {
				t.Fatalf("%s: %v", tc.file, err)
			}
		} else if !bytes.Contains(data, []byte("<set ")) {
			t.Fatalf("%s has no animation", tc.file)
		}
	}
	// The maze drawn beside the animation is the one animated: the same
	// maze as without --animate.
	mazebook(t, dir, "maze", "--algorithm", "wilson", "--size", "6x6", "--solver", "tremaux", "-o", "plain.svg")
	a, _ := os.ReadFile(filepath.Join(dir, "m.svg"))
	b, _ := os.ReadFile(filepath.Join(dir, "plain.svg"))
	if !bytes.Equal(a, b) {
		t.Fatal("--animate changed the maze drawn with -o")
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"maze", "--animate", "x.mp4"}, "--animate \"x.mp4\": an animation is written as .gif or .svg"},
		{[]string{"maze", "--animate", "x.gif", "--page", "a4"}, "give no --page"},
		{[]string{"maze", "--animate", "x.gif", "--weave", "0.3"}, "a weave cannot be animated"},
		{[]string{"maze", "--animate", "x.gif", "--size", "300x300"}, "too large to animate"},
	} {
		code, _, stderr := mazebook(t, dir, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
		if _, err := os.Stat(filepath.Join(dir, "x.gif")); err == nil {
			t.Fatalf("%v left a file behind", tc.args)
		}
	}
}

func TestSteps(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := mazebook(t, dir, "steps", "--algorithm", "prim", "--every", "5", "--size", "8x8", "--solver", "bfs", "-o", "steps.pdf")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	pages := checkPDF(t, filepath.Join(dir, "steps.pdf"))
	if pages < 1 {
		t.Fatal("no page")
	}
	if pdftoppm := requireTool(t, "pdftoppm"); pdftoppm != "" {
		out := filepath.Join(dir, "page")
		if b, err := exec.Command(pdftoppm, "-png", "-r", "30", "-f", "1", "-l", "1", filepath.Join(dir, "steps.pdf"), out).CombinedOutput(); err != nil {
			t.Fatalf("pdftoppm: %v %s", err, b)
		}
	}
	for _, ext := range []string{"svg", "png"} {
		code, _, stderr := mazebook(t, dir, "steps", "--algorithm", "kruskal", "--size", "5x5", "--every", "8", "-o", "one."+ext)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", ext, code, stderr)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"steps"}, "give the output file with -o"},
		{[]string{"steps", "-o", "s.svg", "--every", "1", "--size", "12x12"}, "takes 10 pages and .svg holds one"},
		{[]string{"steps", "-o", "s.pdf", "--algorithm", "prims"}, "--algorithm: algorithm \"prims\" is unknown"},
		{[]string{"steps", "-o", "s.pdf", "--columns", "0"}, "--columns must be from 1"},
		{[]string{"steps", "-o", "s.pdf", "--size", "40x40", "--every", "1"}, "the most is 600"},
	} {
		code, _, stderr := mazebook(t, dir, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}
