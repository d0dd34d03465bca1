package tableformer

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// minStreamLines: a borderless table has at least this many lines (a
// header and two rows), of which at least minMultiLines have text in
// more than one column. Two lines with a gap in both are as often two
// lines of a legend, or labels and their values, as a table.
const (
	minStreamLines = 3
	minMultiLines  = 2
)

// contGap: a line that continues the cells of the row above (text only
// in columns where that row has text, in fewer of them) joins it when it
// sits closer to it than this share of the usual gap above a row. Lines
// of one cell are set at the font's leading; rows are that and their
// padding apart. Where the two are equal nothing tells them apart, and
// every line stays a row.
const contGap = 0.7

// Stream builds a borderless table from words whose columns line up
// (the layout decided they do): columns from the gutters of the lines
// with more than one cell, rows from the lines. Lines at the top and
// bottom that run across the columns (a caption, the end of a paragraph)
// are left out. It returns the table and the box of the words it holds,
// or nil when the words do not make a table.
func Stream(words []core.Word, em float64) (*core.Table, core.BBox) {
	ws := prepare(words)
	em = wordsEm(ws, em)
	return stream(ws, gutterWidth(em), false)
}

// mostlyFigures reports whether at least half of the phrases are figures.
func mostlyFigures(ps [][]word) bool {
	n := 0
	for _, p := range ps {
		var sb strings.Builder
		for _, w := range p {
			sb.WriteString(w.Text)
		}
		if isNumber(sb.String()) {
			n++
		}
	}
	return 2*n >= len(ps)
}

// typedGutterCells is the least width of a gutter between the columns of
// a table typed in a fixed-pitch font, in cells: a single blank cell, a
// little less to allow for rounding. Typed tables set figures a single
// space apart where the widest ones meet (ICDAR's us-034: '960 1,040
// 1,120'); prose typed in such a font has its word spaces where its words
// end, which do not line up from line to line as a column's do.
const typedGutterCells = 0.8

// typedGutter is the least width of a gutter measured by the gutter scan
// (gutterRuns) between the columns of a table typed in cells cell wide:
// typedGutterCells, less the scan's resolution on each side, since a
// word's bins take in the bins its edges fall in. A blank cell 5.2 points
// wide between '1,249,752' and '1,364,492' (ICDAR's us-033, Courier at
// 5.9 points a cell, the figures right-aligned to the point, not the
// cell) scans as 4.5.
func typedGutter(cell float64) float64 { return typedGutterCells*cell - 2*gutterStep }

// StreamFixedPitch is Stream for words typed in a fixed-pitch font whose
// cells are cell wide: a gutter may be one blank cell wide, where it is
// blank on every line that has text on both sides (gutters).
func StreamFixedPitch(words []core.Word, cell float64) (*core.Table, core.BBox) {
	return stream(prepare(words), typedGutter(cell), true)
}

// stream is Stream over prepared words, with gutters at least gap wide.
// The columns come from the lines with more than one cell; with figures,
// only from those whose cells are mostly figures: where a word space is as
// wide as a gutter, a line of prose has a cell a word.
func stream(ws []word, gap float64, figures bool) (*core.Table, core.BBox) {
	all, _ := textLines(ws)
	lines := nearestRun(all[:closeLines(all)])
	if len(lines) < len(all) {
		ws = nil
		for _, ln := range lines {
			ws = append(ws, ln...)
		}
	}
	if len(lines) < minStreamLines {
		return nil, core.BBox{}
	}
	var multi []word
	var multiLines [][]word
	for _, ln := range lines {
		if ps := phrases(ln, gap); len(ps) > 1 && (!figures || mostlyFigures(ps)) {
			multi = append(multi, ln...)
			multiLines = append(multiLines, ln)
		}
	}
	if len(multiLines) < minMultiLines {
		return nil, core.BBox{}
	}
	box := wordsBox(ws)
	_, mb := textLines(multi)
	at, runs := gutterRuns(multi, mb, box.X0, box.X1, gap)
	if figures {
		at, _ = figuresApart(at, runs, multiLines, gutterWidth(wordsEm(ws, 0)))
	}
	cols := withText(nil, at)
	if !figures {
		cols = withText(cols, raggedGutters(multi, mb, lines, cols, box, gap))
	}
	cols = fedEdges(cols, multi)
	if len(cols) == 0 {
		return nil, core.BBox{}
	}
	lo, hi := 0, len(lines)
	for lo < hi && spansColumns(lines[lo], cols, gap) {
		lo++
	}
	for hi > lo && spansColumns(lines[hi-1], cols, gap) {
		hi--
	}
	if hi-lo < minStreamLines {
		return nil, core.BBox{}
	}
	cols = withText(cols, figurePairs(lines[lo:hi], cols))
	var body []word
	for _, ln := range lines[lo:hi] {
		body = append(body, ln...)
	}
	rows := rowBounds(lines[lo:hi], cols)
	box = wordsBox(body)
	t := build(body, &cut{box: box, cols: cols, rows: rows, gutter: gap})
	if t == nil || chartAxes(t) {
		return nil, core.BBox{}
	}
	return t, box
}

