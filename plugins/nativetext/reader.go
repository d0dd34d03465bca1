package nativetext

import (
	"context"
	"fmt"
	"math"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/recovered"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// Reader reads the pages of one PDF in process, for engines that build on
// nativetext's reading of the text layer (layoutml's preprocess stage). It
// is safe for concurrent use by several pages.
type Reader struct {
	doc  *document
	opts Options
}

// Open opens path under the options' limits. Its errors wrap the core
// sentinels. Unlike Extract it has no second parser: a file the first
// parser cannot open is an error.
func Open(ctx context.Context, path string, opts Options) (*Reader, error) {
	if opts.MaxOps <= 0 || opts.MaxStreamBytes <= 0 || opts.MaxDepth <= 0 {
		var err error
		if opts, err = ParseOptions(nil); err != nil {
			return nil, err
		}
	}
	d, err := openDocument(ctx, path, opts)
	if err != nil {
		return nil, err
	}
	return &Reader{doc: d, opts: opts}, nil
}

// PageCount is the number of pages in the document.
func (r *Reader) PageCount() int { return r.doc.NumPages() }

// Cells interprets page n: its glyphs, rulings and images, not yet laid
// out. A panic in the content stream is an ErrDamaged error.
func (r *Reader) Cells(ctx context.Context, n int) (c *Cells, err error) {
	defer func() {
		if p := recover(); p != nil {
			recovered.Note("nativetext: cells", p)
			c, err = nil, &core.EngineError{Engine: Name, Page: n, Err: fmt.Errorf("%w: panic: %v", core.ErrDamaged, p)}
		}
	}()
	return r.doc.cells(ctx, n, r.opts)
}

// Cells is what one page draws, read but not laid out: glyphs, the axis-
// aligned rules and rectangle sides, and the images.
type Cells struct {
	// Page has the number, size and rotation; no blocks.
	Page core.Page
	// Stats are the page's measurements, as Extract reports them.
	Stats map[string]float64

	glyphs []glyph
	edges  []edge
	images []core.BBox
	// drawn are the boxes of the page's drawings (drawings.go), whose
	// labels the layout does not take for a table's cells.
	drawn []core.BBox
	// textFree marks the images whose pixels hold no text.
	textFree []bool
}

// Layout is the geometric layout of the page, exactly as Extract lays it
// out: text blocks in reading order (tables found from rulings and
// alignment), then figure blocks for the images.
//
// It also records in Stats what the layout found that routing and
// scoring go by: "columns", the most columns of running text side by
// side, "tables", the number of tables, and "repeat_glyphs", the glyphs
// drawn again where they were, which the text holds once.
func (c *Cells) Layout() []core.Block {
	blocks, facts := layoutDrawn(c.glyphs, c.edges, c.images, c.drawn, c.Page.Box())
	if c.Stats != nil {
		c.Stats[core.FactColumns] = float64(facts.columns)
		c.Stats[core.FactTables] = float64(facts.tables)
		c.Stats[core.FactRepeatGlyphs] = float64(facts.repeats)
	}
	return append(blocks, figures(c.images, c.textFree, c.Page.Box())...)
}

// Images are the boxes of the images drawn on the page.
func (c *Cells) Images() []core.BBox { return c.images }

// Rulings are the page's axis-aligned painted rules and rectangle sides,
// and the sides of shaded areas where they can be seen (Fill).
func (c *Cells) Rulings() []tableformer.Ruling {
	return rulings(c.edges, 0)
}

// Release drops the page's glyphs and graphics; Layout is empty after it.
func (c *Cells) Release() { c.glyphs, c.edges, c.images, c.drawn, c.textFree = nil, nil, nil, nil, nil }

// TextArea is the box of the page's visible glyphs; empty without text.
func (c *Cells) TextArea() core.BBox {
	b := core.BBox{X0: math.Inf(1), Y0: math.Inf(1), X1: math.Inf(-1), Y1: math.Inf(-1)}
	for i := range c.glyphs {
		g := &c.glyphs[i]
		b.X0, b.Y0 = min(b.X0, g.box.X0), min(b.Y0, g.box.Y0)
		b.X1, b.Y1 = max(b.X1, g.box.X1), max(b.Y1, g.box.Y1)
	}
	if b.Empty() {
		return core.BBox{}
	}
	return b
}

// GlyphsIn counts the glyphs, visible or not (an OCR layer is text), whose
// centre lies in b.
func (c *Cells) GlyphsIn(b core.BBox) int {
	n := 0
	for i := range c.glyphs {
		g := &c.glyphs[i]
		x, y := (g.box.X0+g.box.X1)/2, (g.box.Y0+g.box.Y1)/2
		if holds(b, x, y) {
			n++
		}
	}
	return n
}
