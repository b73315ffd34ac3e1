package pdf

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"

	"mazebook/internal/tooltest"
	"mazebook/layout/display"
	"mazebook/layout/png"
	"mazebook/layout/rastertest"
	"mazebook/layout/svg"
	"mazebook/layout/typeface"
)

const spanish = "¡Encuentra la salida! Ñandú ñ áéíóú ü"

var (
	black = display.Black
	red   = display.Color{R: 255}
)

func pt(x, y float64) display.Point { return display.Point{X: x, Y: y} }

// testPages returns three pages: a letter page with a wall, a red fill and
// text; a 6x9 in page with 9 pt of bleed on the top, bottom and outside;
// and a landscape page with no bleed.
func testPages() []display.Page {
	letter := display.Page{Width: 612, Height: 792, Trim: display.Box{W: 612, H: 792}, Items: []display.Item{
		&display.Line{Paths: []display.Path{{Points: []display.Point{pt(72, 100), pt(300, 100), pt(300, 300)}}, {Points: []display.Point{pt(400, 100), pt(400, 160)}}}, Width: 12, Color: black, Cap: display.SquareCap, Join: display.MiterJoin},
		&display.Fill{Box: display.Box{X: 400, Y: 400, W: 100, H: 50}, Color: red},
		&display.Text{X: 306, Y: 600, Size: 24, Font: typeface.Bold, Color: black, Align: display.AlignCenter, Text: spanish},
		&display.Text{X: 540, Y: 700, Size: 10, Font: typeface.Regular, Color: black, Align: display.AlignRight, Text: "Página 1 <b>&\"'()\\"},
	}}
	bleed := display.Page{Width: 450, Height: 666, Trim: display.Box{X: 0, Y: 9, W: 441, H: 648}, Items: []display.Item{
		&display.Line{Paths: []display.Path{{Points: []display.Point{pt(50, 50), pt(50, 50)}}}, Width: 8, Color: black, Cap: display.RoundCap, Join: display.RoundJoin},
		&display.Text{X: 36, Y: 100, Size: 12, Font: typeface.Regular, Color: display.Color{R: 10, G: 20, B: 30}, Text: "Regular"},
	}}
	landscape := display.Page{Width: 792, Height: 612, Trim: display.Box{W: 792, H: 612}, Items: []display.Item{
		&display.Fill{Box: display.Box{X: 10, Y: 10, W: 20, H: 20}, Color: black},
	}}
	return []display.Page{letter, bleed, landscape}
}

var created = time.Date(2024, 3, 4, 5, 6, 7, 0, time.UTC)

func write(t *testing.T, pages []display.Page, meta Metadata) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, pages, meta); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return b.Bytes()
}

// writeFile writes pages to a file in a temporary directory.
func writeFile(t *testing.T, pages []display.Page) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.pdf")
	if err := os.WriteFile(path, write(t, pages, Metadata{Title: "Título", Created: created}), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDeterministic(t *testing.T) {
	madrid := time.FixedZone("CET", 3600)
	tests := []struct {
		name string
		a, b Metadata
	}{
		{"same metadata", Metadata{Title: "t", Created: created}, Metadata{Title: "t", Created: created}},
		{"same instant in another zone", Metadata{Title: "t", Created: created}, Metadata{Title: "t", Created: created.In(madrid)}},
		{"zero time", Metadata{}, Metadata{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := write(t, testPages(), tt.a)
			// fpdf writes page boxes from a map: enough writes to catch a
			// random order.
			for i := 0; i < 8; i++ {
				if got := write(t, testPages(), tt.b); !bytes.Equal(got, want) {
					t.Fatalf("write %d differs from the first (%d and %d bytes)", i+2, len(got), len(want))
				}
			}
		})
	}
}

func TestInfo(t *testing.T) {
	data := write(t, testPages(), Metadata{Title: "Laberintos", Creator: "mazebook test", Created: created.In(time.FixedZone("X", -5*3600))})
	for _, want := range []string{
		"/CreationDate (D:20240304050607)",
		"/ModDate (D:20240304050607)",
		"/Producer (\xfe\xff\x00m\x00a\x00z\x00e\x00b\x00o\x00o\x00k)",
		"/Title (\xfe\xff\x00L\x00a",
	} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("PDF lacks %q", want)
		}
	}
	if bytes.Contains(data, []byte("FPDF")) {
		t.Error("PDF names fpdf (and its version) as producer")
	}
	for _, field := range []string{"/Author", "/Subject", "/Keywords"} {
		if bytes.Contains(data, []byte(field)) {
			t.Errorf("PDF has an empty %s", field)
		}
	}
	epoch := write(t, testPages(), Metadata{})
	if !bytes.Contains(epoch, []byte("/CreationDate (D:19700101000000)")) {
		t.Error("a zero Created is not written as the Unix epoch")
	}
}

func TestPdfcpuValidates(t *testing.T) {
	model.ConfigPath = "disable" // never write a config directory into $HOME
	for _, mode := range []int{model.ValidationRelaxed, model.ValidationStrict} {
		conf := model.NewDefaultConfiguration()
		conf.ValidationMode = mode
		if err := api.Validate(bytes.NewReader(write(t, testPages(), Metadata{Title: "t", Created: created})), conf); err != nil {
			t.Errorf("pdfcpu validation (mode %d): %v", mode, err)
		}
	}
}

