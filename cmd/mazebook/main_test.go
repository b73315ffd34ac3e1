package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"

	"mazebook/internal/tooltest"
	"mazebook/maze"
)

func init() { api.DisableConfigDir() }

// mazebook runs the command line in dir and returns its exit code and
// output.
func mazebook(t *testing.T, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb}
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	code = run(context.Background(), e, args)
	return code, out.String(), errb.String()
}

// requireTool returns the path of an external checker, skipping the test
// when it is missing, unless MAZEBOOK_REQUIRE_TOOLS is set (as in CI).
func requireTool(t *testing.T, name string) string {
	t.Helper()
	return tooltest.Require(t, name)
}

// checkPDF validates a PDF with pdfcpu, qpdf and pdffonts and returns its
// page count.
func checkPDF(t *testing.T, path string) int {
	t.Helper()
	if err := api.ValidateFile(path, nil); err != nil {
		t.Fatalf("pdfcpu: %s is not valid: %v", path, err)
	}
	n, err := api.PageCountFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if q := requireTool(t, "qpdf"); q != "" {
		if out, err := exec.Command(q, "--check", path).CombinedOutput(); err != nil {
			t.Fatalf("qpdf --check %s: %v\n%s", path, err, out)
		}
	}
	if pf := requireTool(t, "pdffonts"); pf != "" {
		out, err := exec.Command(pf, path).CombinedOutput()
		if err != nil {
			t.Fatalf("pdffonts: %v\n%s", err, out)
		}
		// A PDF without text (a maze without labels) has no font.
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines) < 2 {
			t.Fatalf("pdffonts printed no table:\n%s", out)
		}
		for _, l := range lines[2:] {
			f := strings.Fields(l)
			// name type [type2] encoding emb sub uni object ID
			if len(f) < 7 || f[len(f)-5] != "yes" {
				t.Fatalf("font not embedded: %s\n%s", l, out)
			}
			if strings.Contains(l, "Helvetica") || strings.Contains(l, "Times") || strings.Contains(l, "Courier") {
				t.Fatalf("core font used: %s", l)
			}
		}
	}
	return n
}

func TestBuildDefaultBook(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := mazebook(t, dir, "build")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	pages := checkPDF(t, filepath.Join(dir, "mazebook.pdf"))
	if pages < 3 {
		t.Fatalf("default book has %d pages", pages)
	}
}

func TestBuildExamples(t *testing.T) {
	examples, err := filepath.Glob("../../examples/*.yaml")
	if err != nil || len(examples) < 3 {
		t.Fatalf("examples: %v %v", examples, err)
	}
	for _, ex := range examples {
		t.Run(filepath.Base(ex), func(t *testing.T) {
			abs, _ := filepath.Abs(ex)
			dir := t.TempDir()
			code, _, stderr := mazebook(t, dir, "build", abs, "-o", "out.pdf", "--svg", "svg", "--quiet")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			pages := checkPDF(t, filepath.Join(dir, "out.pdf"))
			svgs, _ := filepath.Glob(filepath.Join(dir, "svg", "*.svg"))
			if len(svgs) != pages {
				t.Fatalf("%d SVG pages for %d PDF pages", len(svgs), pages)
			}
		})
	}
}

// TestExampleWithEveryAlgorithm checks that the every-algorithm example
// really uses every registered generator.
func TestExampleWithEveryAlgorithm(t *testing.T) {
	data, err := os.ReadFile("../../examples/every-algorithm.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range maze.Algorithms() {
		if !strings.Contains(string(data), "algorithm: "+a.Name+",") && !strings.Contains(string(data), "algorithm: \""+a.Name) {
			t.Errorf("every-algorithm.yaml does not use %s", a.Name)
		}
	}
}

