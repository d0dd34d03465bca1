package ocr

import (
	"cmp"
	"image"
	"math"
	"slices"
)

// Skew correction and ruling-line removal, applied to an upright page
// before recognition. Both backends read the straightened page, and the
// layout works on it, where text lines are horizontal; word boxes are
// mapped back onto the image the caller gave.

// maxSkewDeg bounds the skew searched for; scans are rarely worse.
const maxSkewDeg = 5.0

// minSkewDeg is the skew below which the page is left as it is: at 0.15°
// a line 1700 pixels long drifts by 4 pixels.
const minSkewDeg = 0.15

// darkThreshold separates ink from paper on a gray render.
const darkThreshold = 140

// fringe is the gray level below which a pixel next to a rule is taken as
// part of it.
const fringe = 235

// estimateSkew finds the angle, in degrees, by which text lines on g run
// downhill to the right (image y grows downwards): the angle at which the
// projection of the ink onto the vertical axis is sharpest (the sum of
// squared bin counts is largest). Ink is sampled on a coarse grid, so the
// cost is a few milliseconds per page.
func estimateSkew(g *image.Gray) float64 {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if w < 64 || h < 64 {
		return 0
	}
	step := max(1, min(w, h)/800)
	type pt struct{ x, y float32 }
	var pts []pt
	for y := 0; y < h; y += step {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x := 0; x < w; x += step {
			if row[x] < darkThreshold {
				pts = append(pts, pt{float32(x - w/2), float32(y)})
			}
		}
	}
	if len(pts) < 200 {
		return 0
	}
	// Bins of the projection, in units of step pixels, with room for the
	// drift at the steepest angle.
	drift := int(float64(w)/2*math.Tan(maxSkewDeg*math.Pi/180)) + 2
	nbins := (h+2*drift)/step + 2
	hist := make([]int32, nbins)
	score := func(deg float64) float64 {
		clear(hist)
		t := float32(math.Tan(deg * math.Pi / 180))
		inv := 1 / float32(step)
		off := float32(drift)
		for _, p := range pts {
			b := int((p.y - p.x*t + off) * inv)
			if b >= 0 && b < nbins {
				hist[b]++
			}
		}
		var s float64
		for _, c := range hist {
			s += float64(c) * float64(c)
		}
		return s
	}
	best, bestS := 0.0, score(0)
	for d := -maxSkewDeg; d <= maxSkewDeg+1e-9; d += 0.25 {
		if s := score(d); s > bestS {
			best, bestS = d, s
		}
	}
	centre := best
	for d := centre - 0.25; d <= centre+0.25+1e-9; d += 0.05 {
		if s := score(d); s > bestS {
			best, bestS = d, s
		}
	}
	return best
}

// pageSkew is the skew of a page g printed at dpi (estimateSkew). A page
// of columns is measured one column at a time, where they stand apart as
// the page lies (pageParts): the whole page's projection mixes the lines
// of columns set at other heights, and a slant that lines up one
// column's lines with the next one's scored sharper than none. A page of
// three narrow columns, not turned at all, measured 0.5°; straightened by
// that, its gutters closed, and it was read across its columns. The
// median of the columns' skews is the page's. A page turned so far that
// its gutters close as it lies is one part, measured whole, and so is a
// page cut only into bands (a line of display type read apart).
func pageSkew(g *image.Gray, dpi int) float64 {
	var cols []image.Rectangle
	least := int(minColumnsInch * float64(dpi))
	for _, p := range pageParts(g, dpi) {
		if p.Dx() >= least && p.Dy() >= least {
			cols = append(cols, p)
		}
	}
	if !sideBySide(cols) {
		return estimateSkew(g)
	}
	degs := make([]float64, len(cols))
	for i, c := range cols {
		degs[i] = estimateSkew(g.SubImage(c).(*image.Gray))
	}
	slices.Sort(degs)
	return degs[len(degs)/2]
}

// sideBySide reports whether two of parts share rows: columns, not a
// band of display type over the rest of the page.
func sideBySide(parts []image.Rectangle) bool {
	for i, p := range parts {
		for _, q := range parts[i+1:] {
			if p.Min.Y < q.Max.Y && q.Min.Y < p.Max.Y {
				return true
			}
		}
	}
	return false
}

