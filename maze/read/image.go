package read

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg" // register the JPEG decoder
	_ "image/png"  // register the PNG decoder
	"io"
	"math"
	"sort"

	"mazebook/maze"
)

// maxImageBytes is the largest picture file read.
const maxImageBytes = 64 << 20

// Image reads a maze from a PNG or JPEG picture (see FromImage).
func Image(r io.Reader, opt Options) (*Result, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxImageBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read the picture: %w", err)
	}
	if len(data) > maxImageBytes {
		return nil, fmt.Errorf("%w: the picture file is larger than %d MB", ErrTooLarge, maxImageBytes>>20)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: the picture cannot be decoded: %v", ErrNoMaze, err)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, fmt.Errorf("%w: the picture is %dx%d pixels; the most read is %d megapixels", ErrTooLarge, cfg.Width, cfg.Height, MaxPixels/1_000_000)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: the picture cannot be decoded: %v", ErrNoMaze, err)
	}
	res, err := fromImage(img)
	return withDoors(res, err, opt)
}

// gray is a picture as lightness 0 (black) to 255 (white), with the
// coloured pixels (marks, a drawn solution) apart.
type gray struct {
	w, h int
	lum  []uint8
	// col holds the coloured pixels' colours, 0 for the others.
	col []color.RGBA
}

func (g *gray) at(x, y int) uint8 {
	if x < 0 || y < 0 || x >= g.w || y >= g.h {
		return 255
	}
	return g.lum[y*g.w+x]
}

// colourful reports whether r, g, b is a colour rather than a grey: a
// mark or a drawn line, not ink nor paper.
func colourful(r, g, b uint8) bool {
	hi, lo := int(max(r, g, b)), int(min(r, g, b))
	d := hi - lo
	// A dark red stays a colour: a JPEG's blurred colours keep their hue
	// but lose saturation at the edges of a mark.
	return d > 70 && hi > 110 || d > 30 && d*100 > 25*hi
}

// toGray converts a picture; coloured pixels count as paper.
func toGray(img image.Image) *gray {
	b := img.Bounds()
	g := &gray{w: b.Dx(), h: b.Dy()}
	g.lum = make([]uint8, g.w*g.h)
	g.col = make([]color.RGBA, g.w*g.h)
	set := func(i int, r, gg, bb uint8) {
		if colourful(r, gg, bb) {
			g.lum[i] = 255
			g.col[i] = color.RGBA{r, gg, bb, 255}
			return
		}
		g.lum[i] = uint8((299*uint32(r) + 587*uint32(gg) + 114*uint32(bb) + 500) / 1000)
	}
	for y := 0; y < g.h; y++ {
		row := y * g.w
		switch im := img.(type) {
		case *image.Gray:
			copy(g.lum[row:row+g.w], im.Pix[im.PixOffset(b.Min.X, b.Min.Y+y):])
		case *image.RGBA:
			// Opaque pictures, as PNG encoders write them, need no
			// blending with the paper.
			p := im.Pix[im.PixOffset(b.Min.X, b.Min.Y+y):]
			opaque := true
			for x := 0; x < g.w && opaque; x++ {
				opaque = p[4*x+3] == 255
			}
			if !opaque {
				generalRow(g, img, b, y, set)
				continue
			}
			for x := 0; x < g.w; x++ {
				set(row+x, p[4*x], p[4*x+1], p[4*x+2])
			}
		case *image.YCbCr:
			for x := 0; x < g.w; x++ {
				yi, ci := im.YOffset(b.Min.X+x, b.Min.Y+y), im.COffset(b.Min.X+x, b.Min.Y+y)
				r, gg, bb := color.YCbCrToRGB(im.Y[yi], im.Cb[ci], im.Cr[ci])
				set(row+x, r, gg, bb)
			}
		default:
			generalRow(g, img, b, y, set)
		}
	}
	return g
}

// generalRow converts row y of any picture, its transparent pixels
// blended with white paper.
func generalRow(g *gray, img image.Image, b image.Rectangle, y int, set func(i int, r, g, b uint8)) {
	for x := 0; x < g.w; x++ {
		c := color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
		a := uint32(c.A)
		blend := func(v uint8) uint8 { return uint8((uint32(v)*a + 255*(255-a)) / 255) }
		set(y*g.w+x, blend(c.R), blend(c.G), blend(c.B))
	}
}

// otsu returns the threshold that best splits the lightness histogram in
// two: ink is below it.
func otsu(lum []uint8) int {
	var hist [256]float64
	for _, v := range lum {
		hist[v]++
	}
	total := float64(len(lum))
	sum := 0.0
	for i, n := range hist {
		sum += float64(i) * n
	}
	best, bestVar := 128, -1.0
	var wB, sumB float64
	for t := 0; t < 256; t++ {
		wB += hist[t]
		if wB == 0 {
			continue
		}
		wF := total - wB
		if wF == 0 {
			break
		}
		sumB += float64(t) * hist[t]
		mB, mF := sumB/wB, (sum-sumB)/wF
		if v := wB * wF * (mB - mF) * (mB - mF); v > bestVar {
			best, bestVar = t+1, v
		}
	}
	return best
}

