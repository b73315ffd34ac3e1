package studio

import (
	"bytes"
	"embed"
	"encoding/json"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"mazebook/internal/say"
	"mazebook/templates"
	"mazebook/words"
)

//go:embed assets
var assets embed.FS

// contentPolicy is the pages' Content-Security-Policy: their own
// scripts, styles and pictures only.
const contentPolicy = "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

// sitePolicy is the static site's page's policy, in a <meta> (a static
// host sends no header of ours): the studio's, without frame-ancestors,
// which a <meta> cannot say. connect-src 'self' (by default-src) keeps
// the page from sending anything elsewhere.
const sitePolicy = "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'"

var indexTemplate = template.Must(template.ParseFS(assets, "assets/index.html", "assets/game.html"))

// staticFiles are the pages' scripts, styles and pictures (the
// templates under assets/ are not served): a file system whose names
// are plain file names of those kinds, and nothing else, not even a
// folder to list.
type staticFiles struct{ fs.FS }

// staticTypes are the kinds of file served as they are, each with its
// content type: a script, which the pages load as a module (<script
// type="module">, import), is served as JavaScript or the browser
// refuses it, whatever the system's table of types says.
var staticTypes = map[string]string{
	".js":  "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8",
	".svg": "image/svg+xml",
}

// Open opens a file of a kind served by its plain name; any other name
// is not there.
func (f staticFiles) Open(name string) (fs.File, error) {
	if _, ok := staticTypes[path.Ext(name)]; !ok || strings.ContainsAny(name, `/\`) || strings.HasPrefix(name, ".") {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return f.FS.Open(name)
}

// static serves the pages' files, /assets/NAME, from the binary: the
// embedded assets through http.FileServerFS, each with its kind's type.
// (The token before /assets/ and the headers every answer carries,
// no-store and nosniff among them, are the guard's.)
var static = func() http.Handler {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err)
	}
	files := http.StripPrefix("/assets/", http.FileServerFS(staticFiles{sub}))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if t, ok := staticTypes[path.Ext(r.URL.Path)]; ok {
			w.Header().Set("Content-Type", t)
		}
		files.ServeHTTP(w, r)
	})
}()

// index serves the studio's page: the form, the YAML, the preview and
// the game, in the language of the spec it opens with.
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
		Site     bool
		Policy   string
	}{wordsFor(lang), string(s.initial), s.name, string(fj), string(ww), string(af), s.ClassPath(), templates.StarterNames(), s.opt.Site, sitePolicy}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", contentPolicy)
	var buf bytes.Buffer
	if err := indexTemplate.Execute(&buf, data); err != nil {
		fail(w, r, say.Errorf("the page: %v", err))
		return
	}
	_, _ = w.Write(buf.Bytes())
}
