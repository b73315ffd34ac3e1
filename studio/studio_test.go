package studio

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"mazebook/layout/plan"
	"mazebook/layout/render"
	"mazebook/layout/spec"
	"mazebook/layout/svg"
	"mazebook/maze"
)

const token = "testtoken"

const smallSpec = `# A small book.
title: Small
seed: 3
sections:
  - title: One
    count: 3
    size: 8x8
    per_page: 2
  - title: Two
    count: 1
    shape: hexagon
    size: 4
`

func newServer(t testing.TB, opt Options) *Server {
	t.Helper()
	opt.Token = token
	if opt.Creator == "" {
		opt.Creator = "mazebook test"
	}
	opt.Logf = t.Logf
	s, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func newServerB(b *testing.B) *Server { return newServer(b, Options{}) }

func doB(h http.Handler, method, path string, body []byte) *httptest.ResponseRecorder {
	return do(nil, h, method, path, body)
}

func checkB(b *testing.B, s *Server, yaml string) response {
	w := doB(s, "POST", "/"+token+"/api/check", []byte(yaml))
	var r response
	if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil || len(r.Errors) > 0 {
		b.Fatalf("check: %v %+v", err, r.Errors)
	}
	return r
}

// do sends a request to the studio and returns the response.
func do(t *testing.T, h http.Handler, method, path string, body []byte, hdr ...string) *httptest.ResponseRecorder {
	if t != nil {
		t.Helper()
	}
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req := httptest.NewRequest(method, path, r)
	req.Host = "127.0.0.1:8080"
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i] == "Host" {
			req.Host = hdr[i+1]
			continue
		}
		if hdr[i] == "RemoteAddr" { // the device the request comes from
			req.RemoteAddr = hdr[i+1]
			continue
		}
		req.Header.Set(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

func decode(t *testing.T, w *httptest.ResponseRecorder) response {
	t.Helper()
	var r response
	if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil {
		t.Fatalf("not JSON (%d): %v: %.200s", w.Code, err, w.Body.String())
	}
	return r
}

// checkSpec posts a spec to /api/check and returns its answer.
func checkSpec(t *testing.T, s *Server, yaml string) response {
	t.Helper()
	w := do(t, s, "POST", "/"+token+"/api/check", []byte(yaml))
	if w.Code != http.StatusOK {
		t.Fatalf("check: %d %s", w.Code, w.Body.String())
	}
	return decode(t, w)
}

func TestGuard(t *testing.T) {
	s := newServer(t, Options{Hosts: []string{"127.0.0.1:8080", "localhost:8080"}})
	for _, c := range []struct {
		name string
		path string
		hdr  []string
		want int
	}{
		{"page", "/" + token + "/", nil, 200},
		{"localhost", "/" + token + "/", []string{"Host", "localhost:8080"}, 200},
		{"no token", "/", nil, 403},
		{"no token, an asset", "/assets/studio.js", nil, 403},
		{"wrong token", "/testtokem/", nil, 403},
		{"token prefix", "/testtoken", nil, 403},
		{"longer token", "/testtokenx/", nil, 403},
		{"wrong host (rebinding)", "/" + token + "/", []string{"Host", "evil.example:8080"}, 421},
		{"wrong port", "/" + token + "/", []string{"Host", "127.0.0.1:9999"}, 421},
		{"other origin", "/" + token + "/", []string{"Origin", "http://evil.example"}, 403},
		{"own origin", "/" + token + "/", []string{"Origin", "http://127.0.0.1:8080"}, 200},
		{"cross-site fetch", "/" + token + "/", []string{"Sec-Fetch-Site", "cross-site"}, 403},
		{"same-origin fetch", "/" + token + "/", []string{"Sec-Fetch-Site", "same-origin"}, 200},
	} {
		w := do(t, s, "GET", c.path, nil, c.hdr...)
		if w.Code != c.want {
			t.Errorf("%s: status %d, want %d (%s)", c.name, w.Code, c.want, w.Body.String())
		}
		if w.Code != 200 && strings.Contains(w.Body.String(), "<html") {
			t.Errorf("%s: the page was served", c.name)
		}
	}
	// A POST from another origin does no work.
	w := do(t, s, "POST", "/"+token+"/api/check", []byte(smallSpec), "Origin", "http://evil.example")
	if w.Code != 403 || len(s.cache.specs) != 0 {
		t.Errorf("cross-origin POST: %d, %d specs kept", w.Code, len(s.cache.specs))
	}
}

func TestIndexAndAssets(t *testing.T) {
	s := newServer(t, Options{Spec: []byte("language: es\n" + smallSpec), SpecName: "../dir/Mi libro.yaml"})
	w := do(t, s, "GET", "/"+token+"/", nil)
	body := w.Body.String()
	if w.Code != 200 || !strings.Contains(body, `lang="es"`) || !strings.Contains(body, "Descargar libro") {
		t.Errorf("the page in Spanish: %d %.300s", w.Code, body)
	}
	if !strings.Contains(w.Header().Get("Content-Security-Policy"), "script-src 'self'") {
		t.Error("no content security policy")
	}
	// The spec is in the YAML tab, escaped.
	if !strings.Contains(body, "# A small book.") {
		t.Error("the spec is not in the page")
	}
	if s.name != "Milibro" {
		t.Errorf("download name %q, want Milibro", s.name)
	}
	for _, a := range []struct{ path, ct string }{{"assets/studio.js", "text/javascript"}, {"assets/studio.css", "text/css"}} {
		w := do(t, s, "GET", "/"+token+"/"+a.path, nil)
		if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), a.ct) || w.Body.Len() < 1000 {
			t.Errorf("%s: %d %q %d bytes", a.path, w.Code, w.Header().Get("Content-Type"), w.Body.Len())
		}
	}
}