// FromImage reads a maze from a picture of a rectangular maze of square
// or oblong cells, dark walls on light paper: it thresholds the picture
// (Otsu), finds the skew and turns the picture straight, finds the maze's
// box, the wall thickness and the grid's pitch, then reads every wall
// between cells and every gap in the outer wall. Coloured squares are
// start and goal marks: green or the darker red the start, the other the
// goal; inside the maze they are doors Inside their cells. When no grid
// is found, it finds a way on the picture's free pixels instead (Result.
// Pixels).
func FromImage(img image.Image) (*Result, error) {
	r, err := fromImage(img)
	return withDoors(r, err, Options{})
}

// fromImage is FromImage, returning the maze read with the error of its
// doors (see finish).
func fromImage(img image.Image) (*Result, error) {
	b := img.Bounds()
	if int64(b.Dx())*int64(b.Dy()) > MaxPixels {
		return nil, fmt.Errorf("%w: the picture is %dx%d pixels; the most read is %d megapixels", ErrTooLarge, b.Dx(), b.Dy(), MaxPixels/1_000_000)
	}
	if b.Dx() < 5 || b.Dy() < 5 {
		return nil, fmt.Errorf("%w: the picture is only %dx%d pixels", ErrNoMaze, b.Dx(), b.Dy())
	}
	src := toGray(img)
	thr := otsu(src.lum)
	lo, hi := 255, 0
	for _, v := range src.lum {
		lo, hi = min(lo, int(v)), max(hi, int(v))
	}
	if hi-lo < 60 {
		return nil, fmt.Errorf("%w: the picture has no dark lines on a light ground", ErrNoMaze)
	}
	skew := skewAngle(src, thr)
	g := src
	if math.Abs(skew) > 0.05 {
		g = rotate(src, skew)
	}
	box, walls, ok := mazeBox(g, thr)
	if !ok {
		return nil, fmt.Errorf("%w: the picture has no dark lines on a light ground", ErrNoMaze)
	}
	res, err := readGrid(g, thr, box, walls)
	if res != nil {
		res.Skew = math.Round(skew*10) / 10
		return res, err // the maze read, its doors chosen or not
	}
	if err != errNoGrid {
		return nil, err
	}
	return pixelRoute(img, src, thr)
}

// errNoGrid sends FromImage to the pixel route.
var errNoGrid = fmt.Errorf("%w: no regular grid of walls was found", ErrNotGrid)

// maxSkew is the largest turn, in degrees, looked for.
const maxSkew = 6.0

// skewAngle returns the angle, in degrees, the maze's lines are turned by
// (clockwise in the picture, y down): the angle at which the ink's
// projections on the turned rows and columns are sharpest.
func skewAngle(g *gray, thr int) float64 {
	var xs, ys []float32
	n := 0
	for _, v := range g.lum {
		if int(v) < thr {
			n++
		}
	}
	if n == 0 {
		return 0
	}
	step := max(1, n/200_000)
	k := 0
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if int(g.lum[y*g.w+x]) < thr {
				if k%step == 0 {
					xs = append(xs, float32(x))
					ys = append(ys, float32(y))
				}
				k++
			}
		}
	}
	diag := int(math.Hypot(float64(g.w), float64(g.h))) + 4
	rows := make([]float64, 2*diag)
	cols := make([]float64, 2*diag)
	sharpness := func(deg float64) float64 {
		s, c := math.Sincos(deg * math.Pi / 180)
		clear(rows)
		clear(cols)
		for i := range xs {
			x, y := float64(xs[i]), float64(ys[i])
			rows[int(math.Floor(-x*s+y*c))+diag]++
			cols[int(math.Floor(x*c+y*s))+diag]++
		}
		sum := 0.0
		for i := range rows {
			sum += rows[i]*rows[i] + cols[i]*cols[i]
		}
		return sum
	}
	best, bestS := 0.0, sharpness(0)
	for a := -maxSkew; a <= maxSkew+1e-9; a += 0.5 {
		if s := sharpness(a); s > bestS*1.0001 {
			best, bestS = a, s
		}
	}
	centre := best
	for a := centre - 0.5; a <= centre+0.5+1e-9; a += 0.05 {
		if s := sharpness(a); s > bestS*1.0001 {
			best, bestS = a, s
		}
	}
	return math.Round(best*100) / 100
}

// rotate returns the picture turned by -deg degrees about its centre, so
// that lines turned by deg are straight: lightness sampled bilinearly,
// colours by the nearest pixel.
func rotate(g *gray, deg float64) *gray {
	s, c := math.Sincos(deg * math.Pi / 180)
	out := &gray{w: g.w, h: g.h, lum: make([]uint8, len(g.lum)), col: make([]color.RGBA, len(g.col))}
	cx, cy := float64(g.w)/2, float64(g.h)/2
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			// (x, y) in the straight picture is (u, v) on the axes turned
			// by deg: the source pixel is u along (c, s) and v along (-s, c).
			u, v := float64(x)+0.5-cx, float64(y)+0.5-cy
			sx, sy := cx+u*c-v*s-0.5, cy+u*s+v*c-0.5
			x0, y0 := int(math.Floor(sx)), int(math.Floor(sy))
			fx, fy := sx-float64(x0), sy-float64(y0)
			l := (1-fx)*(1-fy)*float64(g.at(x0, y0)) + fx*(1-fy)*float64(g.at(x0+1, y0)) +
				(1-fx)*fy*float64(g.at(x0, y0+1)) + fx*fy*float64(g.at(x0+1, y0+1))
			i := y*g.w + x
			out.lum[i] = uint8(math.Round(l))
			nx, ny := int(math.Round(sx)), int(math.Round(sy))
			if nx >= 0 && ny >= 0 && nx < g.w && ny < g.h {
				out.col[i] = g.col[ny*g.w+nx]
			}
		}
	}
	return out
}

