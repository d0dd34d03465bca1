package ocr

import "image"

// Fills behind print: a table's header row shaded blue, a note on a
// grey box, a slide's dark band with white letters. Print on a fill reads
// well to the eye, but Tesseract thresholds the page as a whole, and its
// page segmentation takes a large tinted area for a picture: the header
// of a table set on a light blue fill (unstructured's
// table-multi-row-column-cells) was not read at all, and white words on
// a dark band came out as noise. flattenFills turns such fills white and
// their print dark.
//
// A fill is found as the page's background, at backgroundDPI. For light
// fills, a grey closing (the lightest level within a window, then the
// darkest of those) wipes out dark print, whose strokes are narrower
// than the window, and keeps the edges of fills wider than it. Where that
// background is a tint, each pixel is divided by it: the fill becomes
// white and its print keeps its contrast. For dark fills, a grey opening
// (the darkest, then the lightest) wipes out light print the same way;
// where that background is dark, each pixel is turned negative and
// divided by the negative of the background.
const (
	// tintMin and tintMax bound a light fill's grey level. Paper, as
	// scanned, is lighter than tintMax, and its pages are left as they
	// are; fills darker than tintMin carry light print, and a fill at
	// darkMax or darker is a dark one. Between the two, a fill may
	// carry print of either kind, and is left alone.
	tintMin = 110
	tintMax = 225
	darkMax = 100
	// minFillShare is the least share of the page that fills must cover
	// for the page to be flattened: a shaded header row across a page
	// takes 2% of it. Runs of pixels at a fill's levels, as wide as the
	// fill's window, are counted first, as they are cheap to count
	// (runsCover): print on white leaves no such runs, and most pages
	// stop there.
	minFillShare = 0.01
	// printWindowPerInch sets the window that wipes out print, a
	// twelfth of an inch (6 points): wider than the strokes of bold
	// display type, narrower than a fill behind a line of text.
	printWindowPerInch = 12
	// coreWindowPerInch sets the window of a dark fill's core, a quarter
	// of an inch (18 points): a dark band behind a line of text leaves
	// as much dark beside its words, and a note's box beside its last
	// line; the strokes of black display type are not as wide (13 points
	// in Helvetica Bold at 96), and such a headline must not be taken
	// for a fill and turned white.
	coreWindowPerInch = 4
	// backgroundDPI is the resolution fills are found at.
	backgroundDPI = 100
)

// statFillsFlattened marks a page whose fills were turned white.
const statFillsFlattened = "fills_flattened"

// flattenFills returns g with its light and dark fills turned white and
// their print dark (a new image), or g itself when it has none.
func flattenFills(g *image.Gray, dpi int) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if w == 0 || h == 0 {
		return g
	}
	step := max(1, dpi/backgroundDPI)
	light := lightFills(g, step, window(dpi/step, printWindowPerInch))
	dark := darkFills(g, step, window(dpi/step, printWindowPerInch), window(dpi/step, coreWindowPerInch))
	if light == nil && dark == nil {
		return g
	}
	var lightGain, darkGain [256]int // 255 over the fill's distance from black, or from white, in 1/256ths
	for b := tintMin; b <= tintMax; b++ {
		lightGain[b] = 255 * 256 / b
	}
	for b := 0; b <= darkMax; b++ {
		darkGain[b] = 255 * 256 / (255 - b)
	}
	// gainAt is the gain of the fill mask m at block (xs, y/step): 0 where
	// m has no fill.
	gainAt := func(m *image.Gray, gain *[256]int, xs, y int) int {
		if m == nil {
			return 0
		}
		return gain[m.Pix[(y/step)*m.Stride+xs]]
	}
	out := image.NewGray(g.Rect)
	for y := range h {
		src := g.Pix[y*g.Stride : y*g.Stride+w]
		dst := out.Pix[y*out.Stride : y*out.Stride+w]
		for xs, x0 := 0, 0; x0 < w; xs, x0 = xs+1, x0+step {
			x1 := min(x0+step, w)
			if k := gainAt(dark, &darkGain, xs, y); k != 0 {
				for x := x0; x < x1; x++ {
					dst[x] = uint8(min(255, int(^src[x])*k>>8))
				}
			} else if k := gainAt(light, &lightGain, xs, y); k != 0 {
				for x := x0; x < x1; x++ {
					dst[x] = uint8(min(255, int(src[x])*k>>8))
				}
			} else {
				copy(dst[x0:x1], src[x0:x1])
			}
		}
	}
	return out
}

