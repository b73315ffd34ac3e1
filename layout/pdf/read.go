package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf16"
)

// DocInfo is what ReadInfo reads of a PDF.
type DocInfo struct {
	// Pages is the page count; Title the document's title (its Info
	// dictionary's); Sizes each page's media box, width and height, in
	// points.
	Pages int
	Title string
	Sizes [][2]float64
	// Record is the record mazebook wrote into the document, and
	// HasRecord whether it wrote one.
	Record    Record
	HasRecord bool
}

// Limits bound what ReadInfo reads: each is checked before what it
// bounds is read or allocated.
type Limits struct {
	// Size is the largest file read; Pages the most pages.
	Size  int64
	Pages int
}

// The shape of the PDFs Writer writes, which ReadInfo relies on.
const (
	// tailSize is how far from the end of the file startxref and %%EOF
	// are looked for.
	tailSize = 1024
	// maxDict is the largest object (a dictionary) read but the page
	// tree's and a page's; maxPage the largest page's.
	maxDict = 16 << 10
	maxPage = 4 << 10
	// xrefEntry is the size of an entry of a cross-reference table.
	xrefEntry = 20
	// minPageObject is the fewest bytes a page takes in a file: its
	// object, its cross-reference entry and its reference in the page
	// tree.
	minPageObject = 48
	// DefaultMaxPages is the most pages ReadInfo reads when its limits
	// give none.
	DefaultMaxPages = 100_000
	// kidBytes is the most bytes a page's reference ("123456 0 R ")
	// takes in the page tree.
	kidBytes = 16
)

// ReadInfo reads the page count, the page sizes, the title and the
// record of a PDF of size bytes that Writer wrote, reading only those:
// the cross-reference table, the trailer, the catalogue, the page tree,
// each page's dictionary, the Info dictionary and the record's short
// XMP stream, each from a window of bounded size at the offset the table
// gives. No stream is inflated. A file larger than lim.Size, one with
// anything after its %%EOF, a page tree that says more pages than
// lim.Pages (or than a file of its size can hold), and a file not of the
// shape Writer writes (a cross-reference stream, an object stream, an
// update appended, encryption, a nested page tree) are refused with an
// error that says what is wrong, before anything more is read.
func ReadInfo(r io.ReaderAt, size int64, lim Limits) (DocInfo, error) {
	d := &docReader{r: r, size: size}
	return d.read(lim)
}

// docReader reads a PDF's few objects, one stage a method.
type docReader struct {
	r    io.ReaderAt
	size int64
	// xref is the offset of the table's first entry, objects its number
	// of entries.
	xref    int64
	objects int
}

func (d *docReader) read(lim Limits) (DocInfo, error) {
	var info DocInfo
	if lim.Size > 0 && d.size > lim.Size {
		return info, fmt.Errorf("it is %d bytes, more than the %d a book's file may be", d.size, lim.Size)
	}
	trailer, err := d.trailer()
	if err != nil {
		return info, err
	}
	for _, key := range []string{"Encrypt", "Prev", "XRefStm"} {
		if _, ok := trailer[key]; ok {
			return info, fmt.Errorf("its trailer has /%s: it was encrypted or changed after mazebook wrote it", key)
		}
	}
	root, err := d.dictAt(trailer, "Root", maxDict)
	if err != nil {
		return info, fmt.Errorf("its catalogue: %w", err)
	}
	if err := d.pages(root, lim, &info); err != nil {
		return info, err
	}
	if _, ok := trailer["Info"]; ok {
		infoDict, err := d.dictAt(trailer, "Info", maxDict)
		if err != nil {
			return info, fmt.Errorf("its Info dictionary: %w", err)
		}
		if t, ok := infoDict["Title"].(pdfString); ok {
			info.Title = t.text()
		}
	}
	if _, ok := root["Metadata"]; ok {
		info.Record, info.HasRecord, err = d.record(root)
		if err != nil {
			return info, fmt.Errorf("its metadata: %w", err)
		}
	}
	return info, nil
}

