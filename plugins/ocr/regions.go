package ocr

import (
	"context"
	"errors"
	"image"
	"math"
	"slices"
	"time"
	"unicode"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/render"
)

// The stats of a regions call.
const (
	statRegionsRead    = "regions_read"    // regions OCR read
	statRegionsSkipped = "regions_skipped" // regions the text check found no text in
	statLayerLines     = "layer_lines"     // lines found in regions that are the text layer's
)

// minTextShare is the share of a picture that detected text lines must
// cover for the picture to be read: a photograph or a drawing may hold a
// stray mark the detector takes for a word, a chart or a scanned note
// holds lines of them.
const minTextShare = 0.005

// checkDPI is the resolution the text check's detector sees, whose lines
// of text are also the lines read (the detector does not run again on
// the reading image). Text of 7 pt is 15 pixels high there, where the
// detector keeps lines a few points apart separate; at 100 dpi it merges
// them and cuts words, and at the reading resolution of 200 dpi it costs
// half as much again for no more lines.
const checkDPI = 150

// layerShare is the share of a line's width that the page's own
// characters (those centred in the line's box) must span for the line to
// be the text layer's: a caption inside a picture's box, or labels a
// chart draws over its plot, are in the page's text already
// (merge.Overlay drops them from what regions read), so they are neither
// read nor counted as the picture's text. Width, not area: the detector
// grows a line's box by a margin on every side, which for small type is
// as high as the letters.
const layerShare = 0.5

