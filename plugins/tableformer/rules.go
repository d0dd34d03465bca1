package tableformer

import (
	"math"
	"slices"
	"sort"

	"github.com/assay-pdf/assay/core"
)

// Ruling geometry, in points.
const (
	// edgeTol: rulings this close are one line, and ends this close
	// touch. Line widths and the gaps producers leave at joints stay
	// under 2 pt, while the narrowest cell (a digit and its padding) is
	// wider than 4 pt.
	edgeTol = 2.0
	// minGridWidth and minGridHeight: a frame smaller than a word or a
	// line (a check box, an underline with serifs) holds no table.
	minGridWidth  = 20.0
	minGridHeight = 8.0
	// minRowRules: a grid with a single vertical rule (a table ruled
	// between rows, with one rule after its first column) needs this many
	// horizontal ones: above the header, under it, under the last row.
	// Two rules and a bar are a box's corner or a margin mark.
	minRowRules = 3
	// doubleRuleGap: parallel rulings of one extent this close are one
	// double rule (typeset double rules leave 1.5 to 3 pt between their
	// lines; rows are at least a line of text apart).
	doubleRuleGap = 4.0
	// maxGridPairs bounds the crossing test on pathological pages.
	maxGridPairs = 4_000_000
)

// mergeRulings joins collinear rulings of one orientation that overlap
// or touch. A joined ruling is a fill side only if all its pieces are.
func mergeRulings(rs []Ruling, horiz bool) []Ruling {
	var sel []Ruling
	for _, r := range rs {
		if r.Horizontal == horiz && r.Hi > r.Lo {
			sel = append(sel, r)
		}
	}
	sort.Slice(sel, func(i, j int) bool {
		if math.Abs(sel[i].Pos-sel[j].Pos) > 0.01 {
			return sel[i].Pos < sel[j].Pos
		}
		return sel[i].Lo < sel[j].Lo
	})
	var out []Ruling
	for i := 0; i < len(sel); {
		j := i + 1
		for j < len(sel) && sel[j].Pos-sel[j-1].Pos <= edgeTol/2 {
			j++
		}
		out = append(out, joinCollinear(sel[i:j])...)
		i = j
	}
	return out
}

// joinCollinear merges the extents of rulings at (nearly) one position.
func joinCollinear(grp []Ruling) []Ruling {
	grp = append([]Ruling(nil), grp...)
	pos := 0.0
	for _, r := range grp {
		pos += r.Pos
	}
	pos /= float64(len(grp))
	sort.Slice(grp, func(a, b int) bool { return grp[a].Lo < grp[b].Lo })
	var out []Ruling
	cur := grp[0]
	cur.Pos = pos
	for _, r := range grp[1:] {
		if r.Lo <= cur.Hi+edgeTol {
			cur.Hi = max(cur.Hi, r.Hi)
			cur.Fill = cur.Fill && r.Fill
			cur.Stripes = cur.Stripes || r.Stripes
			continue
		}
		if stripes(cur, r) {
			cur.Hi, cur.Stripes = r.Hi, true
			continue
		}
		out = append(out, cur)
		cur = r
		cur.Pos = pos
	}
	return append(out, cur)
}

// The gap between two shaded bands of a striped table is an unshaded
// row, as high as a shaded one within these shares of the shorter band:
// a row of two lines beside rows of one, or the reverse.
const (
	minStripeGap = 1.0 / 3
	maxStripeGap = 2.0
)

// stripes reports whether the vertical sides a and b (a above) of two
// shaded areas at one position are the sides of a table's shaded rows,
// with an unshaded row between them (minStripeGap, maxStripeGap). A
// table shaded on every other row (zebra stripes) draws no rule down its
// unshaded rows, and each pair of rows was a table of its own. Panels
// shaded one over another, a caption's line apart, are no stripes; nor
// are areas of other widths that share one side (sameBand): a journal's
// banner across the page over a box of key points in one column, whose
// right sides met, framed a table of the column of prose beside the box.
func stripes(a, b Ruling) bool {
	if a.Horizontal || !a.Fill || !b.Fill || !sameBand(a, b) {
		return false
	}
	gap, band := b.Lo-a.Hi, min(a.Hi-a.Lo, b.Hi-b.Lo)
	return gap >= minStripeGap*band && gap <= maxStripeGap*band
}

// sameBand reports whether two fill sides bound areas of one extent
// across them (within edgeTol), or either extent is not known: the
// shaded rows of one table are as wide as each other.
func sameBand(a, b Ruling) bool {
	if a.BandHi <= a.BandLo || b.BandHi <= b.BandLo {
		return true
	}
	return math.Abs(a.BandLo-b.BandLo) <= edgeTol && math.Abs(a.BandHi-b.BandHi) <= edgeTol
}

