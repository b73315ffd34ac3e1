package spec

import (
	"path/filepath"
	"strings"
)

// pos is a place in the spec file.
type pos struct{ line, col int }

// errorAt reports a problem at the place a path was written, or at the top
// of the file when it was not written.
func (d *decoder) errorAt(path string, format string, args ...any) {
	p := d.spec.near(path)
	d.errs = append(d.errs, newError(d.file, p.line, p.col, format, args...))
}

// ReadPaths returns the paths of the files the spec at specPath read
// (see Reads), ready to open.
func (b *Book) ReadPaths(specPath string) []string {
	var out []string
	for _, r := range b.Reads {
		p := filepath.FromSlash(r)
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(specPath), p)
		}
		out = append(out, p)
	}
	return out
}

// Given reports whether the spec gives the value at path (for example
// "sections.0.size", "style.door_words").
func (s *Book) Given(path string) bool {
	_, ok := s.at[path]
	return ok
}

// wallGiven reports whether the spec gives sec's wall, for the book or for
// the section.
func (s *Book) wallGiven(sec *Section) bool {
	return s.Given("style.wall") || s.Given(sec.Path("style.wall"))
}

// Pos returns the line and column where the value at path was written, 0
// and 0 when it was not.
func (s *Book) Pos(path string) (line, col int) {
	p := s.at[path]
	return p.line, p.col
}

// ErrorAt returns an Error placed where path (such as "sections.0.size")
// was written, or when it was not, where the nearest value around it was
// (see near).
func (s *Book) ErrorAt(path, format string, args ...any) *Error {
	p := s.near(path)
	return newError(s.File, p.line, p.col, format, args...)
}

// near returns where the value at path was written, or, when it was not
// (a default caused the problem), where the nearest value around it was:
// "sections.1.per_page" left out is placed at section 2, "page.margin" at
// the page's size, or at page. Only a spec that writes none of them has
// its problem at its top.
func (s *Book) near(path string) pos {
	if p, ok := s.at[path]; ok {
		return p
	}
	if path == "page.margin" {
		if p, ok := s.at["page.size"]; ok {
			return p
		}
	}
	for i := strings.LastIndexByte(path, '.'); i > 0; i = strings.LastIndexByte(path, '.') {
		path = path[:i]
		if p, ok := s.at[path]; ok {
			return p
		}
	}
	return pos{}
}
