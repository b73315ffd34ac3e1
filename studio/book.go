package studio

import (
	"context"
	"encoding/json"
	"net/http"
	"path"
	"strings"

	"mazebook/internal/say"
	"mazebook/internal/tell"
	"mazebook/layout"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

// Bounds of what one entry keeps drawn.
const (
	maxKeptSVG = 32 << 20 // the SVG pages kept for thumbnails
	maxKeptPDF = 64 << 20 // a PDF kept for a second download
)

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
		resp.Summary = tell.In(resp.Language, say.Plural(len(p.Mazes), "%d maze", "%d mazes")) + " · " + tell.In(resp.Language, say.Plural(len(p.Pages), "%d page", "%d pages"))
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
			resp.Notes = append(resp.Notes, tell.In(resp.Language, n))
		}
		resp.Notes = append(resp.Notes, themeNotes(resp.Model, resp.Language)...)
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
	out, err := applyEdit(data, inSpecWords(e, language(r, data)))
	if err != nil {
		fail(w, r, unprocessable(err))
		return
	}
	out = withTheme(data, out, e)
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
	sp, err := spec.Options{Date: s.opt.Date}.ParseFS(s.specName(), h.yaml, files)
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
	b, err := layout.Make(sp, layout.Options{Edition: ed, Context: ctx, Budget: s.opt.Budget, Progress: func(done, total int) {
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