// trailer finds the cross-reference table from the end of the file and
// returns the trailer's dictionary.
func (d *docReader) trailer() (map[string]any, error) {
	n := min(d.size, tailSize)
	tail := make([]byte, n)
	if _, err := d.r.ReadAt(tail, d.size-n); err != nil && err != io.EOF {
		return nil, err
	}
	end := bytes.TrimRight(tail, " \t\r\n")
	if !bytes.HasSuffix(end, []byte("%%EOF")) {
		if bytes.Contains(tail, []byte("%%EOF")) || !bytes.Contains(tail, []byte("startxref")) {
			return nil, fmt.Errorf("it does not end with %%%%EOF in its last %d bytes: something was added after its end, or it was cut short", tailSize)
		}
		return nil, errors.New("it does not end with %%EOF: it was cut short")
	}
	i := bytes.LastIndex(end, []byte("startxref"))
	if i < 0 {
		return nil, errors.New("it has no startxref before its %%EOF")
	}
	p := &parser{data: end[i+len("startxref"):]}
	off, ok := p.value().(int64)
	if !ok || off < 0 || off >= d.size {
		return nil, errors.New("its startxref gives no offset within the file")
	}
	head := make([]byte, min(d.size-off, 64))
	if _, err := d.r.ReadAt(head, off); err != nil && err != io.EOF {
		return nil, err
	}
	p = &parser{data: head}
	if p.keyword() != "xref" {
		return nil, errors.New("its cross-reference is a stream (as compressed PDFs have), not a table")
	}
	first, ok1 := p.value().(int64)
	count, ok2 := p.value().(int64)
	if !ok1 || !ok2 || first != 0 || count < 1 {
		return nil, errors.New("its cross-reference table does not start with object 0")
	}
	p.space()
	d.xref = off + int64(p.pos)
	if count > (d.size-d.xref)/xrefEntry {
		return nil, fmt.Errorf("its cross-reference table says %d objects, more than a file of %d bytes holds", count, d.size)
	}
	d.objects = int(count)
	at := d.xref + count*xrefEntry
	win := make([]byte, min(d.size-at, maxDict))
	if _, err := d.r.ReadAt(win, at); err != nil && err != io.EOF {
		return nil, err
	}
	p = &parser{data: win}
	if p.keyword() != "trailer" {
		return nil, errors.New("its cross-reference table is not followed by its trailer: it has more than one section (an update), or is damaged")
	}
	t, ok := p.value().(map[string]any)
	if !ok || p.err != nil {
		return nil, errors.New("its trailer is not a dictionary that can be read")
	}
	return t, nil
}

// offset returns the offset of object num from the cross-reference table.
func (d *docReader) offset(num int64) (int64, error) {
	if num < 1 || num >= int64(d.objects) {
		return 0, fmt.Errorf("object %d is not in its cross-reference table of %d", num, d.objects)
	}
	var e [xrefEntry]byte
	if _, err := d.r.ReadAt(e[:], d.xref+num*xrefEntry); err != nil && err != io.EOF {
		return 0, err
	}
	off, err := strconv.ParseInt(string(e[:10]), 10, 64)
	if err != nil || e[17] != 'n' || off < 0 || off >= d.xref {
		return 0, fmt.Errorf("the cross-reference entry of object %d is damaged", num)
	}
	return off, nil
}

