package nativetext

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestDrawings: touching painted subpaths of which two or more bend over
// a letter's size are a drawing (a chart's axes, ticks and plotted
// lines); a table's rules, a form's small circles and rectangles are not.
func TestDrawings(t *testing.T) {
	t.Parallel()
	box := func(x0, y0, x1, y1 float64, bent bool) drawMark {
		return drawMark{box: core.BBox{X0: x0, Y0: y0, X1: x1, Y1: y1}, bent: bent}
	}
	// A chart: two axes, six ticks on one, two plotted lines.
	chart := []drawMark{box(100, 100, 101, 300, false), box(100, 300, 400, 301, false),
		box(150, 300, 151, 304, false), box(200, 300, 201, 304, false), box(250, 300, 251, 304, false),
		box(300, 300, 301, 304, false), box(350, 300, 351, 304, false), box(399, 300, 400, 304, false),
		box(101, 120, 399, 290, true), box(101, 150, 399, 280, true)}
	// A ruled table: rows and columns of straight rules.
	var table []drawMark
	for k := range 5 {
		y := 100 + 20*float64(k)
		table = append(table, box(100, y, 400, y+0.5, false))
		table = append(table, box(100+75*float64(k), 100, 100.5+75*float64(k), 180, false))
	}
	cases := []struct {
		name  string
		marks []drawMark
		want  int
	}{
		{"a chart", chart, 1},
		{"a ruled table", table, 0},
		{"a form's radio buttons among its rules", append(slices.Clone(table),
			box(110, 103, 118, 111, false), box(110, 123, 118, 131, false)), 0},
		{"two charts apart", append(slices.Clone(chart), shifted(chart, 0, 400)...), 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := drawings(c.marks); len(got) != c.want {
				t.Errorf("drawings %v; want %d", got, c.want)
			}
		})
	}
}

// shifted is marks moved down by dy and right by dx.
func shifted(marks []drawMark, dx, dy float64) []drawMark {
	out := make([]drawMark, len(marks))
	for i, m := range marks {
		m.box = core.BBox{X0: m.box.X0 + dx, Y0: m.box.Y0 + dy, X1: m.box.X1 + dx, Y1: m.box.Y1 + dy}
		out[i] = m
	}
	return out
}

// TestDrawnLabelsBesideProse: a chart drawn with paths in the left column,
// its ticks' labels lined up by chance with the lines of the prose in the
// right column (GROBID's submission_161), is no table of the two: the
// labels are read as the drawing's, then the prose. Without the drawing
// the layout took them for a table.
func TestDrawnLabelsBesideProse(t *testing.T) {
	t.Parallel()
	page := core.BBox{X1: 612, Y1: 792}
	prose := wrapText(strings.Repeat("the electrons in the lateral wells form a collective state that is pinned at the random potential while the central well determines the resistance ", 12), 48)[:40]
	var lines []placed
	for i, l := range prose {
		lines = append(lines, placed{300, 100 + 12*float64(i), 10, l})
	}
	for i := range 8 {
		y := 100 + 24*float64(i) // on every other line of the prose, within a point
		lines = append(lines, placed{80, y + 1, 10, fmt.Sprintf("%.1f", 0.8-0.1*float64(i))})
		lines = append(lines, placed{240, y, 10, fmt.Sprintf("%d", 300-40*i)})
		// A curve's name inside the plot, here and there across it.
		lines = append(lines, placed{110 + float64(i*37%110), y + 12, 10, fmt.Sprintf("QW%d", i)})
	}
	chart := core.BBox{X0: 100, Y0: 95, X1: 235, Y1: 290}
	seq := 0
	gs := drawLines(&seq, lines...)
	without, _ := layoutDrawn(append([]glyph(nil), gs...), nil, nil, nil, page)
	if !slices.Contains(blockKinds(without), core.KindTable) {
		t.Fatalf("without the drawing, blocks %v: no table to tell apart", blockKinds(without))
	}
	with, _ := layoutDrawn(gs, nil, nil, []core.BBox{chart}, page)
	if kinds := blockKinds(with); slices.Contains(kinds, core.KindTable) {
		t.Errorf("blocks %v; want no table", kinds)
	}
}
