package tableformer

import (
	"testing"

	"github.com/assay-pdf/assay/core"
)

func TestPlausible(t *testing.T) {
	t.Parallel()
	cell := func(r, c int, s string) core.Cell { return core.Cell{Row: r, Col: c, Text: s} }
	cases := []struct {
		name string
		t    *core.Table
		want bool
	}{
		{"a full grid", &core.Table{Rows: 3, Cols: 2, Cells: []core.Cell{
			cell(0, 0, "Item"), cell(0, 1, "Cost"), cell(1, 0, "Pen"), cell(1, 1, "2"), cell(2, 0, "Ink"), cell(2, 1, "5"),
		}}, true},
		// A chart read by OCR: labels scattered over a wide grid, only
		// the cells with text stored.
		{"a sparse grid that stores only its texts", &core.Table{Rows: 4, Cols: 5, Cells: []core.Cell{
			cell(0, 0, "60"), cell(0, 4, "Legend"), cell(1, 2, "x"), cell(2, 1, "40"), cell(3, 3, "20"), cell(3, 0, "0"),
		}}, false},
		{"one column of labels", &core.Table{Rows: 3, Cols: 2, Cells: []core.Cell{
			cell(0, 0, "a"), cell(1, 0, "b"), cell(2, 0, "c"),
		}}, false},
		{"nil", nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Plausible(c.t); got != c.want {
				t.Errorf("Plausible = %v; want %v", got, c.want)
			}
		})
	}
}
