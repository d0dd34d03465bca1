package ocr

import (
	"image"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/textclean"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// The page layout is built here from the recognised items alone (words
// with boxes from Tesseract, line pieces from PaddleOCR's detector), on
// the straightened page where text lines are horizontal:
//
//  1. segments: items chained left to right along a line, broken where the
//     gap is much wider than a word space or a ruling line stands between
//     two items (column gutters, table cells);
//  2. tables: runs of at least three rows of short segments whose x ranges
//     line up in two or more columns, read row by row;
//  3. reading order: segment a precedes b when their x ranges overlap and a
//     is above b, or when a lies wholly left of b and nothing between them
//     vertically spans both (T. Breuel's ordering rules, the partial order
//     an XY-cut follows: columns left to right, full-width elements such as
//     titles in between), sorted topologically;
//  4. blocks: consecutive segments of one column joined into paragraphs,
//     breaking at wide vertical gaps and at changes of text size; large text
//     is a heading, a leading bullet makes a list item, short lines in the
//     top and bottom margins are page headers and footers.

// pxWord is a recognised word (or, from the detector, a piece of a line) in
// the pixels of the image it was read from.
type pxWord struct {
	text string
	box  image.Rectangle
	conf float64 // 0..1
	rtl  bool    // right-to-left script: order words by descending x
	// part is the part of the page (pageParts) the word was read in,
	// from 1; 0 when the page was read whole. A part holds one column
	// (see node.part).
	part int
	// padTop and padBottom are the rows of the box above and under the
	// word's print, where the box stands off from it: a PaddleOCR line's
	// margin (measurePrint), a Latin word's descenders
	// (measureBaselines); 0 where the box is the print's.
	padTop, padBottom int
	// sized: the print was measured as its script sets its size, from
	// the tops of its tall letters to its baseline (measureBaselines).
	sized bool
	// stroke is the width of its strokes in pixels (strokeWidth); 0
	// where it was not measured.
	stroke float64
}

// print is the first and the past-last row of w's print.
func (w pxWord) print() (top, bottom int) {
	return w.box.Min.Y + w.padTop, w.box.Max.Y - w.padBottom
}

// pxBlock is one block of the page in reading order.
type pxBlock struct {
	kind  core.BlockKind
	level int
	lines [][]pxWord // words of each line in reading order
	table *pxTable
	// mixed: lines of two sizes of print run on in the block, as a
	// justified paragraph's (inlineLarger); it is no heading.
	mixed bool
}

// pxTable is a table read from aligned segments.
type pxTable struct {
	rows, cols int
	header     int // the first rows, which are the header's
	cells      []pxCell
}

type pxCell struct {
	row, col int
	words    []pxWord
}

// clean is the text hygiene shared with the other engines.
func clean(s string) string { return textclean.Clean(s) }

// segment is a run of items along one line with no wide gap.
type segment struct {
	items []pxWord
	box   image.Rectangle
	table int // index+1 of the table holding it, 0 for text
}

func (s *segment) cy() int { return (s.box.Min.Y + s.box.Max.Y) / 2 }

func (s *segment) add(w pxWord) {
	s.items = append(s.items, w)
	if len(s.items) == 1 {
		s.box = w.box
	} else {
		s.box = s.box.Union(w.box)
	}
}

// words counts the segment's words. Chinese and Japanese are written
// without spaces: a run of their characters counts a word per
// cjkWordRunes of them (the detector reads a whole line as one piece).
func (s *segment) words() int {
	n := 0
	for _, w := range s.items {
		for _, f := range strings.Fields(w.text) {
			n += fieldWords(f)
		}
	}
	return n
}

// cjkWordRunes is about how many characters a Chinese or Japanese word
// has.
const cjkWordRunes = 2

// fieldWords is the number of words in f, a run of text without spaces.
func fieldWords(f string) int {
	cjk := 0
	for _, r := range f {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) {
			cjk++
		}
	}
	if cjk == 0 {
		return 1
	}
	return max(1, (cjk+cjkWordRunes-1)/cjkWordRunes)
}

// textHeight is the height from the tops of the tall letters to the
// baseline, taken over the segment's words so that a line without
// descenders and one with many compare fairly: the lower quartile of the
// words' tops and of their bottoms. Where some words are sized
// (measureBaselines), only they count: the box of a word without tall
// letters reaches what its letters happen to, and a superscript ('x²',
// 'picture³') stands over the capitals. A paragraph's last line of six
// words, two with a superscript, measured 1.34 times the body and was
// taken for a heading.
func textHeight(ws []pxWord) float64 {
	if sized := sizedOf(ws); len(sized) > 0 {
		ws = sized
	}
	if len(ws) == 0 {
		return 0
	}
	tops := make([]int, len(ws))
	bots := make([]int, len(ws))
	for i, w := range ws {
		tops[i], bots[i] = w.print()
	}
	slices.Sort(tops)
	slices.Sort(bots)
	q := (len(ws) - 1) / 4
	return float64(max(1, bots[q]-tops[q]))
}

// sizedOf is the sized words of ws: ws itself when all are, nil when
// none is.
func sizedOf(ws []pxWord) []pxWord {
	n := 0
	for _, w := range ws {
		if w.sized {
			n++
		}
	}
	switch n {
	case 0:
		return nil
	case len(ws):
		return ws
	}
	out := make([]pxWord, 0, n)
	for _, w := range ws {
		if w.sized {
			out = append(out, w)
		}
	}
	return out
}

// layoutPage turns the items of one straightened page into blocks in
// reading order. rules are the ruling lines found on the page; pageH its
// height in pixels, 0 when the image is not a whole page.
func layoutPage(items []pxWord, rules []rule, pageH int) []pxBlock {
	items = dropArtifacts(items)
	if len(items) == 0 {
		return nil
	}
	hs := make([]float64, 0, len(items))
	for _, w := range items {
		hs = append(hs, float64(w.box.Dy()))
	}
	h := median(hs)
	items = dropSpecks(items, h)
	if len(items) == 0 {
		return nil
	}
	l := &layout{h: h, rtl: mostlyRTL(items), rules: rules, pageH: pageH, stroke: bodyStroke(items), pitch: fixedPitch(items)}
	segs := l.segments(items)
	if scattered(segs) {
		return nil
	}
	tables := l.tables(segs)
	order := l.order(segs, tables)
	return l.blocks(segs, tables, order)
}

// A photograph or a drawing that is read anyway gives Tesseract shapes
// it takes for letters: marks scattered over the picture, each alone on
// its line, read with doubt ("oe", "ge", "Ser.", at 0.1-0.5 over a
// photograph of clouds). Print, even a page of a few words, is read
// surely (the corpus's scanned pages give their words alone on a line a
// median confidence over 0.9), and a poor scan's doubtful words stand in
// lines. So where at least minScatterWords words are read, no more than
// maxLinedShare of them share their line with another, and their
// median confidence is under maxScatterConf, the page holds no text.
const (
	minScatterWords = 3
	maxLinedShare   = 0.1
	maxScatterConf  = 0.6
)

// scattered says whether the words of segs are a picture's marks rather
// than text (see maxScatterConf).
func scattered(segs []*segment) bool {
	var confs []float64
	lined := 0
	for _, s := range segs {
		for _, w := range s.items {
			confs = append(confs, w.conf)
		}
		if len(s.items) > 1 {
			lined += len(s.items)
		}
	}
	n := len(confs)
	return n >= minScatterWords && float64(lined) <= maxLinedShare*float64(n) && median(confs) < maxScatterConf
}

type layout struct {
	h      float64 // median item height, pixels
	rtl    bool
	rules  []rule
	pageH  int
	stroke float64 // the words' median stroke width (bodyStroke)
	// weight is the body's stroke width over its print's height (blocks).
	weight float64
	// pitch is the width of a character cell on a page typed in a
	// fixed-pitch face (fixedPitch), pixels; 0 on any other page.
	pitch float64
}

// minMarkConf: a word of rule marks alone ("—", "_") read with less
// confidence is taken for a mark that is not print. Tesseract reads such
// marks into the blank gutter between two columns of justified text, two
// lines high, with confidence near 0, and they join the columns' lines.
const minMarkConf = 0.5

// ruleMarks are the marks Tesseract reads ruling lines and a picture's
// strokes as.
const ruleMarks = "|¦_—–-=~"

// dropArtifacts removes empty items and the marks ruling lines leave in
// recognised text ("|", "___"), and marks read into blank space.
func dropArtifacts(items []pxWord) []pxWord {
	out := make([]pxWord, 0, len(items))
	for _, w := range items {
		w.text = strings.TrimSpace(clean(w.text))
		if w.text == "" || w.box.Empty() {
			continue
		}
		if strings.Trim(w.text, ruleMarks) == "" {
			wide := w.box.Dx() > 4*w.box.Dy()
			tall := w.box.Dy() > 3*w.box.Dx() && w.text != "-"
			if strings.ContainsAny(w.text, "|¦") || wide || tall || w.conf < minMarkConf {
				continue
			}
		}
		out = append(out, w)
	}
	return out
}

// maxSpeck: a word whose box is smaller than this share of the median
// word height both ways, read with less than minMarkConf, is a speck of
// scan noise that Tesseract took for a period or a letter. Print is not
// that small beside its neighbours (a superscript is half their height,
// a bullet about 0.4, and both are read with more confidence).
const maxSpeck = 0.3

// maxMarkShare: a mark split off a word (an i's dot, an accent) is less
// than this share of the word's height; a word of the line above, which
// may also sit just over it, is about as tall as the word.
const maxMarkShare = 1.0 / 3

// dropSpecks removes from items, whose median height is h, the specks of
// noise (maxSpeck) and the detached marks: the dots of i and j, or
// accents, that Tesseract split off a line of large print and read as a
// word of their own ("." or "e."), just above the word they belong to.
func dropSpecks(items []pxWord, h float64) []pxWord {
	small := maxSpeck * h
	speck := func(w pxWord) bool {
		return w.conf < minMarkConf && float64(w.box.Dx()) < small && float64(w.box.Dy()) < small
	}
	detached := func(w pxWord) bool {
		for _, o := range items {
			// Within o, above its middle, no more than h/2 over its top
			// (an i's dot rises as high as the tall letters beside it).
			within := o.box.Min.X <= w.box.Min.X && o.box.Max.X >= w.box.Max.X
			above := w.box.Min.Y+w.box.Max.Y < o.box.Min.Y+o.box.Max.Y && float64(o.box.Min.Y-w.box.Max.Y) < h/2
			if within && above && float64(w.box.Dy()) < maxMarkShare*float64(o.box.Dy()) {
				return true
			}
		}
		return false
	}
	var out []pxWord
	for _, w := range items {
		if !speck(w) && !detached(w) {
			out = append(out, w)
		}
	}
	return out
}

