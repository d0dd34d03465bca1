package render

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"io"
	"math"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/enums"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
	"github.com/klippa-app/go-pdfium/structs"
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
// the render's resolution: JPEG bytes, or a Flate stream of 8-bit gray
// samples.
type storedScan struct {
	jpeg, flate []byte
	w, h        int
	factor      int
	rot         int // the page's /Rotate, by which a render turns it clockwise
}

// ScanImage returns page's picture as stored, when the page is a scan at
// opt's resolution or a whole multiple of it (up to maxScanFactor): one
// picture drawn upright over the whole page, directly or in the page's
// one form, and nothing else drawn. The picture is a JPEG (gray or
// colour; its luminance is returned) or 8-bit gray samples stored with
// Flate; it is reduced to the render's resolution and turned by the
// page's /Rotate. ok is false for any other page, which RenderPage draws.
// The Transform is the one RenderPage would give; the picture is the
// render's size or a pixel less.
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
	pix, err := inflateGray(sc.flate, sc.w, sc.h)
	if err != nil {
		return nil, err
	}
	g := &image.Gray{Pix: pix, Stride: sc.w, Rect: image.Rect(0, 0, sc.w, sc.h)}
	if !lightPaper(g) {
		return nil, errNotScan
	}
	return g, nil
}

// inflateGray inflates a Flate stream of w×h 8-bit samples: rows as they
// are, or each behind the byte of its PNG predictor (/Predictor 10-15,
// which the length shows). Any other length is no such picture; the
// stream is not read past it.
func inflateGray(stream []byte, w, h int) ([]byte, error) {
	zr, err := zlib.NewReader(bytes.NewReader(stream))
	if err != nil {
		return nil, errNotScan
	}
	defer zr.Close()
	buf := make([]byte, h*(w+1)+1)
	n, err := io.ReadFull(zr, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, errNotScan
	}
	switch n {
	case w * h:
		return buf[:n], nil
	case h * (w + 1):
		return unpredictPNG(buf[:n], w, h)
	}
	return nil, errNotScan
}

// unpredictPNG undoes PNG's row filters on rows of w one-byte samples,
// each behind its filter's byte, in place; the samples start the buffer.
func unpredictPNG(b []byte, w, h int) ([]byte, error) {
	out := b[:0]
	var prev []byte
	for y := range h {
		f, row := b[y*(w+1)], b[y*(w+1)+1:(y+1)*(w+1)]
		cur := out[y*w : y*w+w : y*w+w]
		for x := range w {
			var left, up, upLeft int
			if x > 0 {
				left = int(cur[x-1])
			}
			if prev != nil {
				up = int(prev[x])
				if x > 0 {
					upLeft = int(prev[x-1])
				}
			}
			var pred int
			switch f {
			case 0:
			case 1:
				pred = left
			case 2:
				pred = up
			case 3:
				pred = (left + up) / 2
			case 4:
				pred = paeth(left, up, upLeft)
			default:
				return nil, errNotScan
			}
			cur[x] = row[x] + byte(pred)
		}
		prev = cur
	}
	return out[:w*h], nil
}