func TestBuildIsReproducible(t *testing.T) {
	dir := t.TempDir()
	spec, _ := filepath.Abs("../../examples/activity-book.yaml")
	for _, out := range []string{"a", "b"} {
		if code, _, stderr := mazebook(t, dir, "build", spec, "-o", out+".pdf", "--svg", out, "--quiet"); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	}
	a, _ := os.ReadFile(filepath.Join(dir, "a.pdf"))
	b, _ := os.ReadFile(filepath.Join(dir, "b.pdf"))
	if !bytes.Equal(a, b) {
		t.Fatal("two builds of the same spec gave different PDFs")
	}
	svgs, _ := filepath.Glob(filepath.Join(dir, "a", "*.svg"))
	for _, f := range svgs {
		x, _ := os.ReadFile(f)
		y, _ := os.ReadFile(filepath.Join(dir, "b", filepath.Base(f)))
		if !bytes.Equal(x, y) {
			t.Fatalf("two builds gave different %s", filepath.Base(f))
		}
	}
	// Another seed gives another book.
	if code, _, stderr := mazebook(t, dir, "build", spec, "-o", "c.pdf", "--seed", "43", "--quiet"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	c, _ := os.ReadFile(filepath.Join(dir, "c.pdf"))
	if bytes.Equal(a, c) {
		t.Fatal("--seed 43 gave the same book as seed 42")
	}
}

// TestBadInput checks that every kind of bad input is refused with a clear
// message, the right exit code, no output file, and any existing output
// left as it was.
func TestBadInput(t *testing.T) {
	tests := []struct {
		name  string
		spec  string // written to book.yaml when not empty
		args  []string
		code  int
		want  []string
		noOut bool // book.pdf must not be created
	}{
		{"unknown key", "sections: [{count: 1, colour: red}]\n", []string{"build", "book.yaml"}, 2, []string{`book.yaml:1:23: unknown key "colour"`}, true},
		{"wrong type", "seed: abc\nsections: [{count: 1}]\n", []string{"build", "book.yaml"}, 2, []string{"book.yaml:1:7: seed must be a whole number"}, true},
		{"unknown algorithm", "sections:\n  - algorithm: prims\n", []string{"build", "book.yaml"}, 2, []string{`book.yaml:2:16: algorithm "prims" is unknown (known: random, `}, true},
		{"zero size", "sections:\n  - size: 0x5\n", []string{"build", "book.yaml"}, 2, []string{"book.yaml:2:11:"}, true},
		{"too large", "sections:\n  - size: 500x500\n", []string{"build", "book.yaml"}, 2, []string{"book.yaml:2:11:", "does not fit"}, true},
		{"walls too thick", "style: {wall: 4mm}\nsections:\n  - size: 40x40\n", []string{"build", "book.yaml"}, 2, []string{"book.yaml:1:15:", "too thick"}, true},
		{"malformed yaml", "sections: [\n", []string{"build", "book.yaml"}, 2, []string{"book.yaml:", "not valid YAML"}, true},
		{"empty file", " ", []string{"build", "book.yaml"}, 2, []string{"book.yaml: the spec is empty"}, true},
		{"binary file", "\x89PNG\r\n\x1a\n\x00\x00", []string{"build", "book.yaml"}, 2, []string{"not a UTF-8 text file"}, true},
		{"missing file", "", []string{"build", "nothere.yaml"}, 2, []string{"nothere.yaml", "no such file"}, true},
		{"unwritable output", "sections: [{count: 1}]\n", []string{"build", "book.yaml", "-o", "book.yaml/book.pdf"}, 1, []string{"-o book.yaml/book.pdf: not a directory"}, true},
		{"output is a directory", "sections: [{count: 1}]\n", []string{"build", "book.yaml", "-o", "."}, 1, []string{"is a directory"}, true},
		{"bad flag", "", []string{"build", "--colour"}, 2, []string{"flag provided but not defined: -colour"}, true},
		{"windows device name", "sections: [{count: 1}]\n", []string{"build", "book.yaml", "-o", "CON.pdf"}, 2, []string{`-o "CON.pdf" is a device name on Windows`}, true},
		{"bidi control in a name", "sections: [{count: 1}]\n", []string{"build", "book.yaml", "-o", "book\u202efdp.exe"}, 2, []string{"holds a bidirectional control character (U+202E)"}, true},
		{"an invisible character in a name", "sections: [{count: 1}]\n", []string{"build", "book.yaml", "-o", "bo\u200bok.pdf"}, 2, []string{"holds an invisible character (U+200B), which makes it read as another name"}, true},
		{"text too large", "", []string{"maze", "--size", "1x100000000", "-o", "x.txt"}, 2, []string{"the most written as text or PBM is 20000000", "the largest that fits is --size"}, true},
		{"stats with loops too large", "", []string{"maze", "--size", "3000x3000", "--braid", "1", "--stats"}, 2, []string{"the most it measures is 4000000 cells", "the largest that fits is --size 2000x2000"}, true},
		{"misspelt flag", "", []string{"maze", "--sedd", "3"}, 2, []string{"flag provided but not defined: -sedd; did you mean --seed?"}, true},
		{"bad page flag", "sections: [{count: 1}]\n", []string{"build", "book.yaml", "--page", "huge"}, 2, []string{"mazebook build: --page: "}, true},
		{"page too small for the margins", "sections: [{count: 1}]\n", []string{"build", "book.yaml", "--page", "1x1in"}, 2, []string{"the margins leave almost nothing of the 25.4mm x 25.4mm page"}, true},
		{"size and difficulty", "", []string{"maze", "--size", "5x5", "--difficulty", "easy"}, 2, []string{"give --size or --difficulty, not both"}, true},
		{"bad difficulty", "", []string{"maze", "--difficulty", "2..5"}, 2, []string{`--difficulty "2..5" is not a level`}, true},
		{"bad seed flag", "sections: [{count: 1}]\n", []string{"build", "book.yaml", "--seed", "-1"}, 2, []string{"--seed must be a whole number"}, true},
		{"two specs, one missing", "", []string{"build", "a.yaml", "b.yaml"}, 2, []string{"mazebook build: cannot read spec a.yaml: no such file or directory"}, true},
		{"unknown command", "", []string{"frobnicate"}, 2, []string{`unknown command "frobnicate"`}, true},
		{"validate bad", "sections:\n  - algorithm: prims\n", []string{"validate", "book.yaml"}, 2, []string{"book.yaml:2:16:"}, true},
		{"validate kdp rules", "preset: kdp\nstyle: {wall: 0.5pt}\nsections: [{count: 2}]\n", []string{"validate", "book.yaml"}, 1, []string{"book.yaml breaks 2 print-on-demand rules (kdp)", "pages: book.yaml:1:9: the book has 4 pages", "add about", "a paperback in black & white on white paper needs 24 to", "or pad: 24 to fill the book with bonus mazes", "lines of 0.5pt", "give style.wall of 0.75pt or more", "build --check-warn"}, true},
		{"validate kdp teacher edition", "preset: kdp\ncheck: {warn_only: true}\nteacher_edition: true\nsections: [{count: 2}]\n", []string{"validate", "book.yaml"}, 0, []string{"book.yaml (teacher edition) breaks"}, true},
		{"maze bad algorithm", "", []string{"maze", "--algorithm", "prims", "-o", "m.svg"}, 2, []string{`"prims" is unknown`}, true},
		{"maze bad size", "", []string{"maze", "--size", "0x3"}, 2, []string{"--size"}, true},
		{"maze bad extension", "", []string{"maze", "-o", "m.gif"}, 2, []string{".svg, .pdf, .png, .txt or .pbm"}, true},
		{"maze wall too thick", "", []string{"maze", "--cell", "4mm", "--wall", "3mm", "-o", "m.svg"}, 2, []string{"too thick", "largest allowed"}, true},
		{"maze too large", "", []string{"maze", "--size", "20000x20000"}, 2, []string{"cells allowed"}, true},
		{"unknown difficulty", "sections:\n  - difficulty: extreme\n", []string{"build", "book.yaml"}, 2, []string{`book.yaml:2:17: difficulty "extreme" is not a level`}, true},
		{"falling difficulty", "sections:\n  - difficulty: 8..2\n", []string{"build", "book.yaml"}, 2, []string{"book.yaml:2:17:", "falls"}, true},
		{"bad ages", "sections:\n  - ages: 9-5\n", []string{"build", "book.yaml"}, 2, []string{"book.yaml:2:11:", "not an age range"}, true},
		{"unreachable level", "sections:\n  - size: 4x4\n    difficulty: 10\n", []string{"build", "book.yaml"}, 2, []string{"book.yaml:2:11:", "level 10", "larger size"}, true},
		{"stats unreachable level", "sections:\n  - size: 4x4\n    difficulty: 10\n", []string{"stats", "book.yaml"}, 2, []string{"book.yaml:2:11:", "level 10"}, true},
		{"stats no spec", "", []string{"stats"}, 2, []string{"give one spec file"}, true},
		{"stats csv and json", "sections: [{count: 1}]\n", []string{"stats", "book.yaml", "--csv", "--json"}, 2, []string{"not both"}, true},
		{"stats bad chart", "sections: [{count: 1}]\n", []string{"stats", "book.yaml", "--chart", "c.gif"}, 2, []string{".svg, .pdf or .png"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.spec != "" {
				if err := os.WriteFile(filepath.Join(dir, "book.yaml"), []byte(tt.spec), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			// An existing output must survive a failed build.
			old := []byte("old book")
			os.WriteFile(filepath.Join(dir, "keep.pdf"), old, 0o644)
			args := tt.args
			if len(args) == 2 && args[0] == "build" && tt.spec != "" {
				args = append(args, "-o", "keep.pdf")
			}
			code, _, stderr := mazebook(t, dir, args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tt.code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr does not contain %q:\n%s", w, stderr)
				}
			}
			if got, _ := os.ReadFile(filepath.Join(dir, "keep.pdf")); !bytes.Equal(got, old) {
				t.Error("a failed build changed the existing output")
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if n := e.Name(); n != "book.yaml" && n != "keep.pdf" {
					t.Errorf("a failed run left %s behind", n)
				}
			}
		})
	}
}

func TestMazeFormats(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"m.svg", "m.pdf", "m.png", "m.txt"} {
		code, _, stderr := mazebook(t, dir, "maze", "--algorithm", "prim", "--size", "20x30", "--seed", "42", "--solution", "-o", f)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", f, code, stderr)
		}
	}
	txt, _ := os.ReadFile(filepath.Join(dir, "m.txt"))
	lines := strings.Split(strings.TrimSuffix(string(txt), "\n"), "\n")
	if len(lines) != 61 || len(lines[0]) != 41 {
		t.Fatalf("text maze is %d lines of %d, want 61 of 41", len(lines), len(lines[0]))
	}
	if !strings.Contains(string(txt), ".") {
		t.Fatal("--solution marks nothing in the text")
	}
	checkPDF(t, filepath.Join(dir, "m.pdf"))
	png, _ := os.ReadFile(filepath.Join(dir, "m.png"))
	if !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatal("m.png is not a PNG")
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "m.svg"))
	if !bytes.Contains(svg, []byte("<svg")) {
		t.Fatal("m.svg is not an SVG")
	}
	// Without -o the text goes to stdout, and matches the file.
	_, stdout, _ := mazebook(t, dir, "maze", "--algorithm", "prim", "--size", "20x30", "--seed", "42", "--solution")
	if stdout != string(txt) {
		t.Fatal("text on stdout differs from the .txt file")
	}
	// The .pbm is the same matrix, a bit per pixel, after a "P4 41 61"
	// header: '#' in the text is a set bit.
	if code, _, stderr := mazebook(t, dir, "maze", "--algorithm", "prim", "--size", "20x30", "--seed", "42", "-o", "m.pbm"); code != 0 {
		t.Fatalf("m.pbm: exit %d: %s", code, stderr)
	}
	pbm, _ := os.ReadFile(filepath.Join(dir, "m.pbm"))
	bits, ok := bytes.CutPrefix(pbm, []byte("P4\n41 61\n"))
	if !ok || len(bits) != 61*6 {
		t.Fatalf("m.pbm begins %q and has %d bytes of pixels, want P4 41x61 in %d", pbm[:min(len(pbm), 12)], len(bits), 61*6)
	}
	for y, line := range lines {
		for x := range line {
			wall := bits[y*6+x/8]&(0x80>>uint(x%8)) != 0
			if want := line[x] == '#'; wall != want {
				t.Fatalf("m.pbm pixel (%d, %d) is wall %v, the text says %q", x, y, wall, line[x])
			}
		}
	}
}

