package studio

import (
	"strings"

	"mazebook/internal/say"
	"mazebook/internal/tell"
)

// levelNames are the levels a difficulty names, as the spec writes them.
var levelNames = []string{"easy", "medium", "hard", "expert"}

// inSpecWords returns an edit with the difficulties it sets written in
// the spec's words: a level named in the book's language, as the
// studio's messages name it ("nivel 3, fácil"), is the spec's name for it
// ("fácil" is easy, "fácil..difícil" easy..hard). Other values are kept
// as typed, for the spec to check.
func inSpecWords(e Edit, lang string) Edit {
	if lang == "" || lang == "en" {
		return e
	}
	var set map[string]string
	for path, v := range e.Set {
		if !strings.HasPrefix(path, "sections.") || !strings.HasSuffix(path, ".difficulty") {
			continue
		}
		ends := strings.Split(v, "..")
		changed := false
		for i, end := range ends {
			word := strings.ToLower(strings.TrimSpace(end))
			for _, name := range levelNames {
				if word != name && word == strings.ToLower(tell.In(lang, say.T(name))) {
					ends[i], changed = name, true
				}
			}
		}
		if !changed {
			continue
		}
		if set == nil {
			set = make(map[string]string, len(e.Set))
			for k, v := range e.Set {
				set[k] = v
			}
		}
		set[path] = strings.Join(ends, "..")
	}
	if set != nil {
		e.Set = set
	}
	return e
}
