package nativetext

import (
	"math"
	"sort"
	"strings"

	"github.com/assay-pdf/assay/core"
)

// Table tuning, in points.
const (
	edgeTol      = 2.0 // edges this close are the same line; ends this close touch
	minCellWords = 2   // a table holds at least this many non-empty cells
	maxCellWords = 400 // a "cell" with more words is a layout box, not a cell
)

// mergeEdges joins collinear edges that overlap or touch, per orientation.
func mergeEdges(es []edge, horiz bool) []edge {
	var sel []edge
	for _, e := range es {
		if e.horiz == horiz {
			sel = append(sel, e)
		}
	}
	sort.Slice(sel, func(i, j int) bool {
		if math.Abs(sel[i].pos-sel[j].pos) > 0.01 {
			return sel[i].pos < sel[j].pos
		}
		return sel[i].lo < sel[j].lo
	})
	// Group by position, then merge extents within each group.
	var out []edge
	for i := 0; i < len(sel); {
		j := i + 1
		for j < len(sel) && sel[j].pos-sel[j-1].pos <= edgeTol/2 {
			j++
		}
		grp := append([]edge(nil), sel[i:j]...)
		pos := 0.0
		for _, e := range grp {
			pos += e.pos
		}
		pos /= float64(len(grp))
		sort.Slice(grp, func(a, b int) bool { return grp[a].lo < grp[b].lo })
		cur := grp[0]
		cur.pos = pos
		for _, e := range grp[1:] {
			if e.lo <= cur.hi+edgeTol {
				cur.hi = math.Max(cur.hi, e.hi)
				continue
			}
			out = append(out, cur)
			cur = e
			cur.pos = pos
		}
		out = append(out, cur)
		i = j
	}
	return out
}

// grid is a region of the page framed by ruling edges.
type grid struct {
	box    core.BBox
	hs, vs []edge
}

// findGrids groups crossing horizontal and vertical edges into connected
// components; each with at least two of each becomes a candidate grid.
func findGrids(edges []edge) []grid {
	if len(edges) < 4 {
		return nil
	}
	hs := mergeEdges(edges, true)
	vs := mergeEdges(edges, false)
	if len(hs) < 2 || len(vs) < 2 || len(hs)*len(vs) > 4_000_000 {
		return nil
	}
	parent := make([]int, len(hs)+len(vs))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i, h := range hs {
		for j, v := range vs {
			if v.pos >= h.lo-edgeTol && v.pos <= h.hi+edgeTol && h.pos >= v.lo-edgeTol && h.pos <= v.hi+edgeTol {
				a, b := find(i), find(len(hs)+j)
				if a != b {
					parent[a] = b
				}
			}
		}
	}
	comps := map[int]*grid{}
	var order []int
	get := func(r int) *grid {
		g, ok := comps[r]
		if !ok {
			g = &grid{box: core.BBox{X0: math.Inf(1), Y0: math.Inf(1), X1: math.Inf(-1), Y1: math.Inf(-1)}}
			comps[r] = g
			order = append(order, r)
		}
		return g
	}
	for i, h := range hs {
		g := get(find(i))
		g.hs = append(g.hs, h)
		g.box.X0, g.box.X1 = math.Min(g.box.X0, h.lo), math.Max(g.box.X1, h.hi)
		g.box.Y0, g.box.Y1 = math.Min(g.box.Y0, h.pos), math.Max(g.box.Y1, h.pos)
	}
	for j, v := range vs {
		g := get(find(len(hs) + j))
		g.vs = append(g.vs, v)
		g.box.Y0, g.box.Y1 = math.Min(g.box.Y0, v.lo), math.Max(g.box.Y1, v.hi)
		g.box.X0, g.box.X1 = math.Min(g.box.X0, v.pos), math.Max(g.box.X1, v.pos)
	}
	var out []grid
	for _, r := range order {
		g := comps[r]
		if len(g.hs) >= 2 && len(g.vs) >= 2 && g.box.X1-g.box.X0 > 20 && g.box.Y1-g.box.Y0 > 8 {
			out = append(out, *g)
		}
	}
	return out
}

// positions clusters edge positions (within edgeTol) into sorted
// boundaries.
func positions(es []edge) []float64 {
	p := make([]float64, 0, len(es))
	for _, e := range es {
		p = append(p, e.pos)
	}
	sort.Float64s(p)
	var out []float64
	for _, x := range p {
		if len(out) > 0 && x-out[len(out)-1] <= edgeTol {
			continue
		}
		out = append(out, x)
	}
	return out
}