// No path from a request reaches the file system: not through the
// assets, not through a spec that names a file.
func TestPathTraversal(t *testing.T) {
	s := newServer(t, Options{})
	for _, p := range []string{
		"/" + token + "/assets/../../../../etc/passwd",
		"/" + token + "/assets/..%2f..%2f..%2fetc%2fpasswd",
		"/" + token + "/assets/%2e%2e%2fstudio.go",
		"/" + token + "/assets/index.html",
		"/" + token + "/assets/.hidden.js",
		"/" + token + "/../../etc/passwd",
		"/" + token + "/api/spec/..%2f..%2fetc/passwd",
		"/" + token + "/api/page/../../../etc/passwd/1.svg",
		"/" + token + "/studio.go",
	} {
		w := do(t, s, "GET", p, nil)
		if w.Code == 200 || strings.Contains(w.Body.String(), "root:") || strings.Contains(w.Body.String(), "package studio") {
			t.Errorf("%s: %d %.100s", p, w.Code, w.Body.String())
		}
	}
	for _, file := range []string{"/etc/passwd", "../../../../etc/passwd", "studio.go", "testdata/x.png"} {
		yaml := fmt.Sprintf("sections:\n  - count: 1\n    mask: %q\n", file)
		r := checkSpec(t, s, yaml)
		if len(r.Errors) == 0 || r.Errors[0].Path != "sections.0.mask" {
			t.Errorf("mask %s: errors %+v, want one at sections.0.mask", file, r.Errors)
		}
		for _, e := range r.Errors {
			if strings.Contains(e.Text, "root:") {
				t.Errorf("mask %s: the file was read: %s", file, e.Text)
			}
		}
	}
}

