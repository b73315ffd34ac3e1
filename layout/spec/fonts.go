package spec

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"mazebook/files"
	"mazebook/internal/say"
	"mazebook/layout/typeface"
	"mazebook/words"
)

// MaxFontFile is the largest font file a spec may name: 20 MB, room for
// a font of Chinese, Japanese or Korean.
const MaxFontFile = 20 << 20

// Fonts are the faces a book's text is set in. A text set in a face that
// lacks some of its characters is refused where the spec wrote it, never
// printed with '?' in their place.
type Fonts struct {
	// Text sets the subtitle, the author, the copyright, instructions,
	// captions, answer notes, the name line and the running footer: the
	// Go Regular face unless the spec names one (fonts: text:).
	Text *typeface.Font
	// Headings sets the title, section titles, the running header and
	// the Start and Finish labels: Go Bold unless the spec names one
	// (fonts: headings:).
	Headings *typeface.Font
}

// DefaultFonts are the fonts of a spec that names none: the built-in Go
// fonts, which cover Latin-1 (English, Spanish and the other western
// European languages).
var DefaultFonts = Fonts{Text: typeface.Regular, Headings: typeface.Bold}

// SystemFont is a font file Debian installs, its package, and the licence
// it is given under (see words.Font): a language's fonts are in the
// register of languages (words.Language's Fonts).
type SystemFont = words.Font

// FontsEnv names the environment variable that names a folder of fonts:
// a spec's fonts: are looked for there when they are not beside the spec,
// and a language's fonts (see ScriptFonts) before Debian's folders, so
// that a book in Chinese, Hindi, Bengali or Arabic sets on a machine that
// is not Debian (or in the container, with the fonts mounted).
const FontsEnv = "MAZEBOOK_FONTS"

// systemFonts are the fonts of each language whose script the Go fonts
// lack (its words.Language's Fonts) as installed, read once a process:
// fonts of some megabytes that every spec in the language uses. The font
// files chosen are said too, for their licences.
var systemFonts = func() map[string]func() systemSet {
	m := map[string]func() systemSet{}
	for _, code := range words.Codes() {
		sf := words.For(code).Fonts
		if sf == nil {
			continue
		}
		m[code] = sync.OnceValue(func() systemSet {
			text, from, err := firstFont(sf.Text)
			if err != nil {
				return systemSet{err: err}
			}
			used := []SystemFont{from}
			headings, hfrom, err := firstFont(sf.Headings)
			if err != nil {
				headings = text.Embolden()
			} else {
				used = append(used, hfrom)
			}
			return systemSet{fonts: Fonts{Text: text.WithLatin(typeface.Regular), Headings: headings.WithLatin(typeface.Bold)}, used: used}
		})
	}
	return m
}()

// ScriptFonts returns the fonts a language's script is set in when the Go
// fonts lack it (its words.Language's Fonts), nil for a language the Go
// fonts set or one mazebook does not speak.
func ScriptFonts(lang string) *words.Fonts {
	if l := words.For(lang); l != nil {
		return l.Fonts
	}
	return nil
}

// systemSet is the fonts a language's books are set in, the files they
// come from, or why there are none.
type systemSet struct {
	fonts Fonts
	used  []SystemFont
	err   error
}

// firstFont loads the first of fonts installed (a collection's first
// font), looking for each in the folder FontsEnv names before Debian's,
// and says which it is; it fails with fs.ErrNotExist when none is.
func firstFont(fonts []SystemFont) (*typeface.Font, SystemFont, error) {
	for _, c := range fonts {
		for _, p := range fontPlaces(c.Path) {
			data, err := files.ReadFile(p, MaxFontFile)
			if err != nil {
				continue
			}
			f, err := loadFont(path.Base(p), data, 0)
			if err != nil {
				return nil, c, fmt.Errorf("%s: %w", p, err)
			}
			c.Path = p
			return f, c, nil
		}
	}
	return nil, SystemFont{}, fs.ErrNotExist
}

// fontPlaces returns where a system font may be: by its file's name in the
// folder FontsEnv names, then at its Debian path.
func fontPlaces(debian string) []string {
	if dir := os.Getenv(FontsEnv); dir != "" {
		return []string{filepath.Join(dir, filepath.Base(debian)), debian}
	}
	return []string{debian}
}

// loadFont loads a TrueType or OpenType font named name from data, or
// font index of a collection (.ttc).
func loadFont(name string, data []byte, index int) (*typeface.Font, error) {
	if len(data) >= 4 && string(data[:4]) == "ttcf" {
		var err error
		if data, err = typeface.FromCollection(data, index); err != nil {
			return nil, err
		}
	}
	return typeface.Load(name, data)
}

// systemFont returns the fonts a book in lang is set in when its spec
// names none, and their files (a variable so that tests can take the
// fonts away).
var systemFont = func(lang string) (Fonts, []SystemFont, error) {
	set := systemFonts[lang]()
	return set.fonts, set.used, set.err
}

