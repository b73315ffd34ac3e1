package read

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"

	"mazebook/internal/svgraster"
)

// svgSide is the longer side, in pixels, an SVG maze is drawn at to be
// read: cells of 10 pixels or more up to about 200 cells a side.
const svgSide = 2000

// isSVG reports whether data is an SVG document: its first element,
// after an XML declaration, comments and a doctype, is svg.
func isSVG(data []byte) bool {
	head := data[:min(len(data), 4096)]
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	i := bytes.Index(head, []byte("<svg"))
	if i < 0 {
		return false
	}
	before := bytes.TrimSpace(head[:i])
	// What may come before the root: <?xml ...?>, <!-- ... -->, <!DOCTYPE ...>.
	for len(before) > 0 {
		var end []byte
		switch {
		case bytes.HasPrefix(before, []byte("<?")):
			end = []byte("?>")
		case bytes.HasPrefix(before, []byte("<!--")):
			end = []byte("-->")
		case bytes.HasPrefix(before, []byte("<!")):
			end = []byte(">")
		default:
			return false
		}
		j := bytes.Index(before, end)
		if j < 0 {
			return false
		}
		before = bytes.TrimSpace(before[j+len(end):])
	}
	return true
}

// SVG reads a maze from an SVG drawing (lines, polylines, paths, rects:
// what maze programs write): it is drawn on white paper, svgSide pixels
// on its longer side, with a bounded amount of work, and read as a
// picture (see FromImage), with the doors opt gives, if any.
func SVG(data []byte, opt Options) (*Result, error) {
	if len(data) > maxImageBytes {
		return nil, fmt.Errorf("%w: the SVG file is larger than %d MB", ErrTooLarge, maxImageBytes>>20)
	}
	ink, err := svgraster.Draw(data, svgSide)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoMaze, err)
	}
	paper := image.NewRGBA(ink.Bounds())
	draw.Draw(paper, paper.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(paper, paper.Bounds(), ink, image.Point{}, draw.Over)
	r, err := fromImage(paper)
	if r != nil && r.Maze != nil {
		r.Kind = SVGPicture
	}
	return withDoors(r, err, opt)
}
