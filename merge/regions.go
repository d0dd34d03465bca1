package merge

import (
	"slices"

	"github.com/assay-pdf/assay/core"
)

// Overlay adds to base the blocks of overlay that read image regions of
// the page: a block is taken when its box lies mostly inside one of regions
// and does not cover text base already has. Each is put into base's
// reading order before the first block of its column that starts below it,
// so the order the text engine found is kept. It reports how many blocks
// were added.
//
// A figure block (a picture's text, as OCR's region mode reads it) fills
// base's empty figure block for the same picture, which moves to the
// picture's place in the reading order. A grid read inside a
// picture is added as text, a line per row: on a page
// with a text layer, the pictures that hold aligned words are charts
// (axis labels, legends) far more often than tables, and their text is
// worth keeping but their grid is not.
func Overlay(base core.Page, overlay []core.Block, regions []core.BBox) (core.Page, int) {
	added := 0
	out := base
	out.Blocks = slices.Clone(base.Blocks)
	for _, b := range overlay {
		if b.BBox.Empty() || !insideAny(b.BBox, regions) || coversText(b.BBox, base.Blocks) {
			continue
		}
		if had := len(b.Lines); had > 0 {
			if b = withoutBaseLines(b, base.Blocks); len(b.Lines) == 0 {
				continue // all of it is the text layer's
			}
		}
		if b.Kind == core.KindTable {
			b = tableAsText(b)
		}
		if i := emptyFigure(out.Blocks, b); i >= 0 {
			// The picture's own block now holds text: it moves to the
			// picture's place in the reading order (text engines list
			// pictures after the text).
			fig := out.Blocks[i]
			fig.Lines = b.Lines
			out.Blocks = slices.Delete(out.Blocks, i, i+1)
			out.Blocks = slices.Insert(out.Blocks, insertAt(out.Blocks, fig.BBox), fig)
			added++
			continue
		}
		out.Blocks = slices.Insert(out.Blocks, insertAt(out.Blocks, b.BBox), b)
		added++
	}
	return out, added
}

// emptyFigure is the index of base's figure block without text that the
// figure block b read the text of (their boxes overlap by most of the
// smaller), -1 when b is no figure or base has none: the picture's text
// goes into the picture's own block.
func emptyFigure(blocks []core.Block, b core.Block) int {
	if b.Kind != core.KindFigure {
		return -1
	}
	for i := range blocks {
		f := blocks[i]
		if f.Kind != core.KindFigure || len(f.Lines) > 0 || f.Content != "" {
			continue
		}
		small := min(f.BBox.Area(), b.BBox.Area())
		if small > 0 && f.BBox.Intersect(b.BBox).Area() >= 0.6*small {
			return i
		}
	}
	return -1
}

// insertAt is where a block with box belongs in blocks' reading order:
// before the first block of the same column (overlapping in x) that starts
// below it, else after the last block of that column, else at the end.
func insertAt(blocks []core.Block, box core.BBox) int {
	last := -1
	for i := range blocks {
		bb := blocks[i].BBox
		if bb.X0 >= box.X1 || box.X0 >= bb.X1 {
			continue
		}
		if bb.Y0 >= box.Y0 {
			return i
		}
		last = i
	}
	if last >= 0 {
		return last + 1
	}
	return len(blocks)
}

// insideAny reports whether at least 60% of box lies in one region.
func insideAny(box core.BBox, regions []core.BBox) bool {
	for _, r := range regions {
		if box.Intersect(r).Area() >= 0.6*box.Area() {
			return true
		}
	}
	return false
}

// coversText reports whether box overlaps, by more than a third of its
// area, a block that already has text.
func coversText(box core.BBox, blocks []core.Block) bool {
	for i := range blocks {
		if blocks[i].Text() == "" {
			continue
		}
		if box.Intersect(blocks[i].BBox).Area() > box.Area()/3 {
			return true
		}
	}
	return false
}

// withoutBaseLines drops from b the lines base already has: a line lying
// mostly (by half its area) on a line of base's text. A region is read
// from the rendered page, so words the text layer draws over a picture
// (a caption on a photograph, names on a cover) are read again there; they
// are the layer's, already in place, not the picture's.
func withoutBaseLines(b core.Block, base []core.Block) core.Block {
	kept := b.Lines[:0:0]
	for _, l := range b.Lines {
		if l.BBox.Empty() || !onBaseLine(l.BBox, base) {
			kept = append(kept, l)
		}
	}
	b.Lines = kept
	return b
}

// onBaseLine reports whether half of box or more lies on one line of a
// text block of base.
func onBaseLine(box core.BBox, base []core.Block) bool {
	for i := range base {
		if base[i].Kind == core.KindFigure {
			continue
		}
		for _, l := range base[i].Lines {
			if box.Intersect(l.BBox).Area() >= 0.5*box.Area() {
				return true
			}
		}
	}
	return false
}

// tableAsText is a table block as a paragraph in the table's box: a line
// per row, a word per cell with text, in column order.
func tableAsText(b core.Block) core.Block {
	var rows [][]core.Word
	if b.Table != nil {
		rows = b.Table.WordRows()
	}
	out := core.RowsBlock(core.KindParagraph, rows)
	out.BBox = b.BBox
	return out
}

// ReplaceTables puts the tables of overlay in place of base's table blocks
// they cover (the larger share of the smaller box): a table engine's
// reading of tables another engine found. Overlay tables covering none of
// base's tables are not added. It reports how many were replaced.
func ReplaceTables(base core.Page, overlay []core.Block) (core.Page, int) {
	out := base
	out.Blocks = slices.Clone(base.Blocks)
	n := 0
	for _, b := range overlay {
		if b.Kind != core.KindTable || b.Table == nil {
			continue
		}
		for i := range out.Blocks {
			if out.Blocks[i].Kind == core.KindTable && sameRegion(out.Blocks[i].BBox, b.BBox) {
				out.Blocks[i] = b
				n++
				break
			}
		}
	}
	return out, n
}

// sameRegion reports whether two boxes overlap by more than half of the
// smaller one.
func sameRegion(a, b core.BBox) bool {
	small := min(a.Area(), b.Area())
	return small > 0 && a.Intersect(b).Area() > small/2
}
