package nativetext

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// Tables: the structure (rows, columns, spans, header rows) is decided by
// package tableformer, shared with the layout model's table stage; this
// file adapts the layout's segments to it and puts each table into the
// reading order as one placeholder segment.

// rulings converts the page's edges to tableformer's rulings in the axis
// frame fr, where a page's vertical edge may be a horizontal ruling.
func rulings(edges []edge, fr frame) []tableformer.Ruling {
	out := make([]tableformer.Ruling, 0, len(edges))
	for _, e := range edges {
		x0, y0, x1, y1 := e.lo, e.pos, e.hi, e.pos
		if !e.horiz {
			x0, y0, x1, y1 = e.pos, e.lo, e.pos, e.hi
		}
		x0, y0 = fr.fwd(x0, y0)
		x1, y1 = fr.fwd(x1, y1)
		r := tableformer.Ruling{Horizontal: y0 == y1, Pos: y0, Lo: min(x0, x1), Hi: max(x0, x1), Fill: e.fill}
		if !r.Horizontal {
			r.Pos, r.Lo, r.Hi = x0, min(y0, y1), max(y0, y1)
		}
		if e.fill {
			r.BandLo, r.BandHi = fillBand(e, fr, r.Horizontal)
		}
		out = append(out, r)
	}
	return out
}

// fillBand is fill side e's rectangle across it in frame fr, where the
// side lies horizontal when horiz.
func fillBand(e edge, fr frame, horiz bool) (lo, hi float64) {
	ax, ay, bx, by := e.band.a, e.lo, e.band.b, e.lo // a vertical side
	if e.horiz {
		ax, ay, bx, by = e.lo, e.band.a, e.lo, e.band.b
	}
	ax, ay = fr.fwd(ax, ay)
	bx, by = fr.fwd(bx, by)
	if horiz {
		return min(ay, by), max(ay, by)
	}
	return min(ax, bx), max(ax, bx)
}

// segWords lists the words of segments.
func segWords(segs []*seg) []core.Word {
	ws := make([]core.Word, 0, segsWords(segs))
	for _, s := range segs {
		ws = append(ws, s.words...)
	}
	return ws
}

// ruledTables finds tables framed by ruling lines among the segments of
// one axis direction, laid out in its frame fr: the edges and the words
// are turned into it, so that a table printed sideways on the page (a
// landscape table on a portrait page) reads by its own rows. It returns
// the segments left over and one placeholder segment per table, which
// the reading order places like any other segment.
func ruledTables(segs []*seg, edges []edge, em float64, fr frame, nextLine *int) []*seg {
	grids := tableformer.Grids(rulings(edges, fr))
	if len(grids) == 0 {
		return segs
	}
	used := make([]bool, len(segs))
	var placeholders []*seg
	for k, g := range grids {
		t, idx, cut := latticeIn(g, segs, used, em, fr)
		if t == nil {
			if inner, ok := tableformer.InnerGrid(g); ok {
				t, idx, cut = latticeIn(inner, segs, used, em, fr)
			}
		}
		if t != nil && proseColumns(cut, t, segs, idx) {
			t = nil // text in columns inside a frame: the layout reads it
		}
		if t != nil {
			t, idx, cut = withHeaderBox(grids, k, t, idx, cut, segs, used, em, fr)
		}
		g = cut
		if t == nil {
			continue
		}
		if top, ok := headingsOver(g, t, segs, used, em); ok {
			idx = append(idx, top...)
			g.Box.Y0 = min(g.Box.Y0, segs[top[0]].b.Y0)
		}
		if rows, box := stripedRows(g, t, segs, used, em); len(rows) > 0 {
			idx, g.Box = append(idx, rows...), box
		}
		for _, i := range idx {
			used[i] = true
		}
		for i := range t.Cells {
			t.Cells[i].BBox = fr.unbox(t.Cells[i].BBox)
		}
		*nextLine++
		placeholders = append(placeholders, &seg{
			b: g.Box, size: em, line: -*nextLine, fr: fr,
			table: &core.Block{Kind: core.KindTable, BBox: fr.unbox(g.Box), Table: t},
		})
	}
	if len(placeholders) == 0 {
		return segs
	}
	out := make([]*seg, 0, len(segs))
	for i, s := range segs {
		if !used[i] {
			out = append(out, s)
		}
	}
	return append(out, placeholders...)
}