// fedEdges drops the first column boundary where no word of the lines
// with several cells (multi) lies wholly left of it, and the last where
// none lies wholly right of it: the strip is the margin of those lines,
// crossed only by a header cell (the one row a gutter allows), not a
// gutter between columns. PIRLS's stub (us-021) sets its group labels
// ('Purposes of reading') a few points left of its items ('Literary
// experience'), and its corner cell 'Content domain and process' over
// both: the items' indent read as a column, the labels in a column of
// their own.
func fedEdges(cols []bound, multi []word) []bound {
	wholly := func(keep func(w word) bool) bool { return slices.ContainsFunc(multi, keep) }
	for len(cols) > 0 && !wholly(func(w word) bool { return w.BBox.X1 <= cols[0].pos }) {
		cols = cols[1:]
	}
	for len(cols) > 0 && !wholly(func(w word) bool { return w.BBox.X0 >= cols[len(cols)-1].pos }) {
		cols = cols[:len(cols)-1]
	}
	return cols
}

// spansColumns reports whether a line is one phrase running across a
// column boundary.
func spansColumns(line []word, cols []bound, gap float64) bool {
	ps := phrases(line, gap)
	if len(ps) > 1 {
		return false
	}
	b := wordsBox(line)
	for _, c := range cols {
		if b.X0 < c.pos-crossSlack && b.X1 > c.pos+crossSlack {
			return true
		}
	}
	return false
}

// rowBounds are the boundaries between the rows of a borderless table's
// lines: between every two lines, except above a line that continues the
// cells of the row above it (see contGap).
func rowBounds(lines [][]word, cols []bound) []bound {
	filled := make([]map[int]bool, len(lines))
	figures := make([]map[int]bool, len(lines))
	var rowGaps []float64
	for i, ln := range lines {
		filled[i], figures[i] = lineSlots(ln, cols)
		if i > 0 && len(filled[i]) > 1 {
			rowGaps = append(rowGaps, lineGap(lines[i-1], ln))
		}
	}
	typical := medianOf(rowGaps)
	var out []bound
	row, rowFigures, stub := filled[0], figures[0], stubStart(lines[0], cols)
	for i := 1; i < len(lines); i++ {
		gap := lineGap(lines[i-1], lines[i])
		close := gap < contGap*typical || gap <= lowerContGap*typical && wrapsOn(lines[i-1], lines[i], cols)
		if len(rowGaps) >= minMultiLines && close && continues(filled[i], row) && !figureUnderFigure(figures[i], rowFigures) &&
			stubStart(lines[i], cols) >= stub-stubSlack {
			for k := range filled[i] {
				row[k] = true
			}
			continue
		}
		out = append(out, bound{pos: (wordsBox(lines[i-1]).Y1 + wordsBox(lines[i]).Y0) / 2})
		row, rowFigures, stub = filled[i], figures[i], stubStart(lines[i], cols)
	}
	return out
}

// lowerContGap: where a table sets its rows at the leading of its wrapped
// cells, so that spacing cannot tell a cell's next line from a new row,
// a line that wraps on from the line above (wrapsOn) joins its row when
// it lies no farther below than this share of the usual gap above a row.
const lowerContGap = 1.2

// minWrapWords is the fewest words with letters that the line above must
// hold in each column where a line goes on (wrapsOn): a phrase long
// enough to have run into its column's edge, not a label or an entry of a
// list of terms ('linebreak linebreak' over 'linebreak-man', a code
// table's rows in lower case).
const minWrapWords = 4

// wrapsOn reports whether line ln goes on, in each column it has text in,
// from the text of the line above it (above) in that column: a word of
// two lower-case letters or more starts each of its cells, and above holds
// minWrapWords words with letters in each of those columns. A row starts
// its cells with a label, a capital, a figure or an item's letter ('b
// Qualified dividends'); a cell's next line goes on mid-sentence
// ('Organic matter with high molecular weight, including
// polysaccharides,' over 'proteins and aminosugars', a geochemistry
// paper's table of fractions).
func wrapsOn(above, ln []word, cols []bound) bool {
	first := map[int]word{}
	for _, w := range ln {
		k := slotOf(cols, w.cx)
		if f, ok := first[k]; !ok || w.BBox.X0 < f.BBox.X0 {
			first[k] = w
		}
	}
	wordsAbove := map[int]int{}
	for _, w := range above {
		if strings.IndexFunc(w.Text, unicode.IsLetter) >= 0 {
			wordsAbove[slotOf(cols, w.cx)]++
		}
	}
	for k, w := range first {
		r, _ := utf8.DecodeRuneInString(w.Text)
		if !unicode.IsLower(r) || utf8.RuneCountInString(strings.TrimFunc(w.Text, unicode.IsPunct)) < 2 || wordsAbove[k] < minWrapWords {
			return false
		}
	}
	return len(first) > 0
}

