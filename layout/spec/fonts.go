package spec

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"mazebook/files"
	"mazebook/fonts"
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

// FontsEnv names the environment variable that names a folder of fonts:
// a spec's fonts: are looked for there when they are not beside the spec
// (the command line reads it, see Environ, and gives it as
// Options.FontDir).
const FontsEnv = "MAZEBOOK_FONTS"

// scriptFonts are the fonts a book in each language whose script the Go
// fonts lack is set in when its spec names none: the faces mazebook ships
// for the script (mazebook/fonts), the Go fonts setting the Latin letters
// and digits among its text, and its text's face made bold for headings
// where the script is shipped in one weight. Each language's are made
// once a process, so that every book in it embeds the same fonts.
var scriptFonts = func() map[string]func() (Fonts, error) {
	m := map[string]func() (Fonts, error){}
	for _, code := range words.Codes() {
		set, ok := fonts.ForScript(words.For(code).Script)
		if !ok {
			continue
		}
		m[code] = sync.OnceValues(func() (Fonts, error) {
			text, err := set.Text.Font()
			if err != nil {
				return Fonts{}, err
			}
			headings := text.Embolden()
			if set.Headings.Name != "" {
				if headings, err = set.Headings.Font(); err != nil {
					return Fonts{}, err
				}
			}
			return Fonts{Text: text.WithLatin(typeface.Regular), Headings: headings.WithLatin(typeface.Bold)}, nil
		})
	}
	return m
}()

// ScriptFonts returns the fonts a book in lang is set in when its spec
// names none, and false for a language the Go fonts set (or one mazebook
// does not speak). It fails only if the binary's own faces do not load.
func ScriptFonts(lang string) (Fonts, bool, error) {
	f, ok := scriptFonts[lang]
	if !ok {
		return Fonts{}, false, nil
	}
	fonts, err := f()
	return fonts, err == nil, err
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

// settleScript sets a book in a language the Go fonts cannot set in the
// faces mazebook ships for its script (see ScriptFonts), where its spec
// names none.
func (d *decoder) settleScript() {
	sys, ok, err := ScriptFonts(d.spec.Language)
	if err != nil {
		d.scriptFailed = true
		d.errorAt("language", "language %q: the font %v", d.spec.Language, err)
	}
	if !ok {
		d.settleYoung()
		return
	}
	f := &d.spec.Fonts
	if f.Text == DefaultFonts.Text {
		f.Text = sys.Text
	}
	if f.Headings == DefaultFonts.Headings {
		f.Headings = sys.Headings
	}
}

// YoungFonts returns the faces a book for young children is set in when
// its spec names none: Andika and Andika Bold, made for beginning readers
// (single-storey a and g), which mazebook ships (see mazebook/fonts). It
// fails only if the binary's own faces do not load.
func YoungFonts() (Fonts, error) {
	var f Fonts
	for _, t := range []struct {
		name string
		dst  **typeface.Font
	}{{"Andika", &f.Text}, {"Andika Bold", &f.Headings}} {
		face, ok := fonts.Lookup(t.name)
		if !ok {
			return Fonts{}, fmt.Errorf("font %q: mazebook ships no such face", t.name)
		}
		font, err := face.Font()
		if err != nil {
			return Fonts{}, err
		}
		*t.dst = font
	}
	return f, nil
}

// Young reports whether the book is for young children: one of its
// sections is (see Section.Young).
func (b *Book) Young() bool {
	for i := range b.Sections {
		if b.Sections[i].Young() {
			return true
		}
	}
	return false
}

// settleYoung sets a book for young children in a language the Go fonts
// set (Latin, Greek, Cyrillic) in the faces for young readers (see
// YoungFonts) where those have the language's characters (see youngSets),
// each where its spec names none.
func (d *decoder) settleYoung() {
	s := d.spec
	if !s.Young() || s.Given("fonts.text") && s.Given("fonts.headings") {
		return
	}
	young, err := YoungFonts()
	if err != nil {
		d.errorAt("language", "language %q: the font %v", s.Language, err)
		return
	}
	if !youngSets(words.Or(s.Language), young) {
		return
	}
	if !s.Given("fonts.text") {
		s.Fonts.Text = young.Text
	}
	if !s.Given("fonts.headings") {
		s.Fonts.Headings = young.Headings
	}
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

// font reads a font named in the spec: one of the faces mazebook ships by
// its name ("Andika"; see mazebook/fonts), or a TrueType or OpenType font
// file (or the first of a collection, .ttc; "fonts.ttc#2" for its third)
// beside the spec or below it, or, for a spec read from a file, at an
// absolute path or in the folder FontsEnv names.
func (d *decoder) font(dst **typeface.Font) field {
	return func(n *yaml.Node, at string) {
		v, ok := d.scalar(n, lastKey(at))
		if !ok {
			return
		}
		name := strings.TrimSpace(v)
		if face, ok := fonts.Lookup(name); ok && path.Ext(name) == "" {
			// One of the faces mazebook ships, named as it is known.
			f, err := face.Font()
			if err != nil {
				d.errorf(n, "font %q: %v", name, err)
				return
			}
			*dst = f
			return
		}
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
		if err != nil && path.Ext(file) == "" && errors.Is(err, fs.ErrNotExist) {
			d.errorf(n, "font %q: %v; or name one of the fonts mazebook ships: %s", name, err, strings.Join(fonts.Names(), ", "))
			return
		}
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
	dir := d.opts.FontDir
	if dir == "" || path.Base(clean) != clean {
		return nil, "", err
	}
	p := filepath.Join(dir, clean)
	data, err2 := files.ReadFile(p, MaxFontFile)
	switch {
	case err2 == nil:
		return data, filepath.ToSlash(p), nil
	case !errors.Is(err2, fs.ErrNotExist):
		return nil, "", fmt.Errorf("%s, in the folder %s names: %w", p, FontsEnv, pathError(err2)) // there, and not a file to read
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

// youngSets reports whether the faces for young readers have every
// character of the language's book words (its labels, stories and
// endings): the Andika mazebook ships sets Latin and Cyrillic but not
// Greek, whose books keep the Go fonts.
func youngSets(lang *words.Language, young Fonts) bool {
	texts := []string{lang.Labels.Maze, lang.Labels.Answers, lang.Labels.Start, lang.Labels.Finish, lang.Labels.Page, lang.Labels.Name}
	for _, m := range []map[string]string{lang.Stories, lang.Endings} {
		for _, t := range m {
			texts = append(texts, t)
		}
	}
	for _, t := range texts {
		if len(young.Text.Missing(t)) > 0 || len(young.Headings.Missing(t)) > 0 {
			return false
		}
	}
	return true
}