// ruleBetween reports whether a vertical rule separates boxes a (left) and
// b (right) on their shared rows.
func (l *layout) ruleBetween(a, b image.Rectangle) bool {
	y0, y1 := max(a.Min.Y, b.Min.Y), min(a.Max.Y, b.Max.Y)
	for _, r := range l.rules {
		if r.vertical && r.box.Min.X >= a.Max.X-1 && r.box.Max.X <= b.Min.X+1 && r.box.Min.Y <= y0+2 && r.box.Max.Y >= y1-2 {
			return true
		}
	}
	return false
}

// segments chains items into segments: an item joins the segment whose
// last item it follows on the same line (vertical overlap of at least half
// the smaller height) within a gap of maxWordGap text heights, with no
// rule in between. The text height is the page's, or the two items'
// where both are larger: the spaces of display type are as much wider.
func (l *layout) segments(items []pxWord) []*segment {
	sort.SliceStable(items, func(i, j int) bool { return items[i].box.Min.X < items[j].box.Min.X })
	var segs []*segment
	for _, w := range items {
		var best *segment
		bestD := math.Inf(1)
		wh := float64(w.box.Dy())
		wc := float64(w.box.Min.Y+w.box.Max.Y) / 2
		for _, s := range segs {
			last := s.items[len(s.items)-1].box
			gap := float64(w.box.Min.X - last.Max.X)
			maxGap := max(maxWordGap*max(l.h, min(wh, float64(last.Dy()))), maxCellGap*l.pitch)
			if gap > maxGap || gap < -0.5*min(wh, float64(last.Dy())) {
				continue
			}
			ov := float64(min(w.box.Max.Y, last.Max.Y) - max(w.box.Min.Y, last.Min.Y))
			if ov < 0.5*min(wh, float64(last.Dy())) {
				continue
			}
			if gap > 0.2*l.h && l.ruleBetween(last, w.box) {
				continue
			}
			d := math.Abs(wc-float64(last.Min.Y+last.Max.Y)/2) + 0.1*math.Max(0, gap)
			if d < bestD {
				best, bestD = s, d
			}
		}
		if best == nil {
			best = &segment{}
			segs = append(segs, best)
		}
		best.add(w)
	}
	segs = l.joinSplit(items, segs)
	for _, s := range segs {
		// A page's lines run its way; a line read with a right-to-left
		// model on a left-to-right page (a passage in another script,
		// see rereadForeign) runs its own.
		if l.rtl || mostlyRTL(s.items) {
			sort.SliceStable(s.items, func(i, j int) bool { return s.items[i].box.Max.X > s.items[j].box.Max.X })
			s.items = logicalOrder(s.items)
		}
	}
	return segs
}

// maxWordGap is the widest gap between two words of a line, in text
// heights.
const maxWordGap = 1.2

// A typewritten page sets every character in a cell of one width, the
// space too, and justifies a line by doubling its spaces: a gap of one or
// two cells, and a cell is wide for its print (Courier's 0.6 em), so that
// a typewritten recipe's single spaces came to 1.3 cells, 1.2 of its
// words' heights, and its lines parted there into columns where the
// spaces of the lines under them fell in line ('De linzen wassen en in
// 1' read apart from 'liter kokend wa-'). On such a page a gap of up to
// maxCellGap cells parts no line; a typewritten page's columns and a
// table's are set further apart.
const (
	// maxCellGap is the widest gap between two words of a typewritten
	// line, in cells: a doubled space and the margins of the cells
	// either side.
	maxCellGap = 2.5
	// minPitchWords is the fewest words fixedPitch measures a page by.
	minPitchWords = 20
	// maxPitchSpread is the most that the widths per character of a
	// page's words may spread (their interquartile range over their
	// median) for the page to be typewritten: a fixed-pitch face's words
	// are as wide as their characters' cells, 0.03-0.04 on the scans
	// seen; a proportional face's spread with the letters they hold,
	// 0.09 and more.
	maxPitchSpread = 0.06
)

// fixedPitch is the width of a character cell where items, a page's
// words, are set in a fixed-pitch face: the median width per character
// of its words read surely that are three letters or digits or more,
// minPitchWords of them or more, when those widths spread by no more
// than maxPitchSpread; else 0.
func fixedPitch(items []pxWord) float64 {
	var ws []float64
	for _, w := range items {
		n := utf8.RuneCountInString(w.text)
		if n >= 3 && lettersDigits(w.text) == n && w.conf >= lowWordConf {
			ws = append(ws, float64(w.box.Dx())/float64(n))
		}
	}
	if len(ws) < minPitchWords {
		return 0
	}
	slices.Sort(ws)
	med := ws[len(ws)/2]
	if med <= 0 || (ws[3*len(ws)/4]-ws[len(ws)/4])/med > maxPitchSpread {
		return 0
	}
	return med
}

// mostlyRTL reports whether most of ws were read with a right-to-left
// model.
func mostlyRTL(ws []pxWord) bool {
	n := 0
	for _, w := range ws {
		if w.rtl {
			n++
		}
	}
	return n*2 > len(ws)
}

// joinSplit undoes splits that are not gutters. A wide gap inside a
// justified line is split by the chaining too, but the lines above and
// below have ink across it, leaving at most word spaces; a column gutter
// or the gap between table cells leaves a clear strip through the
// neighbouring lines as well. Two segments of one row are joined when no
// strip of the gap as wide as 0.6 text heights is clear in the nearest
// lines above and below (those that exist), and no rule stands between.
func (l *layout) joinSplit(items []pxWord, segs []*segment) []*segment {
	rows := l.rows(segs)
	var out []*segment
	for _, r := range rows {
		cur := r[0]
		for _, s := range r[1:] {
			a, b := cur.box, s.box
			gap := b.Min.X - a.Max.X
			column := cur.items[0].part > 0 && cur.items[0].part == s.items[0].part
			if gap > 0 && float64(gap) < 6*l.h && !l.ruleBetween(a, b) && l.crossed(items, a, b, column) {
				for _, w := range s.items {
					cur.add(w)
				}
				continue
			}
			out = append(out, cur)
			cur = s
		}
		out = append(out, cur)
	}
	return out
}

// crossed reports whether the nearest lines above and below the gap
// between boxes a and b (a on the left) leave no clear strip through it
// 0.6 text heights wide; with neither line, whether the gap is under two
// text heights. With a line on one side only, a gap of 2.5 text heights
// or more is a gutter, unless column says that a and b were read in one
// column (a part of the page cut at its gutters): there it is crossed
// when the two nearest lines on that side leave no clear strip. The
// first line of a paragraph in a narrow justified column has the
// paragraph's gap above it, and one line under it may leave a strip
// clear by chance where its own wide spaces fall.
func (l *layout) crossed(items []pxWord, a, b image.Rectangle, column bool) bool {
	gx0, gx1 := a.Max.X, b.Min.X
	gap := gx1 - gx0
	y0, y1 := min(a.Min.Y, b.Min.Y), max(a.Max.Y, b.Max.Y)
	reach := int(1.6 * l.h)
	half := int(0.5 * l.h)
	// Items near the gap on the neighbouring lines, two lines' reach away.
	var near []pxWord
	for _, w := range items {
		if w.box.Max.X < gx0-gap || w.box.Min.X > gx1+gap {
			continue
		}
		if cy := (w.box.Min.Y + w.box.Max.Y) / 2; (cy < y0 && cy >= y0-2*reach) || (cy > y1 && cy <= y1+2*reach) {
			near = append(near, w)
		}
	}
	refA := nearestLine(near, y0, -1, reach)
	refB := nearestLine(near, y1, 1, reach)
	lines := []int{refA, refB}
	switch {
	case refA == noLine && refB == noLine:
		return float64(gap) < 2*l.h
	case (refA == noLine || refB == noLine) && float64(gap) >= 2.5*l.h:
		if !column {
			return false
		}
		ref, dir := refB, 1
		if refA != noLine {
			ref, dir = refA, -1
		}
		next := nearestLine(near, ref+dir*half, dir, reach)
		if next == noLine {
			return false
		}
		lines = append(lines, next)
	}
	// Ink of those lines across the gap, as a coverage mask.
	ink := make([]bool, gap)
	for _, w := range near {
		cy := (w.box.Min.Y + w.box.Max.Y) / 2
		if !slices.ContainsFunc(lines, func(y int) bool { return y != noLine && absInt(cy-y) <= half }) {
			continue
		}
		for x := max(gx0, w.box.Min.X); x < min(gx1, w.box.Max.X); x++ {
			ink[x-gx0] = true
		}
	}
	run, need := 0, int(math.Ceil(0.6*l.h))
	for _, on := range ink {
		if on {
			run = 0
			continue
		}
		if run++; run >= need {
			return false
		}
	}
	return true
}

// noLine: nearestLine found none.
const noLine = math.MinInt

// nearestLine is the middle of the nearest item of ws past y in the
// direction dir (-1 up, 1 down), no more than reach away; noLine when
// there is none.
func nearestLine(ws []pxWord, y, dir, reach int) int {
	best := noLine
	for _, w := range ws {
		cy := (w.box.Min.Y + w.box.Max.Y) / 2
		d := (cy - y) * dir
		if d > 0 && d <= reach && (best == noLine || d < (best-y)*dir) {
			best = cy
		}
	}
	return best
}

// table is a run of aligned rows found among the segments.
type table struct {
	rows [][]*segment // each row's segments, left to right
	cols [][2]int     // column x ranges, left to right
	box  image.Rectangle
	// above is the number of rows over the first that lines up, inside
	// the table's frame (frame): with that first row, the header.
	above int
}

// tables finds runs of rows whose segments line up in columns, marks their
// segments and returns them. A run needs three rows of at least two
// segments each, consecutive rows no more than three text heights apart,
// and short cells (on average at most four words) so that text in columns
// is not mistaken for a table.
func (l *layout) tables(segs []*segment) []*table {
	rows := l.rows(segs)
	var out []*table
	i, last := 0, 0 // last: past the rows of the last table
	for i < len(rows) {
		if len(rows[i]) < 2 {
			i++
			continue
		}
		cols, j := l.alignedRun(rows, i)
		run := rows[i:j]
		if len(cols) < 2 || (len(run) < 3 && !l.ruledRows(run)) {
			i++
			continue
		}
		cs := measureCells(run, cols)
		if cs.prose(l.h) {
			// Columns of prose: the rows below its first are prose too,
			// and its short last lines must not make a table.
			i = j
			continue
		}
		if cs.tableLike() {
			j = l.wrappedTail(rows, j, cols)
			t := l.newTable(rows[i:j], len(out)+1)
			i, j = t.frame(rows, last, i, j, len(out)+1)
			out = append(out, t)
			i, last = j, j
			continue
		}
		i++
	}
	return out
}

