package ocr

import (
	"context"
	"fmt"
	"image"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/textclean"
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

// lineItems joins the words that Tesseract read, in its order, into one
// item a line. Tesseract cuts a line of Chinese or Japanese into 'words'
// of a few signs, and the vertical models, reading a turned page, place
// their boxes loosely, across and along the line ('研究' 162 pixels wide
// beside signs of 40, tops 11 pixels apart in one line): the layout read
// such gaps and steps as the ends of lines and changes of size, and a
// heading's kana ('結果' | 'のネットワーク') apart from its kanji. A line
// ends where the next word starts one (startsLine). A line's item
// spans its words' boxes, and its print is measured on the page
// afterwards (measurePrint).
func lineItems(items []pxWord) []pxWord {
	items = dropArtifacts(items) // rule marks would join a line of print
	var out []pxWord
	start := 0
	var line image.Rectangle // the boxes of the line so far
	for i := range items {
		if i > start && startsLine(line, items[i-1], items[i]) {
			out = append(out, joinLine(items[start:i]))
			start = i
		}
		if i == start {
			line = items[i].box
		} else {
			line = line.Union(items[i].box)
		}
	}
	if start < len(items) {
		out = append(out, joinLine(items[start:]))
	}
	return out
}

// startsLine reports whether word w, read after prev on a line whose
// words' boxes span line, starts a line: it steps back to the left,
// stands in another part, or its middle lies under or over the line. A
// word read as noise (noiseConf) stands alone, as does the word after
// it: Tesseract reads a heading's top edge as a line of its own before
// the heading ('2 ーー午'), and joined, its words passed for print where
// the layout drops them one by one.
func startsLine(line image.Rectangle, prev, w pxWord) bool {
	mid := (w.box.Min.Y + w.box.Max.Y) / 2
	return w.box.Min.X < prev.box.Min.X || w.part != prev.part || mid >= line.Max.Y || mid < line.Min.Y ||
		w.conf < noiseConf || prev.conf < noiseConf
}

// noiseConf: a word read with less confidence is noise, not print. The
// words of a heading's top edge read as a line were read at 0 to 0.013;
// the signs Tesseract doubts in a line of print, at 0.3 and more ('間'
// at 0.40 in a vertical heading).
const noiseConf = 0.1

// joinLine is one item for the words of a line (see lineItems), a
// space between two words unless both sides are of a script written
// without spaces: Korean spaces its words, Japanese and Chinese do not.
func joinLine(ws []pxWord) pxWord {
	var sb strings.Builder
	conf := 0.0
	box := ws[0].box
	for i, w := range ws {
		if i > 0 && spacedBetween(ws[i-1].text, w.text) {
			sb.WriteByte(' ')
		}
		sb.WriteString(w.text)
		conf += w.conf
		box = box.Union(w.box)
	}
	return pxWord{text: sb.String(), box: box, conf: conf / float64(len(ws)), part: ws[0].part}
}

// quarterLeft turns a page a quarter to the left, as clean's clockwise
// degrees; fullTurn is a whole turn.
const (
	quarterLeft = 270
	fullTurn    = 360
)

// spacedBetween reports whether a space stands between words a and b:
// unless a ends and b starts with characters of a script written without
// spaces (textclean.Unspaced).
func spacedBetween(a, b string) bool {
	last, _ := utf8.DecodeLastRuneInString(a)
	first, _ := utf8.DecodeRuneInString(b)
	return !textclean.Unspaced(last) || !textclean.Unspaced(first)
}

// toPrint trims the boxes of line items, which span their words' loose
// boxes, to the rows of their print on g (measurePrint): the layout
// parts paragraphs by the blank between lines' boxes, and boxes that
// reach past the print took up the blank a paragraph leaves.
func toPrint(g *image.Gray, lines []pxWord) {
	measurePrint(g, lines)
	for i := range lines {
		l := &lines[i]
		top, bottom := l.print()
		l.box.Min.Y, l.box.Max.Y = top, max(bottom, top+1)
		l.padTop, l.padBottom = 0, 0
	}
}