// object reads object num, which must fit in limit bytes, and returns
// its value and the parser left after it (at its stream, if any).
func (d *docReader) object(num int64, limit int64) (any, *parser, error) {
	off, err := d.offset(num)
	if err != nil {
		return nil, nil, err
	}
	win := make([]byte, min(d.xref-off, limit))
	if _, err := d.r.ReadAt(win, off); err != nil && err != io.EOF {
		return nil, nil, err
	}
	p := &parser{data: win}
	n, _ := p.value().(int64)
	g, _ := p.value().(int64)
	if n != num || g != 0 || p.keyword() != "obj" {
		return nil, nil, fmt.Errorf("object %d is not where its cross-reference table says", num)
	}
	v := p.value()
	if p.err != nil {
		if errors.Is(p.err, errShort) {
			return nil, nil, fmt.Errorf("object %d is larger than %d bytes", num, limit)
		}
		return nil, nil, fmt.Errorf("object %d: %w", num, p.err)
	}
	return v, p, nil
}

// dictAt reads the dictionary that d's entry key refers to.
func (d *docReader) dictAt(from map[string]any, key string, limit int64) (map[string]any, error) {
	ref, ok := from[key].(pdfRef)
	if !ok {
		return nil, fmt.Errorf("/%s is not a reference", key)
	}
	v, _, err := d.object(int64(ref), limit)
	if err != nil {
		return nil, err
	}
	dict, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("/%s is not a dictionary", key)
	}
	return dict, nil
}

// pages reads the page tree of catalogue root: one node whose kids are
// the pages, as Writer writes it.
func (d *docReader) pages(root map[string]any, lim Limits, info *DocInfo) error {
	ref, ok := root["Pages"].(pdfRef)
	if !ok {
		return errors.New("its catalogue has no page tree")
	}
	// The page tree is read from a window that holds the references of
	// lim.Pages pages, so what it costs is bounded by the limit, never by
	// what its /Count says; the count is checked before anything is
	// allocated for the pages.
	pages := int64(lim.Pages)
	if pages <= 0 {
		pages = DefaultMaxPages
	}
	v, _, err := d.object(int64(ref), maxDict+pages*kidBytes)
	if err != nil {
		return fmt.Errorf("its page tree: %w", err)
	}
	tree, ok := v.(map[string]any)
	if !ok || tree["Type"] != pdfName("Pages") {
		return errors.New("its page tree is not a /Pages dictionary")
	}
	count, ok := tree["Count"].(int64)
	switch {
	case !ok || count < 0:
		return errors.New("its page tree's /Count is not a count")
	case count > pages:
		return fmt.Errorf("its page tree says %d pages, more than the %d a book may have", count, pages)
	case count > d.size/minPageObject:
		return fmt.Errorf("its page tree says %d pages, more than a file of %d bytes can hold", count, d.size)
	}
	kids, ok := tree["Kids"].([]any)
	if !ok || int64(len(kids)) != count {
		return fmt.Errorf("its page tree says %d pages and lists %d", count, len(kids))
	}
	box, _ := mediaBox(tree["MediaBox"])
	info.Pages = len(kids)
	info.Sizes = make([][2]float64, 0, len(kids))
	for i, k := range kids {
		kref, ok := k.(pdfRef)
		if !ok {
			return fmt.Errorf("page %d is not a reference", i+1)
		}
		v, _, err := d.object(int64(kref), maxPage)
		if err != nil {
			return fmt.Errorf("page %d: %w", i+1, err)
		}
		page, ok := v.(map[string]any)
		switch {
		case !ok:
			return fmt.Errorf("page %d is not a dictionary", i+1)
		case page["Type"] == pdfName("Pages"):
			return errors.New("its page tree has more than one level")
		case page["Type"] != pdfName("Page"):
			return fmt.Errorf("page %d is not a /Page", i+1)
		}
		size := box
		if b, ok := mediaBox(page["MediaBox"]); ok {
			size = b
		}
		if size == ([2]float64{}) {
			return fmt.Errorf("page %d has no media box", i+1)
		}
		info.Sizes = append(info.Sizes, size)
	}
	return nil
}

