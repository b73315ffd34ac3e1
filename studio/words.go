package studio

import "mazebook/words"

// wordsFor returns the studio's interface texts in a language (see
// words.Language.Studio), English when mazebook does not speak it, with
// the language's code under "lang", its direction under "dir" and every language's name in its own
// words under "opt.CODE" ("Français (fr)") for the language drop-down.
func wordsFor(lang string) map[string]string {
	l := words.Or(lang)
	codes := words.Codes()
	w := make(map[string]string, len(l.Studio)+len(codes)+1)
	for k, v := range l.Studio {
		w[k] = v
	}
	w["lang"] = l.Code
	w["dir"] = "ltr"
	if l.RTL {
		w["dir"] = "rtl" // the form read right to left, as the book is
	}
	for _, code := range codes {
		w["opt."+code] = words.For(code).Name + " (" + code + ")"
	}
	return w
}

// allWords returns the interface texts of every language the studio
// speaks, by language.
func allWords() map[string]map[string]string {
	all := map[string]map[string]string{}
	for _, code := range words.Codes() {
		all[code] = wordsFor(code)
	}
	return all
}
