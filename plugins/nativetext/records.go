package nativetext

import (
	"math"
	"slices"
	"strings"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// Records: a table whose rows each carry a note under them, a few lines
// set across all the columns (an incident list's narrative under each
// incident's date, place, aircraft and injuries; a catalogue's description
// under each item's number and price). The notes cross the columns'
// gutters, so the XY cut never groups two rows: each row was read as its
// cells, one paragraph each, and the header stood alone. Such a run is
// read as one table, its notes as rows spanning every column, when it
// holds:
//   - at least minRecordRows rows of minRecordCells short segments or
//     more that share at least minRecordCells-1 inner gutters with the
//     first, recordGutter wide, and
//     as many cells that start or end where the first row's do (cells set
//     close together may run into one segment, so a row need not share
//     all of them; a justified line's words set wide apart line up with
//     nothing);
//   - at most maxRecordNotes note lines between two rows (a note of a few
//     sentences), under at least half of the rows, each a single segment
//     across one of the rows' gutters at least (lines of text columns
//     side by side are two segments);
//   - rows that tableformer.Stream reads as one table row each, in
//     minRecordCells columns or more.
//
// The notes after the last row are its note when they stand as close
// under it as the first note of the rows before stands under them.
const (
	minRecordRows  = 3
	minRecordCells = 3
	maxRecordNotes = 6
)

// readRecords reads into out the table of records that starts at
// slabs[i], or the line alone over one (its title) that does, and returns
// the number of slabs read: 0 when none starts there.
func readRecords(slabs [][]*seg, i int, rx0, rx1, em float64, out *[]*seg) int {
	if tb, n := records(slabs, i, rx0, rx1, em); tb != nil {
		*out = append(*out, &seg{b: tb.BBox, size: em, line: -1, table: tb})
		return n
	}
	if i+1 < len(slabs) && len(slabs[i]) == 1 {
		if tb, _ := records(slabs, i+1, rx0, rx1, em); tb != nil {
			emitRows(slabs[i], out)
			return 1
		}
	}
	return 0
}

// records finds a table of records starting at slabs[i]: its block and
// the number of slabs it holds, or nil.
func records(slabs [][]*seg, i int, rx0, rx1, em float64) (*core.Block, int) {
	if len(slabs[i]) < minRecordCells || slabs[i][0].fr != 0 {
		return nil, 0
	}
	rows, notes, end := recordRun(slabs, i, rx0, rx1, em)
	if len(rows) < minRecordRows || 2*noted(notes) < len(rows) {
		return nil, 0
	}
	var cells []*seg
	for _, r := range rows {
		cells = append(cells, slabs[r]...)
	}
	t, box := tableformer.Stream(segWords(cells), em)
	if t == nil || t.Rows != len(rows) || t.Cols < minRecordCells {
		return nil, 0
	}
	t, noteBox := withNotes(t, rows, notes, slabs)
	return &core.Block{Kind: core.KindTable, BBox: box.Union(noteBox), Table: t}, end - i
}

// recordRun collects from slabs[i] the rows (slabs of cells sharing
// gutters) and the note slabs under each, and the end of the run.
func recordRun(slabs [][]*seg, i int, rx0, rx1, em float64) (rows []int, notes map[int][]int, end int) {
	gut := gaps(slabs[i], rx0, rx1, em)
	rows, notes = []int{i}, map[int][]int{}
	k := i + 1
	for k < len(slabs) {
		n := k
		for n < len(slabs) && n-k < maxRecordNotes && !isRecordRow(slabs[n], slabs[i], gut, rx0, rx1, em) {
			if len(slabs[n]) != 1 || !crossesGutter(slabs[n][0], gut, rx0, rx1) {
				return rows, notes, k // not a note: lines of columns side by side
			}
			n++
		}
		if n == len(slabs) || !isRecordRow(slabs[n], slabs[i], gut, rx0, rx1, em) {
			break
		}
		last := rows[len(rows)-1]
		for j := k; j < n; j++ {
			notes[last] = append(notes[last], j)
		}
		rows = append(rows, n)
		k = n + 1
	}
	last := rows[len(rows)-1]
	end = k
	for j := k; j < len(slabs) && j-k < maxRecordNotes && closeNote(slabs, rows, notes, j, gut, rx0, rx1); j++ {
		notes[last] = append(notes[last], j)
		end = j + 1
	}
	return rows, notes, end
}

// isRecordRow reports whether slab is a row of short cells
// (maxRecordCellWords) sharing the first row's gutters gut, with cells
// that line up with the first row's (alignedCells).
func isRecordRow(slab, first []*seg, gut []span, rx0, rx1, em float64) bool {
	if len(slab) < minRecordCells {
		return false
	}
	for _, s := range slab {
		if len(s.words) > maxRecordCellWords {
			return false
		}
	}
	return wideGutters(intersect(gut, gaps(slab, rx0, rx1, em), em), rx0, rx1, em) >= minRecordCells-1 &&
		alignedCells(slab, first, em) >= minRecordCells-1
}

// recordGutter is the least width, in ems, of a gutter between a
// record's cells: columns of a table are set apart, where a listing of
// bytes or a justified line sets its words a space or two apart.
const recordGutter = 1.5

// wideGutters counts the inner gutters of g at least recordGutter wide.
func wideGutters(g []span, rx0, rx1, em float64) int {
	n := 0
	for _, x := range g {
		if x.inner(rx0, rx1) && x.b-x.a >= recordGutter*em {
			n++
		}
	}
	return n
}

// maxRecordCellWords is the most words of a record's cell: a date, a
// place, a name, a figure with its unit. A line of prose set wide apart
// has a run of a clause.
const maxRecordCellWords = 8

// crossesGutter reports whether s runs across one of the inner gutters
// gut.
func crossesGutter(s *seg, gut []span, rx0, rx1 float64) bool {
	for _, g := range gut {
		if g.inner(rx0, rx1) && s.b.X0 < g.a && s.b.X1 > g.b {
			return true
		}
	}
	return false
}

// cellAlign is how close, in ems, a cell's edge lies to an edge of the
// first row's cells for the two to share a column: a table's cells start
// (or end, for figures) where the column does; the words a justified
// line sets wide apart fall anywhere.
const cellAlign = 0.5

// alignedCells counts the segments of slab, after its first, whose left
// or right edge lies within cellAlign of a segment's of first.
func alignedCells(slab, first []*seg, em float64) int {
	n := 0
	for _, s := range slab[1:] {
		for _, f := range first {
			if math.Abs(s.b.X0-f.b.X0) <= cellAlign*em || math.Abs(s.b.X1-f.b.X1) <= cellAlign*em {
				n++
				break
			}
		}
	}
	return n
}

// closeNote reports whether slabs[j], after the last row's notes so far,
// is a note (one segment across a gutter of gut) that stands under the
// previous slab no further than the rows' first notes stand under their
// rows.
func closeNote(slabs [][]*seg, rows []int, notes map[int][]int, j int, gut []span, rx0, rx1 float64) bool {
	if len(slabs[j]) != 1 || !crossesGutter(slabs[j][0], gut, rx0, rx1) {
		return false
	}
	var gaps []float64
	for _, r := range rows[:len(rows)-1] {
		if ns := notes[r]; len(ns) > 0 {
			gaps = append(gaps, slabTop(slabs[ns[0]])-slabBottom(slabs[r]))
		}
	}
	if len(gaps) == 0 {
		return false
	}
	return slabTop(slabs[j])-slabBottom(slabs[j-1]) <= slices.Max(gaps)
}

// slabBottom is the bottom of a slab's segments (slabTop its top).
func slabBottom(slab []*seg) float64 {
	y := slab[0].b.Y1
	for _, s := range slab[1:] {
		y = max(y, s.b.Y1)
	}
	return y
}

// noted counts the rows with notes.
func noted(notes map[int][]int) int {
	n := 0
	for _, ns := range notes {
		if len(ns) > 0 {
			n++
		}
	}
	return n
}

// withNotes is t with a row spanning every column after each row that
// has notes, holding their text, and the box of all the notes.
func withNotes(t *core.Table, rows []int, notes map[int][]int, slabs [][]*seg) (*core.Table, core.BBox) {
	out := &core.Table{Cols: t.Cols}
	at := make([]int, t.Rows) // each row's index in out
	n := 0
	for r := range t.Rows {
		at[r] = n
		n++
		if len(notes[rows[r]]) > 0 {
			n++
		}
	}
	out.Rows = n
	var all core.BBox
	for _, c := range t.Cells {
		c.Row = at[c.Row]
		out.Cells = append(out.Cells, c)
	}
	for r := range t.Rows {
		ns := notes[rows[r]]
		if len(ns) == 0 {
			continue
		}
		var text []string
		box := slabs[ns[0]][0].b
		for _, j := range ns {
			for _, s := range slabs[j] {
				text = append(text, s.text)
				box = box.Union(s.b)
			}
		}
		out.Cells = append(out.Cells, core.Cell{Row: at[r] + 1, Col: 0, ColSpan: t.Cols, BBox: box, Text: strings.Join(text, " ")})
		all = all.Union(box)
	}
	return out, all
}