// proseColumns reports whether table t, read from the segments idx of
// segs inside the grid g, is columns of running text in a frame rather
// than a table: every column reads as prose (proseColumn), its lines run
// on from one to the next as sentences broken over lines do (runsOn),
// and no rule over most of the frame's height parts two of them, or one
// does but the columns' lines keep baselines of their own (offsetFlows).
// A report's footer box of two columns of small print (GAO's 'About GAO'
// beside its methods note) was a pipe table of seven rows whose cells
// cut sentences; a table's cells start their lines afresh, and a table
// ruled between its columns draws the rules and sets the lines of a row
// on one baseline.
func proseColumns(g tableformer.Grid, t *core.Table, segs []*seg, idx []int) bool {
	if t.Cols < 2 {
		return false
	}
	edges := tableEdges(t)
	cols := make([][]*seg, len(edges))
	for _, i := range idx {
		cx := (segs[i].b.X0 + segs[i].b.X1) / 2
		c, _ := coveredColumns(edges, core.BBox{X0: cx, X1: cx})
		cols[max(c, 0)] = append(cols[max(c, 0)], segs[i])
	}
	for _, c := range cols {
		if len(c) == 0 || !proseColumn(c) {
			return false
		}
	}
	return runsOn(cols) && (!ruledApart(g, cols) || offsetFlows(cols))
}

// Two columns of text whose lines face each other are rows of a table
// when they share baselines: a row's cells are set on one, and a line
// within maxRowSkew ems of its neighbour's is on it (rounding, a
// superscript). Lines further apart than minFacing ems do not face each
// other at all (a definition's second line beside no term).
const (
	maxRowSkew = 0.15
	minFacing  = 0.8
)

// offsetFlows reports whether the facing lines of neighbouring columns
// (cols, left to right) mostly keep baselines of their own: two boxes of
// prose side by side, each set from its own top, whose line pitch puts
// one box's lines between the other's. A charity's back page set two
// notices ('If you need information in a language other than English',
// 'If you are deaf, or have a hearing or speech impairment') in one
// ruled frame, their lines 0.39 em apart; read as a table of a row a
// line, each row joined the halves of two sentences.
func offsetFlows(cols [][]*seg) bool {
	facing, skewed := 0, 0
	for k := 1; k < len(cols); k++ {
		for _, s := range cols[k] {
			d := math.Inf(1)
			for _, p := range cols[k-1] {
				d = min(d, math.Abs(p.base-s.base))
			}
			em := max(s.size, 1)
			if d >= minFacing*em {
				continue
			}
			facing++
			if d > maxRowSkew*em {
				skewed++
			}
		}
	}
	return facing > 0 && 2*skewed > facing
}

// ruledApart reports whether a rule of g over most of its height stands
// in the gap between two neighbouring columns' text.
func ruledApart(g tableformer.Grid, cols [][]*seg) bool {
	for k := 1; k < len(cols); k++ {
		gap0, gap1 := math.Inf(-1), math.Inf(1)
		for _, s := range cols[k-1] {
			gap0 = max(gap0, s.b.X1)
		}
		for _, s := range cols[k] {
			gap1 = min(gap1, s.b.X0)
		}
		for _, v := range g.V {
			if v.Pos >= gap0-edgeSlack && v.Pos <= gap1+edgeSlack && v.Hi-v.Lo > g.Box.Height()/2 {
				return true
			}
		}
	}
	return false
}

