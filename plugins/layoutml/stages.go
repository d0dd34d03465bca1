package layoutml

import (
	"context"
	"fmt"
	"image"
	"math"
	"runtime"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/assay-pdf/assay/internal/render"
	"github.com/assay-pdf/assay/plugins/layoutml/detect"
)

// minImageShare is the smallest share of the page an image must cover to
// be worth reading by OCR: the same bar as a figure block.
const minImageShare = 0.01

// pipeline wires this run's stages.
func (r *run) pipeline() *pipeline {
	p := &pipeline{queue: r.opts.Queue}
	p.stages = [...]stage{r.preprocess, r.ocr, r.layout, r.table, r.assemble}
	for i, s := range stageNames {
		p.batch[i] = r.opts.batch(s)
	}
	return p
}

// preprocess reads each page's cells (nativetext's reading, in process)
// and renders the page when the layout model needs pixels. The pages of a
// batch are read in parallel, one per core: reading and rendering are the
// pipeline's heaviest work.
func (r *run) preprocess(ctx context.Context, batch []*page) {
	var g errgroup.Group
	g.SetLimit(max(1, runtime.GOMAXPROCS(0)))
	for _, pg := range batch {
		g.Go(func() error {
			timed(iPreprocess, pg, func() { r.preprocessPage(ctx, pg) })
			return nil
		})
	}
	_ = g.Wait()
}

func (r *run) preprocessPage(ctx context.Context, pg *page) {
	pctx, cancel := r.pageContext(ctx)
	c, err := r.reader.Cells(pctx, pg.n)
	cancel()
	if err != nil {
		pg.err = err
		return
	}
	pg.cells, pg.info, pg.stats = c, c.Page, c.Stats
	if r.model != nil {
		pg.image, pg.err = r.render(ctx, pg)
	}
}

// pageContext bounds one page's reading by the request's page timeout.
func (r *run) pageContext(ctx context.Context) (context.Context, context.CancelFunc) {
	if r.pageTimeout > 0 {
		return context.WithTimeout(ctx, r.pageTimeout)
	}
	return context.WithCancel(ctx)
}

// render draws the page at the resolution the model's input asks for.
func (r *run) render(ctx context.Context, pg *page) (image.Image, error) {
	long := math.Max(pg.info.Width, pg.info.Height)
	dpi := float64(render.MinDPI)
	if long > 0 {
		dpi = math.Min(renderDPIMax, math.Max(dpi, float64(r.model.ImageSize())*72/long))
	}
	im, _, err := r.renderer.RenderPage(ctx, r.rdoc, pg.n, render.Options{DPI: dpi})
	if err != nil {
		return nil, fmt.Errorf("render page %d: %w", pg.n, err)
	}
	return im, nil
}

// ocr finds the bitmap regions that hold no text: images large enough to
// read with nothing of the text layer over them. This engine reads no
// pixels itself; it counts them in the "ocr_regions" stat, and a plan
// with an "ocr:regions" step (ocr_pictures) has OCR read them.
func (r *run) ocr(ctx context.Context, batch []*page) {
	for _, pg := range batch {
		timed(iOCR, pg, func() { untexed(pg) })
	}
}

// untexed finds the page's images that no text lies over.
func untexed(pg *page) {
	area := pg.info.Box().Area()
	for _, b := range pg.cells.Images() {
		if b.Area() >= minImageShare*area && pg.cells.GlyphsIn(b) == 0 {
			pg.untexed = append(pg.untexed, b)
		}
	}
	pg.stats["ocr_regions"] = float64(len(pg.untexed))
}

// layout lays the page out geometrically (nativetext's own layout, so the
// two engines never disagree) and, with a model, finds its regions.
func (r *run) layout(ctx context.Context, batch []*page) {
	for _, pg := range batch {
		timed(iLayout, pg, func() { pg.blocks = pg.cells.Layout() })
	}
	if r.model == nil {
		return
	}
	defer charge(iLayout, batch, time.Now())
	in := make([]detect.Input, len(batch))
	for i, pg := range batch {
		in[i] = detect.Input{Page: pg.n, Width: pg.info.Width, Height: pg.info.Height, Image: pg.image}
	}
	regions, err := r.model.Detect(ctx, in)
	for i, pg := range batch {
		if err != nil {
			pg.err = err
			continue
		}
		pg.regions = regions[i]
	}
}

// table rebuilds the tables of a model's table regions from the words
// and rulings inside them (the geometric layout has built its tables
// already, with the same table code) and, with a structure model, reads
// every table's structure again from its render.
func (r *run) table(ctx context.Context, batch []*page) {
	for _, pg := range batch {
		if len(pg.regions) > 0 {
			timed(iTable, pg, func() { pg.blocks = tablesFromRegions(pg.blocks, pg.regions, pg.cells) })
		}
		if r.tables != nil && pg.err == nil {
			timed(iTable, pg, func() { pg.err = r.modelTables(ctx, pg) })
		}
	}
}

// assemble gives the blocks the kinds the model found and lets the page
// go: its glyphs, graphics and render are released here.
func (r *run) assemble(ctx context.Context, batch []*page) {
	for _, pg := range batch {
		timed(iAssemble, pg, func() { assemblePage(pg) })
	}
}

func assemblePage(pg *page) {
	if len(pg.regions) > 0 {
		pg.blocks = assignRegions(pg.blocks, pg.regions)
		pg.stats["regions"] = float64(len(pg.regions))
	}
	pg.cells.Release()
	pg.cells, pg.image, pg.regions, pg.untexed = nil, nil, nil, nil
}
