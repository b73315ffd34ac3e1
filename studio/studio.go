// Package studio is mazebook's web studio: a local web page where a
// teacher makes a book with a form instead of YAML, sees its pages drawn
// as they change, downloads the same PDF 'mazebook build' writes, and
// plays its mazes in the browser.
//
// The studio serves only what it generates: its assets are embedded, and
// no path from a request reaches the file system. The files a spec names
// (a mask, a picture, a font) are attached to the book instead: sent by
// the page, checked (a plain name, a known kind, within the size the
// spec reads of it, content of that kind), held in memory by the hash of
// their content and given to the spec parser as a file system of their
// own; a book's key covers its files' contents. 'mazebook serve SPEC'
// attaches the files its spec names from the start (Options.Files). Specs are parsed and built with the same budgets as
// the command line (package spec, plan.Cost), each request has a time
// limit, the requests that make books are bounded in number, a panic in
// one request answers it with an error and leaves the server running,
// and every request must carry the server's random token in its path and
// come from the server's own origin.
//
// A studio that runs a study (Options.Study) has a second address, the
// class's (ClassPath, a token of its own): a page of the game alone, of
// the book the studio opened with, fixed while it runs (class.go). Its
// trials are played again on the server with the terminal game's code
// and recorded once each (trials.go).
package studio

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"time"

	"mazebook/internal/say"
	"mazebook/layout/spec"
	"mazebook/study"
	"mazebook/templates"
)

// Options configure a studio.
type Options struct {
	// Spec is the spec the studio opens with, and SpecName its file name
	// (used in messages and to name downloads); without Spec, the studio
	// opens the built-in starter book.
	Spec     []byte
	SpecName string
	// Files are files attached to the book from the start, by plain
	// name (see SpecFiles and CheckAttachment): the studio keeps them for
	// as long as it runs.
	Files map[string][]byte
	// Token is the secret every request's path starts with; New makes a
	// random one when it is empty.
	Token string
	// Creator names the program in the PDFs ("mazebook 0.1.0"): the same
	// words as 'mazebook build', so that the PDFs are the same bytes.
	Creator string
	// Date is the creation date of a book whose spec gives none (see
	// spec.Options; a studio's specs read only their attached files, so
	// the date is all the machine gives them); the zero Time is
	// spec.DefaultDate. 'mazebook serve' gives SOURCE_DATE_EPOCH's, as
	// 'build' does, so that a download is the same bytes as the book
	// built.
	Date time.Time
	// Hosts are the Host header values accepted (such as
	// "127.0.0.1:8080"); empty accepts any host (the token still guards).
	Hosts []string
	// MaxConcurrent bounds the requests that make or draw books at once
	// (default: the number of CPUs); Timeout bounds the time of one
	// request (default 2 minutes); MaxUpload bounds a request's body
	// (default spec.MaxSpecSize), but for a file added to a book, which
	// may be as large as the spec reads of its kind (see AttachLimit),
	// and a zip of a spec and its files.
	MaxConcurrent int
	Timeout       time.Duration
	MaxUpload     int64
	// UploadTimeout bounds the time a request's body (a file added, a
	// spec's zip) takes to arrive (default 30 seconds): it is read, and
	// bounded, before the request takes one of the MaxConcurrent slots,
	// so that a client sending a byte a second holds none.
	UploadTimeout time.Duration
	// Study, when not nil, runs a study: the class's page (ClassPath)
	// plays the book the studio opens with, fixed while it runs, asks for
	// a participant code and records each maze played there as a trial
	// (see package study and trials.go). The studio's own game records
	// nothing.
	Study *study.Log
	// Codes, when not empty, is the class's list of participant codes
	// (study.ReadCodes): the class's page takes no other code, the studio
	// opens and records no trial of another, and each is recorded as the
	// list spells it.
	Codes []string
	// ClassToken is the secret the class's page's path starts with; New
	// makes a random one for a study when it is empty.
	ClassToken string
	// Budget is the most memory a book may take to build, in bytes, by
	// its plan's estimate (see plan.MakeWithin): a book past it is
	// refused before any maze is made, saying the most. 0 is
	// plan.MaxBookBytes, the command line's; the site, in a browser tab,
	// gives SiteBudget. The made books the studio keeps for a second
	// look take no more than the budget either.
	Budget float64
	// Site is true of the studio of the static site ('mazebook site'):
	// its page names the site's manifest, picks the studio in the page
	// (cmd/mazebook-site) as the one its requests go to, and says that a
	// study's class page needs 'mazebook serve --study'.
	Site bool
	// Context, when not nil, stops the work of books when it is done
	// ('mazebook serve' gives the context an interrupt cancels).
	Context context.Context
	// Logf, when not nil, is told of requests that fail on the server's
	// side (a panic, a timeout).
	Logf func(format string, args ...any)
}

