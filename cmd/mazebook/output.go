package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/pdf"
	"mazebook/layout/png"
	"mazebook/layout/svg"
)

// writeFileAtomic writes data to path through a temporary file in the same
// directory and a rename, so that a failure never leaves a half-written
// file nor damages the file that was there.
func writeFileAtomic(path string, data []byte) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	name := tmp.Name()
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(name, 0o644)
	}
	if err == nil {
		err = os.Rename(name, path)
	}
	if err != nil {
		os.Remove(name)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// checkWritable fails early, before any work, when path's directory does
// not exist or path is a directory.
func checkWritable(path string) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("output %s is a directory", path)
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("output %s: directory %s does not exist", path, dir)
	}
	if !st.IsDir() {
		return fmt.Errorf("output %s: %s is not a directory", path, dir)
	}
	return nil
}

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