// readRegions reads the picture regions boxes (page points) of page p,
// each into one figure block whose lines are the words read in it. Each
// picture is rendered once, at the reading resolution (opt); the text
// check looks for its lines of text in that image shrunk to checkDPI,
// and only a picture that holds text is read, in the same image.
//
// One render serves both: pdfium keeps a decoded image for the size it
// was drawn at, so a second render at another resolution decodes the
// picture again, which for a photograph of a few million pixels is most
// of the cost of the check (issue19971's 2500×1364 JPEG: 200 ms each
// time, where shrinking the render to checkDPI takes a few).
func (j *job) readRegions(ctx context.Context, p int, boxes []core.BBox, opt render.Options, stats map[string]float64) ([]core.Block, error) {
	var out []core.Block
	layer := &textLayer{j: j, page: p}
	for _, b := range boxes {
		t0 := time.Now()
		shot, found, err := j.findLines(ctx, p, b, layer, opt, stats)
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
		fig, read, err := j.readRegion(ctx, p, b, shot, found, layer, opt, stats)
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

// regionShot is a region of a page rendered for reading (a picture, a
// block to read again, the check's band): its image, zero-origin, and
// the transform from its pixels to page points. The zero shot is no
// render yet.
type regionShot struct {
	g  *image.Gray
	tr render.Transform
}

// findLines is the cheap text check run before a picture is read: the
// picture rendered at the reading resolution (opt) and shrunk to
// checkDPI, the text detector (PaddleOCR's DB model, a fraction of the
// cost of reading) finds its lines of text, those of the text layer are
// left out (layerShare), and it holds text when the rest cover at least
// minTextShare of it. It returns the render, for the read. Without the
// detector, or in a picture too small for it, every picture is taken to
// hold text, with no lines.
func (j *job) findLines(ctx context.Context, p int, box core.BBox, layer *textLayer, opt render.Options, stats map[string]float64) (regionShot, checkedLines, error) {
	if j.paddle == nil {
		return regionShot{}, checkedLines{ok: true}, nil
	}
	shot, err := j.renderRegion(ctx, p, box, opt)
	if err != nil {
		return regionShot{}, checkedLines{}, err
	}
	g, tr := atDPI(shot, opt.DPI, checkDPI)
	if checkImage(g) != nil {
		return shot, checkedLines{ok: true}, nil
	}
	lines, err := j.paddle.detect(ctx, g)
	if err != nil {
		return regionShot{}, checkedLines{}, err
	}
	if len(lines) > 0 {
		kept := offLayer(lines, tr, layer.in(ctx, box))
		stats[statLayerLines] += float64(len(lines) - len(kept))
		lines = kept
	}
	area := 0
	for _, r := range lines {
		area += r.Dx() * r.Dy()
	}
	ok := float64(area) >= minTextShare*float64(g.Rect.Dx()*g.Rect.Dy())
	return shot, checkedLines{lines: lines, size: g.Rect.Size(), ok: ok}, nil
}

// renderRegion renders box of page p with opt, as a zero-origin gray image.
func (j *job) renderRegion(ctx context.Context, p int, box core.BBox, opt render.Options) (regionShot, error) {
	img, tr, err := j.r.RenderRegion(ctx, j.doc, p, box, opt)
	if err != nil {
		return regionShot{}, err
	}
	return regionShot{g: toGray(img), tr: tr}, nil
}

// atDPI is the shot, rendered at dpi, shrunk (a box filter) to at most
// want dpi, with the transform of the image it returns; a shot at or
// under want is returned as it is.
func atDPI(shot regionShot, dpi, want float64) (*image.Gray, render.Transform) {
	if dpi <= want {
		return shot.g, shot.tr
	}
	g := shrink(shot.g, want/dpi)
	tr := shot.tr
	tr.Scale *= float64(g.Rect.Dx()) / float64(shot.g.Rect.Dx())
	return g, tr
}

// offLayer are the lines (pixels of a render with transform tr) whose
// width the characters chars do not span by layerShare.
func offLayer(lines []image.Rectangle, tr render.Transform, chars []render.Char) []image.Rectangle {
	out := make([]image.Rectangle, 0, len(lines))
	for _, r := range lines {
		if box := tr.ToPage(r); spanned(box, chars) < layerShare*box.Width() {
			out = append(out, r)
		}
	}
	return out
}

// spanned is the width of box that the cells of the characters centred
// in it span, overlaps counted once.
func spanned(box core.BBox, chars []render.Char) float64 {
	var spans [][2]float64
	for _, c := range chars {
		cx, cy := (c.Loose.X0+c.Loose.X1)/2, (c.Loose.Y0+c.Loose.Y1)/2
		if cx >= box.X0 && cx <= box.X1 && cy >= box.Y0 && cy <= box.Y1 {
			spans = append(spans, [2]float64{max(c.Loose.X0, box.X0), min(c.Loose.X1, box.X1)})
		}
	}
	return core.UnionLength(spans)
}

// textLayer is a page's own characters, read from the file on first use.
type textLayer struct {
	j     *job
	page  int
	chars []render.Char
	read  bool
}

// in are the page's visible characters (not spaces) whose cells overlap
// box. A page whose characters cannot be read has none: its pictures'
// lines are all read.
func (l *textLayer) in(ctx context.Context, box core.BBox) []render.Char {
	var out []render.Char
	for _, c := range l.all(ctx) {
		if !unicode.IsSpace(c.Rune) && c.Rune != 0 && !c.Loose.Intersect(box).Empty() {
			out = append(out, c)
		}
	}
	return out
}

// all are the page's characters.
func (l *textLayer) all(ctx context.Context) []render.Char {
	if !l.read {
		l.read = true
		l.chars, _ = l.j.r.Chars(ctx, l.j.doc, l.page)
	}
	return l.chars
}

// readRegion reads the lines the text check found in one picture (scaled
// to the reading render, shot, which it makes when the check made none;
// the detector is not run again) into its figure block. On a page whose
// own text has no CJK, the marks PaddleOCR reads as ideographs are left
// out (dropStrayHan).
func (j *job) readRegion(ctx context.Context, p int, box core.BBox, shot regionShot, found checkedLines, layer *textLayer, opt render.Options, stats map[string]float64) (core.Block, bool, error) {
	if shot.g == nil {
		var err error
		if shot, err = j.renderRegion(ctx, p, box, opt); err != nil {
			return core.Block{}, false, err
		}
	}
	g, tr := shot.g, shot.tr
	lines := scaleLines(found.lines, found.size, g.Rect)
	blocks, backend, err := j.readPicture(ctx, g, lines, int(math.Round(opt.DPI)), stats)
	if err != nil {
		return core.Block{}, false, err
	}
	stats["backend_"+backend] = 1
	if backend == BackendPaddle && layer.withoutCJK(ctx) {
		blocks = keepWords(blocks, dropStrayHan)
	}
	off := g.Rect.Min
	blocks, gone := dropNoise(blocks, true)
	noteNoise(stats, "a picture", gone)
	read := buildBlocks(blocks, func(r image.Rectangle) core.BBox { return tr.ToPage(r.Add(off)) })
	fig, ok := joinRead(core.KindFigure, box, read)
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

// readPicture reads a picture whose text lines the check found. A
// picture of printed matter (printed), where Tesseract is loaded, is
// read by it with all but those lines painted out (maskLines), as Latin
// print; one it reads poorly there (another script) and every other
// picture (a chart, a map, a diagram) go to PaddleOCR's recogniser,
// which reads the check's lines one at a time (no second detection, no
// page analysis). Without the detector, or with the options pinning
// Tesseract or naming languages, Tesseract reads the whole picture as a
// page region.
//
// Pictures of pages of Latin text (eight pages of generated-b as
// pictures at 110 dpi) were read at a word recall of 0.82 by the
// recogniser, which drops spaces and letters in lines of small print
// ("Forapreazounn"), and at 0.99 by Tesseract in half the time. PaddleOCR
// reads Chinese pictures better (recall 1.0 and 0.88 against
// Tesseract's script model's 0.89 and 0.74), and the labels of charts and
// maps: there Tesseract reads a legend's swatches as letters ("Every
// underweight") and drops values read with doubt.
func (j *job) readPicture(ctx context.Context, g *image.Gray, lines []image.Rectangle, dpi int, stats map[string]float64) ([]pxBlock, string, error) {
	if lines == nil || j.opt.Backend == BackendTesseract {
		return j.read(ctx, g, dpi, false, false, stats)
	}
	if len(j.opt.Languages) > 0 {
		if t := j.withTess(); t != nil {
			return t.read(ctx, g, dpi, false, false, stats)
		}
	}
	if j.opt.Backend == BackendAuto && printed(lines, g.Rect) {
		if t := j.withTess(); t != nil {
			blocks, backend, err := t.readAs(ctx, maskLines(g, lines), dpi, false, false, true, stats)
			if !errors.Is(err, errNotLatin) {
				return dropIcons(blocks), backend, err
			}
		}
	}
	// A picture on a page with a text layer is drawn upright: the
	// direction classifier is not asked.
	items, err := j.paddle.readBoxes(ctx, g, lines, false, 1)
	if err != nil {
		return nil, "", err
	}
	return layoutPage(items, nil, 0), BackendPaddle, nil
}

// A picture is printed matter, a page or a screen of text, when the
// check finds at least minPrintedLines lines in it covering at least
// minPrintedCover of it. A page of text set as a picture is covered 0.13
// to 0.58 by its lines (a page of prose about 0.4), a Federal Register
// notice's scanned figures 0.47 to 0.59, screenshots of a manual 0.22
// to 0.28; charts and maps 0.02 to 0.20 (icdar2013-eu's, 12 to 94 lines).
const (
	minPrintedLines = 5
	minPrintedCover = 0.25
)

// printed says whether lines, found in a picture of bounds r, are
// printed matter (minPrintedCover).
func printed(lines []image.Rectangle, r image.Rectangle) bool {
	if len(lines) < minPrintedLines || r.Empty() {
		return false
	}
	area := 0
	for _, l := range lines {
		area += l.Dx() * l.Dy()
	}
	return float64(area) >= minPrintedCover*float64(r.Dx()*r.Dy())
}

// lineMargin is how far around a line the check found, as a share of its
// height, maskLines keeps the picture: the detector's boxes hug the ink,
// and Tesseract wants blank paper around what it reads.
const lineMargin = 0.25

// maskLines is g with everything but lines (grown by lineMargin) painted
// white: a chart's bars and axes and a photograph's shapes are not read
// as letters, and the lines the check left out (the text layer's own
// words over the picture) are not read again.
func maskLines(g *image.Gray, lines []image.Rectangle) *image.Gray {
	out := image.NewGray(g.Rect)
	for i := range out.Pix {
		out.Pix[i] = 0xff
	}
	for _, r := range lines {
		m := int(math.Ceil(lineMargin * float64(r.Dy())))
		r = r.Inset(-m).Intersect(g.Rect)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			i, k := g.PixOffset(r.Min.X, y), out.PixOffset(r.Min.X, y)
			copy(out.Pix[k:k+r.Dx()], g.Pix[i:i+r.Dx()])
		}
	}
	return out
}

// An icon in a screenshot (a folder, a key, a toolbar button) sits on the
// line of the label beside it, inside the box the check found, and
// Tesseract reads it as a mark or two ("E$", "[|", "{5", "6-@"), with
// doubt; the words of a picture's labels are read surely (redp5110's
// screenshots: 0.85-1.0, two long names at 0.59 and 0.74). A word read
// in a picture under minIconConf, with fewer than minIconLetters
// letters, is such a mark.
const (
	minIconConf    = 0.6
	minIconLetters = 3
)

// dropIcons removes from blocks (lines and table cells) the words that
// are icons read as marks (minIconConf), and the lines and blocks left
// empty.
func dropIcons(blocks []pxBlock) []pxBlock {
	return keepWords(blocks, func(ws []pxWord) []pxWord {
		out := ws[:0:0]
		for _, w := range ws {
			if w.conf >= minIconConf || letters(w.text) >= minIconLetters {
				out = append(out, w)
			}
		}
		return out
	})
}

// keepWords is blocks with the words of each line and table cell passed
// through keep, and the lines and blocks left empty removed.
func keepWords(blocks []pxBlock, keep func([]pxWord) []pxWord) []pxBlock {
	out := blocks[:0:0]
	for _, b := range blocks {
		var lines [][]pxWord
		for _, l := range b.lines {
			if l = keep(l); len(l) > 0 {
				lines = append(lines, l)
			}
		}
		b.lines = lines
		if b.table != nil {
			t := *b.table
			t.cells = slices.Clone(t.cells)
			for i := range t.cells {
				t.cells[i].words = keep(t.cells[i].words)
			}
			b.table = &t
		}
		if len(b.lines) > 0 || b.table != nil {
			out = append(out, b)
		}
	}
	return out
}

// letters counts the letters of s.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// joinRead is one block of kind for box holding the lines of every block
// read in it, in reading order: a picture's own text (a figure), kept
// apart from the page's paragraphs, or a reread block's text.
func joinRead(kind core.BlockKind, box core.BBox, read []core.Block) (core.Block, bool) {
	out := core.Block{Kind: kind, BBox: box}
	for _, b := range read {
		out.Lines = append(out.Lines, b.Lines...)
		if b.Table != nil && len(b.Lines) == 0 {
			out.Lines = append(out.Lines, core.RowsBlock(kind, b.Table.WordRows()).Lines...)
		}
	}
	return out, len(out.Lines) > 0
}
