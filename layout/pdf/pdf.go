// Package pdf writes display lists as a PDF document through fpdf (the
// maintained gofpdf). Every text is set in the embedded Go fonts; no PDF core
// font is ever used. The output is byte-for-byte reproducible: its dates come
// from Metadata and its objects are written in a fixed order.
package pdf

import (
	"bytes"
	"fmt"
	"io"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"mazebook/layout/display"
	"mazebook/layout/typeface"
)

// Metadata is the document information written into the PDF.
type Metadata struct {
	Title, Author, Subject, Keywords string
	// Creator names the program that made the content.
	Creator string
	// Created is both the creation and the modification date. The zero
	// time is replaced by the Unix epoch, never by the current time, so
	// that two writes give the same bytes.
	Created time.Time
}

// Write writes pages as one PDF document to w.
func Write(w io.Writer, pages []display.Page, meta Metadata) error {
	if len(pages) == 0 {
		return fmt.Errorf("write pdf: no pages")
	}
	first := pages[0]
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: first.Width, Ht: first.Height}})
	f.SetCompression(true)
	f.SetCatalogSort(true)
	created := meta.Created.UTC()
	if meta.Created.IsZero() {
		created = time.Unix(0, 0).UTC()
	}
	f.SetCreationDate(created)
	f.SetModificationDate(created)
	f.SetProducer("mazebook", true)
	f.SetTitle(meta.Title, true)
	f.SetAuthor(meta.Author, true)
	f.SetSubject(meta.Subject, true)
	f.SetKeywords(meta.Keywords, true)
	f.SetCreator(meta.Creator, true)
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(0, 0, 0)
	for _, face := range typeface.Faces {
		f.AddUTF8FontFromBytes(face.Name(), "", face.TTF())
	}
	for i := range pages {
		writePage(f, &pages[i])
		if err := f.Error(); err != nil {
			return fmt.Errorf("write pdf: page %d: %w", i+1, err)
		}
	}
	if err := f.Output(w); err != nil {
		return fmt.Errorf("write pdf: %w", err)
	}
	return nil
}

func writePage(f *fpdf.Fpdf, p *display.Page) {
	orientation := "P"
	if p.Width > p.Height {
		orientation = "L"
	}
	f.AddPageFormat(orientation, fpdf.SizeType{Wd: p.Width, Ht: p.Height})
	if t := p.Trim; t.W > 0 && (t.X != 0 || t.Y != 0 || t.W != p.Width || t.H != p.Height) {
		// PDF boxes are measured from the bottom-left corner.
		f.SetPageBox("TrimBox", t.X, p.Height-t.Y-t.H, t.W, t.H)
		f.SetPageBox("BleedBox", 0, 0, p.Width, p.Height)
	}
	for _, it := range p.Items {
		switch it := it.(type) {
		case *display.Line:
			line(f, it)
		case *display.Fill:
			f.SetFillColor(int(it.Color.R), int(it.Color.G), int(it.Color.B))
			f.Rect(it.Box.X, it.Box.Y, it.Box.W, it.Box.H, "F")
		case *display.Text:
			text(f, it)
		}
	}
}

var capNames = map[display.Cap]string{display.ButtCap: "butt", display.SquareCap: "square", display.RoundCap: "round"}
var joinNames = map[display.Join]string{display.MiterJoin: "miter", display.RoundJoin: "round"}

// line strokes all the paths of a Line as one PDF path.
func line(f *fpdf.Fpdf, l *display.Line) {
	if len(l.Paths) == 0 {
		return
	}
	f.SetDrawColor(int(l.Color.R), int(l.Color.G), int(l.Color.B))
	f.SetLineWidth(l.Width)
	f.SetLineCapStyle(capNames[l.Cap])
	f.SetLineJoinStyle(joinNames[l.Join])
	for _, p := range l.Paths {
		if len(p) < 2 {
			continue
		}
		f.MoveTo(p[0].X, p[0].Y)
		for _, q := range p[1:] {
			f.LineTo(q.X, q.Y)
		}
	}
	f.DrawPath("D")
}

func text(f *fpdf.Fpdf, t *display.Text) {
	if t.Text == "" {
		return
	}
	f.SetFont(t.Font.Name(), "", t.Size)
	f.SetTextColor(int(t.Color.R), int(t.Color.G), int(t.Color.B))
	f.Text(t.Left(), t.Y, t.Text)
}

// Info is what Inspect finds in a PDF written by Write.
type Info struct {
	// Fonts is the number of font descriptors; Embedded the number with an
	// embedded font program.
	Fonts, Embedded int
	// Annotations and Outlines are true when the document has any.
	Annotations, Outlines bool
}

// Inspect reads the structure of a PDF written by Write (whose objects
// are not compressed; only content streams and fonts are).
func Inspect(data []byte) Info {
	return Info{
		Fonts:       bytes.Count(data, []byte("/Type /FontDescriptor")),
		Embedded:    bytes.Count(data, []byte("/FontFile2")) + bytes.Count(data, []byte("/FontFile3")) + bytes.Count(data, []byte("/FontFile ")),
		Annotations: bytes.Contains(data, []byte("/Annots")),
		Outlines:    bytes.Contains(data, []byte("/Outlines")),
	}
}