// Server is a studio: an http.Handler.
type Server struct {
	opt     Options
	prefix  string // "/TOKEN/"
	sem     chan struct{}
	cache   *cache
	handler http.Handler
	initial []byte
	name    string
	files   *store
	// initialFiles are Options.Files, as the page lists them.
	initialFiles []attachedFile

	// A study's book, its trials, and the class's page and requests
	// (see class.go).
	study       *studyBook
	trials      *trials
	class       http.Handler
	classPrefix string
}

// NewToken returns a random token of 128 bits, as hex.
func NewToken() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("studio: making a token: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// New returns a studio.
func New(opt Options) (*Server, error) {
	if opt.Token == "" {
		t, err := NewToken()
		if err != nil {
			return nil, err
		}
		opt.Token = t
	}
	if !validToken(opt.Token) {
		return nil, errors.New("studio: the token may hold only letters, digits, - and _")
	}
	if opt.MaxConcurrent <= 0 {
		opt.MaxConcurrent = runtime.NumCPU()
	}
	if opt.Timeout <= 0 {
		opt.Timeout = 2 * time.Minute
	}
	if opt.MaxUpload <= 0 {
		opt.MaxUpload = spec.MaxSpecSize
	}
	if opt.UploadTimeout <= 0 {
		opt.UploadTimeout = 30 * time.Second
	}
	if opt.Logf == nil {
		opt.Logf = log.Printf
	}
	if opt.Context == nil {
		opt.Context = context.Background()
	}
	s := &Server{
		opt:    opt,
		prefix: "/" + opt.Token + "/",
		sem:    make(chan struct{}, opt.MaxConcurrent),
		cache:  newCache(opt.Budget),
		name:   downloadName(opt.SpecName),
		files:  newStore(),
	}
	if len(opt.Files) > MaxAttachments {
		return nil, fmt.Errorf("studio: at most %d attached files, not %d", MaxAttachments, len(opt.Files))
	}
	total := 0
	for name, data := range opt.Files {
		if err := CheckAttachment(name, data); err != nil {
			return nil, fmt.Errorf("studio: attaching %w", err)
		}
		total += len(data)
		s.initialFiles = append(s.initialFiles, attachedFile{Name: name, ID: s.files.put(data, true), Size: len(data)})
	}
	if total > MaxAttachedBytes {
		return nil, fmt.Errorf("studio: the attached files hold %d MB, more than %d MB", total>>20, MaxAttachedBytes>>20)
	}
	slices.SortFunc(s.initialFiles, func(a, b attachedFile) int { return strings.Compare(a.Name, b.Name) })
	s.initial = opt.Spec
	if s.initial == nil {
		st, _, err := templates.Starter("book")
		if err != nil {
			return nil, fmt.Errorf("studio: the starter book: %w", err)
		}
		s.initial = st
	}
	if opt.Study != nil {
		if err := s.newStudy(); err != nil {
			return nil, err
		}
	}
	mux := http.NewServeMux()
	s.routes(mux)
	wrap := func(h http.Handler) http.Handler {
		return http.TimeoutHandler(s.recoverPanics(h), opt.Timeout, timeoutMessage(opt.Timeout))
	}
	var class http.Handler
	if s.class != nil {
		class = wrap(s.class)
	}
	s.handler = s.guard(wrap(mux), class)
	return s, nil
}

// validToken reports whether a token is 1 or more letters, digits, '-'
// and '_'.
func validToken(t string) bool {
	for _, r := range t {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' || r == '_') {
			return false
		}
	}
	return t != ""
}

