package studio

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"

	"mazebook/internal/say"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
	"mazebook/layout/stats"
	"mazebook/layout/svg"
	"mazebook/layout/typeface"
	"mazebook/maze"
)

// pageView is a page drawn for the preview: its index (from 0), its SVG,
// its size and where its mazes are (each can be opened to play).
type pageView struct {
	Page   int       `json:"page"`
	SVG    string    `json:"svg"`
	Width  float64   `json:"width"`
	Height float64   `json:"height"`
	Mazes  []mazeBox `json:"mazes"`
}

// checkView draws the page a check asks to see: the query's "section"
// (from 0) names a section whose first puzzle page it is, else "page"
// (from 0) the page, kept within the book; no "page" and no "section",
// no page.
func (s *Server) checkView(r *http.Request, e *entry) (*pageView, error) {
	q := r.URL.Query()
	pages := e.book.Plan.Pages
	n, err := strconv.Atoi(q.Get("page"))
	sec, serr := strconv.Atoi(q.Get("section"))
	if (err != nil && serr != nil) || len(pages) == 0 {
		return nil, nil
	}
	n = min(max(n, 0), len(pages)-1)
	if serr == nil {
		for i, pg := range pages {
			if pg.Kind == plan.PuzzlePage && pg.Section == sec {
				n = i
				break
			}
		}
	}
	d, err := s.drawPage(r, e, n)
	if err != nil {
		return nil, err
	}
	return &pageView{Page: n, SVG: string(d.svg), Width: d.width, Height: d.height, Mazes: d.mazes}, nil
}

// drawn is a page drawn for the preview: its SVG, its size and where its
// mazes are.
type drawn struct {
	svg           []byte
	width, height float64
	mazes         []mazeBox
}

// drawPage draws page n of a made book as SVG, keeping it for the next
// request; it also says where the page's puzzles were drawn. Pages of one
// book are drawn at once by as many requests as the studio lets run
// (layout.Book.Draw writes nothing into the book).
func (s *Server) drawPage(r *http.Request, e *entry, n int) (*drawn, error) {
	if !s.acquire(r) {
		return nil, r.Context().Err()
	}
	defer s.release()
	pd, err := e.book.Draw(n)
	if err != nil {
		return nil, err
	}
	p := pd.Page
	d := &drawn{width: p.Width, height: p.Height, mazes: []mazeBox{}}
	pl := e.book.Plan
	if pg := pl.Pages[n]; pg.Kind == plan.PuzzlePage {
		for _, mi := range pg.Mazes {
			m, at := pl.Mazes[mi], pd.Placed[mi]
			if at.Cell > 0 {
				box := mazeBox{Index: mi, Number: m.Number, X: at.Origin.X, Y: at.Origin.Y, W: float64(m.GridW * at.Cell), H: float64(m.GridH * at.Cell)}
				box.Doors = doorsOf(e.book.Mazes[mi].Maze, m.GridW, m.GridH, spec.RTL(pl.Spec.Language))
				d.mazes = append(d.mazes, box)
			}
		}
	}
	e.svgMu.Lock()
	data, ok := e.svgs[n]
	e.svgMu.Unlock()
	if ok {
		d.svg = data
		return d, nil
	}
	var buf bytes.Buffer
	if err := svg.Write(&buf, p); err != nil {
		return nil, err
	}
	d.svg = buf.Bytes()
	e.svgMu.Lock()
	defer e.svgMu.Unlock()
	kept := 0
	for _, d := range e.svgs {
		kept += len(d)
	}
	if _, ok := e.svgs[n]; !ok && kept+buf.Len() <= maxKeptSVG {
		if e.svgs == nil {
			e.svgs = map[int][]byte{}
		}
		e.svgs[n] = buf.Bytes()
	}
	return d, nil
}

// pageIndex reads a page number (from 1) and returns its index, or
// answers the request and returns -1.
func pageIndex(w http.ResponseWriter, r *http.Request, s string, pages int) int {
	s = strings.TrimSuffix(s, ".svg")
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > pages {
		fail(w, r, errorf(http.StatusNotFound, "there is no page %q: the book has %d", s, pages))
		return -1
	}
	return n - 1
}

// requestedPage draws the page the request names in its path value
// name, or answers with the error and returns nil.
func (s *Server) requestedPage(w http.ResponseWriter, r *http.Request, name string) *drawn {
	e := s.ready(w, r)
	if e == nil {
		return nil
	}
	n := pageIndex(w, r, r.PathValue(name), len(e.book.Plan.Pages))
	if n < 0 {
		return nil
	}
	d, err := s.drawPage(r, e, n)
	if err != nil {
		s.failBook(w, r, unprocessable(err))
		return nil
	}
	return d
}

func (s *Server) pageSVG(w http.ResponseWriter, r *http.Request) {
	d := s.requestedPage(w, r, "file")
	if d == nil {
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	_, _ = w.Write(d.svg)
}

// view answers with a page as SVG and where its mazes are drawn, for the
// preview (where each maze can be opened to play).
func (s *Server) view(w http.ResponseWriter, r *http.Request) {
	d := s.requestedPage(w, r, "n")
	if d == nil {
		return
	}
	n, _ := strconv.Atoi(strings.TrimSuffix(r.PathValue("n"), ".svg"))
	writeJSON(w, http.StatusOK, pageView{Page: n - 1, SVG: string(d.svg), Width: d.width, Height: d.height, Mazes: d.mazes})
}

// mazeBox is where a maze is drawn on its page, in points.
type mazeBox struct {
	Index  int     `json:"index"`
	Number int     `json:"number"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	W      float64 `json:"w"`
	H      float64 `json:"h"`
	// Doors are where its start and its goal are, as fractions of the
	// box from its top left corner ([0.02, 0.05] at the top left), as
	// printed (mirrored in a book written right to left), so that its
	// Play button stands clear of them.
	Doors [][2]float64 `json:"doors"`
}

// doorsOf returns where a maze's doors are drawn in its box (see
// mazeBox.Doors), its grid gw x gh units.
func doorsOf(m *maze.Maze, gw, gh float64, mirrored bool) [][2]float64 {
	var out [][2]float64
	for _, c := range []int{m.Entrance.Cell, m.Exit.Cell} {
		if c < 0 || c >= m.Grid.Cells() || gw <= 0 || gh <= 0 {
			continue
		}
		p := m.Grid.Center(c)
		x, y := p.X/gw, p.Y/gh
		if mirrored {
			x = 1 - x
		}
		out = append(out, [2]float64{round3(x), round3(y)})
	}
	return out
}

// chart answers with the book's difficulty chart as SVG, as 'mazebook
// stats --chart' draws it.
func (s *Server) chart(w http.ResponseWriter, r *http.Request) {
	e := s.ready(w, r)
	if e == nil {
		return
	}
	if !s.acquire(r) {
		fail(w, r, r.Context().Err())
		return
	}
	defer s.release()
	rows := stats.Rows(e.book)
	words := stats.WordsFor(e.sp.Language)
	title, face := words.ChartTitle(e.sp.Title), e.sp.Fonts.Headings
	if len(face.Missing(title)) > 0 {
		title, face = words.ChartTitle(""), typeface.Bold
	}
	var buf bytes.Buffer
	if err := svg.Write(&buf, stats.Chart(title, face, words, rows, "score")); err != nil {
		fail(w, r, say.Errorf("drawing the chart: %v", err))
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	_, _ = w.Write(buf.Bytes())
}
