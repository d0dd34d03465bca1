package render

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"math"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/enums"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
)

// A scanned page is usually one picture: the scanner's JPEG, or its gray
// samples compressed with Flate, drawn upright over the whole page and
// nothing else. Rendering such a page decodes the picture inside pdfium
// (WebAssembly) and resamples it: 0.2-0.4 s of a core for a JPEG at the
// render's resolution, and 2 s of a core and as much again of the
// kernel's for a 600 ppi gray scan (4960×7016) rendered at 200 dpi. Go
// gives the same picture from the stored bytes in a fraction of that,
// and a picture stored at a whole multiple of the render's resolution is
// reduced by the mean of each block of pixels. ScanImage does so where
// nothing but the picture could change a pixel of the render; any other
// page is left to RenderPage.
const (
	// scanFit: the picture's corners lie within this many points of the
	// page's (the scanner's page is the PDF's page).
	scanFit = 1.0
	// scanScaleSlack: the picture's resolution is a whole multiple of
	// the render's within this share; beyond it the render would
	// resample the picture by another ratio.
	scanScaleSlack = 0.01
	// maxScanFactor: a picture of up to this many times the render's
	// resolution (a 600 ppi scan read at 150 dpi) is reduced in Go.
	maxScanFactor = 4
	// maxScanBytes bounds the stored picture read out of pdfium: a
	// render within MaxPixels, gray, stored without compression, is
	// 60 MB, and a 600 ppi gray A4 scan decodes to 35 MB.
	maxScanBytes = 64 << 20
)

// storedScan is a scan's picture as stored, w×h pixels at factor times
// the render's resolution: JPEG bytes, or 8-bit gray samples (Flate,
// decoded by pdfium).
type storedScan struct {
	jpeg, gray []byte
	w, h       int
	factor     int
	rot        int // the page's /Rotate, by which a render turns it clockwise
}

// ScanImage returns page's picture as stored, when the page is a scan at
// opt's resolution or a whole multiple of it (up to maxScanFactor): one
// picture upright on the page (which its /Rotate may turn) (a JPEG, gray or colour, whose luminance is returned, or
// 8-bit gray samples stored with Flate) covering the displayed page, and
// nothing else drawn; ok is false for any other page, which RenderPage
// draws. The Transform is the one RenderPage would give; the picture is
// the render's size or a pixel less.
func (r *Renderer) ScanImage(ctx context.Context, d *Doc, page int, opt Options) (img *image.Gray, tr Transform, ok bool, err error) {
	if err := d.checkPage(page); err != nil {
		return nil, Transform{}, false, err
	}
	dpi, err := opt.dpi()
	if err != nil {
		return nil, Transform{}, false, err
	}
	scale := float64(dpi) / 72
	var sc storedScan
	var found bool
	err = r.with(ctx, d, func(p pdfium.Pdfium, doc references.FPDF_DOCUMENT) error {
		sc, found = scanPicture(p, doc, page, scale)
		return nil
	})
	if err != nil || !found {
		return nil, Transform{}, false, err
	}
	g, err := sc.decode()
	if err != nil {
		// pdfium reads some JPEGs that Go does not (arithmetic coding,
		// 12-bit samples); RenderPage draws those.
		return nil, Transform{}, false, nil
	}
	if sc.factor > 1 {
		g = reduce(g, sc.factor)
	}
	return TurnClockwise(g, sc.rot), Transform{Scale: scale}, true, nil
}

// decode is the stored picture's luminance at its own resolution.
func (sc storedScan) decode() (*image.Gray, error) {
	if sc.jpeg != nil {
		return decodeGray(sc.jpeg, sc.w, sc.h)
	}
	if len(sc.gray) != sc.w*sc.h {
		return nil, errNotScan
	}
	return &image.Gray{Pix: sc.gray, Stride: sc.w, Rect: image.Rect(0, 0, sc.w, sc.h)}, nil
}

