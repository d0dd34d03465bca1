package tableformer

import (
	"math"
	"strings"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/recovered"
	"github.com/assay-pdf/assay/internal/textclean"
)

// Tables over pages.
const (
	// colAlignTol, in points: two parts of a table share a column when
	// its left edges, right edges or centres (as its cells are aligned)
	// are this close. Columns drawn by one layout repeat to the point;
	// text widths differ, so only the aligned edge is compared.
	colAlignTol = 4.0
	// colOverlap: or when the columns' extents overlap by this share of
	// the narrower (a column whose cells are aligned differently on the
	// two pages).
	colOverlap = 0.6
)

// JoinPages marks tables that continue onto the next page. Pages must be
// laid out and in page order, with running headers and footers marked.
// The last block of page n (besides headers, footers and pictures) and
// the first of page n+1 are tables with the same columns (as many, at
// the same places): the second gets Continues, and its first rows, when
// they repeat the first part's header, are marked as header rows. Each
// part stays on its own page with its own rows; writers join them. A
// panic leaves the pages as they are.
func JoinPages(pages []*core.Page) {
	defer func() { recovered.Note("tableformer: join pages", recover()) }()
	for i := 1; i < len(pages); i++ {
		prev, next := pages[i-1], pages[i]
		if prev == nil || next == nil || next.Number != prev.Number+1 {
			continue
		}
		a, b := lastBody(prev), firstBody(next)
		if a == nil || b == nil || a.Table == nil || b.Table == nil {
			continue
		}
		if sameColumns(a.Table, b.Table) {
			b.Table.Continues = true
			markRepeatedHeader(a.Table, b.Table)
		}
	}
}

// furniture reports blocks that do not take part in the page's flow.
func furniture(b *core.Block) bool {
	switch b.Kind {
	case core.KindPageHeader, core.KindPageFooter, core.KindFigure:
		return true
	}
	return false
}

// lastBody is the page's last block, if it is a table with nothing of the
// flow below it.
func lastBody(p *core.Page) *core.Block {
	var last *core.Block
	for i := range p.Blocks {
		if b := &p.Blocks[i]; !furniture(b) {
			last = b
		}
	}
	if last == nil || last.Kind != core.KindTable {
		return nil
	}
	for i := range p.Blocks {
		b := &p.Blocks[i]
		if b != last && b.Kind != core.KindPageFooter && b.Kind != core.KindPageHeader && b.BBox.Y0 >= last.BBox.Y1 {
			return nil
		}
	}
	return last
}

// firstBody is the page's first block, if it is a table with nothing of
// the flow above it.
func firstBody(p *core.Page) *core.Block {
	var first *core.Block
	for i := range p.Blocks {
		if b := &p.Blocks[i]; !furniture(b) {
			first = b
			break
		}
	}
	if first == nil || first.Kind != core.KindTable {
		return nil
	}
	for i := range p.Blocks {
		b := &p.Blocks[i]
		if b != first && b.Kind != core.KindPageFooter && b.Kind != core.KindPageHeader && b.BBox.Y1 <= first.BBox.Y0 {
			return nil
		}
	}
	return first
}

// sameColumns reports whether two tables have as many columns, at the
// same places.
func sameColumns(a, b *core.Table) bool {
	if a.Cols != b.Cols || a.Cols < 2 {
		return false
	}
	ca, cb := columnExtents(a), columnExtents(b)
	for c := range ca {
		if ca[c].Empty() || cb[c].Empty() || !aligned(ca[c], cb[c]) {
			return false
		}
	}
	return true
}

// columnExtents is, per column, the box of its body cells that span one
// column (header cells are often centred over their column).
func columnExtents(t *core.Table) []core.BBox {
	out := make([]core.BBox, t.Cols)
	for _, c := range t.Cells {
		if c.Header || c.ColSpan > 1 || c.BBox.Empty() || c.Col < 0 || c.Col >= t.Cols {
			continue
		}
		out[c.Col] = out[c.Col].Union(c.BBox)
	}
	return out
}

// aligned reports whether two extents of a column agree: one aligned
// edge or the centre within colAlignTol, or a large overlap.
func aligned(a, b core.BBox) bool {
	if math.Abs(a.X0-b.X0) <= colAlignTol || math.Abs(a.X1-b.X1) <= colAlignTol ||
		math.Abs((a.X0+a.X1)/2-(b.X0+b.X1)/2) <= colAlignTol {
		return true
	}
	ov := min(a.X1, b.X1) - max(a.X0, b.X0)
	return ov >= colOverlap*min(a.Width(), b.Width())
}

// markRepeatedHeader marks the first rows of b that repeat the header
// rows of a (same texts) as header rows, and only those.
func markRepeatedHeader(a, b *core.Table) {
	n := RepeatedHeaderRows(a, b)
	for i := range b.Cells {
		b.Cells[i].Header = b.Cells[i].Row < n
	}
}

// RepeatedHeaderRows is the number of header rows of a that b repeats
// at its top (same texts, cell by cell); 0 when b does not repeat them.
func RepeatedHeaderRows(a, b *core.Table) int {
	n := a.HeaderRows()
	if n == 0 || n > b.Rows || a.Cols != b.Cols {
		return 0
	}
	ga, gb := a.Grid(), b.Grid()
	for r := 0; r < n; r++ {
		for c := range ga[r] {
			if normText(ga[r][c]) != normText(gb[r][c]) {
				return 0
			}
		}
	}
	return n
}

// normText folds spacing and case.
func normText(s string) string {
	return strings.ToLower(textclean.CollapseSpace(s))
}
