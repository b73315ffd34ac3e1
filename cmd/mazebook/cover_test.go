package main

import (
	"bytes"
	"fmt"
	stdpng "image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"mazebook/layout/spec"
)

// coverSpec is a 6x9in book of pages pages, one small maze a page.
func coverSpec(pages int, extra string) string {
	return fmt.Sprintf("title: Maze Quest\nauthor: Ana Rivera\nseed: 4\npage: {size: 6x9in}\nanswers: false\n%s\nsections: [{count: %d, size: 4x4}]\n", extra, pages)
}

// summaryRE reads the summary line of mazebook cover.
var summaryRE = regexp.MustCompile(`^wrote (\S+): ([0-9.]+) x ([0-9.]+) in, spine ([0-9.]+) in \((\d+) pages, (\w+) paper\), spine text: (yes|no.*)\n$`)

// TestCoverCommand checks the cover command's output and summary: the
// sheet KDP's formula gives for the page count and paper, named after the
// spec by default, valid to pdfcpu, qpdf and pdffonts, its boxes right
// to pdfinfo, and the same bytes twice.
func TestCoverCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("book.yaml", coverSpec(126, ""))
	write("thin.yaml", coverSpec(30, "cover: {paper: cream}\nstyle: {color: black}"))
	write("black.yaml", coverSpec(126, "style: {color: black}"))
	tests := []struct {
		args      []string
		out       string
		pages     int
		paper     string
		thickness float64
		spineText bool
	}{
		{[]string{"cover", "book.yaml"}, "book-cover.pdf", 126, "white", 0.002252, true},
		{[]string{"cover", "black.yaml", "--paper", "cream", "-o", "cream.pdf"}, "cream.pdf", 126, "cream", 0.0025, true},
		{[]string{"cover", "-o", "color.pdf", "--paper", "color", "book.yaml"}, "color.pdf", 126, "color", 0.002347, true},
		{[]string{"cover", "thin.yaml"}, "thin-cover.pdf", 30, "cream", 0.0025, false},
	}
	for _, tt := range tests {
		code, stdout, stderr := mazebook(t, dir, tt.args...)
		if code != 0 || stdout != "" {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q", tt.args, code, stdout, stderr)
		}
		m := summaryRE.FindStringSubmatch(stderr)
		if m == nil {
			t.Fatalf("%v: summary %q", tt.args, stderr)
		}
		spine := float64(tt.pages) * tt.thickness
		w, _ := strconv.ParseFloat(m[2], 64)
		s, _ := strconv.ParseFloat(m[4], 64)
		if m[1] != tt.out || math.Abs(w-(12.25+spine)) > 0.0006 || m[3] != "9.25" || math.Abs(s-spine) > 0.0006 || m[5] != strconv.Itoa(tt.pages) || m[6] != tt.paper || (m[7] == "yes") != tt.spineText {
			t.Errorf("%v: summary %q, want %s: %.3f x 9.25 in, spine %.3f in (%d pages, %s paper), spine text %v", tt.args, stderr, tt.out, 12.25+spine, spine, tt.pages, tt.paper, tt.spineText)
		}
		path := filepath.Join(dir, tt.out)
		if n := checkPDF(t, path); n != 1 {
			t.Errorf("%s has %d pages", tt.out, n)
		}
		pi := requireTool(t, "pdfinfo")
		box, err := exec.Command(pi, "-box", path).CombinedOutput()
		if err != nil {
			t.Fatal(err)
		}
		f := func(v float64) string { return regexp.QuoteMeta(fmt.Sprintf("%.2f", v)) }
		sheet := (12.25 + spine) * 72
		for _, want := range []string{`MediaBox:\s+0.00\s+0.00\s+` + f(sheet) + `\s+666.00`, `TrimBox:\s+9.00\s+9.00\s+` + f(sheet-9) + `\s+657.00`, `BleedBox:\s+0.00\s+0.00\s+` + f(sheet) + `\s+666.00`} {
			if !regexp.MustCompile(want).Match(box) {
				t.Errorf("%s: pdfinfo -box does not show %s:\n%s", tt.out, want, box)
			}
		}
	}
	// The same spec twice: the same bytes.
	first, _ := os.ReadFile(filepath.Join(dir, "book-cover.pdf"))
	if code, _, stderr := mazebook(t, dir, "cover", "book.yaml", "-o", "again.pdf", "-q"); code != 0 || stderr != "" {
		t.Fatalf("again: exit %d: %q", code, stderr)
	}
	again, _ := os.ReadFile(filepath.Join(dir, "again.pdf"))
	if !bytes.Equal(first, again) {
		t.Error("the same spec gave two covers")
	}
	// --seed draws another cover.
	mazebook(t, dir, "cover", "book.yaml", "-o", "seeded.pdf", "--seed", "99", "-q")
	if seeded, _ := os.ReadFile(filepath.Join(dir, "seeded.pdf")); len(seeded) == 0 || bytes.Equal(seeded, first) {
		t.Error("--seed 99 drew the same cover, or none")
	}
}

