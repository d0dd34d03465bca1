package ocr

import (
	"context"
	"image"
	"slices"
)

// Tesseract reads a page as one block of text (PSM_SINGLE_BLOCK): it
// finds the block's lines, never its columns. Where two columns' lines
// sit at other heights it takes a row of each for one line, and the words
// of both rows mix. So a page is cut into parts of one column each before
// it is read (readParts), by an X-Y cut of its ink (pageParts).
const (
	// minGutterInch: the least gutter between columns of text (7 pt),
	// wider than the spaces of a line, even a justified one, seldom
	// lined up over several lines.
	minGutterInch = 0.1
	// minBandGapInch: blank rows across a region at least this tall
	// (7 pt) cut it into bands, whose runs are then cut at the gutters
	// they share: a title or an abstract across the page lies above the
	// columns.
	minBandGapInch = 0.1
	// minColumnsInch: a run of bands with fewer inked rows than this
	// (some eight lines of body text) is not cut at gutters: over a few
	// lines the spaces of justified lines or of a title, or the blanks
	// beside the full stops of Chinese and Japanese lines, can line up.
	minColumnsInch = 1.0
	// minColumnInkInch: a gutter parts columns of text, each with at
	// least this much of its width inked (a column an inch wide, a dozen
	// words or characters, inks most of it); a blank run beside less is
	// taken for a space in the text.
	minColumnInkInch = 0.6
	// minSpeckInk: a pixel column with no more dark pixels than this
	// holds scan specks, not text.
	minSpeckInk = 2
	// maxPartDepth: how often a column is cut again (a column cut into
	// bands, one of them into columns of its own).
	maxPartDepth = 3
)

// readPage reads g, printed at dpi, with Tesseract's langs at scale (see
// tesseract.recognize), one part of pageParts at a time (readParts).
func (j *job) readPage(ctx context.Context, tw *tessWorker, g *image.Gray, dpi int, langs []string, scale float64) ([]pxWord, error) {
	return j.readParts(ctx, tw, g, pageParts(g, dpi), dpi, langs, scale)
}

// readParts reads g one part at a time; boxes are in g's pixels from its
// corner. One part is read as the whole of g.
func (j *job) readParts(ctx context.Context, tw *tessWorker, g *image.Gray, parts []image.Rectangle, dpi int, langs []string, scale float64) ([]pxWord, error) {
	return readEachPart(g, parts, func(sub *image.Gray) ([]pxWord, error) {
		return j.tess.recognize(ctx, tw, sub, dpi, langs, scale)
	})
}

// readPaddleParts reads g with PaddleOCR one part at a time, as
// readParts does with Tesseract, where its columns are long
// (longColumns): the detector's box of a line grows by a margin that
// bridges a narrow gutter, and a line of each column came out as one.
// Boxes are in g's pixels from its corner.
func readPaddleParts(ctx context.Context, pd *paddle, g *image.Gray, parts []image.Rectangle, dpi int, squeeze float64) ([]pxWord, error) {
	if !longColumns(parts, dpi) {
		parts = nil
	}
	return readEachPart(g, parts, func(sub *image.Gray) ([]pxWord, error) {
		if sub != g {
			sub = crop(sub, sub.Rect) // PaddleOCR reads from the picture's corner
		}
		return pd.read(ctx, sub, squeeze)
	})
}

// readEachPart reads g with read, one part at a time (the whole of g
// when there is one part or none), and puts each part's words in g's
// pixels from its corner, numbered with their part (pxWord.part). read
// gives boxes from the corner of the picture it is given.
func readEachPart(g *image.Gray, parts []image.Rectangle, read func(*image.Gray) ([]pxWord, error)) ([]pxWord, error) {
	if len(parts) <= 1 {
		return read(g)
	}
	var items []pxWord
	for i, p := range parts {
		ws, err := read(g.SubImage(p).(*image.Gray))
		if err != nil {
			return nil, err
		}
		off := p.Min.Sub(g.Rect.Min)
		for _, w := range ws {
			w.box = w.box.Add(off)
			w.part = i + 1
			items = append(items, w)
		}
	}
	return items, nil
}

// minPaddleColumnsInch: PaddleOCR reads a page in parts only where its
// columns run this far down the page, side by side. It reads each line
// whole, whatever stands in it: the blanks beside a Chinese line's
// full-width commas, which lined up down eight lines (two inches) of a
// page of one column, cut its lines in two when it read that page in
// parts; two columns of Chinese ran the page's height.
const minPaddleColumnsInch = 3.0

