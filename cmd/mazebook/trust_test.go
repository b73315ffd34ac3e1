package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"mazebook/maze/difficulty"
)

// The tests of issue 35: the doors added last (catalogues, --list, the
// manifest, study files, calibrate, models) as an attacker and a careless
// user would try them.

// within runs mazebook in dir and fails the test when it has not
// returned after a minute: blocking forever is the failure looked for.
func within(t *testing.T, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	type result struct {
		code           int
		stdout, stderr string
	}
	done := make(chan result, 1)
	go func() {
		c, o, e := mazebook(t, dir, args...)
		done <- result{c, o, e}
	}()
	select {
	case r := <-done:
		return r.code, r.stdout, r.stderr
	case <-time.After(time.Minute):
		t.Fatalf("%v blocked", args)
		return
	}
}

// mkfifo makes a named pipe, skipping the test where there is none.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const coverBook = "title: C\npad: 24\ncover: {paper: white}\nsections:\n  - {count: 2, size: 5x5}\n"

// Two books of a catalogue that would write one file are refused before
// anything is built, the message naming both; nothing is written.
func TestCatalogueCollisions(t *testing.T) {
	for _, tc := range []struct {
		name  string
		specs map[string]string
		want  []string
	}{
		{"editions x and x-cover of a spec with a cover", map[string]string{
			"b.yaml": coverBook + "editions:\n  - {name: x}\n  - {name: x-cover}\n",
		}, []string{"the cover of b-x, from specs/b.yaml", "the book b-x-cover, from specs/b.yaml", "b-x-cover.pdf"}},
		{"a spec with a teacher edition beside a-teacher.yaml", map[string]string{
			"a.yaml":         "teacher_edition: true\nsections:\n  - {count: 1, size: 5x5}\n",
			"a-teacher.yaml": "sections:\n  - {count: 1, size: 5x5}\n",
		}, []string{"the teacher edition of a, from specs/a.yaml", "the book a-teacher, from specs/a-teacher.yaml", "a-teacher.pdf"}},
		{"a.yaml and a.yml", map[string]string{
			"a.yaml": "sections:\n  - {count: 1, size: 5x5}\n",
			"a.yml":  "sections:\n  - {count: 1, size: 5x5}\n",
		}, []string{"the book a, from specs/a.yaml", "the book a, from specs/a.yml"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, filepath.Join(dir, "specs"), tc.specs)
			code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books")
			if code != 2 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q: %s", w, stderr)
				}
			}
			if _, err := os.Stat(filepath.Join(dir, "books")); err == nil {
				t.Error("books/ was made")
			}
			if code, _, stderr := mazebook(t, dir, "build", "specs", "--list"); code != 2 || !strings.Contains(stderr, tc.want[0]) {
				t.Errorf("--list: exit %d: %s", code, stderr)
			}
		})
	}
}

// No file of a catalogue is an input: not the manifest through a link
// onto a spec, nor a book through a hard link onto a mask the spec
// reads. Nothing is written, and the inputs are as they were.
func TestCatalogueNeverWritesAnInput(t *testing.T) {
	heart, err := os.ReadFile("../../examples/heart.png")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		setup func(dir string) error
		want  string
	}{
		{"the manifest, a link to a spec", func(dir string) error {
			return os.Symlink("../specs/b.yaml", filepath.Join(dir, "books", "catalogue.csv"))
		}, "books/catalogue.csv (the catalogue's manifest) is the same file as the spec specs/b.yaml"},
		{"the manifest, a hard link to a spec", func(dir string) error {
			return os.Link(filepath.Join(dir, "specs", "b.yaml"), filepath.Join(dir, "books", "catalogue.json"))
		}, "books/catalogue.json (the catalogue's manifest) is the same file as the spec specs/b.yaml"},
		{"a book, a hard link to a mask", func(dir string) error {
			return os.Link(filepath.Join(dir, "specs", "heart.png"), filepath.Join(dir, "books", "m.pdf"))
		}, "books/m.pdf (the book m, from specs/m.yaml) is the same file as a file the spec specs/m.yaml reads, specs/heart.png"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, filepath.Join(dir, "specs"), map[string]string{
				"b.yaml":    smallSpec,
				"m.yaml":    "sections:\n  - {count: 1, mask: heart.png}\n",
				"heart.png": string(heart),
			})
			os.Mkdir(filepath.Join(dir, "books"), 0o755)
			if err := tc.setup(dir); err != nil {
				t.Fatal(err)
			}
			before := snapshot(t, dir)
			code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books")
			if code != 2 || !strings.Contains(stderr, tc.want) {
				t.Fatalf("exit %d: %s\nwant %q", code, stderr, tc.want)
			}
			sameSnapshot(t, before, snapshot(t, dir))
		})
	}
}

