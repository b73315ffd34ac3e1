// Package pdf writes display lists as a PDF document through fpdf (the
// maintained gofpdf). Every text is set in its face, embedded as a subset
// of the glyphs the document uses; no PDF core font is ever used. The output is byte-for-byte reproducible: its dates come
// from Metadata, its producer carries no version, and its objects and
// dictionary entries are written in a fixed order.
package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf16"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/sfnt"

	"mazebook/layout/display"
	"mazebook/layout/typeface"
)

// Metadata is the document information written into the PDF.
type Metadata struct {
	Title, Author, Subject, Keywords string
	// Creator names the program that made the content.
	Creator string
	// Created is both the creation and the modification date, written in
	// UTC. The zero time is replaced by the Unix epoch, never by the current
	// time, so that two writes give the same bytes.
	Created time.Time
	// Record, when its Spec is set, is written into the document's XMP
	// metadata (see Record and ReadInfo).
	Record Record
}

// Producer is the PDF producer written into every document. It carries no
// version, so that upgrading a library does not change the bytes.
const Producer = "mazebook"

// Write writes pages as one PDF document to w. Each page keeps its own
// size; a page whose trim box is smaller than the page gets a TrimBox and
// a BleedBox (the whole page). Lines, fills, texts and images with a
// non-positive width, size or area draw nothing, as in the SVG and PNG
// backends; a picture is embedded once, however many pages show it.
func Write(w io.Writer, pages []display.Page, meta Metadata) error {
	pw := NewWriter(meta)
	for i := range pages {
		if err := pw.Add(&pages[i]); err != nil {
			return err
		}
	}
	return pw.Finish(w)
}

// A Writer writes a PDF document one page at a time: a page's display list
// may be dropped once it is added. Its output is the same as Write's.
type Writer struct {
	meta  Metadata
	f     *fpdf.Fpdf
	pages int
	boxed bool
	fonts fontSet
	pics  *pictures
	err   error
}

// NewWriter returns a Writer of a document with the given metadata.
func NewWriter(meta Metadata) *Writer {
	return &Writer{meta: meta, pics: newPictures()}
}

// Add adds page p to the document.
func (w *Writer) Add(p *display.Page) error {
	if w.err != nil {
		return w.err
	}
	w.pages++
	if err := p.Check(); err != nil {
		w.err = fmt.Errorf("write pdf: page %d: %w", w.pages, err)
		return w.err
	}
	if w.f == nil {
		if w.err = w.start(p); w.err != nil {
			return w.err
		}
	}
	boxed, err := writePage(w.f, p, w.boxed, &w.fonts, w.pics)
	w.boxed = boxed
	if err != nil {
		w.err = fmt.Errorf("write pdf: page %d: %w", w.pages, err)
	} else if err := w.f.Error(); err != nil {
		w.err = fmt.Errorf("write pdf: page %d: %w", w.pages, err)
	}
	return w.err
}

// start makes the document, its default page size that of the first page.
func (w *Writer) start(first *display.Page) error {
	meta := w.meta
	f := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "pt", Size: fpdf.SizeType{Wd: first.Width, Ht: first.Height}})
	f.SetCompression(true)
	f.SetCatalogSort(true)
	created := meta.Created.UTC()
	if meta.Created.IsZero() {
		created = time.Unix(0, 0).UTC()
	}
	f.SetCreationDate(created)
	f.SetModificationDate(created)
	f.SetProducer(Producer, true)
	// fpdf would write an empty field as an empty UTF-16 string, and its
	// own UTF-16 conversion breaks characters outside the Basic
	// Multilingual Plane (emoji): the fields are encoded here.
	for _, field := range []struct {
		set   func(string, bool)
		value string
	}{
		{f.SetTitle, meta.Title}, {f.SetAuthor, meta.Author}, {f.SetSubject, meta.Subject},
		{f.SetKeywords, meta.Keywords}, {f.SetCreator, meta.Creator},
	} {
		if field.value != "" {
			field.set(textString(field.value), false)
		}
	}
	if meta.Record.Spec != "" {
		xmp, err := meta.Record.xmp()
		if err != nil {
			return err
		}
		f.SetXmpMetadata(xmp)
	}
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(0, 0, 0)
	w.f = f
	return nil
}

// Finish writes the document to out. The Writer cannot be used after.
func (w *Writer) Finish(out io.Writer) error {
	if w.err != nil {
		return w.err
	}
	if w.f == nil {
		return errors.New("write pdf: no pages")
	}
	var buf bytes.Buffer
	err := output(w.f, &buf)
	w.f = nil
	w.err = errors.New("write pdf: the document is finished")
	if err != nil {
		return fmt.Errorf("write pdf: %w", err)
	}
	data := buf.Bytes()
	sortPageBoxes(data)
	w.fonts.nameSubsets(data)
	if bytes.Contains(data, []byte("/Subtype /Type1")) || bytes.Contains(data, []byte("/Subtype /TrueType")) {
		// Only embedded Type0 fonts may appear.
		return errors.New("write pdf: fpdf wrote a font that is not embedded")
	}
	if _, err := out.Write(data); err != nil {
		return fmt.Errorf("write pdf: %w", err)
	}
	return nil
}

