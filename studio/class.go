package studio

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"strings"

	"mazebook/internal/say"
	"mazebook/layout"
	"mazebook/layout/spec"
	"mazebook/study"
	"mazebook/words"
)

// A study (Options.Study) has two addresses: the teacher's, the studio,
// and the class's (ClassPath), a page of the game alone, for the
// tablets: a participant code, the book's mazes in order, and Change for
// the next child. The class plays the study's book: the book the studio
// opened with, made once when the studio starts and fixed while it runs.
// The teacher may go on editing in the studio (the next worksheet); the
// edits never reach the class, so every trial of a run names a maze of
// the same book, and a child's tablet cannot change it (the class's
// address answers nothing but the game). Another book is another run of
// 'mazebook serve --study', to the same file if the teacher likes.

var classTemplate = template.Must(template.ParseFS(assets, "assets/class.html", "assets/game.html"))

// studyBook is the book a study's class plays.
type studyBook struct {
	book  *layout.Book
	lang  string
	title string
}

// makeStudyBook makes the book the studio opened with, as the class
// plays it for the whole study.
func (s *Server) makeStudyBook() (*studyBook, error) {
	files, err := s.attachedFS(refsOf(s.initialFiles))
	if err != nil {
		return nil, err
	}
	sp, err := spec.Options{Date: s.opt.Date}.ParseFS(s.specName(), s.initial, files)
	if err != nil {
		return nil, err
	}
	b, err := layout.Make(sp, layout.Options{Context: s.opt.Context})
	if err != nil {
		return nil, err
	}
	return &studyBook{book: b, lang: sp.Language, title: sp.Title}, nil
}

// refsOf returns the references of attached files.
func refsOf(files []attachedFile) []fileRef {
	refs := make([]fileRef, len(files))
	for i, f := range files {
		refs[i] = fileRef{Name: f.Name, ID: f.ID}
	}
	return refs
}

// classMaze is a maze of the study's book as the class's page lists it:
// its index (from 1), its number in the book, whether the class can play
// it (the studio plays and records mazes of at most study.MaxCells cells
// and no mask), and its section's title.
type classMaze struct {
	N       int    `json:"n"`
	Number  int    `json:"number"`
	Play    bool   `json:"play"`
	Section string `json:"section,omitempty"`
}

// classRoutes registers the class's endpoints (paths without its token).
func (s *Server) classRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /{$}", s.classPage)
	mux.Handle("GET /assets/{name}", static)
	mux.HandleFunc("GET /api/code", s.classCode)
	mux.HandleFunc("GET /api/maze/{n}", s.classMaze)
	mux.HandleFunc("POST /api/trial/{n}", s.trial)
}

// classMaze answers with maze n of the study's book for the participant
// the query names (?participant=CODE), in the view the study plays it
// in, with the id of the trial the studio opens for it (see trials).
func (s *Server) classMaze(w http.ResponseWriter, r *http.Request) {
	pm, n, err := playableMaze(r.PathValue("n"), s.study.book)
	if err != nil {
		fail(w, r, err)
		return
	}
	who := r.URL.Query().Get("participant")
	if err := s.trials.takes(who); err != nil {
		fail(w, r, err)
		return
	}
	if pm.Trial, err = s.trials.issue(n, who); err != nil {
		fail(w, r, fmt.Errorf("studio: the trial's id: %w", err))
		return
	}
	pm.View = s.trials.views[n-1].String()
	writeJSON(w, http.StatusOK, pm)
}

// classCode answers whether the study takes the participant code the
// query names (?participant=CODE), as the page asks before it lists the
// mazes: {"listed": true} for a code on the class's list, false when the
// study has no list; a code it refuses is an error (403 for one not on
// the list).
func (s *Server) classCode(w http.ResponseWriter, r *http.Request) {
	if err := s.trials.takes(r.URL.Query().Get("participant")); err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Listed bool `json:"listed"`
	}{s.trials.roster != nil})
}

// classPage serves the class's page: the game of the study's book.
func (s *Server) classPage(w http.ResponseWriter, r *http.Request) {
	b := s.study.book
	var mazes []classMaze
	for i, m := range b.Mazes {
		_, err := study.RecipeTrial(m.Recipe)
		cm := classMaze{N: i + 1, Number: b.Plan.Mazes[i].Number, Play: err == nil && m.Maze.Grid.Cells() <= maxPlayCells}
		if sec := b.Plan.Mazes[i].Section; sec >= 0 && sec < len(b.Plan.Spec.Sections) {
			cm.Section = b.Plan.Spec.Sections[sec].Title
		}
		mazes = append(mazes, cm)
	}
	lang := s.study.lang
	if words.For(lang) == nil {
		lang = "en"
	}
	mj, _ := json.Marshal(mazes)
	ww, _ := json.Marshal(map[string]map[string]string{lang: wordsFor(lang), "en": wordsFor("en")})
	data := struct {
		W     map[string]string
		Title string
		Mazes string
		Words string
	}{wordsFor(lang), s.study.title, string(mj), string(ww)}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", contentPolicy)
	var buf bytes.Buffer
	if err := classTemplate.Execute(&buf, data); err != nil {
		fail(w, r, say.Errorf("the page: %v", err))
		return
	}
	_, _ = w.Write(buf.Bytes())
}

// ClassPath is the path of the class's page of a study, "/CLASSTOKEN/",
// or "" for a studio that runs none.
func (s *Server) ClassPath() string {
	if s.study == nil {
		return ""
	}
	return s.classPrefix
}

// Close ends the studio's study: the trials still open are recorded as
// left, and the watch on quiet trials stops. 'mazebook serve' closes the
// studio when it stops.
func (s *Server) Close() error {
	if s.trials != nil {
		s.trials.closeAll()
	}
	return nil
}

// ClassToken returns the token of the class's address of a study whose
// key is key (study.Log.Key): 24 hexadecimal digits of the HMAC-SHA256
// of the words "mazebook class page" under it.
func ClassToken(key []byte) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("mazebook class page"))
	return hex.EncodeToString(mac.Sum(nil)[:12])
}

// newStudy makes the study's book and its trials, and the class's
// handler.
func (s *Server) newStudy() error {
	// The study's key makes the class's address: the same for every run
	// of the studio on the same study file.
	key, err := s.opt.Study.Key()
	if err != nil {
		return fmt.Errorf("studio: %w", err)
	}
	if s.opt.ClassToken == "" {
		s.opt.ClassToken = ClassToken(key)
	}
	run, err := NewToken()
	if err != nil {
		return err
	}
	if !validToken(s.opt.ClassToken) || s.opt.ClassToken == s.opt.Token {
		return fmt.Errorf("studio: the class's token may hold only letters, digits, - and _, and differs from the studio's")
	}
	sb, err := s.makeStudyBook()
	if err != nil {
		return fmt.Errorf("studio: the study's book: %w", err)
	}
	s.study = sb
	s.trials = newTrials(s.opt.Study, sb.book, key, run[:12], strings.TrimPrefix(s.opt.Creator, "mazebook "), s.opt.Logf)
	s.trials.listed(s.opt.Codes)
	go s.trials.watch(s.opt.Context)
	s.classPrefix = "/" + s.opt.ClassToken + "/"
	mux := http.NewServeMux()
	s.classRoutes(mux)
	s.class = mux
	return nil
}