// longColumns reports whether every two parts that stand side by side
// (their rows overlap) are minPaddleColumnsInch tall.
func longColumns(parts []image.Rectangle, dpi int) bool {
	least := int(minPaddleColumnsInch * float64(dpi))
	for i, p := range parts {
		for _, q := range parts[i+1:] {
			if p.Min.Y < q.Max.Y && q.Min.Y < p.Max.Y && (p.Dy() < least || q.Dy() < least) {
				return false
			}
		}
	}
	return true
}

// pageParts cuts g into parts that each hold one column of text and
// together cover g: bands between blank rows; runs of bands that share
// gutters, an inch of inked rows at least, cut at them (a two-column
// body whose paragraph gaps line up is a run of several bands); each
// column so found cut again (to maxPartDepth). Bands outside such runs
// are joined again, so a page of one column is one part, g.Rect.
func pageParts(g *image.Gray, dpi int) []image.Rectangle {
	return cutParts(g, g.Rect, dpi, 0)
}

func cutParts(g *image.Gray, r image.Rectangle, dpi, depth int) []image.Rectangle {
	var parts []image.Rectangle
	var plain plainRun // the bands without gutters above
	rows := rowInk(g.SubImage(r).(*image.Gray))
	maxRow := blankRowInk(r.Dx())
	bs := bands(rows, maxRow, r, dpi)
	inks := make([]bandInk, len(bs))
	bandRuns := make([]runs, len(bs))
	for i, b := range bs {
		inks[i], bandRuns[i] = bandInkOf(g, b, rows[b.Min.Y-r.Min.Y:b.Max.Y-r.Min.Y], maxRow)
	}
	for i := 0; i < len(bs); {
		end := 0
		if depth < maxPartDepth {
			end = columnRun(inks[i:], dpi)
		}
		var cols []image.Rectangle
		if end > 0 {
			cols = columnsOf(bs[i].Union(bs[i+end-1]), sumInk(inks[i:i+end]), dpi)
		}
		if end == 0 || !lined(g, cols) {
			if plain.apart(bandRuns[i], inks[i], dpi) {
				parts = plain.flush(parts)
			}
			plain.add(bs[i], bandRuns[i], inks[i])
			i++
			continue
		}
		parts = plain.flush(parts)
		for _, c := range cols {
			parts = append(parts, cutParts(g, c, dpi, depth+1)...)
		}
		i += end
	}
	return plain.flush(parts)
}

// plainRun is a run of bands without gutters, read as one part: their
// box, the vertical runs of their ink and their inked rows.
type plainRun struct {
	box   image.Rectangle
	runs  runs
	inked int
}

func (p *plainRun) add(b image.Rectangle, r runs, in bandInk) {
	p.box, p.runs, p.inked = p.box.Union(b), p.runs.plus(r), p.inked+in.inkedRow
}

// flush appends the run to parts, if it holds a band, and empties it.
func (p *plainRun) flush(parts []image.Rectangle) []image.Rectangle {
	if !p.box.Empty() {
		parts = append(parts, p.box)
	}
	*p = plainRun{}
	return parts
}

// apart reports whether the print of a band (its runs r, its ink in)
// differs in size from the print of the run by partSizeRatio or more,
// the larger in a few lines at most (a line of display type, not a
// picture): the band starts a part of its own. The run's bands are
// measured together: one short line (a paragraph's last, of two
// Japanese signs) measured a third of its page's headings alone.
func (p *plainRun) apart(r runs, in bandInk, dpi int) bool {
	if p.box.Empty() {
		return false
	}
	sa, sb := p.runs.printSize(), r.printSize()
	inked := p.inked
	if sa < sb {
		sa, sb, inked = sb, sa, in.inkedRow
	}
	display := float64(sa) >= displayInch*float64(dpi) || float64(sa) >= partSizeRatio*float64(sb)
	return sb > 0 && display && inked <= maxDisplayLines*sa
}

// lined reports whether one of cols holds minColumnLines lines of text
// or more: rows of ink parted by blank rows across the column. A line of
// display type an inch high inks as many rows as eight lines of body
// text, and the blanks between its letters are as wide as gutters, but
// each part cut at them holds one line.
func lined(g *image.Gray, cols []image.Rectangle) bool {
	for _, c := range cols {
		rows := rowInk(g.SubImage(c).(*image.Gray))
		if len(blankRuns(rows, blankRowInk(c.Dx()), 1))+1 >= minColumnLines {
			return true
		}
	}
	return false
}

// minColumnLines is the fewest lines that one of the columns of a cut
// must hold (lined).
const minColumnLines = 3

// bandInk is a band's count of dark pixels in each pixel column, its
// height, and its inked rows (more dark pixels than cutInkShare of its
// width).
type bandInk struct {
	cols        []int
	h, inkedRow int
}

// runs counts the vertical runs of dark pixels of a region, two pixels
// or more, by their height (runs[n]: of n pixels).
type runs []int