// withHeaderBox is the table of grids[k] (t, read from the segments idx
// and the grid cut) joined with a header ruled in a box of its own just
// over it: a grid as wide, within headerGap ems above it, that frames no
// table alone (a box of column titles is one row). A sentencing table
// boxed its titles ('COMAR#', 'Offense Literal', 'CJIS Code' ...) apart
// from its body; they read as headings over the table. The joined grid
// is kept when it reads as a table of more rows and as many columns.
func withHeaderBox(grids []tableformer.Grid, k int, t *core.Table, idx []int, cut tableformer.Grid, segs []*seg, used []bool, em float64, fr frame) (*core.Table, []int, tableformer.Grid) {
	g := grids[k]
	for j, h := range grids {
		if j == k || math.Abs(h.Box.X0-g.Box.X0) > edgeSlack || math.Abs(h.Box.X1-g.Box.X1) > edgeSlack ||
			h.Box.Y1 > g.Box.Y0+edgeSlack || g.Box.Y0-h.Box.Y1 > headerGap*em {
			continue
		}
		if !oneBand(h) {
			continue
		}
		if ht, _, _ := latticeIn(h, segs, used, em, fr); ht != nil {
			continue
		}
		joined := tableformer.Grid{Box: h.Box.Union(g.Box), H: slices.Concat(h.H, g.H), V: slices.Concat(h.V, g.V)}
		if t2, idx2, cut2 := latticeIn(joined, segs, used, em, fr); t2 != nil && t2.Rows > t.Rows && t2.Cols >= t.Cols {
			return t2, idx2, cut2
		}
	}
	return t, idx, cut
}

// oneBand reports whether no rule of g runs across it inside its box: a
// box of column titles is one row. A box holding a heading's band over
// a paragraph's (an insurance document's 'Quali sono i rischi' over its
// answer, just over a table of complaints) is two, and its paragraph is
// no header: joined, its lines read as rows cut at the table's columns.
func oneBand(g tableformer.Grid) bool {
	for _, h := range g.H {
		if h.Pos > g.Box.Y0+edgeSlack && h.Pos < g.Box.Y1-edgeSlack {
			return false
		}
	}
	return true
}

// A header box: its sides within edgeSlack points of the table's, its
// foot within headerGap ems over the table's top.
const (
	edgeSlack = 2.0
	headerGap = 2.0
)

// latticeIn is the table the grid g frames from the unused segments
// inside it (tableformer.Lattice), those segments' indices, and the grid
// it was read from: g without the bands of prose over and under its rows
// (tableformer.TrimCaptions), which stay text. The table is nil when g
// frames none.
func latticeIn(g tableformer.Grid, segs []*seg, used []bool, em float64, fr frame) (*core.Table, []int, tableformer.Grid) {
	in, idx := segsIn(segs, used, g.Box)
	if len(in) < 2 {
		return nil, nil, g
	}
	words := framedWords(segWords(in), fr)
	if trimmed, ok := tableformer.TrimCaptions(g, words, em); ok {
		g = trimmed
		if in, idx = segsIn(segs, used, g.Box); len(in) < 2 {
			return nil, nil, g
		}
		words = framedWords(segWords(in), fr)
	}
	return typedLattice(g, in, words, em), idx, g
}

// typedLattice is the table grid g frames from the words of segments in:
// tableformer.Lattice, or where they are typed in a fixed-pitch font
// (minTypedShare of their glyphs) and LatticeFixedPitch finds more
// columns in it, and those of figures (typedFigures), that table. A
// typed report rules its column groups and sets the figures of a group's
// columns a single blank cell apart where the widest meet (ICDAR 2013's
// us-033: '1,087,948 1,022,490' under 'Male' and 'Female').
func typedLattice(g tableformer.Grid, in []*seg, words []core.Word, em float64) *core.Table {
	t := tableformer.Lattice(g, words, em)
	if monoShare(in) < minTypedShare {
		return t
	}
	tf := tableformer.LatticeFixedPitch(g, words, cellWidth(in))
	if tf == nil || !typedFigures(tf) || (t != nil && tf.Cols <= t.Cols) {
		return t
	}
	return tf
}