// skewFrame maps between an image and its straightened copy: the copy is
// the image turned by -deg about its centre, same size, paper-white where
// nothing was.
type skewFrame struct {
	deg    float64
	cx, cy float64
	cos    float64
	sin    float64
}

func newSkewFrame(deg float64, w, h int) skewFrame {
	r := deg * math.Pi / 180
	return skewFrame{deg: deg, cx: float64(w) / 2, cy: float64(h) / 2, cos: math.Cos(r), sin: math.Sin(r)}
}

// toOriginal maps a point of the straightened copy onto the image.
func (f skewFrame) toOriginal(x, y float64) (float64, float64) {
	dx, dy := x-f.cx, y-f.cy
	return f.cx + dx*f.cos - dy*f.sin, f.cy + dx*f.sin + dy*f.cos
}

// rectToOriginal maps a box of the straightened copy onto the image (the
// box around its turned corners), clipped to bounds.
func (f skewFrame) rectToOriginal(r image.Rectangle, bounds image.Rectangle) image.Rectangle {
	if f.deg == 0 {
		return r
	}
	x0, y0 := math.Inf(1), math.Inf(1)
	x1, y1 := math.Inf(-1), math.Inf(-1)
	for _, c := range [4][2]int{{r.Min.X, r.Min.Y}, {r.Max.X, r.Min.Y}, {r.Min.X, r.Max.Y}, {r.Max.X, r.Max.Y}} {
		x, y := f.toOriginal(float64(c[0]), float64(c[1]))
		x0, y0, x1, y1 = math.Min(x0, x), math.Min(y0, y), math.Max(x1, x), math.Max(y1, y)
	}
	out := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1))).Intersect(bounds)
	if out.Empty() {
		return r.Intersect(bounds)
	}
	return out
}

// paperShare places the level above which a straightened page is paper:
// this share of the way from the threshold between ink and paper (Otsu's)
// to white. Bilinear resampling blends a scan's pixel noise into soft
// specks about as large as a letter's dots, which Tesseract's LSTM reads
// as dots: Arabic letters that differ only by their dots (ص ض, ع غ, ف ق)
// come out wrong, a quarter of the words on a page skewed by 0.75°, where
// the same page unturned reads with 2% wrong. The anti-aliased edges of
// strokes, and thin marks such as accents, are darker than this level and
// stay as they are.
const paperShare = 0.75

// paperLevel is the gray level above which a pixel of g is paper.
func paperLevel(g *image.Gray) float64 {
	t := float64(otsuThreshold(g))
	return t + paperShare*(255-t)
}

// straighten returns g turned by -deg about its centre (bilinear), with
// its paper white (paperLevel), and the frame to map boxes back.
func straighten(g *image.Gray, deg float64) (*image.Gray, skewFrame) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	f := newSkewFrame(deg, w, h)
	out := image.NewGray(image.Rect(0, 0, w, h))
	paper := paperLevel(g)
	for y := 0; y < h; y++ {
		straightenRow(out.Pix[y*out.Stride:y*out.Stride+w], g, f, y, paper)
	}
	return out, f
}

// Straightening samples g in fixed point: positions with fixBits of
// fraction, interpolation weights with weightBits. A step's rounding
// drifts by under a hundredth of a pixel across a page, and 256 weights
// (Leptonica turns pages with 16) put a sample within two gray levels of
// float bilinear's between black and white neighbours, closer between
// grays. Integer steps along a row make straightening 2.4 times as fast
// as a float bilinear sample a pixel (23 against 56 ms for a page at 200
// dpi), which was a twentieth of the OCR engine's CPU on an English page.
const (
	fixBits    = 16
	weightBits = 8
	fixOne     = 1 << fixBits
	weightMask = 1<<weightBits - 1
)