// rect is a box of pixels, its edges included.
type rect struct{ x0, y0, x1, y1 int }

func (r rect) w() int { return r.x1 - r.x0 + 1 }
func (r rect) h() int { return r.y1 - r.y0 + 1 }

func (r rect) near(o rect, d int) bool {
	return o.x0 <= r.x1+d && o.x1 >= r.x0-d && o.y0 <= r.y1+d && o.y1 >= r.y0-d
}

// encloses reports whether o lies inside r, clear of r's edges.
func (r rect) encloses(o rect) bool {
	return r.x0 < o.x0 && r.y0 < o.y0 && r.x1 > o.x1 && r.y1 > o.y1
}

func (r rect) union(o rect) rect {
	return rect{min(r.x0, o.x0), min(r.y0, o.y0), max(r.x1, o.x1), max(r.y1, o.y1)}
}

// blob is a connected set of pixels: its box, size, and colour sums.
type blob struct {
	box        rect
	n          int
	sx, sy     float64
	sr, sg, sb float64
}

// blobs returns the 8-connected sets of pixels for which in is true.
func blobs(w, h int, in func(i int) bool) []blob {
	seen := make([]bool, w*h)
	var out []blob
	var queue []int
	for i := range seen {
		if seen[i] || !in(i) {
			continue
		}
		seen[i] = true
		queue = append(queue[:0], i)
		bl := blob{box: rect{w, h, -1, -1}}
		for len(queue) > 0 {
			j := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			x, y := j%w, j/w
			bl.n++
			bl.sx += float64(x)
			bl.sy += float64(y)
			bl.box = bl.box.union(rect{x, y, x, y})
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if nx < 0 || ny < 0 || nx >= w || ny >= h {
						continue
					}
					if k := ny*w + nx; !seen[k] && in(k) {
						seen[k] = true
						queue = append(queue, k)
					}
				}
			}
		}
		out = append(out, bl)
	}
	return out
}

// mazeBox returns the box of the maze: the largest set of connected ink
// and every set that touches it, until none is left.
func mazeBox(g *gray, thr int) (box rect, walls int, ok bool) {
	bs := blobs(g.w, g.h, func(i int) bool { return int(g.lum[i]) < thr })
	if len(bs) == 0 {
		return rect{}, 0, false
	}
	sort.Slice(bs, func(i, j int) bool { return bs[i].n > bs[j].n })
	box = bs[0].box
	used := make([]bool, len(bs))
	used[0] = true
	for grown := true; grown; {
		grown = false
		for i, b := range bs {
			// A blob round the maze (a plot's frame, a border) is not
			// part of it.
			if !used[i] && box.near(b.box, 2) && !b.box.encloses(box) {
				box, used[i], grown = box.union(b.box), true, true
			}
		}
	}
	return box, bs[0].n, box.w() >= 5 && box.h() >= 5
}

// trimBox trims from the maze's box the rows and columns with little ink
// at its edges, beyond the outer wall: a marker touching it, a label.
// The outer wall runs along most of its side, doors and all.
func trimBox(g *gray, thr int, box rect) rect {
	for range 2 {
		cols := make([]int, box.w())
		rows := make([]int, box.h())
		for y := box.y0; y <= box.y1; y++ {
			for x := box.x0; x <= box.x1; x++ {
				if int(g.lum[y*g.w+x]) < thr {
					cols[x-box.x0]++
					rows[y-box.y0]++
				}
			}
		}
		lo, hi := 0, len(rows)-1
		for lo < hi && rows[lo]*2 < box.w() {
			lo++
		}
		for hi > lo && rows[hi]*2 < box.w() {
			hi--
		}
		l, r := 0, len(cols)-1
		for l < r && cols[l]*2 < box.h() {
			l++
		}
		for r > l && cols[r]*2 < box.h() {
			r--
		}
		box = rect{box.x0 + l, box.y0 + lo, box.x0 + r, box.y0 + hi}
	}
	return box
}

// lines is where a grid's walls run along one axis: wall k's middle is
// at first + k*pitch.
type lines struct {
	first, pitch float64
	n            int // cells
}

func (l lines) at(k int) float64 { return l.first + float64(k)*l.pitch }

// readGrid reads the maze in box on its grid.
func readGrid(g *gray, thr int, box rect, walls int) (*Result, error) {
	box = trimBox(g, thr, box)
	t := wallThickness(g, thr, box)
	if t < 1 {
		return nil, errNoGrid
	}
	// The ink profiles along the box.
	cols := make([]float64, box.w())
	rows := make([]float64, box.h())
	for y := box.y0; y <= box.y1; y++ {
		for x := box.x0; x <= box.x1; x++ {
			if int(g.lum[y*g.w+x]) < thr {
				cols[x-box.x0]++
				rows[y-box.y0]++
			}
		}
	}
	combX, combY := combScores(cols, t), combScores(rows, t)
	xs, cx := best(combX)
	ys, cy := best(combY)
	// Cells are most often square: an axis with few walls (Eller's or
	// the sidewinder's long corridors) may show a multiple of the pitch
	// the other shows; take the finer grid when it fits well enough.
	ys, cy = squareUp(xs, cx, ys, cy, combY)
	xs, cx = squareUp(ys, cy, xs, cx, combX)
	if xs.n < 2 || ys.n < 2 || cx < minCorrelation || cy < minCorrelation {
		return nil, errNoGrid
	}
	xs.first += float64(box.x0)
	ys.first += float64(box.y0)
	return readOn(g, thr, t, xs, ys, walls)
}

