package ocr

import (
	"context"
	"errors"
	"image"
	"math"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/render"
)

// rereadMargin is the paper, in points, rendered around a box that reread
// reads: Tesseract finds lines poorly where their ink touches the image's
// edge. It is painted white (whiteOutside), so the lines of the blocks
// above and below are not read into the box's text.
const rereadMargin = 8

// reread reads the boxes (page points) of page, blocks of its text whose
// text layer could not be decoded, each into one block of the lines read
// in it (mode reread), in the script the caller says its text is in
// (scripts, one a box; none: found out). The text layer drew those
// glyphs, so each box is read whole, without the text check that
// pictures get.
func (j *job) reread(ctx context.Context, page core.Page, boxes []core.BBox, scripts []string, opt render.Options, stats map[string]float64) ([]core.Block, error) {
	whole := core.BBox{X1: page.Width, Y1: page.Height}
	var out []core.Block
	for i, box := range boxes {
		script := ""
		if i < len(scripts) {
			script = scripts[i]
		}
		t0 := time.Now()
		area := core.BBox{X0: box.X0 - rereadMargin, Y0: box.Y0 - rereadMargin, X1: box.X1 + rereadMargin, Y1: box.Y1 + rereadMargin}.Intersect(whole)
		if area.Empty() {
			continue
		}
		shot, err := j.renderRegion(ctx, page.Number, area, opt)
		if err != nil {
			return nil, err
		}
		tr := shot.tr
		g := whiteOutside(shot.g, tr.ToPixels(box))
		read, backend, err := j.readBlock(ctx, g, int(math.Round(opt.DPI)), script, stats)
		if err != nil {
			return nil, err
		}
		stats["backend_"+backend] = 1
		off := g.Rect.Min
		blocks := buildBlocks(read, func(r image.Rectangle) core.BBox { return tr.ToPage(r.Add(off)) })
		if b, ok := joinRead(core.KindParagraph, box, blocks); ok {
			out = append(out, b)
		}
		stats[core.StageStatPrefix+"read"] += msSince(t0)
	}
	return out, nil
}

// readBlock reads the picture g of a block of text. Where the block's
// text is in a script other than Latin (script, from its text layer), with
// that script's model: the script check that a page of unknown script
// gets (OSD, trial readings) cost a Korean heading 1.4 of its 1.6
// seconds. Otherwise as Latin print first, which a short block of it is,
// and as a page of any script when it is not.
func (j *job) readBlock(ctx context.Context, g *image.Gray, dpi int, script string, stats map[string]float64) ([]pxBlock, string, error) {
	t := j.withTess()
	if _, known := scriptModels[script]; known && script != "Latin" && (t != nil || j.paddleFor() != nil) {
		if t == nil {
			t = j // PaddleOCR reads it
		}
		return t.readKnownScript(ctx, g, dpi, script, stats)
	}
	if t != nil {
		blocks, backend, err := t.readAs(ctx, g, dpi, false, false, true, stats)
		if !errors.Is(err, errNotLatin) {
			return blocks, backend, err
		}
	}
	return j.read(ctx, g, dpi, false, false, stats)
}

// readKnownScript reads g, upright, with the model of script: no OSD, no
// trial readings.
func (j *job) readKnownScript(ctx context.Context, g *image.Gray, dpi int, script string, stats map[string]float64) ([]pxBlock, string, error) {
	clock := newStageClock(stats)
	tw, release, err := j.worker(ctx)
	if err != nil {
		return nil, "", err
	}
	defer release()
	return j.readScript(ctx, tw, j.clean(g, 0, dpi, false, clock, stats), g, dpi, script, clock, stats)
}

// whiteOutside paints white the pixels of g outside keep (in g's pixel
// coordinates, counted from g's origin), in place, and returns g.
func whiteOutside(g *image.Gray, keep image.Rectangle) *image.Gray {
	keep = keep.Add(g.Rect.Min).Intersect(g.Rect)
	if keep.Empty() {
		clear255(g.Pix)
		return g
	}
	for y := g.Rect.Min.Y; y < g.Rect.Max.Y; y++ {
		row := g.Pix[g.PixOffset(g.Rect.Min.X, y):][:g.Rect.Dx()]
		if y < keep.Min.Y || y >= keep.Max.Y {
			clear255(row)
			continue
		}
		clear255(row[:keep.Min.X-g.Rect.Min.X])
		clear255(row[keep.Max.X-g.Rect.Min.X:])
	}
	return g
}

// clear255 sets every byte of b to white.
func clear255(b []byte) {
	for i := range b {
		b[i] = 0xff
	}
}