// covered reports whether some edge at pos (±edgeTol) covers t.
func covered(es []edge, pos, t float64) bool {
	for _, e := range es {
		if math.Abs(e.pos-pos) <= edgeTol && t >= e.lo-edgeTol && t <= e.hi+edgeTol {
			return true
		}
	}
	return false
}

type tword struct {
	w  core.Word
	cx float64
	cy float64
}

// textRowBounds splits words into rows by their vertical extent: a new
// row starts where no word of the rows above reaches down. It returns
// the boundaries between rows (inner only).
func textRowBounds(ws []tword) []float64 {
	s := append([]tword(nil), ws...)
	sort.Slice(s, func(i, j int) bool { return s[i].w.BBox.Y0 < s[j].w.BBox.Y0 })
	var bounds []float64
	bottom := math.Inf(-1)
	for i, w := range s {
		h := w.w.BBox.Y1 - w.w.BBox.Y0
		if i > 0 && w.w.BBox.Y0 > bottom-0.3*h {
			bounds = append(bounds, (w.w.BBox.Y0+bottom)/2)
			bottom = math.Inf(-1)
		}
		bottom = math.Max(bottom, w.w.BBox.Y1)
	}
	return bounds
}

// textColBounds finds column gutters: x ranges inside [x0,x1] that the
// words of at most a small share of rows cover. It returns the inner
// boundaries (gutter middles).
func textColBounds(ws []tword, rows []float64, x0, x1, em float64) []float64 {
	if x1-x0 <= 0 || x1-x0 > 5000 {
		return nil
	}
	const step = 0.5
	n := int((x1-x0)/step) + 1
	cover := make([]int, n)
	nrows := len(rows) + 1
	// Count, per x bin, the rows with a word there.
	seen := make([]int, n)
	for i := range seen {
		seen[i] = -1
	}
	rowOf := func(y float64) int { return sort.SearchFloat64s(rows, y) }
	sort.Slice(ws, func(i, j int) bool { return rowOf(ws[i].cy) < rowOf(ws[j].cy) })
	for _, w := range ws {
		r := rowOf(w.cy)
		a := int((w.w.BBox.X0 - x0) / step)
		b := int((w.w.BBox.X1 - x0) / step)
		for k := max(a, 0); k <= b && k < n; k++ {
			if seen[k] != r {
				seen[k] = r
				cover[k]++
			}
		}
	}
	limit := nrows / 8
	var bounds []float64
	minW := math.Max(0.8*em, 4)
	start := -1
	touchedText := false
	for k := 0; k <= n; k++ {
		free := k < n && cover[k] <= limit
		if free && start < 0 {
			start = k
		}
		if !free && start >= 0 {
			a, b := x0+float64(start)*step, x0+float64(k)*step
			if touchedText && k < n && b-a >= minW {
				bounds = append(bounds, (a+b)/2)
			}
			start = -1
		}
		if k < n && cover[k] > 0 {
			touchedText = true
		}
	}
	return bounds
}

// tableSpec says how to cut a region into slots.
type tableSpec struct {
	box        core.BBox
	colB, rowB []float64 // inner boundaries
	vs, hs     []edge    // rules deciding spans; nil: spans from text
	ruledCols  bool
	ruledRows  bool
}