// stubSlack is how far left of its row's label, in points, the next line
// of a wrapped label may start.
const stubSlack = 1.0

// stubStart is where line ln's words in the first column start; +Inf
// where it has none there. A row's label wraps under itself, or indented
// further ('American Indian/' over 'Alaska Native'); a line of the first
// column that starts left of the label over it is a row of its own, a
// heading over the rows that follow ('Sex, by race/ethnicity' under the
// last row of a group indented under 'Race/Ethnicity', MMWR's us-024).
func stubStart(ln []word, cols []bound) float64 {
	x := math.Inf(1)
	for _, w := range ln {
		if slotOf(cols, w.cx) == 0 {
			x = min(x, w.BBox.X0)
		}
	}
	return x
}

// lineSlots lists the columns a line has text in, and those whose text
// is a figure (isNumber) that is whole: not in brackets, and not a range
// broken after its dash ("2013–" over "2017").
func lineSlots(ln []word, cols []bound) (filled, figures map[int]bool) {
	text := map[int]string{}
	for _, w := range ln {
		k := slotOf(cols, w.cx)
		text[k] += w.Text
	}
	filled, figures = make(map[int]bool, len(text)), map[int]bool{}
	for k, t := range text {
		filled[k] = true
		if isNumber(t) && !strings.HasPrefix(t, "(") && !strings.HasPrefix(t, "[") && !strings.HasSuffix(t, "-") && !strings.HasSuffix(t, "–") {
			figures[k] = true
		}
	}
	return filled, figures
}

// figureUnderFigure reports whether a line has a figure under a figure
// of the row above: a line of a table's next row, not the rest of a cell
// broken over lines. A statement sets a department's line close under
// the line before (camelot's budget: 'MINISTRY OF COAL' and its seven
// figures were joined to the row above, which has eight). A figure in
// brackets under a figure is often the same cell's second line (a
// standard error under its estimate), and is no such evidence.
func figureUnderFigure(line, row map[int]bool) bool {
	for k := range line {
		if row[k] {
			return true
		}
	}
	return false
}

// continues reports whether a line's columns are some of its row's.
func continues(line, row map[int]bool) bool {
	if len(line) >= len(row) {
		return false
	}
	for k := range line {
		if !row[k] {
			return false
		}
	}
	return true
}

// A line set far below the table's other lines is not its row: a page
// footer whose page number falls in the table's last column ('WHITE PAPER
// / 2' under a contents set as a table, ten lines below it). Far is more
// than farRowGaps times the rows' median gap, and more than farRowLines
// times the lines' median height; a total row set a little apart stays.
// At the top, a header's text sits as far from the first row when its
// cells are tall (labels turned up the column), and stays.
const (
	farRowGaps     = 3.0
	farRowLines    = 3.0
	maxFooterLines = 2 // a footer's lines; rows further up stay (a form's last field under a picture)
)

// closeLines is the number of lines to keep: all, or all but the last
// line or two when they are set far below the others (farRowGaps). The
// rows' usual gap is the lower median of the gaps.
func closeLines(lines [][]word) int {
	n := len(lines)
	if n <= minStreamLines {
		return n
	}
	gaps := make([]float64, 0, n-1)
	heights := make([]float64, 0, n)
	for i := range lines {
		heights = append(heights, wordsBox(lines[i]).Height())
		if i > 0 {
			gaps = append(gaps, lineGap(lines[i-1], lines[i]))
		}
	}
	sort.Float64s(gaps)
	far := max(farRowGaps*max(gaps[(len(gaps)-1)/2], 0), farRowLines*medianOf(heights))
	for t := 1; t <= maxFooterLines; t++ {
		if n-t >= minStreamLines && lineGap(lines[n-t-1], lines[n-t]) > far {
			return n - t
		}
	}
	return n
}

// maxRowGap is the widest blank between two lines of a table, in its
// lines' median heights: a table's rows follow each other a line or a few
// apart (the labels of a diagram read as one, in docling's
// skipped_2pages, three and a half), while a page's running head and
// foot, alone on a title page with its title, stand a page's height
// apart, some sixty, and their gutters lined up as a table's; so do a
// table and the three lines of a manual's footer under it (unstructured's
// IRS manual of 400 pages), more than closeLines leaves out.
const maxRowGap = 20