func TestCheckAndErrorsAsValidate(t *testing.T) {
	s := newServer(t, Options{SpecName: "book.yaml"})
	r := checkSpec(t, s, smallSpec)
	if len(r.Errors) != 0 || r.Mazes != 4 || len(r.Pages) == 0 || !validKey(r.Key) {
		t.Fatalf("good spec: %+v", r)
	}
	if r.Model == nil || r.Model.Values["title"] != "Small" || r.Model.Sections != 2 || r.Model.Values["sections.1.shape"] != "hexagon" {
		t.Errorf("model %+v", r.Model)
	}
	puzzles := 0
	for _, p := range r.Pages {
		if p.Kind == "puzzle" {
			puzzles++
		}
	}
	if puzzles != 3 {
		t.Errorf("%d puzzle pages, want 3 (2+1 of section one, 1 of two): %+v", puzzles, r.Pages)
	}

	bad := "title: Bad\nsections:\n  - count: -2\n    algorithm: prims\n  - size: 10x10\n    per_page: 5\n"
	r = checkSpec(t, s, bad)
	// The same errors, in the same words, as validate (spec.Parse); the
	// message under the field names it as the form does ("Mazes must
	// be ..." under Mazes, where validate says "count must be ...").
	_, err := spec.ParseFS("book.yaml", []byte(bad), nil)
	want := err.(spec.Errors).Sorted()
	if len(r.Errors) != len(want) {
		t.Fatalf("errors %+v, want %v", r.Errors, want)
	}
	paths := map[string]bool{}
	for i, e := range r.Errors {
		_, rest, _ := strings.Cut(want[i].Msg, " ")
		if e.Text != want[i].Error() || !strings.HasSuffix(e.Message, " "+rest) || e.Message == want[i].Msg || e.Line != want[i].Line {
			t.Errorf("error %d: %+v, want %v", i, e, want[i])
		}
		paths[e.Path] = true
	}
	for _, p := range []string{"sections.0.count", "sections.0.algorithm", "sections.1.per_page"} {
		if !paths[p] {
			t.Errorf("no error placed at %s: %+v", p, r.Errors)
		}
	}

	// YAML that does not parse: an error with its line, no model.
	r = checkSpec(t, s, "title: [unclosed\nsections: {\n")
	if len(r.Errors) == 0 || r.Errors[0].Line == 0 || r.Model != nil {
		t.Errorf("broken YAML: %+v", r)
	}
}

