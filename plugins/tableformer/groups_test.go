package tableformer

import (
	"fmt"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestSpanGroupHeadings: over titles repeated group after group ('2009 |
// 2010 | 2009 | 2010'), a heading cut at its word space by the gutter
// between its group's columns ('Fused | aluminum oxide', the USGS's
// abrasives summary, us-026) is one cell spanning the group. Two
// headings far apart in one group, and titles that do not repeat, are
// left as they are.
func TestSpanGroupHeadings(t *testing.T) {
	t.Parallel()
	cell := func(r, c int, x0, x1 float64, s string) core.Cell {
		y := 100 + 12*float64(r)
		return core.Cell{Row: r, Col: c, Text: s, BBox: core.BBox{X0: x0, Y0: y, X1: x1, Y1: y + 10}}
	}
	table := func(top []core.Cell, years []string) *core.Table {
		t := &core.Table{Rows: 3, Cols: 5, Cells: top}
		for c, y := range years {
			t.Cells = append(t.Cells, cell(1, c+1, 100+60*float64(c), 130+60*float64(c), y))
		}
		t.Cells = append(t.Cells, cell(2, 0, 10, 90, "Brazil"))
		for c, f := range []string{"50,000", "50,000", "43,000", "43,000"} {
			t.Cells = append(t.Cells, cell(2, c+1, 100+60*float64(c), 130+60*float64(c), f))
		}
		return t
	}
	repeated := []string{"2009", "2010", "2009", "2010"}
	cut := []core.Cell{cell(0, 1, 110, 142, "Fused"), cell(0, 2, 146, 200, "aluminum oxide"), cell(0, 3, 232, 262, "Silicon"), cell(0, 4, 266, 296, "carbide")}
	apart := []core.Cell{cell(0, 1, 100, 130, "Hispanic"), cell(0, 2, 160, 210, "Non-Hispanic")}
	for _, tc := range []struct {
		name string
		t    *core.Table
		want []string
	}{
		{"a heading cut at its word space", table(cut, repeated), []string{"", "Fused aluminum oxide", "", "Silicon carbide", ""}},
		{"two headings in a group", table(apart, repeated), []string{"", "Hispanic", "Non-Hispanic", "", ""}},
		{"titles that do not repeat", table(cut, []string{"2009", "2010", "2011", "2012"}), []string{"", "Fused", "aluminum oxide", "Silicon", "carbide"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			SpanGroupHeadings(tc.t)
			if got := tc.t.Grid()[0]; fmt.Sprintf("%q", got) != fmt.Sprintf("%q", tc.want) {
				t.Errorf("heading row %q, want %q", got, tc.want)
			}
			for _, c := range tc.t.Cells {
				if c.Row == 0 && c.Text == "Fused aluminum oxide" && c.ColSpan != 2 {
					t.Errorf("%q spans %d columns, want 2", c.Text, c.ColSpan)
				}
			}
		})
	}
}
