package main

import (
	"bytes"
	"encoding/csv"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"mazebook/files"
)

// batchSpecs is a small catalogue with every kind of file: a book with a
// teacher edition and covers, a series of two volumes in two editions
// with covers, and a plain book. The books with covers have 24 pages, as
// a paperback needs.
var batchSpecs = map[string]string{
	"specs/class.yaml": "title: Class Mazes\nseed: 31\npreset: kdp\npad: 24\nteacher_edition: true\npage:\n  size: 8.5x11in\nstyle:\n  color: black\ncover:\n  paper: cream\nsections:\n  - {title: Easy, count: 28, difficulty: 2, per_page: 2}\n",
	"specs/quest.yaml": "title: Quest\nseed: 9\npad: 24\nseries: {volumes: 2}\neditions:\n  - {name: en}\n  - {name: es, language: es, title: Misión}\ncover: {paper: white}\nsections:\n  - {count: 2, size: 8x8}\n",
	"specs/plain.yaml": "title: Plain\nseed: 4\nsections:\n  - {count: 2, size: 6x6}\n",
}

// pdfsIn returns the PDFs of a folder, by name.
func pdfsIn(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "*.pdf"))
	out := map[string][]byte{}
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(n)] = data
	}
	return out
}

// sameFiles reports the differences between the files of two folders.
func sameFiles(t *testing.T, want, got map[string][]byte, what string) {
	t.Helper()
	for name, data := range want {
		if g, ok := got[name]; !ok {
			t.Errorf("%s made no %s", what, name)
		} else if !bytes.Equal(g, data) {
			t.Errorf("%s: %s is not the catalogue run's (%d bytes, want %d)", what, name, len(g), len(data))
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s made %s, which the catalogue run does not", what, name)
		}
	}
}

// The route past one machine makes what the catalogue makes: GNU
// parallel runs the lines of --list into a folder that does not exist
// yet, and every file (interiors, teacher editions, covers, the teacher
// edition's cover) is the catalogue run's byte for byte; --manifest then
// writes, from those files, the catalogue run's manifest byte for byte.
// It needs GNU parallel (required when MAZEBOOK_REQUIRE_TOOLS is set).
func TestListThroughGNUParallel(t *testing.T) {
	parallel := requireTool(t, "parallel")
	dir := t.TempDir()
	writeFiles(t, dir, batchSpecs)
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "-q"); code != 0 {
		t.Fatalf("the catalogue run: exit %d: %s", code, stderr)
	}
	want := pdfsIn(t, filepath.Join(dir, "books"))
	if len(want) != 13 { // 4 of class, 2 of each of the 4 books of quest, 1 of plain
		t.Fatalf("the catalogue run made %d PDFs", len(want))
	}
	code, list, stderr := mazebook(t, dir, "build", "specs", "--list", "-o", "out/par")
	if code != 0 {
		t.Fatalf("--list: exit %d: %s", code, stderr)
	}
	// mazebook on the PATH is this test binary, run as the program.
	bin := t.TempDir()
	wrapper := "#!/bin/sh\nMAZEBOOK_TEST_MAIN=1\nMAZEBOOK_TEST_ARGS=$(printf '%s\\n' \"$@\")\nexport MAZEBOOK_TEST_MAIN MAZEBOOK_TEST_ARGS\nexec " + shellQuote(os.Args[0]) + " -test.run='^$'\n"
	if err := os.WriteFile(filepath.Join(bin, "mazebook"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(parallel, "--will-cite", "--jobs", "2", "--halt", "now,fail=1")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(list)
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "HOME="+t.TempDir(), "SHELL=/bin/sh")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("parallel: %v\n%s\nthe lines:\n%s", err, out, list)
	}
	sameFiles(t, want, pdfsIn(t, filepath.Join(dir, "out", "par")), "GNU parallel over --list")

	if code, _, stderr := mazebook(t, dir, "build", "specs", "--manifest", "-o", "out/par", "-q"); code != 0 {
		t.Fatalf("--manifest: exit %d: %s", code, stderr)
	}
	for _, m := range []string{"catalogue.csv", "catalogue.json"} {
		a, _ := os.ReadFile(filepath.Join(dir, "books", m))
		b, _ := os.ReadFile(filepath.Join(dir, "out", "par", m))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s from --manifest is not the catalogue run's:\n%s\nwant:\n%s", m, b, a)
		}
	}
}