// straightenRow fills row y of the straightened copy. A sample whose four
// neighbours lie inside g is interpolated in fixed point; one at g's edge
// goes to bilinear, which clamps.
func straightenRow(row []uint8, g *image.Gray, f skewFrame, y int, paper float64) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	dy := float64(y) + 0.5 - f.cy
	// The source of pixel x's centre, less half a pixel (bilinear's
	// grid): (sx0 + x·cos, sy0 + x·sin).
	sx0 := f.cx + (0.5-f.cx)*f.cos - dy*f.sin - 0.5
	sy0 := f.cy + (0.5-f.cx)*f.sin + dy*f.cos - 0.5
	x0f, y0f := int64(math.Round(sx0*fixOne)), int64(math.Round(sy0*fixOne))
	stepX, stepY := int64(math.Round(f.cos*fixOne)), int64(math.Round(f.sin*fixOne))
	paperFix := int64(paper * (1 << (2 * weightBits)))
	const half = 1 << (2*weightBits - 1)
	for x := range row {
		fx, fy := x0f+int64(x)*stepX, y0f+int64(x)*stepY
		ix, iy := int(fx>>fixBits), int(fy>>fixBits)
		if fx < 0 || fy < 0 || ix+1 >= w || iy+1 >= h {
			row[x] = edgeSample(g, float64(fx)/fixOne+0.5, float64(fy)/fixOne+0.5, paper)
			continue
		}
		ax := (fx >> (fixBits - weightBits)) & weightMask
		ay := (fy >> (fixBits - weightBits)) & weightMask
		i := iy*g.Stride + ix
		p00, p01 := int64(g.Pix[i]), int64(g.Pix[i+1])
		p10, p11 := int64(g.Pix[i+g.Stride]), int64(g.Pix[i+g.Stride+1])
		top := p00<<weightBits + (p01-p00)*ax
		bot := p10<<weightBits + (p11-p10)*ax
		v := top<<weightBits + (bot-top)*ay
		if v > paperFix {
			row[x] = 255
			continue
		}
		row[x] = uint8((v + half) >> (2 * weightBits))
	}
}

// edgeSample is the straightened copy's pixel whose source (sx, sy), in
// g's pixels, lies at or beyond g's edge: white outside g, else bilinear's
// clamped sample.
func edgeSample(g *image.Gray, sx, sy, paper float64) uint8 {
	if sx < 0 || sy < 0 || sx >= float64(g.Rect.Dx()) || sy >= float64(g.Rect.Dy()) {
		return 255
	}
	v := bilinear(g, sx, sy)
	if v > paper {
		return 255
	}
	return uint8(v + 0.5)
}

// rule is a straight ruling line found on the page, in pixels.
type rule struct {
	box      image.Rectangle
	vertical bool
}

// removeRules finds ruling lines (table borders, underlines, separators)
// on a straightened page and paints them white in a copy: Tesseract's page
// segmentation takes a ruled table for a picture and skips it, and lines
// crossing text spoil the detector's boxes. A rule is a run of ink at least
// minH pixels long horizontally, or minV vertically, and at most thick
// pixels across; letters have no such runs. It returns the cleaned copy
// (g itself when nothing was found) and the rules.
func removeRules(g *image.Gray, dpi int) (*image.Gray, []rule) {
	minH := max(20, dpi/2)    // half an inch
	minV := max(24, dpi*6/10) // taller than the strokes of a 40-point heading
	thick := max(2, dpi/40)   // rules are thin
	m := &ruleMask{g: g, w: g.Rect.Dx(), h: g.Rect.Dy()}
	m.mask = make([]bool, m.w*m.h)
	m.markHorizontal(minH, thick)
	horiz := m.horizontalRules()
	vert := m.verticalRules(m.markVertical(minV), thick)
	if !m.found {
		return g, nil
	}
	return m.paint(), append(vert, horiz...)
}

// ruleMask marks the pixels of a page's ruling lines. Every pass goes
// along rows, the order of g's bytes: a page at 200 dpi is 3.9 million
// of them, and a pass down its columns touches a new cache line at each.
type ruleMask struct {
	g     *image.Gray
	w, h  int
	mask  []bool
	rows  []bool // rows[y]: a horizontal run is marked on row y
	found bool
}

// row is row y of the page.
func (m *ruleMask) row(y int) []uint8 { return m.g.Pix[y*m.g.Stride : y*m.g.Stride+m.w] }