// lightFills is g's background at one pixel in step along each axis
// (each step×step block's lightest pixel, closed by a window of k), when
// it has fills at a tint's level over minFillShare of the page; nil when
// it has none.
func lightFills(g *image.Gray, step, k int) *image.Gray {
	if !runsCover(g, step, tintMin, tintMax, k) {
		return nil
	}
	bg := blocks(g, step, true)
	closing(bg, k)
	if !covers(bg, tintMin, tintMax) {
		return nil
	}
	return bg
}

// darkFills is the level of g's dark fills at one pixel in step along
// each axis (each step×step block's darkest), white where there is none;
// nil when they cover less than minFillShare of the page:
//   - a closing by the window k of print wipes out dark print, and
//     breaks rules and any other dark line thinner than the window: a
//     table's rules would join its dark header to every cell;
//   - a closing of the page by the wider window core leaves dark only a
//     fill's core: its margins, the wide gaps between its words; not
//     the strokes of black display type;
//   - a dark region left by the first closing is a fill where the second
//     leaves it dark somewhere, and the fill takes in the holes it
//     encloses: its light print. With them, it must be about as solid as
//     its box (minFillSolidity).
func darkFills(g *image.Gray, step, k, core int) *image.Gray {
	if !runsCover(g, step, 0, darkMax, core) {
		return nil
	}
	small := blocks(g, step, false)
	solid := crop(small, small.Rect)
	closing(solid, core)
	closing(small, k)
	fills := image.NewGray(small.Rect)
	fill(fills, fills.Rect, 255)
	var r *regions
	area := 0
	for i, v := range solid.Pix {
		if v > darkMax {
			continue
		}
		if r == nil {
			r = &regions{dark: small, fills: fills, in: make([]int32, len(small.Pix)), out: make([]int32, len(small.Pix))}
		}
		if r.in[i] == 0 && fills.Pix[i] == 255 {
			area += r.fill(i, v)
		}
	}
	if float64(area) < minFillShare*float64(len(fills.Pix)) {
		return nil
	}
	return fills
}

// regions marks dark fills: in and out stamp the pixels inside the
// region filled last and those outside it, by the region's number.
type regions struct {
	dark, fills *image.Gray
	in, out     []int32
	n           int32
	stack       []int
}

// fill marks in fills, at the level, the dark region of dark (levels up
// to darkMax, four-connected) that holds pixel i, with the holes it
// encloses, and returns its area.
func (r *regions) fill(i int, level uint8) int {
	w, h := r.dark.Rect.Dx(), r.dark.Rect.Dy()
	r.n++
	r.in[i] = r.n
	box := image.Rect(i%w, i/w, i%w+1, i/w+1)
	r.stack = append(r.stack[:0], i)
	for len(r.stack) > 0 {
		p := r.pop()
		box = box.Union(image.Rect(p%w, p/w, p%w+1, p/w+1))
		for _, q := range neighbours(p, w, h) {
			if q >= 0 && r.in[q] != r.n && r.dark.Pix[q] <= darkMax {
				r.in[q] = r.n
				r.stack = append(r.stack, q)
			}
		}
	}
	// The holes: what the outside of the region's box does not reach.
	outside := func(p int) bool { return r.in[p] != r.n && r.out[p] != r.n }
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			edge := x == box.Min.X || x == box.Max.X-1 || y == box.Min.Y || y == box.Max.Y-1
			if p := y*w + x; edge && outside(p) {
				r.out[p] = r.n
				r.stack = append(r.stack, p)
			}
		}
	}
	for len(r.stack) > 0 {
		for _, q := range neighbours(r.pop(), w, h) {
			if q >= 0 && image.Pt(q%w, q/w).In(box) && outside(q) {
				r.out[q] = r.n
				r.stack = append(r.stack, q)
			}
		}
	}
	area := 0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if r.out[y*w+x] != r.n {
				area++
			}
		}
	}
	if float64(area) < minFillSolidity*float64(box.Dx()*box.Dy()) {
		return 0
	}
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if p := y*w + x; r.out[p] != r.n {
				r.fills.Pix[p] = level
			}
		}
	}
	return area
}

