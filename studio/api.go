package studio

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"mazebook/layout/plan"
	"mazebook/words"
)

// routes registers the studio's endpoints (paths without the token).
func (s *Server) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /{$}", s.index)
	mux.Handle("GET /assets/{name}", static)
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
