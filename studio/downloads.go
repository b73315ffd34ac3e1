package studio

import (
	"archive/zip"
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"mazebook/internal/say"
	"mazebook/internal/tell"
	"mazebook/layout/bookfiles"
	"mazebook/layout/display"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/layout/svg"
)

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
		f, err := bookfiles.Render(b, e.sp, ed, s.opt.Creator, func(i int, _ *display.Page) error {
			e.done.Store(mazes + int64(i) + 1)
			return r.Context().Err()
		})
		s.release()
		if err != nil {
			s.failBook(w, r, unprocessable(err))
			return
		}
		if err := ruleErrors(e.sp, f); err != nil {
			fail(w, r, err)
			return
		}
		d := f.Data
		data = d
		if len(d) <= maxKeptPDF {
			e.pdf = d
		}
	}
	suffix := ""
	if ed == plan.Teacher {
		suffix = "-teacher"
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="`+s.downloadName(r, suffix, ".pdf")+`"`)
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	_, _ = w.Write(data)
}

// ruleErrors says which print-on-demand rules of the spec's preset a
// book's file breaks, as 'mazebook build' refuses it (422), or nil when
// it may be written.
func ruleErrors(sp *spec.Book, f *bookfiles.File) error {
	broken := bookfiles.Check(f, sp.Preset, "")
	if broken == nil || sp.CheckWarnOnly {
		return nil
	}
	lang := sp.Language
	return errorf(http.StatusUnprocessableEntity, "%s", broken.In(lang)+"\n"+tell.In(lang, say.T("(set check: {warn_only: true} in the spec to download it anyway)")))
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
	suffix := "-svg"
	if edition(r) == plan.Teacher {
		suffix = "-teacher-svg"
	}
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", `attachment; filename="`+s.downloadName(r, suffix, ".zip")+`"`)
	_, _ = w.Write(buf.Bytes())
}

// downloadName is the name a book's file downloads under: the one the
// page gave it in its address (named from the book's title, as a shelf
// of PDFs reads: Mazes-for-Class-3B-teacher.pdf) when it is a plain name
// of the edition's kind, so that the link saved, opened in a tab or
// fetched names the file as the page's button does; else the spec's
// name and the edition's suffix (class-teacher.pdf, as 'build' writes
// it). Each edition has its own name: a pupils' book is never named as
// the teacher edition, nor the teacher edition as the pupils' book.
func (s *Server) downloadName(r *http.Request, suffix, ext string) string {
	file := r.PathValue("file")
	base, ok := strings.CutSuffix(file, suffix+ext)
	plain := ok && base != "" && len(file) <= 100 && strings.Trim(base, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") == "" && !strings.HasPrefix(base, ".")
	if plain && (suffix != "" || !strings.HasSuffix(base, "-teacher")) {
		return file
	}
	return s.name + suffix + ext
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

// progress answers with how far the making or writing of a book has
// come: {"done": N, "total": M}, zeros when it has not started.
func (s *Server) progress(w http.ResponseWriter, r *http.Request) {
	var done, total int64
	if e := s.cache.peek(r.PathValue("key"), edition(r)); e != nil {
		done, total = e.done.Load(), e.total.Load()
	}
	writeJSON(w, http.StatusOK, map[string]int64{"done": done, "total": total})
}