// Each line of --list names every file of its book; --index N builds
// line N's book alone, with all its files, in this process, making its
// folder; an index past the end, or not a whole number, is refused.
func TestBuildIndex(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, batchSpecs)
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "-q"); code != 0 {
		t.Fatalf("the catalogue run: exit %d: %s", code, stderr)
	}
	want := pdfsIn(t, filepath.Join(dir, "books"))
	_, list, _ := mazebook(t, dir, "build", "specs", "--list", "-o", "idx/books")
	lines := strings.Split(strings.TrimSpace(list), "\n")
	if want := "mazebook build specs/class.yaml -q -o idx/books/class.pdf --teacher idx/books/class-teacher.pdf --cover idx/books/class-cover.pdf --teacher-cover idx/books/class-teacher-cover.pdf"; lines[0] != want {
		t.Errorf("--list line 1: %q, want %q", lines[0], want)
	}
	if len(lines) != 6 {
		t.Fatalf("%d lines:\n%s", len(lines), list)
	}
	for i := range lines {
		code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "idx/books", "--index", strconv.Itoa(i))
		if code != 0 || !strings.Contains(stderr, "--index "+strconv.Itoa(i)+", book "+strconv.Itoa(i+1)+" of 6: mazebook build") {
			t.Fatalf("--index %d: exit %d: %s", i, code, stderr)
		}
	}
	sameFiles(t, want, pdfsIn(t, filepath.Join(dir, "idx", "books")), "--index 0 to 5")

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--index", "6"}, "--index 6 is past the end: the catalogue lists 6 books, --index 0 to 5"},
		{[]string{"--index", "-1"}, "--index, --jobs and --max-pages are whole numbers"},
		{[]string{"--index", "x"}, "invalid value"},
		{[]string{"--index", "0", "--list"}, "choose one of --list, --index and --manifest"},
		{[]string{"--index", "0", "--manifest"}, "choose one of --list, --index and --manifest"},
		{[]string{"--index", "0", "--cover", "x.pdf"}, "--cover is for one book"},
	} {
		code, _, stderr := mazebook(t, dir, append([]string{"build", "specs", "-o", "idx/more"}, c.args...)...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "idx", "more")); !errors.Is(err, os.ErrNotExist) {
		t.Error("a refused --index made its folder")
	}
}

// --manifest builds nothing: it lists the books in the folder, names
// each one missing a file or not matching its spec (exit code 1), and
// leaves the books as they were.
func TestManifestFromFiles(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, batchSpecs)
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	books := filepath.Join(dir, "books")
	os.Remove(filepath.Join(books, "quest-vol-02-es-cover.pdf"))
	plain, _ := os.ReadFile(filepath.Join(books, "plain.pdf"))
	os.WriteFile(filepath.Join(books, "class-teacher.pdf"), plain, 0o644)
	before := pdfsIn(t, books)
	code, _, stderr := mazebook(t, dir, "build", "specs", "--manifest", "-o", "books")
	for _, want := range []string{
		"mazebook build: quest-vol-02-es: books/quest-vol-02-es-cover.pdf is missing",
		`mazebook build: class: books/class-teacher.pdf is titled "Plain", and its spec's is "Class Mazes (teacher edition)"`,
		"books/class-teacher.pdf has 3 pages, and its spec plans 24",
		"listed 6 books in books/catalogue.csv and catalogue.json",
		"4 complete, 2 missing files or not matching their spec",
		"2 of 6 books are not there as their specs make them",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("--manifest does not say %q:\n%s", want, stderr)
		}
	}
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	sameFiles(t, before, pdfsIn(t, books), "--manifest")
	data, _ := os.ReadFile(filepath.Join(books, "catalogue.csv"))
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil || len(rows) != 8 || !strings.Contains(string(data), "quest-vol-02-es-cover.pdf is missing") { // a teacher edition is a row of its own
		t.Errorf("catalogue.csv (%v):\n%s", err, data)
	}
	// A folder that is not there holds no books: said once, not book by
	// book.
	code, _, stderr = mazebook(t, dir, "build", "specs", "--manifest", "-o", "nothere")
	if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "the folder nothere does not exist") {
		t.Errorf("--manifest of a missing folder: exit %d, %s", code, stderr)
	}
}

// A single build makes the folders of its outputs, and removes them
// again when it fails.
func TestBuildMakesItsFolder(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, batchSpecs)
	if code, _, stderr := mazebook(t, dir, "build", "specs/plain.yaml", "-o", "new/deep/plain.pdf", "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "new", "deep", "plain.pdf")); err != nil {
		t.Error(err)
	}
	// plain has 2 pages: the kdp check fails it after its outputs are
	// made ready.
	code, _, stderr := mazebook(t, dir, "build", "specs/plain.yaml", "-o", "gone/deep/plain.pdf", "--check", "kdp")
	if code != 1 || !strings.Contains(stderr, "print-on-demand") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "gone")); !errors.Is(err, os.ErrNotExist) {
		t.Error("a failed build left its folder behind")
	}
}

// Many builds making one new folder at once, as a batch engine's
// commands do on a fresh folder, all find it made: none fails because
// another made it first.
func TestMakeFolderAtOnce(t *testing.T) {
	for round := range 20 {
		name := filepath.Join(t.TempDir(), "a", "b", strconv.Itoa(round), "x.pdf")
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b := files.NewBatch(nil, nil)
				defer b.Abort()
				if errs[i] = makeFolder(b, "-o", name); errs[i] != nil {
					return
				}
				if _, errs[i] = b.Create("-o", name); errs[i] == nil {
					errs[i] = b.Commit()
				}
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("round %d, build %d: %v", round, i, err)
			}
		}
	}
}

