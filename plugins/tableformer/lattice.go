package tableformer

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// minBodyLines is the fewest lines of one band between row rules (or a
// frame's side) that, holding most of a grid's lines, make it a body of
// rows no rule parts: a ruled cell holds a value or a few lines of it.
const minBodyLines = 10

// unruledBody reports whether one band between the row bounds rows holds
// minBodyLines of the text lines or more, and most of them.
func unruledBody(rows []bound, lines [][]word) bool {
	count := make([]int, len(rows)+1)
	for _, ln := range lines {
		if len(ln) > 0 {
			count[slotOf(rows, ln[0].cy)]++
		}
	}
	most := slices.Max(count)
	return most >= minBodyLines && 2*most > len(lines)
}

// Row groups: a ruled band holding several text lines is one row with
// multi-line cells, unless its lines are rows themselves.
const (
	// minGroupLines: a band is split into rows only when it holds at
	// least this many lines. Two lines in every column of a band are as
	// often a header whose every cell wraps once as two rows; three
	// lines in every column are rows (three-line cells side by side are
	// rare).
	minGroupLines = 3
	// groupRowShare: and when at least this share of its lines have
	// text in more than one column (data rows do; the continuation lines
	// of a wrapped cell have text in one).
	groupRowShare = 2.0 / 3
)

// Lattice builds the table framed by g from the words whose centres lie
// inside it; em is the page's body font size (0: the words' median).
// Columns and rows come from the grid's rulings and, where rulings are
// missing (a table ruled only between row groups, or only under its
// header), from the gutters and lines of the text. A missing piece of a
// rule drawn across most of the table makes a spanning cell. It returns
// nil when the grid does not frame a table: no inner rulings (a box
// around a paragraph), fewer than two rows or columns with text, too
// little text.
func Lattice(g Grid, words []core.Word, em float64) *core.Table {
	ws := inside(prepare(words), g.Box)
	if len(ws) < minFilledCells {
		return nil
	}
	em = wordsEm(ws, em)
	return lattice(g, ws, em, gutterWidth(em), false)
}

// LatticeFixedPitch is Lattice for words typed in a fixed-pitch font
// whose cells are cell wide: where the rulings leave columns out, a
// gutter between them may be one blank cell wide (StreamFixedPitch).
func LatticeFixedPitch(g Grid, words []core.Word, cell float64) *core.Table {
	ws := inside(prepare(words), g.Box)
	if len(ws) < minFilledCells {
		return nil
	}
	return lattice(g, ws, wordsEm(ws, 0), typedGutter(cell), true)
}

// lattice is Lattice over prepared words inside g, with gutters at least
// gap wide. In a typed table (typed) the gutters are sought in the lines
// of figures (figureLines): a heading's word spaces are as wide as a
// gutter there, and a group's heading over two columns crosses theirs,
// where a total row set in another face may overhang it too. Its lines
// are read in phrases at a proportional gutter's width, so that a
// heading ('Non-Hispanic white') is one phrase, not a word a column.
func lattice(g Grid, ws []word, em, gap float64, typed bool) *core.Table {
	box := g.Box
	cols := ruleBounds(g.V, box.X0, box.X1, box.Y0, box.Y1)
	rows := ruleBounds(g.H, box.Y0, box.Y1, box.X0, box.X1)
	if len(cols) == 0 && len(rows) == 0 {
		return nil // a frame around something
	}
	cx, cy := make([]float64, len(ws)), make([]float64, len(ws))
	for i, w := range ws {
		cx[i], cy[i] = w.cx, w.cy
	}
	cols = dropSlivers(cols, cx, box.X0, box.X1, sliverEm*em)
	rows = dropSlivers(rows, cy, box.Y0, box.Y1, sliverEm*em)
	lines, lineB := textLines(ws)
	cols = confirmed(cols, lines)
	if !anySolid(cols) && !showsColumns(lines, gap) {
		return nil // boxes around words or lines of prose
	}
	scan, scanB, phraseGap := ws, lineB, gap
	var figLines [][]word
	if typed {
		figLines = figureLines(lines, gap)
		scan = slices.Concat(figLines...)
		_, scanB = textLines(scan)
		phraseGap = max(gap, gutterWidth(em))
	}
	at, runs := gutterRuns(scan, scanB, box.X0, box.X1, gap)
	if typed {
		at, runs = figuresApart(at, runs, figLines, gutterWidth(em))
	}
	gs := unserved(at, runs, cols)
	// A gutter open only because a line crosses it (a note under the
	// body) can part the frame's padding from the first column: an
	// empty sliver, and the body's first column had no text.
	if !unruledBody(rows, lines) {
		gs = openGutters(gs, cols, g.V, box)
	}
	cols = dropSlivers(withText(cols, gs), cx, box.X0, box.X1, sliverEm*em)
	rows = slices.DeleteFunc(rows, func(b bound) bool { return runAcross(b, ws, cols, em) })
	plain, parted := splitGroups(rows, cols, ws, phraseGap)
	t := build(ws, &cut{box: box, cols: cols, rows: plain, gutter: gap})
	if t == nil {
		return nil
	}
	// Blank lines part the records of a table, not a frame's text into a
	// table: a diagram's boxes and a formula's grid stay no tables.
	if len(parted) > len(plain) {
		if pt := build(ws, &cut{box: box, cols: cols, rows: parted, gutter: gap}); pt != nil {
			return pt
		}
	}
	return t
}