// headingsOver adds to t, as a header row over the others, a line of
// column headings set just over the top rule of its grid g: minHeadings
// segments or more on one line, their bottoms within an em of the rule,
// each centred over a run of the table's columns that no other one
// shares. A title at the table's left and a note of its unit at the
// right are two, and neither is centred over its columns. It returns
// the segments' indices. Years centred over pairs of columns
// ('2001' over 'Mill. u$s' and 'Part.'), each underlined, stood over the
// frame; read apart from the table, near the top of the page, they were
// taken for page numbers and left out.
func headingsOver(g tableformer.Grid, t *core.Table, segs []*seg, used []bool, em float64) ([]int, bool) {
	var line []int
	for i, s := range segs {
		cx := (s.b.X0 + s.b.X1) / 2
		if !used[i] && s.table == nil && cx > g.Box.X0 && cx < g.Box.X1 && s.b.Y1 <= g.Box.Y0+headingSlack && s.b.Y1 >= g.Box.Y0-em {
			line = append(line, i)
		}
	}
	if len(line) < minHeadings {
		return nil, false
	}
	slices.SortFunc(line, func(a, b int) int { return cmp.Compare(segs[a].b.X0, segs[b].b.X0) })
	edges := append(tableEdges(t), g.Box.X1)
	var cells []core.Cell
	next := 0 // the first column the next heading may cover
	for _, i := range line {
		s := segs[i]
		if s.b.Y0 >= segs[line[0]].b.Y1 || s.b.Y1 <= segs[line[0]].b.Y0 {
			return nil, false // not one line
		}
		first, last := coveredColumns(edges[:t.Cols], s.b)
		if first < next || last < first || !centredOver(s.b, edges[first], edges[last+1]) {
			return nil, false
		}
		next = last + 1
		cells = append(cells, core.Cell{Col: first, ColSpan: last - first + 1, Header: true, BBox: s.b, Text: s.text})
	}
	prependRow(t, cells...)
	return line, true
}

// prependRow adds cells (of row 0) to t as its first row, its other rows
// moved down one.
func prependRow(t *core.Table, cells ...core.Cell) {
	for i := range t.Cells {
		t.Cells[i].Row++
	}
	t.Rows++
	t.Cells = append(cells, t.Cells...)
}

// stripedRows adds to t the lines of cells just over and just under a
// table framed by shading: a table whose rows are shaded in turn (zebra
// stripes) draws nothing round an unshaded first or last row, and its
// frame (the stripes' sides, bridged by tableformer) ends at the stripe
// next to them. It returns the segments' indices and the frame's box
// grown to hold them.
func stripedRows(g tableformer.Grid, t *core.Table, segs []*seg, used []bool, em float64) ([]int, core.BBox) {
	if !g.Striped() {
		return nil, g.Box
	}
	box := g.Box
	var idx []int
	for _, above := range []bool{true, false} {
		line, ok := rowBeside(g, t, segs, used, em, above)
		if !ok {
			continue
		}
		idx = append(idx, line...)
		for _, i := range line {
			box = box.Union(segs[i].b)
		}
	}
	return idx, box
}

// rowBeside adds to t, as its first row (above) or its last, the line
// of segments that ends within an em over g's frame, or starts within an
// em under it: two segments at least, each over the cells of one column
// of its own (a header centred over a column of figures set right). It
// returns their indices.
func rowBeside(g tableformer.Grid, t *core.Table, segs []*seg, used []bool, em float64, above bool) ([]int, bool) {
	near := func(b core.BBox) bool {
		if above {
			return b.Y1 <= g.Box.Y0+headingSlack && b.Y1 >= g.Box.Y0-em
		}
		return b.Y0 >= g.Box.Y1-headingSlack && b.Y0 <= g.Box.Y1+em
	}
	var line []int
	for i, s := range segs {
		cx := (s.b.X0 + s.b.X1) / 2
		if !used[i] && s.table == nil && cx > g.Box.X0 && cx < g.Box.X1 && near(s.b) {
			line = append(line, i)
		}
	}
	if len(line) < 2 {
		return nil, false
	}
	slices.SortFunc(line, func(a, b int) int { return cmp.Compare(segs[a].b.X0, segs[b].b.X0) })
	spans := columnSpans(t)
	row := t.Rows
	if above {
		row = 0
	}
	var cells []core.Cell
	next := 0
	for _, i := range line {
		s := segs[i]
		if s.b.Y0 >= segs[line[0]].b.Y1 || s.b.Y1 <= segs[line[0]].b.Y0 || s.b.X1 > g.Box.X1 {
			return nil, false // not one line, or out of the frame
		}
		col := overColumn(spans, s.b)
		if col < next {
			return nil, false
		}
		next = col + 1
		cells = append(cells, core.Cell{Row: row, Col: col, BBox: s.b, Text: s.text})
	}
	if above {
		prependRow(t, cells...)
	} else {
		t.Cells = append(t.Cells, cells...)
		t.Rows++
	}
	return line, true
}