// pageBoxes returns the boxes each page dictionary sets itself, read by
// pdfcpu.
func pageBoxes(t *testing.T, data []byte) []map[string][4]float64 {
	t.Helper()
	model.ConfigPath = "disable"
	ctx, err := api.ReadContext(bytes.NewReader(data), model.NewDefaultConfiguration())
	if err != nil {
		t.Fatal(err)
	}
	if err := api.ValidateContext(ctx); err != nil {
		t.Fatal(err)
	}
	var out []map[string][4]float64
	for n := 1; n <= ctx.PageCount; n++ {
		d, _, inh, err := ctx.PageDict(n, false)
		if err != nil {
			t.Fatal(err)
		}
		boxes := map[string][4]float64{}
		if inh != nil && inh.MediaBox != nil {
			r := inh.MediaBox
			boxes["MediaBox"] = [4]float64{r.LL.X, r.LL.Y, r.UR.X, r.UR.Y}
		}
		for _, name := range []string{"MediaBox", "CropBox", "TrimBox", "BleedBox", "ArtBox"} {
			a := d.ArrayEntry(name)
			if a == nil {
				continue
			}
			var v [4]float64
			for i := range v {
				switch x := a[i].(type) {
				case types.Float:
					v[i] = x.Value()
				case types.Integer:
					v[i] = float64(x.Value())
				}
			}
			boxes[name] = v
		}
		out = append(out, boxes)
	}
	return out
}

func TestPageBoxes(t *testing.T) {
	pages := testPages()
	plain := display.Page{Width: 612, Height: 792, Trim: display.Box{W: 612, H: 792}}
	noTrim := display.Page{Width: 500, Height: 700} // a zero Trim is the whole page
	pages = append([]display.Page{plain, noTrim}, pages...)
	got := pageBoxes(t, write(t, pages, Metadata{Created: created}))
	tests := []struct {
		page  int
		media [4]float64
		trim  *[4]float64 // nil: no TrimBox nor BleedBox
	}{
		{1, [4]float64{0, 0, 612, 792}, nil},
		{2, [4]float64{0, 0, 500, 700}, nil},
		{3, [4]float64{0, 0, 612, 792}, nil},
		{4, [4]float64{0, 0, 450, 666}, &[4]float64{0, 9, 441, 657}},
		// After a page with boxes every page sets its own, the whole page
		// when it has no bleed (fpdf would otherwise carry the last ones
		// over).
		{5, [4]float64{0, 0, 792, 612}, &[4]float64{0, 0, 792, 612}},
	}
	if len(got) != len(tests) {
		t.Fatalf("%d pages, want %d", len(got), len(tests))
	}
	for _, tt := range tests {
		b := got[tt.page-1]
		if b["MediaBox"] != tt.media {
			t.Errorf("page %d: MediaBox %v, want %v", tt.page, b["MediaBox"], tt.media)
		}
		trim, hasTrim := b["TrimBox"]
		bleed, hasBleed := b["BleedBox"]
		if tt.trim == nil {
			if hasTrim || hasBleed {
				t.Errorf("page %d: TrimBox %v BleedBox %v, want none", tt.page, trim, bleed)
			}
			continue
		}
		if !hasTrim || trim != *tt.trim {
			t.Errorf("page %d: TrimBox %v (set %v), want %v", tt.page, trim, hasTrim, *tt.trim)
		}
		if !hasBleed || bleed != tt.media {
			t.Errorf("page %d: BleedBox %v (set %v), want the whole page %v", tt.page, bleed, hasBleed, tt.media)
		}
	}
}

// contents returns the inflated streams of a PDF written by Write, in
// order: the content streams of the pages, then the fonts'.
func contents(t *testing.T, data []byte) []string {
	t.Helper()
	var out []string
	for rest := data; ; {
		i := bytes.Index(rest, []byte("stream\n"))
		if i < 0 {
			return out
		}
		rest = rest[i+len("stream\n"):]
		j := bytes.Index(rest, []byte("\nendstream"))
		if j < 0 {
			t.Fatal("stream without an end")
		}
		if r, err := zlib.NewReader(bytes.NewReader(rest[:j])); err == nil {
			b, err := io.ReadAll(r)
			if err == nil {
				out = append(out, string(b))
			}
		}
		rest = rest[j+len("\nendstream"):]
	}
}

// TestContent checks the drawing operators of the first test page: exact
// pens, pure black walls, colours and text positions.
func TestContent(t *testing.T) {
	page := contents(t, write(t, testPages()[:1], Metadata{}))[0]
	title := testPages()[0].Items[2].(*display.Text)
	for _, want := range []string{
		// The wall: pure black (DeviceGray 0), 12 pt, square caps, miter
		// joins, y measured from the bottom.
		"0.000 G", "12.00 w", "2 J", "0 j",
		"72.00 692.00 m", "300.00 692.00 l", "300.00 492.00 l", "400.00 692.00 m", "400.00 632.00 l", "S",
		// The red fill.
		"1.000 0.000 0.000 rg", "400.00 392.00 100.00 -50.00 re f",
		// The title, centred with typeface.Width, on its baseline.
		fmt.Sprintf("BT %.2f 192.00 Td", title.Left()), "24.00 Tf",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page content lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, " RG") || strings.Contains(page, " K") || strings.Contains(page, " k") {
		t.Errorf("walls are not drawn in pure DeviceGray black:\n%s", page)
	}
}

