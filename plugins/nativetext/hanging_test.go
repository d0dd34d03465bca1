package nativetext

import (
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestHangingIndents: a list set with hanging indents and no space
// between its entries (a paper's references) parts into its entries;
// paragraphs set with indented first lines, run together, stay as the
// layout left them.
func TestHangingIndents(t *testing.T) {
	t.Parallel()
	const outer, inner = 60.0, 75.0 // 1.5 ems in at 10 pt
	// full runs a line from x to the column's right edge (360), letters
	// half an em wide; short ends a third of the way.
	full := func(x float64, word string) placed {
		n := int((360-x)/5) - len(word) - 1
		return placed{x, 0, 10, word + " " + strings.Repeat("x", n)}
	}
	short := func(x float64, word string) placed { return placed{x, 0, 10, word + " ends here."} }
	tests := []struct {
		name  string
		lines []placed
		want  []string
	}{
		{"references", []placed{full(outer, "Bosch,"), short(inner, "29–37."), full(outer, "Chiew,"), full(inner, "streamflow"),
			short(inner, "665–680."), short(outer, "Cornish,"), full(outer, "Fahey,"), short(inner, "69–82.")},
			[]string{"Bosch,", "Chiew,", "Cornish,", "Fahey,"}},
		{"one entry wraps", []placed{full(outer, "Bosch,"), short(inner, "29–37."), short(outer, "Chiew,")},
			[]string{"Bosch,"}},
		{"indented first lines", []placed{full(outer, "running"), full(inner, "Second"), full(outer, "goes"),
			full(outer, "on"), full(inner, "Third"), short(outer, "ends")},
			[]string{"running"}},
		{"a short line over an indented one", []placed{short(outer, "Pause."), full(inner, "If"), full(outer, "first"),
			short(inner, "We"), full(outer, "ebrants.")},
			[]string{"Pause."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			for i := range tc.lines {
				tc.lines[i].y = 100 + 12*float64(i)
			}
			got := firstWords(layout(drawLines(&seq, tc.lines...), nil, core.BBox{X1: 612, Y1: 792}))
			if !slices.Equal(got, tc.want) {
				t.Errorf("blocks start %q, want %q", got, tc.want)
			}
		})
	}
}
