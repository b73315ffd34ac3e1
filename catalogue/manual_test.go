package catalogue

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"mazebook/layout/spec"
)

// sampleFrom finds the manual's sample of the upload sheet: the specs
// its sentence names ("the catalogue.csv that `mazebook build SPEC...
// -o books` writes") and the indented CSV lines after it.
var sampleFrom = regexp.MustCompile("the `catalogue.csv` that `mazebook\\s+build\\s+([^`]+?)\\s+-o\\s+books` writes[^\\n]*(?:\\n[^\\n]+)*\\n\\n((?:    [^\\n]*\\n)+)")

// TestManualSaysTheUploadSheet checks docs/catalogue.md's sample of the
// upload sheet against the sheet the code writes: the specs the manual
// names are built as a catalogue, and every column of the sample is one
// of catalogue.csv's, in its order, and every cell of each sample row is
// that book's (the manual leaves columns out, never changes one).
func TestManualSaysTheUploadSheet(t *testing.T) {
	root := filepath.Join("..")
	doc, err := os.ReadFile(filepath.Join(root, "docs", "catalogue.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := sampleFrom.FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/catalogue.md's sample of catalogue.csv does not say which specs it is built from (\"the `catalogue.csv` that `mazebook build SPEC... -o books` writes\")")
	}
	var paths []string
	for _, f := range strings.Fields(string(m[1])) {
		paths = append(paths, filepath.Join(root, f))
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(string(m[2]), "\n"), "\n") {
		lines = append(lines, strings.TrimPrefix(l, "    "))
	}
	sample, err := csv.NewReader(strings.NewReader(strings.Join(lines, "\n"))).ReadAll()
	if err != nil || len(sample) < 2 {
		t.Fatalf("docs/catalogue.md's sample is not CSV of a header and a row: %v", err)
	}

	jobs, err := Jobs(paths, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	books := t.TempDir()
	if _, err := Build(context.Background(), jobs, Options{Dir: books}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(books, "catalogue.csv"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	header := recs[0]
	at := -1
	for _, c := range sample[0] {
		i := slices.Index(header, c)
		switch {
		case i < 0:
			t.Errorf("the manual's sample has a column %q catalogue.csv has not", c)
		case i < at:
			t.Errorf("the manual's sample has %q after %q; catalogue.csv has it before", c, header[at])
		default:
			at = i
		}
	}
	rows := map[string]map[string]string{}
	for _, rec := range recs[1:] {
		row := map[string]string{}
		for i, c := range header {
			row[c] = rec[i]
		}
		rows[row["name"]] = row
	}
	name := slices.Index(sample[0], "name")
	if name < 0 {
		t.Fatal("the manual's sample has no name column")
	}
	for _, rec := range sample[1:] {
		row, ok := rows[rec[name]]
		if !ok {
			t.Errorf("the manual's sample has a row %s; building %s writes none", rec[name], m[1])
			continue
		}
		for i, c := range sample[0] {
			if i < len(rec) && row[c] != rec[i] {
				t.Errorf("%s: the manual says %s is %q; catalogue.csv has %q", rec[name], c, rec[i], row[c])
			}
		}
	}
}
