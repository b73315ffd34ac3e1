// Package format is the table of the file formats mazebook writes a
// picture in: a file's extension names its writer. Every command that
// writes one picture (a maze, a chart) looks its format up here.
package format

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"mazebook/layout/display"
	"mazebook/layout/pdf"
	"mazebook/layout/png"
	"mazebook/layout/spec"
	"mazebook/layout/svg"
	"mazebook/maze"
)

// Picture is what one file shows: a page, and for the pixel matrix forms
// (text, PBM) the maze itself.
type Picture struct {
	Page display.Page
	// Maze and Solution are the maze on the page and its drawn solution
	// (nil for none), for the text form (the PBM has no solution).
	Maze     *maze.Maze
	Solution []int
	// Title, Creator and Created are the PDF's metadata.
	Title, Creator string
	Created        time.Time
	// Record is the PDF's record of the spec it is drawn from (see
	// pdf.Record), none when its Spec is empty.
	Record pdf.Record
	// DPI is a PNG's resolution.
	DPI float64
}

// Format is one file format.
type Format struct {
	// Ext is the file name extension, with its dot: ".svg".
	Ext string
	// Name says what the format is, for help.
	Name string
	// Drawn is false for the forms of the pixel matrix (text and PBM),
	// which need the maze, not the page.
	Drawn bool
	// Write writes a picture in the format.
	Write func(w io.Writer, p Picture) error
	// WritePages, when not nil, writes several pages as one document,
	// with the picture's metadata (its Page unused); a format without it
	// holds one page.
	WritePages func(w io.Writer, pages []display.Page, p Picture) error
	// CheckPage, when not nil, refuses a page of w by h points the
	// format cannot write at a resolution of dpi: a PDF page larger than
	// readers open, a PNG of too many pixels.
	CheckPage func(w, h, dpi float64) error
	// Bytes, when not nil, is the memory the format's own image of a
	// page of w by h points at dpi takes, beside its drawing: a PNG's
	// pixels.
	Bytes func(w, h, dpi float64) float64
}

// formats is the table, in listing order.
var formats = []Format{
	{Ext: ".svg", Name: "SVG, one page of vector graphics", Drawn: true, Write: func(w io.Writer, p Picture) error { return svg.Write(w, p.Page) }},
	{Ext: ".pdf", Name: "PDF, one page, fonts embedded", Drawn: true, Write: func(w io.Writer, p Picture) error {
		return writePDF(w, []display.Page{p.Page}, p)
	}, WritePages: writePDF, CheckPage: checkPDFPage},
	{Ext: ".png", Name: "PNG, a picture at the resolution asked for", Drawn: true, Write: func(w io.Writer, p Picture) error { return png.Write(w, p.Page, p.DPI) },
		CheckPage: png.CheckSize, Bytes: png.Bytes},
	{Ext: ".txt", Name: "text, the pixel matrix of a rectangle: '#' wall, ' ' passage, '.' the solution", Write: writeText},
	{Ext: ".pbm", Name: "PBM (P4), the pixel matrix of a rectangle as a 1:1 black and white bitmap, no margin", Write: writePBM},
}

// writePDF writes pages as a PDF with a picture's metadata.
func writePDF(w io.Writer, pages []display.Page, p Picture) error {
	return pdf.Write(w, pages, pdf.Metadata{Title: p.Title, Creator: p.Creator, Created: p.Created, Record: p.Record})
}

// checkPDFPage refuses a page larger than PDF readers open.
func checkPDFPage(w, h, _ float64) error {
	if w > spec.MaxPageSide || h > spec.MaxPageSide {
		return fmt.Errorf("the page would be %s x %s; PDF readers open pages of at most 200 x 200 in", spec.FormatLength(w, "in"), spec.FormatLength(h, "in"))
	}
	return nil
}

// writeText writes the maze's pixel matrix.
func writeText(w io.Writer, p Picture) error {
	if p.Maze == nil {
		return errors.New("the text form needs a maze")
	}
	data, err := p.Maze.Text(p.Solution)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// Formats returns the formats, in listing order.
func Formats() []Format { return append([]Format(nil), formats...) }

// Exts returns the extensions of the formats, or of the drawn ones only.
func Exts(drawnOnly bool) []string {
	var exts []string
	for _, f := range formats {
		if f.Drawn || !drawnOnly {
			exts = append(exts, f.Ext)
		}
	}
	return exts
}

// ForFile returns the format a file name's extension names, or an error
// that lists the extensions known (the drawn ones only when drawnOnly).
func ForFile(name string, drawnOnly bool) (Format, error) {
	ext := strings.ToLower(filepath.Ext(name))
	for _, f := range formats {
		if f.Ext == ext && (f.Drawn || !drawnOnly) {
			return f, nil
		}
	}
	exts := Exts(drawnOnly)
	return Format{}, fmt.Errorf("%s: the extension must be %s or %s", name, strings.Join(exts[:len(exts)-1], ", "), exts[len(exts)-1])
}