// crosses reports whether a horizontal and a vertical ruling meet.
func crosses(h, v Ruling) bool {
	return v.Pos >= h.Lo-edgeTol && v.Pos <= h.Hi+edgeTol && h.Pos >= v.Lo-edgeTol && h.Pos <= v.Hi+edgeTol
}

// Grids finds the parts of a page framed by rulings: connected sets of
// crossing rulings with at least two horizontal and two vertical ones,
// or three horizontal ones and one vertical. Horizontal rules alone
// frame nothing here: a table ruled only between row groups often has
// its header above the first rule and its last row under the last one,
// so its extent is the text's (Stream). Grids are candidates: Lattice
// decides whether the text inside makes a table.
func Grids(rulings []Ruling) []Grid {
	hs := mergeRulings(rulings, true)
	vs := mergeRulings(rulings, false)
	if len(hs) < 2 || len(hs)*max(len(vs), 1) > maxGridPairs {
		return nil
	}
	var out []Grid
	for _, whole := range connect(hs, vs) {
		for _, g := range unstack(whole) {
			framed := len(g.H) >= 2 && len(g.V) >= 2 || len(g.H) >= minRowRules && len(g.V) >= 1
			if framed && g.Box.Width() > minGridWidth && g.Box.Height() > minGridHeight {
				out = append(out, g)
			}
		}
	}
	return out
}

// unstack parts g into the frames stacked in it: where a horizontal
// rule has inner vertical rules over it and under it, none through it
// (the frame's sides may run on) and none under it where one stands over
// it, the frames above and below it only meet there. Boxes set on a
// table's top rule (a web page's cards over a table, with no margin
// between) joined the table's frame, and their text became the table's
// first rows.
func unstack(g Grid) []Grid {
	for _, h := range g.H {
		y := h.Pos
		if y <= g.Box.Y0+edgeTol || y >= g.Box.Y1-edgeTol {
			continue
		}
		topEnd, bottomStart := math.Inf(-1), math.Inf(1)
		var over, under []float64
		across := false
		for _, v := range g.V {
			if v.Pos <= g.Box.X0+edgeTol || v.Pos >= g.Box.X1-edgeTol {
				continue // a side of the frame
			}
			switch {
			case v.Lo < y-edgeTol && v.Hi > y+edgeTol:
				across = true
			case v.Hi <= y+edgeTol:
				topEnd, over = max(topEnd, v.Hi), append(over, v.Pos)
			default:
				bottomStart, under = min(bottomStart, v.Lo), append(under, v.Pos)
			}
		}
		if across || len(over) == 0 || len(under) == 0 || sharesPos(over, under) {
			continue
		}
		// The rule between them is the lower frame's top: the upper
		// frame's sides end on it. Without it the upper part may fall
		// apart into boxes side by side.
		upper := clipGrid(g, g.Box.Y0, topEnd)
		upper.H = slices.DeleteFunc(upper.H, func(r Ruling) bool { return r.Pos >= y-edgeTol })
		var out []Grid
		for _, part := range connect(upper.H, upper.V) {
			out = append(out, unstack(part)...)
		}
		// The rules over the parting one are the upper frame's alone: a
		// rule within edgeTol over the lower frame's first column rule
		// would otherwise stay in it too, and a frame whose top that is
		// would be parted again, itself, without end.
		lower := clipGrid(g, bottomStart, g.Box.Y1)
		lower.H = slices.DeleteFunc(lower.H, func(r Ruling) bool { return r.Pos < y-edgeTol })
		return append(out, unstack(refit(lower))...)
	}
	return []Grid{g}
}

// sharesPos reports whether a position of a is one of b's (within
// edgeTol): a column rule broken where it meets a row rule goes on under
// it.
func sharesPos(a, b []float64) bool {
	for _, x := range a {
		for _, y := range b {
			if math.Abs(x-y) <= edgeTol {
				return true
			}
		}
	}
	return false
}

// refit is g with its box the bounds of its rulings.
func refit(g Grid) Grid {
	box := emptyBox()
	for _, r := range g.H {
		box = box.Union(rulingBox(r))
	}
	for _, r := range g.V {
		box = box.Union(rulingBox(r))
	}
	g.Box = box
	return g
}

