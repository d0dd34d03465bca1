package tableformer

import (
	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/recovered"
)

// gridShare: a grid is the region's table when it holds at least this
// share of the region's words; a smaller one is a box inside the table
// or beside it.
const gridShare = 0.6

// Structure builds the table in a region: from the rulings framing it
// when there are some (Lattice), from the alignment of its words
// otherwise (Stream). Callers that found the region themselves (a
// layout model's table detector) call it with the words inside the
// region. It returns nil when the words do not make a table. A panic is
// recovered as nil: a region that breaks the structure code is read as
// text. A heading cut at its word spaces over a group of repeated
// titles is one cell (SpanGroupHeadings); a table set in bands side by
// side is read band after band (Unsnake).
func Structure(in Input) (t *core.Table) {
	defer func() {
		if r := recover(); r != nil {
			recovered.Note("tableformer: structure", r)
			t = nil
		}
	}()
	t = structure(in)
	SpanGroupHeadings(t)
	return Unsnake(t)
}

// structure is Structure's table, as the page sets it.
func structure(in Input) *core.Table {
	ws := prepare(in.Words)
	if len(ws) == 0 {
		return nil
	}
	region := in.Region
	if region.Empty() {
		region = wordsBox(ws)
	}
	if g, ok := regionGrid(in.Rulings, region, ws); ok {
		if t := Lattice(g, in.Words, in.Em); t != nil {
			return t
		}
		if inner, ok := InnerGrid(g); ok {
			if t := Lattice(inner, in.Words, in.Em); t != nil {
				return t
			}
		}
	}
	t, _ := Stream(in.Words, in.Em)
	return t
}

// regionGrid is the grid holding most of the region's words, if any.
func regionGrid(rulings []Ruling, region core.BBox, ws []word) (Grid, bool) {
	pad := core.BBox{X0: region.X0 - edgeTol, Y0: region.Y0 - edgeTol, X1: region.X1 + edgeTol, Y1: region.Y1 + edgeTol}
	var near []Ruling
	for _, r := range rulings {
		if crossesBox(r, pad) {
			near = append(near, r)
		}
	}
	best, bestN := Grid{}, 0
	for _, g := range Grids(near) {
		if n := len(inside(ws, g.Box)); n > bestN {
			best, bestN = g, n
		}
	}
	return best, bestN > 0 && float64(bestN) >= gridShare*float64(len(ws))
}

// crossesBox reports whether a ruling runs through box.
func crossesBox(r Ruling, b core.BBox) bool {
	if r.Horizontal {
		return r.Pos >= b.Y0 && r.Pos <= b.Y1 && r.Hi >= b.X0 && r.Lo <= b.X1
	}
	return r.Pos >= b.X0 && r.Pos <= b.X1 && r.Hi >= b.Y0 && r.Lo <= b.Y1
}
