package tablemodel

import (
	"errors"
	"fmt"

	"github.com/assay-pdf/assay/core"
)

// maxSlots bounds rows × columns of a decoded table: a decoder that runs
// away gives a grid no page holds.
const maxSlots = 10000

// errNoCells: the model read no cell in the image.
var errNoCells = errors.New("tablemodel: no cells")

// grid places the cells of a token sequence, as HTML does: each cell in
// the first free column of its row, right of the cells before it, with
// the slots that row spans from above taken.
type grid struct {
	cells  []core.Cell
	boxes  [][4]float64 // normalised, one per cell
	taken  map[[2]int]bool
	row    int // current row; -1 before the first
	col    int // next column to try in the row
	header bool
	open   *core.Cell // a "<td" whose attributes are being read
	rows   int
	cols   int
}

// layout turns decoded steps into cells with rows, columns and spans,
// their boxes normalised to the image. Cells in <thead> are headers.
func layout(steps []step) (*grid, error) {
	g := &grid{taken: map[[2]int]bool{}, row: -1}
	for _, s := range steps {
		if err := g.add(s); err != nil {
			return nil, err
		}
	}
	if err := g.close(); err != nil {
		return nil, err
	}
	if len(g.cells) == 0 {
		return nil, errNoCells
	}
	return g, nil
}

// add reads one step. Any token but a span attribute ends the
// attributes of an open "<td".
func (g *grid) add(s step) error {
	if _, _, isAttr := spanAttr(s.tok); !isAttr {
		if err := g.close(); err != nil {
			return err
		}
	}
	switch s.tok {
	case tokHeadOpen:
		g.header = true
	case tokHeadEnd:
		g.header = false
	case tokRowOpen:
		g.row, g.col = g.row+1, 0
	case tokCell, tokEmpty:
		return g.place(core.Cell{}, s.box)
	case tokCellOpen:
		g.open = &core.Cell{}
		g.boxes = append(g.boxes, s.box)
	default:
		if attr, n, ok := spanAttr(s.tok); ok && g.open != nil {
			if attr == "colspan" {
				g.open.ColSpan = n
			} else {
				g.open.RowSpan = n
			}
		}
	}
	return nil
}

// close places a "<td" cell whose attributes have all been read.
func (g *grid) close() error {
	if g.open == nil {
		return nil
	}
	c := *g.open
	g.open = nil
	box := g.boxes[len(g.boxes)-1]
	g.boxes = g.boxes[:len(g.boxes)-1]
	return g.place(c, box)
}

// place puts a cell in the current row's first free column.
func (g *grid) place(c core.Cell, box [4]float64) error {
	if g.row < 0 {
		g.row = 0
	}
	for g.taken[[2]int{g.row, g.col}] {
		g.col++
	}
	c.Row, c.Col, c.Header = g.row, g.col, g.header
	rs, cs := max(c.RowSpan, 1), max(c.ColSpan, 1)
	if (g.row+rs)*(g.col+cs) > maxSlots {
		return fmt.Errorf("tablemodel: a grid over %d slots: %w", maxSlots, core.ErrInternal)
	}
	for r := g.row; r < g.row+rs; r++ {
		for k := g.col; k < g.col+cs; k++ {
			g.taken[[2]int{r, k}] = true
		}
	}
	g.col += cs
	g.rows, g.cols = max(g.rows, g.row+rs), max(g.cols, g.col)
	g.cells = append(g.cells, c)
	g.boxes = append(g.boxes, box)
	return nil
}

// table is the grid with its cell boxes mapped into region, in page
// points: the image the model read is the render of region.
func (g *grid) table(region core.BBox) *core.Table {
	t := &core.Table{Rows: g.rows, Cols: g.cols, Cells: make([]core.Cell, len(g.cells))}
	w, h := region.Width(), region.Height()
	for i, c := range g.cells {
		b := g.boxes[i]
		c.BBox = core.BBox{
			X0: region.X0 + clamp01(b[0])*w, Y0: region.Y0 + clamp01(b[1])*h,
			X1: region.X0 + clamp01(b[2])*w, Y1: region.Y0 + clamp01(b[3])*h,
		}
		t.Cells[i] = c
	}
	return t
}

func clamp01(v float64) float64 { return max(0, min(1, v)) }