// markHorizontal marks the thin horizontal runs of ink at least minH long.
func (m *ruleMask) markHorizontal(minH, thick int) {
	m.rows = make([]bool, m.h)
	for y := 0; y < m.h; y++ {
		row := m.row(y)
		x := 0
		for x < m.w {
			if row[x] >= darkThreshold {
				x++
				continue
			}
			s := x
			for x < m.w && row[x] < darkThreshold {
				x++
			}
			if x-s >= minH && thinRun(m.g, s, x, y, thick) {
				m.found, m.rows[y] = true, true
				for i := y*m.w + s; i < y*m.w+x; i++ {
					m.mask[i] = true
				}
			}
		}
	}
}

// horizontalRules turns the marked horizontal runs into boxes, runs on
// neighbouring rows merged.
func (m *ruleMask) horizontalRules() []rule {
	var horiz []rule
	for y := 0; y < m.h; y++ {
		if !m.rows[y] {
			continue
		}
		mask := m.mask[y*m.w : (y+1)*m.w]
		x := 0
		for x < m.w {
			if !mask[x] {
				x++
				continue
			}
			s := x
			for x < m.w && mask[x] {
				x++
			}
			r := image.Rect(s, y, x, y+1)
			merged := false
			for i := len(horiz) - 1; i >= 0 && horiz[i].box.Max.Y >= y-1; i-- {
				b := &horiz[i].box
				if b.Max.Y >= y && r.Min.X < b.Max.X && r.Max.X > b.Min.X {
					*b = b.Union(r)
					merged = true
					break
				}
			}
			if !merged {
				horiz = append(horiz, rule{box: r})
			}
		}
	}
	return horiz
}

// vrun is a vertical run of ink in column x.
type vrun struct{ x, y0, y1 int }

// markVertical marks the vertical runs of ink at least minV long, in the
// order of their columns and then of their tops (verticalRules merges
// them in that order). It goes along rows, keeping each column's open
// run.
func (m *ruleMask) markVertical(minV int) []vrun {
	var runs []vrun
	open := make([]int, m.w) // open[x]: the length of the run of ink ending on the row above
	end := func(x, y int) {
		if open[x] >= minV {
			m.found = true
			for i := y - open[x]; i < y; i++ {
				m.mask[i*m.w+x] = true
			}
			runs = append(runs, vrun{x, y - open[x], y})
		}
		open[x] = 0
	}
	for y := 0; y < m.h; y++ {
		for x, v := range m.row(y) {
			if v < darkThreshold {
				open[x]++
			} else if open[x] > 0 {
				end(x, y)
			}
		}
	}
	for x := range open {
		if open[x] > 0 {
			end(x, m.h)
		}
	}
	slices.SortFunc(runs, func(a, b vrun) int { return cmp.Or(a.x-b.x, a.y0-b.y0) })
	return runs
}

// verticalRules merges the runs of neighbouring columns into rules. A wide
// "vertical rule" is a solid shape (a picture, a filled box), not a line:
// it is kept out of the mask and the list.
func (m *ruleMask) verticalRules(runs []vrun, thick int) []rule {
	var vert []rule
	for _, r := range runs {
		merged := false
		for i := range vert {
			b := &vert[i].box
			if r.x <= b.Max.X+1 && r.x >= b.Min.X && r.y0 < b.Max.Y && r.y1 > b.Min.Y {
				*b = b.Union(image.Rect(r.x, r.y0, r.x+1, r.y1))
				merged = true
				break
			}
		}
		if !merged {
			vert = append(vert, rule{box: image.Rect(r.x, r.y0, r.x+1, r.y1), vertical: true})
		}
	}
	out := vert[:0]
	for _, r := range vert {
		if r.box.Dx() > thick+1 {
			for y := r.box.Min.Y; y < r.box.Max.Y; y++ {
				for x := r.box.Min.X; x < r.box.Max.X; x++ {
					m.mask[y*m.w+x] = false
				}
			}
			continue
		}
		out = append(out, r)
	}
	return out
}