// maxRowGap is the most text heights between consecutive rows of a table.
const maxRowGap = 3

// alignedRun is the run of rows from rows[i] (of two segments or more)
// whose segments line up: the columns their segments fill, and the end of
// the run, past its last row of two segments or more.
func (l *layout) alignedRun(rows [][]*segment, i int) (cols [][2]int, end int) {
	cols = intervals(rows[i])
	j, end := i+1, i+1
	for j < len(rows) {
		gap := rowTop(rows[j]) - rowBottom(rows[j-1])
		if float64(gap) > maxRowGap*l.h {
			break
		}
		hit := hits(rows[j], cols)
		// A row of one segment (a section label, a wrapped cell, a
		// label centred on the rows it spans, in a column the rows
		// before it leave empty) may sit between aligned rows, not
		// two in a row.
		if len(rows[j]) == 1 {
			between := j+1 < len(rows) && len(rows[j+1]) >= 2 && hits(rows[j+1], cols) >= 2 &&
				float64(rowTop(rows[j+1])-rowBottom(rows[j])) <= maxRowGap*l.h
			if (hit == 0 && !between) || j > end {
				break
			}
			j++
			continue
		}
		if hit < 2 {
			break
		}
		cols = mergeIntervals(append(cols, intervals(rows[j])...))
		j++
		end = j
	}
	return cols, end
}

// wrappedTail is the end of a table whose rows end before rows[j], moved
// past the wrapped last lines of its last row: rows of one segment close
// under it, within the table's columns.
func (l *layout) wrappedTail(rows [][]*segment, j int, cols [][2]int) int {
	for j < len(rows) && len(rows[j]) == 1 && float64(rowTop(rows[j])-rowBottom(rows[j-1])) < wrapGap*l.h &&
		overlapsAny(rows[j][0].box, cols) {
		j++
	}
	return j
}

// columns finds a table's columns: the x ranges that at least one row in
// eight covers, so that a cell run across a gutter by one misread row does
// not join two columns. Gaps narrower than half a text height do not
// separate columns.
func columns(run [][]*segment, h float64) [][2]int {
	x0, x1 := math.MaxInt, math.MinInt
	for _, r := range run {
		for _, s := range r {
			x0, x1 = min(x0, s.box.Min.X), max(x1, s.box.Max.X)
		}
	}
	cover := make([]int, x1-x0+1)
	for _, r := range run {
		for _, s := range r {
			for _, w := range s.items {
				for x := w.box.Min.X; x < w.box.Max.X; x++ {
					cover[x-x0]++
				}
			}
		}
	}
	need := max(1, len(run)/8)
	var cols [][2]int
	start := -1
	for x := 0; x <= len(cover); x++ {
		on := x < len(cover) && cover[x] >= need
		if on && start < 0 {
			start = x
		}
		if !on && start >= 0 {
			if n := len(cols); n > 0 && float64(start+x0-cols[n-1][1]) < 0.5*h {
				cols[n-1][1] = x + x0
			} else {
				cols = append(cols, [2]int{start + x0, x + x0})
			}
			start = -1
		}
	}
	return cols
}

// cellStats measure the cells of a run of aligned rows, to tell a table
// from text set in columns, whose lines also line up (prose, then
// tableLike): one row's segments in one column make a cell.
type cellStats struct {
	perCell float64   // words per cell
	fill    float64   // mean share of its column's width a cell spans
	widths  []float64 // each cell's width, pixels
	fills   []float64 // each cell's share of its column's width
}

func measureCells(run [][]*segment, cols [][2]int) cellStats {
	var cs cellStats
	words := 0
	for _, r := range run {
		for _, c := range cols {
			n, x0, x1 := 0, math.MaxInt, math.MinInt
			for _, s := range r {
				if inColumn(s.box, c) {
					n += s.words()
					x0, x1 = min(x0, s.box.Min.X), max(x1, s.box.Max.X)
				}
			}
			if n == 0 {
				continue
			}
			words += n
			f := float64(x1-x0) / float64(max(1, c[1]-c[0]))
			cs.fill += f
			cs.fills = append(cs.fills, f)
			cs.widths = append(cs.widths, float64(x1-x0))
		}
	}
	if n := cs.cells(); n > 0 {
		cs.perCell = float64(words) / float64(n)
		cs.fill /= float64(n)
	}
	return cs
}

// cells is the number of cells measured.
func (cs cellStats) cells() int { return len(cs.fills) }

// prose reports cells of running text, h the text height. Narrow columns
// of prose, and a paragraph's short last lines or a list beside it, bring
// the words per cell down to a table's. But their cells are wide: a run
// whose median cell is minProseEm text heights wide is running text when
// most of its cells fill their columns or they hold proseWords words on
// average. On the scans measured, tables' median cells were 2-12 text
// heights wide (one of 17, of two-word cells, that the chaining had
// joined across a column), prose columns' 16-33.
func (cs cellStats) prose(h float64) bool {
	return cs.cells() > 0 && median(cs.widths)/h >= minProseEm && (median(cs.fills) >= proseFill || cs.perCell >= proseWords)
}

// tableLike reports the cells of a table, when they are not prose: a
// text column's cells hold many words and fill the column's width; a
// table's cells are short.
func (cs cellStats) tableLike() bool {
	return cs.cells() > 0 && (cs.perCell <= 3 || (cs.perCell <= 5 && cs.fill < 0.7))
}

// How prose tells running text in columns (see there).
const (
	minProseEm = 15
	proseFill  = 0.9
	proseWords = 4
)

// rows groups segments into rows: a segment joins a row when it overlaps
// the row's vertical range by half its height. Rows come top to bottom,
// their segments left to right.
func (l *layout) rows(segs []*segment) [][]*segment {
	sorted := slices.Clone(segs)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].cy() < sorted[j].cy() })
	var rows [][]*segment
	var span [][2]int
	for _, s := range sorted {
		k := len(rows) - 1
		if k >= 0 {
			ov := min(s.box.Max.Y, span[k][1]) - max(s.box.Min.Y, span[k][0])
			if float64(ov) >= 0.5*float64(min(s.box.Dy(), span[k][1]-span[k][0])) {
				rows[k] = append(rows[k], s)
				span[k] = [2]int{min(span[k][0], s.box.Min.Y), max(span[k][1], s.box.Max.Y)}
				continue
			}
		}
		rows = append(rows, []*segment{s})
		span = append(span, [2]int{s.box.Min.Y, s.box.Max.Y})
	}
	for _, r := range rows {
		sort.SliceStable(r, func(i, j int) bool { return r[i].box.Min.X < r[j].box.Min.X })
	}
	return rows
}

func rowTop(r []*segment) int {
	y := math.MaxInt
	for _, s := range r {
		y = min(y, s.box.Min.Y)
	}
	return y
}

func rowBottom(r []*segment) int {
	y := math.MinInt
	for _, s := range r {
		y = max(y, s.box.Max.Y)
	}
	return y
}

func intervals(r []*segment) [][2]int {
	out := make([][2]int, len(r))
	for i, s := range r {
		out[i] = [2]int{s.box.Min.X, s.box.Max.X}
	}
	return mergeIntervals(out)
}

// mergeIntervals unions overlapping x ranges, sorted left to right.
func mergeIntervals(iv [][2]int) [][2]int {
	sort.Slice(iv, func(i, j int) bool { return iv[i][0] < iv[j][0] })
	var out [][2]int
	for _, v := range iv {
		if n := len(out); n > 0 && v[0] < out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], v[1])
			continue
		}
		out = append(out, v)
	}
	return out
}

// node is a unit of reading order: a text segment or a whole table.
type node struct {
	box image.Rectangle
	seg *segment
	tab *table
	// part is the part of the page (pageParts) all its words were read
	// in, 0 when they were not read in one: a part holds one column, so
	// its nodes are read in rows (see precedence).
	part int
}

// partOf is the part all of ws were read in, 0 when there is none.
func partOf(ws []pxWord) int {
	if len(ws) == 0 {
		return 0
	}
	p := ws[0].part
	for _, w := range ws[1:] {
		if w.part != p {
			return 0
		}
	}
	return p
}

// maxOrderNodes bounds the segments ordered by the pairwise rules, whose
// cost grows with the cube of their number in the worst case.
const maxOrderNodes = 1500

// order sorts segments (tables as single units) into reading order.
func (l *layout) order(segs []*segment, tables []*table) []node {
	var nodes []node
	for _, s := range segs {
		if s.table == 0 {
			nodes = append(nodes, node{box: s.box, seg: s, part: partOf(s.items)})
		}
	}
	for _, t := range tables {
		var ws []pxWord
		for _, r := range t.rows {
			for _, sg := range r {
				ws = append(ws, sg.items...)
			}
		}
		nodes = append(nodes, node{box: t.box, tab: t, part: partOf(ws)})
	}
	switch n := len(nodes); {
	case n <= 1:
		return nodes
	case n > maxOrderNodes:
		return rowsOrder(nodes)
	}
	// Sorting by vertical centre first keeps the "between" test to a
	// window of the slice.
	sort.SliceStable(nodes, func(i, j int) bool {
		return nodes[i].box.Min.Y+nodes[i].box.Max.Y < nodes[j].box.Min.Y+nodes[j].box.Max.Y
	})
	succ, indeg := l.precedence(nodes)
	return topoOrder(nodes, succ, indeg)
}

// rowsOrder is the order of a page of thousands of fragments (an index, a
// price list): rows top to bottom, which costs nothing.
func rowsOrder(nodes []node) []node {
	sort.SliceStable(nodes, func(i, j int) bool {
		a, b := nodes[i].box, nodes[j].box
		if a.Max.Y <= b.Min.Y || b.Max.Y <= a.Min.Y {
			return a.Min.Y < b.Min.Y
		}
		return a.Min.X < b.Min.X
	})
	return nodes
}

// sameRow reports boxes that share at least half the smaller one's
// height: pieces of one line.
func sameRow(a, b image.Rectangle) bool {
	return 2*(min(a.Max.Y, b.Max.Y)-max(a.Min.Y, b.Min.Y)) >= min(a.Dy(), b.Dy())
}

