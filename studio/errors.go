package studio

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
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
	m, _ := readModel(data)
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
		msg := withinSection(p, e.Message(lang), m, lang)
		out = append(out, apiError{Path: p, Line: e.Line, Col: e.Col, Message: fieldNamed(p, msg, lang), Text: e.In(lang)})
	}
	return out
}

// withinSection returns a problem placed at a field of a section without
// the section's name the message leads with ("section 2: 2x2 is too
// small ..." under section 2's size reads "2x2 is too small ..."): the
// form shows it in that section already. The summary's text keeps it.
func withinSection(path, msg string, m *Model, lang string) string {
	parts := strings.SplitN(path, ".", 3)
	if len(parts) < 3 || parts[0] != "sections" {
		return msg
	}
	i, err := strconv.Atoi(parts[1])
	if err != nil {
		return msg
	}
	sec := spec.Section{Index: i}
	if m != nil {
		sec.Title = m.Values[fmt.Sprintf("sections.%d.title", i)]
	}
	rest, ok := strings.CutPrefix(msg, tell.In(lang, say.T("%s: %s", sec.Name(), "")))
	if !ok || rest == "" {
		return msg
	}
	return rest
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
