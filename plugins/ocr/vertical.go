package ocr

import (
	"context"
	"fmt"
	"image"
	"slices"

	"github.com/assay-pdf/assay/core"
)

// Japanese, Chinese and Korean are also set in vertical lines, read top
// to bottom, the lines right to left. Tesseract's horizontal models read
// such a page as noise (a page of vertical Japanese gave 18 'words' of
// one or two signs), and its vertical models (jpn_vert, chi_sim_vert,
// chi_tra_vert, kor_vert) read the page turned a quarter to the left,
// where each vertical line lies as a horizontal one, the first at the
// top. The page is then laid out as any turned page is, and its boxes
// are turned back.
//
// A page is set vertically where the blanks between its ink are wider
// across the page than down it: between vertical lines stand the lines'
// gaps, while down a line only the small gaps between signs. Set
// horizontally, a page shows its line gaps down the page, and the signs'
// gaps across it.

// verticalModels are the vertical models that read a script, by OSD's
// name, the first installed one used.
var verticalModels = map[string][]string{
	"Japanese": {"jpn_vert"},
	"Hiragana": {"jpn_vert"},
	"Katakana": {"jpn_vert"},
	"Han":      {"chi_sim_vert", "chi_tra_vert"},
	"HanS":     {"chi_sim_vert"},
	"HanT":     {"chi_tra_vert"},
	"Hangul":   {"kor_vert"},
	"Korean":   {"kor_vert"},
}

// verticalGapRatio: a page whose blanks across it are this many times
// as wide as those down it (medians) is set vertically.
const verticalGapRatio = 2.0

// minVerticalLines is the fewest blanks across a page between its
// vertical lines.
const minVerticalLines = 3

// verticalModel is the installed vertical model for script, "" where
// there is none.
func (t *tesseract) verticalModel(script string) string {
	for _, m := range verticalModels[script] {
		if t.available[m] {
			return m
		}
	}
	return ""
}

// setVertically reports whether the print on g, at dpi, is set in
// vertical lines (see above), judged on its largest part (pageParts): on
// a page of horizontal columns whose lines stand at other heights, few
// rows are blank across the whole page, but every line gap of one
// column is.
func setVertically(g *image.Gray, dpi int) bool {
	var part image.Rectangle
	for _, p := range pageParts(g, dpi) {
		if p.Dx()*p.Dy() > part.Dx()*part.Dy() {
			part = p
		}
	}
	sub := g.SubImage(part).(*image.Gray)
	w, h := part.Dx(), part.Dy()
	across := blankRuns(columnInk(sub), max(minSpeckInk, int(float64(h)*cutInkShare)), 1)
	if len(across) < minVerticalLines {
		return false
	}
	down := blankRuns(rowInk(sub), blankRowInk(w), 1)
	return len(down) == 0 || float64(medianRun(across)) >= verticalGapRatio*float64(medianRun(down))
}

// medianRun is the median length of runs.
func medianRun(runs [][2]int) int {
	n := make([]int, len(runs))
	for i, r := range runs {
		n[i] = r[1] - r[0]
	}
	slices.Sort(n)
	return n[len(n)/2]
}

// verticalPackages are the Debian packages of the vertical models, by
// model.
var verticalPackages = map[string]string{
	"jpn_vert": "tesseract-ocr-jpn-vert", "chi_sim_vert": "tesseract-ocr-chi-sim-vert",
	"chi_tra_vert": "tesseract-ocr-chi-tra-vert", "kor_vert": "tesseract-ocr-kor-vert",
}

// verticalPage reports whether the whole page cp, in script, is set in
// vertical lines that Tesseract can read, and with which model. A page
// set so without a vertical model installed is noted in stats, with the
// package to install, and read as the script's other pages are.
func (j *job) verticalPage(tw *tessWorker, cp *cleanPage, dpi int, script string, stats map[string]float64) (string, bool) {
	models := verticalModels[script]
	if tw == nil || !cp.page || len(models) == 0 || !setVertically(cp.cleaned, dpi) {
		return "", false
	}
	if vm := j.tess.verticalModel(script); vm != "" {
		stats["vertical_lines"] = 1
		return vm, true
	}
	stats[core.NoteStatPrefix+fmt.Sprintf("the page is set in vertical lines and no vertical Tesseract model for the %s script is installed: install the Debian package %s", script, verticalPackages[models[0]])] = 1
	return "", false
}

// readVertical reads the page cp, set in vertical lines, with the
// vertical model vm: turned a quarter to the left, where its lines lie
// horizontal, the first on top, and laid out so; the boxes are in g's
// pixels.
func (j *job) readVertical(ctx context.Context, tw *tessWorker, cp *cleanPage, g *image.Gray, dpi int, vm string, clock *stageClock, stats map[string]float64) ([]pxBlock, string, error) {
	turned := j.clean(g, (cp.rot+quarterLeft)%fullTurn, dpi, cp.page, clock, stats)
	// One part: the signs of the turned lines stand on a grid, and the
	// blanks between them would cut the page into columns (pageParts).
	items, err := j.readParts(ctx, tw, turned.cleaned, []image.Rectangle{turned.cleaned.Rect}, dpi, []string{vm}, 1)
	if err != nil {
		return nil, "", err
	}
	clock.lap("recognize")
	lines := lineItems(items)
	toPrint(turned.cleaned, lines)
	return j.layout(turned, lines, g, clock), BackendTesseract, nil
}

// quarterLeft turns a page a quarter to the left, as clean's clockwise
// degrees; fullTurn is a whole turn.
const (
	quarterLeft = 270
	fullTurn    = 360
)
