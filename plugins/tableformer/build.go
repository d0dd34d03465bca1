package tableformer

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// Limits on what is a table.
const (
	// minFilledCells: a table has text in at least this many cells.
	minFilledCells = 2
	// maxCellWords: a "cell" with more words is a layout box (a column of
	// prose in a framed page), not a cell.
	maxCellWords = 400
	// minMultiRows: a table has at least this many rows with text in
	// more than one cell.
	minMultiRows = 2
	// maxSlots bounds the grid (rows × columns) on pathological pages.
	maxSlots = 20000
	// crossSlack: a word crosses a column boundary when it reaches more
	// than this many points past it on both sides (glyph boxes overhang
	// their advance a little).
	crossSlack = 1.0
)

// cut is how a table's box is divided: its column and row boundaries.
type cut struct {
	box        core.BBox
	cols, rows []bound
	// gutter is the narrowest gap between columns.
	gutter float64
}

// slot is the row and column of the slot holding a word's centre.
func (c *cut) slot(w word) (int, int) {
	return slotOf(c.rows, w.cy), slotOf(c.cols, w.cx)
}

// build assigns words to slots, merges slots into spanning cells and
// returns the table, or nil when the result is not a table: fewer than
// two rows or columns with text, too few cells with text, or a cell too
// big to be one.
func build(ws []word, c *cut) *core.Table {
	nr, nc := len(c.rows)+1, len(c.cols)+1
	if nr < 2 || nc < 2 || nr*nc > maxSlots {
		return nil
	}
	setStrong(c.cols, middles(c.rows, c.box.Y0, c.box.Y1))
	setStrong(c.rows, middles(c.cols, c.box.X0, c.box.X1))
	headerRules(c.rows)
	sets := newUnion(nr * nc)
	c.joinAcross(ws, sets)
	c.joinDown(ws, sets)
	t := c.cells(ws, sets)
	if t == nil || !mostlyFilled(t) {
		return nil
	}
	t = dropEmpty(t)
	if t.Rows < 2 || t.Cols < 2 || !enoughText(t) {
		return nil
	}
	mirrorRTL(t)
	markHeader(t)
	return t
}

// headerRules makes strong the drawn row rules above the first strong
// one: a rule under a group header (2016 over H1 and H2) covers only the
// group's columns, and the header cells beside it span both of its rows.
// Below the header a short rule (an underline over the figures before a
// total) separates rows and nothing more.
func headerRules(rows []bound) {
	first := len(rows)
	for i, b := range rows {
		if b.strong {
			first = i
			break
		}
	}
	if first == len(rows) {
		return
	}
	for i := range rows[:first] {
		rows[i].strong = rows[i].ruled() && !rows[i].fill
	}
}

// joinAcross joins the slots on both sides of a column boundary where it
// is not there: a word crosses it, or a strong rule has a piece missing
// and the text does not say otherwise (text on both sides with a gutter
// between: two cells whose border was not drawn, as in a header band
// painted in one colour over a ruled body).
func (c *cut) joinAcross(ws []word, sets *union) {
	nr, nc := len(c.rows)+1, len(c.cols)+1
	mids := middles(c.rows, c.box.Y0, c.box.Y1)
	for r := 0; r < nr; r++ {
		for k := 1; k < nc; k++ {
			b := c.cols[k-1]
			if b.strong && !b.covers(mids[r]) && !c.guttered(ws, r, k) {
				sets.join(r*nc+k-1, r*nc+k)
			}
		}
	}
	for _, w := range ws {
		r, _ := c.slot(w)
		for k := 1; k < nc; k++ {
			x := c.cols[k-1].pos
			if w.BBox.X0 < x-crossSlack && w.BBox.X1 > x+crossSlack {
				sets.join(r*nc+k-1, r*nc+k)
			}
		}
	}
}

// guttered reports whether row r has words in the slots on both sides
// of column boundary k with at least a gutter between them.
func (c *cut) guttered(ws []word, r, k int) bool {
	left, right := math.Inf(-1), math.Inf(1)
	for _, w := range ws {
		switch wr, wk := c.slot(w); {
		case wr != r:
		case wk == k-1:
			left = max(left, w.BBox.X1)
		case wk == k:
			right = min(right, w.BBox.X0)
		}
	}
	return !math.IsInf(left, 0) && !math.IsInf(right, 0) && right-left >= c.gutter
}