// minFillSolidity is the least share of its box that a dark fill, with
// the print it encloses, covers: a band or a box covers all of it, a
// disc 79%; a letter of black display type whose strokes meet wide
// enough to hold a fill's core (the N of Helvetica Bold at 96 points,
// where its diagonal meets its stems) covers half.
const minFillSolidity = 0.7

func (r *regions) pop() int {
	p := r.stack[len(r.stack)-1]
	r.stack = r.stack[:len(r.stack)-1]
	return p
}

// neighbours are the four pixels next to p in an image w×h wide, -1
// past its edges.
func neighbours(p, w, h int) [4]int {
	x, y := p%w, p/w
	n := [4]int{-1, -1, -1, -1}
	if x > 0 {
		n[0] = p - 1
	}
	if x < w-1 {
		n[1] = p + 1
	}
	if y > 0 {
		n[2] = p - w
	}
	if y < h-1 {
		n[3] = p + w
	}
	return n
}

// blocks is g at one pixel in step along each axis, each pixel the
// lightest of its step×step block, or the darkest.
func blocks(g *image.Gray, step int, lightest bool) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	sw, sh := (w+step-1)/step, (h+step-1)/step
	s := image.NewGray(image.Rect(0, 0, sw, sh))
	if !lightest {
		fill(s, s.Rect, 255)
	}
	for y := range h {
		src := g.Pix[y*g.Stride : y*g.Stride+w]
		dst := s.Pix[(y/step)*sw : (y/step+1)*sw]
		for xs := range dst {
			v := dst[xs]
			block := src[xs*step : min((xs+1)*step, w)]
			if lightest {
				for _, b := range block {
					v = max(v, b)
				}
			} else {
				for _, b := range block {
					v = min(v, b)
				}
			}
			dst[xs] = v
		}
	}
	return s
}

// window is the odd width of a window of 1/perInch inch at dpi, at
// least 3.
func window(dpi, perInch int) int { return max(3, dpi/perInch) | 1 }

// runsCover is the cheap test a page passes before its fills are
// sought: whether, sampling one pixel in step along every step-th row,
// runs of at least n samples at levels lo to hi cover minFillShare of
// the samples. A fill as wide as a window leaves such runs across it;
// print leaves short ones at its levels, a rule leaves them along one
// row.
func runsCover(g *image.Gray, step int, lo, hi uint8, n int) bool {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	in, samples := 0, 0
	for y := 0; y < h; y += step {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		run := 0
		for x := 0; x < w; x += step {
			samples++
			if v := row[x]; v >= lo && v <= hi {
				run++
				continue
			}
			if run >= n {
				in += run
			}
			run = 0
		}
		if run >= n {
			in += run
		}
	}
	return float64(in) >= minFillShare*float64(samples)
}

// covers reports whether at least minFillShare of g's pixels lie at
// levels lo to hi.
func covers(g *image.Gray, lo, hi uint8) bool {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	n := 0
	for y := range h {
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			if v >= lo && v <= hi {
				n++
			}
		}
	}
	return float64(n) >= minFillShare*float64(w*h)
}

