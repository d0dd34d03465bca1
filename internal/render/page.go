package render

import (
	"context"
	"fmt"
	"image"
	"image/draw"
	"math"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/enums"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"

	"github.com/assay-pdf/assay/core"
)

// PageInfo is a page's size as displayed (after /Rotate) and its rotation.
type PageInfo struct {
	Width, Height float64 // points
	Rotation      int     // 0, 90, 180 or 270, clockwise
}

// Transform maps the pixels of a render to page points: a pixel (x, y) of
// the image covers the points from (OriginX + x/Scale, OriginY + y/Scale)
// on the displayed page, top-left origin.
type Transform struct {
	Scale            float64 // pixels per point: dpi / 72
	OriginX, OriginY float64 // the image's top-left corner, in points
}

// ToPage maps a pixel rectangle of the image to a box in page points.
func (t Transform) ToPage(r image.Rectangle) core.BBox {
	return core.BBox{
		X0: t.OriginX + float64(r.Min.X)/t.Scale,
		Y0: t.OriginY + float64(r.Min.Y)/t.Scale,
		X1: t.OriginX + float64(r.Max.X)/t.Scale,
		Y1: t.OriginY + float64(r.Max.Y)/t.Scale,
	}
}

// ToPixels maps a box in page points to the smallest pixel rectangle of the
// image that covers it (not clipped to the image).
func (t Transform) ToPixels(b core.BBox) image.Rectangle {
	return image.Rect(
		int(math.Floor((b.X0-t.OriginX)*t.Scale)),
		int(math.Floor((b.Y0-t.OriginY)*t.Scale)),
		int(math.Ceil((b.X1-t.OriginX)*t.Scale)),
		int(math.Ceil((b.Y1-t.OriginY)*t.Scale)),
	)
}

// Options says how to render.
type Options struct {
	DPI  float64 // pixels per inch, MinDPI..MaxDPI; it is rounded to an integer
	Gray bool    // an *image.Gray instead of an *image.RGBA
	// CoarseImages draws images without smoothing (pdfium's
	// FPDF_RENDER_NO_SMOOTHIMAGE): each source pixel is sampled, not
	// filtered. Smoothing costs in proportion to an image's own pixels,
	// at every draw and whatever the resolution of the render, so a page
	// that draws a huge image (or soft mask) into a small box many times
	// renders about twice as fast without it. Downsampled print loses
	// some of its strokes' edges, so it is for such pages only.
	CoarseImages bool
}

func (o Options) dpi() (int, error) {
	d := int(math.Round(o.DPI))
	if d < MinDPI || d > MaxDPI {
		return 0, fmt.Errorf("render: %v dpi: %w: %w", o.DPI, ErrBadDPI, core.ErrBadRequest)
	}
	return d, nil
}

// PageInfo reports a page's displayed size and rotation; page is 1-based.
func (r *Renderer) PageInfo(ctx context.Context, d *Doc, page int) (PageInfo, error) {
	if err := d.checkPage(page); err != nil {
		return PageInfo{}, err
	}
	var pi PageInfo
	err := r.with(ctx, d, func(p pdfium.Pdfium, doc references.FPDF_DOCUMENT) error {
		var err error
		pi, err = pageInfo(p, doc, page)
		return err
	})
	if err != nil {
		return PageInfo{}, err
	}
	return pi, nil
}

func pageInfo(p pdfium.Pdfium, doc references.FPDF_DOCUMENT, page int) (PageInfo, error) {
	pg := pageRef(doc, page)
	size, err := p.GetPageSize(&requests.GetPageSize{Page: pg})
	if err != nil {
		return PageInfo{}, fmt.Errorf("render: page %d size: %w: %v", page, core.ErrDamaged, err)
	}
	rot, err := p.FPDFPage_GetRotation(&requests.FPDFPage_GetRotation{Page: pg})
	if err != nil {
		return PageInfo{}, fmt.Errorf("render: page %d rotation: %w: %v", page, core.ErrDamaged, err)
	}
	return PageInfo{Width: size.Width, Height: size.Height, Rotation: int(rot.PageRotation) * 90}, nil
}

// RenderPage draws a whole page (1-based) as displayed. The Transform maps
// the image's pixels back to page points.
func (r *Renderer) RenderPage(ctx context.Context, d *Doc, page int, opt Options) (image.Image, Transform, error) {
	return r.render(ctx, d, page, nil, opt)
}

// RenderRegion draws the part of a page inside box (points, top-left
// origin of the displayed page). A box reaching outside the page is
// clipped to it.
func (r *Renderer) RenderRegion(ctx context.Context, d *Doc, page int, box core.BBox, opt Options) (image.Image, Transform, error) {
	return r.render(ctx, d, page, &box, opt)
}

