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

// A scanned page is usually one picture: the scanner's JPEG, drawn upright
// over the whole page and nothing else. Rendering such a page at the
// scan's own resolution decodes the JPEG inside pdfium (WebAssembly) and
// draws it pixel for pixel: 0.2-0.4 s of a core at 200 dpi. Go's decoder
// gives the same picture from the stored bytes in a fraction of that.
// ScanImage does so where nothing but the picture could change a pixel of
// the render; any other page is left to RenderPage.
const (
	// scanFit: the picture's corners lie within this many points of the
	// page's (the scanner's page is the PDF's page).
	scanFit = 1.0
	// scanScaleSlack: the picture's resolution is the render's within
	// this share; beyond it the render would resample the picture.
	scanScaleSlack = 0.01
	// maxScanBytes bounds the stored JPEG read out of pdfium: a render
	// within MaxPixels, gray, stored without compression, is 60 MB.
	maxScanBytes = 64 << 20
)

// ScanImage returns page's picture as stored, when the page is a scan at
// opt's resolution: one upright JPEG (gray or colour; its luminance is
// returned) covering the displayed page, and nothing else drawn; ok is
// false for any other page, which RenderPage draws. The Transform is the
// one RenderPage would give.
func (r *Renderer) ScanImage(ctx context.Context, d *Doc, page int, opt Options) (img *image.Gray, tr Transform, ok bool, err error) {
	if err := d.checkPage(page); err != nil {
		return nil, Transform{}, false, err
	}
	dpi, err := opt.dpi()
	if err != nil {
		return nil, Transform{}, false, err
	}
	scale := float64(dpi) / 72
	var raw []byte
	var w, h int
	err = r.with(ctx, d, func(p pdfium.Pdfium, doc references.FPDF_DOCUMENT) error {
		raw, w, h = scanJPEG(p, doc, page, scale)
		return nil
	})
	if err != nil || raw == nil {
		return nil, Transform{}, false, err
	}
	g, err := decodeGray(raw, w, h)
	if err != nil {
		// pdfium reads some JPEGs that Go does not (arithmetic coding,
		// 12-bit samples); RenderPage draws those.
		return nil, Transform{}, false, nil
	}
	return g, Transform{Scale: scale}, true, nil
}

// scanJPEG is the stored JPEG of page and its size in pixels, when the
// page is an upright scan at scale pixels per point; nil otherwise.
func scanJPEG(p pdfium.Pdfium, doc references.FPDF_DOCUMENT, page int, scale float64) (raw []byte, w, h int) {
	pg := pageRef(doc, page)
	pi, err := pageInfo(p, doc, page)
	if err != nil || pi.Rotation != 0 {
		return nil, 0, 0
	}
	n, err := p.FPDFPage_CountObjects(&requests.FPDFPage_CountObjects{Page: pg})
	if err != nil || n.Count != 1 {
		return nil, 0, 0
	}
	obj, err := p.FPDFPage_GetObject(&requests.FPDFPage_GetObject{Page: pg, Index: 0})
	if err != nil {
		return nil, 0, 0
	}
	o := obj.PageObject
	if !uprightCover(p, pg, o, pi) || !onlyDCT(p, pg, o) {
		return nil, 0, 0
	}
	size, err := p.FPDFImageObj_GetImagePixelSize(&requests.FPDFImageObj_GetImagePixelSize{ImageObject: o})
	if err != nil || !atScale(float64(size.Width), pi.Width*scale) || !atScale(float64(size.Height), pi.Height*scale) {
		return nil, 0, 0
	}
	if clampPixels(pi.Width, pi.Height, scale) != nil {
		return nil, 0, 0 // RenderPage says why
	}
	data, err := p.FPDFImageObj_GetImageDataRaw(&requests.FPDFImageObj_GetImageDataRaw{ImageObject: o})
	if err != nil || len(data.Data) == 0 || len(data.Data) > maxScanBytes {
		return nil, 0, 0
	}
	return data.Data, int(size.Width), int(size.Height)
}

// uprightCover reports whether the image object o is drawn upright (no
// turn, flip or shear) and opaque over the whole page, and nothing clips
// it inside the page.
func uprightCover(p pdfium.Pdfium, pg requests.Page, o references.FPDF_PAGEOBJECT, pi PageInfo) bool {
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
	return pic.near(page) && page.near(rectF{0, 0, float32(pi.Width), float32(pi.Height)}.at(page.x0, page.y0)) &&
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

// onlyDCT reports whether o's stored data is a JPEG and nothing else
// (DCTDecode its only filter) in a colour space that decodes to the
// colours pdfium draws.
func onlyDCT(p pdfium.Pdfium, pg requests.Page, o references.FPDF_PAGEOBJECT) bool {
	n, err := p.FPDFImageObj_GetImageFilterCount(&requests.FPDFImageObj_GetImageFilterCount{ImageObject: o})
	if err != nil || n.Count != 1 {
		return false
	}
	f, err := p.FPDFImageObj_GetImageFilter(&requests.FPDFImageObj_GetImageFilter{ImageObject: o, Index: 0})
	if err != nil || (f.ImageFilter != "DCTDecode" && f.ImageFilter != "DCT") {
		return false
	}
	md, err := p.FPDFImageObj_GetImageMetadata(&requests.FPDFImageObj_GetImageMetadata{ImageObject: o, Page: pg})
	if err != nil {
		return false
	}
	switch md.ImageMetadata.Colorspace {
	case enums.FPDF_COLORSPACE_DEVICEGRAY, enums.FPDF_COLORSPACE_DEVICERGB:
		return true
	}
	return false
}

// errNotScan: the stored picture does not decode to what pdfium would
// draw (another size, or a colour model left to pdfium).
var errNotScan = errors.New("render: the stored JPEG is not the page's picture")

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