// readOn reads the maze on the grid whose walls run along xs and ys,
// with walls t pixels thick, the maze's walls (its largest piece of
// touching ink) walls pixels. A grid that reads as pairs of cells always
// joined across every other line (the walls of a maze one or two cells
// wide are too few to tell its pitch from half of it) is read again at
// twice the pitch, when that has fewer loops.
func readOn(g *gray, thr int, t float64, xs, ys lines, walls int) (*Result, error) {
	grid, err := maze.NewRect(xs.n, ys.n)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrTooLarge, err)
	}
	// Paper is the lightness at the cells' middles, ink the outer wall's.
	var paperS, inkS []float64
	for j := 0; j < ys.n; j++ {
		for i := 0; i < xs.n; i++ {
			if len(paperS) < 4000 || (i+j)%7 == 0 {
				paperS = append(paperS, float64(g.at(int((xs.at(i)+xs.at(i+1))/2), int((ys.at(j)+ys.at(j+1))/2))))
			}
		}
	}
	band := bandReader{g: g, t: t, pitchX: xs.pitch, pitchY: ys.pitch}
	for i := 0; i < xs.n; i++ {
		inkS = append(inkS, band.horizontal(ys.at(0), xs.at(i), xs.at(i+1), -1), band.horizontal(ys.at(ys.n), xs.at(i), xs.at(i+1), 1))
	}
	for j := 0; j < ys.n; j++ {
		inkS = append(inkS, band.vertical(xs.at(0), ys.at(j), ys.at(j+1), -1), band.vertical(xs.at(xs.n), ys.at(j), ys.at(j+1), 1))
	}
	paper, ink := median(paperS), median(inkS)
	if paper-ink < 40 {
		return nil, errNoGrid
	}
	cut := (paper + ink) / 2
	m := maze.New(grid)
	// cellBox is the box of cell (i, j), between its walls' middles.
	cellBox := func(i, j int) rect {
		return rect{int(math.Round(xs.at(i))), int(math.Round(ys.at(j))), int(math.Round(xs.at(i + 1))), int(math.Round(ys.at(j + 1)))}
	}
	var labels []int32
	for j := 0; j < ys.n; j++ {
		for i := 0; i < xs.n; i++ {
			c := grid.Cell(i, j)
			east := i < xs.n-1 && band.vertical(xs.at(i+1), ys.at(j), ys.at(j+1), 0) >= cut
			south := j < ys.n-1 && band.horizontal(ys.at(j+1), xs.at(i), xs.at(i+1), 0) >= cut
			// Every passage read must be one through the picture's free
			// pixels, or the grid is not the maze's.
			if east && !passable(g, thr, cellBox(i, j), cellBox(i+1, j), &labels) ||
				south && !passable(g, thr, cellBox(i, j), cellBox(i, j+1), &labels) {
				return nil, errNoGrid
			}
			if east {
				m.Carve(c, maze.East)
			}
			if south {
				m.Carve(c, maze.South)
			}
		}
	}
	if halved(m) {
		coarse := func(l lines) lines { return lines{first: l.first, pitch: 2 * l.pitch, n: l.n / 2} }
		if res, err := readOn(g, thr, t, coarse(xs), coarse(ys), walls); err == nil && res.Loops < loopCount(m) {
			return res, nil
		}
		return nil, errNoGrid // either pitch reads: not a reading to trust
	}
	var cands []candidate
	type gap struct {
		x, y float64 // the gap's middle
		i    int     // its candidate
	}
	var gaps []gap
	open := func(v float64, c, side int, x, y float64) {
		if v >= cut {
			gaps = append(gaps, gap{x, y, len(cands)})
			cands = append(cands, candidate{door: maze.Door{Cell: c, Side: side}})
		}
	}
	for i := 0; i < xs.n; i++ {
		mx := (xs.at(i) + xs.at(i+1)) / 2
		open(band.horizontal(ys.at(0), xs.at(i), xs.at(i+1), -1), grid.Cell(i, 0), maze.North, mx, ys.at(0))
	}
	for j := 0; j < ys.n; j++ {
		my := (ys.at(j) + ys.at(j+1)) / 2
		open(band.vertical(xs.at(0), ys.at(j), ys.at(j+1), -1), grid.Cell(0, j), maze.West, xs.at(0), my)
		open(band.vertical(xs.at(xs.n), ys.at(j), ys.at(j+1), 1), grid.Cell(xs.n-1, j), maze.East, xs.at(xs.n), my)
	}
	for i := 0; i < xs.n; i++ {
		mx := (xs.at(i) + xs.at(i+1)) / 2
		open(band.horizontal(ys.at(ys.n), xs.at(i), xs.at(i+1), 1), grid.Cell(i, ys.n-1), maze.South, mx, ys.at(ys.n))
	}
	// Marks in black or grey inside cells (a star at a goal in the
	// middle): a dark blot in the middle of a cell.
	dark := paper - (paper-ink)/4
	for j := 0; j < ys.n; j++ {
		for i := 0; i < xs.n; i++ {
			b := cellBox(i, j)
			qw, qh := b.w()/4, b.h()/4
			if float64(min(qw, qh)) <= t/2+1 {
				continue // cells too small to hold a mark clear of the walls
			}
			n, blot := 0, 0
			for y := b.y0 + qh; y <= b.y1-qh; y++ {
				for x := b.x0 + qw; x <= b.x1-qw; x++ {
					n++
					if float64(g.at(x, y)) < dark {
						blot++
					}
				}
			}
			if n > 0 && blot*5 > n {
				cands = append(cands, candidate{door: maze.Door{Cell: grid.Cell(i, j), Side: maze.Inside}})
			}
		}
	}
	// Coloured marks: inside the maze a start or a goal in its cell;
	// outside, the role of the nearest gap.
	pitch := math.Max(xs.pitch, ys.pitch)
	for _, mk := range marks(g, pitch) {
		gx := int(math.Floor((mk.x - xs.first) / xs.pitch))
		gy := int(math.Floor((mk.y - ys.first) / ys.pitch))
		if mk.x > xs.at(0) && mk.x < xs.at(xs.n) && mk.y > ys.at(0) && mk.y < ys.at(ys.n) {
			cands = append(cands, candidate{maze.Door{Cell: grid.Cell(min(gx, xs.n-1), min(gy, ys.n-1)), Side: maze.Inside}, mk.role})
			continue
		}
		best, bestD := -1, 1.5*pitch
		for _, gp := range gaps {
			if d := math.Hypot(gp.x-mk.x, gp.y-mk.y); d < bestD {
				best, bestD = gp.i, d
			}
		}
		if best >= 0 {
			cands[best].role = mk.role
		}
	}
	if !explains(g, thr, t, xs, ys, m, cands, walls) {
		return nil, errNoGrid
	}
	res, err := finish(m, Picture, cands, nil)
	res.Pitch = math.Round((xs.pitch+ys.pitch)/2*10) / 10
	res.Wall = math.Round(t*10) / 10
	return res, err
}

