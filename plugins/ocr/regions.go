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

// checkDPI is the resolution of the text check's render, whose lines of
// text are also the lines read (the detector does not run again on the
// reading render). Text of 7 pt is 15 pixels high there, where the
// detector keeps lines a few points apart separate; at 100 dpi it merges
// them and cuts words, and the reading render's 200 dpi costs half as
// much again for no more lines.
const checkDPI = 150

// readRegions reads the picture regions boxes (page points) of page p,
// each into one figure block whose lines are the words read in it. Each
// picture is first rendered at checkDPI for the text check, which finds
// its lines of text; only a picture that holds text is rendered again at
// the reading resolution, and the lines found are read there.
func (j *job) readRegions(ctx context.Context, p int, boxes []core.BBox, opt render.Options, stats map[string]float64) ([]core.Block, error) {
	var out []core.Block
	for _, b := range boxes {
		t0 := time.Now()
		found, err := j.findLines(ctx, p, b)
		if err != nil {
			return nil, err
		}
		stats[core.StageStatPrefix+"check"] += msSince(t0)
		if !found.ok {
			stats[statRegionsSkipped]++
			continue
		}
		stats[statRegionsRead]++
		t0 = time.Now()
		fig, read, err := j.readRegion(ctx, p, b, found, opt, stats)
		if err != nil {
			return nil, err
		}
		stats[core.StageStatPrefix+"read"] += msSince(t0)
		if read {
			out = append(out, fig)
		}
	}
	return out, nil
}

// checkedLines are what the text check found in a picture: its lines of
// text, in the pixels of a render size wide and high, and whether they
// cover enough of it to be read.
type checkedLines struct {
	lines []image.Rectangle
	size  image.Point
	ok    bool
}

// findLines is the cheap text check run before a picture is read: the
// picture rendered at checkDPI, the text detector (PaddleOCR's DB model,
// a fraction of the cost of reading) finds its lines of text, and it
// holds text when they cover at least minTextShare of it. Without the
// detector every picture is taken to hold text, with no lines.
func (j *job) findLines(ctx context.Context, p int, box core.BBox) (checkedLines, error) {
	if j.paddle == nil {
		return checkedLines{ok: true}, nil
	}
	img, _, err := j.r.RenderRegion(ctx, j.doc, p, box, render.Options{DPI: checkDPI, Gray: true})
	if err != nil {
		return checkedLines{}, err
	}
	g := toGray(img)
	lines, ok, err := j.textLines(ctx, g)
	return checkedLines{lines: lines, size: g.Rect.Size(), ok: ok}, err
}

// readRegion renders one picture at the reading resolution and reads the
// lines the text check found in it (scaled to the render; the detector
// is not run again) into its figure block.
func (j *job) readRegion(ctx context.Context, p int, box core.BBox, found checkedLines, opt render.Options, stats map[string]float64) (core.Block, bool, error) {
	img, tr, err := j.r.RenderRegion(ctx, j.doc, p, box, opt)
	if err != nil {
		return core.Block{}, false, err
	}
	g := toGray(img)
	lines := scaleLines(found.lines, found.size, g.Rect)
	blocks, backend, err := j.readPicture(ctx, g, lines, int(math.Round(opt.DPI)), stats)
	if err != nil {
		return core.Block{}, false, err
	}
	stats["backend_"+backend] = 1
	off := g.Rect.Min
	read := buildBlocks(blocks, func(r image.Rectangle) core.BBox { return tr.ToPage(r.Add(off)) })
	fig, ok := figureOf(box, read)
	return fig, ok, nil
}

// scaleLines maps line boxes found in an image of size from onto the
// image bounds to, rounding outwards so that no ink is cut; nil stays nil
// (no detector: the picture is read whole).
func scaleLines(lines []image.Rectangle, from image.Point, to image.Rectangle) []image.Rectangle {
	if lines == nil || from.X <= 0 || from.Y <= 0 {
		return nil
	}
	sx := float64(to.Dx()) / float64(from.X)
	sy := float64(to.Dy()) / float64(from.Y)
	out := make([]image.Rectangle, 0, len(lines))
	for _, r := range lines {
		s := image.Rect(int(math.Floor(float64(r.Min.X)*sx)), int(math.Floor(float64(r.Min.Y)*sy)),
			int(math.Ceil(float64(r.Max.X)*sx)), int(math.Ceil(float64(r.Max.Y)*sy))).Add(to.Min).Intersect(to)
		if !s.Empty() {
			out = append(out, s)
		}
	}
	return out
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
	// A picture on a page with a text layer is drawn upright: the
	// direction classifier is not asked.
	items, err := j.paddle.readBoxes(ctx, g, lines, false)
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