func (r *Renderer) render(ctx context.Context, d *Doc, page int, box *core.BBox, opt Options) (image.Image, Transform, error) {
	if err := d.checkPage(page); err != nil {
		return nil, Transform{}, err
	}
	dpi, err := opt.dpi()
	if err != nil {
		return nil, Transform{}, err
	}
	scale := float64(dpi) / 72
	var out image.Image
	tr := Transform{Scale: scale}
	err = r.with(ctx, d, func(p pdfium.Pdfium, doc references.FPDF_DOCUMENT) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		pi, err := pageInfo(p, doc, page)
		if err != nil {
			return err
		}
		req := &requests.RenderPageInDPI{Page: pageRef(doc, page), DPI: dpi}
		if opt.Gray {
			req.ImageFormat = requests.RenderImageFormatGrayscale
		}
		if opt.CoarseImages {
			req.RenderFlags |= enums.FPDF_RENDER_FLAG_RENDER_NO_SMOOTHIMAGE
		}
		w, h := pi.Width, pi.Height
		if box != nil {
			b := box.Intersect(core.BBox{X1: pi.Width, Y1: pi.Height})
			if b.Empty() {
				return fmt.Errorf("render: region %v outside page %d: %w", *box, page, core.ErrBadRequest)
			}
			req.Crop = &requests.RenderPageCrop{X: b.X0, Y: b.Y0, Width: b.Width(), Height: b.Height()}
			w, h = b.Width(), b.Height()
			tr.OriginX = math.Round(b.X0*scale) / scale
			tr.OriginY = math.Round(b.Y0*scale) / scale
		}
		if err := clampPixels(w, h, scale); err != nil {
			return err
		}
		resp, err := p.RenderPageInDPI(req)
		if err != nil {
			return fmt.Errorf("render: page %d: %w: %v", page, core.ErrDamaged, err)
		}
		defer resp.Cleanup()
		out = copyImage(resp.Result.RenderedImage, resp.Result.HasTransparency)
		return nil
	})
	if err != nil {
		return nil, Transform{}, err
	}
	return out, tr, nil
}

// copyImage copies a render out of wasm memory. An RGBA page with
// transparency is composed over white.
func copyImage(src image.Image, transparent bool) image.Image {
	switch s := src.(type) {
	case *image.Gray:
		g := image.NewGray(image.Rect(0, 0, s.Rect.Dx(), s.Rect.Dy()))
		for y := 0; y < g.Rect.Dy(); y++ {
			copy(g.Pix[y*g.Stride:y*g.Stride+g.Rect.Dx()], s.Pix[y*s.Stride:])
		}
		return g
	case *image.RGBA:
		o := image.NewRGBA(image.Rect(0, 0, s.Rect.Dx(), s.Rect.Dy()))
		w4 := o.Rect.Dx() * 4
		for y := 0; y < o.Rect.Dy(); y++ {
			copy(o.Pix[y*o.Stride:y*o.Stride+w4], s.Pix[y*s.Stride:])
		}
		if transparent {
			for i := 0; i < len(o.Pix); i += 4 {
				a := o.Pix[i+3]
				if a == 255 {
					continue
				}
				// Premultiplied colour over an opaque white background.
				for c := 0; c < 3; c++ {
					o.Pix[i+c] = uint8(min(255, int(o.Pix[i+c])+255-int(a)))
				}
				o.Pix[i+3] = 255
			}
		}
		return o
	default:
		b := src.Bounds()
		o := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(o, o.Rect, src, b.Min, draw.Src)
		return o
	}
}

// Char is one character of pdfium's text layer. Characters pdfium
// generates (spaces and line breaks between text runs) have an empty BBox.
type Char struct {
	Rune rune
	BBox core.BBox // the glyph's ink, in points, top-left origin of the displayed page
	// Loose is the character's whole cell: its advance across, the font's
	// ascent and descent up and down, so that the cells of one word touch.
	Loose core.BBox
}

