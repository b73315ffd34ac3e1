package spec

import "mazebook/layout/typeface"

// PrintedFaces returns each text the spec checks book s prints (see
// printedTexts), with the face it checks it in: the mirror of the
// layout's choice of face that TestPrintedFacesAreTheLayouts holds to the
// layout's.
func PrintedFaces(s *Book) (texts []string, faces []*typeface.Font) {
	d := &decoder{spec: s}
	for _, p := range d.printedTexts() {
		face := s.Fonts.Text
		if p.key == "headings" {
			face = s.Fonts.Headings
		}
		texts, faces = append(texts, p.text), append(faces, face)
	}
	return texts, faces
}