// textString encodes s as a PDF text string: UTF-16BE with a byte order
// mark, characters outside the Basic Multilingual Plane as surrogate
// pairs, and invalid UTF-8 as U+FFFD. A control character (a NUL, an
// escape, a line break) is written as a space: a document's title is a
// line, and a reader may cut it at a NUL.
func textString(s string) string {
	b := make([]byte, 2, 2+2*len(s))
	b[0], b[1] = 0xFE, 0xFF
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u>>8), byte(u))
	}
	return string(b)
}

// writePage adds page p, registering the fonts of its texts in fonts and
// embedding its pictures once in the document through pics. boxed says
// whether an earlier page set page boxes: fpdf carries them over to every
// later page, so from then on every page sets its own (the whole page when
// it has no bleed). It returns the new value of boxed.
func writePage(f *fpdf.Fpdf, p *display.Page, boxed bool, fonts *fontSet, pics *pictures) (bool, error) {
	// "P" keeps the size as given: fpdf swaps width and height for "L".
	f.AddPageFormat("P", fpdf.SizeType{Wd: p.Width, Ht: p.Height})
	t := p.Trim
	if t.W <= 0 {
		t = display.Box{W: p.Width, H: p.Height}
	}
	if boxed || t != (display.Box{W: p.Width, H: p.Height}) {
		// PDF boxes are measured from the bottom-left corner.
		f.SetPageBox("TrimBox", t.X, p.Height-t.Y-t.H, t.W, t.H)
		f.SetPageBox("BleedBox", 0, 0, p.Width, p.Height)
		boxed = true
	}
	for _, it := range p.Items {
		switch it := it.(type) {
		case *display.Line:
			line(f, it)
		case *display.Fill:
			if it.Box.W <= 0 || it.Box.H <= 0 {
				continue
			}
			f.SetFillColor(int(it.Color.R), int(it.Color.G), int(it.Color.B))
			f.Rect(it.Box.X, it.Box.Y, it.Box.W, it.Box.H, "F")
		case *display.Shape:
			f.SetFillColor(int(it.Color.R), int(it.Color.G), int(it.Color.B))
			for _, poly := range it.Polygons {
				if len(poly) < 3 {
					continue
				}
				pts := make([]fpdf.PointType, len(poly))
				for i, q := range poly {
					pts[i] = fpdf.PointType{X: q.X, Y: q.Y}
				}
				f.Polygon(pts, "F")
			}
		case *display.Text:
			if err := text(f, it, fonts); err != nil {
				return boxed, err
			}
		case *display.Image:
			pics.draw(f, it)
		}
	}
	return boxed, nil
}

func capName(c display.Cap) string {
	switch c {
	case display.SquareCap:
		return "square"
	case display.RoundCap:
		return "round"
	}
	return "butt"
}

func joinName(j display.Join) string {
	if j == display.RoundJoin {
		return "round"
	}
	return "miter"
}

// line strokes all the paths of a Line as one PDF path: straight pieces
// as lines, bent ones as cubic Bézier curves, closed paths closed. The
// miter limit is PDF's default, 10, which the SVG and PNG backends use
// too.
func line(f *fpdf.Fpdf, l *display.Line) {
	if l.Width <= 0 {
		return
	}
	n := 0
	for _, p := range l.Paths {
		if len(p.Points) >= 2 {
			n++
		}
	}
	if n == 0 {
		return
	}
	f.SetDrawColor(int(l.Color.R), int(l.Color.G), int(l.Color.B))
	f.SetLineWidth(l.Width)
	f.SetLineCapStyle(capName(l.Cap))
	f.SetLineJoinStyle(joinName(l.Join))
	// The straight pieces are written as fpdf's MoveTo, LineTo and
	// ClosePath write them, a few kilobytes at a time: a maze of a
	// million cells has a million of them, and fpdf formats each number
	// into a string of its own.
	_, ph := f.GetPageSize() // the page is measured in points
	buf := make([]byte, 0, 8<<10)
	flush := func() {
		if len(buf) > 0 {
			f.RawWriteStr(string(buf[:len(buf)-1])) // it adds the newline
			buf = buf[:0]
		}
	}
	op := func(q display.Point, name string) {
		buf = strconv.AppendFloat(buf, q.X, 'f', 2, 64)
		buf = append(buf, ' ')
		buf = strconv.AppendFloat(buf, ph-q.Y, 'f', 2, 64)
		buf = append(buf, name...)
	}
	for _, p := range l.Paths {
		if len(p.Points) < 2 {
			continue
		}
		op(p.Points[0], " m\n")
		for i := range p.Pieces() {
			from, to, bend := p.Piece(i)
			if c, r, ok := p.Arc(i); ok {
				flush()
				arc(f, from, to, c, r, bend)
			} else if !p.Closed || i < len(p.Points)-1 {
				op(to, " l\n")
			}
			// Closing the path draws a closed path's straight last piece.
		}
		if p.Closed {
			buf = append(buf, "h\n"...)
		}
		if len(buf) >= 6<<10 {
			flush()
		}
	}
	flush()
	f.DrawPath("D")
}