// closing turns g (zero-origin, its stride its width) into its grey
// closing by a k×k square (k odd): the lightest level over the window
// (a dilation), then the darkest (an erosion, the dilation of the
// negative). It wipes out dark marks narrower than the window.
func closing(g *image.Gray, k int) {
	dilate(g, k)
	negate(g.Pix)
	dilate(g, k)
	negate(g.Pix)
}

// dilate replaces each pixel of g (zero-origin, its stride its width) by
// the lightest of the k×k pixels centred on it; past the image's edges a
// window holds only the image's pixels.
//
// The lightest of every run of k values takes three comparisons a value,
// whatever k (van Herk's and Gil and Werman's method): over blocks of k,
// a running maximum from each block's start (fwd) and one from its end
// (back); a window spans at most two blocks, and its maximum is back at
// its start against fwd at its end.
func dilate(g *image.Gray, k int) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	r := k / 2
	m := max(w, h) + 2*r
	pad, fwd, back := make([]uint8, m), make([]uint8, m), make([]uint8, m)
	for y := range h {
		row := g.Pix[y*w : (y+1)*w]
		copy(pad[r:], row)
		runMax(row, pad[:w+2*r], fwd, back, k)
	}
	// Down the columns a strip at a time, reading memory in order: each
	// strip's fwd and back hold whole rows of it.
	strip := min(w, downStrip)
	fwdRows, backRows := make([]uint8, (h+2*r)*strip), make([]uint8, (h+2*r)*strip)
	for x0 := 0; x0 < w; x0 += strip {
		downMax(g, x0, min(strip, w-x0), k, fwdRows, backRows)
	}
}

// downStrip is the width of the strips that dilate takes down the page.
const downStrip = 256

// runMax writes to dst the maximum of each window of k values of pad,
// which holds the line after r = k/2 zeros and before as many more.
func runMax(dst, pad, fwd, back []uint8, k int) {
	m := len(pad)
	for b0 := 0; b0 < m; b0 += k {
		b1 := min(b0+k, m)
		fwd[b0] = pad[b0]
		for i := b0 + 1; i < b1; i++ {
			fwd[i] = max(fwd[i-1], pad[i])
		}
		back[b1-1] = pad[b1-1]
		for i := b1 - 2; i >= b0; i-- {
			back[i] = max(back[i+1], pad[i])
		}
	}
	for i := range dst {
		dst[i] = max(back[i], fwd[i+k-1])
	}
}

// downMax does runMax down the columns x0 to x0+n of g, a row at a time.
func downMax(g *image.Gray, x0, n, k int, fwd, back []uint8) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	r := k / 2
	m := h + 2*r
	zero := make([]uint8, n)
	at := func(i int) []uint8 { // row i of the padded strip
		if i < r || i >= r+h {
			return zero
		}
		y := i - r
		return g.Pix[y*w+x0 : y*w+x0+n]
	}
	row := func(v []uint8, i int) []uint8 { return v[i*n : (i+1)*n] }
	for b0 := 0; b0 < m; b0 += k {
		b1 := min(b0+k, m)
		copy(row(fwd, b0), at(b0))
		for i := b0 + 1; i < b1; i++ {
			maxInto(row(fwd, i), row(fwd, i-1), at(i))
		}
		copy(row(back, b1-1), at(b1-1))
		for i := b1 - 2; i >= b0; i-- {
			maxInto(row(back, i), row(back, i+1), at(i))
		}
	}
	for y := range h {
		maxInto(g.Pix[y*w+x0:y*w+x0+n], row(back, y), row(fwd, y+k-1))
	}
}

// maxInto writes to dst the larger of a and b, element by element.
func maxInto(dst, a, b []uint8) {
	b = b[:len(dst)]
	a = a[:len(dst)]
	for i := range dst {
		dst[i] = max(a[i], b[i])
	}
}

func negate(v []uint8) {
	for i := range v {
		v[i] = ^v[i]
	}
}