// joinDown joins the slots above and below a row boundary where a strong
// rule has a piece missing.
func (c *cut) joinDown(ws []word, sets *union) {
	nr, nc := len(c.rows)+1, len(c.cols)+1
	mids := middles(c.cols, c.box.X0, c.box.X1)
	for k := 0; k < nc; k++ {
		open := func(r int) bool { b := c.rows[r-1]; return b.strong && !b.covers(mids[k]) }
		for r := 1; r < nr; r++ {
			if !open(r) {
				continue
			}
			end := r // the run of open boundaries r..end joins slots r-1..end
			for end+1 < nr && open(end+1) {
				end++
			}
			if (k == 0 || k == nc-1) && c.lineARow(ws, k, r-1, end) {
				r = end
				continue
			}
			for ; r <= end; r++ {
				sets.join((r-1)*nc+k, r*nc+k)
			}
			r = end
		}
	}
}

// minLabelRows is the fewest rows whose labels, a line each, keep an
// edge column's slots apart where the row rules stop short of it
// (lineARow).
const minLabelRows = 4

// lineARow reports whether slots r0 to r1 of edge column k, which the
// row rules between them stop short of, hold one line of text each,
// minLabelRows of them or more: a statement's labels beside its ruled
// figures, a row each. OMB's indirect cost proposal (us-009) rules its
// figures' rows and stops short of 'Salaries (a)', 'Fringe Benefits
// (b)', ...: the labels read as one cell spanning the table. Where a
// label wraps, a slot holds two lines or one holds none, or a line goes
// on the sentence of the one over it in lower case, and the slots join
// as before: a label over two rows is one cell ('External / Memory'), a
// description beside four pins' names one paragraph ('FLAG0-3 are
// connected to the push buttons to supply / feedback for ...').
func (c *cut) lineARow(ws []word, k, r0, r1 int) bool {
	if r1-r0+1 < minLabelRows {
		return false
	}
	slots := make([][]word, r1-r0+1)
	for _, w := range ws {
		if r, wk := c.slot(w); wk == k && r >= r0 && r <= r1 {
			slots[r-r0] = append(slots[r-r0], w)
		}
	}
	for i, s := range slots {
		lines, _ := textLines(s)
		if len(lines) != 1 {
			return false
		}
		lead := slices.MinFunc(lines[0], func(a, b word) int { return cmp.Compare(a.BBox.X0, b.BBox.X0) })
		if r, _ := utf8.DecodeRuneInString(lead.Text); i > 0 && unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// extent is the slots a cell covers.
type extent struct{ r0, c0, r1, c1 int }

// cells makes one cell per set of joined slots, with the text of the
// words whose centres fall in it. It returns nil when a cell holds more
// than maxCellWords words.
func (c *cut) cells(ws []word, sets *union) *core.Table {
	nr, nc := len(c.rows)+1, len(c.cols)+1
	inCell := map[int][]word{}
	for _, w := range ws {
		r, k := c.slot(w)
		root := sets.find(r*nc + k)
		inCell[root] = append(inCell[root], w)
	}
	exts := map[int]*extent{}
	var roots []int
	for r := 0; r < nr; r++ {
		for k := 0; k < nc; k++ {
			root := sets.find(r*nc + k)
			e, ok := exts[root]
			if !ok {
				exts[root] = &extent{r, k, r, k}
				roots = append(roots, root)
				continue
			}
			e.r0, e.c0 = min(e.r0, r), min(e.c0, k)
			e.r1, e.c1 = max(e.r1, r), max(e.c1, k)
		}
	}
	sort.Ints(roots)
	t := &core.Table{Rows: nr, Cols: nc}
	for _, root := range roots {
		e, cw := exts[root], inCell[root]
		if len(cw) > maxCellWords {
			return nil
		}
		cell := core.Cell{Row: e.r0, Col: e.c0, Text: cellText(cw)}
		if e.r1 > e.r0 {
			cell.RowSpan = e.r1 - e.r0 + 1
		}
		if e.c1 > e.c0 {
			cell.ColSpan = e.c1 - e.c0 + 1
		}
		for _, w := range cw {
			cell.BBox = cell.BBox.Union(w.BBox)
		}
		t.Cells = append(t.Cells, cell)
	}
	return t
}

// mostlyFilled reports whether at least half of the cells have text:
// a grid of mostly empty cells is a chart's plot area or a form.
func mostlyFilled(t *core.Table) bool {
	filled := 0
	for _, c := range t.Cells {
		if c.Text != "" {
			filled++
		}
	}
	return 2*filled >= len(t.Cells)
}

// enoughText reports whether a table has text in at least minFilledCells
// cells and in at least half of them, and whether at least half of its
// rows have text in more than one cell. Mostly empty cells are a form or
// a page layout; rows of one cell are a chart's axis labels beside its
// gridlines, or a list.
func enoughText(t *core.Table) bool {
	filled := 0
	perRow := make([]int, t.Rows)
	for _, c := range t.Cells {
		if c.Text != "" {
			filled++
			perRow[c.Row]++
		}
	}
	multi := 0
	for _, n := range perRow {
		if n > 1 {
			multi++
		}
	}
	return filled >= minFilledCells && 2*filled >= len(t.Cells) && multi >= minMultiRows && 2*multi >= t.Rows
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
	rmap, nr := renumber(rowUsed)
	cmap, nc := renumber(colUsed)
	if nr == t.Rows && nc == t.Cols {
		return t
	}
	out := &core.Table{Rows: nr, Cols: nc, Continues: t.Continues}
	for _, c := range t.Cells {
		if !rowUsed[c.Row] || !colUsed[c.Col] {
			continue
		}
		rs := countUsed(rowUsed, c.Row, c.Row+max(c.RowSpan, 1))
		cs := countUsed(colUsed, c.Col, c.Col+max(c.ColSpan, 1))
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

// renumber maps used indices to consecutive ones.
func renumber(used []bool) ([]int, int) {
	m := make([]int, len(used))
	n := 0
	for i, u := range used {
		m[i] = n
		if u {
			n++
		}
	}
	return m, n
}

// countUsed counts the used indices in [lo, hi).
func countUsed(used []bool, lo, hi int) int {
	n := 0
	for i := lo; i < hi && i < len(used); i++ {
		if used[i] {
			n++
		}
	}
	return n
}

// union is a disjoint-set forest whose roots are the smallest members.
type union struct{ parent []int }

func newUnion(n int) *union {
	u := &union{parent: make([]int, n)}
	for i := range u.parent {
		u.parent[i] = i
	}
	return u
}

func (u *union) find(i int) int {
	for u.parent[i] != i {
		u.parent[i] = u.parent[u.parent[i]]
		i = u.parent[i]
	}
	return i
}

func (u *union) join(a, b int) {
	a, b = u.find(a), u.find(b)
	switch {
	case a < b:
		u.parent[b] = a
	case b < a:
		u.parent[a] = b
	}
}

// Plausible reports whether a table built by another reader (OCR's own
// layout) holds enough text to be one, by the same rule as the tables
// built here: text in at least minFilledCells cells and in half of them,
// and half of its rows with text in more than one cell. An OCR of a chart
// gives grids of mostly empty cells around axis labels and legends.
func Plausible(t *core.Table) bool {
	if t == nil || t.Rows <= 0 || t.Cols <= 0 {
		return false
	}
	c := *t
	c.Cells = withEmptySlots(t)
	return enoughText(dropEmpty(&c))
}

// withEmptySlots is t's cells with an empty cell in every slot no cell
// covers: readers that store only the cells holding text leave them out.
func withEmptySlots(t *core.Table) []core.Cell {
	covered := make([]bool, t.Rows*t.Cols)
	for _, c := range t.Cells {
		for r := c.Row; r < min(t.Rows, c.Row+max(c.RowSpan, 1)); r++ {
			for k := c.Col; k < min(t.Cols, c.Col+max(c.ColSpan, 1)); k++ {
				if r >= 0 && k >= 0 {
					covered[r*t.Cols+k] = true
				}
			}
		}
	}
	out := slices.Clone(t.Cells)
	for i, ok := range covered {
		if !ok {
			out = append(out, core.Cell{Row: i / t.Cols, Col: i % t.Cols})
		}
	}
	return out
}