// rowFirst reports whether box a (doubled centre cyA) comes before b
// (cyB) when both were read in one part of the page, one column: in
// rows, a row's pieces (a justified line split at its wide spaces) in
// reading order (leftOf). Breuel's rule would set a piece at a line's end
// before the next lines' starts, and those before it.
func rowFirst(a, b image.Rectangle, cyA, cyB int, leftOf func(a, b image.Rectangle) bool) bool {
	if sameRow(a, b) {
		return !leftOf(b, a)
	}
	return cyA < cyB
}

// xOverlap reports boxes that share more than 2 px of width.
func xOverlap(a, b image.Rectangle) bool {
	return min(a.Max.X, b.Max.X)-max(a.Min.X, b.Min.X) > 2
}

// precedence is Breuel's partial order over nodes sorted by vertical
// centre: of two boxes that share width, the higher comes first; of two
// side by side, the one on the reading side comes first unless a box
// between them vertically spans both. It returns each node's successors
// and how many nodes come before it.
func (l *layout) precedence(nodes []node) (succ [][]int, indeg []int) {
	n := len(nodes)
	po := pairOrder{nodes: nodes, cy: make([]int, n), cuts: l.sectionCuts(nodes), rtl: l.rtl}
	for i, nd := range nodes {
		po.cy[i] = nd.box.Min.Y + nd.box.Max.Y // doubled centre
	}
	succ, indeg = make([][]int, n), make([]int, n)
	for a := range n {
		for b := a + 1; b < n; b++ {
			if first, second, ok := po.order(a, b); ok {
				succ[first] = append(succ[first], second)
				indeg[second]++
			}
		}
	}
	return succ, indeg
}

// pairOrder decides, for precedence, which of two nodes comes first.
type pairOrder struct {
	nodes []node
	cy    []int    // each node's doubled vertical centre
	cuts  [][2]int // the page's section cuts (sectionCuts)
	rtl   bool     // the page reads right to left
}

// leftOf reports whether a lies wholly on the reading side of b (2 px of
// overlap allowed): left of it, or right of it on a right-to-left page.
func (o *pairOrder) leftOf(a, b image.Rectangle) bool {
	if o.rtl {
		return a.Min.X >= b.Max.X-2
	}
	return a.Max.X <= b.Min.X+2
}

// order is nodes a and b (a < b) in the order they are read, and false
// when neither must come first.
func (o *pairOrder) order(a, b int) (first, second int, ok bool) {
	A, B := o.nodes[a].box, o.nodes[b].box
	if p := o.nodes[a].part; p != 0 && p == o.nodes[b].part {
		if rowFirst(A, B, o.cy[a], o.cy[b], o.leftOf) {
			return a, b, true
		}
		return b, a, true
	}
	if xOverlap(A, B) {
		switch {
		case o.cy[a] < o.cy[b]:
			return a, b, true
		case o.cy[b] < o.cy[a]:
			return b, a, true
		}
		return 0, 0, false
	}
	switch {
	case cutBetween(o.cuts, A, B):
		first, second = a, b
		if B.Max.Y <= A.Min.Y {
			first, second = b, a
		}
	case o.leftOf(A, B):
		first, second = a, b
	case o.leftOf(B, A):
		first, second = b, a
	default:
		return 0, 0, false
	}
	return first, second, !o.spannedBetween(a, b)
}

// spannedBetween reports whether a node strictly between a and b
// vertically shares width with both.
func (o *pairOrder) spannedBetween(a, b int) bool {
	A, B := o.nodes[a].box, o.nodes[b].box
	for c := a + 1; c < b; c++ {
		if o.cy[c] > o.cy[a] && o.cy[c] < o.cy[b] && xOverlap(o.nodes[c].box, A) && xOverlap(o.nodes[c].box, B) {
			return true
		}
	}
	return false
}

// sectionGap is the least height, in text heights, of a blank band
// across the whole text that ends a section (see sectionCuts).
const sectionGap = 1.5

// sectionCuts are the blank bands (y ranges) that cross the whole width
// of the page's text, no node reaching into them, at least sectionGap
// text heights high, above a line alone in its row: the space above a
// heading that starts a new section, whose columns are read before the
// next section's. Paragraphs within a column are set closer than that,
// and a band that two columns' paragraphs leave at the same height has
// lines of both columns below it.
func (l *layout) sectionCuts(nodes []node) [][2]int {
	if len(nodes) < 2 {
		return nil
	}
	byTop := slices.Clone(nodes)
	slices.SortFunc(byTop, func(a, b node) int { return a.box.Min.Y - b.box.Min.Y })
	var cuts [][2]int
	bottom := byTop[0].box.Max.Y
	for i, nd := range byTop[1:] {
		if gap := nd.box.Min.Y - bottom; float64(gap) >= sectionGap*l.h && aloneInRow(byTop[i+1:]) {
			cuts = append(cuts, [2]int{bottom, nd.box.Min.Y})
		}
		bottom = max(bottom, nd.box.Max.Y)
	}
	return cuts
}

// aloneInRow reports whether the first of nodes (sorted by top) has no
// other node beside it: a section opens with a heading above its columns.
// Blocks set in a grid, each column with its own heading, are read column
// by column: there the headings below a band stand side by side.
func aloneInRow(nodes []node) bool {
	first := nodes[0].box
	for _, nd := range nodes[1:] {
		if nd.box.Min.Y >= first.Max.Y {
			return true
		}
		if !xOverlap(nd.box, first) {
			return false
		}
	}
	return true
}

// cutBetween reports whether a cut lies between a and b, one above it and
// the other below.
func cutBetween(cuts [][2]int, a, b image.Rectangle) bool {
	if b.Max.Y <= a.Min.Y {
		a, b = b, a
	}
	for _, c := range cuts {
		if a.Max.Y <= c[0] && b.Min.Y >= c[1] {
			return true
		}
	}
	return false
}

// topoOrder is Kahn's algorithm over the precedence, taking the topmost
// (then leftmost) ready node; on a cycle (overlapping boxes), the topmost
// remaining one.
func topoOrder(nodes []node, succ [][]int, indeg []int) []node {
	n := len(nodes)
	done := make([]bool, n)
	out := make([]node, 0, n)
	better := func(i, j int) bool {
		if j < 0 {
			return true
		}
		if nodes[i].box.Min.Y != nodes[j].box.Min.Y {
			return nodes[i].box.Min.Y < nodes[j].box.Min.Y
		}
		return nodes[i].box.Min.X < nodes[j].box.Min.X
	}
	for len(out) < n {
		pick := -1
		for i := range n {
			if !done[i] && indeg[i] == 0 && better(i, pick) {
				pick = i
			}
		}
		if pick < 0 {
			for i := range n {
				if !done[i] && better(i, pick) {
					pick = i
				}
			}
		}
		done[pick] = true
		out = append(out, nodes[pick])
		for _, s := range succ[pick] {
			indeg[s]--
		}
	}
	return out
}

// bullet reports whether the segment starts with a list bullet, which
// Tesseract often reads as a small "e", "o" or "°", and its Arabic model
// as the Arabic-Indic zero, a dot: a mark much smaller than the text,
// standing apart before it (on its right in right-to-left print).
func (l *layout) bullet(s *segment) bool {
	first := s.items[0]
	f := strings.Fields(first.text)
	if len(f) > 1 { // a detector piece: "• text"
		return textclean.Bullet(f[0])
	}
	if len(s.items) < 2 || len(f) == 0 {
		return false
	}
	if textclean.Bullet(f[0]) {
		return true
	}
	switch f[0] {
	case "e", "o", "°", "«", "»", "@", "©", "®", "+", "¢", "٠":
		small := textHeight(s.items[:1]) <= 0.6*textHeight(s.items[1:])
		gap := s.items[1].box.Min.X - first.box.Max.X
		if l.rtl {
			gap = first.box.Min.X - s.items[1].box.Max.X
		}
		return small && float64(gap) >= 0.3*l.h
	}
	return false
}

// ordinal reports whether a word numbers a list item: "1.", "2)", "a.".
func ordinal(w string) bool {
	if len(w) < 2 || len(w) > 4 || (w[len(w)-1] != '.' && w[len(w)-1] != ')') {
		return false
	}
	body := w[:len(w)-1]
	for _, r := range body {
		if !unicode.IsDigit(r) {
			return len(body) == 1 && r >= 'a' && r <= 'z'
		}
	}
	return true
}

// Block-building proportions. Heights and gaps are in units of l.h, the
// median height of the page's items, or of the body text's height.
const (
	// furnitureBand is the share of the page height, at the top and at
	// the bottom, where page headers and footers stand.
	furnitureBand = 0.08
	// furnitureMaxWords is the most words of a header or footer line.
	furnitureMaxWords = 8
	// furnitureMaxSize is the largest header or footer text, × the body.
	furnitureMaxSize = 1.15
	// furnitureApart is the empty space, × l.h, that sets a header or
	// footer apart from the text beside it.
	furnitureApart = 1.5

	// maxLineGap caps the usual gap between a paragraph's lines, × l.h;
	// paraGapExtra is how much wider, × l.h, a gap may be and still join
	// two lines into one paragraph.
	maxLineGap   = 0.8
	paraGapExtra = 0.45
	// lineGapLow and lineGapHigh bound, × l.h, the gaps between
	// consecutive segments counted as line gaps.
	lineGapLow  = -0.3
	lineGapHigh = 2.0
	// maxOverlap is how far, × l.h, a line may overlap the one before and
	// still continue its paragraph.
	maxOverlap = 0.5

	// sameRowOverlap is the least vertical overlap, × the shorter
	// height, of two segments on one row; sameRowMaxGap the widest
	// horizontal gap between them, × l.h.
	sameRowOverlap = 0.5
	sameRowMaxGap  = 4.0
	// similarSize is the most two text heights may differ, × the larger,
	// to be one paragraph.
	similarSize = 0.25
	// listIndentSlack is how far, × l.h, a list item's next line may
	// start from the item's text and still continue it.
	listIndentSlack = 1.5

	// Headings: at most headingMaxLines lines of text at least
	// heading1Size (level 1), heading2Size (level 2), or heading3Size ×
	// the body when a single short line (at most shortHeadingWords words,
	// no final period).
	headingMaxLines   = 3
	heading1Size      = 1.7
	heading2Size      = 1.25
	heading3Size      = 1.12
	shortHeadingWords = 12
	// headingShortfall: a heading over body text ends at least this
	// share of the next line's width short of its end (headsBody).
	headingShortfall = 0.25
)

