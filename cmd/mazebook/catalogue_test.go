package main

import (
	"bytes"
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"mazebook/layout/kdp"
	"mazebook/layout/spec"
)

// A folder of specs, one broken: the others are built, the broken one's
// error names its file and line, the exit code says not all were built,
// and the manifest lists every book. The books are the bytes that single
// builds of each one make, as --list prints them.
func TestBuildCatalogue(t *testing.T) {
	dir := t.TempDir()
	specs := filepath.Join(dir, "specs")
	os.Mkdir(specs, 0o755)
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(specs, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a-plain.yaml", "title: Plain\nseed: 4\nsections:\n  - {count: 2, size: 6x6}\n")
	write("b-series.yaml", "title: Quest\nseed: 9\nseries: {volumes: 2}\neditions:\n  - {name: en}\n  - {name: es, language: es}\nsections:\n  - {count: 2, difficulty: 3}\n")
	write("c-broken.yaml", "title: Broken\nsections:\n  - {count: 2, size: 0x5}\n")
	write("notes.txt", "not a spec")

	code, out, stderr := mazebook(t, dir, "build", "specs", "-o", "books")
	if code == 0 || !strings.Contains(stderr, "c-broken.yaml:3:") || !strings.Contains(stderr, "1 of 6 books were not built") {
		t.Fatalf("exit %d: %s%s", code, out, stderr)
	}
	books := filepath.Join(dir, "books")
	for _, name := range []string{"a-plain.pdf", "b-series-vol-01-en.pdf", "b-series-vol-01-es.pdf", "b-series-vol-02-en.pdf", "b-series-vol-02-es.pdf", "catalogue.csv", "catalogue.json"} {
		if _, err := os.Stat(filepath.Join(books, name)); err != nil {
			t.Errorf("not written: %s", name)
		}
	}
	if _, err := os.Stat(filepath.Join(books, "c-broken.pdf")); err == nil {
		t.Error("the broken spec wrote a book")
	}
	f, _ := os.Open(filepath.Join(books, "catalogue.csv"))
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(rows) != 7 {
		t.Fatalf("the manifest has %d rows (%v)", len(rows), err)
	}
	col := map[string]int{}
	for i, c := range rows[0] {
		col[c] = i
	}
	pdfinfo, _ := exec.LookPath("pdfinfo")
	for _, r := range rows[1:] {
		if r[col["name"]] == "c-broken" {
			if !strings.Contains(r[col["error"]], "c-broken.yaml:3:") || r[col["interior"]] != "" {
				t.Errorf("the broken book's row: %v", r)
			}
			continue
		}
		pages, _ := strconv.Atoi(r[col["pages"]])
		spine, _ := strconv.ParseFloat(r[col["spine_in"]], 64)
		if want := kdp.SpineWidth(pages, spec.PaperWhite) / spec.PointsPerInch; pages == 0 || spine < want-1e-4 || spine > want+1e-4 {
			t.Errorf("%s: %d pages, spine %g in, want %g", r[col["name"]], pages, spine, want)
		}
		if pdfinfo != "" {
			info, err := exec.Command(pdfinfo, filepath.Join(books, r[col["interior"]])).Output()
			if err != nil || !strings.Contains(string(info), "Pages:           "+r[col["pages"]]+"\n") {
				t.Errorf("%s: pdfinfo says otherwise than %s pages:\n%s", r[col["name"]], r[col["pages"]], info)
			}
		}
	}
	if got := rows[4][col["title"]]; got != "Quest, Volumen 2" && got != "Quest, Volume 2" {
		t.Errorf("volume 2's title: %q", got)
	}

	// --list prints one command a book; each, run alone, makes the same
	// bytes. The broken spec is not listed, and the exit code says so.
	code, out, stderr = mazebook(t, dir, "build", "specs", "--list", "-o", "books")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 2 || len(lines) != 5 || !strings.Contains(stderr, "c-broken: not listed: specs/c-broken.yaml:3:") {
		t.Fatalf("--list: exit %d, %d lines:\n%s%s", code, len(lines), out, stderr)
	}
	if want := "mazebook build specs/b-series.yaml --volume 2 --edition es -q -o books/b-series-vol-02-es.pdf"; lines[4] != want {
		t.Errorf("--list line 5: %q, want %q", lines[4], want)
	}
	single := filepath.Join(dir, "single")
	os.Mkdir(single, 0o755)
	for _, l := range lines {
		if strings.Contains(l, "c-broken") {
			continue
		}
		args := strings.Fields(l)[1:]
		name := filepath.Base(args[len(args)-1])
		args[len(args)-1] = filepath.Join("single", name)
		if code, _, stderr := mazebook(t, dir, args...); code != 0 {
			t.Fatalf("%s: exit %d: %s", l, code, stderr)
		}
		a, _ := os.ReadFile(filepath.Join(books, name))
		b, _ := os.ReadFile(filepath.Join(single, name))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s: the catalogue's book (%d bytes) is not the single build's (%d bytes)", name, len(a), len(b))
		}
	}

	// One book of one spec.
	if code, _, stderr := mazebook(t, dir, "build", "specs/b-series.yaml", "--volume", "3"); code == 0 || !strings.Contains(stderr, "no volume 3") {
		t.Errorf("volume 3 of 2: exit %d, %s", code, stderr)
	}
	if code, _, stderr := mazebook(t, dir, "build", "specs", "--seed", "3"); code == 0 || !strings.Contains(stderr, "--seed is for one book") {
		t.Errorf("--seed on a catalogue: exit %d, %s", code, stderr)
	}
}

