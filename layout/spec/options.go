package spec

import (
	"io/fs"
	"strconv"
	"time"
)

// Options are what reading a spec takes from its caller rather than from
// its text and the files it names: what the machine it runs on gives,
// which the command line reads from its environment (see Environ), and
// 'mazebook serve' and the catalogue are handed from there. The spec is
// read with no other state of the process, so that parsing the same
// bytes with the same Options gives the same book whatever the
// environment holds. The zero Options are those of a machine that gives
// nothing: the date DefaultDate and no folder of fonts.
type Options struct {
	// Date is the creation date of a book whose spec gives none (its
	// date:); the zero Time is DefaultDate.
	Date time.Time
	// FontDir is a folder of fonts, the one FontsEnv names: a spec read
	// from a folder of the machine (files.DirFS) looks in it for a font
	// named by a bare file name ("Face.ttf") that is not beside the spec.
	// "" looks nowhere else.
	FontDir string
}

// SourceDateEnv names the environment variable that fixes the creation
// date of a book whose spec gives none: seconds since 1970, as
// reproducible builds define it (reproducible-builds.org).
const SourceDateEnv = "SOURCE_DATE_EPOCH"

// Environ returns the Options an environment gives, getenv reading it
// (os.Getenv for the process's own): SourceDateEnv's date, when it is set
// and a valid count of seconds, and the folder FontsEnv names.
func Environ(getenv func(key string) string) Options {
	var o Options
	if s := getenv(SourceDateEnv); s != "" {
		if v, err := strconv.ParseInt(s, 10, 64); err == nil && v >= 0 && v < 1<<40 {
			o.Date = time.Unix(v, 0).UTC()
		}
	}
	o.FontDir = getenv(FontsEnv)
	return o
}

// date returns the creation date of a book whose spec gives none.
func (o Options) date() time.Time {
	if o.Date.IsZero() {
		return DefaultDate
	}
	return o.Date
}

// ParseVariant parses one book of a catalogue spec, as the function
// ParseVariant does, with the options o.
func (o Options) ParseVariant(file string, data []byte, fsys fs.FS, v Variant) (*Book, error) {
	return parseWith(file, data, fsys, v, o)
}

// ParseFS parses a spec whose files are read from fsys, as the function
// ParseFS does, with the options o.
func (o Options) ParseFS(file string, data []byte, fsys fs.FS) (*Book, error) {
	return parseWith(file, data, fsys, Variant{}, o)
}