func TestSortPageBoxes(t *testing.T) {
	in := "<</Type /Page\n/Parent 1 0 R\n/MediaBox [0 0 9 9]\n/TrimBox [1 1 8 8]\n/BleedBox [0 0 9 9]\n/Resources 2 0 R\n" +
		"<</Type /Page\n/Parent 1 0 R\n/TrimBox [2 2 7 7]\n/ArtBox [0 0 9 9]\n/Resources 2 0 R\n"
	want := "<</Type /Page\n/Parent 1 0 R\n/MediaBox [0 0 9 9]\n/BleedBox [0 0 9 9]\n/TrimBox [1 1 8 8]\n/Resources 2 0 R\n" +
		"<</Type /Page\n/Parent 1 0 R\n/ArtBox [0 0 9 9]\n/TrimBox [2 2 7 7]\n/Resources 2 0 R\n"
	b := []byte(in)
	sortPageBoxes(b)
	if string(b) != want {
		t.Errorf("sortPageBoxes:\n%s\nwant\n%s", b, want)
	}
}

func TestQpdfCheck(t *testing.T) {
	tooltest.Require(t, "qpdf")
	path := writeFile(t, testPages())
	out, err := exec.Command("qpdf", "--check", path).CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("No syntax or stream encoding errors")) {
		t.Errorf("qpdf --check: %v\n%s", err, out)
	}
}

// TestFontsEmbedded checks that each face a document sets text in, and
// only those, is embedded once as a named subset, whatever it is: a
// built-in face, a loaded font, the same font loaded twice.
func TestFontsEmbedded(t *testing.T) {
	mono, err := typeface.Load("gomono.ttf", gomono.TTF)
	if err != nil {
		t.Fatal(err)
	}
	monoAgain, err := typeface.Load("again/gomono.ttf", gomono.TTF)
	if err != nil {
		t.Fatal(err)
	}
	italic, err := typeface.Load("goitalic.ttf", goitalic.TTF)
	if err != nil {
		t.Fatal(err)
	}
	page := func(faces ...typeface.Face) []display.Page {
		p := display.Page{Width: 200, Height: 200}
		for i, f := range faces {
			p.Items = append(p.Items, &display.Text{X: 10, Y: 20 + 20*float64(i), Size: 12, Font: f, Color: black, Text: "Laberinto 12"})
		}
		return []display.Page{p}
	}
	noText := []display.Page{{Width: 100, Height: 100, Items: []display.Item{&display.Fill{Box: display.Box{W: 10, H: 10}}}}}
	tests := []struct {
		name  string
		pages []display.Page
		want  []string // the IDs of the fonts embedded
	}{
		{"text", testPages(), []string{typeface.Bold.ID(), typeface.Regular.ID()}},
		{"no text", noText, nil},
		{"nil is regular", page(nil, typeface.Regular), []string{typeface.Regular.ID()}},
		{"loaded", page(mono, typeface.Bold, italic), []string{mono.ID(), typeface.Bold.ID(), italic.ID()}},
		{"loaded twice", page(mono, monoAgain), []string{mono.ID()}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := write(t, tt.pages, Metadata{Created: created})
			info := Inspect(data)
			if info.Fonts != len(tt.want) || info.Embedded != info.Fonts {
				t.Errorf("Inspect: %+v, want %d embedded fonts", info, len(tt.want))
			}
			if bytes.Contains(data, []byte("/Type1")) || bytes.Contains(data, []byte("Helvetica")) {
				t.Error("the PDF has a core or Type 1 font")
			}
			for _, id := range tt.want {
				if n := len(regexp.MustCompile(`/[A-Z]{6}\+`+regexp.QuoteMeta(id)+"\n").FindAll(data, -1)); n != 3 {
					t.Errorf("font %s is named %d times as a subset, want 3 (font, CID font, descriptor)", id, n)
				}
			}
			if bytes.Contains(data, []byte("utf8")) {
				t.Error("a font keeps the name fpdf gave it")
			}
			if len(tt.want) == 0 {
				return
			}
			path := filepath.Join(t.TempDir(), "f.pdf")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, f := range pdffonts(t, path) {
				if len(f) < 8 || f[1] != "CID" || f[2] != "TrueType" || f[4] != "yes" || f[5] != "yes" {
					t.Errorf("font not an embedded subset CID TrueType font: %q", f)
				}
				for _, core := range []string{"helvetica", "times", "courier", "symbol", "zapf", "arial"} {
					if strings.Contains(strings.ToLower(f[0]), core) {
						t.Errorf("core font %q", f[0])
					}
				}
				names = append(names, f[0])
			}
			if got := untagged(t, names); !sameSet(got, tt.want) {
				t.Errorf("pdffonts lists %v, want %v", names, tt.want)
			}
		})
	}
}

// untagged returns the names of subset fonts without their tags, failing
// for a name whose tag is not six capital letters and a plus.
func untagged(t *testing.T, names []string) []string {
	t.Helper()
	var out []string
	for _, n := range names {
		if !regexp.MustCompile(`^[A-Z]{6}\+`).MatchString(n) {
			t.Errorf("font %q has no subset tag", n)
			continue
		}
		out = append(out, n[7:])
	}
	return out
}

