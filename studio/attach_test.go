package studio

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"golang.org/x/image/font/gofont/gomono"

	"mazebook/files"
	"mazebook/layout/picture"
	"mazebook/layout/render"
	"mazebook/layout/spec"
)

// example reads a file of the examples folder.
func example(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// maskPNG draws a PNG mask: a dark disc of radius r in a w×w picture.
func maskPNG(t testing.TB, w, r int) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, w, w))
	for y := range w {
		for x := range w {
			dx, dy := x-w/2, y-w/2
			c := color.Gray{255}
			if dx*dx+dy*dy <= r*r {
				c = color.Gray{0}
			}
			img.SetGray(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// upload attaches a file, with the book's files so far, and returns the
// answer.
func upload(t *testing.T, s *Server, name string, data []byte, refs []fileRef) *httptest.ResponseRecorder {
	t.Helper()
	q := "?name=" + url.QueryEscape(name)
	if len(refs) > 0 {
		j, _ := json.Marshal(refs)
		q += "&files=" + url.QueryEscape(string(j))
	}
	return do(t, s, "POST", "/"+token+"/api/attach"+q, data)
}

// attachOK attaches a file and returns its reference.
func attachOK(t *testing.T, s *Server, name string, data []byte) fileRef {
	t.Helper()
	w := upload(t, s, name, data, nil)
	var got map[string]attachedFile
	if err := json.Unmarshal(w.Body.Bytes(), &got); w.Code != 200 || err != nil {
		t.Fatalf("attach %s: %d %s", name, w.Code, w.Body.String())
	}
	f := got["file"]
	if f.Name != name || f.ID != idOf(data) || f.Size != len(data) {
		t.Fatalf("attach %s: %+v", name, f)
	}
	return fileRef{Name: f.Name, ID: f.ID}
}

// checkWith posts a spec with its attached files to /api/check.
func checkWith(t *testing.T, s *Server, yaml string, refs []fileRef) (int, response) {
	t.Helper()
	q := ""
	if len(refs) > 0 {
		j, _ := json.Marshal(refs)
		q = "?files=" + url.QueryEscape(string(j))
	}
	w := do(t, s, "POST", "/"+token+"/api/check"+q, []byte(yaml))
	return w.Code, decode(t, w)
}

func TestAttachUpload(t *testing.T) {
	s := newServer(t, Options{})
	heart := example(t, "heart.png")
	for _, c := range []struct {
		what, name string
		data       []byte
		code       int
		want       string
	}{
		{"a PNG mask", "heart.png", heart, 200, ""},
		{"an SVG picture", "cheese.svg", example(t, "cheese.svg"), 200, ""},
		{"a text mask", "plus.txt", []byte(".X.\nXXX\n.X.\n"), 200, ""},
		{"a name in capitals", "HEART.PNG", heart, 200, ""},
		{"an SVG too large", "big.svg", append([]byte("<svg>"), make([]byte, picture.MaxFile)...), 413, "larger than 5 MB"},
		{"a PNG too large", "big.png", make([]byte, spec.MaxMaskFile+1), 413, "larger than 16 MB"},
		{"a folder", "pics/heart.png", heart, 422, "no folder"},
		{"a Windows folder", `pics\heart.png`, heart, 422, "no folder"},
		{"a parent", "../heart.png", heart, 422, "no folder"},
		{"dots", "heart..png", heart, 422, "'..'"},
		{"a hidden name", ".heart.png", heart, 422, "hidden"},
		{"no name", "", heart, 422, "no name"},
		{"a control character", "he\x01art.png", heart, 422, "control"},
		{"a kind the spec does not read", "heart.gif", heart, 422, "attach a picture"},
		{"a program", "run.exe", []byte("MZ"), 422, "attach a picture"},
		{"a PNG that is text", "fake.png", []byte("not a picture at all"), 422, "fake.png cannot be read as a PNG picture"},
		{"a PNG whose header is cut", "cut.png", heart[:20], 422, "cut.png cannot be read as a PNG picture"},
		{"a JPEG that is a PNG", "heart.jpg", heart, 422, "cannot be read as a JPEG picture"},
		{"an SVG that is a PNG", "heart.svg", heart, 422, "cannot be read as an SVG picture"},
		{"a font that is not one", "font.ttf", []byte("\x00\x01\x00\x00 and nothing else"), 422, "cannot be read as a TrueType font"},
		{"a text mask with a NUL", "x.txt", []byte("X\x00X"), 422, "cannot be read as a text mask"},
		{"an empty file", "empty.png", []byte{}, 422, "empty"},
	} {
		w := upload(t, s, c.name, c.data, nil)
		if w.Code != c.code || !strings.Contains(w.Body.String(), c.want) {
			t.Errorf("%s: %d %.300s; want %d saying %q", c.what, w.Code, w.Body.String(), c.code, c.want)
		}
	}
	// The files refused are not held.
	for _, data := range [][]byte{[]byte("not a picture at all"), heart[:20]} {
		if _, ok := s.files.get(idOf(data)); ok {
			t.Errorf("a refused file is held: %.20q", data)
		}
	}
}

func TestAttachBounds(t *testing.T) {
	s := newServer(t, Options{})
	var refs []fileRef
	for i := range MaxAttachments {
		refs = append(refs, attachOK(t, s, fmt.Sprintf("m%02d.txt", i), []byte(strings.Repeat("X", i+1))))
	}
	// One more is refused by the upload, and by check.
	w := upload(t, s, "more.txt", []byte("XX\nXX"), refs)
	if w.Code != 422 || !strings.Contains(w.Body.String(), fmt.Sprintf("at most %d files", MaxAttachments)) {
		t.Errorf("file %d: %d %s", MaxAttachments+1, w.Code, w.Body.String())
	}
	extra := append(slices.Clone(refs), fileRef{Name: "more.txt", ID: idOf([]byte("XX"))})
	if code, r := checkWith(t, s, smallSpec, extra); code != 422 || len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "at most") {
		t.Errorf("check with %d files: %d %+v", len(extra), code, r.Errors)
	}
	// Replacing a file of the same name is no more files.
	if w := upload(t, s, "m00.txt", []byte("XXX"), refs); w.Code != 200 {
		t.Errorf("replacing m00.txt: %d %s", w.Code, w.Body.String())
	}
	// A name twice, an id the studio does not hold, a name it refuses.
	for _, c := range []struct {
		refs []fileRef
		want string
	}{
		{[]fileRef{refs[0], {Name: refs[0].Name, ID: refs[1].ID}}, "attached twice"},
		{[]fileRef{{Name: "a.png", ID: strings.Repeat("0", 64)}}, "no longer holds a.png"},
		{[]fileRef{{Name: "a.png", ID: "../../etc/passwd"}}, "no longer holds a.png"},
		{[]fileRef{{Name: "../a.png", ID: refs[0].ID}}, "no folder"},
	} {
		if code, r := checkWith(t, s, smallSpec, c.refs); code != 422 || len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, c.want) {
			t.Errorf("%v: %d %+v; want %q", c.refs, code, r.Errors, c.want)
		}
	}
	w = do(t, s, "POST", "/"+token+"/api/check?files=%5Bnope", []byte(smallSpec))
	if w.Code != 422 || !strings.Contains(w.Body.String(), "not JSON") {
		t.Errorf("files not JSON: %d %s", w.Code, w.Body.String())
	}
	// The total of a book's files is bounded: three fonts' worth of PNGs
	// (each within its own limit) are more than a book may hold.
	big := make([]byte, 15<<20)
	copy(big, maskPNG(t, 8, 3)) // a PNG header, then zeros the decoder never reads
	var bigRefs []fileRef
	for i := range 4 {
		name := fmt.Sprintf("big%d.png", i)
		big[len(big)-1] = byte(i)
		w := upload(t, s, name, big, bigRefs)
		if i < 3 {
			if w.Code != 200 {
				t.Fatalf("%s: %d %s", name, w.Code, w.Body.String())
			}
			bigRefs = append(bigRefs, fileRef{Name: name, ID: idOf(big)})
			continue
		}
		if w.Code != 422 || !strings.Contains(w.Body.String(), "more than the 48 MB") {
			t.Errorf("%s: %d %s", name, w.Code, w.Body.String())
		}
	}
}

const heartSpec = `title: Hearts
seed: 5
sections:
  - title: A heart
    mask: heart.png
    count: 2
    per_page: 1
`

// A masked book is made from an attached mask, and is the book 'build'
// makes with the mask beside the spec; without it, the spec's error says
// how to attach it.
func TestMaskedBookFromAttachment(t *testing.T) {
	s := newServer(t, Options{SpecName: "hearts.yaml"})
	code, r := checkWith(t, s, heartSpec, nil)
	if code != 200 || len(r.Errors) != 1 {
		t.Fatalf("no mask attached: %d %+v", code, r.Errors)
	}
	e := r.Errors[0]
	if e.Line != 5 || e.Col != 11 || e.Path != "sections.0.mask" || !strings.Contains(e.Text, `hearts.yaml:5:11: mask "heart.png": not attached: attach heart.png with "Add a picture, mask or font"`) {
		t.Errorf("no mask attached: %+v", e)
	}
	code, r = checkWith(t, s, strings.Replace(heartSpec, "heart.png", "pics/heart.png", 1), nil)
	if code != 200 || len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Text, `write "heart.png" and attach it`) {
		t.Errorf("a mask in a folder: %d %+v", code, r.Errors)
	}

	heart := example(t, "heart.png")
	refs := []fileRef{attachOK(t, s, "heart.png", heart)}
	code, r = checkWith(t, s, heartSpec, refs)
	if code != 200 || len(r.Errors) != 0 || r.Mazes != 2 {
		t.Fatalf("mask attached: %d %+v, %d mazes", code, r.Errors, r.Mazes)
	}
	w := do(t, s, "GET", "/"+token+"/api/pdf/"+r.Key+"/hearts.pdf", nil)
	sp, err := spec.ParseFS("hearts.yaml", []byte(heartSpec), fstest.MapFS{"heart.png": {Data: heart}})
	if err != nil {
		t.Fatal(err)
	}
	want, err := render.Book(sp, render.Options{Creator: "mazebook test"})
	if err != nil {
		t.Fatal(err)
	}
	if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), want.PDF) {
		t.Errorf("the masked book's PDF differs from build's: %d, %d and %d bytes", w.Code, w.Body.Len(), len(want.PDF))
	}
}