// A named pipe where a spec, a model, a mask, a font or a study file is
// read is refused at once, saying what it is; the good specs of a folder
// are still built.
func TestPipesAreRefusedAtOnce(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, filepath.Join(dir, "specs"), map[string]string{"a.yaml": smallSpec, "c.yaml": smallSpec})
	mkfifo(t, filepath.Join(dir, "specs", "b.yaml"))
	writeFiles(t, dir, map[string]string{
		"model.yaml": "difficulty_model: m.yaml\n" + smallSpec,
		"mask.yaml":  "sections:\n  - {count: 1, mask: m.png}\n",
		"font.yaml":  "fonts: {text: f.ttf}\n" + smallSpec,
		"book.yaml":  smallSpec,
	})
	for _, name := range []string{"m.yaml", "m.png", "f.ttf", "class.jsonl"} {
		mkfifo(t, filepath.Join(dir, name))
	}

	code, _, stderr := within(t, dir, "build", "specs", "-o", "books", "-q")
	if code != 1 || !strings.Contains(stderr, "cannot read spec specs/b.yaml: a named pipe (FIFO), not a regular file") || !strings.Contains(stderr, "1 of 3 books were not built") {
		t.Errorf("a folder with a pipe: exit %d: %s", code, stderr)
	}
	for _, book := range []string{"a.pdf", "c.pdf"} {
		if _, err := os.Stat(filepath.Join(dir, "books", book)); err != nil {
			t.Errorf("the good spec's %s was not built", book)
		}
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"build", "specs", "--list"}, 2, "b: not listed: cannot read spec specs/b.yaml: a named pipe (FIFO)"},
		{[]string{"build", "specs/b.yaml"}, 2, "cannot read spec specs/b.yaml: a named pipe (FIFO), not a regular file"},
		{[]string{"validate", "model.yaml"}, 2, `model.yaml:1:19: difficulty_model "m.yaml": a named pipe (FIFO), not a regular file`},
		{[]string{"build", "mask.yaml"}, 2, `mask "m.png": a named pipe (FIFO), not a regular file`},
		{[]string{"build", "font.yaml"}, 2, `font "f.ttf": a named pipe (FIFO), not a regular file`},
		{[]string{"maze", "--mask", "m.png", "-o", "x.svg"}, 2, "--mask m.png: a named pipe (FIFO), not a regular file"},
		{[]string{"play", "--size", "5x5", "--study", "class.jsonl", "--participant", "A1"}, 2, "study file class.jsonl: a named pipe (FIFO), not a regular file"},
		{[]string{"serve", "book.yaml", "--study", "class.jsonl", "--addr", "127.0.0.1:0"}, 2, "study file class.jsonl: a named pipe (FIFO), not a regular file"},
		{[]string{"calibrate", "class.jsonl"}, 2, "class.jsonl: a named pipe (FIFO), not a regular file"},
		{[]string{"solve", "m.png"}, 2, "m.png: a named pipe (FIFO), not a regular file"},
		{[]string{"serve", "specs/b.yaml", "--addr", "127.0.0.1:0"}, 2, "cannot read spec specs/b.yaml: a named pipe (FIFO)"},
	} {
		code, _, stderr := within(t, dir, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, want %d: %s\nwant %q", tc.args, code, tc.code, stderr, tc.want)
		}
	}
}

// The study file and calibrate's model are outputs: never the spec, nor
// a file it reads, nor a study file read, by any name.
func TestStudyFilesAreOutputs(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"book.yaml": smallSpec})
	os.Symlink("book.yaml", filepath.Join(dir, "link.jsonl"))
	writeTrials(t, filepath.Join(dir, "class.jsonl"), 8, 12)
	os.Symlink("class.jsonl", filepath.Join(dir, "class-link.yaml"))
	before := snapshot(t, dir)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "book.yaml", "--study", "book.yaml", "--addr", "127.0.0.1:0"}, "--study book.yaml is the same file as the spec book.yaml"},
		{[]string{"serve", "book.yaml", "--study", "link.jsonl", "--addr", "127.0.0.1:0"}, "--study link.jsonl is the same file as the spec book.yaml"},
		{[]string{"play", "book.yaml", "--study", "link.jsonl", "--participant", "A1"}, "--study link.jsonl is the same file as the spec book.yaml"},
		{[]string{"calibrate", "class.jsonl", "-o", "class-link.yaml"}, "-o class-link.yaml is the same file as a study file class.jsonl"},
	} {
		code, _, stderr := within(t, dir, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d: %s", tc.args, code, stderr)
		}
	}
	sameSnapshot(t, before, snapshot(t, dir))
}

