package animate

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/maze"
)

// WriteSVG writes the film as an SVG that plays in a browser with no
// script: every inner wall and every cell is one element, and SMIL <set>
// elements hide a wall when it is carved (show it when it is built) and
// change a cell's colour when its mark changes, at the time the GIF shows
// the same frame; the solution appears at the end. The walker is not
// drawn. The animation plays once and holds its last frame.
func (f *Film) WriteSVG(w io.Writer, o Options) error {
	p := f.plan(o)
	tl, err := f.timeline(p)
	if err != nil {
		return fmt.Errorf("animate: %w", err)
	}
	g := f.Maze.Grid
	box := display.Box{W: p.width, H: p.height}
	ms := o.Style.Maze
	gw, gh := g.Size()
	ms.Cell = draw.FitCell(box, gw, gh, draw.RoomFor(ms.Markers, ms.Start, ms.Finish, ms.Font))
	ms.Wall = math.Max(ms.Cell*maze.Clearance(g)/10, 1)
	final := draw.Maze(f.Maze, box, ms)
	sw := &svgWriter{Writer: bufio.NewWriter(w), g: g, at: func(pt maze.Point) display.Point {
		return display.Point{X: final.Origin.X + float64(pt.X*final.Cell), Y: final.Origin.Y + float64(pt.Y*final.Cell)}
	}}
	fmt.Fprintf(sw, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">
<title>%s maze being made%s</title>
<rect width="100%%" height="100%%" fill="#ffffff"/>
`, num(p.width), num(p.height), num(p.width), num(p.height), html.EscapeString(f.Algorithm), html.EscapeString(solvedBy(f.Solver)))
	sw.cells(tl)
	fmt.Fprintf(sw, `<g fill="none" stroke="%s" stroke-width="%s" stroke-linecap="square">`+"\n", hexColor(ms.WallColor), num(ms.Wall))
	sw.outerWall(f.Maze)
	sw.innerWalls(tl)
	sw.WriteString("</g>\n")
	sw.marks(final)
	if len(f.Path) > 0 {
		sw.solution(f.Path, math.Max(final.Cell*maze.Clearance(g)/4, 1), ms.SolutionColor, tl.end)
	}
	sw.WriteString("</svg>\n")
	if err := sw.Flush(); err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	return nil
}

// A timeline is a film as its SVG plays it: each cell's and each inner
// wall's state at the first frame, and the times it changes.
type timeline struct {
	walls       []side     // the inner walls, once each, seen from the lower cell
	cellFirst   []string   // each cell's colour
	cellChanges [][]change // to a colour
	wallFirst   []bool     // whether each wall is open
	wallChanges [][]change // to "hidden" or "visible"
	end         int        // the last frame's time, in 1/100 s
}

// A side is side s of cell c.
type side struct{ c, s int }

// A change is an element's new value from time t, in 1/100 s.
type change struct {
	t  int
	to string
}

// timeline plays the film as p shows it and records its timeline.
func (f *Film) timeline(p plan) (*timeline, error) {
	g := f.Maze.Grid
	n := g.Cells()
	tl := &timeline{}
	for c := 0; c < n; c++ {
		for s := 0; s < g.Sides(c); s++ {
			if nb := g.Neighbor(c, s); nb > c {
				tl.walls = append(tl.walls, side{c, s})
			}
		}
	}
	tl.cellFirst = make([]string, n)
	tl.cellChanges = make([][]change, n)
	tl.wallFirst = make([]bool, len(tl.walls))
	tl.wallChanges = make([][]change, len(tl.walls))
	cellLast := make([]string, n)
	wallLast := make([]bool, len(tl.walls))
	far := f.MaxDistance()
	t, first := 0, true
	err := f.Play(p.makeEvery, p.solveEvery, func(s *State) error {
		for c := 0; c < n; c++ {
			col := blank // not "none": a browser may not set fill back to none
			if k, ok := s.color(c, far); ok {
				col = hexColor(k)
			}
			switch {
			case first:
				tl.cellFirst[c], cellLast[c] = col, col
			case col != cellLast[c]:
				tl.cellChanges[c] = append(tl.cellChanges[c], change{t, col})
				cellLast[c] = col
			}
		}
		for i, wl := range tl.walls {
			open := s.Maze.Linked(wl.c, wl.s)
			switch {
			case first:
				tl.wallFirst[i], wallLast[i] = open, open
			case open != wallLast[i]:
				to := "visible"
				if open {
					to = "hidden"
				}
				tl.wallChanges[i] = append(tl.wallChanges[i], change{t, to})
				wallLast[i] = open
			}
		}
		first = false
		tl.end = t
		t += f.delay(s.Phase, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return tl, nil
}

// An svgWriter writes the parts of a film's SVG, on grid g whose points
// are at at on the page.
type svgWriter struct {
	*bufio.Writer
	g  maze.Grid
	at func(maze.Point) display.Point
}

// sets writes the <set> elements that change attr at the times of
// changes.
func (sw *svgWriter) sets(changes []change, attr string) {
	for _, ch := range changes {
		fmt.Fprintf(sw, `<set attributeName="%s" to="%s" begin="%ss"/>`, attr, ch.to, seconds(ch.t))
	}
}

// cells writes the cells that are ever marked, each with its colours.
func (sw *svgWriter) cells(tl *timeline) {
	sw.WriteString("<g stroke=\"none\">\n")
	for c := range tl.cellFirst {
		if tl.cellFirst[c] == blank && len(tl.cellChanges[c]) == 0 {
			continue
		}
		fmt.Fprintf(sw, `<path d="%s" fill="%s">`, polygonPath(cellPolygon(sw.g, c, sw.at)), tl.cellFirst[c])
		sw.sets(tl.cellChanges[c], "fill")
		sw.WriteString("</path>\n")
	}
	sw.WriteString("</g>\n")
}

// outerWall writes the maze's outer wall, its doors left open.
func (sw *svgWriter) outerWall(m *maze.Maze) {
	var outer strings.Builder
	for c := 0; c < sw.g.Cells(); c++ {
		for s := 0; s < sw.g.Sides(c); s++ {
			if nb := sw.g.Neighbor(c, s); (nb == maze.Border || nb == maze.Hole) && !m.IsOpen(c, s) {
				outer.WriteString(edgePath(sw.g.Side(c, s), sw.at))
			}
		}
	}
	fmt.Fprintf(sw, "<path d=\"%s\"/>\n", outer.String())
}

// innerWalls writes the inner walls that are ever standing, each shown
// and hidden as the film carves or builds it.
func (sw *svgWriter) innerWalls(tl *timeline) {
	for i, wl := range tl.walls {
		if !tl.wallFirst[i] || len(tl.wallChanges[i]) > 0 {
			vis := ""
			if tl.wallFirst[i] {
				vis = ` visibility="hidden"`
			}
			fmt.Fprintf(sw, `<path d="%s"%s>`, edgePath(sw.g.Side(wl.c, wl.s), sw.at), vis)
			sw.sets(tl.wallChanges[i], "visibility")
			sw.WriteString("</path>\n")
		}
	}
}

// marks writes the doors' marks of the finished maze's drawing, as the
// maze command draws them.
func (sw *svgWriter) marks(final draw.Drawing) {
	for _, it := range final.Items[1:] {
		switch it := it.(type) {
		case *display.Fill:
			b := it.Box
			fmt.Fprintf(sw, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"/>\n", num(b.X), num(b.Y), num(b.W), num(b.H), hexColor(it.Color))
		case *display.Shape:
			var d strings.Builder
			for _, poly := range it.Polygons {
				d.WriteString(polygonPath(poly))
			}
			fmt.Fprintf(sw, "<path d=\"%s\" fill=\"%s\"/>\n", d.String(), hexColor(it.Color))
		}
	}
}

// solution writes the way through, hidden until time end.
func (sw *svgWriter) solution(path []int, width float64, color display.Color, end int) {
	var d strings.Builder
	for i, c := range path {
		q := sw.at(sw.g.Center(c))
		if i == 0 {
			d.WriteString("M")
		} else {
			d.WriteString("L")
		}
		d.WriteString(num(q.X) + " " + num(q.Y))
	}
	fmt.Fprintf(sw, `<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round" visibility="hidden">`, d.String(), hexColor(color), num(width))
	fmt.Fprintf(sw, `<set attributeName="visibility" to="visible" begin="%ss"/></path>`+"\n", seconds(end))
}

// blank is the fill of a cell with no mark: the paper's white.
const blank = "#fff"

func solvedBy(solver string) string {
	if solver == "" {
		return ""
	}
	return ", solved by " + solver
}

func seconds(cs int) string { return strconv.FormatFloat(float64(cs)/100, 'f', -1, 64) }

func num(v float64) string { return strconv.FormatFloat(math.Round(float64(v*100))/100, 'f', -1, 64) }

func hexColor(c display.Color) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func polygonPath(pts []display.Point) string {
	var b strings.Builder
	for i, p := range pts {
		if i == 0 {
			b.WriteString("M")
		} else {
			b.WriteString("L")
		}
		b.WriteString(num(p.X) + " " + num(p.Y))
	}
	b.WriteString("Z")
	return b.String()
}

// edgePath returns the path data of a side: a segment or an arc.
func edgePath(e maze.Edge, at func(maze.Point) display.Point) string {
	a, b := at(e.A), at(e.B)
	if !e.IsArc() {
		return "M" + num(a.X) + " " + num(a.Y) + "L" + num(b.X) + " " + num(b.Y)
	}
	r := math.Hypot(a.X-at(e.Center).X, a.Y-at(e.Center).Y)
	large, sweep := 0, 0
	if math.Abs(e.Sweep()) > math.Pi {
		large = 1
	}
	if e.Clockwise {
		sweep = 1 // clockwise as drawn, y down, is SVG's positive sweep
	}
	return fmt.Sprintf("M%s %sA%s %s 0 %d %d %s %s", num(a.X), num(a.Y), num(r), num(r), large, sweep, num(b.X), num(b.Y))
}