// Hostile specs are refused with the spec's error, in time.
func TestHostileSpecs(t *testing.T) {
	s := newServer(t, Options{Timeout: 20 * time.Second})
	for _, c := range []struct{ name, yaml, want string }{
		{"range template", "sections:\n  - count: 1\n    caption: '{{range $i := 1000000000}}{{$i}}{{end}}'\n", "range"},
		{"huge printf", "sections:\n  - count: 1\n    caption: '{{printf \"%0999999999d\" 1}}'\n", "caption"},
		{"too many mazes", "sections:\n  - count: 100000\n    size: 4x4\n", "count"},
		{"too many cells", "sections:\n  - count: 2000\n    size: 80x80\n    per_page: 1\n", "GB of memory"},
		{"alias bomb", "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nsections: [{}]\n", ""},
		{"not a mapping", "- just\n- a list\n", ""},
		{"binary", "\x00\x01\xff\xfe", ""},
	} {
		start := time.Now()
		w := do(t, s, "POST", "/"+token+"/api/check", []byte(c.yaml))
		if w.Code != 200 {
			t.Errorf("%s: status %d", c.name, w.Code)
			continue
		}
		r := decode(t, w)
		if len(r.Errors) == 0 {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !strings.Contains(r.Errors[0].Text, c.want) {
			t.Errorf("%s: %q does not say %q", c.name, r.Errors[0].Text, c.want)
		}
		t.Logf("%s: %v: %s", c.name, time.Since(start).Round(time.Millisecond), r.Errors[0].Text)
	}
}

func TestUploadLimit(t *testing.T) {
	s := newServer(t, Options{})
	big := []byte("title: x\n# " + strings.Repeat("x", spec.MaxSpecSize) + "\nsections: [{}]\n")
	for _, p := range []string{"api/check", "api/yaml?edit=%7B%7D"} {
		w := do(t, s, "POST", "/"+token+"/"+p, big)
		if w.Code != http.StatusRequestEntityTooLarge || !strings.Contains(w.Body.String(), "larger than") {
			t.Errorf("%s: %d %.200s", p, w.Code, w.Body.String())
		}
	}
	if len(s.cache.specs) != 0 {
		t.Error("a spec too large was kept")
	}
}

// The PDF the studio hands back is the PDF 'mazebook build' writes (the
// same render.Book), for the book and its teacher edition.
func TestPDFIsBuilds(t *testing.T) {
	s := newServer(t, Options{SpecName: "small.yaml"})
	r := checkSpec(t, s, smallSpec)
	for _, ed := range []plan.Edition{plan.Student, plan.Teacher} {
		q := ""
		if ed == plan.Teacher {
			q = "?edition=teacher"
		}
		w := do(t, s, "GET", "/"+token+"/api/pdf/"+r.Key+"/small.pdf"+q, nil)
		if w.Code != 200 || w.Header().Get("Content-Type") != "application/pdf" {
			t.Fatalf("pdf: %d %s", w.Code, w.Body.String())
		}
		sp, err := spec.ParseFS("small.yaml", []byte(smallSpec), nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := render.Book(sp, render.Options{Edition: ed, Creator: "mazebook test"})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(w.Body.Bytes(), want.PDF) {
			t.Errorf("edition %d: the studio's PDF differs from build's (%d and %d bytes)", ed, w.Body.Len(), len(want.PDF))
		}
		cd := w.Header().Get("Content-Disposition")
		if (ed == plan.Student && cd != `attachment; filename="small.pdf"`) || (ed == plan.Teacher && cd != `attachment; filename="small-teacher.pdf"`) {
			t.Errorf("edition %d: %s", ed, cd)
		}
		// Progress says the work is done.
		w = do(t, s, "GET", "/"+token+"/api/progress/"+r.Key+q, nil)
		var p map[string]int
		_ = json.Unmarshal(w.Body.Bytes(), &p)
		if p["total"] == 0 || p["done"] != p["total"] {
			t.Errorf("edition %d: progress %v", ed, p)
		}
	}
}

// The studio dates a book whose spec gives no date by its Options.Date
// (what 'mazebook serve' reads from SOURCE_DATE_EPOCH), and by
// spec.DefaultDate without one, whatever the environment holds.
func TestPDFDate(t *testing.T) {
	t.Setenv(spec.SourceDateEnv, "1800000000")
	for _, c := range []struct {
		date time.Time
		want string
	}{
		{time.Time{}, "/CreationDate (D:20260101000000)"},
		{time.Unix(1700000000, 0).UTC(), "/CreationDate (D:20231114221320)"},
	} {
		s := newServer(t, Options{SpecName: "small.yaml", Date: c.date})
		r := checkSpec(t, s, smallSpec)
		w := do(t, s, "GET", "/"+token+"/api/pdf/"+r.Key+"/small.pdf", nil)
		if w.Code != 200 || !strings.Contains(w.Body.String(), c.want) {
			t.Errorf("Date %v: %d, no %s", c.date, w.Code, c.want)
		}
	}
}

func TestPresetRulesRefuseDownload(t *testing.T) {
	s := newServer(t, Options{})
	// 'preset: kdp' on A4 pages breaks KDP's trim sizes.
	yaml := "preset: kdp\npage: {size: a4}\nsections: [{count: 1, size: 5x5}]\n"
	r := checkSpec(t, s, yaml)
	if len(r.Errors) != 0 {
		t.Skipf("the spec itself is refused: %+v", r.Errors)
	}
	w := do(t, s, "GET", "/"+token+"/api/pdf/"+r.Key+"/x.pdf", nil)
	if w.Code != http.StatusUnprocessableEntity || !strings.Contains(w.Body.String(), "print-on-demand rule (kdp)") {
		t.Errorf("kdp rules: %d %.300s", w.Code, w.Body.String())
	}
	r = checkSpec(t, s, yaml+"check: {warn_only: true}\n")
	w = do(t, s, "GET", "/"+token+"/api/pdf/"+r.Key+"/x.pdf", nil)
	if w.Code != 200 {
		t.Errorf("warn_only: %d %.300s", w.Code, w.Body.String())
	}
}

func TestZipIsDeterministic(t *testing.T) {
	s := newServer(t, Options{})
	r := checkSpec(t, s, smallSpec)
	get := func() []byte {
		w := do(t, s, "GET", "/"+token+"/api/zip/"+r.Key+"/x.zip", nil)
		if w.Code != 200 || w.Header().Get("Content-Type") != "application/zip" {
			t.Fatalf("zip: %d %s", w.Code, w.Body.String())
		}
		return w.Body.Bytes()
	}
	a := get()
	s.cache = newCache(0) // made again from nothing
	r = checkSpec(t, s, smallSpec)
	b := get()
	if !bytes.Equal(a, b) {
		t.Error("two zips of one spec differ")
	}
	zr, err := zip.NewReader(bytes.NewReader(a), int64(len(a)))
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) != len(r.Pages) || zr.File[0].Name != "page-001.svg" {
		t.Fatalf("%d files (first %q), want %d pages", len(zr.File), zr.File[0].Name, len(r.Pages))
	}
	f, _ := zr.File[len(zr.File)-1].Open()
	data, _ := io.ReadAll(f)
	w := do(t, s, "GET", fmt.Sprintf("/%s/api/page/%s/%d.svg", token, r.Key, len(r.Pages)), nil)
	if !bytes.Equal(data, w.Body.Bytes()) || !bytes.Contains(data, []byte(svg.Mark)) {
		t.Error("the zip's last page is not the page the preview draws")
	}
}

func TestPagesChartMazeSpec(t *testing.T) {
	s := newServer(t, Options{})
	r := checkSpec(t, s, smallSpec)
	base := "/" + token + "/api/"
	for _, c := range []struct {
		path string
		code int
		ct   string
		has  string
	}{
		{"page/" + r.Key + "/1.svg", 200, "image/svg+xml", "<svg"},
		{"page/" + r.Key + "/1.svg?edition=teacher", 200, "image/svg+xml", "<svg"},
		{"page/" + r.Key + "/0.svg", 404, "application/json", "no page"},
		{"page/" + r.Key + "/999.svg", 404, "application/json", "no page"},
		{"page/" + r.Key + "/x.svg", 404, "application/json", "no page"},
		{"page/" + strings.Repeat("0", 32) + "/1.svg", 410, "application/json", "no longer"},
		{"page/short/1.svg", 410, "application/json", "no longer"},
		{"view/" + r.Key + "/1", 200, "application/json", `"svg"`},
		{"chart/" + r.Key + "/chart.svg", 200, "image/svg+xml", "<svg"},
		{"maze/" + r.Key + "/1", 200, "application/json", `"cells"`},
		{"maze/" + r.Key + "/5", 404, "application/json", "no maze"},
		{"spec/" + r.Key + "/x.yaml", 200, "application/yaml", "# A small book."},
		{"progress/nothing", 200, "application/json", `"done":0`},
	} {
		w := do(t, s, "GET", base+c.path, nil)
		if w.Code != c.code || !strings.HasPrefix(w.Header().Get("Content-Type"), c.ct) || !strings.Contains(w.Body.String(), c.has) {
			t.Errorf("%s: %d %q %.120s", c.path, w.Code, w.Header().Get("Content-Type"), w.Body.String())
		}
	}
	// The view of the first puzzle page says where its mazes are.
	for i, p := range r.Pages {
		if p.Kind != "puzzle" {
			continue
		}
		w := do(t, s, "GET", fmt.Sprintf("%sview/%s/%d", base, r.Key, i+1), nil)
		var v struct {
			Width, Height float64
			Mazes         []mazeBox
		}
		_ = json.Unmarshal(w.Body.Bytes(), &v)
		if len(v.Mazes) != len(p.Mazes) {
			t.Fatalf("page %d: %d maze boxes, want %d", i+1, len(v.Mazes), len(p.Mazes))
		}
		for _, m := range v.Mazes {
			if m.W <= 0 || m.H <= 0 || m.X < 0 || m.Y < 0 || m.X+m.W > v.Width || m.Y+m.H > v.Height {
				t.Errorf("page %d: maze box %+v outside %gx%g", i+1, m, v.Width, v.Height)
			}
		}
		break
	}
	// A template that fails on a page's data is placed at its line.
	r = checkSpec(t, s, "sections:\n  - count: 1\n    caption: '{{.Nope}}'\n")
	if len(r.Errors) == 0 {
		w := do(t, s, "GET", base+"view/"+r.Key+"/1", nil)
		if w.Code != http.StatusUnprocessableEntity && w.Code != 200 {
			t.Errorf("a failing template: %d %s", w.Code, w.Body.String())
		}
	} else if r.Errors[0].Line != 3 {
		t.Errorf("template error not at line 3: %+v", r.Errors)
	}
}

// The maze sent to the game is the maze made: each side open as in the
// maze, and the exit reached from the entrance through open sides.
func TestPlayableMaze(t *testing.T) {
	s := newServer(t, Options{})
	r := checkSpec(t, s, smallSpec)
	for n := 1; n <= r.Mazes; n++ {
		w := do(t, s, "GET", fmt.Sprintf("/%s/api/maze/%s/%d", token, r.Key, n), nil)
		var pm playMaze
		if err := json.Unmarshal(w.Body.Bytes(), &pm); err != nil {
			t.Fatal(err)
		}
		e, _ := s.cache.entry(r.Key, plan.Student)
		m := e.book.Mazes[n-1].Maze
		if len(pm.Cells) != m.Grid.Cells() || pm.Entrance != m.Entrance.Cell || pm.Exit != m.Exit.Cell {
			t.Fatalf("maze %d: %d cells, doors %d %d", n, len(pm.Cells), pm.Entrance, pm.Exit)
		}
		for c, cell := range pm.Cells {
			if len(cell.Sides) != m.Grid.Sides(c) {
				t.Fatalf("maze %d cell %d: %d sides, want %d", n, c, len(cell.Sides), m.Grid.Sides(c))
			}
			for sd, side := range cell.Sides {
				if side.Open != m.IsOpen(c, sd) {
					t.Fatalf("maze %d cell %d side %d: open %v", n, c, sd, side.Open)
				}
			}
		}
		if path := pathOf(pm); path == nil {
			t.Errorf("maze %d: no way from the entrance to the exit", n)
		}
	}
}

// pathOf returns the cells from the entrance to the exit through open
// sides (breadth first), or nil.
func pathOf(pm playMaze) []int {
	prev := make([]int, len(pm.Cells))
	for i := range prev {
		prev[i] = -2
	}
	prev[pm.Entrance] = -1
	queue := []int{pm.Entrance}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == pm.Exit {
			var path []int
			for x := c; x != -1; x = prev[x] {
				path = append([]int{x}, path...)
			}
			return path
		}
		for _, sd := range pm.Cells[c].Sides {
			if sd.Open && sd.To >= 0 && prev[sd.To] == -2 {
				prev[sd.To] = c
				queue = append(queue, sd.To)
			}
		}
	}
	return nil
}