// columnSpans are the extents across of t's columns: from the least x to
// the greatest of the cells of each that span no other.
func columnSpans(t *core.Table) [][2]float64 {
	spans := make([][2]float64, t.Cols)
	for c := range spans {
		spans[c] = [2]float64{math.Inf(1), math.Inf(-1)}
	}
	for _, c := range t.Cells {
		if c.Col >= 0 && c.Col < t.Cols && c.ColSpan <= 1 && !c.BBox.Empty() {
			spans[c.Col] = [2]float64{min(spans[c.Col][0], c.BBox.X0), max(spans[c.Col][1], c.BBox.X1)}
		}
	}
	return spans
}

// overColumn is the one column of spans that box b overlaps across, or
// -1 where it overlaps none or several.
func overColumn(spans [][2]float64, b core.BBox) int {
	col := -1
	for c, s := range spans {
		if b.X0 < s[1] && b.X1 > s[0] {
			if col >= 0 {
				return -1
			}
			col = c
		}
	}
	return col
}

// minHeadings is the fewest headings of a line over a table's columns.
const minHeadings = 3

// maxOffCentre is how far, as a share of the columns' width, a heading's
// centre may stand from the middle of the columns it covers.
const maxOffCentre = 0.25

// centredOver reports whether box b is centred over x0..x1.
func centredOver(b core.BBox, x0, x1 float64) bool {
	return math.Abs((b.X0+b.X1)/2-(x0+x1)/2) <= maxOffCentre*(x1-x0)
}

// headingSlack is the room, in points, a line of headings over a table's
// top rule is allowed: its descenders may touch the rule.
const headingSlack = 1.0

// coveredColumns are the first and last of the columns (by their left
// edges, sorted) that a heading's box b covers: the one its left end
// stands in, and each whose left edge it reaches past.
func coveredColumns(edges []float64, b core.BBox) (first, last int) {
	first, last = -1, -1
	for c, x := range edges {
		if x <= b.X0 {
			first = c
		}
		if x < b.X1 {
			last = c
		}
	}
	return first, last
}

// tableEdges are the left edges of a table's columns: the least x of
// the cells that start in each.
func tableEdges(t *core.Table) []float64 {
	edges := make([]float64, t.Cols)
	for c := range edges {
		edges[c] = math.Inf(1)
	}
	for _, c := range t.Cells {
		if c.Col >= 0 && c.Col < t.Cols && !c.BBox.Empty() {
			edges[c.Col] = min(edges[c.Col], c.BBox.X0)
		}
	}
	return edges
}

// framedWords is words with their boxes turned into the frame fr.
func framedWords(words []core.Word, fr frame) []core.Word {
	if fr == 0 {
		return words
	}
	for i := range words {
		words[i].BBox = fr.box(words[i].BBox)
	}
	return words
}

// segsIn lists the unused segments whose centres lie inside box, and
// their indices.
func segsIn(segs []*seg, used []bool, box core.BBox) ([]*seg, []int) {
	var in []*seg
	var idx []int
	for i, s := range segs {
		if used[i] {
			continue
		}
		cx, cy := (s.b.X0+s.b.X1)/2, (s.b.Y0+s.b.Y1)/2
		if cx > box.X0 && cx < box.X1 && cy > box.Y0 && cy < box.Y1 {
			in = append(in, s)
			idx = append(idx, i)
		}
	}
	return in, idx
}