// inkOf counts the dark pixels of each pixel column of g (columnInk)
// and its vertical runs, in one pass.
func inkOf(g *image.Gray) ([]int, runs) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	ink := make([]int, w)
	run := make([]int, w)
	count := make(runs, h+1)
	end := func(x int) {
		if run[x] >= 2 {
			count[run[x]]++
		}
		run[x] = 0
	}
	for y := range h {
		for x, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			if v < darkThreshold {
				ink[x]++
				run[x]++
			} else if run[x] > 0 {
				end(x)
			}
		}
	}
	for x := range w {
		end(x)
	}
	return ink, count
}

// plus is the count of both regions' runs.
func (r runs) plus(o runs) runs {
	if len(o) > len(r) {
		r, o = o, r
	}
	sum := slices.Clone(r)
	for n, c := range o {
		sum[n] += c
	}
	return sum
}

// printSize is the size of the print that made the runs: their
// stemPercentile. Most runs cross the strokes of letters or run down
// their short stems; the longest run down the stems of capitals and
// ascenders, as tall as the print is large. It does not depend on how
// close the lines stand, as the height of a run of inked rows does.
func (r runs) printSize() int {
	total := 0
	for _, c := range r {
		total += c
	}
	seen := 0
	for n, c := range r {
		if seen += c; total > 0 && float64(seen) >= stemPercentile*float64(total) {
			return n
		}
	}
	return 0
}

// stemPercentile: the share of a region's vertical runs shorter than the
// stems of its capitals and ascenders. At 0.98, body text at 10 to 12
// points measured 21 to 24 pixels at 200 dpi on the corpus's scans,
// their titles 44 to 46 and headings 33 to 36, and Helvetica Bold at 24,
// 36, 48, 60 and 72 points 49, 73, 97, 126 and 137, in proportion; at
// 0.9 the body measured 10 and bold headings three times as much.
const stemPercentile = 0.98

// Tesseract reads a block of text (PSM_SINGLE_BLOCK) as lines of one
// size. A line of display type four times the size of the block's other
// print came out in pieces ('Fort ight' for 'Forty eight' at 48 points
// over 12), and lines of 72 and 96 points lost a 24- or 36-point heading
// elsewhere in the block: each line read alone was read whole. A
// heading three times the body's size (36 points over 12) was read whole
// within its block. So a band starts a part of its own, and so does the
// band after it, where its print is partSizeRatio times the size of the
// print above it or more (or a third of it or less), or as large as
// displayInch (the stems of capitals in Helvetica Bold at 48 points are
// 0.48 inch tall, at 36 points 0.37). maxDisplayLines: a band of display
// type inks at most this many times its print's size in rows; a picture
// inks more.
const (
	partSizeRatio   = 3.0
	displayInch     = 0.42
	maxDisplayLines = 4
)

// bandInkOf is the ink of the band b of g, whose rows' dark pixels are
// rows (rowInk), a row with more than maxRow of them inked, and the
// vertical runs of that ink.
func bandInkOf(g *image.Gray, b image.Rectangle, rows []int, maxRow int) (bandInk, runs) {
	n := 0
	for _, v := range rows {
		if v > maxRow {
			n++
		}
	}
	cols, rs := inkOf(g.SubImage(b).(*image.Gray))
	return bandInk{cols: cols, h: b.Dy(), inkedRow: n}, rs
}

// add adds the ink of b, a band of the same width, to s.
func (s *bandInk) add(b bandInk) {
	if s.cols == nil {
		s.cols = make([]int, len(b.cols))
	}
	for x, v := range b.cols {
		s.cols[x] += v
	}
	s.h += b.h
	s.inkedRow += b.inkedRow
}

// sumInk is the ink of the bands' union.
func sumInk(bs []bandInk) bandInk {
	var s bandInk
	for _, b := range bs {
		s.add(b)
	}
	return s
}

// columnRun is how many of the bands, from the first, make the longest
// run with gutters in common (gutterRuns of their union) and at least
// minColumnsInch of inked rows; 0 when the first band starts none. A band
// across the gutters (a title, a table across the page) ends a run, and
// once the run holds columns (minColumnsInch) so does a band that keeps a
// gutter only through a space between its words: it narrows the gutter
// to less than keepGutterShare of its width. (A footnote under two
// columns whose first line has a space where the gutter runs would be
// read half at the foot of each column. Before that, the first bands'
// gutter may be wide for a short heading beside a column, and narrows to
// the columns' own.)
func columnRun(bs []bandInk, dpi int) int {
	best := 0
	var sum bandInk
	var runs [][2]int
	for k, b := range bs {
		sum.add(b)
		next := gutterRuns(sum, dpi)
		if len(next) == 0 || best > 0 && narrowed(runs, next) {
			break
		}
		runs = next
		if sum.inkedRow >= int(float64(dpi)*minColumnsInch) {
			best = k + 1
		}
	}
	return best
}