// maxUnexplained is the share of the ink in and around a maze's outer
// wall that the maze read may leave unexplained (specks, a mark's outline, the
// rounding of thick walls) before the reading is not trusted.
const maxUnexplained = 0.04

// explains reports whether the maze m read on the grid xs, ys, with walls
// t pixels thick, accounts for the picture's ink in and just around its
// outer wall, and the ink for its walls: the maze drawn back,
// every wall read is drawn, and every ink pixel there lies on one of its walls
// (or beside a coloured mark, or in a cell marked as a start or a goal),
// but for a small share. A grid that is not the maze's (a wrong pitch,
// a mark taken for walls) leaves much of the ink off its walls.
func explains(g *gray, thr int, t float64, xs, ys lines, m *maze.Maze, cands []candidate, walls int) bool {
	grid := m.Grid.(maze.Rect)
	// The ink is looked at a little beyond the outer wall: a grid that
	// covers only part of the maze leaves the walls going on from it
	// there (but not a plot's frame a few pixels off).
	ring := t + 2
	x0, x1 := int(math.Floor(xs.at(0)-ring)), int(math.Ceil(xs.at(xs.n)+ring))
	y0, y1 := int(math.Floor(ys.at(0)-ring)), int(math.Ceil(ys.at(ys.n)+ring))
	x0, y0 = max(x0, 0), max(y0, 0)
	x1, y1 = min(x1, g.w-1), min(y1, g.h-1)
	if x1 <= x0 || y1 <= y0 {
		return false
	}
	w, h := x1-x0+1, y1-y0+1
	// explained marks the pixels the maze drawn back accounts for: its
	// walls, widened by a pixel and a half for anti-aliasing and a
	// wall's rounding, the cells holding a mark, and the pixels near a
	// coloured one (a mark's outline).
	explained := make([]bool, w*h)
	fill := func(ax, ay, bx, by float64) {
		for y := max(int(math.Floor(ay)), y0); y <= min(int(math.Ceil(by)), y1); y++ {
			row := explained[(y-y0)*w:]
			for x := max(int(math.Floor(ax)), x0); x <= min(int(math.Ceil(bx)), x1); x++ {
				row[x-x0] = true
			}
		}
	}
	for _, cd := range cands {
		if cd.door.IsInside() {
			i, j := grid.XY(cd.door.Cell)
			fill(xs.at(i), ys.at(j), xs.at(i+1), ys.at(j+1))
		}
	}
	// Every wall read must be drawn: along the middle of its line there
	// is ink (within a pixel or half a wall across, for a picture turned
	// straight or blurred), but for a few places (a gap's edge, a mark
	// over it). Ink beside a coloured mark (its outline) is no wall's
	// evidence.
	coloured := nearColour(g, x0, y0, w, h, int(math.Ceil(t))+2)
	reach := max(1, int(t/2))
	cores, bare := 0, 0
	look := func(x, y, dx, dy int) {
		if x < x0 || y < y0 || x > x1 || y > y1 {
			return
		}
		cores++
		if coloured[(y-y0)*w+x-x0] {
			bare++
			return
		}
		for k := -reach; k <= reach; k++ {
			if int(g.at(x+k*dx, y+k*dy)) < thr {
				return
			}
		}
		bare++
	}
	gap := map[maze.Door]bool{}
	for _, cd := range cands {
		gap[cd.door] = true
	}
	// wall draws back the wall on side s of cell (i, j), widened by a
	// pixel and a half for anti-aliasing and a wall's rounding, and,
	// unless it is a gap of the outer wall, looks for it.
	r := t/2 + 1.5
	wall := func(i, j, s int) {
		c := grid.Cell(i, j)
		if m.Linked(c, s) {
			return
		}
		// The wall's line: the cell's own, one further for east and south.
		if s == maze.East {
			i++
		}
		if s == maze.South {
			j++
		}
		vertical := s == maze.East || s == maze.West
		if vertical {
			fill(xs.at(i)-r, ys.at(j)-r, xs.at(i)+r, ys.at(j+1)+r)
		} else {
			fill(xs.at(i)-r, ys.at(j)-r, xs.at(i+1)+r, ys.at(j)+r)
		}
		if gap[maze.Door{Cell: c, Side: s}] {
			return
		}
		if vertical {
			x := int(math.Round(xs.at(i)))
			for y := int(ys.at(j) + t); y <= int(ys.at(j+1)-t); y++ {
				look(x, y, 1, 0)
			}
		} else {
			y := int(math.Round(ys.at(j)))
			for x := int(xs.at(i) + t); x <= int(xs.at(i+1)-t); x++ {
				look(x, y, 0, 1)
			}
		}
	}
	for j := 0; j < grid.H; j++ {
		for i := 0; i < grid.W; i++ {
			wall(i, j, maze.North)
			wall(i, j, maze.West)
			if i == grid.W-1 {
				wall(i, j, maze.East)
			}
			if j == grid.H-1 {
				wall(i, j, maze.South)
			}
		}
	}
	if cores > 0 && float64(bare) > maxUnexplained*float64(cores) {
		return false
	}
	ink, stray := 0, 0
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			if int(g.lum[y*g.w+x]) >= thr {
				continue
			}
			ink++
			if k := (y-y0)*w + x - x0; !explained[k] && !coloured[k] {
				stray++
			}
		}
	}
	// The maze's walls (the largest set of touching ink) lie within the
	// grid: a grid over part of a maze whose outline is not a rectangle
	// (a staircase triangle) leaves the rest out.
	if float64(ink) < (1-maxUnexplained)*float64(walls) {
		return false
	}
	return ink > 0 && float64(stray) <= maxUnexplained*float64(ink)
}

