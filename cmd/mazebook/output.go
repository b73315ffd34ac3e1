package main

import (
	"bytes"
	"fmt"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/pdf"
	"mazebook/layout/png"
	"mazebook/layout/svg"
)

// buffer is a bytes.Buffer for rendering an output fully in memory before
// anything is written.
type buffer = bytes.Buffer

// renderPage renders one page in the format of a file extension: ".svg",
// ".pdf" (titled title) or ".png" (at dpi dots per inch).
func renderPage(ext string, page display.Page, title string, dpi float64) ([]byte, error) {
	var b buffer
	var err error
	switch ext {
	case ".svg":
		err = svg.Write(&b, page)
	case ".pdf":
		err = pdf.Write(&b, []display.Page{page}, pdf.Metadata{Title: title, Creator: "mazebook " + version, Created: layout.DefaultDate})
	case ".png":
		err = png.Write(&b, page, dpi)
	default:
		err = fmt.Errorf("cannot write %q files (known: .svg, .pdf, .png)", ext)
	}
	return b.Bytes(), err
}
