package main

import (
	"bytes"
	"encoding/csv"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"mazebook/catalogue"
)

// hiddenTemps returns the hidden temporary files in dir.
func hiddenTemps(t *testing.T, dir string) []string {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*"))
	return names
}

// A worker killed outright (kill -9) while it writes a book leaves its
// hidden temporary file; the next run into the folder removes it at
// once, not an hour later, and still builds every book.
func TestKilledWorkerLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"big.yaml":         "title: Big\nseed: 3\nsections:\n  - {count: 200, size: 60x60}\n",
		"specs/plain.yaml": "title: Plain\nseed: 4\nsections:\n  - {count: 2, size: 6x6}\n",
	})
	books := filepath.Join(dir, "books")
	os.Mkdir(books, 0o755)
	cmd := mazebookProcess(dir, "build", "big.yaml", "-q", "-o", "books/big.pdf")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for len(hiddenTemps(t, books)) == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	left := hiddenTemps(t, books)
	if len(left) == 0 {
		t.Fatal("the killed build left no temporary file to clean up: did it finish first?")
	}
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "-q"); code != 0 {
		t.Fatalf("the next run: exit %d: %s", code, stderr)
	}
	if left := hiddenTemps(t, books); len(left) > 0 {
		t.Errorf("the next run left %s", strings.Join(left, ", "))
	}
	if _, err := os.Stat(filepath.Join(books, "plain.pdf")); err != nil {
		t.Error(err)
	}
}

// --list records the list it printed beside the outputs, and --index N
// builds line N of that record: a spec added to the folder since (its
// name sorting first) shifts no index, and the last line is still built;
// a line whose spec changed since, or is gone, is refused (exit code 2),
// saying why, and nothing is built.
func TestIndexBuildsTheLineListed(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, batchSpecs)
	_, list, stderr := mazebook(t, dir, "build", "specs", "--list", "-o", "books")
	lines := strings.Split(strings.TrimSpace(list), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines: %s%s", len(lines), list, stderr)
	}
	record, err := os.ReadFile(filepath.Join(dir, "books", "catalogue-list.json"))
	if err != nil || !strings.Contains(string(record), `"spec": "specs/class.yaml"`) || !strings.Contains(string(record), `"digest": "`) {
		t.Fatalf("the record of the list: %v\n%s", err, record)
	}
	// A spec added since: it sorts first, and the folder now lists 7.
	writeFiles(t, dir, map[string]string{"specs/aardvark.yaml": "title: Aardvark\nseed: 1\nsections:\n  - {count: 2, size: 6x6}\n"})
	for i, want := range map[int]string{0: "class.pdf", 5: "quest-vol-02-es.pdf"} {
		code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "--index", strconv.Itoa(i))
		if code != 0 || !strings.Contains(stderr, "books/"+want) || !strings.Contains(stderr, strings.Replace(lines[i], " -q", "", 1)) {
			t.Errorf("--index %d: exit %d: %s; want line %d as listed: %s", i, code, stderr, i, lines[i])
		}
	}
	for _, name := range []string{"aardvark.pdf", "plain.pdf"} {
		if _, err := os.Stat(filepath.Join(dir, "books", name)); err == nil {
			t.Errorf("%s built: the indices shifted", name)
		}
	}
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "--index", "6"); code != 2 || !strings.Contains(stderr, "--index 6 is past the end: books/catalogue-list.json lists 6 books") {
		t.Errorf("--index 6: exit %d: %s", code, stderr)
	}

	// The series' spec changed since (another seed): its lines refused.
	writeFiles(t, dir, map[string]string{"specs/quest.yaml": strings.Replace(batchSpecs["specs/quest.yaml"], "seed: 9", "seed: 10", 1)})
	os.Remove(filepath.Join(dir, "specs", "plain.yaml"))
	for i, want := range map[int]string{2: "line 2 of the list (quest-vol-01-en): specs/quest.yaml has changed since --list recorded it", 1: "line 1 of the list (plain): its spec specs/plain.yaml is gone"} {
		before, _ := filepath.Glob(filepath.Join(dir, "books", "*"))
		code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "--index", strconv.Itoa(i))
		if code != 2 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "run --list again") {
			t.Errorf("--index %d: exit %d: %s; want 2 and %q", i, code, stderr, want)
		}
		if after, _ := filepath.Glob(filepath.Join(dir, "books", "*")); len(after) != len(before) {
			t.Errorf("--index %d refused, and wrote %v", i, after)
		}
	}
	// Other specs than --list's.
	if code, _, stderr := mazebook(t, dir, "build", "specs/class.yaml", "specs/quest.yaml", "-o", "books", "--index", "0"); code != 2 || !strings.Contains(stderr, "records the list of specs, not of specs/class.yaml specs/quest.yaml") {
		t.Errorf("--index of other specs: exit %d: %s", code, stderr)
	}
}