// nearColour marks the pixels of the w by h box at (x0, y0) that have a
// coloured pixel within d pixels across and d down (a square around
// them), in two passes of running counts.
func nearColour(g *gray, x0, y0, w, h, d int) []bool {
	// across[k]: coloured pixels in the row within d of the pixel, for
	// the rows of the box widened by d above and below.
	rows := h + 2*d
	across := make([]int32, w*rows)
	for r := 0; r < rows; r++ {
		y := y0 - d + r
		if y < 0 || y >= g.h {
			continue
		}
		var run int32
		line := g.col[y*g.w:]
		isCol := func(x int) int32 {
			if x < 0 || x >= g.w || line[x].A == 0 {
				return 0
			}
			return 1
		}
		for x := x0 - d; x < x0+d; x++ {
			run += isCol(x)
		}
		for i := 0; i < w; i++ {
			x := x0 + i
			run += isCol(x + d)
			across[r*w+i] = run
			run -= isCol(x - d)
		}
	}
	out := make([]bool, w*h)
	for i := 0; i < w; i++ {
		var run int32
		for r := 0; r < 2*d; r++ {
			run += across[r*w+i]
		}
		for j := 0; j < h; j++ {
			run += across[(j+2*d)*w+i]
			out[j*w+i] = run > 0
			run -= across[j*w+i]
		}
	}
	return out
}

// halved reports whether m reads as a grid at half its pitch: an even
// number of cells each way, every cell joined to its partner across
// every other line (columns 0 and 1, 2 and 3, ...; rows likewise), and
// loops in it.
func halved(m *maze.Maze) bool {
	g := m.Grid.(maze.Rect)
	if g.W%2 != 0 || g.H%2 != 0 {
		return false
	}
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			c := g.Cell(x, y)
			if x%2 == 0 && !m.Linked(c, maze.East) || y%2 == 0 && !m.Linked(c, maze.South) {
				return false
			}
		}
	}
	return loopCount(m) > 0
}

// loopCount is the number of independent loops of m.
func loopCount(m *maze.Maze) int {
	n, _ := loops(m)
	return n
}