func TestAlgorithmsListsOnePerLine(t *testing.T) {
	code, stdout, _ := mazebook(t, t.TempDir(), "algorithms")
	if code != 0 {
		t.Fatal(code)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	algs := maze.Algorithms()
	if len(lines) != len(algs) {
		t.Fatalf("%d lines for %d algorithms", len(lines), len(algs))
	}
	for i, a := range algs {
		if f := strings.Fields(lines[i]); len(f) < 2 || f[0] != a.Name {
			t.Errorf("line %q does not start with %s", lines[i], a.Name)
		}
	}
}

func TestInitWritesASpecThatBuilds(t *testing.T) {
	for _, tmpl := range []string{"book", "worksheet"} {
		dir := t.TempDir()
		if code, _, stderr := mazebook(t, dir, "init", "--template", tmpl, "start.yaml"); code != 0 {
			t.Fatalf("init: %d %s", code, stderr)
		}
		if code, _, stderr := mazebook(t, dir, "build", "start.yaml", "--quiet"); code != 0 {
			t.Fatalf("build of the %s starter: %d %s", tmpl, code, stderr)
		}
		checkPDF(t, filepath.Join(dir, "start.pdf"))
		if code, _, _ := mazebook(t, dir, "init", "start.yaml"); code != 2 {
			t.Fatal("init overwrote an existing file")
		}
	}
	_, stdout, _ := mazebook(t, t.TempDir(), "init")
	if !strings.Contains(stdout, "sections:") {
		t.Fatal("init without a file printed no spec")
	}
	// Each spec gets its own seed: two books made from the starter do
	// not hold the same mazes.
	_, again, _ := mazebook(t, t.TempDir(), "init")
	seedOf := func(spec string) string {
		for _, l := range strings.Split(spec, "\n") {
			if strings.HasPrefix(l, "seed:") {
				return strings.Fields(l)[1]
			}
		}
		return ""
	}
	if a, b := seedOf(stdout), seedOf(again); a == "" || a == b || a == "2026" {
		t.Errorf("two starters have seeds %q and %q", a, b)
	}
	// An English starter speaks English throughout.
	if strings.Contains(stdout, "language: en") && strings.ContainsAny(stdout, "¡¿ñ") {
		t.Error("the English starter has Spanish text")
	}
}

func TestHelpAndVersion(t *testing.T) {
	dir := t.TempDir()
	code, stdout, _ := mazebook(t, dir, "--help")
	if code != 0 {
		t.Fatal(code)
	}
	for _, c := range commands() {
		if !strings.Contains(stdout, c.name) {
			t.Errorf("--help does not list %s", c.name)
		}
		code, out, _ := mazebook(t, dir, c.name, "--help")
		if code != 0 || strings.Count(out, "Usage: mazebook "+c.name) != 1 {
			t.Errorf("%s --help: exit %d, want the usage once:\n%s", c.name, code, out)
		}
		// A bad flag is reported on stderr only.
		if code, out, errs := mazebook(t, dir, c.name, "--no-such-flag"); code != 2 || out != "" || !strings.Contains(errs, "no-such-flag") {
			t.Errorf("%s --no-such-flag: exit %d, stdout %q, stderr %q", c.name, code, out, errs)
		}
	}
	if code, out, _ := mazebook(t, dir, "version"); code != 0 || !strings.HasPrefix(out, "mazebook ") {
		t.Fatalf("version: %d %q", code, out)
	}
}

func TestCheckKDP(t *testing.T) {
	dir := t.TempDir()
	spec, _ := filepath.Abs("../../examples/kdp-6x9.yaml")
	if code, _, stderr := mazebook(t, dir, "build", spec, "-o", "ok.pdf", "--check", "kdp"); code != 0 {
		t.Fatalf("the kdp example fails its check: %s", stderr)
	}
	// The activity book is A4 with 19 pages and narrow margins.
	ab, _ := filepath.Abs("../../examples/activity-book.yaml")
	code, _, stderr := mazebook(t, dir, "build", ab, "-o", "bad.pdf", "--check", "kdp")
	if code != 1 || !strings.Contains(stderr, "the book has 19 pages; a paperback in standard colour needs 72 to 600: add about") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.pdf")); err == nil {
		t.Fatal("a book that fails its check was written")
	}
	code, _, stderr = mazebook(t, dir, "build", ab, "-o", "warned.pdf", "--check", "kdp", "--check-warn")
	if code != 0 || !strings.Contains(stderr, "warning:") {
		t.Fatalf("--check-warn: exit %d: %s", code, stderr)
	}
	if code, _, _ := mazebook(t, dir, "build", ab, "--check", "lulu"); code != 2 {
		t.Fatalf("an unknown preset: exit %d", code)
	}
}