func TestEdit(t *testing.T) {
	s := newServer(t, Options{})
	edit := func(yaml string, e Edit) (string, int) {
		j, _ := json.Marshal(e)
		w := do(t, s, "POST", "/"+token+"/api/yaml?edit="+url.QueryEscape(string(j)), []byte(yaml))
		r := decode(t, w)
		if w.Code != 200 {
			return r.Errors[0].Message, w.Code
		}
		return r.YAML, w.Code
	}
	y, _ := edit(smallSpec, Edit{Set: map[string]string{"title": "yes", "sections.0.count": "5", "page.size": "letter", "teacher_edition": "true", "sections.1.size": ""}})
	m, err := readModel([]byte(y))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{"title": "yes", "sections.0.count": "5", "page.size": "letter", "teacher_edition": "true", "sections.0.title": "One"} {
		if m.Values[k] != v {
			t.Errorf("%s = %q, want %q\n%s", k, m.Values[k], v, y)
		}
	}
	if _, ok := m.Values["sections.1.size"]; ok || !strings.Contains(y, "# A small book.") {
		t.Errorf("size not removed or comment lost:\n%s", y)
	}
	sp, err := spec.ParseFS("x.yaml", []byte(y), nil)
	if err != nil {
		t.Fatalf("the edited spec does not parse: %v\n%s", err, y)
	}
	if sp.Title != "yes" || sp.Sections[0].Count != 5 || !sp.TeacherEdition || sp.Sections[1].Shape != "hexagon" || sp.Sections[1].Size.W != 0 {
		t.Errorf("spec %q %d %v %q", sp.Title, sp.Sections[0].Count, sp.TeacherEdition, sp.Sections[1].Shape)
	}
	// answers: false becomes a mapping the form can edit.
	y, _ = edit("answers: false\nsections: [{count: 1}]\n", Edit{Set: map[string]string{"answers.per_page": "2"}})
	if m, _ := readModel([]byte(y)); m.Values["answers.enabled"] != "false" || m.Values["answers.per_page"] != "2" {
		t.Errorf("answers: %+v\n%s", m.Values, y)
	}
	// Sections: add (like the last), move, remove.
	y, _ = edit(smallSpec, Edit{Op: "add"})
	m, _ = readModel([]byte(y))
	if m.Sections != 3 || m.Values["sections.2.title"] != "Section 3" || m.Values["sections.2.shape"] != "hexagon" {
		t.Errorf("add: %+v", m)
	}
	y, _ = edit(y, Edit{Op: "up", Index: 2})
	m, _ = readModel([]byte(y))
	if m.Values["sections.1.title"] != "Section 3" || m.Values["sections.2.title"] != "Two" {
		t.Errorf("up: %+v", m.Values)
	}
	y, _ = edit(y, Edit{Op: "remove", Index: 0})
	m, _ = readModel([]byte(y))
	if m.Sections != 2 || m.Values["sections.0.title"] != "Section 3" {
		t.Errorf("remove: %+v", m.Values)
	}
	// Bad edits are refused.
	for _, e := range []Edit{{Set: map[string]string{"../../etc": "x"}}, {Set: map[string]string{"sections.9.count": "1"}}, {Op: "remove", Index: 7}, {Op: "explode"}} {
		if msg, code := edit(smallSpec, e); code != http.StatusUnprocessableEntity {
			t.Errorf("%+v: %d %s", e, code, msg)
		}
	}
	// In words a user knows: no section 0, no index.
	for _, e := range []Edit{{Op: "remove", Index: -1}, {Op: "up", Index: 9}} {
		if msg, _ := edit(smallSpec, e); !strings.Contains(msg, "there is no such section to") || strings.Contains(msg, "section 0") || strings.Contains(msg, "-1") {
			t.Errorf("%+v: %q", e, msg)
		}
	}
	w := do(t, s, "POST", "/"+token+"/api/yaml?edit=%7Bnot", []byte(smallSpec))
	if w.Code != 400 {
		t.Errorf("bad JSON: %d", w.Code)
	}
}

