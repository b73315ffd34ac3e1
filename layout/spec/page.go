package spec

import (
	"math"

	"go.yaml.in/yaml/v3"

	"mazebook/internal/say"
)

// maxLength bounds every length in a spec: 5 m.
const maxLength = 5000 * PointsPerMM

// SetPageSize changes the book's page size to size, as page.size reads
// it (a4, letter, 6x9in, 210mm x 297mm, ...), keeping its orientation,
// bleed and margins: what 'build --page' does. It refuses a size the
// spec would refuse, and one its margins leave almost nothing of.
func (b *Book) SetPageSize(size string) error {
	w, h, err := ParsePageSize(size)
	if err != nil {
		return err
	}
	if b.Page.Landscape {
		w, h = math.Max(w, h), math.Min(w, h)
	}
	switch b.Page.fit(w, h) {
	case bleedTooLarge:
		return say.Errorf("%v", bleedTooLargeText(size))
	case marginsTooLarge:
		return say.Errorf("page size %q: %v", size, marginsTooLargeText(w, h))
	}
	b.Page.Width, b.Page.Height = w, h
	return nil
}

// page reads the page mapping: its size, orientation, margins and bleed.
func (d *decoder) page(n *yaml.Node, path string) {
	p := &d.spec.Page
	d.mapping(n, path, "page", map[string]field{
		"size": func(n *yaml.Node, path string) {
			v, ok := d.scalar(n, "size")
			if !ok || v == "" {
				return
			}
			w, h, err := ParsePageSize(v)
			if err != nil {
				d.errorf(n, "%v", err)
				return
			}
			p.Width, p.Height = w, h
		},
		"orientation": func(n *yaml.Node, path string) {
			var o string
			d.oneOf(&o, "portrait", "landscape")(n, path)
			p.Landscape = o == "landscape"
		},
		"margin": d.margins(&p.Margin),
		"bleed":  d.boolean(&p.Bleed),
	})
}

// checkPage checks the book's page (settled: turned, its margins set)
// against its bleed and its margins, as SetPageSize does.
func (d *decoder) checkPage() {
	p := d.spec.Page
	switch p.fit(p.Width, p.Height) {
	case bleedTooLarge:
		size := FormatLength(p.Width, "mm") + " x " + FormatLength(p.Height, "mm")
		d.errorAt("page.size", "%v", bleedTooLargeText(size))
	case marginsTooLarge:
		d.errorAt("page.margin", "%v", marginsTooLargeText(p.Width, p.Height))
	}
}

// pageFit says whether a page size fits a book's bleed and margins.
type pageFit int

const (
	pageFits        pageFit = iota
	bleedTooLarge           // a side, bleed included, is larger than PDF readers open
	marginsTooLarge         // the margins leave almost nothing of the page
)

// fit says whether a page of w x h points (turned as the book is) takes
// p's bleed and margins.
func (p PageSpec) fit(w, h float64) pageFit {
	if p.Bleed && (w+BleedSize > MaxPageSide || h+2*BleedSize > MaxPageSide) {
		return bleedTooLarge
	}
	m := p.Margin
	if m.Mirrored {
		m.Left, m.Right = m.Outside, max(m.Inside, Gutter(0))
	}
	if m.Left+m.Right >= w*0.8 || m.Top+m.Bottom >= h*0.8 {
		return marginsTooLarge
	}
	return pageFits
}

func bleedTooLargeText(size string) say.Text {
	return say.T("page size %q with bleed is larger than PDF readers open: each side, bleed included, may be at most 200in (5080mm)", size)
}

func marginsTooLargeText(w, h float64) say.Text {
	return say.T("the margins leave almost nothing of the %s x %s page", FormatLength(w, "mm"), FormatLength(h, "mm"))
}

// margins accepts one length for all four margins, or a mapping of top,
// bottom and either left and right or inside and outside (mirrored margins
// for a bound book; inside may be "auto").
func (d *decoder) margins(m *Margins) field {
	return func(n *yaml.Node, path string) {
		if n.Kind == yaml.ScalarNode {
			var l float64
			d.length(&l, maxLength)(n, path)
			*m = Margins{Top: l, Bottom: l, Left: l, Right: l}
			return
		}
		var sides, mirrored []string
		side := func(dst *float64, name string, mirror bool) field {
			return func(n *yaml.Node, path string) {
				if mirror {
					mirrored = append(mirrored, name)
				} else {
					sides = append(sides, name)
				}
				if name == "inside" && n.Kind == yaml.ScalarNode && n.Value == "auto" {
					m.AutoGutter = true
					return
				}
				d.length(dst, maxLength)(n, path)
			}
		}
		d.mapping(n, path, "margin", map[string]field{
			"top":     side(&m.Top, "top", false),
			"bottom":  side(&m.Bottom, "bottom", false),
			"left":    side(&m.Left, "left", false),
			"right":   side(&m.Right, "right", false),
			"inside":  side(&m.Inside, "inside", true),
			"outside": side(&m.Outside, "outside", true),
		})
		for _, s := range sides {
			if len(mirrored) > 0 && (s == "left" || s == "right") {
				d.errorf(n, "margin: give left and right, or inside and outside (mirrored, for a bound book), not both")
				return
			}
		}
		if len(mirrored) > 0 {
			m.Mirrored = true
			if !m.AutoGutter && m.Inside == 0 {
				m.AutoGutter = true
			}
			if m.Outside == 0 {
				m.Outside = m.Left
			}
		}
	}
}