// paint is a copy of the page with the marked rules white, and the gray
// fringe that anti-aliasing and straightening leave along them.
func (m *ruleMask) paint() *image.Gray {
	w, h, g := m.w, m.h, m.g
	c := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		copy(c.Pix[y*c.Stride:y*c.Stride+w], g.Pix[y*g.Stride:y*g.Stride+w])
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if !m.mask[y*w+x] {
				continue
			}
			c.Pix[y*c.Stride+x] = 255
			for _, d := range [4][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}} {
				xx, yy := x+d[0], y+d[1]
				if xx >= 0 && yy >= 0 && xx < w && yy < h && !m.mask[yy*w+xx] && g.Pix[yy*g.Stride+xx] < fringe {
					c.Pix[yy*c.Stride+xx] = 255
				}
			}
		}
	}
	return c
}

// thinRun reports whether a horizontal run of ink [x0, x1) on row y is a
// rule: thin at nearly every place along it. Crossing rules and the odd
// descender make a few places thick; the baseline stroke that joins the
// letters of an Arabic word has letters rising from it all along.
func thinRun(g *image.Gray, x0, x1, y, thick int) bool {
	n, thin := 0, 0
	for x := x0 + 1; x < x1-1; x += 3 {
		n++
		if thinAt(g, x, y, thick) {
			thin++
		}
	}
	return thin*100 >= n*85
}

// thinAt reports whether the ink at (x, y) is at most 2·thick pixels tall:
// a rule, not a filled shape.
func thinAt(g *image.Gray, x, y, thick int) bool {
	h := g.Rect.Dy()
	n := 1
	for yy := y - 1; yy >= 0 && g.Pix[yy*g.Stride+x] < darkThreshold; yy-- {
		n++
		if n > 2*thick {
			return false
		}
	}
	for yy := y + 1; yy < h && g.Pix[yy*g.Stride+x] < darkThreshold; yy++ {
		n++
		if n > 2*thick {
			return false
		}
	}
	return true
}

// sidewaysRatio is how much sharper the projection of the ink onto the
// horizontal axis must be than onto the vertical one for a page to be
// taken as lying on its side.
const sidewaysRatio = 1.5

// looksSideways reports whether g's text lines seem to run up or down the
// page rather than across: lines of print make the projection of the
// ink onto the axis across them sharp (lines and gaps), and the one along
// them smooth. A coarse grid of samples keeps it to a few milliseconds.
func looksSideways(g *image.Gray) bool {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if w < 64 || h < 64 {
		return false
	}
	step := max(1, min(w, h)/800)
	rows := make([]float64, h/step+1)
	cols := make([]float64, w/step+1)
	n := 0
	for y := 0; y < h; y += step {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x := 0; x < w; x += step {
			if row[x] < darkThreshold {
				rows[y/step]++
				cols[x/step]++
				n++
			}
		}
	}
	if n < 200 {
		return false
	}
	return sharpness(cols) > sidewaysRatio*sharpness(rows)
}

// sharpness is the mean square of a projection over its squared mean,
// counted over the bins that the ink spans: 1 for even ink, more for
// peaks and gaps.
func sharpness(bins []float64) float64 {
	lo, hi := 0, len(bins)-1
	for lo < hi && bins[lo] == 0 {
		lo++
	}
	for hi > lo && bins[hi] == 0 {
		hi--
	}
	span := bins[lo : hi+1]
	var s, s2 float64
	for _, c := range span {
		s += c
		s2 += c * c
	}
	if s == 0 {
		return 0
	}
	return s2 * float64(len(span)) / (s * s)
}

// otsuThreshold is the gray level that best splits g's pixels into ink
// and paper by Otsu's method (the largest variance between the two
// classes): ink is at or under it.
func otsuThreshold(g *image.Gray) uint8 {
	var hist [256]int
	w, h := g.Rect.Dx(), g.Rect.Dy()
	for y := range h {
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			hist[v]++
		}
	}
	total, sum := 0.0, 0.0
	for i, c := range hist {
		total += float64(c)
		sum += float64(i) * float64(c)
	}
	var below, belowSum, best float64
	t := uint8(darkThreshold)
	for i, c := range hist {
		below += float64(c)
		belowSum += float64(i) * float64(c)
		above := total - below
		if below == 0 || above == 0 {
			continue
		}
		d := belowSum/below - (sum-belowSum)/above
		if v := below * above * d * d; v > best {
			best, t = v, uint8(i)
		}
	}
	return t
}