// --manifest names a book that no longer matches its spec, and the exit
// code is 1: one built from an older seed of its spec, with the same
// title and page count; and one whose record names the spec as it is
// now but whose mazes are not the spec's (another version of mazebook
// built it: its record carries the fingerprints of the mazes it holds,
// and they are not those the spec makes). Neither's mazes are
// certified.
func TestManifestNamesAStaleBook(t *testing.T) {
	dir := t.TempDir()
	book := "title: Plain\nseed: 8\nsections:\n  - {count: 2, size: 6x6}\n"
	writeFiles(t, dir, map[string]string{"specs/a.yaml": book, "specs/b.yaml": strings.Replace(book, "Plain", "Other", 1)})
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	newer := strings.Replace(book, "seed: 8", "seed: 9", 1)
	writeFiles(t, dir, map[string]string{"specs/a.yaml": newer, "specs/b.yaml": strings.Replace(newer, "Plain", "Other", 1)})
	// b.pdf is made to say it was built from b.yaml as it is now, its
	// mazes still seed 8's.
	if code, _, stderr := mazebook(t, dir, "build", "specs/b.yaml", "-o", "fresh/b.pdf", "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	fresh, _ := os.ReadFile(filepath.Join(dir, "fresh", "b.pdf"))
	old, _ := os.ReadFile(filepath.Join(dir, "books", "b.pdf"))
	digest := func(data []byte) string {
		info, err := catalogue.ReadPDF(data)
		if err != nil {
			t.Fatal(err)
		}
		return info.Record.Spec
	}
	os.WriteFile(filepath.Join(dir, "books", "b.pdf"), bytes.Replace(old, []byte(digest(old)), []byte(digest(fresh)), 1), 0o644)

	code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "--manifest")
	if code != 1 {
		t.Errorf("exit %d, want 1: %s", code, stderr)
	}
	for _, want := range []string{
		"books/a.pdf was built from another version of specs/a.yaml",
		"books/b.pdf holds 2 mazes, 2 of them not those its spec makes now",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("--manifest says:\n%s\nwant %q", stderr, want)
		}
	}
	rows := readCSV(t, filepath.Join(dir, "books", "catalogue.csv"))
	for _, r := range rows[1:] {
		if r["error"] == "" || r["repeated_mazes"] != "" {
			t.Errorf("%s certified: %v", r["name"], r)
		}
	}
}

// A listing edited (the description, keywords, prices a store's form
// reads) leaves the books as they are: --manifest still certifies them,
// exit 0, with the new listing on the sheet. A printed text changed (the
// back cover) makes the book stale: exit 1, the book named.
func TestManifestOfAnEditedListing(t *testing.T) {
	dir := t.TempDir()
	book := "title: Plain\nseed: 8\npad: 24\nlisting: {description: Two mazes., keywords: [mazes], prices: {USD: 5.99}}\ncover: {back: Two small mazes.}\nsections:\n  - {count: 2, size: 6x6}\n"
	writeFiles(t, dir, map[string]string{"specs/a.yaml": book})
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	listed := strings.NewReplacer("Two mazes.", "Two mazes for a rainy day.", "[mazes]", "[mazes, puzzles]", "5.99", "6.49").Replace(book)
	writeFiles(t, dir, map[string]string{"specs/a.yaml": listed})
	code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "--manifest", "-q")
	if code != 0 {
		t.Errorf("a listing edited: exit %d, want 0: %s", code, stderr)
	}
	rows := readCSV(t, filepath.Join(dir, "books", "catalogue.csv"))
	if len(rows) != 2 || rows[1]["error"] != "" || !strings.Contains(strings.Join(slices.Collect(maps.Values(rows[1])), "|"), "Two mazes for a rainy day.") {
		t.Errorf("a listing edited: the sheet %v", rows)
	}
	writeFiles(t, dir, map[string]string{"specs/a.yaml": strings.Replace(listed, "Two small mazes.", "Two little mazes.", 1)})
	code, _, stderr = mazebook(t, dir, "build", "specs", "-o", "books", "--manifest")
	if code != 1 || !strings.Contains(stderr, "books/a.pdf was built from another version of specs/a.yaml") {
		t.Errorf("the back cover changed: exit %d, want 1 and the book named: %s", code, stderr)
	}
}

