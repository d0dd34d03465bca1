package ocr

import (
	"context"
	"image"
	"math"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/render"
)

// The stats of a regions call.
const (
	statRegionsRead    = "regions_read"    // regions OCR read
	statRegionsSkipped = "regions_skipped" // regions the text check found no text in
)

// minTextShare is the share of a picture that detected text lines must
// cover for the picture to be read: a photograph or a drawing may hold a
// stray mark the detector takes for a word, a chart or a scanned note
// holds lines of them.
const minTextShare = 0.005

// checkDPI is the resolution of the text check's render: text of 8 pt is
// 11 pixels high there, which the detector still finds, at a quarter of
// the pixels of a reading render.
const checkDPI = 100

// readRegions reads the picture regions boxes (page points) of page p,
// each into one figure block whose lines are the words read in it. Each
// picture is first rendered at checkDPI for the text check; only a
// picture that holds text is rendered again at the reading resolution
// and read.
func (j *job) readRegions(ctx context.Context, p int, boxes []core.BBox, opt render.Options, stats map[string]float64) ([]core.Block, error) {
	var out []core.Block
	for _, b := range boxes {
		t0 := time.Now()
		ok, err := j.holdsText(ctx, p, b)
		if err != nil {
			return nil, err
		}
		stats[core.StageStatPrefix+"check"] += msSince(t0)
		if !ok {
			stats[statRegionsSkipped]++
			continue
		}
		stats[statRegionsRead]++
		t0 = time.Now()
		fig, found, err := j.readRegion(ctx, p, b, opt, stats)
		if err != nil {
			return nil, err
		}
		stats[core.StageStatPrefix+"read"] += msSince(t0)
		if found {
			out = append(out, fig)
		}
	}
	return out, nil
}

// holdsText is the cheap text check run before a picture is read: the
// picture rendered at checkDPI, the text detector (PaddleOCR's DB model,
// a fraction of the cost of reading) finds its lines of text, and it
// holds text when they cover at least minTextShare of it. Without the
// detector every picture is taken to hold text.
func (j *job) holdsText(ctx context.Context, p int, box core.BBox) (bool, error) {
	if j.paddle == nil {
		return true, nil
	}
	img, _, err := j.r.RenderRegion(ctx, j.doc, p, box, render.Options{DPI: checkDPI, Gray: true})
	if err != nil {
		return false, err
	}
	_, ok, err := j.textLines(ctx, toGray(img))
	return ok, err
}

// readRegion renders one picture at the reading resolution and reads it
// into its figure block.
func (j *job) readRegion(ctx context.Context, p int, box core.BBox, opt render.Options, stats map[string]float64) (core.Block, bool, error) {
	img, tr, err := j.r.RenderRegion(ctx, j.doc, p, box, opt)
	if err != nil {
		return core.Block{}, false, err
	}
	g := toGray(img)
	lines, _, err := j.textLines(ctx, g)
	if err != nil {
		return core.Block{}, false, err
	}
	blocks, backend, err := j.readPicture(ctx, g, lines, int(math.Round(opt.DPI)), stats)
	if err != nil {
		return core.Block{}, false, err
	}
	stats["backend_"+backend] = 1
	off := g.Rect.Min
	read := buildBlocks(blocks, func(r image.Rectangle) core.BBox { return tr.ToPage(r.Add(off)) })
	fig, found := figureOf(box, read)
	return fig, found, nil
}

// msSince is the time since t0 in milliseconds.
func msSince(t0 time.Time) float64 { return float64(time.Since(t0).Microseconds()) / 1000 }

// textLines finds the lines of text in g with the text detector, and
// whether they cover at least minTextShare of it. Without the detector
// there are no lines, and g is taken to hold text.
func (j *job) textLines(ctx context.Context, g *image.Gray) (lines []image.Rectangle, ok bool, err error) {
	if j.paddle == nil || checkImage(g) != nil {
		return nil, true, nil
	}
	lines, err = j.paddle.detect(ctx, g)
	if err != nil {
		return nil, false, err
	}
	area := 0
	for _, r := range lines {
		area += r.Dx() * r.Dy()
	}
	return lines, float64(area) >= minTextShare*float64(g.Rect.Dx()*g.Rect.Dy()), nil
}

// readPicture reads a picture whose text lines the check found: the
// recogniser reads those lines (no second detection, no page analysis),
// unless the options pin Tesseract or the detector is missing, when the
// picture is read as a page region is.
func (j *job) readPicture(ctx context.Context, g *image.Gray, lines []image.Rectangle, dpi int, stats map[string]float64) ([]pxBlock, string, error) {
	if lines == nil || j.opt.Backend == BackendTesseract {
		return j.read(ctx, g, dpi, false, false, stats)
	}
	items, err := j.paddle.readBoxes(ctx, g, lines)
	if err != nil {
		return nil, "", err
	}
	return layoutPage(items, nil, 0), BackendPaddle, nil
}

// figureOf is one figure block for the picture box holding the lines of
// every block read in it, in reading order: the picture's own text, kept
// apart from the page's paragraphs.
func figureOf(box core.BBox, read []core.Block) (core.Block, bool) {
	fig := core.Block{Kind: core.KindFigure, BBox: box}
	for _, b := range read {
		fig.Lines = append(fig.Lines, b.Lines...)
		if b.Table != nil && len(b.Lines) == 0 {
			fig.Lines = append(fig.Lines, core.RowsBlock(core.KindFigure, b.Table.WordRows()).Lines...)
		}
	}
	return fig, len(fig.Lines) > 0
}