// buildTable assigns words to slots, merges slots into spanning cells and
// returns the table, or nil when the result does not look like a table.
func buildTable(ws []tword, sp tableSpec) *core.Table {
	nr, nc := len(sp.rowB)+1, len(sp.colB)+1
	if nr < 2 || nc < 2 || nr*nc > 20000 {
		return nil
	}
	slot := func(w tword) (int, int) {
		return sort.SearchFloat64s(sp.rowB, w.cy), sort.SearchFloat64s(sp.colB, w.cx)
	}
	// open[r][c]: the boundary left of column c (c ≥ 1) in row r is not
	// there; down[r][c]: the boundary above row r (r ≥ 1) in column c is
	// not there.
	open := make([][]bool, nr)
	down := make([][]bool, nr)
	rowMid := func(r int) float64 {
		lo, hi := sp.box.Y0, sp.box.Y1
		if r > 0 {
			lo = sp.rowB[r-1]
		}
		if r < nr-1 {
			hi = sp.rowB[r]
		}
		return (lo + hi) / 2
	}
	colMid := func(c int) float64 {
		lo, hi := sp.box.X0, sp.box.X1
		if c > 0 {
			lo = sp.colB[c-1]
		}
		if c < nc-1 {
			hi = sp.colB[c]
		}
		return (lo + hi) / 2
	}
	for r := range open {
		open[r] = make([]bool, nc)
		down[r] = make([]bool, nc)
		for c := 1; c < nc; c++ {
			if sp.ruledCols {
				open[r][c] = !covered(sp.vs, sp.colB[c-1], rowMid(r))
			}
		}
		if r > 0 && sp.ruledRows {
			for c := 0; c < nc; c++ {
				down[r][c] = !covered(sp.hs, sp.rowB[r-1], colMid(c))
			}
		}
	}
	if !sp.ruledCols {
		// A word crossing a column boundary joins the slots on both sides.
		for _, w := range ws {
			r, _ := slot(w)
			for c := 1; c < nc; c++ {
				x := sp.colB[c-1]
				if w.w.BBox.X0 < x-1 && w.w.BBox.X1 > x+1 {
					open[r][c] = true
				}
			}
		}
	}
	// Union slots.
	parent := make([]int, nr*nc)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	union := func(a, b int) {
		a, b = find(a), find(b)
		if a != b {
			if a < b {
				parent[b] = a
			} else {
				parent[a] = b
			}
		}
	}
	for r := 0; r < nr; r++ {
		for c := 0; c < nc; c++ {
			if c > 0 && open[r][c] {
				union(r*nc+c-1, r*nc+c)
			}
			if r > 0 && down[r][c] {
				union((r-1)*nc+c, r*nc+c)
			}
		}
	}
	cellWords := map[int][]tword{}
	for _, w := range ws {
		r, c := slot(w)
		k := find(r*nc + c)
		cellWords[k] = append(cellWords[k], w)
	}
	type ext struct{ r0, c0, r1, c1 int }
	exts := map[int]*ext{}
	for r := 0; r < nr; r++ {
		for c := 0; c < nc; c++ {
			k := find(r*nc + c)
			e, ok := exts[k]
			if !ok {
				exts[k] = &ext{r, c, r, c}
				continue
			}
			e.r0, e.c0 = min(e.r0, r), min(e.c0, c)
			e.r1, e.c1 = max(e.r1, r), max(e.c1, c)
		}
	}
	t := &core.Table{Rows: nr, Cols: nc}
	nonEmpty := 0
	keys := make([]int, 0, len(exts))
	for k := range exts {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		e := exts[k]
		cw := cellWords[k]
		if len(cw) > maxCellWords {
			return nil
		}
		text := cellText(cw)
		if text != "" {
			nonEmpty++
		}
		cell := core.Cell{Row: e.r0, Col: e.c0, Text: text, Header: e.r0 == 0}
		if e.r1 > e.r0 {
			cell.RowSpan = e.r1 - e.r0 + 1
		}
		if e.c1 > e.c0 {
			cell.ColSpan = e.c1 - e.c0 + 1
		}
		for _, w := range cw {
			cell.BBox = cell.BBox.Union(w.w.BBox)
		}
		t.Cells = append(t.Cells, cell)
	}
	// Mostly empty cells: a form or a page layout, not a table.
	if nonEmpty < minCellWords || 2*nonEmpty < len(t.Cells) {
		return nil
	}
	// Every row and every column must hold some text; drop empty ones.
	t = dropEmpty(t)
	if t.Rows < 2 || t.Cols < 2 {
		return nil
	}
	mirrorRTL(t)
	return t
}

// mirrorRTL puts the columns of a right-to-left table in logical order:
// the rightmost column first.
func mirrorRTL(t *core.Table) {
	rtl, ltr := 0, 0
	for _, c := range t.Cells {
		switch {
		case strings.IndexFunc(c.Text, isRTL) >= 0:
			rtl++
		case strings.IndexFunc(c.Text, strongLTR) >= 0:
			ltr++
		}
	}
	if rtl <= ltr {
		return
	}
	for i := range t.Cells {
		c := &t.Cells[i]
		c.Col = t.Cols - (c.Col + max(c.ColSpan, 1))
	}
	sort.SliceStable(t.Cells, func(i, j int) bool {
		if t.Cells[i].Row != t.Cells[j].Row {
			return t.Cells[i].Row < t.Cells[j].Row
		}
		return t.Cells[i].Col < t.Cells[j].Col
	})
}

