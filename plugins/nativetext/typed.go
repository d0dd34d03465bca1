package nativetext

import (
	"math"
	"slices"
	"strings"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// Tables typed in a fixed-pitch font, as a typewriter or a plain-text
// report sets them, part their columns by as little as one blank cell
// where the widest figures meet. The layout takes a single space between
// fixed-pitch glyphs for a word space (monoWordGap), so such a table was
// one paragraph of figures (ICDAR 2013's us-034). Runs of fixed-pitch
// lines where the XY cut finds nothing are offered (once each) to
// tableformer.StreamFixedPitch, which finds the character columns blank on
// every line; what it returns is kept as a table when it has
// minFigureColumns columns or more of figures (typedFigures): a listing of
// code lines up its comments and its indents, not columns of figures. Two
// are enough: a key of age groups beside their proportions ('20-29
// 0.2650', ICDAR 2013's us-033) is a table of two columns of figures.
const (
	minTypedLines    = 4
	minFigureColumns = 2
	// maxTypedLeading: lines of one run are at most this many line
	// heights apart: a blank line between a header and the body is one, and
	// two or more part one table from the next.
	maxTypedLeading = 2.0
)

// minTypedShare is the share of a region's glyphs that must be set in
// fixed-pitch fonts for its runs of fixed-pitch lines to be offered as
// tables: a typed or plain-text report. In a page set in a proportional
// face, fixed-pitch lines are code and program output, read as code
// blocks.
const minTypedShare = 0.6

// typedTables looks for tables typed in a fixed-pitch font in one region
// of the XY cut: each run of fixed-pitch slabs is offered once, and the
// region's share of fixed-pitch glyphs is counted once.
type typedTables struct {
	tried int     // the slabs before this index were offered, or need not be
	share float64 // the region's share of fixed-pitch glyphs, once known
	known bool
}

// table looks for a table typed in a fixed-pitch font in the run of
// fixed-pitch slabs that starts at slabs[i], in a region (segs) set mostly
// in such fonts (minTypedShare), where the XY cut found neither columns
// nor a table. It emits the table, with the run's lines before and after
// it (a caption, a note) in reading order, and returns the number of
// slabs it read; 0 when there is no such table.
func (tt *typedTables) table(segs []*seg, slabs [][]*seg, i int, out *[]*seg) int {
	if i < tt.tried {
		return 0
	}
	n := typedRun(slabs, i)
	tt.tried = i + max(n, 1)
	if n < minTypedLines {
		return 0
	}
	if !tt.known {
		tt.share, tt.known = monoShare(segs), true
	}
	if tt.share < minTypedShare {
		return 0
	}
	group := slices.Concat(slabs[i : i+n]...)
	words := segWords(group)
	if !manyFigures(words) {
		return 0
	}
	t, box := tableformer.StreamFixedPitch(words, cellWidth(group))
	if t == nil || !typedFigures(t) {
		return 0
	}
	before, after := around(group, box)
	emitRows(before, out)
	*out = append(*out, &seg{b: box, size: group[0].size, line: -1, table: &core.Block{Kind: core.KindTable, BBox: box, Table: t}})
	emitRows(after, out)
	return n
}

// typedRun is the number of slabs from slabs[i] on that are set in
// fixed-pitch fonts of one size (fixedPitchSlabs), each at most
// maxTypedLeading line heights below the one before.
func typedRun(slabs [][]*seg, i int) int {
	n := 0
	for k := i; k < len(slabs); k++ {
		s0 := slabs[k][0]
		if !fixedPitchSlabs(slabs[k : k+1]) {
			break
		}
		if k > i {
			p := slabs[k-1][0]
			if math.Abs(s0.size-p.size) > 0.1*p.size || s0.base-p.base > maxTypedLeading*p.size {
				break
			}
		}
		n++
	}
	return n
}

// monoShare is the share of the segments' glyphs (not spaces) set in
// fixed-pitch fonts that show them (showsFixedPitch: not an OCR layer).
func monoShare(segs []*seg) float64 {
	all, mono := 0, 0
	for _, s := range segs {
		for _, f := range s.gl {
			if !f.g.space {
				all++
				if showsFixedPitch(f.g.flags) {
					mono++
				}
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(mono) / float64(all)
}

// cellWidth is the median width of the glyph cells of segments set in a
// fixed-pitch font.
func cellWidth(segs []*seg) float64 {
	var ws []float64
	for _, s := range segs {
		for _, f := range s.gl {
			if !f.g.space {
				ws = append(ws, f.b.X1-f.b.X0)
			}
		}
	}
	return median(ws)
}

// typedFigures reports whether a table found in fixed-pitch lines is a
// table of figures rather than code: minFigureColumns columns or more
// mostly figures, most of its cells figures (a listing's line numbers are
// one column), and hardly a cell with the punctuation of code (braces,
// semicolons, assignments: maxCodeCells).
func typedFigures(t *core.Table) bool {
	cols := make(map[int][2]int) // column: cells with text, figures
	cells, figures, code := 0, 0, 0
	for _, c := range t.Cells {
		if c.Text == "" {
			continue
		}
		cells++
		n := cols[c.Col]
		n[0]++
		if tableformer.IsFigure(c.Text) {
			figures++
			n[1]++
		}
		cols[c.Col] = n
		if strings.ContainsAny(c.Text, "{};=") {
			code++
		}
	}
	figureCols := 0
	for _, n := range cols {
		if 2*n[1] > n[0] {
			figureCols++
		}
	}
	return figureCols >= minFigureColumns && 2*figures >= cells && float64(code) <= maxCodeCells*float64(cells)
}

// minFigureWords is the share of a run's words that must be figures for
// it to be offered as a typed table at all: a cheap look before the
// table's structure is sought, that passes over listings and prose.
const minFigureWords = 0.4

// manyFigures reports whether at least minFigureWords of words are
// figures.
func manyFigures(words []core.Word) bool {
	return float64(countFigures(words)) >= minFigureWords*float64(len(words))
}

// countFigures counts the words that are figures (tableformer.IsFigure).
func countFigures(words []core.Word) int {
	n := 0
	for _, w := range words {
		if tableformer.IsFigure(w.Text) {
			n++
		}
	}
	return n
}

// maxCodeCells is the share of a typed table's cells that may hold the
// punctuation of code.
const maxCodeCells = 0.05
