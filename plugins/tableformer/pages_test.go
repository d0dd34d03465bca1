package tableformer

import (
	"testing"

	"github.com/assay-pdf/assay/core"
)

// grid makes a table block from rows of texts, cells 100 pt wide and 20
// pt high from (x, y); the first row is marked header when header is set.
func grid(x, y float64, header bool, rows ...[]string) core.Block {
	t := &core.Table{Rows: len(rows), Cols: len(rows[0])}
	for r, row := range rows {
		for c, s := range row {
			box := core.BBox{X0: x + 100*float64(c), Y0: y + 20*float64(r), X1: x + 100*float64(c) + 60, Y1: y + 20*float64(r) + 10}
			t.Cells = append(t.Cells, core.Cell{Row: r, Col: c, Text: s, BBox: box, Header: header && r == 0})
		}
	}
	box := core.BBox{X0: x, Y0: y, X1: x + 100*float64(t.Cols), Y1: y + 20*float64(t.Rows)}
	return core.Block{Kind: core.KindTable, BBox: box, Table: t}
}

func para(y float64, s string) core.Block {
	box := core.BBox{X0: 72, Y0: y, X1: 400, Y1: y + 10}
	return core.Block{Kind: core.KindParagraph, BBox: box, Lines: []core.Line{{BBox: box, Words: []core.Word{{Text: s, BBox: box}}}}}
}

func TestJoinPages(t *testing.T) {
	t.Parallel()
	head := []string{"No.", "Name", "Amount"}
	first := func() core.Block {
		return grid(72, 500, true, head, []string{"1", "Apple", "3.10"}, []string{"2", "Pear", "4.20"})
	}
	footer := core.Block{Kind: core.KindPageFooter, BBox: core.BBox{X0: 280, Y0: 760, X1: 300, Y1: 770}, Lines: []core.Line{{Words: []core.Word{{Text: "7"}}}}}
	cases := []struct {
		name       string
		prev, next []core.Block
		continues  bool
		header     int // rows of the second part marked header
	}{
		{"repeated header", []core.Block{para(100, "Intro"), first(), footer},
			[]core.Block{grid(72, 72, true, head, []string{"3", "Plum", "1.00"})}, true, 1},
		{"no repeated header", []core.Block{first()},
			[]core.Block{grid(72, 72, false, []string{"3", "Plum", "1.00"}, []string{"4", "Fig", "2.00"})}, true, 0},
		{"other columns", []core.Block{first()},
			[]core.Block{grid(200, 72, true, head, []string{"3", "Plum", "1.00"})}, false, 1},
		{"other column count", []core.Block{first()},
			[]core.Block{grid(72, 72, true, []string{"A", "B"}, []string{"1", "2"})}, false, 1},
		{"text after the first part", []core.Block{first(), para(700, "Source: survey.")},
			[]core.Block{grid(72, 72, true, head, []string{"3", "Plum", "1.00"})}, false, 1},
		{"text before the second part", []core.Block{first()},
			[]core.Block{para(50, "Next section"), grid(72, 72, true, head, []string{"3", "Plum", "1.00"})}, false, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p1 := &core.Page{Number: 4, Width: 612, Height: 792, Blocks: c.prev}
			p2 := &core.Page{Number: 5, Width: 612, Height: 792, Blocks: c.next}
			JoinPages([]*core.Page{p1, p2})
			var second *core.Table
			for _, b := range p2.Blocks {
				if b.Table != nil {
					second = b.Table
				}
			}
			if second.Continues != c.continues {
				t.Errorf("Continues %v; want %v", second.Continues, c.continues)
			}
			if got := second.HeaderRows(); got != c.header {
				t.Errorf("%d header rows; want %d", got, c.header)
			}
		})
	}
}

// Pages that do not follow each other are never joined.
func TestJoinPagesGap(t *testing.T) {
	t.Parallel()
	head := []string{"No.", "Name"}
	p1 := &core.Page{Number: 1, Blocks: []core.Block{grid(72, 500, true, head, []string{"1", "a"})}}
	p3 := &core.Page{Number: 3, Blocks: []core.Block{grid(72, 72, true, head, []string{"2", "b"})}}
	JoinPages([]*core.Page{p1, nil, p3})
	JoinPages([]*core.Page{p1, p3})
	if p3.Blocks[0].Table.Continues {
		t.Error("page 3 continues page 1")
	}
}