// record reads the record from the XMP stream of catalogue root.
func (d *docReader) record(root map[string]any) (Record, bool, error) {
	ref, ok := root["Metadata"].(pdfRef)
	if !ok {
		return Record{}, false, errors.New("/Metadata is not a reference")
	}
	v, p, err := d.object(int64(ref), maxDict+maxRecord)
	if err != nil {
		return Record{}, false, err
	}
	dict, ok := v.(map[string]any)
	length, lok := dict["Length"].(int64)
	if !ok || !lok || length < 0 {
		return Record{}, false, errors.New("its XMP stream has no length")
	}
	if _, filtered := dict["Filter"]; filtered || length > maxRecord {
		return Record{}, false, nil // not a record mazebook wrote
	}
	if p.keyword() != "stream" {
		return Record{}, false, errors.New("its XMP stream has no data")
	}
	if p.pos < len(p.data) && p.data[p.pos] == '\r' {
		p.pos++
	}
	if p.pos < len(p.data) && p.data[p.pos] == '\n' {
		p.pos++
	}
	if int64(len(p.data)-p.pos) < length {
		return Record{}, false, errors.New("its XMP stream is shorter than its length")
	}
	r, ok := parseRecord(p.data[p.pos : p.pos+int(length)])
	return r, ok, nil
}

// mediaBox reads a media box as a width and a height.
func mediaBox(v any) ([2]float64, bool) {
	a, ok := v.([]any)
	if !ok || len(a) != 4 {
		return [2]float64{}, false
	}
	var f [4]float64
	for i, x := range a {
		switch n := x.(type) {
		case int64:
			f[i] = float64(n)
		case float64:
			f[i] = n
		default:
			return [2]float64{}, false
		}
	}
	return [2]float64{f[2] - f[0], f[3] - f[1]}, true
}

// The values a parser returns besides int64, float64, bool, nil,
// map[string]any (a dictionary) and []any (an array).
type (
	pdfName   string
	pdfString []byte
	pdfRef    int64 // an indirect reference, "12 0 R" (generation 0)
)

// text decodes a text string: UTF-16BE after a byte order mark, else
// PDFDocEncoding, read as Latin-1.
func (s pdfString) text() string {
	if len(s) >= 2 && s[0] == 0xFE && s[1] == 0xFF {
		u := make([]uint16, 0, len(s)/2)
		for i := 2; i+1 < len(s); i += 2 {
			u = append(u, uint16(s[i])<<8|uint16(s[i+1]))
		}
		return string(utf16.Decode(u))
	}
	r := make([]rune, len(s))
	for i, b := range s {
		r[i] = rune(b)
	}
	return string(r)
}

// errShort is a value cut off by the end of the window read.
var errShort = errors.New("the object runs past the bytes read")

// maxDepth is the deepest nesting of arrays and dictionaries parsed.
const maxDepth = 32

// A parser reads PDF values from a window of bytes; its first error
// stays in err, and every value after it is nil.
type parser struct {
	data  []byte
	pos   int
	depth int
	err   error
}

func (p *parser) fail(err error) any {
	if p.err == nil {
		p.err = err
	}
	return nil
}