// textTable builds a table from a group of segments whose columns line up
// (a borderless table), in their axis frame: a table printed sideways
// reads by its own rows. Lines at the top and bottom that cross the
// columns (a caption, the end of a paragraph) are left out and returned
// to be read before and after the table. tb is nil when the group does
// not make a table; its cells' boxes and its own are the page's, box is
// the table's in the frame.
func textTable(group []*seg, em float64, rules []edge) (tb *core.Block, box core.BBox, before, after []*seg) {
	fr := group[0].fr
	t, box := tableformer.Stream(framedWords(segWords(group), fr), em)
	if t == nil {
		return nil, box, nil, nil
	}
	top, ok := ruledRowsTop(t, box, rules)
	if !ok {
		top, ok = captionOverRule(t, box, rules)
	}
	if ok {
		lead, rest := partSegs(group, func(s *seg) bool { return (s.b.Y0+s.b.Y1)/2 < top })
		if t2, box2 := tableformer.Stream(framedWords(segWords(rest), fr), em); t2 != nil {
			t, box, group = t2, box2, rest
			before = lead
		}
	}
	if lead, rest, ok := captionRow(group, t); ok && dropFirstRow(t, &box) {
		group, before = rest, append(before, lead...)
	}
	var notes []*seg
	if end, ok := notesUnderRule(t, box, rules); ok {
		rest, tail := partSegs(group, func(s *seg) bool { return (s.b.Y0+s.b.Y1)/2 < end })
		if t2, box2 := tableformer.Stream(framedWords(segWords(rest), fr), em); t2 != nil {
			t, box, group, notes = t2, box2, rest, tail
		}
	}
	joinWrappedHeader(t, box, rules, em)
	spannedHeadings(t, box, rules, em)
	tableformer.SpanGroupHeadings(t)
	for i := range t.Cells {
		t.Cells[i].BBox = fr.unbox(t.Cells[i].BBox)
	}
	b, a := around(group, box)
	return &core.Block{Kind: core.KindTable, BBox: fr.unbox(box), Table: t}, box, append(before, b...), append(a, notes...)
}

// groupTable is a borderless table read from a group of the XY cut: its
// block, its box in the group's frame, and the lines read before and
// after it.
type groupTable struct {
	tb            *core.Block
	box           core.BBox
	before, after []*seg
}

// tableOf is the borderless table that the group slabs[i:j] (its segments
// group) makes where its columns are tabular, in an axis frame and not in
// vertical writing, and the end of the slabs it was read from: the whole
// group (textTable), or its first slabs (tableAtTop).
func tableOf(slabs [][]*seg, i, j int, group []*seg, tabular bool, em float64, rules []edge) (groupTable, int) {
	if !tabular || !group[0].fr.axis() || verticalWriting(group) {
		return groupTable{}, j
	}
	if tb, box, before, after := textTable(group, em, rules); tb != nil {
		return groupTable{tb, box, before, after}, j
	}
	if tb, box, before, after, k := tableAtTop(slabs, i, j, em, rules); tb != nil {
		return groupTable{tb, box, before, after}, k
	}
	return groupTable{}, j
}

// emitTable reads t's lines before it (xyCut, one level down), then the
// table, with the heading the layout read just before it where that is
// the heading over its groups (headingAbove), then its lines after it.
func emitTable(t groupTable, fr frame, em float64, depth int, out *[]*seg, rules []edge, facts *layoutFacts) {
	xyCut(t.before, em, depth+1, out, rules, facts)
	// t.box is in the group's frame, the heading's box upright.
	if n := len(*out); n > 0 && fr == 0 && headingAbove((*out)[n-1], t.tb.Table, t.tb.BBox, rules, em) {
		t.box = t.box.Union((*out)[n-1].b)
		t.tb.BBox = t.tb.BBox.Union((*out)[n-1].b)
		*out = (*out)[:n-1]
	}
	*out = append(*out, &seg{b: t.box, size: em, line: -1, fr: fr, table: t.tb})
	emitRows(t.after, out)
}