// blocks joins the ordered segments into paragraphs, headings, list items,
// page headers and footers, and tables: page furniture first, then lines
// joined into paragraphs and list items, then headings by size or by
// weight.
func (l *layout) blocks(segs []*segment, tables []*table, order []node) []pxBlock {
	body := l.bodyHeight(segs)
	l.weight = l.stroke / body
	b := &blockBuilder{l: l, paraGap: l.paragraphGap(order), body: body}
	fur := l.furnitureFinder(order, body)
	for i, nd := range order {
		switch {
		case nd.tab != nil:
			b.flush()
			b.out = append(b.out, pxBlock{kind: core.KindTable, table: l.tableOf(nd.tab)})
		case fur.kind(i) != "":
			b.flush()
			b.out = append(b.out, pxBlock{kind: fur.kind(i), lines: [][]pxWord{nd.seg.items}})
		default:
			b.add(nd.seg)
		}
	}
	b.flush()
	b.out = dropMarkBlocks(b.out)
	l.markHeadings(b.out, body)
	return joinHeadings(b.out)
}

// A photograph on a page that also holds print (a book's cover: a
// portrait over its title) gives Tesseract shapes it takes for letters,
// apart from the text: blocks of one mark or two ("eA)", "Ave 5", "a a",
// "Jee" at 0.1-0.45, where the cover's title reads at 0.95), too few
// among the print for scattered to judge the page. Print is read surely,
// a short word too, and a poor scan's doubtful words stand in lines of
// more words. So a text block of at most maxMarkWords words, each read
// with doubt (under minMarkConf) and of at most maxMarkSigns letters and
// digits, is a picture's marks; so is a block of rule marks alone ("~"
// read surely from a stroke in the portrait), which no text is.
const (
	maxMarkWords = 2
	maxMarkSigns = 3
)

// dropMarkBlocks removes the text blocks that are a picture's marks
// (maxMarkWords); tables stay.
func dropMarkBlocks(blocks []pxBlock) []pxBlock {
	marks := func(b pxBlock) bool {
		if b.table != nil {
			return false
		}
		n, rules := 0, true
		for _, l := range b.lines {
			for _, w := range l {
				rules = rules && strings.Trim(w.text, ruleMarks) == ""
			}
		}
		if rules {
			return true
		}
		for _, l := range b.lines {
			for _, w := range l {
				if n++; n > maxMarkWords || w.conf >= minMarkConf || lettersDigits(w.text) > maxMarkSigns {
					return false
				}
			}
		}
		return true
	}
	return slices.DeleteFunc(blocks, marks)
}