// Path is the path the studio's page is served at: "/TOKEN/".
func (s *Server) Path() string { return s.prefix }

// ServeHTTP serves a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.handler.ServeHTTP(w, r)
}

func timeoutMessage(d time.Duration) string {
	return fmt.Sprintf(`{"errors":[{"message":"the request took longer than %s, the studio's limit: make the book smaller"}]}`, d)
}

// guard refuses requests from elsewhere: a Host the server is not known
// by (DNS rebinding), an Origin that is not the server's own, a browser
// saying the request is cross-site, or a path without the token. A path
// with the class's token goes to class (a study's page of the game),
// one with the studio's to next. It also sets headers that keep the
// pages from being framed or sniffed.
func (s *Server) guard(next, class http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-store")
		if !s.hostAllowed(r.Host) {
			http.Error(w, "mazebook studio: unknown host "+quoteHost(r.Host), http.StatusMisdirectedRequest)
			return
		}
		if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
			http.Error(w, "mazebook studio: requests from another origin are refused", http.StatusForbidden)
			return
		}
		if site := r.Header.Get("Sec-Fetch-Site"); site == "cross-site" || site == "same-site" {
			http.Error(w, "mazebook studio: requests from another site are refused", http.StatusForbidden)
			return
		}
		to := next
		rest, ok := s.strip(r.URL.Path, s.opt.Token)
		if !ok && class != nil {
			rest, ok = s.strip(r.URL.Path, s.opt.ClassToken)
			to = class
		}
		if !ok {
			http.Error(w, "mazebook studio: open the address 'mazebook serve' printed (it holds the studio's token)", http.StatusForbidden)
			return
		}
		r2 := r.Clone(r.Context())
		r2.URL.Path = rest
		r2.URL.RawPath = ""
		if r.Body != nil {
			limit := s.opt.MaxUpload
			switch {
			case to == class:
				limit = maxTrialBody
			case rest == "/api/attach":
				limit = max(limit, maxAttachBody)
			case rest == "/api/open":
				limit = max(limit, maxOpenBody)
			}
			r2.Body = http.MaxBytesReader(w, r.Body, limit)
		}
		to.ServeHTTP(w, r2)
	})
}

// strip removes a token from a path: "/TOKEN/api/x" is "/api/x". It
// reports false when the path does not start with the token.
func (s *Server) strip(p, tok string) (string, bool) {
	if len(p) < len(tok)+2 || p[0] != '/' || p[len(tok)+1] != '/' {
		return "", false
	}
	if subtle.ConstantTimeCompare([]byte(p[1:len(tok)+1]), []byte(tok)) != 1 {
		return "", false
	}
	return p[len(tok)+1:], true
}

func (s *Server) hostAllowed(host string) bool {
	if len(s.opt.Hosts) == 0 {
		return true
	}
	for _, h := range s.opt.Hosts {
		if strings.EqualFold(h, host) {
			return true
		}
	}
	return false
}

// quoteHost quotes a host for a message, cut short.
func quoteHost(h string) string {
	if len(h) > 80 {
		h = h[:80] + "…"
	}
	return fmt.Sprintf("%q", h)
}

// recoverPanics answers a request whose handler panics with an error,
// and logs it; the server goes on.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				buf := make([]byte, 4096)
				buf = buf[:runtime.Stack(buf, false)]
				s.opt.Logf("mazebook studio: panic serving %s: %v\n%s", r.URL.Path, v, buf)
				fail(w, r, say.Errorf("internal error: %v (the studio goes on; please report this)", v))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// acquire takes one of the slots for work that makes or draws a book,
// waiting while the request lives; it reports false when the request
// ended (timed out, or the client left) first.
func (s *Server) acquire(r *http.Request) bool {
	select {
	case s.sem <- struct{}{}:
		return true
	case <-r.Context().Done():
		return false
	}
}

func (s *Server) release() { <-s.sem }
