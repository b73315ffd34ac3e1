package studio

import (
	"math/rand/v2"
	"net/http"
	"strings"

	"mazebook/templates"
	"mazebook/words"
)

// starterTexts are, for each starter, the paths of the texts it prints
// (a title, a caption) and the studio words that say them in a
// language ("st.KEY"): a worksheet started in French says "Fiche de
// labyrinthes", not "Maze worksheet".
var starterTexts = map[string]map[string]string{
	"worksheet": {
		"title":                   "st.worksheet.title",
		"sections.0.instructions": "st.worksheet.instructions",
	},
	"book": {
		"title":              "st.book.title",
		"subtitle":           "st.book.subtitle",
		"author":             "st.book.author",
		"sections.0.title":   "st.book.warmup",
		"sections.0.caption": "st.book.caption",
		"sections.1.title":   "st.book.harder",
		"sections.2.title":   "st.book.bigone",
	},
}

// letterRegions are the regions that print on US Letter, as CLDR's
// measurement data (supplementalData's paperSize) lists them; the rest
// of the world prints on A4.
var letterRegions = map[string]bool{
	"BZ": true, "CA": true, "CL": true, "CO": true, "CR": true, "GT": true, "MX": true,
	"NI": true, "PA": true, "PH": true, "PR": true, "SV": true, "US": true, "VE": true,
}

// paperFor returns the paper of a locale ("en-US", "es-MX", "fr"): letter
// where its region prints on it, else a4, as the default book.
func paperFor(locale string) string {
	tag, _, _ := strings.Cut(locale, ",")
	parts := strings.FieldsFunc(strings.TrimSpace(tag), func(r rune) bool { return r == '-' || r == '_' || r == ';' })
	for _, p := range parts[min(1, len(parts)):] {
		if len(p) == 2 && letterRegions[strings.ToUpper(p)] {
			return "letter"
		}
	}
	return "a4"
}

// starter answers with a starter spec (see templates.Starter) as the
// studio starts a book from it: its texts in the page's language (the
// request's Accept-Language, as every request of the page says it; its
// own words where the starter's are still as written) with that
// language set, a worksheet's paper the reader's (the query's locale,
// the browser's own, as navigator.language says it: letter in the United
// States, A4 in most of the world, see paperFor), and a fresh seed, so
// that two worksheets made from it hold different mazes: {"yaml": ...}.
func (s *Server) starter(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	data, _, err := templates.Starter(name)
	if err != nil {
		fail(w, r, &statusError{http.StatusNotFound, err})
		return
	}
	lang := languageOr(r, "")
	l := words.For(lang)
	if l == nil {
		lang, l = "en", words.For("en")
	}
	set := map[string]string{}
	model, err := readModel(data)
	if err != nil {
		fail(w, r, err)
		return
	}
	locale := r.URL.Query().Get("locale")
	if locale == "" {
		locale = r.Header.Get("Accept-Language")
	}
	// The worksheet's one page (a book's pages are sized for A4, as the
	// default book's).
	if size := model.Values["page.size"]; name == "worksheet" && (size == "a4" || size == "letter") && paperFor(locale) != size {
		set["page.size"] = paperFor(locale)
	}
	if lang != "en" {
		set["language"] = lang
		en := words.For("en")
		for path, key := range starterTexts[name] {
			// Only a text still as the starter writes it, in English.
			if model.Values[path] == en.Studio[key] && l.Studio[key] != "" {
				set[path] = l.Studio[key]
			}
		}
	}
	data = templates.WithSeed(data, uint64(100000+rand.IntN(900000)))
	if len(set) > 0 {
		if data, err = applyEdit(data, Edit{Set: set}); err != nil {
			fail(w, r, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, response{YAML: string(data), Errors: []apiError{}})
}