// reduce is g at 1/k of its resolution, each pixel the rounded mean of a
// k×k block; the last row and column of blocks, when g's size is no
// multiple of k, are left out (a render of the page is as large or a
// pixel larger).
func reduce(g *image.Gray, k int) *image.Gray {
	w, h := g.Rect.Dx()/k, g.Rect.Dy()/k
	out := image.NewGray(image.Rect(0, 0, w, h))
	sums := make([]uint32, w)
	half := uint32(k * k / 2)
	for y := range h {
		clear(sums)
		for dy := range k {
			row := g.Pix[(y*k+dy)*g.Stride:]
			for x := range w {
				var s uint32
				for _, v := range row[x*k : x*k+k] {
					s += uint32(v)
				}
				sums[x] += s
			}
		}
		dst := out.Pix[y*out.Stride : y*out.Stride+w]
		for x, s := range sums {
			dst[x] = uint8((s + half) / uint32(k*k))
		}
	}
	return out
}

// scanPicture is the stored picture of page, when the page is an upright
// scan at a whole multiple (up to maxScanFactor) of scale pixels per
// point; false otherwise.
func scanPicture(p pdfium.Pdfium, doc references.FPDF_DOCUMENT, page int, scale float64) (storedScan, bool) {
	pg := pageRef(doc, page)
	pi, err := pageInfo(p, doc, page)
	if err != nil {
		return storedScan{}, false
	}
	// The page as stored, before /Rotate turns it: the picture covers it.
	w, h := pi.Width, pi.Height
	switch pi.Rotation {
	case 0, 180:
	case 90, 270:
		w, h = h, w
	default:
		return storedScan{}, false
	}
	n, err := p.FPDFPage_CountObjects(&requests.FPDFPage_CountObjects{Page: pg})
	if err != nil || n.Count != 1 {
		return storedScan{}, false
	}
	obj, err := p.FPDFPage_GetObject(&requests.FPDFPage_GetObject{Page: pg, Index: 0})
	if err != nil {
		return storedScan{}, false
	}
	o := obj.PageObject
	if !uprightCover(p, pg, o, w, h) {
		return storedScan{}, false
	}
	kind := storedKind(p, pg, o)
	if kind == storedOther {
		return storedScan{}, false
	}
	size, err := p.FPDFImageObj_GetImagePixelSize(&requests.FPDFImageObj_GetImagePixelSize{ImageObject: o})
	if err != nil {
		return storedScan{}, false
	}
	sc := storedScan{w: int(size.Width), h: int(size.Height), rot: pi.Rotation}
	sc.factor = scanFactor(float64(sc.w), float64(sc.h), w*scale, h*scale)
	if sc.factor == 0 || clampPixels(pi.Width, pi.Height, scale) != nil {
		return storedScan{}, false // RenderPage says why a page is too large
	}
	if kind == storedJPEG {
		data, err := p.FPDFImageObj_GetImageDataRaw(&requests.FPDFImageObj_GetImageDataRaw{ImageObject: o})
		if err != nil || len(data.Data) == 0 || len(data.Data) > maxScanBytes {
			return storedScan{}, false
		}
		sc.jpeg = data.Data
		return sc, true
	}
	if sc.w*sc.h > maxScanBytes {
		return storedScan{}, false
	}
	data, err := p.FPDFImageObj_GetImageDataDecoded(&requests.FPDFImageObj_GetImageDataDecoded{ImageObject: o})
	if err != nil || len(data.Data) != sc.w*sc.h {
		return storedScan{}, false
	}
	sc.gray = data.Data
	return sc, true
}

// scanFactor is the whole k (1 to maxScanFactor) for which a picture of
// w×h pixels is k times a render of rw×rh, 0 when there is none.
func scanFactor(w, h, rw, rh float64) int {
	if rw <= 0 || rh <= 0 {
		return 0
	}
	k := int(math.Round(w / rw))
	if k < 1 || k > maxScanFactor || !atScale(w, float64(k)*rw) || !atScale(h, float64(k)*rh) {
		return 0
	}
	return k
}