// lettersDigits counts the letters and digits of s.
func lettersDigits(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// headingJoinGap: a heading's next line starts this close under its last
// (in the smaller of the two lines' heights), as lines of one heading are
// set; a smaller heading under a title stands further off.
const headingJoinGap = 0.6

// joinHeadings joins a heading to the heading right under it: the lines
// of one heading that wraps were taken for two blocks when their print
// measured apart (a line of capitals beside one with descenders, a last
// line of one word), and a title came out as two. The first line's level
// stands: one word measures its print worst.
func joinHeadings(blocks []pxBlock) []pxBlock {
	out := blocks[:0]
	for _, b := range blocks {
		if n := len(out); n > 0 && b.kind == core.KindHeading && out[n-1].kind == core.KindHeading {
			prev := out[n-1].lines[len(out[n-1].lines)-1]
			pb, nb := boxOf(prev), boxOf(b.lines[0])
			gap := nb.Min.Y - pb.Max.Y
			if gap >= 0 && float64(gap) <= headingJoinGap*float64(min(pb.Dy(), nb.Dy())) && xOverlap(pb, nb) {
				out[n-1].lines = append(out[n-1].lines, b.lines...)
				continue
			}
		}
		out = append(out, b)
	}
	return out
}

// bodyHeight is the body text's height: the median over the text
// segments, weighted by words; l.h when there is none.
func (l *layout) bodyHeight(segs []*segment) float64 {
	var hs []float64
	for _, s := range segs {
		if s.table == 0 {
			th := textHeight(s.items)
			for range s.words() {
				hs = append(hs, th)
			}
		}
	}
	if body := median(hs); body != 0 {
		return body
	}
	return l.h
}

// paragraphGap is the widest gap between two lines of one paragraph: the
// usual gap between the lines of a column (the median of the gaps between
// consecutive segments that overlap across, capped), and a little more.
func (l *layout) paragraphGap(order []node) float64 {
	var gaps []float64
	for i := 1; i < len(order); i++ {
		a, b := order[i-1], order[i]
		if a.seg == nil || b.seg == nil {
			continue
		}
		g := float64(b.box.Min.Y - a.box.Max.Y)
		if g > lineGapLow*l.h && g < lineGapHigh*l.h && min(a.box.Max.X, b.box.Max.X) > max(a.box.Min.X, b.box.Min.X) {
			gaps = append(gaps, g)
		}
	}
	return math.Min(median(gaps), maxLineGap*l.h) + paraGapExtra*l.h
}

// furnitureFinder tells page headers and footers among the ordered nodes.
type furnitureFinder struct {
	l           *layout
	order       []node
	body        float64
	top, bottom int // the extent of all the nodes
}

func (l *layout) furnitureFinder(order []node, body float64) furnitureFinder {
	f := furnitureFinder{l: l, order: order, body: body, top: math.MaxInt, bottom: math.MinInt}
	for _, nd := range order {
		f.top, f.bottom = min(f.top, nd.box.Min.Y), max(f.bottom, nd.box.Max.Y)
	}
	return f
}

// kind is the furniture kind of node i, "" for none: a short line of body
// size or smaller alone in the top or bottom band of the page, set apart
// from the rest, and the first or last text on the page.
func (f furnitureFinder) kind(i int) core.BlockKind {
	nd, l := f.order[i], f.l
	if nd.seg == nil || l.pageH == 0 || nd.seg.words() > furnitureMaxWords || textHeight(nd.seg.items) > furnitureMaxSize*f.body {
		return ""
	}
	b := nd.box
	band := float64(l.pageH) * furnitureBand
	gap := int(furnitureApart * l.h)
	if float64(b.Max.Y) < band && f.alone(i, b.Max.Y, b.Max.Y+gap) && b.Min.Y <= f.top+int(l.h) {
		return core.KindPageHeader
	}
	if float64(b.Min.Y) > float64(l.pageH)-band && f.alone(i, b.Min.Y-gap, b.Min.Y) && b.Max.Y >= f.bottom-int(l.h) {
		return core.KindPageFooter
	}
	return ""
}

// alone reports that no node but i reaches into the rows [y0, y1).
func (f furnitureFinder) alone(i, y0, y1 int) bool {
	for j, o := range f.order {
		if j != i && o.box.Max.Y > y0 && o.box.Min.Y < y1 {
			return false
		}
	}
	return true
}

// blockBuilder joins segments, in reading order, into paragraphs and
// list items.
type blockBuilder struct {
	l       *layout
	paraGap float64
	out     []pxBlock
	cur     *pxBlock        // the block being built
	curBox  image.Rectangle // its box
	curH    float64         // its text height
	indent  int             // x where a list item's text starts
	body    float64         // the body text's height (bodyHeight)
}

// flush ends the block being built.
func (b *blockBuilder) flush() {
	if b.cur != nil {
		b.out = append(b.out, *b.cur)
		b.cur = nil
	}
}

// add puts segment s into the block being built, or starts a new one.
func (b *blockBuilder) add(s *segment) {
	th := textHeight(s.items)
	isBullet := b.l.bullet(s)
	isOrdinal := len(s.items) > 1 && ordinal(strings.Fields(s.items[0].text)[0])
	if b.cur != nil && !isBullet && !isOrdinal && b.cur.kind != core.KindPageHeader && b.join(s, th) {
		return
	}
	b.flush()
	b.start(s, th, isBullet, isOrdinal)
}

// join adds s to the block being built when it continues it: on the
// last line's row, just after it, or on the next line of the paragraph
// or list item, at a similar size.
func (b *blockBuilder) join(s *segment, th float64) bool {
	l, cur := b.l, b.cur
	last := cur.lines[len(cur.lines)-1]
	lb := boxOf(last)
	ov := min(s.box.Max.Y, lb.Max.Y) - max(s.box.Min.Y, lb.Min.Y)
	sameRow := float64(ov) >= sameRowOverlap*float64(min(s.box.Dy(), lb.Dy())) &&
		((!l.rtl && s.box.Min.X >= lb.Max.X-2) || (l.rtl && s.box.Max.X <= lb.Min.X+2))
	similar := math.Abs(th-b.curH) <= similarSize*math.Max(th, b.curH)
	// Pieces of one row of one part (one column) are one line, however
	// wide the space a justified line leaves between them.
	p := partOf(last)
	onePart := p != 0 && p == partOf(s.items)
	if sameRow && similar && (onePart || float64(absInt(s.box.Min.X-lb.Max.X)) < sameRowMaxGap*l.h) {
		if l.rtl {
			cur.lines[len(cur.lines)-1] = append(slices.Clone(s.items), last...)
		} else {
			cur.lines[len(cur.lines)-1] = append(last, s.items...)
		}
		b.curBox = b.curBox.Union(s.box)
		return true
	}
	if b.headsBody(s, th) || b.boldApart(s) {
		return false
	}
	gap := float64(s.box.Min.Y - lb.Max.Y)
	aligned := min(s.box.Max.X, b.curBox.Max.X)-max(s.box.Min.X, b.curBox.Min.X) > 0
	if cur.kind == core.KindListItem {
		aligned = absInt(s.box.Min.X-b.indent) < int(listIndentSlack*l.h)
	}
	mixed := !similar && b.inlineLarger(lb, s, th)
	if (similar || mixed) && aligned && gap > -maxOverlap*l.h && gap <= b.paraGap {
		cur.mixed = cur.mixed || mixed
		cur.lines = append(cur.lines, s.items)
		b.curBox = b.curBox.Union(s.box)
		return true
	}
	return false
}

// minMeasure is the narrowest measure, in text heights, of lines that
// inlineLarger runs on: a paragraph's, of a few words at least. Lines of
// a word or two, one over the other, fill each other's width by chance.
const minMeasure = 10.0

// inlineLarger reports whether s, a line in print of another size than
// the paragraph being built, goes on with it: the paragraph's last line,
// lb, runs its measure (so the paragraph does not end there), and s runs
// the same measure, within a text height at either end, and one of the
// two sizes is the body's (th is s's). Lines of larger print in a
// justified paragraph (phrases set large in the generated typography-06)
// came out as headings of their own. A heading does not fill the
// measure of the justified lines it stands over or under but by chance:
// its lines are not justified.
func (b *blockBuilder) inlineLarger(lb image.Rectangle, s *segment, th float64) bool {
	if b.cur.kind != core.KindParagraph || min(th, b.curH) >= heading3Size*b.body {
		return false
	}
	slack := int(b.l.h)
	fills := func(r image.Rectangle) bool {
		return absInt(r.Min.X-b.curBox.Min.X) <= slack && absInt(r.Max.X-b.curBox.Max.X) <= slack
	}
	return float64(b.curBox.Dx()) >= minMeasure*b.l.h && fills(lb) && fills(s.box)
}

// boldApart reports whether s parts from the paragraph being built as
// the body text under a heading in bold print: the paragraph is at most
// headingMaxLines lines, all in bold (l.bold), of few words (shortLine),
// its last line ends short of s's end, and s is not in bold. A heading
// in bold at about the body's size (the generated typography-02's and
// columns-03's, scanned) had been taken for its paragraph's first lines.
// A sentence set in bold that opens a paragraph runs on to its measure.
// (A heading stands further off the paragraph over it than that
// paragraph's lines, and join does not join them.)
func (b *blockBuilder) boldApart(s *segment) bool {
	l, cur := b.l, b.cur
	if cur.kind != core.KindParagraph || len(cur.lines) > headingMaxLines || l.bold(s.items) {
		return false
	}
	last := cur.lines[len(cur.lines)-1]
	return l.allBold(cur.lines) && shortLine(slices.Concat(cur.lines...)) && l.endsShort(boxOf(last), s.box, int(justifySlack*l.h))
}

// endsShort reports whether a line with box r ends short of the end of
// measure, the box of the lines it is set by, on the right, or on the
// left in a right-to-left page: by more than slack pixels. headsBody
// allows headingShortfall of the measure; boldApart justifySlack text
// heights, as a justified paragraph's lines end within a pixel or two of
// each other, and a heading's line, which is not justified, ends where
// its last word does, a letter or more short of the measure unless it
// fits by chance (the generated typography-02's 'Number Hunger
// Honplack': 17 pixels short of its paragraph's lines, at 23 pixels to a
// text height).
func (l *layout) endsShort(r, measure image.Rectangle, slack int) bool {
	if l.rtl {
		return r.Min.X > measure.Min.X+slack
	}
	return r.Max.X < measure.Max.X-slack
}

// justifySlack is the most, in text heights, by which the lines of a
// justified paragraph end apart (endsShort).
const justifySlack = 0.25

// headsBody reports whether the block being built is a line that
// markHeadings will make a heading (one short line, in print at least
// heading3Size times the body's) that ends well short of the next line,
// s, whose print, th, is the body's: a heading in print 1.12 to 1.25
// times the body's differs from the body text under it by less than
// lines of one paragraph may (similarSize), and had been taken for that
// paragraph's first line. A paragraph's first line that measures large
// runs to the paragraph's measure, as the next line does.
func (b *blockBuilder) headsBody(s *segment, th float64) bool {
	cur := b.cur
	if cur.kind != core.KindParagraph || len(cur.lines) != 1 || !shortLine(cur.lines[0]) ||
		b.curH < heading3Size*b.body || th >= heading3Size*b.body {
		return false
	}
	// A paragraph's first line runs to its measure: the next line's end.
	return b.l.endsShort(b.curBox, s.box, int(headingShortfall*float64(s.box.Dx())))
}

// shortLine reports whether the words of a line are few enough for a
// heading (shortHeadingWords) and end without a full stop.
func shortLine(ws []pxWord) bool {
	txt := strings.TrimSpace(lineText(ws))
	return len(strings.Fields(txt)) <= shortHeadingWords && !strings.HasSuffix(txt, ".")
}

// start begins a block with s: a list item after a bullet (which is
// dropped) or an ordinal, else a paragraph.
func (b *blockBuilder) start(s *segment, th float64, isBullet, isOrdinal bool) {
	blk := pxBlock{kind: core.KindParagraph}
	items := s.items
	switch {
	case isBullet:
		blk.kind = core.KindListItem
		f := strings.Fields(items[0].text)
		if len(f) > 1 {
			rest := items[0]
			rest.text = strings.Join(f[1:], " ")
			items = append([]pxWord{rest}, items[1:]...)
		} else {
			items = items[1:]
		}
		b.indent = items[0].box.Min.X
	case isOrdinal:
		blk.kind = core.KindListItem
		b.indent = items[1].box.Min.X
	}
	blk.lines = [][]pxWord{slices.Clone(items)}
	b.cur, b.curBox, b.curH = &blk, s.box, th
	if isBullet {
		b.curBox = boxOf(items)
	}
}

// markHeadings turns into headings the paragraphs of at most
// headingMaxLines lines whose text is clearly larger than the body, or
// in bold (boldHeadingSize). A block of minUnsureHeading words or more
// none of which was read surely (sureWord) is no heading: a heading is a
// claim on the page's structure, and such a block is as often a drawing
// read as letters (an engraving beside a chapter's text: 'AU UAE: M ho
// I', 'f PA Jepe AARE', set large) or handwriting read with doubt as
// print. Nor is a byline or a statement (textclean.Byline, Statement):
// a paper's authors set under its title larger than its text, a pull
// quote.
func (l *layout) markHeadings(blocks []pxBlock, body float64) {
	for i := range blocks {
		b := &blocks[i]
		if b.kind != core.KindParagraph || len(b.lines) > headingMaxLines || b.mixed {
			continue
		}
		// Each line's height, as the body's is measured (textHeight of a
		// segment): the quartiles of a whole block mix its lines' tops
		// and bottoms, and read a paragraph whose first line has a few
		// descenders as larger print.
		var all []pxWord
		hs := make([]float64, 0, len(b.lines))
		for _, ln := range b.lines {
			all = append(all, ln...)
			hs = append(hs, textHeight(ln))
		}
		if unmeasured(all) || len(all) >= minUnsureHeading && !slices.ContainsFunc(all, sureWord) || textclean.Byline(lineText(all)) || textclean.Statement(lineText(all)) {
			continue
		}
		r := median(hs) / body
		short := len(b.lines) == 1 && shortLine(all)
		switch {
		case r >= heading1Size:
			b.kind, b.level = core.KindHeading, 1
		case r >= heading2Size:
			b.kind, b.level = core.KindHeading, 2
		case r >= heading3Size && short:
			b.kind, b.level = core.KindHeading, 3
		case r >= boldHeadingSize && shortLine(all) && l.allBold(b.lines):
			b.kind, b.level = core.KindHeading, 3
		}
	}
}

// minUnsureHeading is the fewest words of a block that markHeadings
// asks for a sure word: a heading of one word in a face the recogniser
// reads with doubt ('Čeština' at 0.6 in the corpus's scans) stays one.
const minUnsureHeading = 2

// boldHeadingSize: a block of a few words in bold print (l.bold), no
// smaller than this times the body's print, is a heading at the third
// level, as a heading in bold at the body's size is set. A bold word
// in smaller print is a label or a note's.
const boldHeadingSize = 0.9

// unmeasured reports whether ws are Latin words of which none has a
// letter of a capital's height: a capital (any, 'Č' too), a digit or an
// ascender. Their print runs from the tops of their small letters to the
// ends of their descenders, where the body's runs from its capitals to
// its baseline (measureBaselines), and their size tells no heading: a
// paragraph's last line of one word, 'pricrym.' or 'summer.', measured
// 1.26 times the body on scans of narrow columns.
func unmeasured(ws []pxWord) bool {
	latin := false
	for _, w := range ws {
		if strings.ContainsFunc(w.text, capitalHeight) {
			return false
		}
		latin = latin || strings.ContainsFunc(w.text, func(r rune) bool { return unicode.Is(unicode.Latin, r) })
	}
	return latin
}

// tableOf lays a table's segments into cells: each item goes to the
// column its x range overlaps most and to its line's row (wrappedRows),
// or to the first row of the ruled cell it lies in (spanRows); items of
// a row in one column are joined. Rows left empty are dropped.
func (l *layout) tableOf(t *table) *pxTable {
	rowOf, n := l.wrappedRows(t)
	var vrules []image.Rectangle
	for _, r := range l.rules {
		if r.vertical && r.box.Overlaps(t.box) {
			vrules = append(vrules, r.box)
		}
	}
	// The column of each word of each line, and the columns each line
	// has text in.
	colOf := make([][]int, len(t.rows))
	in := make([][]bool, len(t.rows))
	for i, row := range t.rows {
		in[i] = make([]bool, len(t.cols))
		for _, s := range row {
			for _, w := range s.items {
				c := l.columnOf(t.cols, vrules, w.box)
				colOf[i] = append(colOf[i], c)
				in[i][c] = true
			}
		}
	}
	spans := l.spanRows(t, rowOf, in)
	cells := map[[2]int][]pxWord{}
	for i, row := range t.rows {
		k := 0
		for _, s := range row {
			for _, w := range s.items {
				c := colOf[i][k]
				k++
				key := [2]int{spans.row(i, c), c}
				cells[key] = append(cells[key], w)
			}
		}
	}
	pt := &pxTable{cols: len(t.cols)}
	for r := range n {
		filled := false
		for c := range t.cols {
			if ws, ok := cells[[2]int{r, c}]; ok {
				pt.cells = append(pt.cells, pxCell{row: pt.rows, col: c, words: ws})
				filled = true
			}
		}
		if filled {
			pt.rows++
		}
		if r == rowOf[t.above] {
			pt.header = pt.rows
		}
	}
	if l.rtl {
		for i := range pt.cells {
			pt.cells[i].col = pt.cols - 1 - pt.cells[i].col
		}
	}
	return pt
}

// columnOf is the column of the text at box: the one it overlaps most.
// Columns are where the table's body has text, so only a label over a
// span of columns reaches over a gutter between them: into two columns
// (a wide label), or into the gutter beside its column where vertical
// rules enclose both (a short one, "2017" over its "H1" and "H2"). Its
// cell is the span's first column (the last, right to left), as in the
// table's source (HTML's colspan).
func (l *layout) columnOf(cols [][2]int, vrules []image.Rectangle, box image.Rectangle) int {
	best, bestOv := 0, math.MinInt
	var over []int
	for c, iv := range cols {
		ov := min(box.Max.X, iv[1]) - max(box.Min.X, iv[0])
		if ov > bestOv {
			best, bestOv = c, ov
		}
		if ov > 0 {
			over = append(over, c)
		}
	}
	iv := cols[best]
	inGutter := (box.Min.X < iv[0] && best > 0) || (box.Max.X > iv[1] && best < len(cols)-1)
	if len(over) < 2 && inGutter {
		over = ruledSpan(cols, vrules, box)
	}
	if len(over) < 2 {
		return best
	}
	if l.rtl {
		return over[len(over)-1]
	}
	return over[0]
}

// ruledSpan are the columns whose middles lie between the vertical rules
// nearest box on either side, across its middle, when a rule between
// them (dividing other rows) shows that the cell spans them.
func ruledSpan(cols [][2]int, vrules []image.Rectangle, box image.Rectangle) []int {
	x, y := (box.Min.X+box.Max.X)/2, (box.Min.Y+box.Max.Y)/2
	left, right := math.MinInt, math.MaxInt
	for _, r := range vrules {
		if r.Min.Y > y || r.Max.Y < y {
			continue
		}
		switch rx := (r.Min.X + r.Max.X) / 2; {
		case rx < x:
			left = max(left, rx)
		case rx > x:
			right = min(right, rx)
		}
	}
	divided := slices.ContainsFunc(vrules, func(r image.Rectangle) bool {
		rx := (r.Min.X + r.Max.X) / 2
		return rx > left && rx < right
	})
	if left == math.MinInt || right == math.MaxInt || !divided {
		return nil
	}
	var in []int
	for c, iv := range cols {
		if m := (iv[0] + iv[1]) / 2; m > left && m < right {
			in = append(in, c)
		}
	}
	return in
}

// cellSpans maps a table line's text in one column to its row of cells.
type cellSpans struct {
	rowOf []int
	moved map[[2]int]int // [line, column] → row, where a ruled cell spans rows
}

func (cs cellSpans) row(line, col int) int {
	if r, ok := cs.moved[[2]int{line, col}]; ok {
		return r
	}
	return cs.rowOf[line]
}

// spanRows finds the text of cells that span rows in a ruled table (in:
// the columns each of its lines has text in). The
// cell that holds a line's text in a column reaches from the nearest
// horizontal rule above it across that column to the nearest below. When
// rules inside that reach divide other columns, the cell spans the rows
// between them, and its text belongs to the first of them, as in the
// table's source (HTML's rowspan): a label centred on a group of rows
// would otherwise make a row of its own, or join the middle row. Without
// such rules (a table ruled only above and below its body) nothing moves.
func (l *layout) spanRows(t *table, rowOf []int, in [][]bool) cellSpans {
	spans := cellSpans{rowOf: rowOf}
	lines := l.ruleLines(t.box)
	if len(lines) < 3 {
		return spans
	}
	for i := range t.rows {
		for c, iv := range t.cols {
			if !in[i][c] {
				continue
			}
			top, bottom, ok := cellReach(lines, iv, lineMid(t.rows[i]))
			if !ok || !dividesOthers(lines, t.cols, c, top, bottom) {
				continue
			}
			first, cell := rowOf[i], []int(nil)
			for k := range t.rows {
				if y := lineMid(t.rows[k]); y > top && y < bottom {
					first = min(first, rowOf[k])
					if in[k][c] {
						cell = append(cell, k)
					}
				}
			}
			if first < rowOf[i] && l.oneBlock(t, cell) {
				if spans.moved == nil {
					spans.moved = map[[2]int]int{}
				}
				spans.moved[[2]int{i, c}] = first
			}
		}
	}
	return spans
}

// oneBlock reports whether the table lines ks (in order) follow each
// other at a line's pitch (wrapGap), as the lines of one cell's text do.
// Text in one column of two rows inside the reach of a cell means a rule
// between them was not found, not that the cell spans them.
func (l *layout) oneBlock(t *table, ks []int) bool {
	for n := 1; n < len(ks); n++ {
		if float64(rowTop(t.rows[ks[n]])-rowBottom(t.rows[ks[n-1]])) >= wrapGap*l.h {
			return false
		}
	}
	return true
}

func lineMid(r []*segment) int { return (rowTop(r) + rowBottom(r)) / 2 }

// ruleLine is a horizontal rule of a table: the pieces the rule finder
// found of it, at about one height. On a noisy scan a rule comes in
// pieces, each a fraction of a column wide.
type ruleLine struct {
	y      int
	pieces []image.Rectangle
}

// ruleLines gathers the horizontal rules in box into lines: pieces
// whose middles lie within a quarter of a text height of each other.
func (l *layout) ruleLines(box image.Rectangle) []ruleLine {
	var pieces []image.Rectangle
	for _, r := range l.rules {
		if !r.vertical && r.box.Overlaps(box) {
			pieces = append(pieces, r.box)
		}
	}
	slices.SortFunc(pieces, func(a, b image.Rectangle) int { return ruleY(a) - ruleY(b) })
	tol := max(1, int(l.h/4))
	var lines []ruleLine
	for _, p := range pieces {
		if n := len(lines); n > 0 && ruleY(p)-lines[n-1].y <= tol {
			lines[n-1].pieces = append(lines[n-1].pieces, p)
			continue
		}
		lines = append(lines, ruleLine{y: ruleY(p), pieces: []image.Rectangle{p}})
	}
	return lines
}

// crosses reports whether the rule's pieces cover at least a quarter of
// the column x range iv: a rule that bounds the column's cells runs
// across all of it, however broken; the rules of the next column stop at
// the border, short of this column's text.
func (rl ruleLine) crosses(iv [2]int) bool {
	return 4*rl.covered(iv) >= iv[1]-iv[0]
}

// covered is how much of the x range iv the rule's pieces cover.
func (rl ruleLine) covered(iv [2]int) int {
	n := 0
	for _, p := range rl.pieces {
		n += max(0, min(p.Max.X, iv[1])-max(p.Min.X, iv[0]))
	}
	return n
}

func ruleY(r image.Rectangle) int { return (r.Min.Y + r.Max.Y) / 2 }

// cellReach is the y of the nearest rules across column iv above and
// below y.
func cellReach(lines []ruleLine, iv [2]int, y int) (top, bottom int, ok bool) {
	top, bottom = math.MinInt, math.MaxInt
	for _, rl := range lines {
		if !rl.crosses(iv) {
			continue
		}
		switch {
		case rl.y < y:
			top = max(top, rl.y)
		case rl.y > y:
			bottom = min(bottom, rl.y)
		}
	}
	return top, bottom, top != math.MinInt && bottom != math.MaxInt
}

// dividesOthers reports whether a rule between top and bottom runs
// across a column other than col.
func dividesOthers(lines []ruleLine, cols [][2]int, col, top, bottom int) bool {
	for _, rl := range lines {
		if rl.y <= top || rl.y >= bottom {
			continue
		}
		for c, iv := range cols {
			if c != col && rl.crosses(iv) {
				return true
			}
		}
	}
	return false
}

// newTable makes the table of the aligned rows run, the index-th of the
// page (its segments are marked with it), with its columns and its box.
func (l *layout) newTable(run [][]*segment, index int) *table {
	t := &table{cols: columns(run, l.h)}
	for _, r := range run {
		t.rows = append(t.rows, r)
		for _, s := range r {
			s.table = index
			t.box = t.box.Union(s.box)
		}
	}
	// The table's rules belong to it: a ruled table reaches as far as
	// its borders.
	for {
		grown := t.box
		for _, r := range l.rules {
			near := t.box.Inset(-int(l.h))
			if r.box.Overlaps(near) {
				grown = grown.Union(r.box)
			}
		}
		if grown == t.box {
			break
		}
		t.box = grown
	}
	return t
}

// ruledRows reports whether run is two rows with a rule above, between
// and below them across most of their width: a short ruled table (the
// last rows of a table, carried over to a page of their own), which
// aligned lines of text are not.
func (l *layout) ruledRows(run [][]*segment) bool {
	if len(run) != 2 {
		return false
	}
	var box image.Rectangle
	for _, r := range run {
		for _, s := range r {
			box = box.Union(s.box)
		}
	}
	reach := int(2 * l.h)
	iv := [2]int{box.Min.X, box.Max.X}
	m0, m1 := lineMid(run[0]), lineMid(run[1])
	bounds := []int{rowTop(run[0]) - reach, m0, m0, m1, m1, rowBottom(run[1]) + reach}
	for k := 0; k < len(bounds); k += 2 {
		if !slices.ContainsFunc(l.ruleLines(box.Inset(-reach)), func(rl ruleLine) bool {
			return rl.y >= bounds[k] && rl.y <= bounds[k+1] && 2*rl.covered(iv) >= iv[1]-iv[0]
		}) {
			return false
		}
	}
	return true
}

// frame adds to t, the table of rows[i:j] and the index-th of the page,
// the rows next to it that lie inside the frame of its rules (rows
// before i back to last, rows from j on): a header whose labels stand
// over spans of columns, or over two lines, does not line up with the
// columns of the body, but is inside the table's border. The columns
// stay those of the body, so that a label centred over two columns does
// not join them. It returns the rows the table now holds.
func (t *table) frame(rows [][]*segment, last, i, j, index int) (int, int) {
	inside := func(r []*segment) bool {
		return !slices.ContainsFunc(r, func(s *segment) bool { return s.table != 0 || !s.box.In(t.box) })
	}
	start := i
	for start > last && inside(rows[start-1]) {
		start--
	}
	end := j
	for end < len(rows) && inside(rows[end]) {
		end++
	}
	for _, r := range rows[start:i] {
		for _, s := range r {
			s.table = index
		}
	}
	for _, r := range rows[j:end] {
		for _, s := range r {
			s.table = index
		}
	}
	t.rows = slices.Concat(rows[start:i], t.rows, rows[j:end])
	t.above = i - start
	return start, end
}

// hits counts the segments of row that share x with one of cols.
func hits(row []*segment, cols [][2]int) int {
	n := 0
	for _, s := range row {
		if overlapsAny(s.box, cols) {
			n++
		}
	}
	return n
}

// overlapsAny reports whether box shares x with one of cols.
func overlapsAny(box image.Rectangle, cols [][2]int) bool {
	return slices.ContainsFunc(cols, func(c [2]int) bool { return inColumn(box, c) })
}

// inColumn reports whether box shares x with the column x range c.
func inColumn(box image.Rectangle, c [2]int) bool {
	return box.Min.X < c[1] && box.Max.X > c[0]
}

// wrapGap is the largest gap, in text heights, between a line of a
// table and the next line of the same row: a cell's text that wraps
// continues at the line pitch, while a new row starts after the cells'
// padding and rule. On the scans measured, wrapped lines followed at
// 0.3-0.6 text heights and rows at 1.0-1.5; in tables of one line per
// row, rows follow at 0.3-1.7.
const wrapGap = 0.6

// wrappedRows maps the table's lines of text to its rows of cells, and
// says how many rows there are. A line close under the one above
// (wrapGap) that leaves a column empty that other lines fill, and has
// text only in columns the line above has text in, continues the row
// above: its cells' text has wrapped. A line that fills every column
// starts a row of its own however close, and so does a header's second
// line, whose labels stand under the spans of the first. In a table
// ruled by rows (rowRules) the rules alone part the rows.
func (l *layout) wrappedRows(t *table) (rowOf []int, n int) {
	rowOf = make([]int, len(t.rows))
	in := make([][]bool, len(t.rows))  // the columns each line has text in
	filled := make([]int, len(t.rows)) // and how many
	full := 0
	for i, row := range t.rows {
		in[i] = make([]bool, len(t.cols))
		for c, iv := range t.cols {
			if slices.ContainsFunc(row, func(sg *segment) bool { return inColumn(sg.box, iv) }) {
				in[i][c] = true
				filled[i]++
			}
		}
		full = max(full, filled[i])
	}
	within := func(i int) bool { // line i has text only where line i-1 has
		for c := range t.cols {
			if in[i][c] && !in[i-1][c] {
				return false
			}
		}
		return filled[i] < full
	}
	parted, ruled := l.rowRules(t, filled, full)
	for i := range t.rows {
		wrapped := i > 0 && float64(rowTop(t.rows[i])-rowBottom(t.rows[i-1])) < wrapGap*l.h && within(i)
		if ruled {
			wrapped = i > 0 && !parted[i]
		}
		if wrapped {
			rowOf[i] = n - 1
			continue
		}
		rowOf[i] = n
		n++
	}
	return rowOf, n
}

// rowRules says, for each line of t after the first, whether a
// horizontal rule across one of its columns parts it from the line above
// (filled: how many columns each line has text in, full: the most any
// line has). ruled is true when rules part the table's rows: rules frame
// the table above its first line and below its last, and a rule stands
// over every line after the first that fills every column, at least
// minRuledRows of them. In such a grid the rules, not the gaps, say
// where a row ends: a cell's text wraps at its line pitch, which may be
// as wide as the gap to the next row of an unruled table, and a cell
// centred on its row's height has its text on a line that other cells'
// first lines are not.
func (l *layout) rowRules(t *table, filled []int, full int) (parted []bool, ruled bool) {
	lines := l.ruleLines(t.box)
	if len(lines) == 0 {
		return nil, false
	}
	between := func(above, below int) bool {
		return slices.ContainsFunc(lines, func(rl ruleLine) bool {
			return rl.y > above && rl.y < below && slices.ContainsFunc(t.cols, rl.crosses)
		})
	}
	if !between(math.MinInt, lineMid(t.rows[0])) || !between(lineMid(t.rows[len(t.rows)-1]), math.MaxInt) {
		return nil, false // no frame
	}
	parted = make([]bool, len(t.rows))
	starts := 0
	for i := 1; i < len(t.rows); i++ {
		parted[i] = between(lineMid(t.rows[i-1]), lineMid(t.rows[i]))
		if filled[i] == full {
			if !parted[i] {
				return nil, false
			}
			starts++
		}
	}
	return parted, starts >= minRuledRows
}

// minRuledRows is the fewest rows, each filling every column, that
// rules must part from the row above for a table to be taken as ruled
// by rows: one rule is a header's.
const minRuledRows = 2

func boxOf(ws []pxWord) image.Rectangle {
	var r image.Rectangle
	for i, w := range ws {
		if i == 0 {
			r = w.box
		} else {
			r = r.Union(w.box)
		}
	}
	return r
}

func lineText(ws []pxWord) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.text
	}
	return strings.Join(parts, " ")
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// buildBlocks maps blocks to page points with toPage, splitting detector
// pieces into words.
func buildBlocks(blocks []pxBlock, toPage func(image.Rectangle) core.BBox) []core.Block {
	out := make([]core.Block, 0, len(blocks))
	for _, b := range blocks {
		if b.table != nil {
			if cb := b.table.block(b.kind, b.level, toPage); cb.Table != nil || len(cb.Lines) > 0 {
				out = append(out, cb)
			}
			continue
		}
		cb := core.Block{Kind: b.kind, Level: b.level}
		for _, ln := range b.lines {
			cl := core.Line{Words: pageWords(ln, toPage)}
			if len(cl.Words) == 0 {
				continue
			}
			for _, w := range cl.Words {
				cl.BBox = cl.BBox.Union(w.BBox)
			}
			cb.BBox = cb.BBox.Union(cl.BBox)
			cb.Lines = append(cb.Lines, cl)
		}
		if len(cb.Lines) > 0 {
			out = append(out, cb)
		}
	}
	textclean.JoinUnspacedLines(out)
	return out
}