// settleScript sets a book in a language the Go fonts cannot set in a
// font of its script where its spec names none (see words.Fonts), or
// refuses the language where the spec gave it when none is installed.
func (d *decoder) settleScript() {
	lang := d.spec.Language
	script := ScriptFonts(lang)
	if script == nil {
		return
	}
	f := &d.spec.Fonts
	if f.Text != DefaultFonts.Text && f.Headings != DefaultFonts.Headings {
		return // both named: the text check says whether they have the characters
	}
	sys, used, err := systemFont(lang)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			sf := script.Text[0]
			d.errorAt("language", "language %q: %s, and none is installed: install Debian's %s (apt-get install %s), put %s in the folder %s names, or name a TrueType font of its script under fonts: text: and headings:", lang, say.T(script.Needs), sf.Package, sf.Package, filepath.Base(sf.Path), FontsEnv)
		} else {
			d.errorAt("language", "language %q: the font %v", lang, err)
		}
		return
	}
	if f.Text == DefaultFonts.Text {
		f.Text = sys.Text
	}
	if f.Headings == DefaultFonts.Headings {
		f.Headings = sys.Headings
	}
	d.spec.SystemFonts = used
}

// fonts reads the fonts: mapping, each key a TrueType font file beside
// the spec.
func (d *decoder) fonts(n *yaml.Node, at string) {
	f := &d.spec.Fonts
	d.mapping(n, at, "fonts", map[string]field{
		"text":     d.font(&f.Text),
		"headings": d.font(&f.Headings),
	})
	if f.Text != nil && f.Headings != nil && f.Text.ID() == f.Headings.ID() {
		// The same file twice: one font, embedded once.
		f.Headings = f.Text
	}
}

// font reads a font file named in the spec: a TrueType or OpenType font
// (or the first of a collection, .ttc; "fonts.ttc#2" for its third)
// beside the spec or below it, or, for a spec read from a file, at an
// absolute path or in the folder FontsEnv names.
func (d *decoder) font(dst **typeface.Font) field {
	return func(n *yaml.Node, at string) {
		v, ok := d.scalar(n, lastKey(at))
		if !ok {
			return
		}
		name := strings.TrimSpace(v)
		if d.files == nil {
			d.errorf(n, "font %q: this spec may not read files; leave out fonts: to set the book in the built-in Go fonts", name)
			return
		}
		file, index := name, 0
		if i := strings.LastIndexByte(name, '#'); i > 0 && strings.EqualFold(path.Ext(name[:i]), ".ttc") {
			k, err := strconv.Atoi(name[i+1:])
			if err != nil || k < 0 {
				d.errorf(n, "font %q: give a collection's font by its number from 0, such as fonts.ttc#1", name)
				return
			}
			file, index = name[:i], k
		}
		data, read, err := d.fontFile(file)
		if err != nil {
			d.errorf(n, "font %q: %v", name, err)
			return
		}
		d.spec.reads(read)
		d.spec.readData(read, data)
		f, err := loadFont(file, data, index)
		if err != nil {
			d.errorf(n, "font %q: %v", name, err)
			return
		}
		*dst = f
	}
}

// local reports whether the spec is read from a folder of the machine
// (files.DirFS): it may name fonts by absolute path and in the folder
// FontsEnv names; a spec from a web form or the studio reads only the
// files beside it.
func (d *decoder) local() bool {
	_, ok := d.files.(interface{ Dir() string })
	return ok
}

// fontFile reads the font file name: an absolute path (from a spec read
// from a file), a path beside the spec or below it, or a file's name in
// the folder FontsEnv names. It returns the path Book.Reads records.
func (d *decoder) fontFile(name string) ([]byte, string, error) {
	if filepath.IsAbs(name) {
		if !d.local() {
			return nil, "", say.Errorf("this spec may read only the files beside it: give a font beside the spec")
		}
		data, err := files.ReadFile(name, MaxFontFile)
		return data, filepath.ToSlash(name), err
	}
	clean := path.Clean(name)
	if name == "" || !fs.ValidPath(clean) {
		return nil, "", say.Errorf("give a font file beside the spec or below it, an absolute path, or a file in the folder %s names (no ..)", FontsEnv)
	}
	data, err := readFile(d.files, clean, MaxFontFile)
	if err == nil || !errors.Is(err, fs.ErrNotExist) || !d.local() {
		return data, clean, err
	}
	dir := os.Getenv(FontsEnv)
	if dir == "" || path.Base(clean) != clean {
		return nil, "", err
	}
	p := filepath.Join(dir, clean)
	if data, err2 := files.ReadFile(p, MaxFontFile); err2 == nil {
		return data, filepath.ToSlash(p), nil
	}
	return nil, "", say.Errorf("%w, nor in the folder %s names (%s)", err, FontsEnv, dir)
}

// readFile reads a file of fsys, refusing one larger than limit bytes
// without reading the rest of it.
func readFile(fsys fs.FS, name string, limit int) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, pathError(err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, errors.New("is a directory")
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return nil, pathError(err)
	}
	if len(data) > limit {
		return nil, say.Errorf("the file is larger than %d MB", limit>>20)
	}
	return data, nil
}

// reads records that the spec reads the file name (see Book.Reads).
func (b *Book) reads(name string) {
	if !slices.Contains(b.Reads, name) {
		b.Reads = append(b.Reads, name)
	}
}
