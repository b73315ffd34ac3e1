package catalogue

import (
	"bytes"
	"fmt"
	"strings"

	"encoding/csv"
	"encoding/json"
	"mazebook/files"
	"path/filepath"
	"strconv"

	"mazebook/internal/say"
)

// ManifestColumns are the columns of catalogue.csv, and the keys of each
// book in catalogue.json.
var ManifestColumns = []string{"spec", "name", "title", "subtitle", "volume", "edition", "language", "trim", "pages", "ink", "paper", "spine_in",
	"interior", "interior_sha256", "teacher", "teacher_sha256", "cover", "cover_sha256", "check", "error"}

// row is a result as the manifest writes it.
func (r Result) row() []string {
	errText := ""
	if r.Err != nil {
		errText = say.In("en", r.Err)
	}
	spine := ""
	if r.Pages > 0 {
		spine = strconv.FormatFloat(r.SpineIn, 'f', 4, 64)
	}
	pages := ""
	if r.Pages > 0 {
		pages = strconv.Itoa(r.Pages)
	}
	vol := ""
	if r.Volume > 0 {
		vol = strconv.Itoa(r.Volume)
	}
	return []string{filepath.ToSlash(r.Job.Spec), r.Job.Name, r.Title, r.Subtitle, vol, r.Edition, r.Language, r.Trim, pages, r.Ink, r.Paper, spine,
		r.Interior, r.InteriorSHA256, r.Teacher, r.TeacherSHA256, r.Cover, r.CoverSHA256, r.Check, errText}
}

// Manifest returns catalogue.csv and catalogue.json of the results: one
// row (one object) per book, built or not (a book not built has its
// error and no files).
func Manifest(results []Result) (csvData, jsonData []byte, err error) {
	var cb bytes.Buffer
	w := csv.NewWriter(&cb)
	w.Write(ManifestColumns)
	var books []map[string]any
	for _, r := range results {
		row := r.row()
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
		obj["built"] = r.Err == nil
		books = append(books, obj)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, nil, err
	}
	jb, err := json.MarshalIndent(map[string]any{"books": books}, "", "  ")
	if err != nil {
		return nil, nil, err
	}
	return cb.Bytes(), append(jb, '\n'), nil
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
