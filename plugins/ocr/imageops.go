package ocr

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/draw"
)

// toGray returns img as an *image.Gray with a zero origin, converting when
// needed.
func toGray(img image.Image) *image.Gray {
	if g, ok := img.(*image.Gray); ok && g.Rect.Min == (image.Point{}) {
		return g
	}
	b := img.Bounds()
	g := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(g, g.Rect, img, b.Min, draw.Src)
	return g
}

// crop copies r (clipped to the image) out of g into a new zero-origin image.
func crop(g *image.Gray, r image.Rectangle) *image.Gray {
	r = r.Intersect(g.Rect)
	out := image.NewGray(image.Rect(0, 0, r.Dx(), r.Dy()))
	for y := 0; y < r.Dy(); y++ {
		src := g.Pix[(r.Min.Y+y-g.Rect.Min.Y)*g.Stride+(r.Min.X-g.Rect.Min.X):]
		copy(out.Pix[y*out.Stride:y*out.Stride+r.Dx()], src)
	}
	return out
}

// fill paints r (clipped to g) with the level v.
func fill(g *image.Gray, r image.Rectangle, v uint8) {
	r = r.Intersect(g.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := g.Pix[(y-g.Rect.Min.Y)*g.Stride+(r.Min.X-g.Rect.Min.X):]
		for x := range r.Dx() {
			row[x] = v
		}
	}
}

// unrotateRect maps a rectangle of render.TurnClockwise(g, deg) back onto g, whose size
// is w×h.
func unrotateRect(r image.Rectangle, deg, w, h int) image.Rectangle {
	switch deg {
	case 90:
		// rotated (x', y') = (h-1-y, x)  ⇒  x = y', y = h-1-x'
		return image.Rect(r.Min.Y, h-r.Max.X, r.Max.Y, h-r.Min.X)
	case 180:
		return image.Rect(w-r.Max.X, h-r.Max.Y, w-r.Min.X, h-r.Min.Y)
	case 270:
		// rotated (x', y') = (y, w-1-x)  ⇒  x = w-1-y', y = x'
		return image.Rect(w-r.Max.Y, r.Min.X, w-r.Min.Y, r.Max.X)
	}
	return r
}

// bilinear samples g at (fx, fy) (pixel centres at integer+0.5).
func bilinear(g *image.Gray, fx, fy float64) float64 {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	fx -= 0.5
	fy -= 0.5
	x0, y0 := int(fx), int(fy)
	if fx < 0 {
		x0, fx = 0, 0
	}
	if fy < 0 {
		y0, fy = 0, 0
	}
	x1, y1 := min(x0+1, w-1), min(y0+1, h-1)
	x0, y0 = min(x0, w-1), min(y0, h-1)
	ax, ay := fx-float64(x0), fy-float64(y0)
	ax, ay = max(0, min(1, ax)), max(0, min(1, ay))
	p := func(x, y int) float64 { return float64(g.Pix[y*g.Stride+x]) }
	top := p(x0, y0)*(1-ax) + p(x1, y0)*ax
	bot := p(x0, y1)*(1-ax) + p(x1, y1)*ax
	return top*(1-ay) + bot*ay
}

// resizeGray scales g to w×h with bilinear sampling (area-averaging when
// shrinking by more than 2 would be better; the pages here shrink less).
func resizeGray(g *image.Gray, w, h int) *image.Gray {
	out := image.NewGray(image.Rect(0, 0, w, h))
	sx := float64(g.Rect.Dx()) / float64(w)
	sy := float64(g.Rect.Dy()) / float64(h)
	for y := 0; y < h; y++ {
		fy := (float64(y) + 0.5) * sy
		for x := 0; x < w; x++ {
			out.Pix[y*out.Stride+x] = uint8(bilinear(g, (float64(x)+0.5)*sx, fy) + 0.5)
		}
	}
	return out
}

func checkImage(g *image.Gray) error {
	if g == nil || g.Rect.Dx() < 4 || g.Rect.Dy() < 4 {
		return fmt.Errorf("ocr: image too small")
	}
	return nil
}

// BMP layout: a 14-byte file header, a 40-byte BITMAPINFOHEADER and a
// palette of 256 grays, then the rows bottom up, each padded to 4 bytes.
const (
	bmpFileHeader = 14
	bmpInfoHeader = 40
	bmpPalette    = 256 * 4
	bmpHeaders    = bmpFileHeader + bmpInfoHeader + bmpPalette
)

// bmp encodes g as an 8-bit gray BMP. Leptonica decodes a BMP from
// memory in one pass, where it reads a PGM a byte at a time through a
// stream: 90 ms for a page at 200 dpi.
func bmp(g *image.Gray) []byte {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	stride := (w + 3) &^ 3
	out := make([]byte, bmpHeaders+stride*h)
	le := binary.LittleEndian
	out[0], out[1] = 'B', 'M'
	le.PutUint32(out[2:], uint32(len(out)))
	le.PutUint32(out[10:], bmpHeaders)
	info := out[bmpFileHeader:]
	le.PutUint32(info[0:], bmpInfoHeader)
	le.PutUint32(info[4:], uint32(w))
	le.PutUint32(info[8:], uint32(h)) // positive: bottom up
	le.PutUint16(info[12:], 1)        // planes
	le.PutUint16(info[14:], 8)        // bits per pixel
	le.PutUint32(info[20:], uint32(stride*h))
	le.PutUint32(info[24:], 7874) // 200 dpi in pixels per metre
	le.PutUint32(info[28:], 7874)
	le.PutUint32(info[32:], 256)
	pal := out[bmpFileHeader+bmpInfoHeader : bmpHeaders]
	for i := range 256 {
		pal[4*i], pal[4*i+1], pal[4*i+2] = byte(i), byte(i), byte(i)
	}
	pix := out[bmpHeaders:]
	for y := range h {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		copy(pix[(h-1-y)*stride:], row)
	}
	return out
}
