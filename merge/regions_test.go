package merge

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

func blk(text string, x0, y0, x1, y1 float64) core.Block {
	return core.Block{Kind: core.KindParagraph, BBox: core.BBox{X0: x0, Y0: y0, X1: x1, Y1: y1}, Content: text}
}

func TestOverlay(t *testing.T) {
	t.Parallel()
	// Two columns; the right column has a picture between its paragraphs.
	base := core.Page{Number: 1, Width: 600, Height: 800, Blocks: []core.Block{
		blk("L1", 50, 100, 280, 200), blk("L2", 50, 220, 280, 400),
		blk("R1", 320, 100, 550, 200), blk("R2", 320, 500, 550, 600),
	}}
	picture := core.BBox{X0: 320, Y0: 250, X1: 550, Y1: 450}
	ocr := []core.Block{
		blk("chart words", 330, 300, 540, 320), // inside the picture: taken
		blk("L1 again", 50, 100, 280, 200),     // outside any region: dropped
		blk("R1 again", 320, 100, 550, 200),    // outside the region and covers text
	}
	got, n := Overlay(base, ocr, []core.BBox{picture})
	if n != 1 {
		t.Fatalf("added %d blocks, want 1", n)
	}
	var order []string
	for _, b := range got.Blocks {
		order = append(order, b.Text())
	}
	want := []string{"L1", "L2", "R1", "chart words", "R2"}
	if len(order) != len(want) {
		t.Fatalf("order %v, want %v", order, want)
	}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("order %v, want %v", order, want)
		}
	}
	if len(base.Blocks) != 4 {
		t.Fatal("Overlay must not change its input")
	}
}

func TestOverlayReadsAPicturesGridAsText(t *testing.T) {
	t.Parallel()
	// A grid OCR finds inside a picture (a chart's labels and legend) is
	// added as lines of text, row by row, not as a table.
	base := core.Page{Number: 1, Width: 600, Height: 800, Blocks: []core.Block{blk("Body", 50, 100, 550, 200)}}
	picture := core.BBox{X0: 50, Y0: 250, X1: 550, Y1: 450}
	grid := core.Block{Kind: core.KindTable, BBox: core.BBox{X0: 60, Y0: 260, X1: 540, Y1: 440}, Table: &core.Table{Rows: 2, Cols: 2, Cells: []core.Cell{
		{Row: 0, Col: 1, Text: "2020"}, {Row: 0, Col: 0, Text: "Sales"},
		{Row: 1, Col: 0, Text: "40%"},
	}}}
	got, n := Overlay(base, []core.Block{grid}, []core.BBox{picture})
	if n != 1 || len(got.Blocks) != 2 {
		t.Fatalf("added %d blocks: %+v", n, got.Blocks)
	}
	b := got.Blocks[1]
	if b.Kind != core.KindParagraph || b.Table != nil || b.Text() != "Sales 2020\n40%" {
		t.Errorf("picture grid became %s %q; want a paragraph \"Sales 2020\\n40%%\"", b.Kind, b.Text())
	}
}

func TestReplaceTables(t *testing.T) {
	t.Parallel()
	// A table engine's table replaces the base table it covers; one that
	// covers no base table is not added.
	tbl := func(text string, x0, y0, x1, y1 float64) core.Block {
		return core.Block{Kind: core.KindTable, BBox: core.BBox{X0: x0, Y0: y0, X1: x1, Y1: y1},
			Table: &core.Table{Rows: 1, Cols: 1, Cells: []core.Cell{{Text: text}}}}
	}
	base := core.Page{Blocks: []core.Block{blk("Intro", 50, 50, 500, 80), tbl("old", 50, 100, 500, 300)}}
	got, n := ReplaceTables(base, []core.Block{tbl("new", 55, 105, 495, 310), tbl("stray", 50, 600, 500, 700)})
	if n != 1 || len(got.Blocks) != 2 || got.Blocks[1].Table.Cells[0].Text != "new" || base.Blocks[1].Table.Cells[0].Text != "old" {
		t.Errorf("replaced %d: %+v (base %+v)", n, got.Blocks, base.Blocks)
	}
}

// A picture's text, read as a figure block, fills the page's own figure
// block for that picture instead of adding a second one.
func TestOverlayFillsTheFigure(t *testing.T) {
	t.Parallel()
	pic := core.BBox{X0: 100, Y0: 300, X1: 400, Y1: 500}
	para := func(y float64, s string) core.Block {
		return core.Block{Kind: core.KindParagraph, BBox: core.BBox{X0: 100, Y0: y, X1: 400, Y1: y + 50}, Lines: []core.Line{{Words: []core.Word{{Text: s}}}}}
	}
	// The text engine lists the picture after the text, as nativetext does.
	base := core.Page{Blocks: []core.Block{para(100, "Above"), para(600, "Below"), {Kind: core.KindFigure, BBox: pic}}}
	label := core.Block{Kind: core.KindFigure, BBox: pic, Lines: []core.Line{{Words: []core.Word{{Text: "Axis", BBox: core.BBox{X0: 120, Y0: 480, X1: 150, Y1: 490}}}}}}
	got, n := Overlay(base, []core.Block{label}, []core.BBox{pic})
	var order []string
	for _, b := range got.Blocks {
		order = append(order, b.Text())
	}
	if n != 1 || len(got.Blocks) != 3 || got.Blocks[1].Kind != core.KindFigure || strings.Join(order, ",") != "Above,Axis,Below" {
		t.Fatalf("added %d, order %q: want the filled figure between the paragraphs", n, order)
	}
	if base.Blocks[2].Text() != "" {
		t.Error("Overlay changed its input")
	}
}

// Words the text layer draws over a picture are read again from the
// rendered region; they are dropped from the picture's text, and a
// picture whose every line is the layer's adds nothing.
func TestOverlayDropsTheLayersOwnLines(t *testing.T) {
	t.Parallel()
	pic := core.BBox{X0: 100, Y0: 300, X1: 400, Y1: 500}
	line := func(s string, x0, y0, x1, y1 float64) core.Line {
		b := core.BBox{X0: x0, Y0: y0, X1: x1, Y1: y1}
		return core.Line{BBox: b, Words: []core.Word{{Text: s, BBox: b}}}
	}
	// A caption the layer draws over the picture, and the picture.
	caption := core.Block{Kind: core.KindParagraph, BBox: core.BBox{X0: 120, Y0: 310, X1: 300, Y1: 322},
		Lines: []core.Line{line("Jim Bainbridge", 120, 310, 300, 322)}}
	base := core.Page{Blocks: []core.Block{caption, {Kind: core.KindFigure, BBox: pic}}}
	read := core.Block{Kind: core.KindFigure, BBox: pic, Lines: []core.Line{
		line("Jim Bainbridge", 121, 309, 298, 323), // the caption again
		line("Axis", 120, 480, 150, 490),           // the picture's own
	}}
	got, n := Overlay(base, []core.Block{read}, []core.BBox{pic})
	if n != 1 || strings.Count(pageText(got), "Jim Bainbridge") != 1 || !strings.Contains(pageText(got), "Axis") {
		t.Errorf("added %d: %q; want the caption once and the axis label", n, pageText(got))
	}
	onlyCaption := read
	onlyCaption.Lines = read.Lines[:1]
	if _, n := Overlay(base, []core.Block{onlyCaption}, []core.BBox{pic}); n != 0 {
		t.Errorf("a picture read as the layer's caption alone added %d blocks", n)
	}
}

func pageText(p core.Page) string {
	var parts []string
	for _, b := range p.Blocks {
		parts = append(parts, b.Text())
	}
	return strings.Join(parts, "\n")
}