// figureLines are the lines whose phrases at gap are mostly figures
// (mostlyFigures).
func figureLines(lines [][]word, gap float64) [][]word {
	var out [][]word
	for _, ln := range lines {
		if mostlyFigures(phrases(ln, gap)) {
			out = append(out, ln)
		}
	}
	return out
}

// figuresApart keeps the gutters of a typed table (at, and the runs they
// were narrowed from) that are as wide as a proportional one (wide), or
// that part figures from figures (partsFigures). Words of one width line
// up in a typed column as figures do, and leave a blank cell beside them
// on every line: a month's name before the day ('Apr 12', 'Oct 5'), ages
// before their unit ('40 years'), which are one cell each.
func figuresApart(at, runs []span, lines [][]word, wide float64) ([]span, []span) {
	var keepAt, keepRuns []span
	for i, g := range runs {
		if g.b-g.a >= wide || partsFigures(g, lines) {
			keepAt, keepRuns = append(keepAt, at[i]), append(keepRuns, g)
		}
	}
	return keepAt, keepRuns
}

// partsFigures reports whether on every line of figures (lines) with
// words on both sides of gutter g, and none across it (a total's figure
// set in another face, overhanging), the words beside it are figures,
// and not on every such line the right one a group of three digits after
// digits: a column of numbers typed with spaces between their groups
// ('1 087 948'). Columns of figures have narrower ones somewhere ('69',
// '80' under '208', '240').
func partsFigures(g span, lines [][]word) bool {
	pairs, groups := 0, 0
	for _, ln := range lines {
		left, right, ok := beside(g, ln)
		if !ok {
			continue
		}
		if !isNumber(left.Text) || !isNumber(right.Text) {
			return false
		}
		pairs++
		if thousandsGroup(left.Text, right.Text) {
			groups++
		}
	}
	return pairs > 0 && groups < pairs
}

// beside is the words of line ln on either side of gutter g, nearest it;
// ok is false when a word lies across it or a side has none.
func beside(g span, ln []word) (left, right *word, ok bool) {
	for k := range ln {
		w := &ln[k]
		if w.BBox.X0 < g.b && w.BBox.X1 > g.a {
			return nil, nil, false
		}
		if w.BBox.X1 <= g.b && (left == nil || w.BBox.X1 > left.BBox.X1) {
			left = w
		}
		if w.BBox.X0 >= g.a && (right == nil || w.BBox.X0 < right.BBox.X0) {
			right = w
		}
	}
	return left, right, left != nil && right != nil
}

