package tableformer

import "github.com/assay-pdf/assay/core"

// Ruling is an axis-aligned painted line or rectangle side on a page, in
// points with a top-left origin.
type Ruling struct {
	Horizontal bool
	// Pos is the y of a horizontal ruling, the x of a vertical one.
	Pos float64
	// Lo and Hi are its extent along its length.
	Lo, Hi float64
	// Fill marks the side of a filled area (cell shading, a coloured
	// band) rather than a drawn line. Such a side frames a table as well
	// as a line does, but it separates cells only where the text agrees:
	// producers shade a cell with several rectangles, and the seams
	// between them cannot be seen.
	Fill bool
	// Stripes marks the side of a table's shaded rows joined down the
	// unshaded rows between them (zebra stripes): the table's unshaded
	// first and last rows lie outside it.
	Stripes bool
	// BandLo and BandHi are a Fill side's filled area across it: its
	// extent in x for a vertical side, in y for a horizontal one. Both
	// zero where it is not known.
	BandLo, BandHi float64
}

// Input is what Structure reads: the words inside a table region and the
// rulings of its page.
type Input struct {
	// Words are the region's words with their boxes and text, in any
	// order.
	Words []core.Word
	// Rulings are the page's rulings; those outside Region are ignored.
	Rulings []Ruling
	// Region is the table's box; empty: the box of the words.
	Region core.BBox
	// Em is the body font size of the page, which scales the gaps that
	// separate columns; 0: the median size of the words.
	Em float64
}

// Grid is a part of the page framed by crossing horizontal and vertical
// rulings.
type Grid struct {
	Box core.BBox
	// H and V are the grid's rulings, collinear pieces joined.
	H, V []Ruling
}

// Striped reports whether g's sides are those of a table's shaded rows
// (Ruling.Stripes): its unshaded first and last rows may stand just
// outside it.
func (g Grid) Striped() bool {
	for _, v := range g.V {
		if v.Stripes {
			return true
		}
	}
	return false
}
