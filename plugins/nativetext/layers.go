package nativetext

import (
	"math"

	"github.com/assay-pdf/assay/core"
)

// An invisible text layer (rendering mode 3) is what a page holds for
// search where the reader sees something else: an OCR program's reading
// of a scan, a form's placeholder under its field. Its glyphs are read as
// text, with two cautions, applied once the page is interpreted: its
// faces are the program's, not the print's (plainLayerFaces), and where
// visible text lies over it, the visible text is what the page says
// (dropCoveredLayer).

// plainLayerFaces takes the weight or the slant that most of a page's
// invisible glyphs have off them all. An OCR layer's faces are its
// program's: some set each word in the face the scan shows, bold where
// the print is bold (a 1977 paper's 'Fetch'); others set whole lines or
// pages in a bold or an oblique face of their own (EPSON Scan in
// Courier-Bold and Courier-Oblique, JSTOR's layers in Times-Bold). A face
// that most of the layer has is its body's, no emphasis: kept, each of
// its short lines was a bold heading. Visible glyphs keep their faces.
func plainLayerFaces(gs []glyph) {
	invisible, bold, italic := 0, 0, 0
	for i := range gs {
		f := gs[i].flags
		if f&core.FlagInvisible == 0 {
			continue
		}
		invisible++
		if f&core.FlagBold != 0 {
			bold++
		}
		if f&core.FlagItalic != 0 {
			italic++
		}
	}
	var plain core.WordFlags
	if 2*bold > invisible {
		plain |= core.FlagBold
	}
	if 2*italic > invisible {
		plain |= core.FlagItalic
	}
	if plain == 0 {
		return
	}
	for i := range gs {
		if gs[i].flags&core.FlagInvisible != 0 {
			gs[i].flags &^= plain
		}
	}
}

// coverCell is the side, in points, of the cells dropCoveredLayer files
// visible glyphs in: about a line's height, so that a glyph's box spans
// few cells.
const coverCell = 16.0

// dropCoveredLayer removes the invisible glyphs whose centres lie within
// a visible glyph's box (spaces count: they carry a line across its
// gaps), and returns what is left. A grant form (SF-424) keeps an
// invisible placeholder ('NGMS Agency') where its field shows the
// agency's name, and the two read as one jumble of letters
// ('NUG.SM.SDAegpeanrctmyent'); a scan's OCR layer under a visible stamp
// or title repeats it. A page whose text is all invisible, or all
// visible, is left as it is.
func dropCoveredLayer(gs []glyph) []glyph {
	cells := map[[2]int][]int{}
	visible := 0
	for i := range gs {
		if gs[i].flags&core.FlagInvisible != 0 {
			continue
		}
		visible++
		b := gs[i].box
		for x := cellOf(b.X0); x <= cellOf(b.X1); x++ {
			for y := cellOf(b.Y0); y <= cellOf(b.Y1); y++ {
				cells[[2]int{x, y}] = append(cells[[2]int{x, y}], i)
			}
		}
	}
	if visible == 0 || visible == len(gs) {
		return gs
	}
	out := gs[:0]
	for i := range gs {
		g := gs[i]
		if g.flags&core.FlagInvisible == 0 || !covered(gs, cells, g.box) {
			out = append(out, g)
		}
	}
	return out
}

// covered reports whether the centre of box lies within the box of a
// glyph of gs filed in cells.
func covered(gs []glyph, cells map[[2]int][]int, box core.BBox) bool {
	cx, cy := (box.X0+box.X1)/2, (box.Y0+box.Y1)/2
	for _, k := range cells[[2]int{cellOf(cx), cellOf(cy)}] {
		if holds(gs[k].box, cx, cy) {
			return true
		}
	}
	return false
}

// cellOf is the cell of coverCell points that coordinate v falls in.
func cellOf(v float64) int {
	return int(math.Floor(v / coverCell))
}