// thousandsGroup reports whether right may be a group of three digits
// that a space parts from the digits of left: one number.
func thousandsGroup(left, right string) bool {
	if len(right) != 3 || left == "" || left[len(left)-1] < '0' || left[len(left)-1] > '9' {
		return false
	}
	for _, c := range []byte(right) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// The side of a shaded area under some of a table's columns only (less
// than partialCover of its width: the foot of a shaded label cell) parts
// its rows only where the other columns' text breaks too. An EPA report
// shades the first column's labels ('Stationary:', 'Major', 'Area') in
// one box whose foot falls under 'Area', between two lines of the
// definition and the examples beside it: their cells were cut after
// their first line. Where the text outside the shading's reach runs on
// across its side, its lines less than runOnGap ems apart (a line's
// leading; rows stand further apart), or a word lies across it, the
// side parts nothing, unless text stands under it in its own columns
// within an em. A rule drawn in some columns only is kept: it parts the
// rows of those columns beside a cell spanning them in the others.
const (
	partialCover = 0.5
	runOnGap     = 0.5
)

// runAcross reports whether row boundary b is the side of a shading
// under some columns only, with the text of the others running on across
// it: their lines less than runOnGap ems apart, each cell's line under it
// going on the sentence of its line over it (goesOn).
func runAcross(b bound, ws []word, cols []bound, em float64) bool {
	if len(b.rules) == 0 || !b.fill || b.cover >= partialCover {
		return false
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range b.rules {
		lo, hi = min(lo, r.Lo), max(hi, r.Hi)
	}
	above, below := math.Inf(-1), math.Inf(1)
	for _, w := range ws {
		if w.cx >= lo && w.cx <= hi {
			if w.BBox.Y0 >= b.pos && w.BBox.Y0-b.pos < em {
				return false // the shading's own columns go on under it
			}
			continue
		}
		switch {
		case w.BBox.Y1 <= b.pos:
			above = max(above, w.BBox.Y1)
		case w.BBox.Y0 >= b.pos:
			below = min(below, w.BBox.Y0)
		default:
			return false // a word across it: no row boundary here
		}
	}
	if math.IsInf(above, 0) || math.IsInf(below, 0) || below-above >= runOnGap*em {
		return false
	}
	return goesOn(ws, cols, span{lo, hi}, above, below)
}

// goesOn reports whether, in every column outside reach that has text on
// the lines ending at above and starting at below, the lower line's first
// word starts in lower case and the upper line's last word ends no
// sentence: a cell's sentence broken over its lines.
func goesOn(ws []word, cols []bound, reach span, above, below float64) bool {
	last, first := map[int]*word{}, map[int]*word{}
	for i := range ws {
		w := &ws[i]
		if w.cx >= reach.a && w.cx <= reach.b {
			continue
		}
		k := slotOf(cols, w.cx)
		switch {
		case math.Abs(w.BBox.Y1-above) < edgeTol:
			if l, ok := last[k]; !ok || w.BBox.X1 > l.BBox.X1 {
				last[k] = w
			}
		case math.Abs(w.BBox.Y0-below) < edgeTol:
			if f, ok := first[k]; !ok || w.BBox.X0 < f.BBox.X0 {
				first[k] = w
			}
		}
	}
	n := 0
	for k, f := range first {
		l, ok := last[k]
		if !ok {
			continue
		}
		r, _ := utf8.DecodeRuneInString(f.Text)
		if !unicode.IsLower(r) || strings.ContainsAny(l.Text[len(l.Text)-1:], ".!?:") {
			return false
		}
		n++
	}
	return n > 0
}

// unserved keeps the gutters (at, narrowed from runs) whose run holds no
// boundary of bs: a rule drawn beside a gutter's least crossed stretch,
// with a note's word gap or a long label in between, already parts its
// columns; a boundary added at the stretch made an empty column, or one
// that only the note's words fill.
func unserved(at, runs []span, bs []bound) []span {
	var out []span
	for i, g := range at {
		taken := false
		for _, b := range bs {
			taken = taken || (b.pos >= runs[i].a && b.pos <= runs[i].b)
		}
		if !taken {
			out = append(out, g)
		}
	}
	return out
}

// crossShare: a column boundary not drawn across most of the table is
// kept when words run across it in at most this share of the lines (a
// header cell spanning two columns crosses the rule between them; a
// rule beside one word of a line of prose has the next line across it).
const crossShare = 1.0 / 3

// confirmed keeps the column boundaries drawn across most of the table,
// and the others where few lines run across them: a rule drawn over a
// few rows (the side of a shaded header cell, a box around one word)
// separates columns only where the text's columns are.
func confirmed(cols []bound, lines [][]word) []bound {
	var out []bound
	for _, b := range cols {
		crossing := 0
		for _, ln := range lines {
			for _, w := range ln {
				if w.BBox.X0 < b.pos-crossSlack && w.BBox.X1 > b.pos+crossSlack {
					crossing++
					break
				}
			}
		}
		if solid(b) || float64(crossing) <= crossShare*float64(len(lines)) {
			out = append(out, b)
		}
	}
	return out
}

// anySolid reports whether a boundary is drawn across most of the table.
func anySolid(bs []bound) bool {
	for _, b := range bs {
		if solid(b) {
			return true
		}
	}
	return false
}

// showsColumns reports whether at least half of the lines have a gap as
// wide as a gutter: the text of a table without column rules is in
// columns; prose in boxes is not.
func showsColumns(lines [][]word, gap float64) bool {
	n := 0
	for _, ln := range lines {
		if len(phrases(ln, gap)) > 1 {
			n++
		}
	}
	return 2*n >= len(lines)
}

// openGutters keeps the text gutters that lie between columns not ruled
// on both sides: a column framed by solid rules is one column whatever
// gaps its text leaves, where its rows are ruled too (unruledBody). A
// rule between columns may part groups of them, over a body that no
// rule parts into rows: a census table rules 'Total', 'Male' and
// 'Female' apart, three columns of figures under each ('Total', 'Under
// 18 years', '18 years and over'); read as one column a group, each of
// its 35 rows held three figures in a cell.
func openGutters(gs []span, cols []bound, vs []Ruling, box core.BBox) []span {
	edges := []bound{frameSide(vs, box.X0, box), frameSide(vs, box.X1, box)}
	walls := append([]bound{edges[0]}, cols...)
	walls = append(walls, edges[1])
	var out []span
	for _, g := range gs {
		i := slotOf(walls, g.a) // walls[i-1] < g.a <= walls[i]
		if i > 0 && i < len(walls) && wall(walls[i-1]) && wall(walls[i]) {
			continue
		}
		out = append(out, g)
	}
	return out
}

// solidCover is the share of a table's height a column rule must cover
// to stand for a column whatever the text does: three quarters (a header
// row or two may lack it; a box drawn around one line of a two-line
// table covers half).
const solidCover = 0.75

// solid reports a drawn rule across most of the table.
func solid(b bound) bool { return b.ruled() && !b.fill && b.cover >= solidCover }

// wall reports a drawn rule across at least half the table: the columns
// on its two sides are the table's, not gaps in a cell's text.
func wall(b bound) bool { return b.ruled() && !b.fill && b.cover >= strongCover }

// frameSide is the boundary of the vertical rulings at x, a side of the
// grid's box.
func frameSide(vs []Ruling, x float64, box core.BBox) bound {
	var at []Ruling
	for _, v := range vs {
		if v.Pos > x-edgeTol && v.Pos < x+edgeTol {
			at = append(at, v)
		}
	}
	if len(at) == 0 {
		return bound{pos: x}
	}
	b := clusterBound(at, box.Y0, box.Y1)
	b.pos = x
	return b
}

// inside keeps the words whose centres lie in box.
func inside(ws []word, box core.BBox) []word {
	var out []word
	for _, w := range ws {
		if w.cx > box.X0 && w.cx < box.X1 && w.cy > box.Y0 && w.cy < box.Y1 {
			out = append(out, w)
		}
	}
	return out
}

// splitGroups adds text-line boundaries inside ruled bands whose lines
// are rows (see rowsOfData), boundaries before the lines that start
// records (recordStarts), and boundaries between all lines of every band
// when the table has no row rules at all: plain. parted is plain with
// boundaries added before the lines that start a row a blank line under
// the one before, in bands with no records (blankParted); nil when there
// are none.
func splitGroups(rows, cols []bound, ws []word, gap float64) (plain, parted []bound) {
	bands := make([][]word, len(rows)+1)
	for _, w := range ws {
		i := slotOf(rows, w.cy)
		bands[i] = append(bands[i], w)
	}
	var spans, blank []span
	box := wordsBox(ws)
	across := span{box.X0, box.X1}
	head := wrappedHeader(bands, cols)
	for k, band := range bands {
		lines, bounds := textLines(band)
		if k > 0 || !head {
			if len(rows) == 0 || rowsOfData(lines, cols) || figureRows(lines, cols) {
				for _, b := range bounds {
					spans = append(spans, span{b, b})
				}
				continue
			}
		}
		if i := underSpanningHead(lines, cols, across, gap); i > 0 {
			spans = append(spans, span{bounds[i-1], bounds[i-1]})
		}
		if k == 0 && head {
			continue
		}
		at := &spans
		starts := recordStarts(lines, cols, gap)
		if starts == nil {
			at, starts = &blank, blankParted(lines, cols)
		}
		for _, i := range starts {
			if i > 0 {
				*at = append(*at, span{bounds[i-1], bounds[i-1]})
			}
		}
	}
	plain = withText(rows, spans)
	if len(blank) > 0 {
		parted = withText(rows, append(spans, blank...))
	}
	return plain, parted
}

// minRuledBands is the fewest bands between row rules under a header
// band that make a table ruled row by row (wrappedHeader).
const minRuledBands = 2

// wrappedHeader reports whether the first band of a table ruled row by
// row (bands, between its row rules) is its header wrapped over lines,
// one row: its lines hold words and no figure, where the bands under it,
// minRuledBands or more, hold figures. Lines with text in most columns
// and in the first are rows of their own in a body band (rowsOfData),
// but a header's titles wrap over lines side by side, its corner's title
// too: Exhibit 19 of ICDAR US's us-014 rules off every row and its
// header, whose 'Schools Identified / Under NCLB / (n = 469)' beside
// 'Designation Under State or District Accountability / Initiative'
// read as three rows. A group's heading over its columns' still starts
// a row of its own (underSpanningHead).
func wrappedHeader(bands [][]word, cols []bound) bool {
	if len(bands) < minRuledBands+1 {
		return false
	}
	figures := func(band []word) bool {
		lines, _ := textLines(band)
		for _, ln := range lines {
			if _, f := lineSlots(ln, cols); len(f) > 0 {
				return true
			}
		}
		return false
	}
	if len(bands[0]) == 0 || figures(bands[0]) {
		return false
	}
	for _, b := range bands[1:] {
		if figures(b) {
			return true
		}
	}
	return false
}

// underSpanningHead is the first line of a ruled band (no rule between
// its lines) under a heading that spans columns: the band's first line
// holds a phrase centred over two columns or more of cols (spanning),
// the lines under it hold in those columns one phrase at most (the
// heading's next line), and the line returned holds phrases in two or
// more of them, each within one. A header of two levels ruled as one band
// ('U.S. population' centred over 'Proportion (total)', 'Proportion (20+
// years)' and 'Total', ICDAR 2013's us-035a; 'Pre-Pawn' and 'Redemption'
// over their 'Handgun', 'Long Gun' and '*Other' in the NICS background
// checks) was one row, the group's heading and its columns' headings one
// cell. A heading whose lines wrap within its own column spans none, nor
// does one set wider than its column of figures, reaching over the
// boundary into a blank neighbour: it is centred over its own column.
// Where the columns' boundaries, found from the text's gutters, fall in
// the heading's word spaces, it spans nothing either, and the band stays
// one row, as before. across is the extent of the table's words. 0 when
// there is no such line.
func underSpanningHead(lines [][]word, cols []bound, across span, gap float64) int {
	if len(lines) < 2 {
		return 0
	}
	lo, hi, ok := spanning(phrases(lines[0], gap), cols, across)
	if !ok {
		return 0
	}
	for i := 1; i < len(lines); i++ {
		apart, in := 0, 0
		for _, p := range phrases(lines[i], gap) {
			a := slotOf(cols, p[0].BBox.X0+spanSlack)
			b := slotOf(cols, p[len(p)-1].BBox.X1-spanSlack)
			switch {
			case a == b && a >= lo && a <= hi:
				apart++
			case b >= lo && a <= hi:
				in++
			}
		}
		if apart >= 2 && in == 0 {
			return i
		}
		if apart+in > 1 {
			return 0
		}
	}
	return 0
}

// spanSlack: a phrase's ends are taken this far inside its box, so that
// a boundary found at a column's very edge does not make it span.
const spanSlack = 1.0

// maxOffCentre is how far, as a share of the width of the columns it
// spans, a spanning heading's centre may lie from theirs.
const maxOffCentre = 0.15

// maxSpanReach is how many blank slots on either side of those a
// heading's ends fall in it may span: a heading narrower than its
// columns ends inside the outer ones, or short of them.
const maxSpanReach = 2

// spanning finds a phrase of ps that crosses a boundary of cols with a
// word (straddles), alone on its slots (no other phrase of the line
// centres in them), and is centred over a run of slots: those its ends
// fall in, with up to maxSpanReach blank ones on either side. lo and hi
// are that run's first and last slots.
func spanning(ps [][]word, cols []bound, across span) (lo, hi int, ok bool) {
	taken := map[int]int{} // slot: how many phrases centre in it
	for _, q := range ps {
		taken[slotOf(cols, phraseCentre(q))]++
	}
	for _, p := range ps {
		a := slotOf(cols, p[0].BBox.X0+spanSlack)
		b := slotOf(cols, p[len(p)-1].BBox.X1-spanSlack)
		if b <= a || !soleIn(taken, a, b) || !straddles(p, cols[a:b]) {
			continue
		}
		if lo, hi, ok := centredRun(phraseCentre(p), a, b, cols, across, taken); ok {
			return lo, hi, true
		}
	}
	return 0, 0, false
}

// straddles reports whether a word of phrase p lies across one of the
// boundaries inner: a heading spans its columns in one piece, where two
// headings side by side, close enough to make one phrase ('Percent of'
// over each of two columns of shares, ICDAR 2013's us-014), part at the
// boundary between them.
func straddles(p []word, inner []bound) bool {
	for _, w := range p {
		for _, c := range inner {
			if w.BBox.X0 < c.pos && w.BBox.X1 > c.pos {
				return true
			}
		}
	}
	return false
}

// soleIn reports whether one phrase alone centres in slots a..b.
func soleIn(taken map[int]int, a, b int) bool {
	n := 0
	for k := a; k <= b; k++ {
		n += taken[k]
	}
	return n == 1
}

// centredRun is the run of slots from a..b, widened by up to maxSpanReach
// blank slots on either side, whose middle lies nearest centre; ok when
// it lies within maxOffCentre of the run's width.
func centredRun(centre float64, a, b int, cols []bound, across span, taken map[int]int) (lo, hi int, ok bool) {
	best := math.Inf(1)
	for l := a; l >= max(0, a-maxSpanReach); l-- {
		if l < a && taken[l] > 0 {
			break
		}
		for h := b; h <= min(len(cols), b+maxSpanReach); h++ {
			if h > b && taken[h] > 0 {
				break
			}
			left, right := across.a, across.b
			if l > 0 {
				left = cols[l-1].pos
			}
			if h < len(cols) {
				right = cols[h].pos
			}
			if off := math.Abs(centre-(left+right)/2) / (right - left); off < best {
				best, lo, hi = off, l, h
			}
		}
	}
	return lo, hi, best <= maxOffCentre
}

// phraseCentre is the middle of a phrase's extent across.
func phraseCentre(p []word) float64 {
	b := wordsBox(p)
	return (b.X0 + b.X1) / 2
}

// minBlankLines is the gap, in the band's line heights, that parts two
// rows of a ruled band where no rule does: a blank line's height.
const minBlankLines = 0.8

// blankParted lists the lines of a band (top to bottom) that start a
// row after a gap of minBlankLines line heights or more across the whole
// band, with text in the first column (cols) and another: the records of
// a band with no rules between them, each cell of several lines (an EPA
// report's 'Major' and 'Area' sources, each with a definition and
// examples of four lines, a blank line apart). The lines of one cell, and of a header
// whose cells wrap, stand closer; a cell's next paragraph, a blank line
// under the one before, has no text beside it in the first column (an
// EU report's 'Total: 47%' over its brands, in every column) or in any
// other (a document's paragraphs in one cell). None (nil) when no line
// starts a row.
func blankParted(lines [][]word, cols []bound) []int {
	if len(lines) < minGroupLines {
		return nil
	}
	first := firstSlot(lines, cols)
	tops, bottoms, heights := make([]float64, len(lines)), make([]float64, len(lines)), make([]float64, len(lines))
	for i, ln := range lines {
		tops[i], bottoms[i] = math.Inf(1), math.Inf(-1)
		for _, w := range ln {
			tops[i], bottoms[i] = min(tops[i], w.BBox.Y0), max(bottoms[i], w.BBox.Y1)
		}
		heights[i] = bottoms[i] - tops[i]
	}
	h := medianOf(heights)
	var starts []int
	for i := 1; i < len(lines); i++ {
		if used, _ := lineSlots(lines[i], cols); used[first] && len(used) > 1 && tops[i]-bottoms[i-1] >= minBlankLines*h {
			starts = append(starts, i)
		}
	}
	return starts
}

// firstSlot is the slot of the lines' first column: the rightmost when
// they are mostly of a right-to-left script.
func firstSlot(lines [][]word, cols []bound) int {
	if rightToLeft(lines) {
		return len(cols)
	}
	return 0
}

// rowsOfData reports whether a band's lines are rows of their own: most
// of them have text in more than one column and text in the first
// column (rows have a label there; the lines of a wrapped header over an
// empty corner cell do not). The first column of a right-to-left table
// is its rightmost (a Bank of Israel table: Hebrew labels at the right of
// the years' figures).
func rowsOfData(lines [][]word, cols []bound) bool {
	if len(lines) < minGroupLines {
		return false
	}
	first := firstSlot(lines, cols)
	multi, labelled, figured := 0, 0, 0
	for _, ln := range lines {
		used, figures := lineSlots(ln, cols)
		if len(used) > 1 {
			multi++
		}
		if used[first] {
			labelled++
		}
		if len(figures) > 1 || len(figures) == 1 && !figures[first] {
			figured++
		}
	}
	need := groupRowShare * float64(len(lines))
	if labelled == len(lines) && figured >= minLabelledRows {
		return true
	}
	return multi >= minGroupLines && float64(multi) >= need && float64(labelled) >= need
}

// minLabelledRows is the fewest lines with figures beyond the first
// column that make a band whose every line has text in its first column
// rows: the lines with the first column's text alone are its group
// labels, rows of their own (a study's 'All Randomly Assigned',
// '3-Year-Old Cohort' over 'Head Start Group' and 'Control Group' and
// their shares), not a wrapped cell's next lines. A label wrapped over
// three lines beside a name wrapped over two ('中诚信国际信用评级有限责任公司'
// beside 'China Chengxin') has words there, not figures, and is one row.
const minLabelledRows = 2

// figureRows reports whether a band of two lines is two rows of figures:
// the second fills as many columns as the first, not some of them only
// (continues: the rest of wrapped cells, a phone number's second half, a
// cinema's third showing), and has a figure under a figure of the first
// (figureUnderFigure, as Stream tells a row from a cell's second line).
// Two lines in every column are as often a header whose cells wrap once
// as two rows (minGroupLines), but a header's cells wrap in words, and a
// figure does not wrap into another: JAL's traffic table ruled FY2013
// and FY2014 in one band, and each cell held both years' figures
// ('7,723,293 7,793,704').
func figureRows(lines [][]word, cols []bound) bool {
	if len(lines) != 2 {
		return false
	}
	filledAbove, above := lineSlots(lines[0], cols)
	filledBelow, below := lineSlots(lines[1], cols)
	return !continues(filledBelow, filledAbove) && figureUnderFigure(below, above)
}

// minRecordCols is the fewest cells of a line that starts a record.
const minRecordCols = 3

// recordStarts are the lines of a band that start records, when the band
// is records: at least minGroupLines lines with text in the first column
// and minRecordCols cells or more (phrases parted by gap, each in a
// column of its own; a note's prose across the columns is one), the
// first line one of them, and
// every other line with no text in the first column (a description that
// runs on in its own column). A ruled header over an unruled body of
// expense records, each a line of document number, dates, payee and
// amount with its description's second line under it (pdfplumber's
// senate-expenditures), was one row of stacked cells: half of its lines
// have text in one column only. A band whose first column wraps (a
// label over two lines beside a long text) is one row.
func recordStarts(lines [][]word, cols []bound, gap float64) []int {
	if len(lines) < minGroupLines {
		return nil
	}
	first := firstSlot(lines, cols)
	var starts []int
	for i, ln := range lines {
		used, _ := lineSlots(ln, cols)
		switch {
		case used[first] && cells(ln, cols, gap) >= minRecordCols:
			starts = append(starts, i)
		case used[first]:
			return nil
		}
	}
	if len(starts) < minGroupLines || starts[0] != 0 {
		return nil
	}
	return starts
}

// cells counts the columns that phrases of a line (parted by gap) start
// in, where no other phrase does.
func cells(ln []word, cols []bound, gap float64) int {
	seen := map[int]int{}
	for _, p := range phrases(ln, gap) {
		seen[slotOf(cols, p[0].cx)]++
	}
	n := 0
	for _, c := range seen {
		if c == 1 {
			n++
		}
	}
	return n
}

// rightToLeft reports lines with more words of a right-to-left script
// than of a left-to-right one (mostlyRTL).
func rightToLeft(lines [][]word) bool {
	return mostlyRTL(func(yield func(string) bool) {
		for _, ln := range lines {
			for _, w := range ln {
				if !yield(w.Text) {
					return
				}
			}
		}
	})
}