// The example catalogue builds as the README says: six paperbacks with
// covers, every one passing the print-on-demand check, fonts embedded.
func TestCatalogueExample(t *testing.T) {
	dir := t.TempDir()
	example, _ := filepath.Abs("../../examples/catalogue")
	code, _, stderr := mazebook(t, dir, "build", example, "-o", "books", "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, _ := os.Open(filepath.Join(dir, "books", "catalogue.csv"))
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(rows) != 7 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	col := map[string]int{}
	for i, c := range rows[0] {
		col[c] = i
	}
	pdffonts, _ := exec.LookPath("pdffonts")
	for _, r := range rows[1:] {
		if r[col["check"]] != "passed" || r[col["cover"]] == "" || r[col["interior_sha256"]] == "" {
			t.Errorf("%s: %v", r[col["name"]], r)
		}
		if pdffonts == "" {
			continue
		}
		for _, file := range []string{r[col["interior"]], r[col["cover"]]} {
			out, err := exec.Command(pdffonts, filepath.Join(dir, "books", file)).Output()
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(string(out), "\n")[2:] {
				if f := strings.Fields(line); len(f) > 4 && f[len(f)-5] != "yes" {
					t.Errorf("%s: a font is not embedded: %s", file, line)
				}
			}
		}
	}
}

// A book whose spec says preset: kdp, which the catalogue refuses (4
// pages), built alone with --check-warn: --manifest marks it failed and
// names it (exit 1), never passed; rebuilt from a spec that passes, it
// is marked passed.
func TestManifestOfABookWrittenWithCheckWarn(t *testing.T) {
	dir := t.TempDir()
	specs := filepath.Join(dir, "specs")
	os.Mkdir(specs, 0o755)
	short := "title: Short\nseed: 3\npreset: kdp\nstyle: {color: black}\nsections:\n  - {count: 4, size: 8x8}\n"
	os.WriteFile(filepath.Join(specs, "k.yaml"), []byte(short), 0o644)
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books"); code == 0 {
		t.Fatalf("the catalogue built a book that breaks its preset: %s", stderr)
	}
	if code, _, stderr := mazebook(t, dir, "build", "specs/k.yaml", "-o", "books/k.pdf", "--check-warn", "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	check := func(wantCode int, want string) {
		t.Helper()
		code, _, stderr := mazebook(t, dir, "build", "specs", "--manifest", "-o", "books")
		f, _ := os.Open(filepath.Join(dir, "books", "catalogue.csv"))
		rows, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil || len(rows) != 2 {
			t.Fatalf("the manifest: %v", err)
		}
		col := map[string]int{}
		for i, c := range rows[0] {
			col[c] = i
		}
		if code != wantCode || rows[1][col["check"]] != want {
			t.Errorf("exit %d, check %q; want exit %d, check %q\n%s", code, rows[1][col["check"]], wantCode, want, stderr)
		}
		if want == "failed" && !strings.Contains(stderr, filepath.Join("books", "k.pdf")+" breaks the print-on-demand rules of its spec's preset (kdp), written with --check-warn") {
			t.Errorf("the book is not named as breaking its preset:\n%s", stderr)
		}
	}
	check(1, "failed")
	long := strings.Replace(short, "count: 4", "count: 30", 1)
	os.WriteFile(filepath.Join(specs, "k.yaml"), []byte(long), 0o644)
	if code, _, stderr := mazebook(t, dir, "build", "specs/k.yaml", "-o", "books/k.pdf", "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	check(0, "passed")
}
