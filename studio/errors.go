package studio

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"

	"mazebook/internal/say"
	"mazebook/internal/tell"
	"mazebook/layout/spec"
	"mazebook/words"
)

// A request that fails is answered the same way wherever it fails: one
// function, toHTTPError, gives the error's HTTP status and its message in
// the page's language (as net/http's toHTTPError does for files), and
// fail (or failBook, for a book the studio holds) writes them as the JSON
// the page reads, {"errors": [{"message": ...}]}. A handler returns what
// went wrong as an error: its own status when it knows better than the
// error's kind (errorf, unprocessable), else the kind's.

// statusError is an error with the HTTP status it answers.
type statusError struct {
	status int
	err    error
}

func (e *statusError) Error() string { return e.err.Error() }
func (e *statusError) Unwrap() error { return e.err }

// errorf returns an error of a status and a message.
func errorf(status int, format string, args ...any) error {
	return &statusError{status, say.Errorf(format, args...)}
}

// unprocessable returns err as what a request sent that the studio
// cannot take (422): an edit, an attachment, a zip or a list of files it
// refuses, or a spec whose book cannot be made or drawn.
func unprocessable(err error) error {
	return &statusError{http.StatusUnprocessableEntity, err}
}

// toHTTPError returns the message of an error, in a language, and the
// HTTP status it answers:
//
//   - a body that took longer than the studio's UploadTimeout to arrive
//     (os.ErrDeadlineExceeded): 408 Request Timeout;
//   - the request's end (context.Canceled, context.DeadlineExceeded: it
//     timed out, or waited for the studio, busy, until the client left):
//     503 Service Unavailable;
//   - a statusError: its own status;
//   - a spec the studio no longer holds (errGone): 410 Gone, which the
//     page answers by sending the spec again;
//   - a body over its bound (*http.MaxBytesError): 413 Content Too Large;
//   - a spec's errors (spec.Errors, *spec.Error): 422 Unprocessable
//     Content;
//   - anything else: 500 Internal Server Error.
func toHTTPError(err error, lang string) (string, int) {
	var se *statusError
	var mbe *http.MaxBytesError
	var one *spec.Error
	var many spec.Errors
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return tell.In(lang, say.T("the upload took too long: send the file again")), http.StatusRequestTimeout
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return tell.In(lang, say.T("the studio is busy or the request timed out: %v", err)), http.StatusServiceUnavailable
	case errors.As(err, &se):
		return tell.ErrorIn(lang, se.err), se.status
	case errors.Is(err, errGone):
		return tell.In(lang, say.T("the studio no longer holds this spec: send it again")), http.StatusGone
	case errors.As(err, &mbe):
		// The body of the requests the guard bounds alone is a spec.
		return tell.In(lang, say.T("the spec is larger than %d bytes", mbe.Limit)), http.StatusRequestEntityTooLarge
	case errors.As(err, &many), errors.As(err, &one):
		return tell.ErrorIn(lang, err), http.StatusUnprocessableEntity
	}
	return tell.ErrorIn(lang, err), http.StatusInternalServerError
}

// fail answers a request with an error (see toHTTPError), said in the
// page's language.
func fail(w http.ResponseWriter, r *http.Request, err error) {
	msg, status := toHTTPError(err, languageOr(r, ""))
	writeJSON(w, status, response{Errors: []apiError{{Message: msg}}})
}

// failBook answers a request about the book of the path's key with an
// error (see toHTTPError), said in the spec's language; the problems of
// a spec refused (422) are placed on the form's fields (see specErrors).
func (s *Server) failBook(w http.ResponseWriter, r *http.Request, err error) {
	h, _ := s.cache.spec(r.PathValue("key"))
	lang := language(r, h.yaml)
	msg, status := toHTTPError(err, lang)
	errs := []apiError{{Message: msg}}
	if status == http.StatusUnprocessableEntity {
		errs = specErrors(err, h.yaml, lang)
	}
	writeJSON(w, status, response{Errors: errs})
}

// specErrors turns an error of a spec into the form's errors: each
// spec.Error placed on the path written at its line and column.
func specErrors(err error, data []byte, lang string) []apiError {
	var se spec.Errors
	if !errors.As(err, &se) {
		var one *spec.Error
		if !errors.As(err, &one) {
			msg := tell.ErrorIn(lang, err)
			return []apiError{{Message: msg, Text: msg}}
		}
		se = spec.Errors{one}
	}
	where := places(data)
	var out []apiError
	for _, e := range se.Sorted() {
		p := where[[2]int{e.Line, e.Col}]
		if p == "" && e.Line > 0 {
			// The nearest value written on the same line, left of the place.
			best := -1
			for pos, q := range where {
				if pos[0] == e.Line && pos[1] <= e.Col && pos[1] > best {
					best, p = pos[1], q
				}
			}
		}
		if strings.HasPrefix(e.Msg, "the spec is not valid YAML") && e.Line > 0 {
			// The parser names where it gave up: the slip is often above.
			if at, what := yamlSlip(data, e.Line); at > 0 && at <= e.Line {
				msg := say.T("the spec is not valid YAML: the parser stopped at line %d, and the slip looks to be here: %s", e.Line, what)
				if at == e.Line {
					msg = say.T("the spec is not valid YAML: %s", what)
				}
				out = append(out, apiError{Line: at, Message: tell.In(lang, msg), Text: fmt.Sprintf("%s:%d: %s", e.File, at, tell.In(lang, msg))})
				continue
			}
		}
		out = append(out, apiError{Path: p, Line: e.Line, Col: e.Col, Message: fieldNamed(p, e.Message(lang), lang), Text: e.In(lang)})
	}
	return tooHard(out, se.Sorted(), data, lang)
}