// keepGutterShare: a band that leaves less of a gutter's width than this
// does not share it (see columnRun).
const keepGutterShare = 0.6

// narrowed reports whether a gutter of was is left, in now, narrower than
// keepGutterShare of its width, or gone.
func narrowed(was, now [][2]int) bool {
	for _, w := range was {
		kept := 0
		for _, n := range now {
			kept = max(kept, min(w[1], n[1])-max(w[0], n[0]))
		}
		if float64(kept) < keepGutterShare*float64(w[1]-w[0]) {
			return true
		}
	}
	return false
}

// columnsOf cuts r, whose ink is in, at its gutters (gutterRuns).
func columnsOf(r image.Rectangle, in bandInk, dpi int) []image.Rectangle {
	cuts := middles(gutterRuns(in, dpi))
	out := make([]image.Rectangle, 0, len(cuts)+1)
	left := r.Min.X
	for _, c := range cuts {
		out = append(out, image.Rect(left, r.Min.Y, r.Min.X+c, r.Max.Y))
		left = r.Min.X + c
	}
	return append(out, image.Rect(left, r.Min.Y, r.Max.X, r.Max.Y))
}

// gutterRuns are the gutters of the ink in: runs of at least
// minGutterInch of pixel columns without ink over its height (no more
// dark pixels than cutInkShare of it, or than a few specks) between
// columns of text (columnCuts).
func gutterRuns(in bandInk, dpi int) [][2]int {
	maxInk := max(minSpeckInk, int(float64(in.h)*cutInkShare))
	runs := blankRuns(in.cols, maxInk, max(2, int(float64(dpi)*minGutterInch)))
	return columnCuts(in.cols, maxInk, runs, int(float64(dpi)*minColumnInkInch))
}

// bands cuts r, whose rows' dark pixels are rows, at runs of at least
// minBandGapInch of blank rows (no more than maxRow dark pixels), in their
// middles; one band, r, when there are none. The bands cover r.
func bands(rows []int, maxRow int, r image.Rectangle, dpi int) []image.Rectangle {
	cuts := middles(blankRuns(rows, maxRow, max(2, int(float64(dpi)*minBandGapInch))))
	out := make([]image.Rectangle, 0, len(cuts)+1)
	top := r.Min.Y
	for _, c := range cuts {
		out = append(out, image.Rect(r.Min.X, top, r.Max.X, r.Min.Y+c))
		top = r.Min.Y + c
	}
	return append(out, image.Rect(r.Min.X, top, r.Max.X, r.Max.Y))
}

// gutters cuts r at its gutters (gutterRuns); one part, r, when there
// are none.
func gutters(g *image.Gray, r image.Rectangle, dpi int) []image.Rectangle {
	return columnsOf(r, bandInk{cols: columnInk(g.SubImage(r).(*image.Gray)), h: r.Dy()}, dpi)
}

// columnCuts are the runs that part columns of text: runs that leave, on
// each side up to the next cut (a run's middle), at least minInked inked
// entries (a column of text inks most of its width; scan specks, list
// bullets and the ragged ends of a few lines do not). Runs are taken from
// the left; one that leaves a part with less is not a cut.
func columnCuts(ink []int, maxInk int, runs [][2]int, minInked int) [][2]int {
	inked := func(from, to int) int {
		n := 0
		for _, v := range ink[from:to] {
			if v > maxInk {
				n++
			}
		}
		return n
	}
	mid := middles(runs)
	var cuts [][2]int
	start := 0
	for k, c := range mid {
		end := len(ink)
		if k+1 < len(mid) {
			end = mid[k+1]
		}
		if inked(start, c) >= minInked && inked(c, end) >= minInked {
			cuts = append(cuts, runs[k])
			start = c
		}
	}
	return cuts
}

// blankRuns are the runs [start, end) of at least minRun entries of ink
// at most maxInk that lie between inked entries.
func blankRuns(ink []int, maxInk, minRun int) [][2]int {
	var runs [][2]int
	run, inked := 0, false
	for i, n := range ink {
		if n <= maxInk {
			run++
			continue
		}
		if inked && run >= minRun {
			runs = append(runs, [2]int{i - run, i})
		}
		run, inked = 0, true
	}
	return runs
}

// middles are the middles of runs.
func middles(runs [][2]int) []int {
	out := make([]int, len(runs))
	for i, r := range runs {
		out[i] = (r[0] + r[1]) / 2
	}
	return out
}

// columnInk counts the dark pixels of each pixel column of g.
func columnInk(g *image.Gray) []int {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	ink := make([]int, w)
	for y := range h {
		for x, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			if v < darkThreshold {
				ink[x]++
			}
		}
	}
	return ink
}