// passable reports whether free pixels (not ink) join the middle of
// the cell whose box is from to the middle of the cell whose box is to,
// within the box holding both: one set of connected free pixels holds
// all the free pixels of both middles but for a tenth of their area at
// most (specks, and the pockets of a star drawn at a goal). It checks that a passage read is
// one, so that no way is drawn through a wall the grid missed (a slanted
// wall, a wrong pitch). label is scratch space, grown as needed.
func passable(g *gray, thr int, from, to rect, label *[]int32) bool {
	box := from.union(to)
	w, h := box.w(), box.h()
	if cap(*label) < w*h {
		*label = make([]int32, w*h)
	}
	lab := (*label)[:w*h]
	clear(lab)
	free := func(x, y int) bool { return int(g.at(x, y)) >= thr }
	middle := func(r rect) rect {
		qw, qh := r.w()/4, r.h()/4
		return rect{r.x0 + qw, r.y0 + qh, r.x1 - qw, r.y1 - qh}
	}
	src, dst := middle(from), middle(to)
	// Label the free pixels of the box by connected set, from 1.
	n := int32(0)
	var stack []int
	for i := range lab {
		if lab[i] != 0 || !free(box.x0+i%w, box.y0+i/w) {
			continue
		}
		n++
		lab[i] = n
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := box.x0+j%w, box.y0+j/w
			for _, d := range [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
				nx, ny := x+d[0], y+d[1]
				if nx < box.x0 || ny < box.y0 || nx > box.x1 || ny > box.y1 {
					continue
				}
				if k := (ny-box.y0)*w + nx - box.x0; lab[k] == 0 && free(nx, ny) {
					lab[k] = n
					stack = append(stack, k)
				}
			}
		}
	}
	count := func(r rect) (map[int32]int, int) {
		by, total := map[int32]int{}, 0
		for y := r.y0; y <= r.y1; y++ {
			for x := r.x0; x <= r.x1; x++ {
				if l := lab[(y-box.y0)*w+x-box.x0]; l != 0 {
					by[l]++
					total++
				}
			}
		}
		return by, total
	}
	inSrc, nSrc := count(src)
	inDst, nDst := count(dst)
	if nSrc == 0 || nDst == 0 {
		return false
	}
	area := func(r rect) int { return r.w() * r.h() }
	for l, k := range inSrc {
		if inDst[l] > 0 && (nSrc-k)*10 <= area(src) && (nDst-inDst[l])*10 <= area(dst) {
			return true
		}
	}
	return false
}

// minCorrelation is the least correlation of the ink's profile with a
// comb of walls at which a grid is taken as found.
const minCorrelation = 0.45

// wallThickness returns the outer wall's thickness in pixels: the median
// run of ink inwards from the box's edges.
func wallThickness(g *gray, thr int, box rect) float64 {
	var runs []float64
	ink := func(x, y int) bool { return int(g.at(x, y)) < thr }
	for k := 1; k < 40; k++ {
		y := box.y0 + box.h()*k/40
		x := box.x0 + box.w()*k/40
		n := 0
		for ; n < box.w()/2 && ink(box.x0+n, y); n++ {
		}
		if n > 0 {
			runs = append(runs, float64(n))
		}
		n = 0
		for ; n < box.w()/2 && ink(box.x1-n, y); n++ {
		}
		if n > 0 {
			runs = append(runs, float64(n))
		}
		n = 0
		for ; n < box.h()/2 && ink(x, box.y0+n); n++ {
		}
		if n > 0 {
			runs = append(runs, float64(n))
		}
		n = 0
		for ; n < box.h()/2 && ink(x, box.y1-n); n++ {
		}
		if n > 0 {
			runs = append(runs, float64(n))
		}
	}
	if len(runs) < 10 {
		return 0
	}
	return median(runs)
}

// best returns the comb of walls that correlates best with a profile of
// ink along one axis (see combScores), and the correlation.
func best(combs []comb) (lines, float64) {
	best, bestC := lines{}, -1.0
	for _, s := range combs {
		if s.corr > bestC+1e-9 {
			best, bestC = s.lines, s.corr
		}
	}
	return best, bestC
}

// squareUp returns the lines of the other axis with the pitch of ref
// when its best pitch is a whole multiple of ref's and the comb at ref's
// pitch still fits (when ref's comb fits very well, as when the other
// axis has hardly any walls, a weak fit will do: the passages are
// checked on the pixels after); else other as it is.
func squareUp(ref lines, refCorr float64, other lines, corr float64, combs []comb) (lines, float64) {
	if ref.n < 2 || other.n < 2 {
		return other, corr
	}
	k := other.pitch / ref.pitch
	if k < 1.5 || math.Abs(k-math.Round(k)) > 0.05*k {
		return other, corr
	}
	least := minCorrelation
	if refCorr >= 0.8 {
		least = 0.2
	}
	best, bestD := -1, 0.03*ref.pitch
	for i, c := range combs {
		if d := math.Abs(c.pitch - ref.pitch); d <= bestD && c.corr >= least {
			best, bestD = i, d
		}
	}
	if best < 0 {
		return other, corr
	}
	return combs[best].lines, math.Max(combs[best].corr, minCorrelation)
}

// comb is the correlation of a profile with the comb of walls of one
// number of cells.
type comb struct {
	lines
	corr float64
}

