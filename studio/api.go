package studio

import (
	"archive/zip"
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"mazebook/internal/say"
	"mazebook/layout/kdp"
	"mazebook/words"

	"mazebook/layout"
	"mazebook/layout/display"
	"mazebook/layout/plan"
	"mazebook/layout/render"
	"mazebook/layout/spec"
	"mazebook/layout/stats"
	"mazebook/layout/svg"
	"mazebook/layout/typeface"
	"mazebook/study"
	"mazebook/templates"
)

//go:embed assets
var assets embed.FS

var indexTemplate = template.Must(template.ParseFS(assets, "assets/index.html", "assets/game.html"))

// Bounds of what one entry keeps drawn.
const (
	maxKeptSVG = 32 << 20 // the SVG pages kept for thumbnails
	maxKeptPDF = 64 << 20 // a PDF kept for a second download
	// maxPlayCells is the most cells a maze played in the browser has:
	// the most a study records.
	maxPlayCells = study.MaxCells
)

// routes registers the studio's endpoints (paths without the token).
func (s *Server) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /{$}", s.index)
	mux.HandleFunc("GET /assets/{name}", s.asset)
	mux.HandleFunc("POST /api/check", s.check)
	mux.HandleFunc("POST /api/yaml", s.edit)
	mux.HandleFunc("POST /api/attach", s.attach)
	mux.HandleFunc("POST /api/open", s.openSpecZip)
	mux.HandleFunc("GET /api/spec/{key}/{file}", s.specFile)
	mux.HandleFunc("GET /api/view/{key}/{n}", s.view)
	mux.HandleFunc("GET /api/page/{key}/{file}", s.pageSVG)
	mux.HandleFunc("GET /api/chart/{key}/{file}", s.chart)
	mux.HandleFunc("GET /api/maze/{key}/{n}", s.mazeJSON)
	mux.HandleFunc("GET /api/pdf/{key}/{file}", s.pdf)
	mux.HandleFunc("GET /api/zip/{key}/{file}", s.zip)
	mux.HandleFunc("GET /api/progress/{key}", s.progress)
	mux.HandleFunc("GET /api/starter/{name}", s.starter)
}

// response is what the JSON endpoints answer.
type response struct {
	Key      string     `json:"key,omitempty"`
	Model    *Model     `json:"model,omitempty"`
	YAML     string     `json:"yaml,omitempty"`
	Errors   []apiError `json:"errors"`
	Language string     `json:"language,omitempty"`
	Pages    []pageInfo `json:"pages,omitempty"`
	Mazes    int        `json:"mazes,omitempty"`
	// Summary counts the book's mazes and pages in its language, each
	// noun in the plural form the language's rules give its number ("1
	// page", "11 Seiten", "11 صفحة").
	Summary string   `json:"summary,omitempty"`
	Notes   []string `json:"notes,omitempty"`
	// View is the page the request asked to see (see checkView), drawn
	// in the same answer: no second request for it.
	View *pageView `json:"view,omitempty"`
}