// uprightCover reports whether the image object o is drawn upright (no
// turn, flip or shear) and opaque over the whole page, w×h points before
// its /Rotate, and nothing clips it inside the page.
func uprightCover(p pdfium.Pdfium, pg requests.Page, o references.FPDF_PAGEOBJECT, w, h float64) bool {
	m, err := p.FPDFPageObj_GetMatrix(&requests.FPDFPageObj_GetMatrix{PageObject: o})
	if err != nil || m.Matrix.B != 0 || m.Matrix.C != 0 || m.Matrix.A <= 0 || m.Matrix.D <= 0 {
		return false
	}
	if t, err := p.FPDFPageObj_HasTransparency(&requests.FPDFPageObj_HasTransparency{PageObject: o}); err != nil || t.HasTransparency {
		return false
	}
	bb, err := p.FPDF_GetPageBoundingBox(&requests.FPDF_GetPageBoundingBox{Page: pg})
	if err != nil {
		return false
	}
	page := rectF{bb.Rect.Left, bb.Rect.Bottom, bb.Rect.Right, bb.Rect.Top}
	mm := m.Matrix
	pic := rectF{mm.E, mm.F, mm.E + mm.A, mm.F + mm.D}
	return pic.near(page) && page.near(rectF{0, 0, float32(w), float32(h)}.at(page.x0, page.y0)) &&
		clipCovers(p, o, page)
}

// rectF is a rectangle in page space, (x0, y0) its lower left corner.
type rectF struct{ x0, y0, x1, y1 float32 }

// near reports whether r's corners are within scanFit of s's.
func (r rectF) near(s rectF) bool {
	n := func(a, b float32) bool { return math.Abs(float64(a-b)) <= scanFit }
	return n(r.x0, s.x0) && n(r.y0, s.y0) && n(r.x1, s.x1) && n(r.y1, s.y1)
}

// covers reports whether r holds s, within scanFit.
func (r rectF) covers(s rectF) bool {
	return r.x0 <= s.x0+scanFit && r.y0 <= s.y0+scanFit && r.x1 >= s.x1-scanFit && r.y1 >= s.y1-scanFit
}

// at is r moved to start at (x, y).
func (r rectF) at(x, y float32) rectF { return rectF{x, y, x + r.x1 - r.x0, y + r.y1 - r.y0} }

// maxClipSegments bounds the clip path looked at: a clip of the page's
// box has five segments; a longer one is not a scan's.
const maxClipSegments = 16

// clipCovers reports whether every path of o's clip (pdfium gives a scan's
// picture the page's box) holds page: a clip that cuts into the page would
// hide part of the picture from the render.
func clipCovers(p pdfium.Pdfium, o references.FPDF_PAGEOBJECT, page rectF) bool {
	c, err := p.FPDFPageObj_GetClipPath(&requests.FPDFPageObj_GetClipPath{PageObject: o})
	if err != nil || c.ClipPath == "" {
		return err == nil
	}
	n, err := p.FPDFClipPath_CountPaths(&requests.FPDFClipPath_CountPaths{ClipPath: c.ClipPath})
	if err != nil {
		// pdfium counts -1 paths (an error here) for an object whose
		// clip was never set: nothing clips it.
		return true
	}
	for i := range n.Count {
		segs, err := p.FPDFClipPath_CountPathSegments(&requests.FPDFClipPath_CountPathSegments{ClipPath: c.ClipPath, PathIndex: i})
		if err != nil || segs.Count < 1 || segs.Count > maxClipSegments {
			return false
		}
		b := rectF{x0: math.MaxFloat32, y0: math.MaxFloat32, x1: -math.MaxFloat32, y1: -math.MaxFloat32}
		for j := range segs.Count {
			seg, err := p.FPDFClipPath_GetPathSegment(&requests.FPDFClipPath_GetPathSegment{ClipPath: c.ClipPath, PathIndex: i, SegmentIndex: j})
			if err != nil {
				return false
			}
			pt, err := p.FPDFPathSegment_GetPoint(&requests.FPDFPathSegment_GetPoint{PathSegment: seg.PathSegment})
			if err != nil {
				return false
			}
			b = rectF{min(b.x0, pt.X), min(b.y0, pt.Y), max(b.x1, pt.X), max(b.y1, pt.Y)}
		}
		if !b.covers(page) {
			return false
		}
	}
	return true
}

