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
}

// formats is the table, in listing order.
var formats = []Format{
	{".svg", "SVG, one page of vector graphics", true, func(w io.Writer, p Picture) error { return svg.Write(w, p.Page) }},
	{".pdf", "PDF, one page, fonts embedded", true, func(w io.Writer, p Picture) error {
		return pdf.Write(w, []display.Page{p.Page}, pdf.Metadata{Title: p.Title, Creator: p.Creator, Created: p.Created, Record: p.Record})
	}},
	{".png", "PNG, a picture at the resolution asked for", true, func(w io.Writer, p Picture) error { return png.Write(w, p.Page, p.DPI) }},
	{".txt", "text, the pixel matrix of a rectangle: '#' wall, ' ' passage, '.' the solution", false, writeText},
	{".pbm", "PBM (P4), the pixel matrix of a rectangle as a 1:1 black and white bitmap, no margin", false, writePBM},
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