func TestTeacherEdition(t *testing.T) {
	dir := t.TempDir()
	spec, _ := filepath.Abs("../../examples/classroom-pack.yaml")
	if code, _, stderr := mazebook(t, dir, "build", spec, "-o", "alumnos.pdf", "--quiet"); code != 0 {
		t.Fatal(stderr)
	}
	student := checkPDF(t, filepath.Join(dir, "alumnos.pdf"))
	teacher := checkPDF(t, filepath.Join(dir, "alumnos-teacher.pdf"))
	if student != teacher {
		t.Fatalf("student edition has %d pages, teacher edition %d", student, teacher)
	}
	if pt, err := exec.LookPath("pdftotext"); err == nil {
		out, _ := exec.Command(pt, filepath.Join(dir, "alumnos.pdf"), "-").Output()
		for _, w := range []string{"¡Laberintos para la clase!", "Laberinto 1: ¡Encuentra la salida!", "Nombre:", "Fecha:", "Inicio", "Salida"} {
			if !strings.Contains(string(out), w) {
				t.Errorf("the Spanish edition does not say %q", w)
			}
		}
	}
	// --teacher FILE writes a teacher edition of any book.
	ab, _ := filepath.Abs("../../examples/worksheet.yaml")
	if code, _, stderr := mazebook(t, dir, "build", ab, "-o", "w.pdf", "--teacher", "w-key.pdf", "--quiet"); code != 0 {
		t.Fatal(stderr)
	}
	checkPDF(t, filepath.Join(dir, "w-key.pdf"))
}