// calibrate counts a file given twice (by its name and through a link)
// once, says a few lines of junk and counts the rest, skips a long line
// instead of stopping, and writes a model that reads back whatever the
// study file's name holds.
func TestCalibrateReadsEachFileOnce(t *testing.T) {
	dir := t.TempDir()
	// A name with a carriage return and a line separator, which a model's
	// comment once spilled.
	name := "class\rpeople: []\u2028x.jsonl"
	writeTrials(t, filepath.Join(dir, name), 8, 12)
	os.Symlink(name, filepath.Join(dir, "again.jsonl"))
	junk := strings.Repeat("x\n", 50000) + strings.Repeat("y", 10000) + "\n"
	writeFiles(t, dir, map[string]string{"junk.jsonl": junk})
	code, out, stderr := mazebook(t, dir, "calibrate", name, "again.jsonl", "junk.jsonl", "-o", "ourclass.yaml", "--resamples", "200")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "96 solved trials of 8 people on 12 mazes") || !strings.Contains(stderr, `again.jsonl is "class\rpeople: []\u2028x.jsonl", read once`) {
		t.Errorf("a file given twice:\n%s%s", out, stderr)
	}
	if !strings.Contains(out, "50001 unreadable lines skipped (1 a line longer than 4096 bytes, 50000 not a trial)") ||
		!strings.Contains(stderr, "junk.jsonl:50001: the line is longer than 4096 bytes") ||
		!strings.Contains(stderr, "skipped 49995 more lines of junk.jsonl") || strings.Count(stderr, "skipped junk.jsonl:") != 6 {
		t.Errorf("junk:\n%s%s", out, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "ourclass.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if m, err := difficulty.ParseModel("ourclass.yaml", data); err != nil || len(m.People) != 1 || m.People[0].Name != "ourclass" {
		t.Errorf("the model reads back as %v (%v):\n%s", m, err, data)
	}
}

// A catalogue's --list quotes every argument for a POSIX shell, writes a
// spec that looks like a flag so that no parser reads it as one, refuses
// a name holding a newline, and says so when a spec cannot be read; each
// line, run by sh, is the arguments it lists.
func TestListIsSafeForTheShell(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	names := []string{"-o=evil.yaml", "it's a book.yaml", "$(touch PWNED).yaml", "`touch PWNED`;.yaml", "x\ntouch PWNED;#.yaml", "y\rz.yaml"}
	for _, n := range names {
		writeFiles(t, filepath.Join(dir, "specs"), map[string]string{n: "sections:\n  - {count: 1, size: 5x5}\n"})
	}
	code, out, stderr := mazebook(t, dir, "build", "specs", "--list", "-o", "books")
	if code != 2 || !strings.Contains(stderr, `mazebook build: "x\ntouch PWNED;#": not listed: "specs/x\ntouch PWNED;#.yaml": the name holds a control character (U+000A)`) || !strings.Contains(stderr, "2 of 6 books not listed") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	for _, l := range lines {
		// The line's arguments, as sh reads them.
		cmd := exec.Command(sh, "-c", "printf '%s\\0' "+strings.TrimPrefix(l, "mazebook "))
		cmd.Dir = dir
		got, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		args := strings.Split(strings.TrimSuffix(string(got), "\x00"), "\x00")
		spec := args[1]
		if _, err := os.Stat(filepath.Join(dir, spec)); err != nil || strings.HasPrefix(spec, "-") {
			t.Errorf("%s: the spec reads as %q", l, spec)
		}
		if name := filepath.Base(args[len(args)-1]); args[len(args)-2] != "-o" || !strings.HasSuffix(name, ".pdf") {
			t.Errorf("%s: ends %q", l, args[len(args)-2:])
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "PWNED")); err == nil {
		t.Fatal("a listed line ran a command")
	}
	// The flag-like spec's line builds that spec, not the built-in book.
	for _, l := range lines {
		if !strings.Contains(l, "evil") {
			continue
		}
		cmd := exec.Command(sh, "-c", "printf '%s\\0' "+strings.TrimPrefix(l, "mazebook "))
		cmd.Dir = dir
		got, _ := cmd.Output()
		args := strings.Split(strings.TrimSuffix(string(got), "\x00"), "\x00")
		os.Mkdir(filepath.Join(dir, "books"), 0o755)
		if code, _, stderr := mazebook(t, dir, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "books", "-o=evil.pdf")); err != nil {
			t.Errorf("%v wrote no books/-o=evil.pdf", args)
		}
		if _, err := os.Stat(filepath.Join(dir, "mazebook.pdf")); err == nil {
			t.Errorf("%v built the built-in book", args)
		}
	}
}