// nearestRun is the longest run of lines, one under another, with no
// blank between two of them wider than maxRowGap line heights: the lines
// a table may be read from. The others are text over or under it.
func nearestRun(lines [][]word) [][]word {
	if len(lines) < 2 {
		return lines
	}
	heights := make([]float64, 0, len(lines))
	for _, ln := range lines {
		heights = append(heights, wordsBox(ln).Height())
	}
	far := maxRowGap * medianOf(heights)
	best, start := lines[:1], 0
	for i := 1; i <= len(lines); i++ {
		if i == len(lines) || lineGap(lines[i-1], lines[i]) > far {
			if i-start > len(best) {
				best = lines[start:i]
			}
			start = i
		}
	}
	return best
}

// lineGap is the blank space between two lines.
func lineGap(a, b []word) float64 { return wordsBox(b).Y0 - wordsBox(a).Y1 }

// medianOf is the median of v; 0 for none.
func medianOf(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// A column of figures set flush right beside one set centred or flush
// left meets it at ragged edges: each row's cells stand a gutter apart,
// but the widest of one column and the widest of the next come from
// different rows, and the strip clear on every line is narrower than a
// gutter. MMWR's tables set a centred column of confidence intervals
// ('(1,576.0–1,754.9)') before a flush-right column of counts ('21,284'),
// 10 points apart on each line at 7.5 points type, a clear strip of 4.7:
// both columns read as one ('(7.0–10.6) 1,564'). A strip at least
// raggedShare of a gutter wide is a gutter where every line with words
// on both sides of it has them a whole gutter apart; a line of prose has
// words a word space apart there.
const raggedShare = 0.5

// raggedGutters finds the gutters narrower than gap (down to raggedShare
// of it) in the lines of more than one cell, ws (cut by rowB), that no
// word parts from the boundaries cols already has (a strip of a gap they
// already cut), and across which each of all the lines stands its words
// at least gap apart.
func raggedGutters(ws []word, rowB []float64, lines [][]word, cols []bound, box core.BBox, gap float64) []span {
	at, _ := gutterRuns(ws, rowB, box.X0, box.X1, raggedShare*gap)
	var out []span
	for _, g := range at {
		if g.b-g.a < gap && !cutAlready(ws, g, cols) && apartOnEveryLine(lines, g, neighbours(cols, g, box), gap) {
			out = append(out, g)
		}
	}
	return out
}

// cutAlready reports whether a boundary of cols lies in the blank that
// strip g is part of: no word of ws lies between them.
func cutAlready(ws []word, g span, cols []bound) bool {
	for _, c := range cols {
		lo, hi := min(c.pos, g.a), max(c.pos, g.b)
		between := false
		for _, w := range ws {
			if w.BBox.X1 > lo && w.BBox.X0 < hi && (w.BBox.X1 <= g.a || w.BBox.X0 >= g.b) {
				between = true
				break
			}
		}
		if !between {
			return true
		}
	}
	return false
}

// neighbours is the stretch between the boundaries of cols nearest
// strip g on either side (the box's sides where there is none).
func neighbours(cols []bound, g span, box core.BBox) span {
	out := span{box.X0, box.X1}
	for _, c := range cols {
		if c.pos <= g.a {
			out.a = max(out.a, c.pos)
		}
		if c.pos >= g.b {
			out.b = min(out.b, c.pos)
		}
	}
	return out
}

// apartOnEveryLine reports whether each line with words on both sides
// of strip g, inside the stretch in (the two columns it would part), has
// the nearest of them gap apart or more, and at least minMultiLines
// lines do: the columns it parts both hold cells on those lines. Apart
// is a gutter of the page's body size, and of the words' own where they
// are larger (a drawing's title block set larger than its labels). A line
// of one phrase reaching out of the stretch (a caption across the
// table) says nothing of it; one inside it ('<Drawn By>' in a drawing's
// title block) is one cell, which the strip must not part, and no other
// line may have a word across the strip.
func apartOnEveryLine(lines [][]word, g, in span, gap float64) bool {
	both := 0
	for _, ln := range lines {
		if ps := phrases(ln, gap); len(ps) == 1 {
			if b := wordsBox(ps[0]); b.X0 < in.a || b.X1 > in.b {
				continue
			}
		}
		left, right := math.Inf(-1), math.Inf(1)
		height := 0.0
		for _, w := range ln {
			switch {
			case w.BBox.X1 > g.a && w.BBox.X0 < g.b:
				return false // a word across the strip
			case w.BBox.X1 <= g.b && w.cx > in.a:
				left = max(left, w.BBox.X1)
			case w.BBox.X0 >= g.a && w.cx < in.b:
				right = min(right, w.BBox.X0)
			default:
				continue
			}
			height = max(height, w.BBox.Height())
		}
		if math.IsInf(left, 0) || math.IsInf(right, 0) {
			continue
		}
		if right-left < max(gap, gutterEm*height) {
			return false
		}
		both++
	}
	return both >= minMultiLines
}
