package analyze

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// Default limits.
const (
	DefaultMaxStreamBytes = 32 << 20
	DefaultMaxOps         = 2_000_000
	DefaultMaxFormDepth   = 8
)

// Thresholds of the per-page measures.
const (
	// MaxImageBoxes caps Page.ImageBoxes (the largest are kept).
	MaxImageBoxes = 32
	// maxUnionBoxes caps the boxes whose union makes ImageCoverage (the
	// largest are used).
	maxUnionBoxes = 256
	// OutlineMaxSize is the largest side, in points, of a filled path
	// that may be a glyph outline.
	OutlineMaxSize = 40.0
	// MinOutlineFills is the number of small filled paths from which a
	// page without text may be text drawn as outlines.
	MinOutlineFills = 100
	// OutlineShare is the share of the filled paths that must be small.
	OutlineShare = 0.6
)

// Options bound the analysis. Zero fields take the defaults.
type Options struct {
	// MaxStreamBytes caps the decoded size of any one stream.
	MaxStreamBytes int64
	// MaxOps caps the operators read for one page, forms included.
	MaxOps int
	// MaxFormDepth caps the nesting of Form XObjects.
	MaxFormDepth int
}

func (o Options) withDefaults() Options {
	if o.MaxStreamBytes <= 0 {
		o.MaxStreamBytes = DefaultMaxStreamBytes
	}
	if o.MaxOps <= 0 {
		o.MaxOps = DefaultMaxOps
	}
	if o.MaxFormDepth <= 0 {
		o.MaxFormDepth = DefaultMaxFormDepth
	}
	return o
}

// Document analyses the PDF at path. Its errors wrap the core sentinels
// exactly as pdfdoc.Open classifies them (ErrNotFound, ErrEmptyFile,
// ErrNotPDF, ErrEncrypted, ErrDamaged), and ErrTimeout or ErrCanceled when
// ctx ends first. A page whose content cannot be read is reported with
// Page.Err, not as an error. It never panics: a panic inside becomes an
// error wrapping core.ErrInternal.
func Document(ctx context.Context, path string, opts Options) (rep *Report, err error) {
	defer func() {
		if r := recover(); r != nil {
			rep, err = nil, fmt.Errorf("%w: analyze %s: panic: %v", core.ErrInternal, path, r)
		}
	}()
	opts = opts.withDefaults()
	if err := ctx.Err(); err != nil {
		return nil, pdfdoc.ContextError(err)
	}
	limits := pdfdoc.Limits{MaxStreamBytes: opts.MaxStreamBytes}
	d, err := pdfdoc.OpenLazy(ctx, path, limits)
	if err != nil {
		return nil, err
	}
	rep, err = analyse(ctx, d, opts)
	if err == nil && d.Damaged() {
		// The lazy reader met damage: read the file as Open repairs it,
		// as the engines will.
		if d, err = pdfdoc.Open(ctx, path, limits); err != nil {
			return nil, err
		}
		rep, err = analyse(ctx, d, opts)
	}
	return rep, err
}

// analyse reads every page of an open document.
func analyse(ctx context.Context, d *pdfdoc.Document, opts Options) (*Report, error) {
	rep := &Report{
		Pages:     d.NumPages(),
		Version:   d.Version(),
		Encrypted: d.Encrypted(),
		Repairs:   d.Repairs(),
	}
	if info := d.Info(); info != nil {
		rep.Producer = d.Text(info["Producer"])
		rep.Creator = d.Text(info["Creator"])
	}
	if cat := d.Catalog(); cat != nil {
		mark := d.Dict(cat["MarkInfo"])
		marked := false
		if b, ok := d.Deref(mark["Marked"]).(types.Boolean); ok {
			marked = b.Value()
		}
		rep.Tagged = marked || cat["StructTreeRoot"] != nil
	}
	fonts := map[int]*fontInfo{}
	rep.Page = make([]Page, 0, rep.Pages)
	for n := 1; n <= rep.Pages; n++ {
		if err := ctx.Err(); err != nil {
			return nil, pdfdoc.ContextError(err)
		}
		rep.Page = append(rep.Page, analysePage(ctx, d, n, opts, fonts))
	}
	if err := ctx.Err(); err != nil {
		return nil, pdfdoc.ContextError(err)
	}
	return rep, nil
}

