// Package tell says mazebook's messages (mazebook/internal/say) in the
// languages it speaks. A catalogue per language (its Messages in the
// register of languages, mazebook/words) gives each English format its
// translation, keyed by the English text itself (as gettext does), so a
// message without a translation is still said, in English.
//
// Arguments that are themselves messages (a say.Text, a *say.Error, or
// any value with an In(lang) method) are said in the same language, so
// a message built from parts is translated whole. A counted phrase
// (say.Plural) is said in the form its count takes in each language; and
// a number with a fraction is written with the language's decimal mark
// (1,5 in German), both by the CLDR's rules as golang.org/x/text gives
// them.
//
// Messages are made where their problem is found, which needs no
// language; they are told where they are shown.
package tell

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"mazebook/internal/say"
	"mazebook/words"
)

// In returns a message in a language ("en", "es", ...), in English when
// the language has no translation of it.
func In(lang string, t say.Text) string {
	format := t.Format()
	if tr, ok := Catalogue(lang)[format]; ok {
		format = tr
	}
	if t.IsPlural() {
		return form(lang, t, format)
	}
	args := t.Args()
	if lang != "en" {
		args = make([]any, len(t.Args()))
		for i, a := range t.Args() {
			switch v := a.(type) {
			case say.Text:
				a = In(lang, v)
			case *say.Error:
				a = In(lang, v.Text)
			case sayer:
				a = v.In(lang)
			case float64:
				a = decimal{v, lang}
			case float32:
				a = decimal{float64(v), lang}
			}
			args[i] = a
		}
	}
	// %w wraps an error in Errorf; here it is the error's text.
	return fmt.Sprintf(strings.ReplaceAll(format, "%w", "%v"), args...)
}

// ErrorIn returns an error's text in a language: its own translation
// when it is a message (a *say.Error, or an error with an In(lang)
// method, as a spec's errors have) or wraps a *say.Error directly, its
// English text otherwise.
func ErrorIn(lang string, err error) string {
	if s, ok := err.(sayer); ok {
		return s.In(lang)
	}
	var e *say.Error
	if errors.As(err, &e) && e.Error() == err.Error() {
		return In(lang, e.Text)
	}
	return err.Error()
}

// sayer is a message that can be said in a language.
type sayer interface{ In(lang string) string }

// form says a Plural in a language, its forms given in format (the
// catalogue's, or English's when the catalogue has none, or not as many
// as the language has categories).
func form(lang string, t say.Text, format string) string {
	n := t.Args()[0].(int)
	forms := strings.Split(format, "|")
	cats := Forms(lang)
	if len(forms) != len(cats) {
		lang, cats, forms = "en", Forms("en"), strings.Split(t.Format(), "|")
	}
	f := forms[len(forms)-1]
	if i := slices.Index(cats, category(lang, n)); i >= 0 {
		f = forms[i]
	}
	if strings.Contains(f, "%") {
		return fmt.Sprintf(f, n)
	}
	return f
}

// category returns the plural category a whole number n takes in a
// language.
func category(lang string, n int) plural.Form {
	tag, err := language.Parse(lang)
	if err != nil {
		tag = language.English
	}
	if n < 0 {
		n = -n
	}
	return plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)
}

// Forms returns the plural categories a language's whole numbers take,
// in the order its catalogue gives a Plural's forms: zero, one, two,
// few, many, other, each only if the language uses it (English one and
// other; Russian one, few and many; Chinese other alone).
func Forms(lang string) []plural.Form {
	seen := map[plural.Form]bool{}
	for n := range 1001 {
		seen[category(lang, n)] = true
	}
	var out []plural.Form
	for _, f := range []plural.Form{plural.Zero, plural.One, plural.Two, plural.Few, plural.Many, plural.Other} {
		if seen[f] {
			out = append(out, f)
		}
	}
	return out
}

// decimal is a number with a fraction, formatted as its verb asks with
// the decimal mark of a language and Latin digits.
type decimal struct {
	v    float64
	lang string
}

func (d decimal) Format(s fmt.State, verb rune) {
	text := fmt.Sprintf(fmt.FormatString(s, verb), d.v)
	if mark := decimalMark(d.lang); mark != "." && strings.ContainsRune("eEfFgGv", verb) {
		text = strings.Replace(text, ".", mark, 1)
	}
	fmt.Fprint(s, text)
}

// decimalMark returns the mark a language writes between a number's
// whole part and its fraction, by the CLDR's numbers in Latin digits.
func decimalMark(lang string) string {
	tag, err := language.Parse(lang + "-u-nu-latn")
	if err != nil {
		return "."
	}
	half := message.NewPrinter(tag).Sprintf("%.1f", 0.5)
	return strings.TrimSuffix(strings.TrimPrefix(half, "0"), "5")
}

// Languages lists the languages with a catalogue of translations: every
// language of the register (mazebook/words) but English.
func Languages() []string {
	var out []string
	for _, code := range words.Codes() {
		if code != "en" {
			out = append(out, code)
		}
	}
	return out
}

// Catalogue returns a language's translations, keyed by their English
// formats (its words.Language's Messages; nil for English or a language
// mazebook does not speak); callers must not change it.
func Catalogue(lang string) map[string]string {
	if l := words.For(lang); l != nil {
		return l.Messages
	}
	return nil
}
