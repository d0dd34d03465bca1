package tableformer

import (
	"fmt"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// gridTable is a table of the rows' texts, its first head rows marked
// as header, each cell boxed at its slot.
func gridTable(head int, rows ...[]string) *core.Table {
	t := &core.Table{Rows: len(rows), Cols: len(rows[0])}
	for r, row := range rows {
		for c, s := range row {
			x, y := float64(60*c), float64(12*r)
			t.Cells = append(t.Cells, core.Cell{Row: r, Col: c, Text: s, Header: r < head, BBox: core.BBox{X0: x, Y0: y, X1: x + 50, Y1: y + 10}})
		}
	}
	return t
}

// TestUnsnake: a table set in bands side by side, its header's titles
// repeated over each band and labels in each band's first column, reads
// band after band (ICDAR 2013's us-035a: ages 0-39, 40-79 and 80-112 side
// by side, each 'Age | Total population'). Columns of figures under
// repeated titles, columns all titled alike, and a table with a cell
// spanning bands stay as they are.
func TestUnsnake(t *testing.T) {
	t.Parallel()
	census := gridTable(1,
		[]string{"Age", "Total population", "Age", "Total population", "Age", "Total population"},
		[]string{"Under 1 year", "3,533,692", "40 years", "2,468,083", "80 years", "723,049"},
		[]string{"1 years", "3,269,557", "41 years", "2,375,849", "81 years", "640,276"},
		[]string{"2 years", "3,223,816", "42 years", "2,325,572", "", ""},
	)
	unsnaked := [][]string{
		{"Age", "Total population"},
		{"Under 1 year", "3,533,692"}, {"1 years", "3,269,557"}, {"2 years", "3,223,816"},
		{"40 years", "2,468,083"}, {"41 years", "2,375,849"}, {"42 years", "2,325,572"},
		{"80 years", "723,049"}, {"81 years", "640,276"},
	}
	figures := gridTable(1,
		[]string{"Male", "Female", "Male", "Female"},
		[]string{"1,204", "1,310", "1,250", "1,322"},
		[]string{"640", "655", "648", "661"},
	)
	alike := gridTable(1,
		[]string{"Header", "Header", "Header", "Header"},
		[]string{"Cell", "Cell", "Cell", "Cell"},
		[]string{"Cell", "Cell", "Cell", "Cell"},
	)
	spanned := gridTable(1,
		[]string{"Action", "Description", "Action", "Description"},
		[]string{"MOVE DIR", "Move North", "EAT OBJ", "Eat mushroom"},
		[]string{"TAKE OBJ", "Take thermometer", "READ OBJ", "Read rocketry book"},
	)
	spanned.Cells[0].ColSpan = 2
	for _, tc := range []struct {
		name string
		t    *core.Table
		want [][]string
	}{
		{"bands", census, unsnaked},
		{"figures under repeated titles", figures, figures.Grid()},
		{"columns titled alike", alike, alike.Grid()},
		{"a title spanning bands", spanned, spanned.Grid()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := Unsnake(tc.t)
			if fmt.Sprintf("%q", got.Grid()) != fmt.Sprintf("%q", tc.want) {
				t.Errorf("grid %q\nwant %q", got.Grid(), tc.want)
			}
			if tc.t == got {
				return
			}
			if got.HeaderRows() != 1 {
				t.Errorf("%d header rows, want 1", got.HeaderRows())
			}
			for _, c := range got.Cells {
				if c.Col >= got.Cols || c.Row >= got.Rows {
					t.Errorf("cell %+v outside the %dx%d grid", c, got.Rows, got.Cols)
				}
			}
		})
	}
}