func TestStats(t *testing.T) {
	dir := t.TempDir()
	spec := "seed: 3\nsections:\n  - {title: \"Ramp, up\", difficulty: 2..6, count: 5}\n  - {title: Plain, count: 2, size: 8x8}\n"
	if err := os.WriteFile(filepath.Join(dir, "book.yaml"), []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := mazebook(t, dir, "stats", "book.yaml", "--csv", "--chart", "chart.svg")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	records, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := "page,number,section,shape,algorithm,size,cells,level,score,solution_length,turns,decisions,dead_ends,solver_steps,steps_young,steps_older,time_young,time_older,effort,candidates,candidate_effort"
	if len(records) != 8 || strings.Join(records[0], ",") != want {
		t.Fatalf("CSV has %d records, header %v:\n%s", len(records), records[0], out)
	}
	if records[1][2] != "Ramp, up" || records[7][3] != "rectangle" || records[7][5] != "8x8" || records[7][6] != "64" {
		t.Errorf("rows:\n%s", out)
	}
	var prev float64
	for _, r := range records[1:6] {
		score, _ := strconv.ParseFloat(r[8], 64)
		if score < prev {
			t.Errorf("the rising section falls: %v", records)
		}
		prev = score
	}
	// The chart is well-formed SVG with a bar per maze.
	data, err := os.ReadFile(filepath.Join(dir, "chart.svg"))
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("chart.svg is not XML: %v", err)
		}
	}

	code, out, _ = mazebook(t, dir, "stats", "book.yaml", "--json")
	var rows []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 7 {
		t.Fatalf("--json: exit %d:\n%s", code, out)
	}
	for _, key := range strings.Split(want, ",") {
		if _, ok := rows[0][key]; !ok {
			t.Errorf("JSON rows lack %q", key)
		}
	}
	// The table: a header and 7 rows, a blank line, and the sections'
	// summary: a header and 2 sections.
	code, out, _ = mazebook(t, dir, "stats", "book.yaml")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 12 || !strings.Contains(lines[0], "solver_steps") || strings.TrimSpace(lines[8]) != "" ||
		!strings.Contains(lines[9], "candidate_effort") || !strings.Contains(lines[10], "Ramp, up") || !strings.Contains(lines[11], "Plain") {
		t.Errorf("table: exit %d:\n%s", code, out)
	}
	// The chart can show the steps of a setting; an unknown column is a
	// usage error.
	if code, _, stderr := mazebook(t, dir, "stats", "book.yaml", "--chart", "steps.svg", "--chart-by", "steps_young"); code != 0 {
		t.Errorf("--chart-by steps_young: exit %d: %s", code, stderr)
	}
	if code, _, stderr := mazebook(t, dir, "stats", "book.yaml", "--chart", "x.svg", "--chart-by", "turns"); code != 2 || !strings.Contains(stderr, "--chart-by") {
		t.Errorf("--chart-by turns: exit %d: %s", code, stderr)
	}
}

