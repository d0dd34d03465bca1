package nativetext

import (
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestCaptionsWithTables: a numbered caption right over a table spanning
// two columns, read at the end of the first column, is read just before
// the table; a caption with a block between it and the table, one set
// far above it, one wider than the table and a line with no label stay
// where they were.
func TestCaptionsWithTables(t *testing.T) {
	t.Parallel()
	para := func(text string, x0, y0, x1, y1 float64) core.Block {
		var words []core.Word
		for _, w := range strings.Fields(text) {
			words = append(words, core.Word{Text: w, Size: 9})
		}
		return core.Block{Kind: core.KindParagraph, BBox: core.BBox{X0: x0, Y0: y0, X1: x1, Y1: y1},
			Lines: []core.Line{{Words: words}}}
	}
	table := core.Block{Kind: core.KindTable, BBox: core.BBox{X0: 50, Y0: 500, X1: 550, Y1: 700}}
	left := para("Left column text", 50, 300, 290, 470)
	right := para("Right column text", 310, 300, 550, 490)
	tests := []struct {
		name    string
		caption core.Block
		extra   []core.Block
		drop    float64 // points the table stands lower
		want    []string
	}{
		{"over the table", para("Table 3 Coefficient of efficiency", 50, 478, 200, 490), nil, 0,
			[]string{"Left", "Right", "Table", "table"}},
		{"a picture between", para("Table 3 Coefficient of efficiency", 50, 478, 200, 490),
			[]core.Block{{Kind: core.KindFigure, BBox: core.BBox{X0: 50, Y0: 491, X1: 200, Y1: 499}}}, 0,
			[]string{"Left", "Table", "Right", "figure", "table"}},
		{"far above", para("Table 3 Coefficient of efficiency", 50, 478, 200, 490), nil, 3 * captionGap * 9,
			[]string{"Left", "Table", "Right", "table"}},
		{"wider than the table", para("Table 3 Coefficient of efficiency", 20, 478, 200, 490), nil, 0,
			[]string{"Left", "Table", "Right", "table"}},
		{"no label", para("Coefficients of efficiency", 50, 478, 200, 490), nil, 0,
			[]string{"Left", "Coefficients", "Right", "table"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			blocks := []core.Block{left, tc.caption, right}
			tb := table
			tb.BBox.Y0 += tc.drop
			blocks = append(append(blocks, tc.extra...), tb)
			var got []string
			for _, b := range keepCaptionsWithTables(blocks) {
				if b.Kind == core.KindTable || b.Kind == core.KindFigure {
					got = append(got, string(b.Kind))
					continue
				}
				got = append(got, strings.Fields(b.Text())[0])
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("order %q, want %q", got, tc.want)
			}
		})
	}
}