// fieldNamed returns a problem said under its field with the field's
// name in the page's words where it leads with the spec's key ("size:
// ..." under Tamaño reads "Tamaño: ..."; "per_page must be ..." reads
// "Mazes a page must be ...").
func fieldNamed(path, msg, lang string) string {
	if path == "" {
		return msg
	}
	key := path
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		key = path[i+1:]
	}
	rest, ok := strings.CutPrefix(msg, key)
	if !ok || rest == "" || !strings.ContainsRune(": \"", rune(rest[0])) {
		return msg
	}
	label := "f." + path
	if strings.HasPrefix(path, "sections.") {
		label = "f." + key
		if key == "title" {
			label = "f.title.s"
		}
	}
	name := words.Or(lang).Studio[label]
	if name == "" {
		return msg
	}
	return name + rest
}

// levelIn finds the level an error of a maze held to a level names: its
// English message's "(level 6" or "(level 7, hard".
var levelIn = regexp.MustCompile(`\(level (\d+)[,)]`)

// Why the mazes of a section could not reach their levels, as layout's
// message says it in English (see layout's unreachable): the room on the
// page caps their size, or the size given is too small or too large.
const (
	capped   = "put fewer mazes on a page"
	tooSmall = "this one is too small for the level"
	tooLarge = "this one is too large for the level"
)

// tooHard says in one short line, at its field, why the mazes of a
// section could not reach their levels (one long error a level, before):
// the room on the page caps them (its ages' big cells, the mazes a
// page), said at the difficulty with the highest level the room allows;
// or the size given is too small or too large for the level, said at
// the size. Other problems are as they were.
func tooHard(out []apiError, se spec.Errors, data []byte, lang string) []apiError {
	m, err := readModel(data)
	if err != nil || len(se) != len(out) {
		return out
	}
	type group struct {
		first, level int
	}
	// kindOf returns an error's section ("sections.N.") and why, or "".
	kindOf := func(i int) (string, string, int) {
		parts := strings.SplitN(out[i].Path, ".", 3)
		n := levelIn.FindStringSubmatch(se[i].Msg)
		if len(parts) < 3 || parts[0] != "sections" || n == nil {
			return "", "", 0
		}
		level, _ := strconv.Atoi(n[1])
		for _, why := range []string{capped, tooSmall, tooLarge} {
			if strings.Contains(se[i].Msg, why) {
				return parts[0] + "." + parts[1] + ".", why, level
			}
		}
		return "", "", 0
	}
	groups := map[[2]string]*group{}
	for i := range out {
		at, why, level := kindOf(i)
		if at == "" {
			continue
		}
		g := groups[[2]string{at, why}]
		if g == nil {
			groups[[2]string{at, why}] = &group{first: i, level: level}
			continue
		}
		// The room caps from the lowest level out of reach; a size too
		// large is too large from the highest.
		if (why == tooLarge) == (level > g.level) {
			g.level = level
		}
	}
	var kept []apiError
	for i, e := range out {
		at, why, _ := kindOf(i)
		g := groups[[2]string{at, why}]
		if g == nil {
			kept = append(kept, e)
			continue
		}
		if g.first != i {
			continue // said once, with the first
		}
		ages := m.Values[at+"ages"]
		perPage, _ := strconv.Atoi(m.Values[at+"per_page"])
		size := m.Values[at+"size"]
		level := say.T("level %d", g.level)
		if name := spec.DifficultyName(g.level); name != "" {
			level = say.T("level %d, %s", g.level, say.T(name))
		}
		top := g.level - 1
		var t say.Text
		switch {
		case why == tooSmall && size != "":
			t, e.Path = say.T("%s is too small for its level (%s): give a larger size, ask for a lower level, or leave the size out", size, level), at+"size"
		case why == tooLarge && size != "":
			t, e.Path = say.T("%s is too large for its level (%s): give a smaller size, ask for a higher level, or leave the size out", size, level), at+"size"
		case why != capped || top < 1:
			kept = append(kept, e)
			continue
		case ages != "" && perPage > 1:
			t = say.T("for ages %s the cells are big, so at %d a page no maze can be harder than level %d: choose levels up to %d, or fewer mazes a page", ages, perPage, top, top)
		case ages != "":
			t = say.T("for ages %s the cells are big, so no maze on this page can be harder than level %d: choose levels up to %d, or a larger page", ages, top, top)
		case perPage > 1:
			t = say.T("at %d a page no maze can be harder than level %d: choose levels up to %d, or fewer mazes a page", perPage, top, top)
		default:
			t = say.T("no maze on this page can be harder than level %d: choose levels up to %d, or a larger page", top, top)
		}
		if why == capped {
			e.Path = at + "difficulty"
		}
		msg := tell.In(lang, t)
		text := msg
		if file, _, ok := strings.Cut(e.Text, ":"); ok && e.Line > 0 {
			text = fmt.Sprintf("%s:%d:%d: %s", file, e.Line, e.Col, msg)
		}
		e.Message, e.Text = msg, text
		kept = append(kept, e)
	}
	return kept
}
