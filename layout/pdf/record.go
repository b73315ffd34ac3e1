package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// A Record is what a PDF says of how mazebook made it, kept in the
// document's XMP metadata (a short uncompressed stream the catalogue
// points to), so that a reader can tell a book built from its spec as it
// is now from one built from an older spec: 'build --manifest' compares
// it with the spec it has.
type Record struct {
	// Spec is the digest of the spec the book was built from, the options
	// that change it included (see spec.Book.Digest): 64 hexadecimal
	// digits.
	Spec string
	// Edition says which of the spec's files this is: "student",
	// "teacher", "cover" or "teacher cover".
	Edition string
	// Mazes are the fingerprints of the book's mazes, in order (see
	// maze.Maze.Fingerprint), so that a reader knows which mazes the file
	// holds without drawing them; none for a cover. MazesRecorded says
	// the record has the list (an older mazebook wrote none).
	Mazes         []string
	MazesRecorded bool
	// Check is whether the book passed the print-on-demand rules it was
	// checked against: CheckPassed or CheckFailed (written anyway, with
	// --check-warn), or CheckNone when it was not checked.
	Check string
}

// The verdicts of a Record's Check, each as long as the others, so that
// SetCheck writes one over another in place.
const (
	CheckPassed = "passed"
	CheckFailed = "failed"
	CheckNone   = "none  "
)

// recordNS is the XML namespace of a Record's properties.
const recordNS = "https://mazebook.invalid/ns/record/1/"

// xmp returns the XMP packet of a record: an RDF description with one
// property per field, its check padded to the verdicts' common length.
func (r Record) xmp() ([]byte, error) {
	for _, s := range []string{r.Spec, r.Edition} {
		if strings.ContainsAny(s, "<>&\"") {
			return nil, fmt.Errorf("write pdf: record %q holds a character XML escapes", s)
		}
	}
	for _, m := range r.Mazes {
		if m == "" || strings.ContainsAny(m, "<>&\" \t\r\n") {
			return nil, fmt.Errorf("write pdf: fingerprint %q is empty, or holds a space or a character XML escapes", m)
		}
	}
	check := r.Check
	if check == "" {
		check = CheckNone
	}
	if len(check) != len(CheckPassed) {
		return nil, fmt.Errorf("write pdf: check %q is not a verdict", r.Check)
	}
	var b bytes.Buffer
	b.WriteString("<?xpacket begin=\"\ufeff\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n")
	b.WriteString("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n")
	b.WriteString("<rdf:Description rdf:about=\"\" xmlns:mazebook=\"" + recordNS + "\">\n")
	fmt.Fprintf(&b, "<mazebook:spec>%s</mazebook:spec>\n<mazebook:edition>%s</mazebook:edition>\n", r.Spec, r.Edition)
	if len(r.Mazes) > 0 {
		fmt.Fprintf(&b, "<mazebook:mazes>%s</mazebook:mazes>\n", strings.Join(r.Mazes, " "))
	}
	fmt.Fprintf(&b, "<mazebook:check>%s</mazebook:check>\n", check)
	b.WriteString("</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"r\"?>")
	return b.Bytes(), nil
}

// maxRecord is the largest XMP stream ReadInfo reads a record from: the
// fingerprints of 100,000 mazes (17 bytes each) and the rest.
const maxRecord = 2 << 20

// parseRecord reads a record from an XMP packet written by xmp; ok is
// false when the packet holds none.
func parseRecord(data []byte) (r Record, ok bool) {
	field := func(name string) (string, bool) {
		open, end := "<mazebook:"+name+">", "</mazebook:"+name+">"
		i := bytes.Index(data, []byte(open))
		if i < 0 {
			return "", false
		}
		rest := data[i+len(open):]
		j := bytes.Index(rest, []byte(end))
		if j < 0 {
			return "", false
		}
		return strings.TrimSpace(string(rest[:j])), true
	}
	var okSpec, okEd, okCheck bool
	r.Spec, okSpec = field("spec")
	r.Edition, okEd = field("edition")
	r.Check, okCheck = field("check")
	if m, ok := field("mazes"); ok {
		r.Mazes, r.MazesRecorded = strings.Fields(m), true
	}
	if r.Check == strings.TrimSpace(CheckNone) {
		r.Check = CheckNone
	}
	return r, okSpec && okEd && okCheck
}

// SetCheck writes verdict (CheckPassed, CheckFailed or CheckNone) as the
// check of the record of a PDF that Writer wrote with one, in place: the
// verdicts are all as long, so no offset in the PDF moves. It is how a
// book's check, known once the whole PDF is written, gets into it.
func SetCheck(data []byte, verdict string) error {
	if len(verdict) != len(CheckPassed) {
		return fmt.Errorf("pdf: check %q is not a verdict", verdict)
	}
	const open = "<mazebook:check>"
	i := bytes.LastIndex(data, []byte(open))
	if i < 0 || len(data)-i-len(open) < len(verdict) {
		return errors.New("pdf: the document carries no record to set its check in")
	}
	copy(data[i+len(open):], verdict)
	return nil
}
