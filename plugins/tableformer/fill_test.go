package tableformer

import (
	"slices"
	"testing"

	"github.com/assay-pdf/assay/core"
)

func TestFill(t *testing.T) {
	t.Parallel()
	box := func(x0, y0, x1, y1 float64) core.BBox { return core.BBox{X0: x0, Y0: y0, X1: x1, Y1: y1} }
	w := func(s string, b core.BBox) core.Word { return core.Word{Text: s, BBox: b} }
	// A 3x2 skeleton whose cell boxes are a little tight, as a model's are.
	skel := &core.Table{Rows: 3, Cols: 2, Cells: []core.Cell{
		{Row: 0, Col: 0, BBox: box(0, 0, 50, 10)}, {Row: 0, Col: 1, BBox: box(55, 0, 100, 10)},
		{Row: 1, Col: 0, BBox: box(0, 12, 50, 22)}, {Row: 1, Col: 1, BBox: box(55, 12, 100, 22)},
		{Row: 2, Col: 0, BBox: box(0, 24, 50, 34)}, {Row: 2, Col: 1, BBox: box(55, 24, 100, 34)},
	}}
	for _, tc := range []struct {
		name  string
		words []core.Word
		want  [][]string
	}{
		{"centres in cells, wrapped text joined", []core.Word{
			w("Name", box(2, 1, 30, 9)), w("Total", box(60, 1, 90, 9)),
			w("long", box(2, 12, 20, 16)), w("label", box(2, 17, 20, 21)), w("3", box(60, 13, 66, 21)),
			w("x", box(2, 25, 10, 33)), w("4", box(60, 25, 66, 33)),
		}, [][]string{{"Name", "Total"}, {"long label", "3"}, {"x", "4"}}},
		{"a word between cells goes to the one it overlaps most, or the nearest", []core.Word{
			w("Name", box(2, 1, 30, 9)), w("Total", box(60, 1, 90, 9)),
			w("a", box(45, 13, 53, 21)), w("3", box(60, 13, 66, 21)),
			w("b", box(50, 23.2, 54, 23.8)), w("4", box(60, 25, 66, 33)),
			w("far", box(300, 300, 320, 310)),
		}, [][]string{{"Name", "Total"}, {"a", "3"}, {"b", "4"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := Fill(skel, tc.words)
			if got == nil {
				t.Fatal("no table")
			}
			if g := got.Grid(); !slices.EqualFunc(g, tc.want, slices.Equal[[]string]) {
				t.Errorf("grid %q, want %q", g, tc.want)
			}
			if got.HeaderRows() != 1 {
				t.Errorf("header rows %d, want 1 (found: the model marked none)", got.HeaderRows())
			}
		})
	}
	if Fill(skel, []core.Word{w("alone", box(2, 1, 30, 9))}) != nil {
		t.Error("one word is not a table")
	}
	if skel.Cells[0].Text != "" {
		t.Error("Fill changed its input")
	}
}
