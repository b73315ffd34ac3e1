package spec

import (
	"fmt"
	"io/fs"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"mazebook/internal/say"
	"mazebook/layout/display"
)

// decoder walks the YAML tree, filling the spec and collecting errors.
type decoder struct {
	file string
	spec *Book
	errs Errors
	// files is where files the spec names (masks) are read from: the
	// spec's directory, or nil when the spec may read no file.
	files fs.FS
	// opts are what the caller gives of the machine (see Options).
	opts Options
	// sectionStyles are the sections' style mappings, read once the
	// book's style is known.
	sectionStyles []sectionStyleNode
	// scriptFailed says the fonts of the book's language could not be
	// had, which is said once, where the language is given.
	scriptFailed bool
}

func (d *decoder) errorf(n *yaml.Node, format string, args ...any) {
	e := newError(d.file, 0, 0, format, args...)
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	d.errs = append(d.errs, e)
}

// field handles the value of one key of a mapping.
type field func(value *yaml.Node, path string)

// mapping checks that n is a mapping and calls the handler of each key,
// reporting unknown and repeated keys.
func (d *decoder) mapping(n *yaml.Node, path, what string, fields map[string]field) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "%s must be a mapping of keys to values, not %s", what, describe(n))
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key := k.Value
		if k.Kind != yaml.ScalarNode {
			d.errorf(k, "%s has a key that is not a name", what)
			continue
		}
		if seen[key] {
			d.errorf(k, "key %q appears twice in %s", key, what)
			continue
		}
		seen[key] = true
		f, ok := fields[key]
		if !ok {
			d.errorf(k, "unknown key %q in %s (known: %s)", key, what, knownKeys(fields))
			continue
		}
		p := key
		if path != "" {
			p = path + "." + key
		}
		d.spec.at[p] = pos{v.Line, v.Column}
		f(v, p)
	}
}

func knownKeys(fields map[string]field) string {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}

// describe names the kind of a node for messages.
func describe(n *yaml.Node) say.Text {
	switch n.Kind {
	case yaml.MappingNode:
		return say.T("a mapping")
	case yaml.SequenceNode:
		return say.T("a list")
	case yaml.AliasNode:
		return say.T("an alias")
	}
	if n.Tag == "!!null" {
		return say.T("nothing")
	}
	return say.T("%q", n.Value)
}

// scalar returns the text of a scalar node, reporting anything else.
func (d *decoder) scalar(n *yaml.Node, key string) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		d.errorf(n, "%s must be a single value, not %s", key, describe(n))
		return "", false
	}
	return n.Value, true
}

// str reads a text of at most MaxText characters.
func (d *decoder) str(dst *string) field { return d.text(dst, MaxText) }

// text reads a text of at most max characters.
func (d *decoder) text(dst *string, max int) field {
	return func(n *yaml.Node, path string) {
		v, ok := d.scalar(n, lastKey(path))
		if !ok {
			return
		}
		if c := utf8.RuneCountInString(v); c > max {
			d.errorf(n, "%s is %v long; the most is %d", lastKey(path), say.Plural(c, "%d character", "%d characters"), max)
			return
		}
		if why := controlIn(v); why != "" {
			d.errorf(n, "%s holds %s, which no page prints (and a PDF's title would keep): remove it", lastKey(path), why)
			return
		}
		*dst = v
	}
}

// controlIn names the first control character of a text a book prints
// ("a control character (U+001B, ESC)"), or "": a line break and a tab
// are a text's own; a NUL, a bell, an escape (of a terminal's colours,
// say, pasted in) are not, and a YAML escape ("\0", "\e") writes them.
func controlIn(s string) string {
	for _, r := range s {
		if r == '\n' || r == '\t' || !(r < ' ' || r == 0x7f || r >= 0x80 && r < 0xa0) {
			continue
		}
		name := map[rune]string{0: ", NUL", 7: ", BEL", 8: ", BS", '\r': ", CR", 0x1b: ", ESC", 0x7f: ", DEL"}[r]
		return fmt.Sprintf("a control character (U+%04X%s)", r, name)
	}
	return ""
}

