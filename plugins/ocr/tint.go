package ocr

import "image"

// Tinted fills: a table's header row shaded blue, a callout on a grey
// box, a slide's coloured band. Dark print on a light tint reads well to
// the eye, but Tesseract thresholds the page as a whole and its page
// segmentation takes a large tinted area for a picture: the header of a
// table set on a light blue fill (unstructured's
// table-multi-row-column-cells) was not read at all. flattenTints turns
// such fills white and keeps their print as dark as it was against them.
//
// The fill is found as the page's background: a grey closing (the
// lightest level within a window, then the darkest of those) wipes out
// print, whose strokes are narrower than the window, and keeps the
// edges of fills wider than it. Where that background is a tint, each
// pixel is divided by it, so the fill becomes white and print on it
// keeps its contrast.
const (
	// tintMin and tintMax bound a tint's grey level. Paper, as scanned,
	// is lighter than tintMax, and its pages are left as they are; fills
	// darker than tintMin carry light print (white on a dark band), which
	// division would not bring out.
	tintMin = 110
	tintMax = 225
	// minTintShare is the least share of the page that fills at a
	// tint's level must cover for the page to be flattened: a shaded
	// header row across a page takes 2% of it. The page's own pixels at
	// such levels are counted first, as they are cheap to count: the
	// edges of print on white are at those levels too, and a page of
	// dense print (Chinese, a small face) has that many, but no fill.
	minTintShare = 0.01
	// tintWindowPerInch sets the closing's window, a twelfth of an inch
	// (6 points): wider than the strokes of bold display type, narrower
	// than a fill behind a line of text.
	tintWindowPerInch = 12
)

// statTintsFlattened marks a page whose tinted fills were turned white.
const statTintsFlattened = "tints_flattened"

// flattenTints returns g with its light tinted fills turned white (a new
// image), or g itself when it has none.
func flattenTints(g *image.Gray, dpi int) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if w == 0 || h == 0 || !tinted(g) {
		return g
	}
	bg, step := background(g, dpi)
	if !tinted(bg) {
		return g // tinted pixels, but no fill: the edges of dense print
	}
	var gain [256]int // 255/b in 1/256ths, for the tints' levels
	for b := tintMin; b <= tintMax; b++ {
		gain[b] = 255 * 256 / b
	}
	out := image.NewGray(g.Rect)
	changed := false
	for y := range h {
		src := g.Pix[y*g.Stride : y*g.Stride+w]
		back := bg.Pix[(y/step)*bg.Stride:]
		dst := out.Pix[y*out.Stride : y*out.Stride+w]
		for xs, x0 := 0, 0; x0 < w; xs, x0 = xs+1, x0+step {
			x1 := min(x0+step, w)
			k := gain[back[xs]]
			if k == 0 {
				copy(dst[x0:x1], src[x0:x1])
				continue
			}
			for x := x0; x < x1; x++ {
				dst[x] = uint8(min(255, int(src[x])*k>>8))
			}
			changed = true
		}
	}
	if !changed {
		return g
	}
	return out
}

// background is g's background at one pixel in step along each axis:
// the lightest pixel of each step×step block, closed by the window of
// tintWindowPerInch. It runs at a fraction of the page's pixels, and
// the fills it finds are wide.
func background(g *image.Gray, dpi int) (bg *image.Gray, step int) {
	step = max(1, dpi/backgroundDPI)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	sw, sh := (w+step-1)/step, (h+step-1)/step
	bg = image.NewGray(image.Rect(0, 0, sw, sh))
	for y := range h {
		src := g.Pix[y*g.Stride : y*g.Stride+w]
		dst := bg.Pix[(y/step)*sw : (y/step+1)*sw]
		for xs := range dst {
			for _, v := range src[xs*step : min((xs+1)*step, w)] {
				dst[xs] = max(dst[xs], v)
			}
		}
	}
	k := max(3, dpi/step/tintWindowPerInch) | 1
	return closing(bg, k), step
}

// backgroundDPI is the resolution background works at.
const backgroundDPI = 100

// tinted reports whether at least minTintShare of g's pixels lie at a
// tint's level: of the page, or of its background.
func tinted(g *image.Gray) bool {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	n := 0
	for y := range h {
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			if v >= tintMin && v <= tintMax {
				n++
			}
		}
	}
	return float64(n) >= minTintShare*float64(w*h)
}

// closing is g's grey closing by a k×k square (k odd): the lightest
// level over the window (a dilation), then the darkest (an erosion, the
// dilation of the negative), each along rows and then down columns.
func closing(g *image.Gray, k int) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		copy(out.Pix[y*out.Stride:y*out.Stride+w], g.Pix[y*g.Stride:y*g.Stride+w])
	}
	dilate(out, k)
	negate(out.Pix)
	dilate(out, k)
	negate(out.Pix)
	return out
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
