package nativetext

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestRecordsWithNotes: a list of incidents, each a row of short cells
// with a note of a line or two under it across all the columns, under a
// title, is one table whose notes are rows spanning every column; lines
// of bytes a space apart with a sentence between them are no table.
func TestRecordsWithNotes(t *testing.T) {
	t.Parallel()
	xs := []float64{60, 140, 260, 380, 460}
	row := func(seq *int, y float64, cells ...string) []glyph {
		var gs []glyph
		for c, s := range cells {
			gs = append(gs, lineGlyphs(seq, xs[c], y, 8, s)...)
		}
		return gs
	}
	seq := 0
	gs := drawLines(&seq, placed{60, 60, 12, "Accidents Involving Cabin Depressurization"})
	gs = append(gs, row(&seq, 90, "Date", "Location", "Aircraft", "Damage", "Injuries")...)
	y := 104.0
	incidents := [][]string{
		{"Oct. 25, 1999", "Aberdeen", "Learjet 35", "destroyed", "6 fatal"},
		{"June 13, 2000", "Rio de Janeiro", "Boeing 737", "none", "85 none"},
		{"Sept. 15, 2001", "Belo Horizonte", "Fokker 100", "substantial", "1 fatal"},
		{"Feb. 17, 2002", "San Juan", "Boeing 737", "none", "none"},
	}
	for i, in := range incidents {
		gs = append(gs, row(&seq, y, in...)...)
		gs = append(gs, lineGlyphs(&seq, 60, y+11, 8, "The crew reported a loud bang and returned to the airport after the cabin lost pressure.")...)
		y += 22
		if i%2 == 0 {
			gs = append(gs, lineGlyphs(&seq, 60, y, 8, "A crack was found in the fuselage.")...)
			y += 11
		}
		y += 8
	}
	blocks := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
	var tb *core.Table
	for _, b := range blocks {
		if b.Kind == core.KindTable {
			tb = b.Table
		}
	}
	if tb == nil {
		t.Fatalf("no table: %q", firstWords(blocks))
	}
	if tb.Cols != 5 || tb.Rows != 1+2*len(incidents) {
		t.Fatalf("table %d x %d, want %d x 5", tb.Rows, tb.Cols, 1+2*len(incidents))
	}
	grid := tb.Grid()
	if grid[1][0] != "Oct. 25, 1999" || !strings.HasPrefix(grid[2][0], "The crew reported") || !strings.Contains(grid[2][0], "A crack") {
		t.Errorf("rows %q", grid[:3])
	}

	seq = 0
	var bytes []glyph
	y = 100
	for i := range 4 {
		bytes = append(bytes, lineGlyphs(&seq, 60, y, 8, "X'00  01  05  01  01  01  01  00'")...)
		bytes = append(bytes, lineGlyphs(&seq, 60, y+11, 8, "The set of values following this list is")...)
		y += 30 + float64(i)
	}
	for _, b := range layout(bytes, nil, core.BBox{X1: 612, Y1: 792}) {
		if b.Kind == core.KindTable {
			t.Errorf("bytes read as a table %q", b.Table.Grid())
		}
	}
}