func (d *decoder) boolean(dst *bool) field {
	return func(n *yaml.Node, path string) {
		v, ok := d.scalar(n, lastKey(path))
		if !ok {
			return
		}
		switch strings.ToLower(v) {
		case "true", "yes", "on":
			*dst = true
		case "false", "no", "off":
			*dst = false
		default:
			d.errorf(n, "%s must be true or false, not %q", lastKey(path), v)
		}
	}
}

// integer parses a whole number in [min, max].
func (d *decoder) integer(dst *int, min, max int) field {
	return func(n *yaml.Node, path string) {
		v, ok := d.scalar(n, lastKey(path))
		if !ok {
			return
		}
		i, err := strconv.Atoi(v)
		if err != nil {
			d.errorf(n, "%s must be a whole number, not %q", lastKey(path), v)
			return
		}
		if i < min || i > max {
			d.errorf(n, "%s must be from %d to %d, not %d", lastKey(path), min, max, i)
			return
		}
		*dst = i
	}
}

func (d *decoder) number(dst *float64, min, max float64) field {
	return func(n *yaml.Node, path string) {
		v, ok := d.scalar(n, lastKey(path))
		if !ok {
			return
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(f) {
			d.errorf(n, "%s must be a number, not %q", lastKey(path), v)
			return
		}
		if f < min || f > max {
			d.errorf(n, "%s must be from %g to %g, not %g", lastKey(path), min, max, f)
			return
		}
		*dst = f
	}
}

// length parses a positive length no longer than max points.
func (d *decoder) length(dst *float64, max float64) field {
	return func(n *yaml.Node, path string) {
		v, ok := d.scalar(n, lastKey(path))
		if !ok {
			return
		}
		l, err := ParseLength(v)
		if err != nil {
			d.errorf(n, "%s: %v", lastKey(path), err)
			return
		}
		if l < 0 || l > max {
			d.errorf(n, "%s must be from 0 to %s, not %s", lastKey(path), FormatLength(max, "mm"), v)
			return
		}
		*dst = l
	}
}

func (d *decoder) color(dst *display.Color) field {
	return func(n *yaml.Node, path string) {
		v, ok := d.scalar(n, lastKey(path))
		if !ok {
			return
		}
		c, err := ParseColor(v)
		if err != nil {
			d.errorf(n, "%s: %v", lastKey(path), err)
			return
		}
		*dst = c
	}
}

// oneOf parses one of a list of words.
func (d *decoder) oneOf(dst *string, words ...string) field {
	return func(n *yaml.Node, path string) {
		v, ok := d.scalar(n, lastKey(path))
		if !ok {
			return
		}
		for _, w := range words {
			if v == w {
				*dst = v
				return
			}
		}
		d.errorf(n, "%s %q is unknown (known: %s)", lastKey(path), v, strings.Join(words, ", "))
	}
}

// views reads one of StudyViews, or a list of them (at most
// MaxStudyViews), one a maze.
func (d *decoder) views(dst *[]string) field {
	return func(n *yaml.Node, path string) {
		key := lastKey(path)
		items := []*yaml.Node{n}
		if n.Kind == yaml.SequenceNode {
			items = n.Content
			if len(items) == 0 || len(items) > MaxStudyViews {
				d.errorf(n, "%s lists %d views; give 1 to %d", key, len(items), MaxStudyViews)
				return
			}
		}
		var views []string
		for _, item := range items {
			var v string
			if item.Kind == yaml.SequenceNode || item.Kind == yaml.MappingNode {
				d.errorf(item, "%s must be a view or a list of views, one a maze, not %s", key, describe(item))
				return
			}
			d.oneOf(&v, StudyViews...)(item, path)
			if v == "" {
				return
			}
			views = append(views, v)
		}
		*dst = views
	}
}

func lastKey(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[i+1:]
	}
	return path
}