// combScores returns the correlation of a profile of ink along one axis
// (the ink in each column or row of the maze's box, the outer walls at
// both ends) with the comb of walls t pixels thick of every number of
// cells from 2 to as many as fit: Pearson's correlation of the profile
// with 1 on the walls and 0 between them. Lines are relative to the
// profile's start.
func combScores(profile []float64, t float64) []comb {
	var out []comb
	n := len(profile)
	mean := 0.0
	for _, v := range profile {
		mean += v
	}
	mean /= float64(n)
	varQ := 0.0
	for _, v := range profile {
		varQ += (v - mean) * (v - mean)
	}
	span := float64(n) - t // from the first wall's middle to the last's
	if varQ == 0 || span <= 0 {
		return nil
	}
	half := t / 2
	maxCells := int(span / math.Max(t+1, 2))
	teeth := make([]bool, n)
	for cells := 2; cells <= maxCells; cells++ {
		pitch := span / float64(cells)
		l := lines{first: (t - 1) / 2, pitch: pitch, n: cells}
		clear(teeth)
		on := 0
		for k := 0; k <= cells; k++ {
			c := l.at(k)
			for x := int(math.Ceil(c - half)); x <= int(math.Floor(c+half)); x++ {
				if x >= 0 && x < n && !teeth[x] {
					teeth[x] = true
					on++
				}
			}
		}
		if on == 0 || on == n {
			continue
		}
		p := float64(on) / float64(n)
		sumOn := 0.0
		for x, v := range profile {
			if teeth[x] {
				sumOn += v
			}
		}
		// Pearson's correlation of the profile with the 0/1 comb.
		cov := sumOn/float64(n) - mean*p
		out = append(out, comb{l, cov / math.Sqrt(varQ/float64(n)*p*(1-p))})
	}
	return out
}

// bandReader reads how light the band of a wall between two cells is.
type bandReader struct {
	g              *gray
	t              float64
	pitchX, pitchY float64
}

// reach is how far across a wall's middle its darkest pixel is looked
// for: the wall's half thickness and a pixel, but never as far as the
// next wall.
func (b bandReader) reach(pitch float64) float64 {
	return math.Min(b.t/2+1, pitch/2-b.t/2-0.01)
}

// span returns the pixels across a wall whose middle is at c: reach
// either side, or only as far as the wall's own edge on the outside of
// an outer wall (out -1 before it, +1 after), where markers stand.
func (b bandReader) span(c, reach float64, out int) (lo, hi int) {
	before, after := reach, reach
	switch out {
	case -1:
		before = math.Min(reach, b.t/2)
	case 1:
		after = math.Min(reach, b.t/2)
	}
	return int(math.Round(c - before)), int(math.Round(c + after))
}

// vertical returns the lightness of the wall whose middle runs along
// column x from line y0 to y1 (walls' middles): the median, over the
// middle half of the corridor, of the darkest pixel across the wall
// (out says which side of an outer wall is outside, 0 for an inner one).
func (b bandReader) vertical(x, y0, y1 float64, out int) float64 {
	var v []float64
	reach := b.reach(b.pitchX)
	inner := (y1 - y0 - b.t) / 4
	mid := (y0 + y1) / 2
	for y := int(math.Round(mid - inner)); y <= int(math.Round(mid+inner)); y++ {
		d := 255.0
		lo, hi := b.span(x, reach, out)
		for xx := lo; xx <= hi; xx++ {
			d = math.Min(d, float64(b.g.at(xx, y)))
		}
		v = append(v, d)
	}
	return median(v)
}

// horizontal is vertical for a wall along line y from column x0 to x1.
func (b bandReader) horizontal(y, x0, x1 float64, out int) float64 {
	var v []float64
	reach := b.reach(b.pitchY)
	inner := (x1 - x0 - b.t) / 4
	mid := (x0 + x1) / 2
	for x := int(math.Round(mid - inner)); x <= int(math.Round(mid+inner)); x++ {
		d := 255.0
		lo, hi := b.span(y, reach, out)
		for yy := lo; yy <= hi; yy++ {
			d = math.Min(d, float64(b.g.at(x, yy)))
		}
		v = append(v, d)
	}
	return median(v)
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// mark is a coloured square: its middle and the role its colour gives.
type mark struct {
	x, y float64
	role role
}

// marks finds the coloured marks no larger than a cell and a half: the
// two largest. Green is the start and red the goal; with two reds, the
// darker is the start (mazebook's red entrance and light red exit).
func marks(g *gray, pitch float64) []mark {
	bs := blobs(g.w, g.h, func(i int) bool { return g.col[i].A != 0 })
	var keep []blob
	for _, b := range bs {
		if b.n < 4 || float64(b.box.w()) > 1.6*pitch || float64(b.box.h()) > 1.6*pitch {
			continue
		}
		for y := b.box.y0; y <= b.box.y1; y++ {
			for x := b.box.x0; x <= b.box.x1; x++ {
				if c := g.col[y*g.w+x]; c.A != 0 {
					b.sr += float64(c.R)
					b.sg += float64(c.G)
					b.sb += float64(c.B)
				}
			}
		}
		keep = append(keep, b)
	}
	sort.SliceStable(keep, func(i, j int) bool { return keep[i].n > keep[j].n })
	if len(keep) > 2 {
		keep = keep[:2]
	}
	var out []mark
	for _, b := range keep {
		out = append(out, mark{x: b.sx / float64(b.n), y: b.sy / float64(b.n)})
	}
	if len(out) != 2 {
		return out
	}
	green := func(b blob) bool { return b.sg > b.sr && b.sg > b.sb }
	luma := func(b blob) float64 { return (0.299*b.sr + 0.587*b.sg + 0.114*b.sb) / float64(b.n) }
	first := 0
	switch {
	case green(keep[1]) && !green(keep[0]):
		first = 1
	case green(keep[0]) && !green(keep[1]):
	case luma(keep[1]) < luma(keep[0]):
		first = 1
	}
	out[first].role, out[1-first].role = start, goal
	return out
}