func TestPanicIsRecovered(t *testing.T) {
	s := newServer(t, Options{})
	h := s.recoverPanics(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { panic("boom") }))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	if w.Code != 500 || !strings.Contains(w.Body.String(), "boom") {
		t.Errorf("%d %s", w.Code, w.Body.String())
	}
	// And the server goes on.
	if r := checkSpec(t, s, smallSpec); len(r.Errors) != 0 {
		t.Error(r.Errors)
	}
}

// A request over the time limit is answered with an error; the server
// goes on.
func TestTimeLimit(t *testing.T) {
	s := newServer(t, Options{Timeout: time.Millisecond})
	w := do(t, s, "POST", "/"+token+"/api/check", []byte("sections: [{count: 300, size: 40x40}]\n"))
	if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), "longer than") {
		t.Errorf("%d %s", w.Code, w.Body.String())
	}
}

// Many requests at once, on a few specs, get the same answers as one at
// a time (run with -race).
func TestConcurrentUse(t *testing.T) {
	s := newServer(t, Options{MaxConcurrent: 2})
	specs := []string{smallSpec, strings.Replace(smallSpec, "seed: 3", "seed: 4", 1), strings.Replace(smallSpec, "count: 3", "count: 2", 1)}
	want := make([][]byte, len(specs))
	for i, y := range specs {
		sp, err := spec.ParseFS("mazebook.yaml", []byte(y), nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := render.Book(sp, render.Options{Creator: "mazebook test"})
		if err != nil {
			t.Fatal(err)
		}
		want[i] = res.PDF
	}
	var wg sync.WaitGroup
	errs := make(chan string, 100)
	for g := 0; g < 12; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			i := g % len(specs)
			w := do(t, s, "POST", "/"+token+"/api/check", []byte(specs[i]))
			var r response
			if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil || w.Code != 200 {
				errs <- fmt.Sprintf("check %d: %d", i, w.Code)
				return
			}
			for p := 1; p <= len(r.Pages); p++ {
				if w := do(t, s, "GET", fmt.Sprintf("/%s/api/view/%s/%d", token, r.Key, p), nil); w.Code != 200 {
					errs <- fmt.Sprintf("view %d/%d: %d", i, p, w.Code)
				}
			}
			w = do(t, s, "GET", "/"+token+"/api/pdf/"+r.Key+"/x.pdf", nil)
			if !bytes.Equal(w.Body.Bytes(), want[i]) {
				errs <- fmt.Sprintf("pdf %d differs", i)
			}
			do(t, s, "GET", "/"+token+"/api/maze/"+r.Key+"/1", nil)
			do(t, s, "GET", "/"+token+"/api/chart/"+r.Key+"/c.svg", nil)
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// A spec the studio forgot is made again from its text.
func TestCacheBounds(t *testing.T) {
	s := newServer(t, Options{})
	var keys []string
	for i := 0; i < maxBooks+3; i++ {
		r := checkSpec(t, s, strings.Replace(smallSpec, "seed: 3", fmt.Sprintf("seed: %d", 100+i), 1))
		keys = append(keys, r.Key)
	}
	if n := s.cache.size(); n > maxBooks {
		t.Errorf("%d books kept, the most is %d", n, maxBooks)
	}
	w := do(t, s, "GET", "/"+token+"/api/page/"+keys[0]+"/1.svg", nil)
	if w.Code != 200 {
		t.Errorf("a dropped book is not made again: %d", w.Code)
	}
}

var _ = maze.Rectangle

// A book that runs past the time limit is stopped there, within one of
// its maze's candidates, and its slot freed: the next book is made at
// once, not after the long one would have finished (1000x1000 mazes, 64
// candidates of them, take about 10 s on a 2-core machine).
func TestTimeLimitFreesTheSlot(t *testing.T) {
	s := newServer(t, Options{MaxConcurrent: 1, Timeout: 500 * time.Millisecond})
	long := "page: {size: 200x200in}\nsections: [{count: 1, size: 1000x1000, difficulty: 1}]\n"
	if w := do(t, s, "POST", "/"+token+"/api/check", []byte(long)); w.Code != http.StatusServiceUnavailable {
		t.Fatalf("a book past the limit: %d %s", w.Code, w.Body.String())
	}
	start := time.Now()
	for {
		w := do(t, s, "POST", "/"+token+"/api/check", []byte(smallSpec))
		if w.Code == http.StatusOK {
			break
		}
		if time.Since(start) > 4*time.Second {
			t.Fatalf("the slot is still taken %v after the limit: %d %s", time.Since(start), w.Code, w.Body.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	// Asked again, the long book says why it was stopped, in words.
	r := checkSpec(t, s, long)
	if len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, "the studio's limit") {
		t.Errorf("the stopped book, asked again: %+v", r.Errors)
	}
}