// apiError is a problem: its message as 'validate' prints it (Text), its
// place, the form's path for that place, and the message alone.
type apiError struct {
	Path    string `json:"path,omitempty"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
	Message string `json:"message"`
	Text    string `json:"text,omitempty"`
}

// pageInfo is a page of the book, for thumbnails.
type pageInfo struct {
	Number int    `json:"number"`
	Kind   string `json:"kind"`
	// Section is the index of the section of a section or puzzle page,
	// else -1.
	Section int   `json:"section"`
	Mazes   []int `json:"mazes,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// language returns the language to answer a request about a spec in: the
// spec's own, else (while the spec cannot be read) the page's, which it
// sends as the request's Accept-Language.
func language(r *http.Request, spec []byte) string {
	lang := ""
	if m, err := readModel(spec); err == nil {
		lang = m.Values["language"]
	}
	return languageOr(r, lang)
}

// languageOr returns lang, the spec's language, or when the spec says
// none the page's (see language).
func languageOr(r *http.Request, lang string) string {
	if lang != "" {
		return lang
	}
	tag, _, _ := strings.Cut(r.Header.Get("Accept-Language"), ",")
	tag, _, _ = strings.Cut(strings.TrimSpace(tag), "-")
	if words.For(tag) != nil {
		return tag
	}
	return "en"
}

// edition reads the edition a request asks for.
func edition(r *http.Request) plan.Edition {
	if r.URL.Query().Get("edition") == "teacher" {
		return plan.Teacher
	}
	return plan.Student
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	lang := "en"
	if m, err := readModel(s.initial); err == nil {
		if words.For(m.Values["language"]) != nil {
			lang = m.Values["language"]
		}
	}
	fj, _ := json.Marshal(fields())
	ww, _ := json.Marshal(allWords())
	files := s.initialFiles
	if files == nil {
		files = []attachedFile{}
	}
	af, _ := json.Marshal(files)
	data := struct {
		W        map[string]string
		Spec     string
		Name     string
		Fields   string
		Words    string
		Files    string
		Class    string
		Starters []string
	}{wordsFor(lang), string(s.initial), s.name, string(fj), string(ww), string(af), s.ClassPath(), templates.StarterNames()}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", contentPolicy)
	var buf bytes.Buffer
	if err := indexTemplate.Execute(&buf, data); err != nil {
		fail(w, r, say.Errorf("the page: %v", err))
		return
	}
	_, _ = w.Write(buf.Bytes())
}

// staticFiles are the page's scripts, styles and pictures (the
// templates under assets/ are not served): a file system whose names
// are plain file names of those kinds, and nothing else, not even a
// folder to list.
type staticFiles struct{ fs.FS }

// staticTypes are the kinds of file served as they are.
var staticTypes = map[string]bool{".js": true, ".css": true, ".svg": true}

func (f staticFiles) Open(name string) (fs.File, error) {
	if !staticTypes[path.Ext(name)] || strings.ContainsAny(name, `/\`) || strings.HasPrefix(name, ".") {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return f.FS.Open(name)
}

// static serves the page's files from the binary (http.FileServerFS).
var static = func() http.Handler {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err)
	}
	return http.StripPrefix("/assets/", http.FileServerFS(staticFiles{sub}))
}()

func (s *Server) asset(w http.ResponseWriter, r *http.Request) {
	static.ServeHTTP(w, r)
}

// check reads a spec (the request's body) and answers with the form's
// model of it, its problems placed on the form's fields, and its pages
// (of the edition the query names), with the page it asks to see drawn
// (see checkView).
func (s *Server) check(w http.ResponseWriter, r *http.Request) {
	data, err := s.readBody(w, r, -1)
	if err != nil {
		fail(w, r, err)
		return
	}
	refs, err := s.readRefs(r.URL.Query().Get("files"))
	if err != nil {
		fail(w, r, err)
		return
	}
	resp, err := s.checkSpec(r, data, refs)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// checkSpec keeps a spec and its files and makes its book (the edition
// the request names) as check answers it.
func (s *Server) checkSpec(r *http.Request, data []byte, refs []fileRef) (response, error) {
	key := s.cache.putSpec(data, refs)
	resp := response{Key: key, Errors: []apiError{}}
	if m, err := readModel(data); err == nil {
		resp.Model = m
		resp.Language = m.Values["language"]
	}
	e, err := s.made(r, key, edition(r))
	if err != nil {
		return resp, err
	}
	if e.err != nil {
		resp.Errors = specErrors(e.err, data, languageOr(r, resp.Language))
	} else {
		resp.Language = e.sp.Language
		p := e.book.Plan
		resp.Mazes = len(p.Mazes)
		resp.Summary = say.Plural(len(p.Mazes), "%d maze", "%d mazes").In(resp.Language) + " · " + say.Plural(len(p.Pages), "%d page", "%d pages").In(resp.Language)
		for _, pg := range p.Pages {
			pi := pageInfo{Number: pg.Number, Kind: pg.Kind.String(), Section: pg.Section}
			if pg.Kind == plan.PuzzlePage {
				for _, mi := range pg.Mazes {
					pi.Mazes = append(pi.Mazes, p.Mazes[mi].Number)
				}
			}
			resp.Pages = append(resp.Pages, pi)
		}
		for _, n := range p.AnswerNotes() {
			resp.Notes = append(resp.Notes, n.In(resp.Language))
		}
		if v, err := s.checkView(r, e); err != nil {
			if r.Context().Err() != nil {
				return resp, err
			}
			resp.Errors = specErrors(err, data, languageOr(r, resp.Language))
		} else {
			resp.View = v
		}
	}
	return resp, nil
}

// pageView is a page drawn for the preview: its index (from 0), its SVG,
// its size and where its mazes are (each can be opened to play).
type pageView struct {
	Page   int       `json:"page"`
	SVG    string    `json:"svg"`
	Width  float64   `json:"width"`
	Height float64   `json:"height"`
	Mazes  []mazeBox `json:"mazes"`
}

// checkView draws the page a check asks to see: the query's "section"
// (from 0) names a section whose first puzzle page it is, else "page"
// (from 0) the page, kept within the book; no "page" and no "section",
// no page.
func (s *Server) checkView(r *http.Request, e *entry) (*pageView, error) {
	q := r.URL.Query()
	pages := e.book.Plan.Pages
	n, err := strconv.Atoi(q.Get("page"))
	sec, serr := strconv.Atoi(q.Get("section"))
	if (err != nil && serr != nil) || len(pages) == 0 {
		return nil, nil
	}
	n = min(max(n, 0), len(pages)-1)
	if serr == nil {
		for i, pg := range pages {
			if pg.Kind == plan.PuzzlePage && pg.Section == sec {
				n = i
				break
			}
		}
	}
	d, err := s.drawPage(r, e, n)
	if err != nil {
		return nil, err
	}
	return &pageView{Page: n, SVG: string(d.svg), Width: d.width, Height: d.height, Mazes: d.mazes}, nil
}

// edit makes a change of the form to a spec (the body) and answers with
// the spec's new text.
func (s *Server) edit(w http.ResponseWriter, r *http.Request) {
	data, err := s.readBody(w, r, -1)
	if err != nil {
		fail(w, r, err)
		return
	}
	var e Edit
	if err := json.Unmarshal([]byte(r.URL.Query().Get("edit")), &e); err != nil {
		fail(w, r, errorf(http.StatusBadRequest, "the edit is not JSON: %v", err))
		return
	}
	out, err := applyEdit(data, e)
	if err != nil {
		fail(w, r, unprocessable(err))
		return
	}
	if len(out) > int(s.opt.MaxUpload) {
		fail(w, r, errorf(http.StatusRequestEntityTooLarge, "the spec would be larger than %d bytes", s.opt.MaxUpload))
		return
	}
	if r.URL.Query().Get("check") == "" {
		writeJSON(w, http.StatusOK, response{YAML: string(out), Errors: []apiError{}})
		return
	}
	// The edit checked at once, as check would: one answer, no second
	// request for the preview.
	refs, err := s.readRefs(r.URL.Query().Get("files"))
	if err != nil {
		fail(w, r, err)
		return
	}
	resp, err := s.checkSpec(r, out, refs)
	if err != nil {
		fail(w, r, err)
		return
	}
	resp.YAML = string(out)
	writeJSON(w, http.StatusOK, resp)
}

// made returns the made book of a spec the studio holds, waiting for it
// while the request lives.
func (s *Server) made(r *http.Request, key string, ed plan.Edition) (*entry, error) {
	if !validKey(key) {
		return nil, errGone
	}
	h, ok := s.cache.spec(key)
	if !ok {
		return nil, errGone
	}
	e, isNew := s.cache.entry(key, ed)
	e.wanted.Add(1)
	defer e.wanted.Add(-1)
	if isNew {
		go s.make(key, ed, h, e)
	}
	select {
	case <-e.ready:
		return e, nil
	case <-r.Context().Done():
		return nil, r.Context().Err()
	}
}

// make parses a spec and makes its book into e, one of the bounded
// slots taken; nobody waiting for it by then, it gives up.
func (s *Server) make(key string, ed plan.Edition, h held, e *entry) {
	defer func() {
		if v := recover(); v != nil {
			s.opt.Logf("mazebook studio: panic making a book: %v", v)
			e.err = say.Errorf("internal error: %v (the studio goes on; please report this)", v)
			e.book = nil
			s.cache.forget(key, ed)
		}
		s.cache.finish(key, ed, e)
	}()
	s.sem <- struct{}{}
	defer s.release()
	if e.wanted.Load() == 0 {
		e.err = errGone
		s.cache.forget(key, ed)
		return
	}
	files, err := s.attachedFS(h.files)
	if err != nil {
		e.err = err
		s.cache.forget(key, ed)
		return
	}
	sp, err := spec.ParseFS(s.specName(), h.yaml, files)
	if err != nil {
		e.err = err
		return
	}
	e.sp = sp
	e.making.Store(true)
	// The studio's time limit stops the work too, freeing its slot.
	ctx, cancel := context.WithTimeoutCause(s.opt.Context, s.opt.Timeout,
		say.Errorf("the book takes longer than %v, the studio's limit: make it smaller (fewer or smaller mazes) or build it with 'mazebook build'", s.opt.Timeout))
	defer cancel()
	b, err := layout.Make(sp, layout.Options{Edition: ed, Context: ctx, Progress: func(done, total int) {
		if e.making.Load() {
			e.done.Store(int64(done))
			e.total.Store(int64(total))
		}
	}})
	e.making.Store(false)
	if err != nil {
		e.err = err
		return
	}
	e.book = b
	e.cost = b.Plan.Cost().Bytes
}

// specName is the file name spec messages give.
func (s *Server) specName() string {
	if s.opt.SpecName != "" {
		return path.Base(strings.ReplaceAll(s.opt.SpecName, `\`, "/"))
	}
	return s.name + ".yaml"
}

// downloadName makes a file name to download as from a spec's name:
// letters, digits, dots, dashes and underscores only.
func downloadName(specName string) string {
	base := path.Base(strings.ReplaceAll(specName, `\`, "/"))
	base = strings.TrimSuffix(base, path.Ext(base))
	var b strings.Builder
	for _, r := range base {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 || b.Len() > 64 {
		return "mazebook"
	}
	return b.String()
}

// ready returns the made book a request names, answering the request
// itself when there is none (and returning nil).
func (s *Server) ready(w http.ResponseWriter, r *http.Request) *entry {
	e, err := s.made(r, r.PathValue("key"), edition(r))
	if err == nil && e.err != nil {
		err = unprocessable(e.err)
	}
	if err != nil {
		s.failBook(w, r, err)
		return nil
	}
	return e
}

// drawn is a page drawn for the preview: its SVG, its size and where its
// mazes are.
type drawn struct {
	svg           []byte
	width, height float64
	mazes         []mazeBox
}

// drawPage draws page n of a made book as SVG, keeping it for the next
// request; it also says where the page's puzzles were drawn.
func (s *Server) drawPage(r *http.Request, e *entry, n int) (*drawn, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !s.acquire(r) {
		return nil, r.Context().Err()
	}
	defer s.release()
	p, err := e.book.Page(n)
	if err != nil {
		return nil, err
	}
	d := &drawn{width: p.Width, height: p.Height, mazes: []mazeBox{}}
	pl := e.book.Plan
	if pg := pl.Pages[n]; pg.Kind == plan.PuzzlePage {
		for _, mi := range pg.Mazes {
			m, at := pl.Mazes[mi], e.book.Placed[mi]
			if at.Cell > 0 {
				d.mazes = append(d.mazes, mazeBox{Index: mi, Number: m.Number, X: at.Origin.X, Y: at.Origin.Y, W: float64(m.GridW * at.Cell), H: float64(m.GridH * at.Cell)})
			}
		}
	}
	if data, ok := e.svgs[n]; ok {
		d.svg = data
		return d, nil
	}
	var buf bytes.Buffer
	if err := svg.Write(&buf, p); err != nil {
		return nil, err
	}
	d.svg = buf.Bytes()
	kept := 0
	for _, d := range e.svgs {
		kept += len(d)
	}
	if kept+buf.Len() <= maxKeptSVG {
		if e.svgs == nil {
			e.svgs = map[int][]byte{}
		}
		e.svgs[n] = buf.Bytes()
	}
	return d, nil
}

// pageIndex reads a page number (from 1) and returns its index, or
// answers the request and returns -1.
func pageIndex(w http.ResponseWriter, r *http.Request, s string, pages int) int {
	s = strings.TrimSuffix(s, ".svg")
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > pages {
		fail(w, r, errorf(http.StatusNotFound, "there is no page %q: the book has %d", s, pages))
		return -1
	}
	return n - 1
}

// requestedPage draws the page the request names in its path value
// name, or answers with the error and returns nil.
func (s *Server) requestedPage(w http.ResponseWriter, r *http.Request, name string) *drawn {
	e := s.ready(w, r)
	if e == nil {
		return nil
	}
	n := pageIndex(w, r, r.PathValue(name), len(e.book.Plan.Pages))
	if n < 0 {
		return nil
	}
	d, err := s.drawPage(r, e, n)
	if err != nil {
		s.failBook(w, r, unprocessable(err))
		return nil
	}
	return d
}

func (s *Server) pageSVG(w http.ResponseWriter, r *http.Request) {
	d := s.requestedPage(w, r, "file")
	if d == nil {
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	_, _ = w.Write(d.svg)
}

// mazeBox is where a maze is drawn on its page, in points.
type mazeBox struct {
	Index  int     `json:"index"`
	Number int     `json:"number"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	W      float64 `json:"w"`
	H      float64 `json:"h"`
}

// view answers with a page as SVG and where its mazes are drawn, for the
// preview (where each maze can be opened to play).
func (s *Server) view(w http.ResponseWriter, r *http.Request) {
	d := s.requestedPage(w, r, "n")
	if d == nil {
		return
	}
	n, _ := strconv.Atoi(strings.TrimSuffix(r.PathValue("n"), ".svg"))
	writeJSON(w, http.StatusOK, pageView{Page: n - 1, SVG: string(d.svg), Width: d.width, Height: d.height, Mazes: d.mazes})
}

// chart answers with the book's difficulty chart as SVG, as 'mazebook
// stats --chart' draws it.
func (s *Server) chart(w http.ResponseWriter, r *http.Request) {
	e := s.ready(w, r)
	if e == nil {
		return
	}
	if !s.acquire(r) {
		fail(w, r, r.Context().Err())
		return
	}
	defer s.release()
	rows := stats.Rows(e.book)
	words := stats.WordsFor(e.sp.Language)
	title, face := words.ChartTitle(e.sp.Title), e.sp.Fonts.Headings
	if len(face.Missing(title)) > 0 {
		title, face = words.ChartTitle(""), typeface.Bold
	}
	var buf bytes.Buffer
	if err := svg.Write(&buf, stats.Chart(title, face, words, rows, "score")); err != nil {
		fail(w, r, say.Errorf("drawing the chart: %v", err))
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	_, _ = w.Write(buf.Bytes())
}

// pdf answers with the book's PDF (or its teacher edition's): the bytes
// 'mazebook build' writes for the same spec.
func (s *Server) pdf(w http.ResponseWriter, r *http.Request) {
	ed := edition(r)
	e := s.ready(w, r)
	if e == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	data := e.pdf
	if data == nil {
		if !s.acquire(r) {
			fail(w, r, r.Context().Err())
			return
		}
		b := e.book
		mazes := int64(len(b.Plan.Mazes))
		total := mazes + int64(len(b.Plan.Pages))
		e.total.Store(total)
		// The request's deadline (the studio's time limit) or a client
		// gone stops the drawing between pages, freeing the slot.
		d, violations, err := render.PDF(b, render.Metadata(e.sp, ed, s.opt.Creator), func(i int, _ *display.Page) error {
			e.done.Store(mazes + int64(i) + 1)
			return r.Context().Err()
		})
		s.release()
		if err != nil {
			s.failBook(w, r, unprocessable(err))
			return
		}
		if err := ruleErrors(e.sp, violations); err != nil {
			fail(w, r, err)
			return
		}
		data = d
		if len(d) <= maxKeptPDF {
			e.pdf = d
		}
	}
	name := s.name
	if ed == plan.Teacher {
		name += "-teacher"
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.pdf"`)
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	_, _ = w.Write(data)
}

// ruleErrors says which print-on-demand rules of the spec's preset a book
// breaks, as 'mazebook build' refuses it (422), or nil when it may be
// written.
func ruleErrors(sp *spec.Book, v []kdp.Violation) error {
	if sp.Preset == "" || len(v) == 0 || sp.CheckWarnOnly {
		return nil
	}
	lang := sp.Language
	var msg strings.Builder
	msg.WriteString(say.T("the book breaks %v (%s):", say.Plural(len(v), "%d print-on-demand rule", "%d print-on-demand rules"), sp.Preset).In(lang))
	for _, x := range v {
		fmt.Fprintf(&msg, "\n  %s: %s", x.Rule, x.Message(lang))
	}
	msg.WriteString("\n" + say.T("(set check: {warn_only: true} in the spec to download it anyway)").In(lang))
	return errorf(http.StatusUnprocessableEntity, "%s", msg.String())
}

// zip answers with every page of the book as SVG, in a zip whose bytes
// are the same for the same spec: page-001.svg, ..., dated the spec's
// date.
func (s *Server) zip(w http.ResponseWriter, r *http.Request) {
	e := s.ready(w, r)
	if e == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if !s.acquire(r) {
		fail(w, r, r.Context().Err())
		return
	}
	defer s.release()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	b := e.book
	mazes := int64(len(b.Plan.Mazes))
	e.total.Store(mazes + int64(len(b.Plan.Pages)))
	for i := range b.Plan.Pages {
		if err := r.Context().Err(); err != nil {
			fail(w, r, err)
			return
		}
		p, err := b.Page(i)
		if err != nil {
			s.failBook(w, r, unprocessable(say.Errorf("page %d: %w", i+1, err)))
			return
		}
		f, err := zw.CreateHeader(&zip.FileHeader{Name: fmt.Sprintf("page-%03d.svg", i+1), Method: zip.Deflate, Modified: e.sp.Date})
		if err == nil {
			err = svg.Write(f, p)
		}
		if err != nil {
			fail(w, r, say.Errorf("writing the zip: %v", err))
			return
		}
		e.done.Store(mazes + int64(i) + 1)
	}
	if err := zw.Close(); err != nil {
		fail(w, r, say.Errorf("writing the zip: %v", err))
		return
	}
	name := s.name + "-svg"
	if edition(r) == plan.Teacher {
		name = s.name + "-teacher-svg"
	}
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.zip"`)
	_, _ = w.Write(buf.Bytes())
}

// specFile answers with a spec's text, to save; asked for as a .zip, it
// answers with the spec and its attached files in a zip (see specZip).
func (s *Server) specFile(w http.ResponseWriter, r *http.Request) {
	key := r.PathValue("key")
	h, ok := s.cache.spec(key)
	if !validKey(key) || !ok {
		fail(w, r, errGone)
		return
	}
	if strings.HasSuffix(r.PathValue("file"), ".zip") {
		data, err := s.specZip(h)
		if err != nil {
			fail(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "application/zip")
		w.Header().Set("Content-Disposition", `attachment; filename="`+s.name+`.zip"`)
		_, _ = w.Write(data)
		return
	}
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+s.name+`.yaml"`)
	_, _ = w.Write(h.yaml)
}

// specZip returns a spec and its attached files as a zip whose bytes are
// the same for the same files: NAME.yaml, then the files by name, all
// dated 1 January 1980 (the zip format's first day), stored as 'mazebook
// build' finds them when the zip is unpacked into a folder.
func (s *Server) specZip(h held) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	day := time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)
	add := func(name string, data []byte) error {
		f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: day})
		if err == nil {
			_, err = f.Write(data)
		}
		return err
	}
	if err := add(s.name+".yaml", h.yaml); err != nil {
		return nil, err
	}
	for _, r := range h.files {
		data, ok := s.files.get(r.ID)
		if !ok {
			return nil, errorf(http.StatusGone, "the studio no longer holds %s: attach it again", r.Name)
		}
		if err := add(r.Name, data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// attach keeps a file sent to be attached to a book (the body; its name
// in the query's "name"), once it is checked: a plain name of a known
// kind, within its kind's size, content of that kind, and the book's
// files with it (the query's "files", as for check) within their bounds.
// It answers {"file": {"name", "id", "size"}}: the page names the file by
// its id from then on.
func (s *Server) attach(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	limit, err := AttachLimit(name)
	if err != nil {
		fail(w, r, unprocessable(err))
		return
	}
	refs, err := s.readRefs(r.URL.Query().Get("files"))
	if err != nil {
		fail(w, r, err)
		return
	}
	refs = slices.DeleteFunc(refs, func(x fileRef) bool { return x.Name == name })
	if len(refs)+1 > MaxAttachments {
		fail(w, r, errorf(http.StatusUnprocessableEntity, "a book may attach at most %d files: remove one before adding %s", MaxAttachments, name))
		return
	}
	// The body first, bounded in size and time: a slot is for work, not
	// for waiting on a client.
	data, err := s.readBody(w, r, int64(limit))
	if err != nil {
		if errors.As(err, new(*http.MaxBytesError)) {
			err = errorf(http.StatusRequestEntityTooLarge, "%s is larger than %d MB, the most the spec reads of such a file", name, limit>>20)
		}
		fail(w, r, err)
		return
	}
	if !s.acquire(r) {
		fail(w, r, r.Context().Err())
		return
	}
	defer s.release()
	if err := CheckAttachment(name, data); err != nil {
		fail(w, r, unprocessable(err))
		return
	}
	total := len(data)
	for _, x := range refs {
		d, _ := s.files.get(x.ID)
		total += len(d)
	}
	if total > MaxAttachedBytes {
		fail(w, r, errorf(http.StatusUnprocessableEntity, "with %s the attached files would hold %d MB, more than the %d MB a book may attach: remove some", name, total>>20, MaxAttachedBytes>>20))
		return
	}
	id := s.files.put(data, false)
	writeJSON(w, http.StatusOK, map[string]attachedFile{"file": {Name: name, ID: id, Size: len(data)}})
}

// progress answers with how far the making or writing of a book has
// come: {"done": N, "total": M}, zeros when it has not started.
func (s *Server) progress(w http.ResponseWriter, r *http.Request) {
	var done, total int64
	if e := s.cache.peek(r.PathValue("key"), edition(r)); e != nil {
		done, total = e.done.Load(), e.total.Load()
	}
	writeJSON(w, http.StatusOK, map[string]int64{"done": done, "total": total})
}

// openSpecZip reads a zip of a spec and its files (the body; see
// openZip), keeps the files as attach does, and answers with the spec's
// text and the files: {"yaml": ..., "files": [{"name", "id", "size"}]}.
func (s *Server) openSpecZip(w http.ResponseWriter, r *http.Request) {
	data, err := s.readBody(w, r, -1)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			err = errorf(http.StatusRequestEntityTooLarge, "the zip is larger than %d MB", mbe.Limit>>20)
		}
		fail(w, r, err)
		return
	}
	if !s.acquire(r) {
		fail(w, r, r.Context().Err())
		return
	}
	defer s.release()
	yaml, files, err := openZip(data)
	if err != nil {
		fail(w, r, unprocessable(err))
		return
	}
	out := struct {
		YAML  string         `json:"yaml"`
		Files []attachedFile `json:"files"`
	}{YAML: string(yaml), Files: []attachedFile{}}
	for name, content := range files {
		out.Files = append(out.Files, attachedFile{Name: name, ID: s.files.put(content, false), Size: len(content)})
	}
	slices.SortFunc(out.Files, func(a, b attachedFile) int { return strings.Compare(a.Name, b.Name) })
	writeJSON(w, http.StatusOK, out)
}

// readBody reads a request's body, at most limit bytes (a negative limit:
// the body as the server bounds it already), within the studio's
// UploadTimeout. Its error is a *http.MaxBytesError for a body too large,
// os.ErrDeadlineExceeded for one too slow, else a bad request's (400).
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(s.opt.UploadTimeout)) // a server without deadlines (httptest's recorder) reads as it can
	defer rc.SetReadDeadline(time.Time{})
	body := r.Body
	if limit >= 0 {
		body = http.MaxBytesReader(w, r.Body, limit)
	}
	data, err := io.ReadAll(body)
	if err != nil && !errors.As(err, new(*http.MaxBytesError)) && !errors.Is(err, os.ErrDeadlineExceeded) {
		// Neither too large (413) nor too slow (408): broken off.
		return nil, errorf(http.StatusBadRequest, "reading the request: %v", err)
	}
	return data, err
}