// sameSet reports whether a and b hold the same strings.
func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// TestSubsetTagsFollowTheSubset checks that a font's subset tag comes
// from the glyphs embedded: the same text, the same tag; other text,
// another tag, as PDF readers expect of two subsets of one font.
func TestSubsetTagsFollowTheSubset(t *testing.T) {
	tagOf := func(text string) string {
		p := display.Page{Width: 200, Height: 100, Items: []display.Item{
			&display.Text{X: 10, Y: 50, Size: 12, Font: typeface.Regular, Text: text},
		}}
		data := write(t, []display.Page{p}, Metadata{Created: created})
		m := regexp.MustCompile(`/BaseFont /([A-Z]{6})\+` + regexp.QuoteMeta(typeface.Regular.ID())).FindSubmatch(data)
		if m == nil {
			t.Fatalf("no subset of %s in the PDF", typeface.Regular.ID())
		}
		return string(m[1])
	}
	a, b, c := tagOf("Maze 1"), tagOf("Maze 1"), tagOf("Labyrinth 2")
	if a != b || a == c {
		t.Errorf("tags %s, %s for the same text and %s for another", a, b, c)
	}
}

// pdffonts returns the fields of each font pdffonts lists, skipping the
// test when pdffonts is not installed (unless MAZEBOOK_REQUIRE_TOOLS is
// set).
func pdffonts(t *testing.T, path string) [][]string {
	t.Helper()
	tooltest.Require(t, "pdffonts")
	out, err := exec.Command("pdffonts", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdffonts: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 3 {
		t.Fatalf("pdffonts lists no font:\n%s", out)
	}
	var fonts [][]string
	for _, l := range lines[2:] {
		fonts = append(fonts, strings.Fields(l))
	}
	return fonts
}

// TestNameSubsets checks that renaming a font leaves alone a font whose
// name starts with its name, and keeps the length of the document.
func TestNameSubsets(t *testing.T) {
	in := "/BaseFont /utf8subab-00000000\n/BaseFont /utf8subab-00000000x-11111111\n/FontName /utf8subab-00000000 /Flags"
	s := fontSet{ids: []string{"AB-00000000"}}
	b := []byte(in)
	s.nameSubsets(b)
	tag := subsetTag("AB-00000000", nil)
	want := "/BaseFont /" + tag + "+AB-00000000\n/BaseFont /utf8subab-00000000x-11111111\n/FontName /" + tag + "+AB-00000000 /Flags"
	if string(b) != want {
		t.Errorf("nameSubsets:\n%s\nwant\n%s", b, want)
	}
	if len(tag) != 6 || strings.Trim(tag, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		t.Errorf("subset tag %q is not six capital letters", tag)
	}
}

func TestPdftotext(t *testing.T) {
	tooltest.Require(t, "pdftotext")
	path := writeFile(t, testPages())
	out, err := exec.Command("pdftotext", "-f", "1", "-l", "1", "-enc", "UTF-8", path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	for _, want := range []string{spanish, `Página 1 <b>&"'()\`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("pdftotext output lacks %q:\n%s", want, out)
		}
	}
}

func TestPrintable(t *testing.T) {
	tests := []struct{ in, want string }{
		{spanish, spanish},
		{"a中b", "a?b"},             // no CJK in the Go fonts
		{"x😀y", "x?y"},             // outside the BMP
		{"tab\there\n", "tabhere"}, // control characters are not drawn
		{"", ""},
	}
	for _, tt := range tests {
		for _, face := range typeface.Faces {
			if got := printable(face, tt.in); got != tt.want {
				t.Errorf("printable(%v, %q) = %q, want %q", face, tt.in, got, tt.want)
			}
		}
	}
}

// TestWidthAgrees checks that fpdf measures text as typeface does, so that
// text centred or right-aligned with typeface.Width ends where it should.
func TestWidthAgrees(t *testing.T) {
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: 100, Ht: 100}})
	for _, face := range typeface.Faces {
		f.AddUTF8FontFromBytes(face.Name(), "", face.TTF())
	}
	for _, s := range []string{spanish, "Maze 12 of 40", "Solutions", "WWWWWWWWWWiiiiiiiiii", "Página 7 <b>&\"'"} {
		for _, face := range typeface.Faces {
			for _, size := range []float64{8, 12, 36} {
				f.SetFont(face.Name(), "", size)
				got, want := f.GetStringWidth(printable(face, s)), typeface.Width(face, size, s)
				// fpdf rounds each advance to a thousandth of an em.
				tol := 0.0005 * size * float64(len([]rune(s)))
				if math.Abs(got-want) > tol {
					t.Errorf("%v %gpt %q: fpdf width %.3f, typeface %.3f", face, size, s, got, want)
				}
			}
		}
	}
	if err := f.Error(); err != nil {
		t.Fatal(err)
	}
}

func TestErrors(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name  string
		pages []display.Page
	}{
		{"no pages", nil},
		{"zero size", []display.Page{{}}},
		{"NaN size", []display.Page{{Width: nan, Height: 100}}},
		{"NaN point", []display.Page{{Width: 100, Height: 100, Items: []display.Item{&display.Line{Paths: []display.Path{{Points: []display.Point{pt(0, 0), pt(nan, 1)}}}, Width: 1}}}}},
		{"infinite text", []display.Page{{Width: 100, Height: 100, Items: []display.Item{&display.Text{X: math.Inf(1), Size: 10, Text: "x"}}}}},
		{"nil item", []display.Page{{Width: 100, Height: 100, Items: []display.Item{nil}}}},
		{"trim outside", []display.Page{{Width: 100, Height: 100, Trim: display.Box{X: 10, W: 100, H: 100}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, tt.pages, Metadata{}); err == nil {
				t.Error("no error")
			}
		})
	}
	t.Run("failing writer", func(t *testing.T) {
		want := errors.New("disk full")
		if err := Write(failWriter{want}, testPages(), Metadata{}); !errors.Is(err, want) {
			t.Errorf("error %v, want one wrapping %v", err, want)
		}
	})
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

// rasterPage is a small page for pixel checks: a thick black line, a red
// square, centred text.
func rasterPage() display.Page {
	return display.Page{Width: 200, Height: 150, Trim: display.Box{W: 200, H: 150}, Items: []display.Item{
		&display.Line{Paths: []display.Path{{Points: []display.Point{pt(20, 20), pt(180, 20)}}}, Width: 10, Color: black, Cap: display.ButtCap},
		&display.Fill{Box: display.Box{X: 20, Y: 50, W: 40, H: 40}, Color: red},
		&display.Text{X: 100, Y: 130, Size: 18, Font: typeface.Bold, Color: black, Align: display.AlignCenter, Text: "Ñandú"},
	}}
}

func TestRaster(t *testing.T) {
	const dpi = 144
	path := writeFile(t, []display.Page{rasterPage()})
	img, err := rastertest.FromPDF(path, 1, dpi)
	if errors.Is(err, rastertest.ErrNoPdftoppm) {
		tooltest.Missing(t, "pdftoppm")
	}
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 400 || b.Dy() != 300 {
		t.Fatalf("image %v, want 400x300", b)
	}
	px := func(x, y float64) image.Point { return image.Pt(int(x*2), int(y*2)) }
	tests := []struct {
		name string
		at   image.Point
		want string
	}{
		{"line centre", px(100, 20), "dark"},
		{"line near top edge", px(100, 16), "dark"},
		{"line near bottom edge", px(100, 24), "dark"},
		{"above line", px(100, 13), "light"},
		{"below line", px(100, 27), "light"},
		{"past butt end", px(183, 20), "light"},
		{"before butt start", px(17, 20), "light"},
		{"red square", px(40, 70), "red"},
		{"red square corner", px(21, 51), "red"},
		{"beside red square", px(65, 70), "light"},
		{"blank paper", px(150, 80), "light"},
	}
	for _, tt := range tests {
		c := img.At(tt.at.X, tt.at.Y)
		ok := map[string]bool{"dark": rastertest.IsDark(c), "light": rastertest.IsLight(c), "red": rastertest.IsRed(c)}[tt.want]
		if !ok {
			t.Errorf("%s at %v: colour %v, want %s", tt.name, tt.at, c, tt.want)
		}
	}
	// The text falls where the PNG backend puts it, which uses the same
	// typeface metrics.
	ref, err := png.Render(rasterPage(), dpi)
	if err != nil {
		t.Fatal(err)
	}
	textBox := image.Rect(0, 200, 400, 300)
	got, want := inkBox(img, textBox), inkBox(ref, textBox)
	for _, d := range []int{got.Min.X - want.Min.X, got.Max.X - want.Max.X, got.Min.Y - want.Min.Y, got.Max.Y - want.Max.Y} {
		if d < -1 || d > 1 {
			t.Errorf("text inks %v in the PDF, %v in the PNG", got, want)
			break
		}
	}
}

// inkBox returns the bounding box of the dark pixels of img within r.
func inkBox(img *image.RGBA, r image.Rectangle) image.Rectangle {
	var box image.Rectangle
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if rastertest.IsDark(img.At(x, y)) {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

// TestInfoOutsideBMP checks that metadata with characters outside the
// Basic Multilingual Plane (emoji) is written as UTF-16 surrogate pairs,
// and reads back whole.
func TestInfoOutsideBMP(t *testing.T) {
	title := "😀 Laberintos (ñ) \\ 𝄞"
	data := write(t, testPages(), Metadata{Title: title, Author: "Ana \xff", Created: created})
	// 😀 is U+1F600: the surrogates D83D DE00.
	if !bytes.Contains(data, []byte("/Title (\xfe\xff\xd8\x3d\xde\x00\x00 \x00L")) {
		t.Errorf("the title is not UTF-16 with surrogate pairs")
	}
	if got, want := textString("a😀"), "\xfe\xff\x00a\xd8\x3d\xde\x00"; got != want {
		t.Errorf("textString = %q, want %q", got, want)
	}
	// A control character (a NUL from a YAML escape, an escape, a line
	// break) is a space: no NUL reaches a reader.
	if got, want := textString("a\x00b\x1b\nc"), "\xfe\xff\x00a\x00 \x00b\x00 \x00 \x00c"; got != want {
		t.Errorf("textString = %q, want %q", got, want)
	}
	tooltest.Require(t, "pdfinfo")
	path := filepath.Join(t.TempDir(), "emoji.pdf")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdfinfo", "-enc", "UTF-8", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfinfo: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "Title:           "+title+"\n") || !strings.Contains(string(out), "Author:          Ana \uFFFD\n") {
		t.Errorf("pdfinfo reads:\n%s", out)
	}
}

// TestWriterPageByPage checks that a document written one page at a time
// is the same as one written from all its pages.
func TestWriterPageByPage(t *testing.T) {
	meta := Metadata{Title: "t", Created: created}
	want := write(t, testPages(), meta)
	w := NewWriter(meta)
	for _, p := range testPages() {
		if err := w.Add(&p); err != nil {
			t.Fatal(err)
		}
	}
	var got bytes.Buffer
	if err := w.Finish(&got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Fatal("the Writer's document differs from Write's")
	}
	if err := w.Add(&testPages()[0]); err == nil {
		t.Error("a finished Writer took another page")
	}
	if err := NewWriter(meta).Finish(io.Discard); err == nil {
		t.Error("a document with no page was written")
	}
}

// arcPage has arcs of every kind: clockwise and anticlockwise, under and
// over π, joined to straight pieces and to each other with miters and
// round joins, closed circles, and a thick arc.
func arcPage() display.Page {
	return display.Page{Width: 300, Height: 260, Trim: display.Box{W: 300, H: 260}, Items: []display.Item{
		&display.Line{Paths: []display.Path{
			{Points: []display.Point{pt(20, 60), pt(60, 20)}, Bends: []float64{math.Pi / 2}},
			{Points: []display.Point{pt(100, 60), pt(140, 20)}, Bends: []float64{-3 * math.Pi / 2}},
			{Points: []display.Point{pt(180, 20), pt(200, 20), pt(240, 60), pt(240, 90)}, Bends: []float64{0, math.Pi / 2, 0}},
		}, Width: 3, Color: black, Cap: display.ButtCap, Join: display.MiterJoin},
		&display.Line{Paths: []display.Path{
			{Points: []display.Point{pt(70, 140), pt(30, 140)}, Bends: []float64{math.Pi, math.Pi}, Closed: true},
			{Points: []display.Point{pt(100, 120), pt(140, 120), pt(140, 160)}, Bends: []float64{0, 0, -math.Pi / 2}, Closed: true},
			{Points: []display.Point{pt(160, 110), pt(190, 140), pt(220, 110)}, Bends: []float64{-2, 2}},
		}, Width: 5, Color: black, Cap: display.RoundCap, Join: display.RoundJoin},
		&display.Line{Paths: []display.Path{
			{Points: []display.Point{pt(30, 250), pt(270, 250)}, Bends: []float64{1.8}},
		}, Width: 12, Color: black, Cap: display.SquareCap, Join: display.MiterJoin},
	}}
}

// TestArcs checks that a PDF with arcs is valid, draws them as curves,
// and looks, through pdftoppm, as the PNG backend draws the same page:
// their dark pixels agree but for those within a pixel of an edge.
func TestArcs(t *testing.T) {
	data := write(t, []display.Page{arcPage()}, Metadata{Title: "arcs", Created: created})
	model.ConfigPath = "disable"
	for _, mode := range []int{model.ValidationRelaxed, model.ValidationStrict} {
		conf := model.NewDefaultConfiguration()
		conf.ValidationMode = mode
		if err := api.Validate(bytes.NewReader(data), conf); err != nil {
			t.Errorf("pdfcpu validation (mode %d): %v", mode, err)
		}
	}
	page := contents(t, data)[0]
	// The quarter arc from (20, 60) to (60, 20) around
	// (60, 60), y up from the bottom (260): one curve, its control points
	// 4/3·tan(π/8)·40 = 22.09139 along the tangents.
	if !strings.Contains(page, "20.00 200.00 m\n20.00000 222.09139 37.90861 240.00000 60.00000 240.00000 c\n") {
		t.Errorf("the quarter arc is not one Bézier curve:\n%s", page)
	}
	if n := strings.Count(page, " c\n"); n < 12 {
		t.Errorf("%d curves, want at least 12:\n%s", n, page)
	}
	if n := strings.Count(page, "h\n"); n != 2 {
		t.Errorf("%d closed paths, want 2:\n%s", n, page)
	}

	const dpi = 144
	path := filepath.Join(t.TempDir(), "arcs.pdf")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := rastertest.FromPDF(path, 1, dpi)
	if errors.Is(err, rastertest.ErrNoPdftoppm) {
		tooltest.Missing(t, "pdftoppm")
	}
	if err != nil {
		t.Fatal(err)
	}
	want, err := png.Render(arcPage(), dpi)
	if err != nil {
		t.Fatal(err)
	}
	if got.Bounds() != want.Bounds() {
		t.Fatalf("pdftoppm draws %v, the PNG backend %v", got.Bounds(), want.Bounds())
	}
	if dark := sameInk(t, got, want); dark < 5000 {
		t.Errorf("only %d dark pixels", dark)
	}
}

// sameInk checks that the dark pixels of got, a PDF as pdftoppm draws it,
// are those of want, the PNG backend's drawing of the same page, but for
// those within a pixel of an edge; it returns how many are dark.
func sameInk(t *testing.T, got, want *image.RGBA) int {
	t.Helper()
	// edge reports whether the pixels within one of (x, y) in img are not
	// all dark or all not dark.
	edge := func(img *image.RGBA, x, y int) bool {
		d := rastertest.IsDark(img.At(x, y))
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if q := image.Pt(x+dx, y+dy); q.In(img.Bounds()) && rastertest.IsDark(img.At(q.X, q.Y)) != d {
					return true
				}
			}
		}
		return false
	}
	b := want.Bounds()
	dark, bad := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			d := rastertest.IsDark(want.At(x, y))
			if d {
				dark++
			}
			if d != rastertest.IsDark(got.At(x, y)) && !edge(want, x, y) && !edge(got, x, y) {
				if bad++; bad <= 10 {
					t.Errorf("pixel (%d, %d): pdftoppm %v, the PNG backend %v", x, y, got.At(x, y), want.At(x, y))
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d pixels disagree", bad)
	}
	return dark
}

// TestShapedText checks that a text in a shaped script (Hindi) is drawn
// in the PDF as its shaped outlines, filled, over its words set
// invisibly: pdftoppm shows what the PNG backend shows (conjuncts and
// vowel signs in place, nothing drawn twice), and pdftotext reads the
// words back.
func TestShapedText(t *testing.T) {
	face := shippedFont(t, "noto/NotoSansDevanagari-Regular.ttf")
	const words = "क्षत्रिय श्री हिन्दी"
	page := display.Page{Width: 300, Height: 120, Items: []display.Item{
		&display.Text{X: 150, Y: 60, Size: 28, Font: face, Color: display.Black, Align: display.AlignCenter, Text: words},
	}}
	data := write(t, []display.Page{page}, Metadata{Title: "shaped", Created: created})
	c := contents(t, data)[0]
	if !strings.Contains(c, "3 Tr") || !strings.Contains(c, "\nf\n") {
		t.Errorf("no invisible text (3 Tr) or no filled outlines (f):\n%.400s", c)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "shaped.pdf")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	const dpi = 144
	got, err := rastertest.FromPDF(path, 1, dpi)
	if errors.Is(err, rastertest.ErrNoPdftoppm) {
		tooltest.Missing(t, "pdftoppm")
	}
	if err != nil {
		t.Fatal(err)
	}
	want, err := png.Render(page, dpi)
	if err != nil {
		t.Fatal(err)
	}
	if dark := sameInk(t, got, want); dark < 2000 {
		t.Errorf("only %d dark pixels", dark)
	}
	if tool, err := exec.LookPath("pdftotext"); err == nil {
		out, err := exec.Command(tool, path, "-").Output()
		if err != nil || !strings.Contains(string(out), words) {
			t.Errorf("pdftotext reads %q (%v), want %q", out, err, words)
		}
	}
}

// TestDamagedFontsNeverPanic writes text in fonts with bytes changed at
// random: a font that typeface loads but fpdf misreads is an error, never a
// panic.
func TestDamagedFontsNeverPanic(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	loaded := 0
	for range 100 {
		data := bytes.Clone(gomono.TTF)
		for range 1 + r.IntN(8) {
			at := r.IntN(4096) // the tables fpdf reads first
			if r.IntN(2) == 0 {
				at = r.IntN(len(data))
			}
			data[at] = byte(r.IntN(256))
		}
		face, err := typeface.Load("damaged.ttf", data)
		if err != nil {
			continue
		}
		loaded++
		page := display.Page{Width: 100, Height: 100, Items: []display.Item{
			&display.Text{X: 10, Y: 20, Size: 10, Font: face, Text: "Laberinto número 12"},
		}}
		var b bytes.Buffer
		if err := Write(&b, []display.Page{page}, Metadata{}); err == nil && !bytes.HasPrefix(b.Bytes(), []byte("%PDF")) {
			t.Fatal("no error and no PDF")
		}
	}
	if loaded == 0 {
		t.Fatal("no damaged font loaded: the test tests nothing")
	}
}

// TestTurnedText checks that text turned a quarter clockwise is set in a
// rotation and lands, through pdftoppm, where the PNG backend draws it.
func TestTurnedText(t *testing.T) {
	page := display.Page{Width: 200, Height: 300, Items: []display.Item{
		&display.Text{X: 100, Y: 30, Size: 24, Font: typeface.Bold, Color: display.Black, Align: display.AlignLeft, Text: "Maze Quest", Angle: math.Pi / 2},
		&display.Text{X: 30, Y: 150, Size: 18, Font: typeface.Regular, Color: display.Black, Align: display.AlignCenter, Text: "Ana Rivera", Angle: -math.Pi / 2},
	}}
	data := write(t, []display.Page{page}, Metadata{Created: created})
	if c := contents(t, data)[0]; strings.Count(c, " cm\n") != 2 {
		t.Errorf("want two rotations in the content:\n%s", c)
	}
	const dpi = 144
	path := writeFile(t, []display.Page{page})
	got, err := rastertest.FromPDF(path, 1, dpi)
	if errors.Is(err, rastertest.ErrNoPdftoppm) {
		tooltest.Missing(t, "pdftoppm")
	}
	if err != nil {
		t.Fatal(err)
	}
	want, err := png.Render(page, dpi)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []image.Rectangle{image.Rect(120, 0, 400, 600), image.Rect(0, 0, 120, 600)} {
		g, w := inkBox(got, r), inkBox(want, r)
		if w.Dy() < 3*w.Dx() {
			t.Errorf("the PNG backend inks %v: not a line down the page", w)
		}
		for _, d := range []int{g.Min.X - w.Min.X, g.Max.X - w.Max.X, g.Min.Y - w.Min.Y, g.Max.Y - w.Max.Y} {
			if d < -1 || d > 1 {
				t.Errorf("text inks %v in the PDF, %v in the PNG", g, w)
				break
			}
		}
	}
}

// shippedFont loads a face mazebook ships (mazebook/fonts), by its file
// below the repository's fonts folder.
func shippedFont(t *testing.T, file string) *typeface.Font {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "fonts", filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	f, err := typeface.Load(filepath.Base(file), data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestLatinRuns checks that a text in a script font made with
// typeface.WithLatin sets its Latin letters and digits in the Go font:
// a Latin name alone embeds the Go font and not the script's, and both
// read back whole.
func TestLatinRuns(t *testing.T) {
	lohit := shippedFont(t, "noto/NotoSansBengali-Regular.ttf")
	bn := lohit.WithLatin(typeface.Regular)
	for _, tt := range []struct {
		text string
		want []string // the IDs of the fonts embedded
	}{
		{"Ana Rivera 2024", []string{typeface.Regular.ID()}},
		{"ধাঁধা", []string{lohit.ID()}},
		// Shaped: drawn as outlines, over its words set in the fonts
		// they come from, invisible.
		{"গোলকধাঁধা 12", []string{lohit.ID(), typeface.Regular.ID()}},
	} {
		t.Run(tt.text, func(t *testing.T) {
			p := display.Page{Width: 300, Height: 100, Items: []display.Item{
				&display.Text{X: 20, Y: 50, Size: 14, Font: bn, Color: black, Text: tt.text},
			}}
			path := filepath.Join(t.TempDir(), "latin.pdf")
			if err := os.WriteFile(path, write(t, []display.Page{p}, Metadata{Created: created}), 0o644); err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, f := range pdffonts(t, path) {
				names = append(names, f[0])
			}
			if got := untagged(t, names); !sameSet(got, tt.want) {
				t.Errorf("pdffonts lists %v, want %v", names, tt.want)
			}
			if _, err := exec.LookPath("pdftotext"); err != nil {
				return
			}
			out, err := exec.Command("pdftotext", "-enc", "UTF-8", path, "-").CombinedOutput()
			if err != nil || !strings.Contains(string(out), tt.text) {
				t.Errorf("pdftotext reads %q (%v), want %q", out, err, tt.text)
			}
		})
	}
}

// TestEmboldened checks that a font made bold by typeface.Embolden is
// set filled and stroked in the text's colour, 3% of its size wide with
// round joins (text render mode 2), shaped or not, and that a plain face
// is only filled.
func TestEmboldened(t *testing.T) {
	italic, err := typeface.Load("goitalic.ttf", goitalic.TTF)
	if err != nil {
		t.Fatal(err)
	}
	blue := display.Color{B: 255}
	page := func(face typeface.Face, s string) string {
		p := display.Page{Width: 300, Height: 100, Items: []display.Item{
			&display.Text{X: 20, Y: 50, Size: 20, Font: face, Color: blue, Text: s},
		}}
		return contents(t, write(t, []display.Page{p}, Metadata{}))[0]
	}
	bold := page(italic.Embolden(), "Laberinto")
	for _, want := range []string{"2 Tr", "0.60 w", "1 j", "0.000 0.000 1.000 RG", "0 Tr"} {
		if !strings.Contains(bold, want) {
			t.Errorf("emboldened text lacks %q:\n%s", want, bold)
		}
	}
	if plain := page(italic, "Laberinto"); strings.Contains(plain, " Tr") || strings.Contains(plain, " RG") {
		t.Errorf("plain text is stroked:\n%s", plain)
	}
	// Shaped: its outlines filled and stroked (B), its words invisible.
	lohit := shippedFont(t, "noto/NotoSansDevanagari-Regular.ttf")
	shaped := page(lohit.Embolden(), "भूलभुलैया")
	for _, want := range []string{"0.60 w", "1 j", "\nB\n", "3 Tr"} {
		if !strings.Contains(shaped, want) {
			t.Errorf("emboldened shaped text lacks %q:\n%s", want, shaped)
		}
	}
	if plain := page(lohit, "भूलभुलैया"); strings.Contains(plain, "\nB\n") {
		t.Errorf("plain shaped text is stroked:\n%s", plain)
	}
}

// TestEmboldenedRaster checks that a face made bold by typeface.Embolden
// inks more than the face does, and as much in every backend: the PDF
// (through pdftoppm), the PNG and the SVG (through oksvg).
func TestEmboldenedRaster(t *testing.T) {
	const dpi = 144
	page := func(face typeface.Face) display.Page {
		return display.Page{Width: 300, Height: 80, Items: []display.Item{
			&display.Text{X: 150, Y: 55, Size: 40, Font: face, Color: black, Align: display.AlignCenter, Text: "Hamburg"},
		}}
	}
	dark := func(img *image.RGBA) int {
		n := 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if rastertest.IsDark(img.At(x, y)) {
					n++
				}
			}
		}
		return n
	}
	inks := map[string][2]int{} // by backend: plain, bold
	for i, face := range []typeface.Face{typeface.Regular, typeface.Regular.Embolden()} {
		p := page(face)
		img, err := rastertest.FromPDF(writeFile(t, []display.Page{p}), 1, dpi)
		if errors.Is(err, rastertest.ErrNoPdftoppm) {
			tooltest.Missing(t, "pdftoppm")
		}
		if err != nil {
			t.Fatal(err)
		}
		ref, err := png.Render(p, dpi)
		if err != nil {
			t.Fatal(err)
		}
		var doc bytes.Buffer
		if err := svg.Write(&doc, p); err != nil {
			t.Fatal(err)
		}
		fromSVG, err := rastertest.FromSVG(doc.Bytes(), dpi/72.0)
		if err != nil {
			t.Fatal(err)
		}
		for name, img := range map[string]*image.RGBA{"pdf": img, "png": ref, "svg": fromSVG} {
			n := inks[name]
			n[i] = dark(img)
			inks[name] = n
		}
	}
	t.Logf("dark pixels, plain and bold: %v", inks)
	want := inks["png"]
	for name, n := range inks {
		if float64(n[1]) < 1.12*float64(n[0]) {
			t.Errorf("%s: made bold, %d dark pixels, plain %d", name, n[1], n[0])
		}
		if math.Abs(float64(n[1]-want[1])) > 0.05*float64(want[1]) {
			t.Errorf("%s: made bold, %d dark pixels, the PNG %d", name, n[1], want[1])
		}
	}
}