// How a scan's picture is stored, as far as ScanImage reads it.
const (
	storedOther = iota // left to pdfium
	storedJPEG         // DCTDecode alone, gray or RGB
	storedGray         // FlateDecode alone, 8-bit DeviceGray
)

// storedKind says how o's data is stored: a JPEG and nothing else (one
// filter) in a colour space that decodes to the colours pdfium draws, or
// 8-bit gray samples compressed with Flate alone.
func storedKind(p pdfium.Pdfium, pg requests.Page, o references.FPDF_PAGEOBJECT) int {
	n, err := p.FPDFImageObj_GetImageFilterCount(&requests.FPDFImageObj_GetImageFilterCount{ImageObject: o})
	if err != nil || n.Count != 1 {
		return storedOther
	}
	f, err := p.FPDFImageObj_GetImageFilter(&requests.FPDFImageObj_GetImageFilter{ImageObject: o, Index: 0})
	if err != nil {
		return storedOther
	}
	md, err := p.FPDFImageObj_GetImageMetadata(&requests.FPDFImageObj_GetImageMetadata{ImageObject: o, Page: pg})
	if err != nil {
		return storedOther
	}
	cs := md.ImageMetadata.Colorspace
	switch f.ImageFilter {
	case "DCTDecode", "DCT":
		if cs == enums.FPDF_COLORSPACE_DEVICEGRAY || cs == enums.FPDF_COLORSPACE_DEVICERGB {
			return storedJPEG
		}
	case "FlateDecode", "Fl":
		if cs == enums.FPDF_COLORSPACE_DEVICEGRAY && md.ImageMetadata.BitsPerPixel == 8 {
			return storedGray
		}
	}
	return storedOther
}

// errNotScan: the stored picture does not decode to what pdfium would
// draw (another size, or a colour model left to pdfium).
var errNotScan = errors.New("render: the stored picture is not the page's")

// atScale reports whether n pixels are the want pixels of a render.
func atScale(n, want float64) bool {
	return want > 0 && math.Abs(n-want) <= math.Max(1, want*scanScaleSlack)
}

// decodeGray decodes a JPEG of w×h pixels to its luminance.
// The header is read first: a JPEG whose own size is not the one the PDF
// gives is left to pdfium, before Go allocates what the header claims.
func decodeGray(raw []byte, w, h int) (*image.Gray, error) {
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	if cfg.Width != w || cfg.Height != h {
		return nil, errNotScan
	}
	im, err := jpeg.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	switch s := im.(type) {
	case *image.Gray:
		return s, nil
	case *image.YCbCr:
		g := image.NewGray(image.Rect(0, 0, w, h))
		for y := range h {
			copy(g.Pix[y*g.Stride:y*g.Stride+w], s.Y[y*s.YStride:])
		}
		return g, nil
	}
	return nil, errNotScan
}

// TurnClockwise turns g clockwise by deg (0, 90, 180 or 270; g itself
// for any other value), as a page's /Rotate turns its render.
func TurnClockwise(g *image.Gray, deg int) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	switch deg {
	case 90, 270:
		out := image.NewGray(image.Rect(0, 0, h, w))
		for y := 0; y < h; y++ {
			row := g.Pix[y*g.Stride : y*g.Stride+w]
			for x, v := range row {
				if deg == 90 {
					// (x, y) → (h-1-y, x)
					out.Pix[x*out.Stride+(h-1-y)] = v
				} else {
					// (x, y) → (y, w-1-x)
					out.Pix[(w-1-x)*out.Stride+y] = v
				}
			}
		}
		return out
	case 180:
		out := image.NewGray(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				out.Pix[(h-1-y)*out.Stride+(w-1-x)] = g.Pix[y*g.Stride+x]
			}
		}
		return out
	}
	return g
}