// readCSV reads a manifest's rows, each by its columns' names (the
// first row the header's own).
func readCSV(t *testing.T, name string) []map[string]string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]string
	for _, rec := range recs {
		row := map[string]string{}
		for i, c := range recs[0] {
			row[c] = rec[i]
		}
		out = append(out, row)
	}
	return out
}

// --unique keeps a catalogue from selling a maze twice: of two specs
// with the same seed that share their first maze (and no other), that
// maze of the second is drawn again, its other mazes as they were, the
// same in the catalogue run and in each line of --list (which passes it
// with --redraw), byte for byte, and --manifest, told --unique too,
// certifies both with no maze repeated.
func TestUniqueAcrossBooks(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"specs/a.yaml": "title: A\nseed: 5\nsections:\n  - {count: 6, size: 7x7}\n",
		"specs/b.yaml": "title: B\nseed: 5\nsections:\n  - {count: 1, size: 7x7}\n  - {count: 5, size: 9x9}\n",
		"specs/c.yaml": "title: C\nseed: 6\nsections:\n  - {count: 6, size: 7x7}\n"})
	code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "books", "--unique")
	if code != 0 || !strings.Contains(stderr, "--unique: b: 1 maze drawn again (maze 1), as it repeated a's") || strings.Contains(stderr, "sold twice") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows := readCSV(t, filepath.Join(dir, "books", "catalogue.csv"))
	for _, r := range rows[1:] {
		if r["repeated_mazes"] != "0" {
			t.Errorf("%s repeats %s mazes", r["name"], r["repeated_mazes"])
		}
	}
	code, list, stderr := mazebook(t, dir, "build", "specs", "-o", "par", "--list", "--unique", "-q")
	if code != 0 || !strings.Contains(list, "specs/b.yaml --redraw '1:") || strings.Count(list, "--redraw") != 1 {
		t.Fatalf("--list --unique: exit %d: %s%s", code, list, stderr)
	}
	for i := range 3 {
		if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "par", "--index", strconv.Itoa(i), "-q"); code != 0 {
			t.Fatalf("--index %d: exit %d: %s", i, code, stderr)
		}
	}
	sameFiles(t, pdfsIn(t, filepath.Join(dir, "books")), pdfsIn(t, filepath.Join(dir, "par")), "--list --unique and --index")
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "par", "--manifest", "--unique", "-q"); code != 0 {
		t.Errorf("--manifest --unique: exit %d: %s", code, stderr)
	}
	if code, _, stderr := mazebook(t, dir, "build", "specs", "-o", "par", "--manifest", "-q"); code != 1 || !strings.Contains(stderr, "par/b.pdf was built from another version of specs/b.yaml") {
		t.Errorf("--manifest without --unique: exit %d: %s", code, stderr)
	}
	if code, _, stderr := mazebook(t, dir, "build", "specs/a.yaml", "--unique"); code != 2 || !strings.Contains(stderr, "--unique is for a catalogue") {
		t.Errorf("--unique of one book: exit %d: %s", code, stderr)
	}
	for _, bad := range []string{"1", "0:1", "1:0", "x:2", "1:1,1:2"} {
		if code, _, stderr := mazebook(t, dir, "build", "specs/a.yaml", "-o", "one.pdf", "--redraw", bad); code != 2 || !strings.Contains(stderr, "--redraw") {
			t.Errorf("--redraw %s: exit %d: %s", bad, code, stderr)
		}
	}
	if code, _, stderr := mazebook(t, dir, "build", "specs", "--redraw", "1:1"); code != 2 || !strings.Contains(stderr, "--redraw is for one book") {
		t.Errorf("--redraw of a catalogue: exit %d: %s", code, stderr)
	}
}