// The manifest a publisher opens in a spreadsheet holds no formula: a
// title starting with =, +, -, @ reads as text there; the JSON keeps it.
func TestManifestHoldsNoFormula(t *testing.T) {
	dir := t.TempDir()
	titles := []string{`=HYPERLINK("http://evil.example/","Click")`, "+1+2", "-3+4", "@SUM(A1)", "\tTab", "Plain"}
	for i, title := range titles {
		q, _ := json.Marshal(title)
		writeFiles(t, filepath.Join(dir, "specs"), map[string]string{fmt.Sprintf("s%d.yaml", i): fmt.Sprintf("title: %s\nsections:\n  - {count: 1, size: 5x5}\n", q)})
	}
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, _ := os.Open(filepath.Join(dir, "books", "catalogue.csv"))
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(rows) != len(titles)+1 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	for i, r := range rows[1:] {
		want := titles[i]
		if i < len(titles)-1 {
			want = "'" + want
		}
		if r[3] != want || rows[0][3] != "title" {
			t.Errorf("title %q is written %q, want %q", titles[i], r[3], want)
		}
	}
	data, _ := os.ReadFile(filepath.Join(dir, "books", "catalogue.json"))
	if !bytes.Contains(data, []byte(`"title": "=HYPERLINK(`)) {
		t.Errorf("the JSON manifest does not hold the title as it is")
	}
}

// Every message names its command once.
func TestOnePrefix(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"b.yaml": smallSpec})
	for _, args := range [][]string{
		{"calibrate", "missing.jsonl"},
		{"build", "b.yaml", "-o", "b.yaml/x.pdf"},
		{"build", "missing.yaml"},
		{"maze", "--size", "0x0"},
		{"serve", "--addr", "nonsense"},
		{"build", "b.yaml", "--nope"},
	} {
		_, _, stderr := mazebook(t, dir, args...)
		prefix := "mazebook " + args[0] + ": "
		if !strings.HasPrefix(stderr, prefix) || strings.Count(stderr, "mazebook ") != 1+strings.Count(stderr, "'mazebook ") {
			t.Errorf("%v: %q", args, stderr)
		}
	}
}

// One book of a catalogue spec is one the catalogue makes: an edition
// alone on a series, or a volume alone with editions, is refused, naming
// the books there are.
func TestOneBookIsACatalogueBook(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"s.yaml": "series: {volumes: 2}\neditions:\n  - {name: en}\n  - {name: es, language: es}\nsections:\n  - {count: 1, size: 5x5}\n"})
	for _, args := range [][]string{{"--edition", "es"}, {"--volume", "2"}} {
		code, _, stderr := mazebook(t, dir, append([]string{"build", "s.yaml"}, args...)...)
		if code != 2 || !strings.Contains(stderr, strings.Join(args, " ")+" is none of the books the spec makes") || !strings.Contains(stderr, "--volume 2 --edition es") {
			t.Errorf("%v: exit %d: %s", args, code, stderr)
		}
	}
	if code, _, stderr := mazebook(t, dir, "build", "s.yaml", "--volume", "2", "--edition", "es", "-q"); code != 0 {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "s-vol-02-es.pdf")); err != nil {
		t.Error(err)
	}
}

// A spec whose name would make a hidden book is refused, saying how to
// name it; a folder's hidden files are not specs.
func TestNoHiddenBooks(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{".yaml": smallSpec, "specs/.draft.yaml": "nonsense: [", "specs/a.yaml": smallSpec})
	for _, cmd := range []string{"build", "cover"} {
		code, _, stderr := mazebook(t, dir, cmd, ".yaml")
		if code != 2 || !strings.Contains(stderr, ".yaml: its book would be a hidden file (.pdf): name it with -o FILE") {
			t.Errorf("%s: exit %d: %s", cmd, code, stderr)
		}
	}
	if code, _, stderr := mazebook(t, dir, "build", ".yaml", "-o", "named.pdf", "-q"); code != 0 {
		t.Errorf("with -o: exit %d: %s", code, stderr)
	}
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "-q"); code != 0 {
		t.Errorf("a folder with a hidden file: exit %d: %s", code, stderr)
	}
	if code, _, stderr := mazebook(t, dir, "build", "specs/.draft.yaml", "specs/a.yaml", "-o", "books", "-q"); code != 1 || !strings.Contains(stderr, "its books would be hidden files") {
		t.Errorf("a hidden spec named: exit %d: %s", code, stderr)
	}
}