// 'mazebook cover' draws the cover of one volume and edition, the bytes
// the catalogue writes; a catalogue spec without --volume or --edition
// is refused, as it is for stats, naming its books.
func TestCoverAndStatsOfOneBook(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, batchSpecs)
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if code, _, stderr := mazebook(t, dir, "cover", "specs/quest.yaml", "--volume", "2", "--edition", "es", "-q"); code != 0 {
		t.Fatalf("cover: exit %d: %s", code, stderr)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "books", "quest-vol-02-es-cover.pdf"))
	b, _ := os.ReadFile(filepath.Join(dir, "quest-vol-02-es-cover.pdf"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("the cover of volume 2 in es (%d bytes) is not the catalogue's (%d bytes)", len(b), len(a))
	}
	for _, cmd := range []string{"cover", "stats"} {
		code, _, stderr := mazebook(t, dir, cmd, "specs/quest.yaml")
		if code != 2 || !strings.Contains(stderr, "specs/quest.yaml makes 4 books (a series or editions): choose one with --volume 1 --edition en, or --volume 1 --edition es,") {
			t.Errorf("%s of a catalogue spec: exit %d, %s", cmd, code, stderr)
		}
	}
	// stats measures the book chosen: two volumes, two sets of mazes;
	// two editions, one.
	rows := map[string]string{}
	for _, v := range [][]string{{"--volume", "1", "--edition", "en"}, {"--volume", "2", "--edition", "en"}, {"--volume", "1", "--edition", "es"}} {
		code, out, stderr := mazebook(t, dir, append([]string{"stats", "specs/quest.yaml", "--csv"}, v...)...)
		if code != 0 {
			t.Fatalf("stats %v: exit %d: %s", v, code, stderr)
		}
		rows[strings.Join(v, " ")] = out
	}
	if rows["--volume 1 --edition en"] == rows["--volume 2 --edition en"] {
		t.Error("stats measures volume 2 as volume 1")
	}
	// The same mazes, their sections named in each edition's language
	// (the bonus mazes pad: adds are "Bonus mazes", "Laberintos extra").
	mazes := func(csv string) string {
		var out []string
		for _, line := range strings.Split(csv, "\n") {
			if f := strings.Split(line, ","); len(f) > 3 {
				out = append(out, strings.Join(append(f[:2:2], f[3:]...), ","))
			}
		}
		return strings.Join(out, "\n")
	}
	if mazes(rows["--volume 1 --edition en"]) != mazes(rows["--volume 1 --edition es"]) || !strings.Contains(rows["--volume 1 --edition es"], "Laberintos extra") {
		t.Errorf("stats measures the editions of volume 1 as other mazes:\n%s\n%s", rows["--volume 1 --edition en"], rows["--volume 1 --edition es"])
	}
}

// validate checks every book of a catalogue spec as build makes it: a
// series whose later volumes rise past what their size allows is refused
// at the volumes that fail, each named with the flags that build it.
func TestValidateEveryBook(t *testing.T) {
	for _, c := range []struct {
		name, spec string
		code       int
		want       []string
	}{{
		name: "a series rising past its size",
		spec: "title: Rising\nseed: 12\nseries: {volumes: 4, rising: 2}\nsections:\n  - {title: Warm-up, count: 3, difficulty: 3, size: 8x8}\n",
		code: 2,
		want: []string{"b.yaml --volume 1: ok: 3 mazes on 4 pages", "3 of 4 books of b.yaml would not be built",
			"b.yaml --volume 2: b.yaml:5:53: section 1 (\"Warm-up\"): 8x8 is too small for its level (level 5, medium)", "b.yaml --volume 4: b.yaml:5:53:"}, // the first maze of the level, said before the others are made
	}, {
		name: "an edition whose cover has no spine",
		spec: "title: Short\nseed: 3\ncover: {paper: white}\neditions:\n  - {name: en, pad: 24}\n  - {name: fr, language: fr}\nsections:\n  - {count: 2, size: 6x6}\n",
		code: 1,
		want: []string{"b.yaml --edition en: ok: 19 mazes on 24 pages, with its cover", "b.yaml --edition fr: b.yaml: the book has 3 pages, and a paperback needs 24 at least"},
	}, {
		name: "every book good",
		spec: batchSpecs["specs/quest.yaml"],
		code: 0,
		want: []string{"b.yaml --volume 2 --edition es: ok: 19 mazes on 24 pages, with its cover", "b.yaml: ok: all 4 books"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"b.yaml": c.spec})
			code, out, stderr := mazebook(t, dir, "validate", "b.yaml")
			for _, w := range c.want {
				if !strings.Contains(out+stderr, w) {
					t.Errorf("validate does not say %q:\n%s%s", w, out, stderr)
				}
			}
			if code != c.code {
				t.Errorf("exit %d, want %d", code, c.code)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Error("validate wrote a file")
			}
		})
	}
}
