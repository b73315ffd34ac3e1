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
	g := f.Maze.Grid
	n := g.Cells()
	box := display.Box{W: p.width, H: p.height}
	ms := o.Style.Maze
	gw, gh := g.Size()
	ms.Cell = draw.FitCell(box, gw, gh, draw.RoomFor(ms.Markers, ms.Start, ms.Finish, ms.Font))
	ms.Wall = math.Max(ms.Cell*maze.Clearance(g)/10, 1)
	final := draw.Maze(f.Maze, box, ms)
	at := func(pt maze.Point) display.Point {
		return display.Point{X: final.Origin.X + float64(pt.X*final.Cell), Y: final.Origin.Y + float64(pt.Y*final.Cell)}
	}

	// The inner walls, once each, seen from the lower cell.
	type wall struct{ c, s int }
	var walls []wall
	wallAt := map[wall]int{}
	for c := 0; c < n; c++ {
		for s := 0; s < g.Sides(c); s++ {
			if nb := g.Neighbor(c, s); nb > c {
				wallAt[wall{c, s}] = len(walls)
				walls = append(walls, wall{c, s})
			}
		}
	}
	// Follow the film: each element's state at its first frame, and the
	// times it changes.
	type change struct {
		t  int // in 1/100 s
		to string
	}
	cellFirst := make([]string, n)
	cellLast := make([]string, n)
	cellChanges := make([][]change, n)
	wallFirst := make([]bool, len(walls)) // open at the first frame
	wallLast := make([]bool, len(walls))
	wallChanges := make([][]change, len(walls))
	far := f.MaxDistance()
	t, first, end := 0, true, 0
	err := f.Play(p.makeEvery, p.solveEvery, func(s *State) error {
		for c := 0; c < n; c++ {
			col := blank // not "none": a browser may not set fill back to none
			if k, ok := s.color(c, far); ok {
				col = hexColor(k)
			}
			switch {
			case first:
				cellFirst[c], cellLast[c] = col, col
			case col != cellLast[c]:
				cellChanges[c] = append(cellChanges[c], change{t, col})
				cellLast[c] = col
			}
		}
		for i, wl := range walls {
			open := s.Maze.Linked(wl.c, wl.s)
			switch {
			case first:
				wallFirst[i], wallLast[i] = open, open
			case open != wallLast[i]:
				to := "visible"
				if open {
					to = "hidden"
				}
				wallChanges[i] = append(wallChanges[i], change{t, to})
				wallLast[i] = open
			}
		}
		first = false
		end = t
		t += f.delay(s.Phase, p)
		return nil
	})
	if err != nil {
		return fmt.Errorf("animate: %w", err)
	}

	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">
<title>%s maze being made%s</title>
<rect width="100%%" height="100%%" fill="#ffffff"/>
`, num(p.width), num(p.height), num(p.width), num(p.height), html.EscapeString(f.Algorithm), html.EscapeString(solvedBy(f.Solver)))
	sets := func(changes []change, attr string) {
		for _, ch := range changes {
			fmt.Fprintf(bw, `<set attributeName="%s" to="%s" begin="%ss"/>`, attr, ch.to, seconds(ch.t))
		}
	}
	bw.WriteString("<g stroke=\"none\">\n")
	for c := 0; c < n; c++ {
		if cellFirst[c] == blank && len(cellChanges[c]) == 0 {
			continue
		}
		fmt.Fprintf(bw, `<path d="%s" fill="%s">`, polygonPath(cellPolygon(g, c, at)), cellFirst[c])
		sets(cellChanges[c], "fill")
		bw.WriteString("</path>\n")
	}
	bw.WriteString("</g>\n")
	fmt.Fprintf(bw, `<g fill="none" stroke="%s" stroke-width="%s" stroke-linecap="square">`+"\n", hexColor(ms.WallColor), num(ms.Wall))
	// The outer wall, its doors left open.
	var outer strings.Builder
	for c := 0; c < n; c++ {
		for s := 0; s < g.Sides(c); s++ {
			if nb := g.Neighbor(c, s); (nb == maze.Border || nb == maze.Hole) && !f.Maze.IsOpen(c, s) {
				outer.WriteString(edgePath(g.Side(c, s), at))
			}
		}
	}
	fmt.Fprintf(bw, "<path d=\"%s\"/>\n", outer.String())
	for i, wl := range walls {
		if !wallFirst[i] || len(wallChanges[i]) > 0 {
			vis := ""
			if wallFirst[i] {
				vis = ` visibility="hidden"`
			}
			fmt.Fprintf(bw, `<path d="%s"%s>`, edgePath(g.Side(wl.c, wl.s), at), vis)
			sets(wallChanges[i], "visibility")
			bw.WriteString("</path>\n")
		}
	}
	bw.WriteString("</g>\n")
	// The doors' marks, as the maze command draws them.
	for _, it := range final.Items[1:] {
		switch it := it.(type) {
		case *display.Fill:
			b := it.Box
			fmt.Fprintf(bw, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"/>\n", num(b.X), num(b.Y), num(b.W), num(b.H), hexColor(it.Color))
		case *display.Shape:
			var d strings.Builder
			for _, poly := range it.Polygons {
				d.WriteString(polygonPath(poly))
			}
			fmt.Fprintf(bw, "<path d=\"%s\" fill=\"%s\"/>\n", d.String(), hexColor(it.Color))
		}
	}
	if len(f.Path) > 0 {
		var d strings.Builder
		for i, c := range f.Path {
			q := at(g.Center(c))
			if i == 0 {
				d.WriteString("M")
			} else {
				d.WriteString("L")
			}
			d.WriteString(num(q.X) + " " + num(q.Y))
		}
		width := math.Max(final.Cell*maze.Clearance(g)/4, 1)
		fmt.Fprintf(bw, `<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round" visibility="hidden">`, d.String(), hexColor(ms.SolutionColor), num(width))
		fmt.Fprintf(bw, `<set attributeName="visibility" to="visible" begin="%ss"/></path>`+"\n", seconds(end))
	}
	bw.WriteString("</svg>\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	return nil
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