// paeth is PNG's Paeth predictor.
func paeth(a, b, c int) int {
	p := a + b - c
	pa, pb, pc := abs(p-a), abs(p-b), abs(p-c)
	switch {
	case pa <= pb && pa <= pc:
		return a
	case pb <= pc:
		return b
	}
	return c
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// minPaper is the least median gray level of a scan ScanImage decodes
// itself: paper is light. A darker picture is left to pdfium: one whose
// /Decode array inverts it, or whose stream holds differences (TIFF's
// predictor, of the same length as the samples), which neither the
// stream nor pdfium's metadata show.
const minPaper = 128

// lightPaper reports whether the median of a sample of g's pixels (one
// in paperStride) is at least minPaper.
func lightPaper(g *image.Gray) bool {
	const paperStride = 97 // prime: no column pattern
	var hist [256]int
	n := 0
	for i := 0; i < len(g.Pix); i += paperStride {
		hist[g.Pix[i]]++
		n++
	}
	dark := 0
	for v := range minPaper {
		dark += hist[v]
	}
	return n > 0 && dark*2 < n
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
	o, drawn, ok := scanObject(p, pg)
	if !ok || !uprightCover(p, pg, drawn, w, h) {
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
	if sc.w*sc.h > maxScanBytes {
		return storedScan{}, false // more samples than Go decodes here
	}
	if kind == storedJPEG {
		data, err := p.FPDFImageObj_GetImageDataRaw(&requests.FPDFImageObj_GetImageDataRaw{ImageObject: o})
		if err != nil || len(data.Data) == 0 || len(data.Data) > maxScanBytes {
			return storedScan{}, false
		}
		sc.jpeg = data.Data
		return sc, true
	}
	// The stream as stored, inflated by Go: pdfium's decoder would fill
	// as much WebAssembly memory as the samples take, which costs more
	// than the inflating.
	data, err := p.FPDFImageObj_GetImageDataRaw(&requests.FPDFImageObj_GetImageDataRaw{ImageObject: o})
	if err != nil || len(data.Data) == 0 || len(data.Data) > maxScanBytes {
		return storedScan{}, false
	}
	sc.flate = data.Data
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

// drawing is how a picture is drawn on the page: the matrix that maps its
// unit square onto the page, and the objects whose clip and transparency
// apply to it (the picture, and the form that holds it).
type drawing struct {
	m    structs.FPDF_FS_MATRIX
	objs []references.FPDF_PAGEOBJECT
}

// scanObject is the page's one picture and how it is drawn: the page's
// only object, or the only object of its only form (as Cairo writes a
// scan: the picture in a form drawn over the page), its matrix composed
// with the form's.
func scanObject(p pdfium.Pdfium, pg requests.Page) (references.FPDF_PAGEOBJECT, drawing, bool) {
	n, err := p.FPDFPage_CountObjects(&requests.FPDFPage_CountObjects{Page: pg})
	if err != nil || n.Count != 1 {
		return "", drawing{}, false
	}
	obj, err := p.FPDFPage_GetObject(&requests.FPDFPage_GetObject{Page: pg, Index: 0})
	if err != nil {
		return "", drawing{}, false
	}
	o := obj.PageObject
	m, err := p.FPDFPageObj_GetMatrix(&requests.FPDFPageObj_GetMatrix{PageObject: o})
	if err != nil {
		return "", drawing{}, false
	}
	switch objectType(p, o) {
	case enums.FPDF_PAGEOBJ_IMAGE:
		return o, drawing{m: m.Matrix, objs: []references.FPDF_PAGEOBJECT{o}}, true
	case enums.FPDF_PAGEOBJ_FORM:
		c, err := p.FPDFFormObj_CountObjects(&requests.FPDFFormObj_CountObjects{PageObject: o})
		if err != nil || c.Count != 1 {
			return "", drawing{}, false
		}
		in, err := p.FPDFFormObj_GetObject(&requests.FPDFFormObj_GetObject{PageObject: o, Index: 0})
		if err != nil || objectType(p, in.PageObject) != enums.FPDF_PAGEOBJ_IMAGE {
			return "", drawing{}, false
		}
		mi, err := p.FPDFPageObj_GetMatrix(&requests.FPDFPageObj_GetMatrix{PageObject: in.PageObject})
		if err != nil {
			return "", drawing{}, false
		}
		return in.PageObject, drawing{m: compose(mi.Matrix, m.Matrix), objs: []references.FPDF_PAGEOBJECT{in.PageObject, o}}, true
	}
	return "", drawing{}, false
}

// objectType is o's type, FPDF_PAGEOBJ_UNKNOWN when pdfium cannot say.
func objectType(p pdfium.Pdfium, o references.FPDF_PAGEOBJECT) enums.FPDF_PAGEOBJ {
	t, err := p.FPDFPageObj_GetType(&requests.FPDFPageObj_GetType{PageObject: o})
	if err != nil {
		return enums.FPDF_PAGEOBJ_UNKNOWN
	}
	return t.Type
}

// compose is the matrix that applies a, then b.
func compose(a, b structs.FPDF_FS_MATRIX) structs.FPDF_FS_MATRIX {
	return structs.FPDF_FS_MATRIX{
		A: a.A*b.A + a.B*b.C,
		B: a.A*b.B + a.B*b.D,
		C: a.C*b.A + a.D*b.C,
		D: a.C*b.B + a.D*b.D,
		E: a.E*b.A + a.F*b.C + b.E,
		F: a.E*b.B + a.F*b.D + b.F,
	}
}

// uprightCover reports whether the picture drawn by d is upright (no
// turn, flip or shear) and opaque over the whole page, w×h points before
// its /Rotate, and nothing clips it inside the page.
func uprightCover(p pdfium.Pdfium, pg requests.Page, d drawing, w, h float64) bool {
	mm := d.m
	if mm.B != 0 || mm.C != 0 || mm.A <= 0 || mm.D <= 0 {
		return false
	}
	bb, err := p.FPDF_GetPageBoundingBox(&requests.FPDF_GetPageBoundingBox{Page: pg})
	if err != nil {
		return false
	}
	page := rectF{bb.Rect.Left, bb.Rect.Bottom, bb.Rect.Right, bb.Rect.Top}
	pic := rectF{mm.E, mm.F, mm.E + mm.A, mm.F + mm.D}
	if !pic.near(page) || !page.near(rectF{0, 0, float32(w), float32(h)}.at(page.x0, page.y0)) {
		return false
	}
	for _, o := range d.objs {
		if t, err := p.FPDFPageObj_HasTransparency(&requests.FPDFPageObj_HasTransparency{PageObject: o}); err != nil || t.HasTransparency {
			return false
		}
		if !clipCovers(p, o, page) {
			return false
		}
	}
	return true
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