// analysePage reads one page; a panic becomes the page's Err.
func analysePage(ctx context.Context, d *pdfdoc.Document, n int, opts Options, fonts map[int]*fontInfo) (pg Page) {
	pg.Number = n
	defer func() {
		if r := recover(); r != nil {
			pg.Err = fmt.Sprintf("%v: panic: %v", core.ErrDamaged, r)
		}
	}()
	p, err := d.Page(n)
	if err != nil {
		pg.Err = err.Error()
		return pg
	}
	pg.Width, pg.Height, pg.Rotation = p.Width, p.Height, p.Rotate
	content, err := d.Contents(p)
	pg.LimitHit = p.LimitHit
	if err != nil {
		pg.Err = err.Error()
		return pg
	}
	s := &scanner{
		ctx: ctx, doc: d, page: p, opts: opts, out: &pg,
		docFonts: fonts, glyphs: map[*fontInfo]int{},
		forms: map[int]bool{}, gs: gstate{ctm: pdfdoc.Identity},
	}
	s.run(content, p.Resources)
	s.finish()
	return pg
}

// finish turns what the scanner gathered into the page's measures.
func (s *scanner) finish() {
	pg := s.out
	area := pg.Width * pg.Height
	if area > 0 {
		pg.VectorDensity = float64(pg.PathOps) / (area / (72 * 72))
	}
	visible := pg.Glyphs - pg.InvisibleGlyphs
	pg.TextAsPaths = visible == 0 && pg.smallFills >= MinOutlineFills &&
		float64(pg.smallFills) >= OutlineShare*float64(pg.fills)

	// Fonts, most glyphs first.
	for f, g := range s.glyphs {
		ff := f.Font
		ff.Glyphs = g
		pg.Fonts = append(pg.Fonts, ff)
	}
	sort.Slice(pg.Fonts, func(i, j int) bool {
		if pg.Fonts[i].Glyphs != pg.Fonts[j].Glyphs {
			return pg.Fonts[i].Glyphs > pg.Fonts[j].Glyphs
		}
		return pg.Fonts[i].Name < pg.Fonts[j].Name
	})

	// Images: the largest boxes first.
	sort.SliceStable(s.images, func(i, j int) bool { return s.images[i].Area() > s.images[j].Area() })
	if area > 0 {
		u := s.images
		if len(u) > maxUnionBoxes {
			u = u[:maxUnionBoxes]
		}
		pg.ImageCoverage = math.Min(1, unionArea(u)/area)
	}
	if len(s.images) > MaxImageBoxes {
		s.images = s.images[:MaxImageBoxes]
	}
	pg.ImageBoxes = s.images
}

// unionArea is the area covered by boxes, overlaps counted once
// (coordinate compression; O(n³) for n boxes, n is capped by callers).
func unionArea(boxes []core.BBox) float64 {
	if len(boxes) == 0 {
		return 0
	}
	if len(boxes) == 1 {
		return boxes[0].Area()
	}
	xs := make([]float64, 0, 2*len(boxes))
	for _, b := range boxes {
		xs = append(xs, b.X0, b.X1)
	}
	sort.Float64s(xs)
	total := 0.0
	type span struct{ y0, y1 float64 }
	var spans []span
	for i := 0; i+1 < len(xs); i++ {
		x0, x1 := xs[i], xs[i+1]
		if x1 <= x0 {
			continue
		}
		spans = spans[:0]
		for _, b := range boxes {
			if b.X0 <= x0 && b.X1 >= x1 {
				spans = append(spans, span{b.Y0, b.Y1})
			}
		}
		if len(spans) == 0 {
			continue
		}
		sort.Slice(spans, func(a, b int) bool { return spans[a].y0 < spans[b].y0 })
		cover, cy0, cy1 := 0.0, spans[0].y0, spans[0].y1
		for _, sp := range spans[1:] {
			if sp.y0 > cy1 {
				cover += cy1 - cy0
				cy0, cy1 = sp.y0, sp.y1
			} else if sp.y1 > cy1 {
				cy1 = sp.y1
			}
		}
		cover += cy1 - cy0
		total += cover * (x1 - x0)
	}
	return total
}

// Pages counts the pages of the PDF at path without scanning them, with
// the same errors as Document: the cheap first step when a text engine's
// reading supplies the page facts (see FromResult).
func Pages(ctx context.Context, path string) (n int, err error) {
	defer func() {
		if r := recover(); r != nil {
			n, err = 0, fmt.Errorf("%w: count pages of %s: panic: %v", core.ErrInternal, path, r)
		}
	}()
	if err := ctx.Err(); err != nil {
		return 0, pdfdoc.ContextError(err)
	}
	limits := pdfdoc.Limits{MaxStreamBytes: Options{}.withDefaults().MaxStreamBytes}
	d, err := pdfdoc.OpenLazy(ctx, path, limits)
	if err != nil {
		return 0, err
	}
	n = d.NumPages()
	if d.Damaged() {
		if d, err = pdfdoc.Open(ctx, path, limits); err != nil {
			return 0, err
		}
		n = d.NumPages()
	}
	return n, nil
}