// connect groups rulings into connected components: rulings that cross,
// and the two lines of a double rule, are connected.
func connect(hs, vs []Ruling) []Grid {
	sets := newUnion(len(hs) + len(vs))
	for i, h := range hs {
		for j, v := range vs {
			if crosses(h, v) {
				sets.join(i, len(hs)+j)
			}
		}
	}
	for _, pair := range doubles(hs) {
		sets.join(pair[0], pair[1])
	}
	for _, pair := range doubles(vs) {
		sets.join(len(hs)+pair[0], len(hs)+pair[1])
	}
	byRoot := map[int]*Grid{}
	var order []int
	add := func(k int, r Ruling) {
		root := sets.find(k)
		g, ok := byRoot[root]
		if !ok {
			g = &Grid{Box: emptyBox()}
			byRoot[root] = g
			order = append(order, root)
		}
		if r.Horizontal {
			g.H = append(g.H, r)
		} else {
			g.V = append(g.V, r)
		}
		g.Box = g.Box.Union(rulingBox(r))
	}
	for i, h := range hs {
		add(i, h)
	}
	for j, v := range vs {
		add(len(hs)+j, v)
	}
	out := make([]Grid, 0, len(order))
	for _, r := range order {
		out = append(out, *byRoot[r])
	}
	return out
}

