package catalogue

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"mazebook/files"
	"mazebook/internal/tell"
	"mazebook/layout/spec"
)

// ManifestColumns are the columns of catalogue.csv, and the keys of each
// book in catalogue.json, which has two more: built (whether the book's
// files are all there) and mazes (its mazes' fingerprints, see
// Fingerprint). A teacher edition, a title of its own on KDP, is a row of
// its own after its book's (kind "teacher edition"), its files, pages
// and spine in the book's columns.
var ManifestColumns = append(append([]string{"spec", "name", "kind", "title", "subtitle", "volume", "edition", "language", "trim", "pages", "ink", "paper", "spine_in",
	"teacher_pages", "teacher_spine_in"},
	sheetColumns...),
	"interior", "interior_sha256", "teacher", "teacher_sha256", "cover", "cover_sha256", "teacher_cover", "teacher_cover_sha256",
	"repeated_mazes", "repeated_in_book", "repeated_in", "check", "error")

// The kinds of row of the manifest.
const (
	KindBook    = "book"
	KindTeacher = "teacher edition"
)

// teacherRow returns the row of the teacher edition of a result's book,
// as the manifest writes it: its own name, subtitle, ISBN, pages, spine
// and files in the book's columns; false when the book has none.
func (r Result) teacherRow() (Result, bool) {
	has := false
	for _, f := range r.Job.Files {
		has = has || f.Kind == Teacher
	}
	if !has {
		return r, false
	}
	t := r
	t.Job.Name = r.Job.Name + "-teacher"
	t.Subtitle, t.Sheet.ISBN = r.TeacherSubtitle, r.TeacherISBN
	t.Pages, t.SpineIn, t.TeacherPages, t.TeacherSpineIn = r.TeacherPages, r.TeacherSpineIn, 0, 0
	t.Interior, t.InteriorSHA256, t.Teacher, t.TeacherSHA256 = r.Teacher, r.TeacherSHA256, "", ""
	t.Cover, t.CoverSHA256, t.TeacherCover, t.TeacherCoverSHA256 = r.TeacherCover, r.TeacherCoverSHA256, "", ""
	return t, true
}

// row is a result as the manifest writes it, a row of kind.
func (r Result) row(kind string) []string {
	errText := ""
	if r.Err != nil {
		errText = tell.ErrorIn("en", r.Err)
	}
	count := func(n int) string {
		if n == 0 {
			return ""
		}
		return strconv.Itoa(n)
	}
	spine := func(pages int, in float64) string {
		if pages == 0 {
			return ""
		}
		return strconv.FormatFloat(in, 'f', 4, 64)
	}
	repeated, inBook := "", ""
	if r.Mazes != nil {
		repeated, inBook = strconv.Itoa(r.RepeatedMazes), strconv.Itoa(r.RepeatedInBook)
	}
	row := []string{filepath.ToSlash(r.Job.Spec), r.Job.Name, kind, r.Title, r.Subtitle, count(r.Volume), r.Edition, r.Language, r.Trim, count(r.Pages), r.Ink, r.Paper, spine(r.Pages, r.SpineIn),
		count(r.TeacherPages), spine(r.TeacherPages, r.TeacherSpineIn)}
	row = append(row, r.Sheet.cells()...)
	return append(row, r.Interior, r.InteriorSHA256, r.Teacher, r.TeacherSHA256, r.Cover, r.CoverSHA256, r.TeacherCover, r.TeacherCoverSHA256,
		repeated, inBook, strings.Join(r.RepeatedIn, " "), r.Check, errText)
}

// Manifest returns catalogue.csv and catalogue.json of the results: one
// row (one object) per book, built or not (a book not built has its
// error and no files), and one more per teacher edition. In
// catalogue.csv, repeated_in names the other books separated by spaces
// (a book's name has none), and keywords and categories are separated
// by "; "; catalogue.json gives the lists, and the numbers as numbers.
func Manifest(results []Result) (csvData, jsonData []byte, err error) {
	var cb bytes.Buffer
	w := csv.NewWriter(&cb)
	w.Write(ManifestColumns)
	var books []map[string]any
	add := func(r Result, kind string) {
		row := r.row(kind)
		safe := make([]string, len(row))
		for i, c := range row {
			safe[i] = SafeCell(c)
		}
		w.Write(safe)
		obj := map[string]any{}
		for i, c := range ManifestColumns {
			obj[c] = row[i]
		}
		obj["volume"], obj["pages"], obj["spine_in"] = r.Volume, r.Pages, r.SpineIn
		obj["teacher_pages"], obj["teacher_spine_in"] = r.TeacherPages, r.TeacherSpineIn
		obj["repeated_mazes"], obj["repeated_in_book"], obj["repeated_in"] = r.RepeatedMazes, r.RepeatedInBook, nonNil(r.RepeatedIn)
		obj["keywords"], obj["categories"] = nonNil(r.Sheet.Keywords), nonNil(r.Sheet.Categories)
		for i, c := range spec.Currencies {
			col := priceColumns()[i]
			obj[col] = nil
			if p, ok := r.Sheet.Prices[c]; ok {
				obj[col], _ = strconv.ParseFloat(p, 64)
			}
		}
		obj["mazes"] = nonNil(r.Mazes)
		obj["built"] = r.Err == nil
		books = append(books, obj)
	}
	for _, r := range results {
		add(r, KindBook)
		if t, ok := r.teacherRow(); ok {
			add(t, KindTeacher)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, nil, err
	}
	var jb bytes.Buffer
	enc := json.NewEncoder(&jb)
	enc.SetEscapeHTML(false) // "Black & white", not "Black \u0026 white"
	enc.SetIndent("", "  ")
	if err := enc.Encode(map[string]any{"books": books}); err != nil {
		return nil, nil, err
	}
	return cb.Bytes(), jb.Bytes(), nil
}

// writeManifest writes catalogue.csv and catalogue.json into opt.Dir,
// as one batch, never over an input.
func writeManifest(jobs []Job, results []Result, opt Options) error {
	c, j, err := Manifest(results)
	if err != nil {
		return err
	}
	b := files.NewBatch(opt.Tracker, nil)
	defer b.Abort()
	addInputs(b, jobs)
	for i, data := range [][]byte{c, j} {
		out, err := b.Create("", filepath.Join(opt.Dir, ManifestFiles[i]))
		if err != nil {
			return fmt.Errorf("the manifest: %w", err)
		}
		if _, err := out.Write(data); err != nil {
			return fmt.Errorf("the manifest: %w", err)
		}
	}
	if err := b.Commit(); err != nil {
		return fmt.Errorf("the manifest: %w", err)
	}
	return nil
}

// nonNil returns s, or an empty list for nil: JSON's [], not null.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// SafeCell returns a manifest's cell as a spreadsheet shows it as text:
// a cell starting with =, +, -, @, a tab or a carriage return, which a
// spreadsheet would read as a formula (=HYPERLINK(...) in a title), is
// written with a ' first, as OWASP advises against CSV injection. The
// JSON manifest holds every value as it is.
func SafeCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