// Chars reads pdfium's characters of a page (1-based) with their boxes.
func (r *Renderer) Chars(ctx context.Context, d *Doc, page int) ([]Char, error) {
	if err := d.checkPage(page); err != nil {
		return nil, err
	}
	var out []Char
	err := r.with(ctx, d, func(p pdfium.Pdfium, doc references.FPDF_DOCUMENT) error {
		pg := pageRef(doc, page)
		pi, err := pageInfo(p, doc, page)
		if err != nil {
			return err
		}
		toPage, err := pageToDisplay(p, pg, pi)
		if err != nil {
			return err
		}
		tp, err := p.FPDFText_LoadPage(&requests.FPDFText_LoadPage{Page: pg})
		if err != nil {
			return fmt.Errorf("render: page %d text: %w: %v", page, core.ErrDamaged, err)
		}
		defer p.FPDFText_ClosePage(&requests.FPDFText_ClosePage{TextPage: tp.TextPage})
		n, err := p.FPDFText_CountChars(&requests.FPDFText_CountChars{TextPage: tp.TextPage})
		if err != nil {
			return fmt.Errorf("render: page %d text: %w: %v", page, core.ErrDamaged, err)
		}
		out = make([]Char, 0, n.Count)
		for i := range n.Count {
			if i%256 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			u, err := p.FPDFText_GetUnicode(&requests.FPDFText_GetUnicode{TextPage: tp.TextPage, Index: i})
			if err != nil {
				return fmt.Errorf("render: page %d char %d: %w: %v", page, i, core.ErrDamaged, err)
			}
			c := Char{Rune: rune(u.Unicode)}
			b, err := p.FPDFText_GetCharBox(&requests.FPDFText_GetCharBox{TextPage: tp.TextPage, Index: i})
			if err == nil && (b.Right > b.Left || b.Top > b.Bottom) {
				c.BBox = toPage.box(b.Left, b.Bottom, b.Right, b.Top)
			}
			lb, err := p.FPDFText_GetLooseCharBox(&requests.FPDFText_GetLooseCharBox{TextPage: tp.TextPage, Index: i})
			if r := lb.Rect; err == nil && (r.Right > r.Left || r.Top > r.Bottom) {
				c.Loose = toPage.box(float64(r.Left), float64(r.Bottom), float64(r.Right), float64(r.Top))
			}
			out = append(out, c)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// affine maps PDF user space (bottom-left origin, unrotated) to the
// displayed page in points with a top-left origin.
type affine struct{ a, b, c, d, e, f float64 }

func (m affine) apply(x, y float64) (float64, float64) {
	return m.a*x + m.c*y + m.e, m.b*x + m.d*y + m.f
}

func (m affine) box(x0, y0, x1, y1 float64) core.BBox {
	out := core.BBox{X0: math.Inf(1), Y0: math.Inf(1), X1: math.Inf(-1), Y1: math.Inf(-1)}
	for _, pt := range [4][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		x, y := m.apply(pt[0], pt[1])
		out.X0, out.Y0 = math.Min(out.X0, x), math.Min(out.Y0, y)
		out.X1, out.Y1 = math.Max(out.X1, x), math.Max(out.Y1, y)
	}
	return out
}

// pageToDisplay asks pdfium how it places the page (crop box, /Rotate) by
// mapping three points onto a device 16 times the page's size in points,
// which gives the affine map to 1/16 point.
func pageToDisplay(p pdfium.Pdfium, pg requests.Page, pi PageInfo) (affine, error) {
	const k = 16.0
	sx, sy := int(math.Round(pi.Width*k)), int(math.Round(pi.Height*k))
	at := func(x, y float64) (float64, float64, error) {
		r, err := p.FPDF_PageToDevice(&requests.FPDF_PageToDevice{Page: pg, SizeX: sx, SizeY: sy, PageX: x, PageY: y})
		if err != nil {
			return 0, 0, fmt.Errorf("render: page to device: %w: %v", core.ErrDamaged, err)
		}
		return float64(r.DeviceX) / k, float64(r.DeviceY) / k, nil
	}
	const u = 1000.0
	x0, y0, err := at(0, 0)
	if err != nil {
		return affine{}, err
	}
	x1, y1, err := at(u, 0)
	if err != nil {
		return affine{}, err
	}
	x2, y2, err := at(0, u)
	if err != nil {
		return affine{}, err
	}
	return affine{a: (x1 - x0) / u, b: (y1 - y0) / u, c: (x2 - x0) / u, d: (y2 - y0) / u, e: x0, f: y0}, nil
}

// Text joins characters into a string; generated separators are kept.
func Text(chars []Char) string {
	rs := make([]rune, 0, len(chars))
	for _, c := range chars {
		if c.Rune != 0 {
			rs = append(rs, c.Rune)
		}
	}
	return string(rs)
}

// TextIn is the text of the characters whose centre lies inside box.
func TextIn(chars []Char, box core.BBox) string {
	rs := make([]rune, 0, 64)
	for _, c := range chars {
		if c.Rune == 0 || c.BBox.Empty() {
			continue
		}
		cx, cy := (c.BBox.X0+c.BBox.X1)/2, (c.BBox.Y0+c.BBox.Y1)/2
		if cx >= box.X0 && cx <= box.X1 && cy >= box.Y0 && cy <= box.Y1 {
			rs = append(rs, c.Rune)
		}
	}
	return string(rs)
}
