package nativetext

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// card draws a tinted box from x0 to x1 and from top down to bottom
// (PDF coordinates), with a title and lines of text in it.
func card(x0, x1, top, bottom float64, title string, lines ...string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "q 0.95 g %.1f %.1f %.1f %.1f re f Q ", x0, bottom, x1-x0, top-bottom)
	fmt.Fprintf(&sb, "BT /F1 12 Tf %.1f %.1f Td (%s) Tj ET ", x0+10, top-20, title)
	for i, l := range lines {
		fmt.Fprintf(&sb, "BT /F1 9 Tf %.1f %.1f Td (%s) Tj ET ", x0+10, top-40-11*float64(i), l)
	}
	return sb.String()
}

// TestPanelGrid: a grid of cards reads row by row, each card whole, when
// its rows of boxes end on one line; boxes that do not line up across
// the page, and shaded cells of a line each, are no rows of panels.
func TestPanelGrid(t *testing.T) {
	t.Parallel()
	one := []string{"Connects five constants in one", "short and famous identity of", "analysis."}
	two := []string{"In right triangles the square of", "the hypotenuse is the sum of the", "squares of the other sides, the", "cornerstone of geometry and of", "navigation at sea and on land."}
	three := []string{"Differentiation and integration", "are inverse operations, and the", "integral is a difference."}
	four := []string{"Electricity and magnetism are", "one force, and light is a wave", "of that field."}
	grid := "BT /F1 18 Tf 150 760 Td (Famous equations) Tj ET " +
		card(50, 300, 720, 560, "One identity", one...) + card(310, 560, 720, 560, "Two theorem", two...) +
		card(50, 300, 550, 420, "Three calculus", three...) + card(310, 560, 550, 420, "Four equations", four...)
	got := onePageLines(t, helvRes, grid)
	var want []string
	want = append(append(want, "Famous equations", "One identity"), one...)
	want = append(append(want, "Two theorem"), two...)
	want = append(append(want, "Three calculus"), three...)
	want = append(append(want, "Four equations"), four...)
	if !slices.Equal(got, want) {
		t.Errorf("grid of cards read\n%q\nwant\n%q", got, want)
	}
	if n := len(panelRows(nil, nil, nil)); n != 0 {
		t.Errorf("no segments: %d rows", n)
	}
}

// TestShadedCellsAreNoPanels: a table whose cells are each shaded apart,
// a line to a cell, stays a table: its rows are no rows of panels.
func TestShadedCellsAreNoPanels(t *testing.T) {
	t.Parallel()
	var sb strings.Builder
	rows := [][3]string{{"Item", "Quantity", "Price"}, {"Apples", "12", "3.40"}, {"Pears", "7", "2.10"}, {"Plums", "30", "5.75"}, {"Figs", "4", "6.00"}}
	for r, row := range rows {
		top := 700 - 20*float64(r)
		for c, text := range row {
			x0 := 60 + 160*float64(c)
			fmt.Fprintf(&sb, "q 0.9 g %.1f %.1f 150 18 re f Q BT /F1 10 Tf %.1f %.1f Td (%s) Tj ET ", x0, top-18, x0+5, top-13, text)
		}
	}
	blocks := helvPage(t, sb.String())
	if len(blocks) != 1 || blocks[0].Table == nil || blocks[0].Table.Rows != len(rows) {
		var kinds []string
		for _, b := range blocks {
			kinds = append(kinds, fmt.Sprintf("%v %q", b.Kind, b.Text()))
		}
		t.Errorf("shaded table read as %q, want one table of %d rows", kinds, len(rows))
	}
}
