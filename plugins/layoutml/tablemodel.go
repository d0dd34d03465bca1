package layoutml

import (
	"context"
	"fmt"
	"math"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/render"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// tableMargin is the blank border, in points, rendered around a table's
// box for the structure model: the models are trained on table images
// cropped with a little space around the outer rules.
const tableMargin = 4

// The stats a structure model leaves on a page.
const (
	statTableModel     = "table_model"      // tables the model rebuilt
	statTableModelKept = "table_model_kept" // tables whose rule-based structure was kept
)

// modelTables rebuilds the page's tables with the structure model: each
// table's box is rendered at the model's input size and read, and the
// page's words are put in the cells. The model's table replaces the
// rule-based one when tableformer finds it plausible; a model that fails
// or reads too little keeps the rule-based table, and the page's stats
// count both outcomes.
func (r *run) modelTables(ctx context.Context, pg *page) error {
	var words []core.Word
	for i, b := range pg.blocks {
		if b.Kind != core.KindTable || b.Table == nil {
			continue
		}
		if words == nil {
			words = pg.cells.Words()
		}
		t, err := r.readTable(ctx, pg, b.BBox, words)
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			pg.stats[statTableModelKept]++
			continue
		}
		if !tableformer.Plausible(t) {
			pg.stats[statTableModelKept]++
			continue
		}
		t.Continues = b.Table.Continues
		pg.blocks[i].Table = t
		pg.stats[statTableModel]++
	}
	return nil
}

// readTable renders box with a margin and reads its structure.
func (r *run) readTable(ctx context.Context, pg *page, box core.BBox, words []core.Word) (*core.Table, error) {
	region := core.BBox{X0: box.X0 - tableMargin, Y0: box.Y0 - tableMargin, X1: box.X1 + tableMargin, Y1: box.Y1 + tableMargin}
	region = region.Intersect(pg.info.Box())
	if region.Empty() {
		return nil, fmt.Errorf("table box %v is off the page", box)
	}
	long := math.Max(region.Width(), region.Height())
	dpi := math.Min(renderDPIMax, math.Max(render.MinDPI, float64(r.tables.ImageSize())*72/long))
	img, _, err := r.renderer.RenderRegion(ctx, r.rdoc, pg.n, region, render.Options{DPI: dpi})
	if err != nil {
		return nil, fmt.Errorf("render table on page %d: %w", pg.n, err)
	}
	res, err := r.tables.Recognize(ctx, img, region)
	if err != nil {
		return nil, err
	}
	return tableformer.Fill(res.Table, inBox(words, box)), nil
}

// inBox keeps the words whose centres lie in box.
func inBox(words []core.Word, box core.BBox) []core.Word {
	var out []core.Word
	for _, w := range words {
		cx, cy := (w.BBox.X0+w.BBox.X1)/2, (w.BBox.Y0+w.BBox.Y1)/2
		if cx >= box.X0 && cx <= box.X1 && cy >= box.Y0 && cy <= box.Y1 {
			out = append(out, w)
		}
	}
	return out
}