func TestMazeStats(t *testing.T) {
	dir := t.TempDir()
	code, out, stderr := mazebook(t, dir, "maze", "--size", "12x9", "--seed", "3", "--stats")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var all map[string]any
	if err := json.Unmarshal([]byte(out), &all); err != nil {
		t.Fatalf("not a JSON object: %v\n%s", err, out)
	}
	if all["shape"] != "rectangle" || all["size"] != "12x9" {
		t.Errorf("shape %v, size %v", all["shape"], all["size"])
	}
	got := map[string]float64{}
	for k, v := range all {
		if f, ok := v.(float64); ok {
			got[k] = f
		}
	}
	for _, key := range []string{"cells", "solution_length", "dead_ends", "junctions", "turns", "score", "level"} {
		if _, ok := got[key]; !ok {
			t.Errorf("no %q in %s", key, out)
		}
	}
	if got["cells"] != 108 || got["solution_length"] < 20 || got["level"] < 1 {
		t.Errorf("stats of a 12x9 maze: %v", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("--stats without -o wrote %v", entries)
	}
	code, _, stderr = mazebook(t, dir, "maze", "--size", "12x9", "--stats", "-o", "m.svg")
	if _, err := os.Stat(filepath.Join(dir, "m.svg")); code != 0 || err != nil {
		t.Errorf("--stats -o m.svg: exit %d, %v: %s", code, err, stderr)
	}
}

// TestProgress checks the progress line: drawn on a terminal, redrawn in
// place, erased before the summary; never drawn with --quiet or when
// standard error is not a terminal.
func TestProgress(t *testing.T) {
	for _, tt := range []struct {
		name     string
		terminal bool
		args     []string
		want     bool
	}{
		{"terminal", true, nil, true},
		{"terminal, quiet", true, []string{"--quiet"}, false},
		{"not a terminal", false, nil, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			var out, errb bytes.Buffer
			e := &env{stdout: &out, stderr: &errb, stderrIsTerminal: tt.terminal}
			wd, _ := os.Getwd()
			os.Chdir(dir)
			defer os.Chdir(wd)
			if code := run(context.Background(), e, append([]string{"build"}, tt.args...)); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			got := errb.String()
			drawn := strings.Contains(got, "\r") && strings.Contains(got, "100% (")
			if drawn != tt.want {
				t.Errorf("progress drawn %v, want %v: %q", drawn, tt.want, got)
			}
			if tt.want && !strings.Contains(got, "\r\033[Kwrote mazebook.pdf") {
				t.Errorf("the line is not erased before the summary: %q", got)
			}
		})
	}
}