// Motifs without a theme are said, at their line.
func TestMotifsWithoutATheme(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"m.yaml": "title: M\nstyle: {wall: thin, motifs: true}\nsections:\n  - {count: 2, size: 5x5}\n"})
	code, out, stderr := mazebook(t, dir, "validate", "m.yaml")
	if code != 0 || !strings.Contains(out, "note: m.yaml:2:29: style.motifs draws the theme's pictures in the page corners") {
		t.Errorf("exit %d: %s%s", code, out, stderr)
	}
	if _, _, stderr := mazebook(t, dir, "build", "m.yaml"); !strings.Contains(stderr, "note: m.yaml:2:29: style.motifs") {
		t.Errorf("build: %s", stderr)
	}
}

// A catalogue replaces a book keeping its mode, and leaves no temporary
// file.
func TestCatalogueKeepsModes(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, filepath.Join(dir, "specs"), map[string]string{"a.yaml": smallSpec, "b.yaml": smallSpec})
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	os.Mkdir(filepath.Join(dir, "books"), 0o755)
	os.WriteFile(filepath.Join(dir, "books", "a.pdf"), []byte("old"), 0o600)
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for name, mode := range map[string]os.FileMode{"a.pdf": 0o600, "b.pdf": 0o640, "catalogue.csv": 0o640} {
		if st, err := os.Stat(filepath.Join(dir, "books", name)); err != nil || st.Mode().Perm() != mode {
			t.Errorf("%s: %v, want %v", name, st.Mode().Perm(), mode)
		}
	}
	if temps, _ := filepath.Glob(filepath.Join(dir, "books", ".*")); len(temps) > 0 {
		t.Errorf("left behind: %v", temps)
	}
}

// A catalogue says what it makes before it starts, and a short spec that
// asks for thousands of books is refused past --max-pages, before any
// book is built.
func TestCatalogueBudget(t *testing.T) {
	dir := t.TempDir()
	var eds strings.Builder
	for i := range 20 {
		fmt.Fprintf(&eds, "  - {name: e%d}\n", i)
	}
	writeFiles(t, dir, map[string]string{
		"bomb/b.yaml": "series: {volumes: 100}\neditions:\n" + eds.String() + "sections:\n  - {count: 1000, size: 10x10}\n",
		"ok/a.yaml":   smallSpec,
	})
	code, _, stderr := mazebook(t, dir, "build", "bomb", "-o", "books")
	if code != 2 || !strings.Contains(stderr, "the catalogue makes more than 100000 pages") || !strings.Contains(stderr, "raise --max-pages") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "books")); err == nil {
		t.Error("books/ was made")
	}
	// The lines a batch engine would run are held to it too.
	code, stdout, stderr := mazebook(t, dir, "build", "bomb", "--list")
	if code != 2 || stdout != "" || !strings.Contains(stderr, "more than 100000 pages") || !strings.Contains(stderr, "raise --max-pages to list it") {
		t.Errorf("--list: exit %d: %s%s", code, stdout, stderr)
	}
	code, _, stderr = mazebook(t, dir, "build", "ok", "-o", "books")
	if code != 0 || !strings.Contains(stderr, "building 1 book, 4 pages, about 1 MB of PDF, into books") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if code, _, stderr := mazebook(t, dir, "build", "ok", "-o", "books", "--max-pages", "3"); code != 2 || !strings.Contains(stderr, "more than 3 pages") {
		t.Errorf("--max-pages 4: exit %d: %s", code, stderr)
	}
}

// --index builds a line of --list, and no catalogue --list refuses: the
// same --max-pages holds for both, and for --manifest, which makes the
// books' mazes again; under the limit, --index builds its book.
func TestIndexHeldToMaxPages(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"ok/a.yaml": smallSpec, "ok/b.yaml": smallSpec})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--list"}, "raise --max-pages to list it"},
		{[]string{"--index", "0"}, "raise --max-pages to build its books"},
		{[]string{"--index", "1"}, "raise --max-pages to build its books"},
		{[]string{"--manifest"}, "raise --max-pages to list its books"},
	} {
		args := append([]string{"build", "ok", "-o", "books", "--max-pages", "5"}, c.args...)
		code, stdout, stderr := mazebook(t, dir, args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, "the catalogue makes more than 5 pages") || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d: %s%s", c.args, code, stdout, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "books")); err == nil {
		t.Error("books/ was made")
	}
	if code, _, stderr := mazebook(t, dir, "build", "ok", "-o", "books", "--max-pages", "8", "--index", "1", "-q"); code != 0 {
		t.Errorf("under the limit: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "books", "b.pdf")); err != nil {
		t.Error(err)
	}
}
