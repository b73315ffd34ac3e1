package spec

import (
	"go.yaml.in/yaml/v3"

	"mazebook/layout/draw"
)

// sectionStyle reads a section's style: the book's style, with the keys
// a section may change for its own mazes and pages (an easy section in
// thick walls, a hard one in thin): wall, markers, name_line, stars and
// door_words.
// It is applied once the book's style is read, whichever comes first in
// the file (see settleSectionStyles).
func (d *decoder) sectionStyle(sec *Section) field {
	return func(n *yaml.Node, path string) {
		d.sectionStyles = append(d.sectionStyles, sectionStyleNode{sec.Index, n, path})
	}
}

// sectionStyleNode is a section's style mapping, read once the book's
// style is known.
type sectionStyleNode struct {
	index int
	n     *yaml.Node
	path  string
}

// settleSectionStyles gives every section the book's style, then applies
// the section's own keys.
func (d *decoder) settleSectionStyles() {
	s := d.spec
	for i := range s.Sections {
		s.Sections[i].Style = s.Style
	}
	for _, ss := range d.sectionStyles {
		if ss.index >= len(s.Sections) {
			continue
		}
		sec := &s.Sections[ss.index]
		st := &sec.Style
		var markers string
		d.mapping(ss.n, ss.path, "style", map[string]field{
			"wall":       d.wall(st),
			"markers":    d.oneOf(&markers, draw.MarkerNames()...),
			"name_line":  d.boolean(&st.NameLine),
			"stars":      d.boolean(&st.Stars),
			"door_words": d.boolean(&st.DoorWords),
		})
		if markers != "" {
			st.Markers = draw.Markers(markers)
		}
	}
}
