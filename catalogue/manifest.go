package catalogue

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
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
		w.Write(row)
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

// WriteManifest writes catalogue.csv and catalogue.json into dir.
func WriteManifest(dir string, results []Result) error {
	c, j, err := Manifest(results)
	if err != nil {
		return err
	}
	if err := writeAtomic(filepath.Join(dir, "catalogue.csv"), c); err != nil {
		return err
	}
	return writeAtomic(filepath.Join(dir, "catalogue.json"), j)
}