// dropEmpty removes rows and columns in which no cell starts with text.
func dropEmpty(t *core.Table) *core.Table {
	rowUsed := make([]bool, t.Rows)
	colUsed := make([]bool, t.Cols)
	for _, c := range t.Cells {
		if c.Text != "" {
			rowUsed[c.Row] = true
			colUsed[c.Col] = true
		}
	}
	rmap := make([]int, t.Rows)
	cmap := make([]int, t.Cols)
	nr, nc := 0, 0
	for i, u := range rowUsed {
		rmap[i] = nr
		if u {
			nr++
		}
	}
	for i, u := range colUsed {
		cmap[i] = nc
		if u {
			nc++
		}
	}
	if nr == t.Rows && nc == t.Cols {
		return t
	}
	out := &core.Table{Rows: nr, Cols: nc}
	for _, c := range t.Cells {
		if !rowUsed[c.Row] || !colUsed[c.Col] {
			continue
		}
		r1, c1 := c.Row+max(c.RowSpan, 1)-1, c.Col+max(c.ColSpan, 1)-1
		rs, cs := 0, 0
		for r := c.Row; r <= r1 && r < len(rowUsed); r++ {
			if rowUsed[r] {
				rs++
			}
		}
		for k := c.Col; k <= c1 && k < len(colUsed); k++ {
			if colUsed[k] {
				cs++
			}
		}
		c.Row, c.Col = rmap[c.Row], cmap[c.Col]
		c.RowSpan, c.ColSpan = 0, 0
		if rs > 1 {
			c.RowSpan = rs
		}
		if cs > 1 {
			c.ColSpan = cs
		}
		out.Cells = append(out.Cells, c)
	}
	return out
}

// cellText joins a cell's words line by line.
func cellText(ws []tword) string {
	if len(ws) == 0 {
		return ""
	}
	s := append([]tword(nil), ws...)
	sort.SliceStable(s, func(i, j int) bool { return s[i].cy < s[j].cy })
	var lines [][]tword
	for i := 0; i < len(s); {
		j := i + 1
		h := math.Max(1, s[i].w.BBox.Y1-s[i].w.BBox.Y0)
		for j < len(s) && s[j].cy-s[i].cy < 0.5*h {
			j++
		}
		ln := s[i:j]
		sort.SliceStable(ln, func(a, b int) bool { return ln[a].w.BBox.X0 < ln[b].w.BBox.X0 })
		lines = append(lines, ln)
		i = j
	}
	var parts []string
	for _, ln := range lines {
		rtl := 0
		for _, w := range ln {
			if strings.IndexFunc(w.w.Text, isRTL) >= 0 {
				rtl++
			}
		}
		if rtl*2 > len(ln) {
			for a, b := 0, len(ln)-1; a < b; a, b = a+1, b-1 {
				ln[a], ln[b] = ln[b], ln[a]
			}
		}
		for _, w := range ln {
			parts = append(parts, w.w.Text)
		}
	}
	return joinCellParts(parts)
}

// joinCellParts joins words, mending a word hyphenated across cell lines.
func joinCellParts(parts []string) string {
	var sb strings.Builder
	for i, p := range parts {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(p)
	}
	return sb.String()
}

// segWords lists a segment's words with their centres.
func segWords(segs []*seg) []tword {
	var ws []tword
	for _, s := range segs {
		for _, w := range s.words {
			ws = append(ws, tword{w: w, cx: (w.BBox.X0 + w.BBox.X1) / 2, cy: (w.BBox.Y0 + w.BBox.Y1) / 2})
		}
	}
	return ws
}