// pageWords are the words of the detector pieces ws in page points
// (toPage): each piece split into its words, and a word the recogniser
// cut in two without a space joined again.
func pageWords(ws []pxWord, toPage func(image.Rectangle) core.BBox) []core.Word {
	var px []pxWord
	for _, w := range ws {
		for _, p := range splitLine(w) {
			if n := len(px); n > 0 && joinUnspaced(&px[n-1], p) {
				continue
			}
			px = append(px, p)
		}
	}
	cw := make([]core.Word, len(px))
	for i, p := range px {
		cw[i] = core.Word{Text: p.text, BBox: toPage(p.box), Confidence: p.conf}
	}
	return cw
}

// block is the table as a block of kind and level in page points
// (toPage). A table that tableformer.Plausible rejects is not one by the
// rule tables are held to everywhere: its rows are read as lines of text,
// a paragraph (with no lines when they hold no words).
func (t *pxTable) block(kind core.BlockKind, level int, toPage func(image.Rectangle) core.BBox) core.Block {
	cb := core.Block{Kind: kind, Level: level}
	tab := &core.Table{Rows: t.rows, Cols: t.cols}
	words := make([][]core.Word, len(t.cells)) // each cell's, for rowsBlock
	for i, c := range t.cells {
		ws := pageWords(c.words, toPage)
		words[i] = ws
		cell := core.Cell{Row: c.row, Col: c.col, Header: c.row < max(1, t.header)}
		parts := make([]string, len(ws))
		for k, w := range ws {
			parts[k] = w.Text
			cell.BBox = cell.BBox.Union(w.BBox)
		}
		cell.Text = strings.Join(parts, " ")
		cb.BBox = cb.BBox.Union(cell.BBox)
		tab.Cells = append(tab.Cells, cell)
	}
	if !tableformer.Plausible(tab) {
		return t.rowsBlock(words)
	}
	cb.Table = tableformer.Unsnake(tab) // a table set in bands reads band after band
	return cb
}