// arc adds to the current path the arc from a to b around c, of radius r,
// turning through bend, as cubic Bézier curves of at most 90° each, ending
// exactly at b.
func arc(f *fpdf.Fpdf, a, b, c display.Point, r, bend float64) {
	n := max(1, int(math.Ceil(math.Abs(bend)/(math.Pi/2)-1e-9)))
	step := bend / float64(n)
	// Each curve's control points lie on the tangents at its ends,
	// 4/3·tan(step/4)·r from them.
	k := float64(4.0 / 3 * math.Tan(step/4) * r)
	a0 := math.Atan2(a.Y-c.Y, a.X-c.X)
	p0 := a
	for j := 1; j <= n; j++ {
		t0, t1 := a0+float64(step*float64(j-1)), a0+float64(step*float64(j))
		p3 := display.Point{X: c.X + float64(r*math.Cos(t1)), Y: c.Y + float64(r*math.Sin(t1))}
		if j == n {
			p3 = b
		}
		// The tangent at angle t, turning the way of bend, is
		// (-sin t, cos t) for a positive (clockwise) bend; k carries the
		// sign.
		f.CurveBezierCubicTo(
			p0.X-float64(k*math.Sin(t0)), p0.Y+float64(k*math.Cos(t0)),
			p3.X+float64(k*math.Sin(t1)), p3.Y-float64(k*math.Cos(t1)),
			p3.X, p3.Y)
		p0 = p3
	}
}

// text sets t on its baseline, starting where typeface.Width puts it, so
// that the PDF places it as the SVG and PNG backends do; turned text is
// set inside a rotation about its anchor (PDF turns anticlockwise, y up).
// Each run of it (see typeface.Runs) is set in its own font, one after
// the other; a run in a font made bold by typeface.Embolden is filled and
// stroked (text render mode 2).
func text(f *fpdf.Fpdf, t *display.Text, fonts *fontSet) error {
	if t.Text == "" || t.Size <= 0 {
		return nil
	}
	isShaped := typeface.Shaped(t.Text)
	if isShaped {
		shaped(f, t) // its outlines are turned already
	}
	if t.Angle != 0 {
		f.TransformBegin()
		f.TransformRotate(-t.Angle*180/math.Pi, t.X, t.Y)
		defer f.TransformEnd()
	}
	if isShaped {
		// The words beneath, invisible, for a reader to find and copy
		// (the glyphs drawn are not the characters one for one): in the
		// order a reader takes them back, and as wide as the shaped line,
		// so that they lie where it shows and none off the page.
		s := strings.ReplaceAll(typeface.Visual(t.Text), string(typeface.NarrowSpace), " ")
		runs := typeface.Runs(t.Font, s)
		families := make([]string, len(runs))
		w := 0.0
		for i, r := range runs {
			fam, err := fonts.use(f, r.Font)
			if err != nil {
				return err
			}
			families[i] = fam
			runs[i].Text = printable(r.Font, r.Text)
			fonts.note(r.Font, runs[i].Text)
			f.SetFont(fam, "", t.Size)
			w += f.GetStringWidth(runs[i].Text)
		}
		size := t.Size
		if w > 0 {
			size *= typeface.Width(t.Font, t.Size, t.Text) / w
		}
		f.SetTextRenderingMode(3)
		x := t.Left()
		for i, r := range runs {
			f.SetFont(families[i], "", size)
			f.Text(x, t.Y, r.Text)
			x += f.GetStringWidth(r.Text)
		}
		f.SetTextRenderingMode(0)
		return nil
	}
	f.SetTextColor(int(t.Color.R), int(t.Color.G), int(t.Color.B))
	x := t.Left()
	for _, r := range typeface.Runs(t.Font, t.Text) {
		family, err := fonts.use(f, r.Font)
		if err != nil {
			return err
		}
		f.SetFont(family, "", t.Size)
		stroke := r.Font.Stroke(t.Size)
		if stroke > 0 {
			f.SetDrawColor(int(t.Color.R), int(t.Color.G), int(t.Color.B))
			f.SetLineWidth(stroke)
			f.SetLineJoinStyle("round")
			f.SetTextRenderingMode(2)
		}
		// A narrow space the font lacks is a gap between two pieces of
		// the run, as wide as typeface measures it.
		at, s := x, printable(r.Font, r.Text)
		fonts.note(r.Font, s)
		for {
			piece, rest, found := strings.Cut(s, string(typeface.NarrowSpace))
			if piece != "" {
				f.Text(at, t.Y, piece)
			}
			if !found {
				break
			}
			at += typeface.Width(r.Font, t.Size, piece+string(typeface.NarrowSpace))
			s = rest
		}
		if stroke > 0 {
			f.SetTextRenderingMode(0)
		}
		x += typeface.Width(r.Font, t.Size, r.Text)
	}
	return nil
}