// TestCoverFormats checks the PNG and SVG covers, and a PDF on standard
// output.
func TestCoverFormats(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "book.yaml"), []byte(coverSpec(100, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := mazebook(t, dir, "cover", "book.yaml", "-o", "c.png", "--dpi", "50", "-q"); code != 0 {
		t.Fatalf("png: exit %d: %s", code, stderr)
	}
	f, err := os.Open(filepath.Join(dir, "c.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := stdpng.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// 12.25in + 100 pages of 0.002252in, at 50 dpi.
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != int(math.Ceil((12.25+0.2252)*50)) || h != int(math.Ceil(9.25*50)) {
		t.Errorf("the PNG is %dx%d", w, h)
	}
	if code, _, stderr := mazebook(t, dir, "cover", "book.yaml", "-o", "c.svg", "-q"); code != 0 {
		t.Fatalf("svg: exit %d: %s", code, stderr)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "c.svg")); !bytes.Contains(data, []byte("<svg")) || !bytes.Contains(data, []byte("<title>Maze Quest</title>")) {
		t.Error("the SVG cover has no title")
	}
	code, stdout, _ := mazebook(t, dir, "cover", "book.yaml", "-o", "-", "-q")
	if code != 0 || !strings.HasPrefix(stdout, "%PDF-") {
		t.Errorf("-o -: exit %d, %.20q", code, stdout)
	}
}

// TestCoverErrors checks the refusals: exit 2 for a bad spec, paper,
// format, check or command line, exit 1 for a cover that fails its
// check; none of them writes a file.
func TestCoverErrors(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"book.yaml": coverSpec(40, ""),
		"bad.yaml":  coverSpec(40, "cover:\n  paper: glossy\n  color: sky"),
		"thin.yaml": coverSpec(10, ""),
		// A spec whose name makes it a cover's.
		"spec.pdf": coverSpec(40, ""),
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"cover"}, 2, "give one spec file"},
		{[]string{"cover", "book.yaml", "book.yaml"}, 2, "give one spec file"},
		{[]string{"cover", "book.yaml", "--paper", "blue"}, 2, `--paper: paper "blue" is unknown (known: white, cream, color)`},
		{[]string{"cover", "book.yaml", "--paper", "cream"}, 2, "--paper: paper cream is printed in black ink only, and the interior is in colour"},
		{[]string{"cover", "book.yaml", "-o", "c.jpg"}, 2, "the extension must be .svg, .pdf or .png"},
		{[]string{"cover", "book.yaml", "--check", "lulu"}, 2, `--check "lulu" is unknown`},
		{[]string{"cover", "book.yaml", "--seed", "x"}, 2, "--seed must be a whole number"},
		{[]string{"cover", "bad.yaml"}, 2, "bad.yaml:7:10: paper \"glossy\" is unknown"},
		{[]string{"cover", "bad.yaml"}, 2, "bad.yaml:8:10: color: colour \"sky\" is unknown"},
		{[]string{"cover", "missing.yaml"}, 2, "cannot read spec missing.yaml"},
		{[]string{"cover", "spec.pdf", "-o", "./spec.pdf"}, 2, "is the same file as the spec"},
		{[]string{"cover", "book.yaml", "-o", "nodir/c.pdf"}, 1, "directory nodir does not exist"},
		{[]string{"cover", "thin.yaml", "--check", "kdp"}, 1, "pages: the book has 10 pages; a paperback in standard colour at 6in x 9in needs 72 to 600"},
		{[]string{"cover", "thin.yaml"}, 1, "thin.yaml: the book has 10 pages, and a paperback needs 24 at least: its spine would be 0.02in thick; add mazes, or pad: 24 in the spec to fill the book's 14 more pages with bonus mazes"},
		{[]string{"cover", "book.yaml", "--check", "kdp", "-o", "c.png"}, 1, "format: print-on-demand printers take the cover as a PDF"},
	}
	for _, tt := range tests {
		code, _, stderr := mazebook(t, dir, tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tt.args, code, stderr, tt.code, tt.want)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != len(files) {
		t.Errorf("the refusals left files: %v", left)
	}
	// --check-warn writes the cover anyway, with a warning.
	code, _, stderr := mazebook(t, dir, "cover", "thin.yaml", "--check", "kdp", "--check-warn")
	if code != 0 || !strings.Contains(stderr, "warning: thin-cover.pdf breaks 1 print-on-demand rule (kdp, for covers)") || !strings.Contains(stderr, "spine text: no") {
		t.Errorf("--check-warn: exit %d: %s", code, stderr)
	}
	// A book padded to a paperback's pages has a cover: in black ink, as
	// KDP prints standard colour from 72 pages.
	if err := os.WriteFile(filepath.Join(dir, "padded.yaml"), []byte(coverSpec(10, "pad: 24\nstyle: {color: black}")), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := mazebook(t, dir, "cover", "padded.yaml", "--check", "kdp"); code != 0 || !strings.Contains(stderr, "(24 pages, white paper)") {
		t.Errorf("a padded book's cover: exit %d: %s", code, stderr)
	}
}

// TestCoverExamples draws the cover of every example with a cover block,
// checked against KDP's rules when the example asks for them.
func TestCoverExamples(t *testing.T) {
	examples, err := filepath.Glob("../../examples/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, ex := range examples {
		sp, err := spec.Read(ex)
		if err != nil {
			t.Fatal(err)
		}
		if !sp.Given("cover") {
			continue
		}
		n++
		t.Run(filepath.Base(ex), func(t *testing.T) {
			abs, _ := filepath.Abs(ex)
			dir := t.TempDir()
			args := []string{"cover", abs, "-o", "cover.pdf"}
			if sp.Preset != "" {
				args = append(args, "--check", sp.Preset)
			}
			code, _, stderr := mazebook(t, dir, args...)
			if code != 0 || !summaryRE.MatchString(stderr) {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			checkPDF(t, filepath.Join(dir, "cover.pdf"))
		})
	}
	if n == 0 {
		t.Error("no example has a cover")
	}
}
