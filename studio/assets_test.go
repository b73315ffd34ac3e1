package studio

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"
)

var (
	// moduleScript is a page's <script type="module" src="...">.
	moduleScript = regexp.MustCompile(`<script type="module" src="([^"]+)"></script>`)
	// anyScript is any <script> element of a page.
	anyScript = regexp.MustCompile(`<script\b[^>]*>`)
	// importFrom is a module's static import or re-export: import ...
	// from "./x.js", import "./x.js", export ... from "./x.js".
	importFrom = regexp.MustCompile(`(?m)^\s*(?:import\s*["']([^"']+)["']|(?:import|export)\b[^;"']*?\bfrom\s*["']([^"']+)["'])`)
	// dynamicImport is an import() of a module.
	dynamicImport = regexp.MustCompile(`\bimport\s*\(`)
	// newWorker is a worker a module starts: the static site's studio
	// (worker.js, a classic script).
	newWorker = regexp.MustCompile(`\bnew Worker\("([^"]+)"\)`)
)

// Every module the pages load is served as JavaScript, and every module
// a module imports names a file the studio serves, beside it: the import
// graph resolves in the browser with no build step. Each page loads its
// scripts as modules from the studio's own address alone (the content
// policy's script-src 'self'), no script inline; and every script among
// the assets is one a page loads, or the worker a module starts (the
// static site's studio).
func TestModulesResolve(t *testing.T) {
	s, _, _ := newStudyServer(t, smallSpec)
	loaded := map[string]bool{}
	for _, page := range []string{"/" + token + "/", "/" + classToken + "/"} {
		w := do(t, s, "GET", page, nil)
		if w.Code != 200 {
			t.Fatalf("%s: %d", page, w.Code)
		}
		if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self';") || strings.Contains(csp, "unsafe") {
			t.Errorf("%s: content policy %q", page, csp)
		}
		html := w.Body.String()
		tags := anyScript.FindAllString(html, -1)
		roots := moduleScript.FindAllStringSubmatch(html, -1)
		if len(roots) == 0 || len(roots) != len(tags) {
			t.Fatalf("%s: scripts %q, want modules by src alone", page, tags)
		}
		var queue []string
		for _, m := range roots {
			if !strings.HasPrefix(m[1], "assets/") {
				t.Errorf("%s: a script from %q, not the studio's assets", page, m[1])
			}
			queue = append(queue, m[1])
		}
		for len(queue) > 0 {
			file := queue[0]
			queue = queue[1:]
			if loaded[page+file] {
				continue
			}
			loaded[page+file], loaded[file] = true, true
			w := do(t, s, "GET", page+file, nil)
			if ct := w.Header().Get("Content-Type"); w.Code != 200 || !strings.HasPrefix(ct, "text/javascript") {
				t.Errorf("%s%s: %d %q, want a script served as text/javascript", page, file, w.Code, ct)
				continue
			}
			src := w.Body.String()
			if dynamicImport.MatchString(src) || strings.Contains(src, "eval(") || strings.Contains(src, "new Function") {
				t.Errorf("%s: a dynamic import or eval, which the graph (and the content policy) does not allow", file)
			}
			for _, m := range newWorker.FindAllStringSubmatch(src, -1) {
				w := do(t, s, "GET", page+m[1], nil)
				if ct := w.Header().Get("Content-Type"); w.Code != 200 || !strings.HasPrefix(ct, "text/javascript") || !strings.HasPrefix(m[1], "assets/") {
					t.Errorf("%s starts a worker %s: %d %q", file, m[1], w.Code, ct)
				}
				loaded[m[1]] = true
			}
			for _, m := range importFrom.FindAllStringSubmatch(src, -1) {
				name := m[1] + m[2]
				if !strings.HasPrefix(name, "./") || strings.Count(name, "/") != 1 || path.Ext(name) != ".js" {
					t.Errorf("%s imports %q: a module imports a script beside it, ./NAME.js", file, name)
					continue
				}
				queue = append(queue, path.Join(path.Dir(file), name))
			}
		}
	}
	scripts, err := fs.Glob(assets, "assets/*.js")
	if err != nil || len(scripts) == 0 {
		t.Fatal(scripts, err)
	}
	for _, f := range scripts {
		if !loaded[f] {
			t.Errorf("%s is never loaded by a page", f)
		}
	}
}