// doubles pairs the rulings (sorted by position) that are the two lines
// of a double rule: the same extent, at most doubleRuleGap apart.
func doubles(rs []Ruling) [][2]int {
	var out [][2]int
	for i := range rs {
		for j := i + 1; j < len(rs) && rs[j].Pos-rs[i].Pos <= doubleRuleGap; j++ {
			if math.Abs(rs[j].Lo-rs[i].Lo) <= edgeTol && math.Abs(rs[j].Hi-rs[i].Hi) <= edgeTol {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// rulingBox is a ruling as a (degenerate) box.
func rulingBox(r Ruling) core.BBox {
	if r.Horizontal {
		return core.BBox{X0: r.Lo, Y0: r.Pos, X1: r.Hi, Y1: r.Pos}
	}
	return core.BBox{X0: r.Pos, Y0: r.Lo, X1: r.Pos, Y1: r.Hi}
}

// emptyBox is the identity of box union over degenerate boxes.
func emptyBox() core.BBox {
	return core.BBox{X0: math.Inf(1), Y0: math.Inf(1), X1: math.Inf(-1), Y1: math.Inf(-1)}
}

// An inner grid is a table's when rules across it part rows
// (minInnerRows; boxes of prose set side by side have none), and it fills
// most of its frame (minInnerShare: a title band and a note take less).
const (
	minInnerRows  = 1
	minInnerShare = 0.5
)

// InnerGrid is g cut down to the rows its column rules span, when they
// span less than the whole frame but most of it, horizontal rules close
// that band above and below, and rules across it part rows: an exhibit box
// that frames its title band over a ruled table and its source note under
// it (ICDAR's us-013). Framed whole, the column rules cover too little of
// the frame to stand for columns, and the title and note are lines of
// prose across them, so Lattice finds no table there. It reports false
// when there is nothing to cut.
func InnerGrid(g Grid) (Grid, bool) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range g.V {
		if v.Pos > g.Box.X0+edgeTol && v.Pos < g.Box.X1-edgeTol {
			lo, hi = min(lo, v.Lo), max(hi, v.Hi)
		}
	}
	if lo > hi || (lo <= g.Box.Y0+edgeTol && hi >= g.Box.Y1-edgeTol) || hi-lo < minInnerShare*g.Box.Height() {
		return Grid{}, false
	}
	if !ruledAcross(g.H, lo, g.Box) || !ruledAcross(g.H, hi, g.Box) {
		return Grid{}, false
	}
	rows := 0
	for _, h := range g.H {
		if h.Pos > lo+edgeTol && h.Pos < hi-edgeTol && across(h, g.Box) {
			rows++
		}
	}
	if rows < minInnerRows {
		return Grid{}, false // boxes side by side (a poster's columns), no ruled rows
	}
	return clipGrid(g, lo, hi), true
}

// ruledAcross reports whether a horizontal ruling at y runs across most
// of the box.
func ruledAcross(hs []Ruling, y float64, box core.BBox) bool {
	for _, h := range hs {
		if math.Abs(h.Pos-y) <= edgeTol && across(h, box) {
			return true
		}
	}
	return false
}

// across reports whether a horizontal ruling is as long as most of the
// box is wide (strongCover).
func across(h Ruling, box core.BBox) bool { return h.Hi-h.Lo >= strongCover*box.Width() }

// captionShare: a band of prose over or under a table's rows, inside its
// frame, has a line at least this share of the frame's width.
const captionShare = 0.5

// TrimCaptions is g without the band above its first row rule and the
// band below its last, where such a band holds prose: every line one
// phrase (no gap as wide as a gutter), centred on the frame or starting at
// its left (captionCentre), the widest at least captionShare of the
// frame. An exhibit box frames its title over the table and a note
// under it (ICDAR's us-014: "Exhibit 19 ...", "Exhibit reads: ..."); read
// as rows, they cross the table's text gutters, and the columns they
// cross were lost. It reports false when there is nothing to trim; the
// trimmed bands are the caller's to read as text.
func TrimCaptions(g Grid, words []core.Word, em float64) (Grid, bool) {
	ws := inside(prepare(words), g.Box)
	if len(ws) == 0 {
		return g, false
	}
	em = wordsEm(ws, em)
	gap := gutterWidth(em)
	var rows []bound
	for _, b := range ruleBounds(g.H, g.Box.Y0, g.Box.Y1, g.Box.X0, g.Box.X1) {
		if b.cover >= strongCover {
			rows = append(rows, b)
		}
	}
	if len(rows) < 2 {
		return g, false
	}
	if ruledDown(g, em) {
		return g, false
	}
	top, bottom := g.Box.Y0, g.Box.Y1
	if captionBand(ws, top, rows[0].pos, g.Box, gap) {
		top = rows[0].pos
	}
	if captionBand(ws, rows[len(rows)-1].pos, bottom, g.Box, gap) {
		bottom = rows[len(rows)-1].pos
	} else if y, ok := noteUnderBoxes(g, ws, rows[len(rows)-1].pos, gap); ok {
		bottom = y
	}
	if top == g.Box.Y0 && bottom == g.Box.Y1 {
		return g, false
	}
	return clipGrid(g, top, bottom), true
}

// noteUnderBoxes is where a band of prose at the foot of g's frame
// starts when the band under the last rule across the frame (from) holds
// more than prose: boxes ruled part of the way across over the prose (a
// repair estimate frames its page, and under its totals sets 'Note' in a
// box beside 'Minor rear bumper repair', then its terms in italics). The
// band starts at the lowest rule under from with prose under it, and
// only prose; the rows over it stay the table's.
func noteUnderBoxes(g Grid, ws []word, from, gap float64) (float64, bool) {
	var ys []float64
	for _, h := range g.H {
		if h.Pos > from+edgeTol && h.Pos < g.Box.Y1-edgeTol {
			ys = append(ys, h.Pos)
		}
	}
	if len(ys) == 0 {
		return 0, false
	}
	return slices.Max(ys), captionBand(ws, slices.Max(ys), g.Box.Y1, g.Box, gap)
}

// ruledDown reports whether most rules inside g's frame, an em or more
// from its sides (a column is wider), run down its whole height, and one
// does at least: the frame's columns go from its top to its bottom, and
// the bands there are rows, not captions. A table whose cells sit close
// to their rules puts its header's words a cell's padding apart, less
// than a gutter, so that the header read as one phrase, a caption
// (Chromium's tables with collapsed borders). An exhibit's title over the
// table spans the frame, with no rule through it. Boxes drawn around
// each word of a paragraph (pdf.js's issue14415) put rules through one
// line at a time, and a few meet across lines by chance.
func ruledDown(g Grid, em float64) bool {
	inner, full := 0, 0
	for _, v := range g.V {
		if v.Pos <= g.Box.X0+em || v.Pos >= g.Box.X1-em {
			continue
		}
		inner++
		if v.Lo <= g.Box.Y0+edgeTol && v.Hi >= g.Box.Y1-edgeTol {
			full++
		}
	}
	return full > 0 && 2*full > inner
}

// captionCentre: a caption's line is centred on its frame within this
// share of the frame's width, or starts at the frame's left (within a
// gutter); a group header over the columns right of the first is neither.
const captionCentre = 0.15

// captionBand reports whether the words between y0 and y1 are lines of
// prose (TrimCaptions) in the frame box.
func captionBand(ws []word, y0, y1 float64, box core.BBox, gap float64) bool {
	var band []word
	for _, w := range ws {
		if w.cy > y0 && w.cy < y1 {
			band = append(band, w)
		}
	}
	lines, _ := textLines(band)
	if len(lines) == 0 {
		return false
	}
	widest := 0.0
	for _, ln := range lines {
		b := wordsBox(ln)
		centred := math.Abs((b.X0+b.X1)/2-(box.X0+box.X1)/2) <= captionCentre*box.Width()
		if len(phrases(ln, gap)) > 1 || !centred && b.X0-box.X0 > 2*gap {
			return false
		}
		widest = max(widest, b.Width())
	}
	return widest >= captionShare*box.Width()
}

// clipGrid is g cut to the rows between top and bottom: its horizontal
// rulings there, its vertical ones clipped to them.
func clipGrid(g Grid, top, bottom float64) Grid {
	out := Grid{Box: core.BBox{X0: g.Box.X0, Y0: top, X1: g.Box.X1, Y1: bottom}}
	for _, h := range g.H {
		if h.Pos >= top-edgeTol && h.Pos <= bottom+edgeTol {
			out.H = append(out.H, h)
		}
	}
	for _, v := range g.V {
		v.Lo, v.Hi = max(v.Lo, top), min(v.Hi, bottom)
		if v.Hi > v.Lo {
			out.V = append(out.V, v)
		}
	}
	return out
}