// space skips white space and comments.
func (p *parser) space() {
	for p.pos < len(p.data) {
		switch c := p.data[p.pos]; {
		case c == '%':
			for p.pos < len(p.data) && p.data[p.pos] != '\n' && p.data[p.pos] != '\r' {
				p.pos++
			}
		case isSpace(c):
			p.pos++
		default:
			return
		}
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool {
	return isSpace(c) || bytes.IndexByte([]byte("()<>[]{}/%"), c) >= 0
}

// token returns the next regular token (a number or a keyword).
func (p *parser) token() string {
	start := p.pos
	for p.pos < len(p.data) && !isDelim(p.data[p.pos]) {
		p.pos++
	}
	return string(p.data[start:p.pos])
}

// keyword reads a keyword ("obj", "stream", "trailer").
func (p *parser) keyword() string {
	p.space()
	return p.token()
}

// value reads one value, an integer followed by "G R" as a reference.
func (p *parser) value() any {
	if p.err != nil {
		return nil
	}
	p.space()
	if p.pos >= len(p.data) {
		return p.fail(errShort)
	}
	switch c := p.data[p.pos]; {
	case c == '/':
		p.pos++
		return pdfName(p.token())
	case c == '(':
		return p.literal()
	case c == '<' && p.pos+1 < len(p.data) && p.data[p.pos+1] == '<':
		return p.dict()
	case c == '<':
		return p.hex()
	case c == '[':
		return p.array()
	}
	t := p.token()
	switch t {
	case "":
		return p.fail(fmt.Errorf("unexpected %q", p.data[p.pos]))
	case "true", "false":
		return t == "true"
	case "null":
		return nil
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		f, ferr := strconv.ParseFloat(t, 64)
		if ferr != nil {
			return p.fail(fmt.Errorf("unexpected %q", t))
		}
		return f
	}
	// "12 0 R" is a reference: look ahead without consuming otherwise.
	save := p.pos
	p.space()
	if g := p.token(); g == "0" {
		p.space()
		if r := p.token(); r == "R" {
			return pdfRef(n)
		}
	}
	p.pos = save
	return n
}

func (p *parser) nest() bool {
	p.depth++
	if p.depth > maxDepth {
		p.fail(errors.New("arrays and dictionaries nested too deep"))
		return false
	}
	return true
}

func (p *parser) dict() any {
	p.pos += 2
	if !p.nest() {
		return nil
	}
	defer func() { p.depth-- }()
	m := map[string]any{}
	for p.err == nil {
		p.space()
		if p.pos+1 < len(p.data) && p.data[p.pos] == '>' && p.data[p.pos+1] == '>' {
			p.pos += 2
			return m
		}
		k, ok := p.value().(pdfName)
		if !ok {
			return p.fail(errors.New("a dictionary's key is not a name"))
		}
		m[string(k)] = p.value()
	}
	return nil
}

func (p *parser) array() any {
	p.pos++
	if !p.nest() {
		return nil
	}
	defer func() { p.depth-- }()
	var a []any
	for p.err == nil {
		p.space()
		if p.pos < len(p.data) && p.data[p.pos] == ']' {
			p.pos++
			if a == nil {
				a = []any{}
			}
			return a
		}
		a = append(a, p.value())
	}
	return nil
}

func (p *parser) literal() any {
	p.pos++
	var s []byte
	depth := 0
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		p.pos++
		switch c {
		case '(':
			depth++
		case ')':
			if depth == 0 {
				return pdfString(s)
			}
			depth--
		case '\\':
			if p.pos >= len(p.data) {
				return p.fail(errShort)
			}
			e := p.data[p.pos]
			p.pos++
			switch e {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '\r', '\n': // a line continued
				if e == '\r' && p.pos < len(p.data) && p.data[p.pos] == '\n' {
					p.pos++
				}
				continue
			default:
				if e >= '0' && e <= '7' {
					v := int(e - '0')
					for k := 0; k < 2 && p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '7'; k++ {
						v = v*8 + int(p.data[p.pos]-'0')
						p.pos++
					}
					c = byte(v)
				} else {
					c = e
				}
			}
		}
		s = append(s, c)
	}
	return p.fail(errShort)
}

func (p *parser) hex() any {
	p.pos++
	var s []byte
	var digits []byte
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		p.pos++
		switch {
		case c == '>':
			if len(digits)%2 == 1 {
				digits = append(digits, '0')
			}
			for i := 0; i < len(digits); i += 2 {
				v, _ := strconv.ParseUint(string(digits[i:i+2]), 16, 8)
				s = append(s, byte(v))
			}
			return pdfString(s)
		case isSpace(c):
		case c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F':
			digits = append(digits, c)
		default:
			return p.fail(errors.New("a hexadecimal string holds another character"))
		}
	}
	return p.fail(errShort)
}