// TestMazeShapes makes a maze of every shape, mask and weave from the
// command line, in every format that draws, and checks the refusals.
func TestMazeShapes(t *testing.T) {
	dir := t.TempDir()
	heart, _ := filepath.Abs("../../layout/mask/testdata/heart.png")
	for _, tt := range []struct {
		args []string
		out  string
	}{
		{[]string{"--shape", "circle", "--size", "8"}, "circle.svg"},
		{[]string{"--shape", "circle", "--size", "6", "--inner", "2", "--openings", "center", "--solution"}, "centre.pdf"},
		{[]string{"--shape", "hexagon", "--size", "5", "--solution", "--markers", "labels"}, "hexagon.pdf"},
		{[]string{"--shape", "hexagon", "--size", "12x9", "--openings", "sides"}, "hexblock.png"},
		{[]string{"--shape", "triangle", "--size", "7", "--solution"}, "triangle.png"},
		{[]string{"--shape", "triangle", "--size", "9", "--openings", "center", "--solution", "--markers", "labels"}, "tricentre.svg"},
		{[]string{"--text", "ANA", "--size", "40x14"}, "ana.svg"},
		{[]string{"--mask", heart, "--size", "30x27", "--algorithm", "wilson", "--solution"}, "heart.pdf"},
		{[]string{"--weave", "0.4", "--size", "14x12", "--solution"}, "weave.svg"},
	} {
		code, _, stderr := mazebook(t, dir, append(append([]string{"maze"}, tt.args...), "-o", tt.out)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tt.args, code, stderr)
		}
		path := filepath.Join(dir, tt.out)
		switch filepath.Ext(tt.out) {
		case ".pdf":
			checkPDF(t, path)
		case ".svg":
			data, _ := os.ReadFile(path)
			dec := xml.NewDecoder(bytes.NewReader(data))
			for {
				if _, err := dec.Token(); err == io.EOF {
					break
				} else if err != nil {
					t.Fatalf("%s is not XML: %v", tt.out, err)
				}
			}
		case ".png":
			data, _ := os.ReadFile(path)
			if !bytes.HasPrefix(data, []byte("\x89PNG")) {
				t.Fatalf("%s is not a PNG", tt.out)
			}
		}
	}
	code, out, _ := mazebook(t, dir, "maze", "--shape", "circle", "--size", "5", "--openings", "center", "--stats")
	var st map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &st) != nil || st["shape"] != "circle" || st["size"] != "5 rings" {
		t.Errorf("--stats of a circle: exit %d: %s", code, out)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--shape", "circle", "--size", "5", "-o", "c.txt"}, "the text form is for rectangles"},
		{[]string{"--shape", "circle", "--size", "5"}, "the text form is for rectangles"},
		{[]string{"--weave", "0.3", "--size", "8x8", "-o", "w.txt"}, "cannot show a weave's crossings"},
		{[]string{"--shape", "circle", "--size", "5", "-o", "c.pbm"}, "the pixel matrix (.pbm) is for rectangles"},
		{[]string{"--solution", "-o", "s.pbm"}, "a .pbm is the maze alone"},
		{[]string{"--shape", "circle", "--algorithm", "binary-tree", "-o", "c.svg"}, `algorithm "binary-tree" cannot carve a circle (these can: backtracker`},
		{[]string{"--shape", "oval"}, `shape "oval" is unknown`},
		{[]string{"--shape", "hexagon", "--size", "0", "-o", "h.svg"}, "--size"},
		{[]string{"--weave", "0.5", "--algorithm", "prim", "-o", "w.svg"}, `cannot carve a weave (these can: kruskal)`},
		{[]string{"--openings", "middle", "-o", "r.svg"}, `openings "middle" is unknown (known: corners, top-bottom, sides, longest, center)`},
		{[]string{"--text", "ANA", "--mask", heart}, "not both"},
		{[]string{"--mask", "nothere.png", "-o", "x.svg"}, "--mask"},
	} {
		code, _, stderr := mazebook(t, dir, append([]string{"maze"}, tt.args...)...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d: %s", tt.args, code, stderr)
		}
	}
	code, out, _ = mazebook(t, dir, "algorithms")
	if code != 0 || !strings.Contains(out, "[rectangle, circle, hexagon, triangle, mask]") || !strings.Contains(out, "binary tree") || !strings.Contains(out, "weave]") {
		t.Errorf("algorithms does not say the grids each carves:\n%s", out)
	}
	code, out, _ = mazebook(t, dir, "algorithms", "--shapes")
	if code != 0 || len(strings.Split(strings.TrimSpace(out), "\n")) != len(maze.Shapes()) || !strings.Contains(out, "circle") {
		t.Errorf("algorithms --shapes:\n%s", out)
	}
}