// minTableSlabs is the fewest slabs of a group that tableAtTop reads as
// a table: a borderless table's header and two rows.
const minTableSlabs = 3

// tableAtTop is the borderless table that a group's first slabs make
// when the whole group (slabs[i:j]) makes none, and their end k: the
// group less the most lines of one phrase at its foot that leaves a
// table (textTable), minTableSlabs slabs or more. Lines of one phrase
// under a table leave its gutters open (labels set flush left:
// 'Variance Analysis:', 'Critical Items: 1'), and grow its group, and a
// sparse table's rows, a few cells each, are no more tabular than they
// are: an inventory report's table took in the six lines under it, read
// as no table, and the XY cut then read its rows one at a time, and the
// rest in columns, the last rows' figures after the paragraph under the
// table. Only such lines are peeled: a group that is no table for rows
// of several phrases (a chart's labels) stays none.
func tableAtTop(slabs [][]*seg, i, j int, em float64, rules []edge) (tb *core.Block, box core.BBox, before, after []*seg, k int) {
	for k = j - 1; k-i >= minTableSlabs && len(slabs[k]) == 1; k-- {
		if tb, box, before, after = textTable(slices.Concat(slabs[i:k]...), em, rules); tb != nil {
			return tb, box, before, after, k
		}
	}
	return nil, core.BBox{}, nil, nil, j
}

// captionRow parts a borderless table's group when its first row is a
// caption: one cell alone, read from the group's first line, which opens
// with a numbered label ('Figure 1 This is a caption for Figure 1' over
// two columns of rows, narrower than the first). A caption names the
// table and holds none of its data; read as its first row it spanned
// the table. lead is the caption's segments, rest the table's. The
// table is read without the row, not again from rest: two rows under a
// caption are too few for a borderless table read afresh.
func captionRow(group []*seg, t *core.Table) (lead, rest []*seg, ok bool) {
	var first *core.Cell
	for i := range t.Cells {
		c := &t.Cells[i]
		if c.Row != 0 || strings.TrimSpace(c.Text) == "" {
			continue
		}
		if first != nil {
			return nil, nil, false
		}
		first = c
	}
	if first == nil || t.Rows < 3 {
		return nil, nil, false
	}
	top := group[0]
	for _, s := range group[1:] {
		if s.b.Y0 < top.b.Y0 {
			top = s
		}
	}
	if len(top.words) < minCaptionWords || !labelled(top.words) || !strings.HasPrefix(first.Text, top.words[0].Text) {
		return nil, nil, false
	}
	lead, rest = partSegs(group, func(s *seg) bool { return (s.b.Y0+s.b.Y1)/2 <= first.BBox.Y1 })
	return lead, rest, len(lead) > 0 && len(rest) > 0
}

// minCaptionWords is the fewest words of a caption: its label and a
// title ('Figure 1 Yield'); a form's 'Address 2:' over its field is a
// label alone, and a row.
const minCaptionWords = 3

// dropFirstRow takes a table's first row out of t, and its box out of
// box (the rows left, from the second row's top); false, and t as it
// was, where a cell of the first row spans rows.
func dropFirstRow(t *core.Table, box *core.BBox) bool {
	top := math.Inf(1)
	for _, c := range t.Cells {
		if c.Row == 0 && c.RowSpan > 1 {
			return false
		}
		if c.Row > 0 {
			top = min(top, c.BBox.Y0)
		}
	}
	if math.IsInf(top, 1) {
		return false
	}
	cells := t.Cells[:0]
	for _, c := range t.Cells {
		if c.Row > 0 {
			c.Row--
			cells = append(cells, c)
		}
	}
	t.Cells, t.Rows = cells, t.Rows-1
	box.Y0 = max(box.Y0, top)
	return true
}

