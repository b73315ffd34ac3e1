// Package say holds what mazebook says to people, in the languages it
// speaks. A message is written in English, as a fmt format and its
// arguments; a catalogue per language (its Messages in the register of
// languages, mazebook/words) gives each English format its translation,
// keyed by the English text itself (as gettext does), so a message
// without a translation is still said, in English.
//
// Arguments that are themselves messages (a Text or an *Error) are said
// in the same language, so a message built from parts is translated
// whole. A counted phrase is a Plural, said in the form its count takes
// in each language; and a number with a fraction is written with the
// language's decimal mark (1,5 in German), both by the CLDR's rules as
// golang.org/x/text gives them.
package say

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"mazebook/words"
)

// Text is a message: an English format and its arguments.
type Text struct {
	format string
	args   []any
	// plural is set for a Plural: format holds its forms, separated by
	// '|', and args its count.
	plural bool
}

// T returns the message of a format and its arguments.
func T(format string, args ...any) Text { return Text{format: format, args: args} }

// String returns the message in English.
func (t Text) String() string { return t.In("en") }

// Format returns the message's English format.
func (t Text) Format() string { return t.format }

// In returns the message in a language ("en", "es", ...), in English when
// the language has no translation of it.
func (t Text) In(lang string) string {
	format := t.format
	if tr, ok := Catalogue(lang)[format]; ok {
		format = tr
	}
	if t.plural {
		return t.form(lang, format)
	}
	args := t.args
	if lang != "en" {
		args = make([]any, len(t.args))
		for i, a := range t.args {
			switch v := a.(type) {
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

// Plural returns a counted phrase: one is what English says of 1 of it,
// other of any other count (each may hold %d, where n goes: "%d maze",
// "%d mazes"). A language's catalogue gives its forms under the key
// "one|other", separated by '|', one for each of the plural categories
// its whole numbers take (see Forms), and the form n takes is said.
func Plural(n int, one, other string) Text {
	return Text{format: one + "|" + other, args: []any{n}, plural: true}
}

// form says a Plural in a language, its forms given in format (the
// catalogue's, or English's when the catalogue has none, or not as many
// as the language has categories).
func (t Text) form(lang, format string) string {
	n := t.args[0].(int)
	forms := strings.Split(format, "|")
	cats := Forms(lang)
	if len(forms) != len(cats) {
		lang, cats, forms = "en", Forms("en"), strings.Split(t.format, "|")
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

// sayer is a message that can be said in a language.
type sayer interface{ In(lang string) string }

// Error is an error whose text can be said in other languages.
type Error struct {
	Text
	err error // fmt.Errorf of the text, for its English words and wrapping
}

// Errorf returns an error of a format and its arguments, as fmt.Errorf
// does (%w wraps), whose text can also be said in other languages.
func Errorf(format string, args ...any) error {
	return &Error{Text{format: format, args: args}, fmt.Errorf(format, args...)}
}

func (e *Error) Error() string { return e.err.Error() }

// Unwrap returns the errors the format wrapped with %w.
func (e *Error) Unwrap() []error {
	switch u := e.err.(type) {
	case interface{ Unwrap() []error }:
		return u.Unwrap()
	case interface{ Unwrap() error }:
		return []error{u.Unwrap()}
	}
	return nil
}

// In returns an error's text in a language: its own translation when it
// is a message of this package (or wraps one directly), its English text
// otherwise.
func In(lang string, err error) string {
	if s, ok := err.(sayer); ok {
		return s.In(lang)
	}
	var e *Error
	if errors.As(err, &e) && e.Error() == err.Error() {
		return e.In(lang)
	}
	return err.Error()
}

// Names are words said by name rather than as a literal format (T of a
// value): the difficulty levels' names, which a message says in its own
// language, "(nivel 3, fácil)". Each has a translation in every
// catalogue, as every format does.
var Names = []string{"easy", "medium", "hard", "expert"}

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