// rowsBlock is the table read as a paragraph, a line per row, from the
// words of its cells (words, in the order of t.cells).
func (t *pxTable) rowsBlock(words [][]core.Word) core.Block {
	rows := make([][]core.Word, t.rows)
	for i, c := range t.cells {
		if c.row >= 0 && c.row < len(rows) {
			rows[c.row] = append(rows[c.row], words[i]...)
		}
	}
	return core.RowsBlock(core.KindParagraph, rows)
}

// joinUnspaced appends p to w, the word before it on its line, when both
// meet at characters of scripts written without spaces (Han, kana) and
// no more than half their height parts them: Tesseract cuts a line of
// Chinese or Japanese into "words" of a few characters, which the text
// does not have, and a line's words are written with spaces between
// them.
func joinUnspaced(w *pxWord, p pxWord) bool {
	if spacedBetween(w.text, p.text) || 2*(p.box.Min.X-w.box.Max.X) > max(p.box.Dy(), w.box.Dy()) {
		return false
	}
	a, b := float64(utf8.RuneCountInString(w.text)), float64(utf8.RuneCountInString(p.text))
	w.conf = (w.conf*a + p.conf*b) / (a + b)
	w.stroke = (w.stroke*a + p.stroke*b) / (a + b)
	w.text += p.text
	wt, wb := w.print()
	pt, pb := p.print()
	w.box = w.box.Union(p.box)
	w.padTop, w.padBottom = min(wt, pt)-w.box.Min.Y, w.box.Max.Y-max(wb, pb)
	w.sized = w.sized && p.sized
	return true
}

// splitLine turns a recognised line piece into words, sharing its box out
// in proportion to the characters of each word.
func splitLine(l pxWord) []pxWord {
	fields := strings.Fields(l.text)
	if len(fields) <= 1 {
		return []pxWord{l}
	}
	total := 0
	for _, f := range fields {
		total += len([]rune(f)) + 1
	}
	total--
	out := make([]pxWord, 0, len(fields))
	w := float64(l.box.Dx())
	pos := 0
	for _, f := range fields {
		n := len([]rune(f))
		x0 := l.box.Min.X + int(w*float64(pos)/float64(total))
		x1 := l.box.Min.X + int(math.Ceil(w*float64(pos+n)/float64(total)))
		out = append(out, pxWord{text: f, box: image.Rect(x0, l.box.Min.Y, max(x1, x0+1), l.box.Max.Y), conf: l.conf, rtl: l.rtl, part: l.part, padTop: l.padTop, padBottom: l.padBottom, sized: l.sized, stroke: l.stroke})
		pos += n + 1
	}
	return out
}

// boldStroke: print is bold where its strokes are at least this many
// times as wide, for the height of its print, as the body's (l.weight).
// On the corpus's scans the lines of body text measure 0.8 to 1.2 times
// the page's median stroke, and headings in bold at about the body's
// size 1.8 to 2.3 times. A heading in a regular face but larger print
// has strokes as much wider as its print is higher.
const boldStroke = 1.4

// bodyStroke is the median stroke width of the words whose strokes were
// measured; 0 for none.
func bodyStroke(items []pxWord) float64 { return median(strokesOf(items)) }

// strokesOf is the stroke widths of the words of ws that were measured.
func strokesOf(ws []pxWord) []float64 {
	var st []float64
	for _, w := range ws {
		if w.stroke > 0 {
			st = append(st, w.stroke)
		}
	}
	return st
}

// bold reports whether the words of a line are in bold print: the median
// of their stroke widths over their print's height (textHeight) is
// boldStroke times the body's.
func (l *layout) bold(ws []pxWord) bool {
	st := strokesOf(ws)
	return l.weight > 0 && len(st) > 0 && median(st)/textHeight(ws) >= boldStroke*l.weight
}

// allBold reports whether every line of lines is in bold print.
func (l *layout) allBold(lines [][]pxWord) bool {
	return !slices.ContainsFunc(lines, func(ln []pxWord) bool { return !l.bold(ln) })
}