// serve examples/mouse-and-cheese.yaml: its pictures and mask attached
// from the start, the studio's PDF is 'mazebook build”s of the spec in
// the examples folder, and Download spec zips the spec with its files,
// a folder that builds the same book.
func TestPictureBookIsBuild(t *testing.T) {
	const file = "../examples/mouse-and-cheese.yaml"
	data := example(t, "mouse-and-cheese.yaml")
	files, skipped := SpecFiles(filepath.Base(file), data, os.DirFS(filepath.Dir(file)))
	if len(skipped) > 0 || len(files) != 3 || files["mouse.png"] == nil || files["cheese.svg"] == nil || files["heart.png"] == nil {
		t.Fatalf("SpecFiles: %d files %v, skipped %v", len(files), slices.Sorted(mapKeys(files)), skipped)
	}
	s := newServer(t, Options{Spec: data, SpecName: file, Files: files})
	// The page lists the files attached.
	w := do(t, s, "GET", "/"+token+"/", nil)
	for _, name := range []string{"cheese.svg", "heart.png", "mouse.png"} {
		if !strings.Contains(w.Body.String(), name) {
			t.Errorf("the page does not list %s", name)
		}
	}
	var refs []fileRef
	for _, f := range s.initialFiles {
		refs = append(refs, fileRef{Name: f.Name, ID: f.ID})
	}
	code, r := checkWith(t, s, string(data), refs)
	if code != 200 || len(r.Errors) != 0 {
		t.Fatalf("check: %d %+v", code, r.Errors)
	}
	w = do(t, s, "GET", "/"+token+"/api/pdf/"+r.Key+"/mouse-and-cheese.pdf", nil)
	sp, err := spec.Parse(file, data)
	if err != nil {
		t.Fatal(err)
	}
	want, err := render.Book(sp, render.Options{Creator: "mazebook test"})
	if err != nil {
		t.Fatal(err)
	}
	if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), want.PDF) {
		t.Fatalf("the studio's PDF differs from build's: %d, %d and %d bytes", w.Code, w.Body.Len(), len(want.PDF))
	}

	// Download spec: a zip, the same bytes twice, that unpacks into a
	// folder 'build' makes the same book from.
	z1 := do(t, s, "GET", "/"+token+"/api/spec/"+r.Key+"/mouse-and-cheese.zip", nil)
	z2 := do(t, s, "GET", "/"+token+"/api/spec/"+r.Key+"/mouse-and-cheese.zip", nil)
	if z1.Code != 200 || z1.Header().Get("Content-Type") != "application/zip" || !bytes.Equal(z1.Body.Bytes(), z2.Body.Bytes()) {
		t.Fatalf("spec zip: %d %s, the same twice: %v", z1.Code, z1.Header().Get("Content-Type"), bytes.Equal(z1.Body.Bytes(), z2.Body.Bytes()))
	}
	zr, err := zip.NewReader(bytes.NewReader(z1.Body.Bytes()), int64(z1.Body.Len()))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		content, _ := io.ReadAll(rc)
		rc.Close()
		if err := os.WriteFile(filepath.Join(dir, f.Name), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(names, []string{"mouse-and-cheese.yaml", "cheese.svg", "heart.png", "mouse.png"}) {
		t.Errorf("the zip holds %v", names)
	}
	sp2, err := spec.Parse(filepath.Join(dir, "mouse-and-cheese.yaml"), mustRead(t, filepath.Join(dir, "mouse-and-cheese.yaml")))
	if err != nil {
		t.Fatal(err)
	}
	again, err := render.Book(sp2, render.Options{Creator: "mazebook test"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.PDF, want.PDF) {
		t.Error("the book built from the unpacked zip differs")
	}
	// Without files, Download spec is the YAML alone.
	r0 := checkSpec(t, s, smallSpec)
	if w := do(t, s, "GET", "/"+token+"/api/spec/"+r0.Key+"/x.yaml", nil); w.Body.String() != smallSpec {
		t.Errorf("spec: %.100s", w.Body.String())
	}
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func mapKeys(m map[string][]byte) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// Two clients with different files of the same name never share a book.
func TestCacheSeparatesAttachments(t *testing.T) {
	s := newServer(t, Options{})
	a := []fileRef{attachOK(t, s, "heart.png", example(t, "heart.png"))}
	b := []fileRef{attachOK(t, s, "heart.png", maskPNG(t, 40, 19))}
	_, ra := checkWith(t, s, heartSpec, a)
	_, rb := checkWith(t, s, heartSpec, b)
	_, r0 := checkWith(t, s, heartSpec, nil)
	if ra.Key == rb.Key || ra.Key == r0.Key || rb.Key == r0.Key || len(ra.Errors)+len(rb.Errors) != 0 {
		t.Fatalf("keys %s %s %s, errors %+v %+v", ra.Key, rb.Key, r0.Key, ra.Errors, rb.Errors)
	}
	pa := do(t, s, "GET", "/"+token+"/api/page/"+ra.Key+"/1.svg", nil)
	pb := do(t, s, "GET", "/"+token+"/api/page/"+rb.Key+"/1.svg", nil)
	if pa.Code != 200 || pb.Code != 200 || bytes.Equal(pa.Body.Bytes(), pb.Body.Bytes()) {
		t.Errorf("the pages of two masks are the same: %d %d", pa.Code, pb.Code)
	}
}

// Clients attaching different files and making books at once each get
// their own book (run with -race).
func TestAttachConcurrent(t *testing.T) {
	s := newServer(t, Options{MaxConcurrent: 2})
	const n = 8
	var wg sync.WaitGroup
	errs := make(chan string, 4*n)
	for g := range n {
		wg.Go(func() {
			mask := maskPNG(t, 30+g%4, 12+g%4)
			w := upload(t, s, "disc.png", mask, nil)
			var got map[string]attachedFile
			if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || w.Code != 200 {
				errs <- fmt.Sprintf("attach %d: %d", g, w.Code)
				return
			}
			refs := []fileRef{{Name: "disc.png", ID: got["file"].ID}}
			y := strings.Replace(heartSpec, "heart.png", "disc.png", 1)
			j, _ := json.Marshal(refs)
			w = do(t, s, "POST", "/"+token+"/api/check?files="+url.QueryEscape(string(j)), []byte(y))
			var r response
			if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil || w.Code != 200 || len(r.Errors) > 0 {
				errs <- fmt.Sprintf("check %d: %d %+v", g, w.Code, r.Errors)
				return
			}
			sp, err := spec.ParseFS("mazebook.yaml", []byte(y), fstest.MapFS{"disc.png": {Data: mask}})
			if err != nil {
				errs <- err.Error()
				return
			}
			want, err := render.Book(sp, render.Options{Creator: "mazebook test"})
			if err != nil {
				errs <- err.Error()
				return
			}
			if w := do(t, s, "GET", "/"+token+"/api/pdf/"+r.Key+"/x.pdf", nil); !bytes.Equal(w.Body.Bytes(), want.PDF) {
				errs <- fmt.Sprintf("pdf %d differs (%d)", g, w.Code)
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestSpecFilesSkips(t *testing.T) {
	fsys := fstest.MapFS{
		"heart.png":    {Data: example(t, "heart.png")},
		"pics/cat.png": {Data: example(t, "heart.png")},
		"fake.png":     {Data: []byte("text")},
		"unused.png":   {Data: example(t, "heart.png")},
		"mouse.svg":    {Data: example(t, "mouse.svg")},
	}
	y := `title: Files
style: {start_image: mouse.svg}
sections:
  - {mask: heart.png, count: 1}
  - {mask: pics/cat.png, count: 1}
  - {mask: fake.png, count: 1}
  - {mask: missing.png, count: 1}
`
	files, skipped := SpecFiles("files.yaml", []byte(y), fsys)
	if got := slices.Sorted(mapKeys(files)); !slices.Equal(got, []string{"heart.png", "mouse.svg"}) {
		t.Errorf("files %v", got)
	}
	if len(skipped) != 2 || !strings.Contains(strings.Join(skipped, "\n"), "no folder") || !strings.Contains(strings.Join(skipped, "\n"), "fake.png cannot be read as a PNG") {
		t.Errorf("skipped %q", skipped)
	}
	if _, err := New(Options{Files: map[string][]byte{"../x.png": example(t, "heart.png")}}); err == nil || !strings.Contains(err.Error(), "no folder") {
		t.Errorf("New with a bad name: %v", err)
	}
}

// The store drops the least recently sent files beyond its bound, never
// a pinned one.
func TestStoreBound(t *testing.T) {
	st := newStore()
	pinned := st.put([]byte("pinned"), true)
	var ids []string
	chunk := maxStoreBytes / 4
	for i := range 6 {
		d := make([]byte, chunk)
		d[0] = byte(i)
		ids = append(ids, st.put(d, false))
	}
	if _, ok := st.get(pinned); !ok {
		t.Error("the pinned file was dropped")
	}
	if _, ok := st.get(ids[0]); ok {
		t.Error("the oldest file is still held")
	}
	if _, ok := st.get(ids[5]); !ok {
		t.Error("the newest file was dropped")
	}
	if st.bytes > maxStoreBytes {
		t.Errorf("%d bytes held", st.bytes)
	}
}

// zipOf writes a zip of the files given, in order.
func zipOf(t *testing.T, files ...any) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i := 0; i+1 < len(files); i += 2 {
		f, err := zw.Create(files[i].(string))
		if err != nil {
			t.Fatal(err)
		}
		_, _ = f.Write(files[i+1].([]byte))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Open spec… takes the zip Download spec makes: the spec and its files
// come back, and make the same book.
func TestOpenSpecZip(t *testing.T) {
	data := example(t, "mouse-and-cheese.yaml")
	files, _ := SpecFiles("mouse-and-cheese.yaml", data, os.DirFS(filepath.Join("..", "examples")))
	s := newServer(t, Options{SpecName: "mouse-and-cheese.yaml"})
	z := zipOf(t, "mouse-and-cheese.yaml", data, "__MACOSX/", []byte{}, "cheese.svg", files["cheese.svg"], "heart.png", files["heart.png"], "mouse.png", files["mouse.png"])
	w := do(t, s, "POST", "/"+token+"/api/open", z)
	var got struct {
		YAML  string
		Files []attachedFile
	}
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || w.Code != 200 {
		t.Fatalf("open: %d %v %s", w.Code, err, w.Body.String())
	}
	if got.YAML != string(data) || len(got.Files) != 3 || got.Files[0].Name != "cheese.svg" || got.Files[2].ID != idOf(files["mouse.png"]) {
		t.Fatalf("open: %d bytes of spec, files %+v", len(got.YAML), got.Files)
	}
	var refs []fileRef
	for _, f := range got.Files {
		refs = append(refs, fileRef{Name: f.Name, ID: f.ID})
	}
	code, r := checkWith(t, s, got.YAML, refs)
	if code != 200 || len(r.Errors) != 0 {
		t.Fatalf("check: %d %+v", code, r.Errors)
	}
	// Its spec zip is the zip of the same files.
	back := do(t, s, "GET", "/"+token+"/api/spec/"+r.Key+"/x.zip", nil)
	if w := do(t, s, "POST", "/"+token+"/api/open", back.Body.Bytes()); w.Code != 200 || !strings.Contains(w.Body.String(), idOf(files["heart.png"])) {
		t.Errorf("the studio's own zip does not open: %d %.200s", w.Code, w.Body.String())
	}

	// A zip bomb: a small zip whose .txt mask unpacks past 16 MB.
	var bomb bytes.Buffer
	zw := zip.NewWriter(&bomb)
	_, _ = zw.Create("s.yaml")
	f, _ := zw.Create("big.txt")
	_, _ = f.Write(bytes.Repeat([]byte("X"), spec.MaxMaskFile+10))
	_ = zw.Close()
	if bomb.Len() > 1<<20 {
		t.Fatalf("the bomb is %d bytes", bomb.Len())
	}
	heart := files["heart.png"]
	for _, c := range []struct {
		what string
		zip  []byte
		want string
	}{
		{"not a zip", []byte("PK nope"), "not a zip"},
		{"no spec", zipOf(t, "heart.png", heart), "no spec"},
		{"two specs", zipOf(t, "a.yaml", data, "b.yml", data), "two specs"},
		{"a folder", zipOf(t, "s.yaml", data, "pics/heart.png", heart), "no folder"},
		{"a parent", zipOf(t, "s.yaml", data, "../heart.png", heart), "no folder"},
		{"a hidden file", zipOf(t, "s.yaml", data, ".heart.png", heart), "hidden"},
		{"a PNG that is not one", zipOf(t, "s.yaml", data, "heart.png", []byte("text")), "cannot be read as a PNG"},
		{"a program", zipOf(t, "s.yaml", data, "run.exe", []byte("MZ")), "attach a picture"},
		{"a file twice", zipOf(t, "s.yaml", data, "heart.png", heart, "heart.png", heart), "twice"},
		{"a bomb", bomb.Bytes(), "big.txt is larger than 16 MB"},
	} {
		w := do(t, s, "POST", "/"+token+"/api/open", c.zip)
		if w.Code != 422 || !strings.Contains(w.Body.String(), c.want) {
			t.Errorf("%s: %d %.300s; want %q", c.what, w.Code, w.Body.String(), c.want)
		}
	}
}

// A book set in a font added to it is the book 'build' sets in the font
// beside the spec.
func TestFontBookFromAttachment(t *testing.T) {
	y := "title: Mono\ntitle_page: true\nfonts: {text: gomono.ttf, headings: gomono.ttf}\nsections:\n  - {title: Warm-up, count: 2}\n"
	s := newServer(t, Options{SpecName: "mono.yaml"})
	code, r := checkWith(t, s, y, nil)
	if code != 200 || len(r.Errors) != 2 || !strings.Contains(r.Errors[0].Text, `mono.yaml:3:15: font "gomono.ttf": not attached: attach gomono.ttf with`) {
		t.Fatalf("no font attached: %d %+v", code, r.Errors)
	}
	refs := []fileRef{attachOK(t, s, "gomono.ttf", gomono.TTF)}
	code, r = checkWith(t, s, y, refs)
	if code != 200 || len(r.Errors) != 0 {
		t.Fatalf("font attached: %d %+v", code, r.Errors)
	}
	w := do(t, s, "GET", "/"+token+"/api/pdf/"+r.Key+"/mono.pdf", nil)
	sp, err := spec.ParseFS("mono.yaml", []byte(y), fstest.MapFS{"gomono.ttf": {Data: gomono.TTF}})
	if err != nil {
		t.Fatal(err)
	}
	want, err := render.Book(sp, render.Options{Creator: "mazebook test"})
	if err != nil {
		t.Fatal(err)
	}
	if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), want.PDF) || !bytes.Contains(w.Body.Bytes(), []byte("Mono")) {
		t.Errorf("the book in the added font differs from build's: %d, %d and %d bytes", w.Code, w.Body.Len(), len(want.PDF))
	}
}

// TestAnswersInThePagesLanguage checks that the studio's own refusals
// (an attachment, a page that is not there, a zip that is not one) are
// said in the language the page asks in, arguments translated too.
func TestAnswersInThePagesLanguage(t *testing.T) {
	s := newServer(t, Options{})
	for _, c := range []struct {
		lang, path string
		body       []byte
		want       string
	}{
		{"fr", "/api/attach?name=fake.png", []byte("not a picture"), "fake.png ne se lit pas comme image PNG"},
		{"de", "/api/attach?name=fake.png", []byte("not a picture"), "fake.png lässt sich nicht als PNG-Bild lesen"},
		{"ru", "/api/attach?name=run.exe", []byte("MZ"), "прикрепите картинку"},
		{"el", "/api/attach?name=..%2Fx.png", []byte("x"), "χωρίς φάκελο"},
		{"es", "/api/open", []byte("not a zip"), "no es un zip de una especificación"},
		{"pl", "/api/open", []byte("not a zip"), "to nie jest zip specyfikacji"},
		{"en", "/api/attach?name=fake.png", []byte("not a picture"), "fake.png cannot be read as a PNG picture"},
		{"xx", "/api/attach?name=fake.png", []byte("not a picture"), "fake.png cannot be read as a PNG picture"},
	} {
		w := do(t, s, "POST", "/"+token+c.path, c.body, "Accept-Language", c.lang)
		if r := decode(t, w); len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, c.want) {
			t.Errorf("%s %s: %d %.300s; want %q", c.lang, c.path, w.Code, w.Body.String(), c.want)
		}
	}
}

// One rule for names: a name the command line refuses for an output
// (see files.RiskyName) the studio refuses to attach, and refuses in a
// zip of a spec and its files from someone else, so that its own spec
// zip never holds one; a name the command line writes, the studio takes.
func TestAttachNamesAsTheCommandLine(t *testing.T) {
	s := newServer(t, Options{})
	heart := example(t, "heart.png")
	specData := []byte(smallSpec)
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		want string
	}{
		{"heart\u202egnp.png", "control characters"},
		{"he\u200bart.png", "control characters"},
		{"heart\u2066.png", "control characters"},
		{"CON.png", "a device name of Windows"},
		{"LPT1.txt", "a device name of Windows"},
		{"nul.svg", "a device name of Windows"},
		{"com9.ttf", "a device name of Windows"},
		{"heart.png", ""},
		{"coeur-été.png", ""},
		{"CONSOLE.png", ""},
	} {
		b := files.NewBatch(nil, nil)
		_, cmdErr := b.Create("-o", filepath.Join(dir, c.name))
		b.Abort()
		if refused := cmdErr != nil; refused != (c.want != "") {
			t.Errorf("%+q: the command line refuses it: %v (%v)", c.name, refused, cmdErr)
		}
		data := heart
		if strings.HasSuffix(c.name, ".txt") {
			data = []byte("X\n")
		}
		w := upload(t, s, c.name, data, nil)
		if c.want == "" {
			if w.Code != 200 {
				t.Errorf("%+q: attached: %d %.200s", c.name, w.Code, w.Body.String())
			}
			continue
		}
		if w.Code != 422 || !strings.Contains(w.Body.String(), c.want) {
			t.Errorf("%+q: attached: %d %.200s; want 422 saying %q", c.name, w.Code, w.Body.String(), c.want)
		}
		if w := do(t, s, "POST", "/"+token+"/api/open", zipOf(t, "s.yaml", specData, c.name, data)); w.Code != 422 || !strings.Contains(w.Body.String(), c.want) {
			t.Errorf("%+q in a zip: %d %.200s; want 422 saying %q", c.name, w.Code, w.Body.String(), c.want)
		}
		// Nor does a book name it among its files (the spec's zip holds
		// a book's files).
		if code, r := checkWith(t, s, smallSpec, []fileRef{{Name: c.name, ID: idOf(data)}}); code != 422 || len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, c.want) {
			t.Errorf("%+q among a book's files: %d %+v", c.name, code, r.Errors)
		}
	}
}
