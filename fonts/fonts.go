// Package fonts holds the typefaces mazebook carries inside its binary, so
// that a book in any of its languages sets, and gives the same bytes, on
// any machine, whatever fonts the machine has or lacks.
//
// Each face is a row of one table: the name a spec calls it by, its file
// beside this package's source (with the file's licence, LICENSE, in the
// same folder), the licence's SPDX identifier and where the file comes
// from. Every licence lets a book that embeds a subset of the face be
// sold: the SIL Open Font License, Apache 2.0, and the Go fonts' BSD
// licence. The Go fonts (golang.org/x/image/font/gofont) set the Latin,
// Greek and Cyrillic scripts; the others set the scripts the Go fonts
// lack, and Andika is the face for young readers (single-storey a and g).
package fonts

import (
	"embed"
	"fmt"
	"slices"
	"strings"
	"sync"

	"mazebook/layout/typeface"
)

//go:embed noto/*.ttf amiri/*.ttf wqy/*.ttf andika/*.ttf
var embedded embed.FS

// A Face is a font mazebook ships.
type Face struct {
	// Name is what a spec calls it by (fonts: text: Andika), matched
	// without regard to case.
	Name string
	// File is its font file, below this package's folder ("" for the Go
	// fonts, which golang.org/x/image carries).
	File string
	// Licence is the SPDX identifier of the licence it is given under; its
	// text is the LICENSE file beside File.
	Licence string
	// Source says where the file comes from: the upstream project and
	// Debian's package of it, from which it was taken unchanged (the
	// Chinese face as the first font of the package's collection).
	Source string
	// Script is the ISO 15924 code of the script a book is set in this
	// face for when its spec names no font ("Deva"), "" for a face chosen
	// only by name.
	Script string
	// Bold is true of the face headings are set in.
	Bold bool
}

// faces are the faces mazebook ships, the Go fonts first. The order is
// the one Faces lists them in.
var faces = []Face{
	{Name: "Go", Licence: "BSD-3-Clause", Source: "the Go fonts, golang.org/x/image/font/gofont"},
	{Name: "Go Bold", Licence: "BSD-3-Clause", Source: "the Go fonts, golang.org/x/image/font/gofont", Bold: true},
	{Name: "Noto Sans Devanagari", File: "noto/NotoSansDevanagari-Regular.ttf", Licence: "OFL-1.1", Source: "Google's Noto fonts, Debian's fonts-noto-core 20201225-1", Script: "Deva"},
	{Name: "Noto Sans Devanagari Bold", File: "noto/NotoSansDevanagari-Bold.ttf", Licence: "OFL-1.1", Source: "Google's Noto fonts, Debian's fonts-noto-core 20201225-1", Script: "Deva", Bold: true},
	{Name: "Noto Sans Bengali", File: "noto/NotoSansBengali-Regular.ttf", Licence: "OFL-1.1", Source: "Google's Noto fonts, Debian's fonts-noto-core 20201225-1", Script: "Beng"},
	{Name: "Noto Sans Bengali Bold", File: "noto/NotoSansBengali-Bold.ttf", Licence: "OFL-1.1", Source: "Google's Noto fonts, Debian's fonts-noto-core 20201225-1", Script: "Beng", Bold: true},
	{Name: "Amiri", File: "amiri/Amiri-Regular.ttf", Licence: "OFL-1.1", Source: "Khaled Hosny's Amiri, Debian's fonts-hosny-amiri 0.113-1", Script: "Arab"},
	{Name: "Amiri Bold", File: "amiri/Amiri-Bold.ttf", Licence: "OFL-1.1", Source: "Khaled Hosny's Amiri, Debian's fonts-hosny-amiri 0.113-1", Script: "Arab", Bold: true},
	{Name: "WenQuanYi Micro Hei", File: "wqy/wqy-microhei.ttf", Licence: "Apache-2.0", Source: "the WenQuanYi project's Micro Hei, Debian's fonts-wqy-microhei 0.2.0-beta-3.1 (the first font of wqy-microhei.ttc)", Script: "Hans"},
	{Name: "Andika", File: "andika/Andika-Regular.ttf", Licence: "OFL-1.1", Source: "SIL International's Andika, Debian's fonts-sil-andika 6.101-2"},
	{Name: "Andika Bold", File: "andika/Andika-Bold.ttf", Licence: "OFL-1.1", Source: "SIL International's Andika, Debian's fonts-sil-andika 6.101-2", Bold: true},
}

// loaded holds each face's font, read from the binary once a process on
// first use (a face is some megabytes that only some books use).
var loaded = func() []func() (*typeface.Font, error) {
	l := make([]func() (*typeface.Font, error), len(faces))
	for i, f := range faces {
		l[i] = sync.OnceValues(func() (*typeface.Font, error) { return f.read() })
	}
	return l
}()

// Faces returns the faces mazebook ships.
func Faces() []Face { return slices.Clone(faces) }

// Names returns the names of the faces mazebook ships, as a spec gives
// them.
func Names() []string {
	names := make([]string, len(faces))
	for i, f := range faces {
		names[i] = f.Name
	}
	return names
}

// Lookup returns the face a spec calls name, without regard to case or
// to runs of spaces, and whether there is one.
func Lookup(name string) (Face, bool) {
	name = strings.Join(strings.Fields(name), " ")
	for _, f := range faces {
		if strings.EqualFold(f.Name, name) {
			return f, true
		}
	}
	return Face{}, false
}

// A Set is the faces a script is set in: its text's face, and its
// headings' bold face, the zero Face for a script mazebook ships in one
// weight.
type Set struct{ Text, Headings Face }

// ForScript returns the faces a book in script (an ISO 15924 code:
// "Deva", "Beng", "Arab", "Hans") is set in when its spec names none, and
// whether it has faces of its own: false for a script the Go fonts set
// (Latin, Greek, Cyrillic).
func ForScript(script string) (Set, bool) {
	var set Set
	for _, f := range faces {
		switch {
		case f.Script != script || script == "":
		case f.Bold && set.Headings.Name == "":
			set.Headings = f
		case !f.Bold && set.Text.Name == "":
			set.Text = f
		}
	}
	return set, set.Text.Name != ""
}

// Font returns the face's font, read from the binary once a process.
func (f Face) Font() (*typeface.Font, error) {
	for i, g := range faces {
		if g == f {
			return loaded[i]()
		}
	}
	return nil, fmt.Errorf("font %q: mazebook ships no such face", f.Name)
}

// Data returns the face's font file, as the binary carries it.
func (f Face) Data() ([]byte, error) {
	if f.File == "" {
		font, err := f.Font()
		if err != nil {
			return nil, err
		}
		return font.TTF(), nil
	}
	return embedded.ReadFile(f.File)
}

// read loads the face from the binary.
func (f Face) read() (*typeface.Font, error) {
	switch {
	case f.File == "" && f.Bold:
		return typeface.Bold, nil
	case f.File == "":
		return typeface.Regular, nil
	}
	data, err := embedded.ReadFile(f.File)
	if err != nil {
		return nil, fmt.Errorf("font %q: %w", f.Name, err)
	}
	font, err := typeface.Load(f.Name, data)
	if err != nil {
		return nil, fmt.Errorf("font %q: %w", f.Name, err)
	}
	return font, nil
}
