// Package say holds what mazebook says to people, in the languages it
// speaks. A message is written in English, as a fmt format and its
// arguments; a catalogue per language gives each English format its
// translation, keyed by the English text itself (as gettext does), so a
// message without a translation is still said, in English.
//
// Arguments that are themselves messages (a Text or an *Error) are said
// in the same language, so a message built from parts is translated
// whole.
package say

import (
	"errors"
	"fmt"
	"strings"
)

// Text is a message: an English format and its arguments.
type Text struct {
	format string
	args   []any
}

// T returns the message of a format and its arguments.
func T(format string, args ...any) Text { return Text{format, args} }

// String returns the message in English.
func (t Text) String() string { return t.In("en") }

// Format returns the message's English format.
func (t Text) Format() string { return t.format }

// In returns the message in a language ("en", "es", ...), in English when
// the language has no translation of it.
func (t Text) In(lang string) string {
	format := t.format
	if tr, ok := catalogues[lang][format]; ok {
		format = tr
	}
	args := t.args
	if lang != "en" {
		args = make([]any, len(t.args))
		for i, a := range t.args {
			if s, ok := a.(sayer); ok {
				a = s.In(lang)
			}
			args[i] = a
		}
	}
	// %w wraps an error in Errorf; here it is the error's text.
	return fmt.Sprintf(strings.ReplaceAll(format, "%w", "%v"), args...)
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
	return &Error{Text{format, args}, fmt.Errorf(format, args...)}
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
// language a book is set in but English.
func Languages() []string {
	return []string{"es", "fr", "de", "it", "pt", "nl", "pl", "ro", "el", "ru", "uk", "zh", "hi", "bn", "ar"}
}

// Catalogue returns a language's translations, keyed by their English
// formats; callers must not change it.
func Catalogue(lang string) map[string]string { return catalogues[lang] }

var catalogues = map[string]map[string]string{
	"es": spanish,
	"fr": french,
	"de": german,
	"pt": portuguese,
	"it": italian,
	"nl": dutch,
	"pl": polish,
	"ro": romanian,
	"el": greek,
	"ru": russian,
	"uk": ukrainian,
	"zh": chinese,
	"hi": hindi,
	"bn": bengali,
	"ar": arabic,
}