// notesUnderRule is where a table ends when its last rule across it
// (rulesAcross) has under it rows of one cell each in its first column
// alone: notes set under the table's bottom rule ('Abbreviation: CI =
// confidence interval.', '*Per 100,000 U.S. standard population.' under
// an MMWR table, ICDAR 2013 US's us-025), which the columns' gutters
// took in as rows. A total row under the rule has figures in the other
// columns, and stays.
func notesUnderRule(t *core.Table, box core.BBox, rules []edge) (float64, bool) {
	ys := rulesAcross(rules, box)
	if len(ys) == 0 {
		return 0, false
	}
	last := slices.Max(ys)
	under := map[int]bool{}
	for _, c := range t.Cells {
		if c.BBox.Empty() || (c.BBox.Y0+c.BBox.Y1)/2 < last {
			continue
		}
		if c.Col != 0 && c.Text != "" {
			return 0, false
		}
		under[c.Row] = true
	}
	if len(under) == 0 || len(under) >= t.Rows-1 {
		return 0, false
	}
	return last, true
}

// minRowRules is the fewest rules across a table, between its rows, that
// make it a table ruled row by row.
const minRowRules = 2

// ruledRowsTop is where a table ruled between its rows starts: the top
// of its last row over its first rule (its header), when more rows stand
// over that rule, further from the header than the table's rows stand
// apart (apartRows). The lines over the header are no rows of it, but
// text that the columns' gutters ran into: an invoice's letterhead, two
// blocks side by side over the table of its items, or an address's last
// line. A rule is across the table where it spans acrossShare of its
// width.
func ruledRowsTop(t *core.Table, box core.BBox, rules []edge) (float64, bool) {
	ys := rulesAcross(rules, box)
	if len(ys) < minRowRules {
		return 0, false
	}
	first := slices.Min(ys)
	rowTop, rowBottom := rowExtents(t)
	head := -1 // the last row over the first rule: the header
	for r := range rowTop {
		if rowBottom[r] <= first {
			head = r
		}
	}
	if head < 1 || head+2 >= t.Rows {
		return 0, false
	}
	var gaps []float64
	for r := head; r+1 < t.Rows; r++ {
		gaps = append(gaps, rowTop[r+1]-rowBottom[r])
	}
	if rowTop[head]-rowBottom[head-1] <= apartRows*max(medianInPlace(gaps), 0) ||
		partlyRuled(rules, box, rowBottom[head-1], rowTop[head]) {
		return 0, false
	}
	return rowTop[head], true
}

// rowExtents are the top and bottom of each row of t, by its cells'
// boxes (+Inf and -Inf for a row without one).
func rowExtents(t *core.Table) (top, bottom []float64) {
	top, bottom = make([]float64, t.Rows), make([]float64, t.Rows)
	for r := range top {
		top[r], bottom[r] = math.Inf(1), math.Inf(-1)
	}
	for _, c := range t.Cells {
		if c.Row >= 0 && c.Row < t.Rows && !c.BBox.Empty() {
			top[c.Row], bottom[c.Row] = min(top[c.Row], c.BBox.Y0), max(bottom[c.Row], c.BBox.Y1)
		}
	}
	return top, bottom
}

// apartRows: the text over a table ruled row by row stands further from
// its header than its rows stand apart, by this factor. A table ruled
// only between groups of rows has its rows evenly spaced over its first
// rule as under it (pdf.js's issue14117, a medical record's form).
const apartRows = 1.5

// rulesAcross are the heights inside box of the horizontal rules that
// span acrossShare of its width (joinedRules: a rule drawn in pieces spans
// what its pieces together do).
func rulesAcross(rules []edge, box core.BBox) []float64 {
	var ys []float64
	for _, r := range joinedRules(rules, box.Y0, box.Y1) {
		if min(r.hi, box.X1)-max(r.lo, box.X0) >= acrossShare*box.Width() {
			ys = append(ys, r.pos)
		}
	}
	return ys
}

// around parts the segments of a group that a table left out: those whose
// centres lie above its box (a caption, a paragraph's end) and below it.
func around(group []*seg, box core.BBox) (before, after []*seg) {
	for _, s := range group {
		switch cy := (s.b.Y0 + s.b.Y1) / 2; {
		case cy < box.Y0:
			before = append(before, s)
		case cy > box.Y1:
			after = append(after, s)
		}
	}
	return before, after
}
