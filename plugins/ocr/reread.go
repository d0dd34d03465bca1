package ocr

import (
	"context"
	"errors"
	"image"
	"math"
	"slices"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/render"
)

// rereadMargin is the paper, in points, rendered around a box that reread
// reads: Tesseract finds lines poorly where their ink touches the image's
// edge. It is painted white (whiteOutside), so the lines of the blocks
// above and below are not read into the box's text.
const rereadMargin = 8

// rereadRegion is a box that mode reread reads: a block of the page's
// text whose text layer could not be decoded, the script the caller says
// its text is in ("": found out), and its lines' boxes (none: the box
// whole).
type rereadRegion struct {
	box    core.BBox
	script string
	lines  []core.BBox
}

// rereadRegions pairs the boxes of a page with their scripts and lines,
// given one a box or not at all.
func rereadRegions(boxes []core.BBox, scripts []string, lines [][]core.BBox) []rereadRegion {
	out := make([]rereadRegion, len(boxes))
	for i, box := range boxes {
		out[i].box = box
		if i < len(scripts) {
			out[i].script = scripts[i]
		}
		if i < len(lines) {
			out[i].lines = lines[i]
		}
	}
	return out
}

// reread reads the regions of page, blocks of its text whose text layer
// could not be decoded, each into one block of the lines read in it (mode
// reread), in the script of the region. The text layer drew those
// glyphs, so each region is read whole, without the text check that
// pictures get.
func (j *job) reread(ctx context.Context, page core.Page, regions []rereadRegion, opt render.Options, stats map[string]float64) ([]core.Block, error) {
	whole := core.BBox{X1: page.Width, Y1: page.Height}
	var out []core.Block
	for _, rg := range regions {
		t0 := time.Now()
		box := rg.box
		area := core.BBox{X0: box.X0 - rereadMargin, Y0: box.Y0 - rereadMargin, X1: box.X1 + rereadMargin, Y1: box.Y1 + rereadMargin}.Intersect(whole)
		if area.Empty() {
			continue
		}
		shot, err := j.renderRegion(ctx, page.Number, area, opt)
		if err != nil {
			return nil, err
		}
		tr := shot.tr
		g := whiteOutside(shot.g, keptRects(tr, box, rg.lines)...)
		read, backend, err := j.readBlock(ctx, g, int(math.Round(opt.DPI)), rg.script, stats)
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

// linePad is how far, in points, the print of a reread block's line may
// reach beyond the line's box: a box of glyph cells can cut an accent or
// a descender by a hair.
const linePad = 1

// keptRects are the pixel rectangles of box that a reading of it keeps:
// its lines' boxes, padded by linePad and cut to box, or box whole when
// no line lies in it.
func keptRects(tr render.Transform, box core.BBox, lines []core.BBox) []image.Rectangle {
	var keep []image.Rectangle
	for _, l := range lines {
		l = core.BBox{X0: l.X0 - linePad, Y0: l.Y0 - linePad, X1: l.X1 + linePad, Y1: l.Y1 + linePad}.Intersect(box)
		if !l.Empty() {
			keep = append(keep, tr.ToPixels(l))
		}
	}
	if len(keep) == 0 {
		return []image.Rectangle{tr.ToPixels(box)}
	}
	return keep
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

// whiteOutside paints white the pixels of g outside every rectangle of
// keep (in g's pixel coordinates, counted from g's origin), in place, and
// returns g.
func whiteOutside(g *image.Gray, keep ...image.Rectangle) *image.Gray {
	for y := g.Rect.Min.Y; y < g.Rect.Max.Y; y++ {
		row := g.Pix[g.PixOffset(g.Rect.Min.X, y):][:g.Rect.Dx()]
		x := 0 // the row's pixels before x are decided
		for _, k := range rowSpans(g.Rect, keep, y) {
			if k[0] > x {
				clear255(row[x:k[0]])
			}
			x = max(x, k[1])
		}
		clear255(row[x:])
	}
	return g
}

// rowSpans are the spans, in pixels from bounds' left edge and in order
// of their starts, that the rectangles of keep (counted from bounds'
// origin) cover in row y of bounds.
func rowSpans(bounds image.Rectangle, keep []image.Rectangle, y int) [][2]int {
	var spans [][2]int
	for _, k := range keep {
		k = k.Add(bounds.Min).Intersect(bounds)
		if !k.Empty() && k.Min.Y <= y && y < k.Max.Y {
			spans = append(spans, [2]int{k.Min.X - bounds.Min.X, k.Max.X - bounds.Min.X})
		}
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	return spans
}

// clear255 sets every byte of b to white.
func clear255(b []byte) {
	for i := range b {
		b[i] = 0xff
	}
}
