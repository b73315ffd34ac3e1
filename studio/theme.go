package studio

import (
	"bytes"
	"strings"

	"go.yaml.in/yaml/v3"

	"mazebook/internal/say"
	"mazebook/internal/tell"
	"mazebook/words"
)

// withTheme returns the spec after an edit (after, made to before), with
// what a theme chosen in that edit needs to be seen: its pictures, which
// only the shapes markers draw at the doors (a spec's "markers: labels",
// as the worksheet starter writes, is taken out, shapes being the
// default), and, in a book that gives no ages, its words at the doors
// (door_words: true; the words Start and Finish are otherwise drawn only
// for ages under seven). A theme chosen again, or cleared, changes
// nothing else; a door_words the spec gives is kept.
func withTheme(before, after []byte, e Edit) []byte {
	name, ok := e.Set["theme"]
	if !ok || name == "" {
		return after
	}
	was, err := readModel(before)
	if err != nil || was.Values["theme"] == name {
		return after
	}
	m, err := readModel(after)
	if err != nil {
		return after
	}
	out := after
	if mk, given := m.Values["style.markers"]; given && mk != "shapes" {
		if o, ok := editLine(out, []string{"style", "markers"}, "", "select"); ok {
			out = o
		} else if o, ok := editLine(out, []string{"style", "markers"}, "shapes", "select"); ok {
			out = o
		}
	}
	for k, v := range m.Values {
		if strings.HasPrefix(k, "sections.") && strings.HasSuffix(k, ".ages") && v != "" {
			return out
		}
	}
	doc, err := parseDoc(out)
	if err != nil {
		return out
	}
	root := doc.Content[0]
	style := lookup(root, "style")
	switch {
	case style != nil && lookup(style, "door_words") != nil:
		// The spec says.
	case style != nil:
		if o, ok := editLine(out, []string{"style", "door_words"}, "true", "check"); ok {
			out = o
		}
	case root.Style&yaml.FlowStyle == 0 && root.Column == 1:
		// No style yet: one at the end of the spec.
		if len(out) > 0 && !bytes.HasSuffix(out, []byte("\n")) {
			out = append(out, '\n')
		}
		out = append(out, "style:\n  door_words: true\n"...)
	}
	return out
}

// themeNotes says, for a themed spec whose markers draw no pictures
// (labels, squares or none: a spec edited so, or written so), why its
// pictures are not on the page, and how to have them.
func themeNotes(m *Model, lang string) []string {
	if m == nil || m.Values["theme"] == "" {
		return nil
	}
	if mk, ok := m.Values["style.markers"]; ok && mk != "shapes" {
		w := words.Or(lang).Studio
		return []string{tell.In(lang, say.T("the theme's pictures show only with the “%s” marks: choose them under %s", w["opt.shapes"], w["f.style.markers"]))}
	}
	return nil
}