// TestMazeTeachingFlags draws a walk, a lost walk, a blank sheet and a
// graph, and refuses the combinations that cannot be drawn.
func TestMazeTeachingFlags(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := mazebook(t, dir, "maze", "--size", "12x12", "--seed", "3", "--solver", "tremaux", "--show-walk", "-o", "walk.svg")
	svg, _ := os.ReadFile(filepath.Join(dir, "walk.svg"))
	if code != 0 || !bytes.Contains(svg, []byte(`stroke="#1e73e1"`)) || !bytes.Contains(svg, []byte(`stroke="#d62828"`)) {
		t.Fatalf("--show-walk: exit %d: %s", code, stderr)
	}
	// The right hand cannot reach the middle of this braided maze: the
	// walk is drawn with a note, no solution, and the command succeeds.
	code, _, stderr = mazebook(t, dir, "maze", "--size", "12x12", "--seed", "1", "--braid", "1", "--openings", "center", "--solver", "right-hand", "--show-walk", "-o", "lost.svg")
	svg, _ = os.ReadFile(filepath.Join(dir, "lost.svg"))
	if code != 0 || !strings.Contains(stderr, "never leads") || !bytes.Contains(svg, []byte("round for ever")) || !bytes.Contains(svg, []byte(`stroke="#1e73e1"`)) || bytes.Contains(svg, []byte(`stroke="#d62828"`)) {
		t.Fatalf("a lost walk: exit %d: %s", code, stderr)
	}
	// Without --show-walk the same solver fails.
	if code, _, _ := mazebook(t, dir, "maze", "--size", "12x12", "--seed", "1", "--braid", "1", "--openings", "center", "--solver", "right-hand", "--solution", "-o", "fail.svg"); code != 1 {
		t.Errorf("a lost right hand without --show-walk: exit %d, want 1", code)
	}
	for _, f := range []string{"blank.png", "graph.pdf"} {
		args := []string{"maze", "--size", "8x8", "--blank", "-o", f}
		if f == "graph.pdf" {
			args = append(args, "--graph")
		}
		if code, _, stderr := mazebook(t, dir, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--show-walk", "-o", "w.svg"}, "--show-walk draws the steps of a solver that walks the maze (--solver right-hand, left-hand, tremaux); bfs"},
		{[]string{"--show-walk", "--solver", "tremaux", "-o", "w.txt"}, "--show-walk draws: write the maze as .svg"},
		{[]string{"--graph", "-o", "g.pbm"}, "--graph draws"},
		{[]string{"--blank", "--solution", "-o", "b.svg"}, "a --blank grid has no way through"},
		{[]string{"--blank", "--weave", "0.3", "-o", "b.svg"}, "--blank draws a grid without crossings"},
		{[]string{"--graph", "--page", "a4", "-o", "g.pdf"}, "--graph draws on the maze's own page"},
	} {
		code, _, stderr := mazebook(t, dir, append([]string{"maze"}, tt.args...)...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d: %s", tt.args, code, stderr)
		}
	}
}

// TestTitleWarnings checks that build, validate and cover warn, at the
// spec's title line, about a title their pages cannot hold, and still
// write the book; and say nothing of a title that fits.
func TestTitleWarnings(t *testing.T) {
	dir := t.TempDir()
	long := strings.TrimSpace(strings.Repeat("Maze and labyrinth adventure ", 34))
	os.WriteFile(filepath.Join(dir, "long.yaml"), []byte("title: "+long+"\ntitle_page: true\npage: {size: 4x6in}\npad: 24\nsections:\n  - {count: 2}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "fits.yaml"), []byte("title: "+strings.TrimSpace(strings.Repeat("Maze and labyrinth adventure ", 5))+"\ntitle_page: true\npad: 24\nsections:\n  - {count: 2}\n"), 0o644)
	for _, tt := range []struct {
		args []string
		want string // in stdout or stderr, "" for no warning
	}{
		{[]string{"build", "long.yaml", "--quiet"}, "warning: long.yaml:1:8: title: too long for the title page"},
		{[]string{"validate", "long.yaml"}, "warning: long.yaml:1:8: title: too long for the title page"},
		{[]string{"cover", "long.yaml", "-o", "cover.pdf", "--quiet"}, "warning: long.yaml:1:8: title: too long for the front cover"},
		{[]string{"build", "fits.yaml", "--quiet"}, ""},
		{[]string{"validate", "fits.yaml"}, ""},
	} {
		code, stdout, stderr := mazebook(t, dir, tt.args...)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", tt.args, code, stderr)
		}
		out := stdout + stderr
		if tt.want == "" && strings.Contains(out, "warning") || tt.want != "" && !strings.Contains(out, tt.want) {
			t.Errorf("%s says %q, want %q", tt.args, out, tt.want)
		}
	}
}
