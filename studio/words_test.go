package studio

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"mazebook/layout/spec"
)

// Every language a book is set in, the studio speaks: every English text
// in each, with the same {placeholders} and {{template}} examples, none
// left empty, and none left in English but the names that stay as they
// are (YAML, a spec's own values).
func TestWordsInEveryLanguage(t *testing.T) {
	all := allWords()
	en := all["en"]
	holes := regexp.MustCompile(`\{\{[^}]*\}\}|\{[a-z]+\}`)
	for _, lang := range spec.Languages {
		w, ok := all[lang]
		if !ok {
			t.Errorf("the studio does not speak %s", lang)
			continue
		}
		if w["lang"] != lang {
			t.Errorf("%s: lang is %q", lang, w["lang"])
		}
		same := 0
		for k, v := range en {
			got, ok := w[k]
			switch {
			case !ok || got == "":
				t.Errorf("%s: no %s", lang, k)
				continue
			case !slices.Equal(holes.FindAllString(got, -1), holes.FindAllString(v, -1)):
				t.Errorf("%s: %s has %v, English %v", lang, k, holes.FindAllString(got, -1), holes.FindAllString(v, -1))
			}
			if lang != "en" && got == v {
				same++
			}
		}
		for k := range w {
			if _, ok := en[k]; !ok {
				t.Errorf("%s: %s is not an English text", lang, k)
			}
		}
		// The language names, YAML, Theseus and a few words shared
		// with English (Start, Form, Page, robot, pirate) stay as they
		// are.
		if lang != "en" && same > 14+len(spec.Languages) {
			t.Errorf("%s: %d texts are the English ones", lang, same)
		}
	}
}

// The studio in French, in a real browser: the page follows the spec's
// language, and the language drop-down offers every language by its own
// name.
func TestBrowserFrench(t *testing.T) {
	execPath := findBrowser(t)
	base, _ := startStudio(t, "language: fr\n"+browserSpec)
	ctx := newBrowser(t, execPath)
	steps(t, ctx, "opening the studio in French",
		chromedp.Navigate(base),
		waitFor(`document.querySelector("#page-svg svg") !== null`),
	)
	for expr, want := range map[string]string{
		`document.documentElement.lang`:                                                               "fr",
		`document.getElementById("dl-pdf").textContent`:                                               wordsFor("fr")["downloadpdf"],
		`document.querySelector('label[for="f-title"]').textContent`:                                  "Titre",
		`document.getElementById("page-label").textContent`:                                           "Page 1 sur 4",
		`Array.from(document.getElementById("f-language").options).map(o => o.textContent).join("|")`: "English (en)|Español (es)|Français (fr)|Deutsch (de)|Italiano (it)|Português (pt)|Nederlands (nl)|Polski (pl)|Română (ro)|Ελληνικά (el)|Русский (ru)|Українська (uk)|中文 (zh)|हिन्दी (hi)|বাংলা (bn)|العربية (ar)",
	} {
		if got := js[string](t, ctx, expr); got != want {
			t.Errorf("%s = %q, want %q", expr, got, want)
		}
	}
	shots := t.TempDir()
	if os.Getenv("MAZEBOOK_UPDATE_DOCS") != "" {
		shots = filepath.Join("..", "docs")
	}
	screenshot(t, ctx, filepath.Join(shots, "studio-fr.png"))
	// A problem is said in French too.
	steps(t, ctx, "a size that is not one", setField("#f-sections-0-size", "-3x4"))
	const want = "size\u00a0: -3x4\u00a0: la largeur et la hauteur doivent valoir au moins 1"
	if got := settled(t, ctx, `document.getElementById("f-sections-0-size-error").textContent`, func(s string) bool { return s == want }); got != want {
		t.Errorf("the size's error in the French studio reads %q", got)
	}
}

// TestRightToLeft checks that the studio's form reads right to left for a
// language written so, as the book does, and only for it.
func TestRightToLeft(t *testing.T) {
	for lang, want := range map[string]string{"ar": "rtl", "fr": "ltr", "zh": "ltr", "xx": "ltr"} {
		if got := wordsFor(lang)["dir"]; got != want {
			t.Errorf("%s: dir %q, want %q", lang, got, want)
		}
	}
	s := newServer(t, Options{Spec: []byte("language: ar\nsections: [{count: 1}]\n")})
	w := do(t, s, "GET", "/"+token+"/", nil)
	if !strings.Contains(w.Body.String(), `<section id="editor" dir="rtl"`) {
		t.Errorf("the page in Arabic starts %.200q", w.Body.String())
	}
}