// ruledTables finds tables framed by ruling lines among the segments of
// the main (horizontal) direction. It returns the segments left over and
// one placeholder segment per table, which the reading order places like
// any other segment.
func ruledTables(segs []*seg, edges []edge, em float64, nextLine *int) []*seg {
	grids := findGrids(edges)
	if len(grids) == 0 {
		return segs
	}
	used := make([]bool, len(segs))
	var placeholders []*seg
	for _, g := range grids {
		box := g.box
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
		if len(in) < 2 {
			continue
		}
		ws := segWords(in)
		sp := tableSpec{box: box, vs: g.vs, hs: g.hs}
		cols := inner(positions(g.vs), box.X0, box.X1)
		rows := inner(positions(g.hs), box.Y0, box.Y1)
		if len(cols) == 0 && len(rows) == 0 {
			continue // a frame around something: not a table
		}
		if len(rows) > 0 {
			sp.rowB, sp.ruledRows = rows, true
			// Rules far apart with several text lines between every pair
			// are row groups, not rows: keep them only when they split
			// text into rows that are mostly single cells.
		} else {
			sp.rowB = textRowBounds(ws)
		}
		if len(cols) > 0 {
			sp.colB, sp.ruledCols = cols, true
		} else {
			sp.colB = textColBounds(ws, sp.rowB, box.X0, box.X1, em)
		}
		t := buildTable(ws, sp)
		if t == nil {
			continue
		}
		for _, i := range idx {
			used[i] = true
		}
		*nextLine++
		placeholders = append(placeholders, &seg{
			b: box, size: em, line: -*nextLine,
			table: &core.Block{Kind: core.KindTable, BBox: box, Table: t},
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

// inner keeps the boundaries strictly inside (lo, hi).
func inner(p []float64, lo, hi float64) []float64 {
	var out []float64
	for _, x := range p {
		if x > lo+edgeTol && x < hi-edgeTol {
			out = append(out, x)
		}
	}
	return out
}

// textTable builds a table from a group of segments whose columns line up
// (a borderless table). Rows at the top and bottom that cross the
// columns (a caption, the end of a paragraph) are left out and returned
// to be read before and after the table. tb is nil when the group does
// not make a table.
func textTable(group []*seg, em float64) (tb *core.Block, before, after []*seg) {
	// Rows of segments by vertical overlap.
	s := append([]*seg(nil), group...)
	sort.SliceStable(s, func(i, j int) bool { return s[i].b.Y0 < s[j].b.Y0 })
	var rows [][]*seg
	bottom := math.Inf(-1)
	for _, x := range s {
		h := x.b.Y1 - x.b.Y0
		if len(rows) == 0 || x.b.Y0 > bottom-0.3*h {
			rows = append(rows, nil)
			bottom = math.Inf(-1)
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], x)
		bottom = math.Max(bottom, x.b.Y1)
	}
	if len(rows) < 3 {
		return nil, nil, nil
	}
	// Columns from the rows that have more than one segment.
	var multi []*seg
	nmulti := 0
	for _, r := range rows {
		if len(r) > 1 {
			multi = append(multi, r...)
			nmulti++
		}
	}
	if nmulti < 2 {
		return nil, nil, nil
	}
	box := segsBox(group)
	mw := segWords(multi)
	colB := textColBounds(mw, textRowBounds(mw), box.X0, box.X1, em)
	if len(colB) == 0 {
		return nil, nil, nil
	}
	crosses := func(r []*seg) bool {
		if len(r) > 1 {
			return false
		}
		for _, x := range r {
			for _, b := range colB {
				if x.b.X0 < b-1 && x.b.X1 > b+1 {
					return true
				}
			}
		}
		return false
	}
	lo, hi := 0, len(rows)
	for lo < hi && crosses(rows[lo]) {
		before = append(before, rows[lo]...)
		lo++
	}
	for hi > lo && crosses(rows[hi-1]) {
		after = append(rows[hi-1], after...)
		hi--
	}
	if hi-lo < 2 {
		return nil, nil, nil
	}
	var body []*seg
	for _, r := range rows[lo:hi] {
		body = append(body, r...)
	}
	ws := segWords(body)
	rb := textRowBounds(ws)
	box = segsBox(body)
	t := buildTable(ws, tableSpec{box: box, colB: colB, rowB: rb})
	if t == nil {
		return nil, nil, nil
	}
	return &core.Block{Kind: core.KindTable, BBox: box, Table: t}, before, after
}

func segsBox(segs []*seg) core.BBox {
	box := core.BBox{X0: math.Inf(1), Y0: math.Inf(1), X1: math.Inf(-1), Y1: math.Inf(-1)}
	for _, s := range segs {
		box.X0, box.X1 = math.Min(box.X0, s.b.X0), math.Max(box.X1, s.b.X1)
		box.Y0, box.Y1 = math.Min(box.Y0, s.b.Y0), math.Max(box.Y1, s.b.Y1)
	}
	return box
}
