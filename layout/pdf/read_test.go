package pdf

import (
	"bytes"
	"io"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"mazebook/internal/pdftest"
)

// testRecord is a record as a book's PDF carries it.
var testRecord = Record{Spec: strings.Repeat("ab", 32), Edition: "teacher", Mazes: []string{"0123456789abcdef", "fedcba9876543210", "0123456789abcdef"}, MazesRecorded: true}

// ReadInfo reads what Writer wrote: the page count and each page's size
// (pdfcpu reads the same), the title with the characters a PDF string
// escapes and one outside the Basic Multilingual Plane, and the record,
// its check as SetCheck set it.
func TestReadInfoReadsWhatWriterWrote(t *testing.T) {
	title := `Mazes (1) \ (2 "été" 🐭`
	data := write(t, testPages(), Metadata{Title: title, Created: created, Record: testRecord})
	info, err := ReadInfo(bytes.NewReader(data), int64(len(data)), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	model.ConfigPath = "disable"
	dims, err := api.PageDims(bytes.NewReader(data), model.NewDefaultConfiguration())
	if err != nil {
		t.Fatal(err)
	}
	if info.Pages != len(dims) || len(info.Sizes) != len(dims) {
		t.Fatalf("%d pages, %d sizes; pdfcpu reads %d", info.Pages, len(info.Sizes), len(dims))
	}
	for i, d := range dims {
		if got := info.Sizes[i]; got != [2]float64{d.Width, d.Height} {
			t.Errorf("page %d: %v, pdfcpu reads %v x %v", i+1, got, d.Width, d.Height)
		}
	}
	if info.Title != title {
		t.Errorf("title %q, want %q", info.Title, title)
	}
	want := testRecord
	want.Check = CheckNone
	if !info.HasRecord || !reflect.DeepEqual(info.Record, want) {
		t.Errorf("record %+v (%v), want %+v", info.Record, info.HasRecord, want)
	}
	if err := SetCheck(data, CheckPassed); err != nil {
		t.Fatal(err)
	}
	if info, err = ReadInfo(bytes.NewReader(data), int64(len(data)), Limits{}); err != nil || info.Record.Check != CheckPassed {
		t.Errorf("after SetCheck: %+v (%v)", info.Record, err)
	}
	if err := api.Validate(bytes.NewReader(data), model.NewDefaultConfiguration()); err != nil {
		t.Errorf("pdfcpu does not validate a PDF with a record: %v", err)
	}
	plain := write(t, testPages(), Metadata{Title: "t"})
	if info, err := ReadInfo(bytes.NewReader(plain), int64(len(plain)), Limits{}); err != nil || info.HasRecord {
		t.Errorf("a PDF without a record: %+v (%v)", info, err)
	}
	if err := SetCheck(plain, CheckPassed); err == nil {
		t.Error("SetCheck set a check in a PDF without a record")
	}
}

// zeroTail is a file of data followed by n zero bytes, none of them
// held in memory.
type zeroTail struct {
	data []byte
	n    int64
}

func (z zeroTail) ReadAt(p []byte, off int64) (int, error) {
	size := int64(len(z.data)) + z.n
	if off >= size {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && off < size {
		if off < int64(len(z.data)) {
			k := copy(p[n:], z.data[off:])
			n, off = n+k, off+int64(k)
			continue
		}
		k := min(int64(len(p)-n), size-off)
		clear(p[n : n+int(k)])
		n, off = n+int(k), off+k
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// ReadInfo refuses crafted files, saying what is wrong with each, and
// allocates little for any of them: a page tree that says two thousand
// million pages, or twenty million, an object stream that inflates to
// 512 MB behind a cross-reference stream, a book with 1 GB of zeros
// (or 16) after its end, a book cut short, an update appended, a nested page
// tree, a file larger than the limit.
func TestReadInfoRefusesCraftedFiles(t *testing.T) {
	book := write(t, testPages(), Metadata{Title: "t", Created: created, Record: testRecord})
	nested := pdftest.Classic([]string{"<</Type /Catalog /Pages 2 0 R>>", "<</Type /Pages /Kids [3 0 R] /Count 1>>", "<</Type /Pages /Parent 2 0 R /Kids [4 0 R] /Count 1>>", "<</Type /Page /Parent 3 0 R /MediaBox [0 0 10 10]>>"}, "/Root 1 0 R\n")
	updated := bytes.Replace(book, []byte("trailer\n<<\n"), []byte("trailer\n<<\n/Prev 9 "), 1)
	bomb, huge, large, many := pdftest.Bomb(512), pdftest.Count(2_000_000_000, "Tiny"), pdftest.Count(20_000_000, "Tiny"), pdftest.Count(90_000, "Tiny")
	deep := pdftest.Classic([]string{"<</Type /Catalog /Pages 2 0 R /X " + strings.Repeat("[", 5000) + ">>"}, "/Root 1 0 R\n")
	for _, c := range []struct {
		name string
		r    io.ReaderAt
		size int64
		lim  Limits
		want string
	}{
		{"a count of 2000000000", bytes.NewReader(huge), int64(len(huge)), Limits{Pages: 100_000}, "its page tree says 2000000000 pages, more than the 100000 a book may have"},
		{"a count of 20000000", bytes.NewReader(large), int64(len(large)), Limits{}, "its page tree says 20000000 pages, more than the 100000 a book may have"},
		{"a count larger than the file holds", bytes.NewReader(many), int64(len(many)), Limits{}, "more than a file of"},
		{"an object stream that inflates to 512 MB", bytes.NewReader(bomb), int64(len(bomb)), Limits{}, "its cross-reference is a stream"},
		{"1 GB of zeros after its end", zeroTail{book, 1 << 30}, int64(len(book)) + 1<<30, Limits{Size: 2 << 30}, "it does not end with %%EOF in its last 1024 bytes: something was added after its end, or it was cut short"},
		{"16 zeros after its end", zeroTail{book, 16}, int64(len(book)) + 16, Limits{}, "something was added after its end"},
		{"cut short", bytes.NewReader(book[:len(book)/2]), int64(len(book) / 2), Limits{}, "it was cut short"},
		{"larger than the limit", zeroTail{book, 1 << 30}, int64(len(book)) + 1<<30, Limits{Size: 1 << 30}, "more than the 1073741824 a book's file may be"},
		{"an update appended", bytes.NewReader(updated), int64(len(updated)), Limits{}, "its trailer has /Prev"},
		{"a nested page tree", bytes.NewReader(nested), int64(len(nested)), Limits{}, "its page tree has more than one level"},
		{"arrays nested 5000 deep", bytes.NewReader(deep), int64(len(deep)), Limits{}, "nested too deep"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := ReadInfo(c.r, c.size, c.lim)
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v, want %q", err, c.want)
			}
			if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
				t.Errorf("%d bytes allocated reading it", got)
			}
		})
	}
}