// shaped fills the outlines of the glyphs of a text whose script is
// shaped (see typeface.Shaped), as the SVG and PNG backends draw every
// text: PDF text shows a font's glyphs a character each, but a shaped
// script's clusters and conjuncts are glyphs of their own. The glyphs of
// a font made bold by typeface.Embolden are stroked too.
func shaped(f *fpdf.Fpdf, t *display.Text) {
	for _, ink := range t.Inks() {
		if len(ink.Segments) == 0 {
			continue
		}
		open := false
		for _, sg := range ink.Segments {
			a := sg.Args
			switch sg.Op {
			case sfnt.SegmentOpMoveTo:
				if open {
					f.ClosePath()
				}
				f.MoveTo(a[0][0], a[0][1])
				open = true
			case sfnt.SegmentOpLineTo:
				f.LineTo(a[0][0], a[0][1])
			case sfnt.SegmentOpQuadTo:
				f.CurveTo(a[0][0], a[0][1], a[1][0], a[1][1])
			case sfnt.SegmentOpCubeTo:
				f.CurveBezierCubicTo(a[0][0], a[0][1], a[1][0], a[1][1], a[2][0], a[2][1])
			}
		}
		if open {
			f.ClosePath()
		}
		f.SetFillColor(int(t.Color.R), int(t.Color.G), int(t.Color.B))
		if ink.Stroke > 0 {
			f.SetDrawColor(int(t.Color.R), int(t.Color.G), int(t.Color.B))
			f.SetLineWidth(ink.Stroke)
			f.SetLineJoinStyle("round")
			f.DrawPath("B")
			continue
		}
		f.DrawPath("f")
	}
}

// printable returns s as the PDF sets it in face, as typeface measures and
// draws it: every rune the face has no glyph for (every rune outside the
// Basic Multilingual Plane among them, which fpdf cannot encode) becomes
// '?', and control characters are left out.
func printable(face typeface.Face, s string) string {
	var b strings.Builder
	// An invalid byte comes out of range as U+FFFD, as it does in typeface.
	for _, r := range s {
		switch {
		case unicode.IsControl(r):
			continue
		case !face.Has(r):
			r = '?'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// pageBoxNames are the page boxes fpdf may write into a page dictionary.
var pageBoxNames = [][]byte{[]byte("/ArtBox "), []byte("/BleedBox "), []byte("/CropBox "), []byte("/TrimBox ")}

// sortPageBoxes puts the page box entries of every page dictionary of a
// PDF written by fpdf in alphabetical order, in place. fpdf writes them
// from a map, in random order; sorting lines within one object keeps its
// length, so the cross-reference offsets stay right.
func sortPageBoxes(data []byte) {
	head := []byte("<</Type /Page\n/Parent 1 0 R\n")
	for i := 0; ; {
		j := bytes.Index(data[i:], head)
		if j < 0 {
			return
		}
		start := i + j + len(head)
		if bytes.HasPrefix(data[start:], []byte("/MediaBox ")) {
			nl := bytes.IndexByte(data[start:], '\n')
			if nl < 0 {
				return
			}
			start += nl + 1
		}
		end := start
		var lines [][]byte
		for {
			isBox := false
			for _, name := range pageBoxNames {
				if bytes.HasPrefix(data[end:], name) {
					isBox = true
					break
				}
			}
			nl := bytes.IndexByte(data[end:], '\n')
			if !isBox || nl < 0 {
				break
			}
			lines = append(lines, append([]byte(nil), data[end:end+nl+1]...))
			end += nl + 1
		}
		if len(lines) > 1 {
			sort.Slice(lines, func(a, b int) bool { return bytes.Compare(lines[a], lines[b]) < 0 })
			copy(data[start:end], bytes.Join(lines, nil))
		}
		i = end
	}
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
