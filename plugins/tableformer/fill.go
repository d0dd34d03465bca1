package tableformer

import (
	"math"

	"github.com/assay-pdf/assay/core"
)

// Fill puts words into a table whose structure was read elsewhere (a
// structure model's cells, with boxes and no text), and finishes it as
// Lattice and Stream finish theirs: cell text read line by line, rows and
// columns without text dropped, right-to-left columns in logical order,
// and header rows found when the structure marked none. Each word goes
// to the cell whose box holds its centre (the smallest, if boxes
// overlap), else to the cell its box overlaps most, else to the nearest
// cell box when its centre lies within the table's box; other words are left
// out. It returns nil when the words do not make a table of two rows and
// two columns with text. t is not changed.
func Fill(t *core.Table, words []core.Word) *core.Table {
	if t == nil || len(t.Cells) == 0 {
		return nil
	}
	out := &core.Table{Rows: t.Rows, Cols: t.Cols, Continues: t.Continues, Cells: append([]core.Cell(nil), t.Cells...)}
	byCell := make([][]word, len(out.Cells))
	box := cellsBox(out.Cells)
	for _, w := range prepare(words) {
		if i := cellFor(out.Cells, w, box); i >= 0 {
			byCell[i] = append(byCell[i], w)
		}
	}
	headed := false
	for i := range out.Cells {
		out.Cells[i].Text = cellText(byCell[i])
		headed = headed || out.Cells[i].Header
	}
	out = dropEmpty(out)
	if out.Rows < 2 || out.Cols < 2 || !enoughText(out) {
		return nil
	}
	mirrorRTL(out)
	if !headed {
		markHeader(out)
	}
	return out
}

// cellsBox is the union of the cells' boxes.
func cellsBox(cells []core.Cell) core.BBox {
	var b core.BBox
	for _, c := range cells {
		b = b.Union(c.BBox)
	}
	return b
}

// cellFor is the index of the cell word w belongs in, -1 for none.
func cellFor(cells []core.Cell, w word, table core.BBox) int {
	best, bestArea := -1, math.Inf(1)
	for i, c := range cells {
		b := c.BBox
		if w.cx >= b.X0 && w.cx <= b.X1 && w.cy >= b.Y0 && w.cy <= b.Y1 && b.Area() < bestArea {
			best, bestArea = i, b.Area()
		}
	}
	if best >= 0 {
		return best
	}
	most := 0.0
	for i, c := range cells {
		if a := c.BBox.Intersect(w.BBox).Area(); a > most {
			best, most = i, a
		}
	}
	if best >= 0 || w.cx < table.X0 || w.cx > table.X1 || w.cy < table.Y0 || w.cy > table.Y1 {
		return best
	}
	near := math.Inf(1)
	for i, c := range cells {
		dx := max(0, max(c.BBox.X0-w.cx, w.cx-c.BBox.X1))
		dy := max(0, max(c.BBox.Y0-w.cy, w.cy-c.BBox.Y1))
		if d := dx*dx + dy*dy; d < near {
			best, near = i, d
		}
	}
	return best
}
