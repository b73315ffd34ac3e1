// Package pdftest makes the crafted PDFs the tests of mazebook's PDF
// reading give it: a page tree that says more pages than it has, an
// object stream that inflates far past its size, a book with a long
// tail. It is for tests only.
package pdftest

import (
	"bytes"
	"compress/zlib"
	"fmt"
)

// Classic writes objects (numbered from 1) as a PDF 1.3 with one
// cross-reference table, as fpdf lays one out; trailer holds the
// trailer's entries but /Size ("/Root 1 0 R\n").
func Classic(objs []string, trailer string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.3\n")
	var offs []int
	for i, o := range objs {
		offs = append(offs, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	x := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<<\n/Size %d\n%s>>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, trailer, x)
	return b.Bytes()
}

// Count is a PDF of one page titled title whose page tree says count
// pages (about 400 bytes).
func Count(count int, title string) []byte {
	return Classic([]string{"<</Type /Catalog /Pages 2 0 R>>", fmt.Sprintf("<</Type /Pages /Kids [3 0 R] /Count %d /MediaBox [0 0 612 792]>>", count), "<</Type /Page /Parent 2 0 R>>", "<</Title (" + title + ")>>"}, "/Root 1 0 R\n/Info 4 0 R\n")
}

// Bomb is a PDF 1.5 of about 510 KB whose objects are in an object
// stream that inflates to mb megabytes, found through a cross-reference
// stream.
func Bomb(mb int) []byte {
	var z bytes.Buffer
	w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	head := "1 0 2 40 3 100 "
	fmt.Fprintf(w, "%s%-40s%-60s%s", head, "<</Type /Catalog /Pages 2 0 R>>", "<</Type /Pages /Kids [3 0 R] /Count 1>>", "<</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]>>")
	block := bytes.Repeat([]byte(" "), 1<<20)
	for range mb {
		w.Write(block)
	}
	w.Close()
	var b bytes.Buffer
	b.WriteString("%PDF-1.5\n")
	o4 := b.Len()
	fmt.Fprintf(&b, "4 0 obj\n<</Type /ObjStm /N 3 /First %d /Filter /FlateDecode /Length %d>>\nstream\n", len(head), z.Len())
	b.Write(z.Bytes())
	b.WriteString("\nendstream\nendobj\n")
	o5 := b.Len()
	rows := []byte{0, 0, 0, 0, 0, 0xff}
	for k := range 3 {
		rows = append(rows, 2, 0, 0, 0, 4, byte(k))
	}
	rows = append(rows, 1, byte(o4>>24), byte(o4>>16), byte(o4>>8), byte(o4), 0, 1, byte(o5>>24), byte(o5>>16), byte(o5>>8), byte(o5), 0)
	fmt.Fprintf(&b, "5 0 obj\n<</Type /XRef /Size 6 /W [1 4 1] /Root 1 0 R /Length %d>>\nstream\n", len(rows))
	b.Write(rows)
	fmt.Fprintf(&b, "\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n", o5)
	return b.Bytes()
}
