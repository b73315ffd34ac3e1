package spec

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"mazebook/files"
	"mazebook/internal/say"
	"mazebook/layout/typeface"
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

// SystemFont is a font file Debian installs, and its package.
type SystemFont struct{ Path, Package string }

// ScriptFont is how a book in a language whose script the Go fonts lack
// is set when its spec names no font: in the first of Text installed, its
// headings in the first of Headings (a bold face, where Debian has one)
// or else in the text's font made bold (see typeface.Embolden); and in
// both, the Latin letters and digits in the Go fonts, Regular and Bold
// (see typeface.WithLatin), so that a name or a number looks as it does
// in the rest of mazebook's books. Needs says what its books need when
// none is installed.
type ScriptFont struct {
	Needs          say.Text
	Text, Headings []SystemFont
}

// ScriptFonts are the languages whose script the Go fonts lack, with the
// fonts their books are set in: Debian's packages of free TrueType fonts.
var ScriptFonts = map[string]ScriptFont{
	"zh": {Needs: say.T("Chinese needs a CJK font"), Text: []SystemFont{
		{"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "fonts-wqy-microhei"},
		{"/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", "fonts-wqy-zenhei"},
		{"/usr/share/fonts/truetype/arphic/uming.ttc", "fonts-arphic-uming"},
	}},
	"hi": {Needs: say.T("Hindi needs a Devanagari font"), Text: []SystemFont{
		{"/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf", "fonts-lohit-deva"},
		{"/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", "fonts-noto-core"},
	}, Headings: []SystemFont{
		{"/usr/share/fonts/truetype/noto/NotoSansDevanagari-Bold.ttf", "fonts-noto-core"},
	}},
	// Likhan has the middle dot of captions, which Lohit Bengali and
	// Noto Sans Bengali lack; Mukti's bold, of the same package, sets
	// the headings.
	"bn": {Needs: say.T("Bengali needs a Bengali font"), Text: []SystemFont{
		{"/usr/share/fonts/truetype/fonts-beng-extra/LikhanNormal.ttf", "fonts-beng-extra"},
	}, Headings: []SystemFont{
		{"/usr/share/fonts/truetype/fonts-beng-extra/Muktibold.ttf", "fonts-beng-extra"},
	}},
	"ar": {Needs: say.T("Arabic needs an Arabic font"), Text: []SystemFont{
		{"/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf", "fonts-hosny-amiri"},
	}, Headings: []SystemFont{
		{"/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Bold.ttf", "fonts-hosny-amiri"},
	}},
}

// systemFonts are each language's ScriptFonts as installed, read once a
// process: fonts of some megabytes that every spec in the language uses.
var systemFonts = func() map[string]func() (Fonts, error) {
	m := map[string]func() (Fonts, error){}
	for lang, sf := range ScriptFonts {
		m[lang] = sync.OnceValues(func() (Fonts, error) {
			text, err := firstFont(sf.Text)
			if err != nil {
				return Fonts{}, err
			}
			headings, err := firstFont(sf.Headings)
			if err != nil {
				headings = text.Embolden()
			}
			return Fonts{Text: text.WithLatin(typeface.Regular), Headings: headings.WithLatin(typeface.Bold)}, nil
		})
	}
	return m
}()

// firstFont loads the first of fonts installed (a collection's first
// font), or fails with fs.ErrNotExist when none is.
func firstFont(fonts []SystemFont) (*typeface.Font, error) {
	for _, c := range fonts {
		data, err := files.ReadFile(c.Path, MaxFontFile)
		if err != nil {
			continue
		}
		if strings.HasSuffix(c.Path, ".ttc") {
			if data, err = typeface.FromCollection(data, 0); err != nil {
				return nil, fmt.Errorf("%s: %w", c.Path, err)
			}
		}
		f, err := typeface.Load(path.Base(c.Path), data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.Path, err)
		}
		return f, nil
	}
	return nil, fs.ErrNotExist
}

// systemFont returns the fonts a book in lang is set in when its spec
// names none (a variable so that tests can take the fonts away).
var systemFont = func(lang string) (Fonts, error) { return systemFonts[lang]() }

// settleScript sets a book in a language the Go fonts cannot set in a
// font of its script where its spec names none (see ScriptFonts), or
// refuses the language where the spec gave it when none is installed.
func (d *decoder) settleScript() {
	lang := d.spec.Language
	if _, ok := ScriptFonts[lang]; !ok {
		return
	}
	f := &d.spec.Fonts
	if f.Text != DefaultFonts.Text && f.Headings != DefaultFonts.Headings {
		return // both named: the text check says whether they have the characters
	}
	sys, err := systemFont(lang)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			pkg := ScriptFonts[lang].Text[0].Package
			d.errorAt("language", "language %q: %s, and none is installed: install Debian's %s (apt-get install %s), or name a TrueType font of its script under fonts: text: and headings:", lang, ScriptFonts[lang].Needs, pkg, pkg)
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

// font reads a font file named in the spec.
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
		if name == "" || !fs.ValidPath(path.Clean(name)) {
			d.errorf(n, "font %q: give a .ttf file beside the spec or below it (no absolute path, no ..)", name)
			return
		}
		d.spec.reads(path.Clean(name))
		data, err := readFile(d.files, path.Clean(name), MaxFontFile)
		if err != nil {
			d.errorf(n, "font %q: %v", name, err)
			return
		}
		f, err := typeface.Load(name, data)
		if err != nil {
			d.errorf(n, "font %q: %v", name, err)
			return
		}
		*dst = f
	}
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
