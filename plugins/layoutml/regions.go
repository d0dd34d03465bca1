package layoutml

import (
	"math"
	"slices"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/layoutml/detect"
	"github.com/assay-pdf/assay/plugins/nativetext"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// minLineShare is the share of a line's box a region must cover for the
// line to belong to it: more than half, so a line belongs to one region.
const minLineShare = 0.5

// keepTableShare: a table the geometric layout built that covers at least
// this share of a model's table region is kept as it is.
const keepTableShare = 0.5

// regionOf is the index of the region covering most of box (at least
// minLineShare of it), -1 when none does.
func regionOf(box core.BBox, regions []detect.Region) int {
	best, bestArea := -1, minLineShare*box.Area()
	for i, r := range regions {
		if a := box.Intersect(r.Box).Area(); a > bestArea {
			best, bestArea = i, a
		}
	}
	return best
}

// tablesFromRegions puts a table block in the reading order for each
// table region the geometric layout did not already read as a table: the
// text lines inside the region make way for the table tableformer builds
// from their words and the page's rulings.
func tablesFromRegions(blocks []core.Block, regions []detect.Region, cells *nativetext.Cells) []core.Block {
	for _, reg := range regions {
		if reg.Kind != core.KindTable || coveredByTable(blocks, reg.Box) {
			continue
		}
		blocks = replaceWithTable(blocks, reg.Box, cells)
	}
	return blocks
}

// coveredByTable reports whether a table block already covers much of box.
func coveredByTable(blocks []core.Block, box core.BBox) bool {
	for _, b := range blocks {
		if b.Kind == core.KindTable && b.BBox.Intersect(box).Area() >= keepTableShare*box.Area() {
			return true
		}
	}
	return false
}

// replaceWithTable takes the lines inside box out of their blocks and puts
// the table built from their words where the first of them was. Nothing
// changes when the words make no table.
func replaceWithTable(blocks []core.Block, box core.BBox, cells *nativetext.Cells) []core.Block {
	var words []core.Word
	at := -1
	out := make([]core.Block, 0, len(blocks)+1)
	for _, b := range blocks {
		if b.Kind == core.KindTable || b.Kind == core.KindFigure {
			out = append(out, b)
			continue
		}
		kept := b
		kept.Lines = nil
		for _, l := range b.Lines {
			if regionOf(l.BBox, []detect.Region{{Box: box}}) < 0 {
				kept.Lines = append(kept.Lines, l)
				continue
			}
			if at < 0 {
				at = len(out)
			}
			words = append(words, l.Words...)
		}
		if len(kept.Lines) > 0 {
			kept.BBox = linesBox(kept.Lines)
			out = append(out, kept)
		}
	}
	// Em 0: tableformer takes the words' median size itself.
	t := tableformer.Structure(tableformer.Input{Words: words, Rulings: cells.Rulings(), Region: box})
	if t == nil || at < 0 {
		return blocks
	}
	tb := core.Block{Kind: core.KindTable, BBox: box, Table: t}
	return slices.Insert(out, at, tb)
}

// assignRegions gives text blocks the kind of the region their lines lie
// in. A block whose lines fall in different regions is split; lines of one
// region that follow each other in the reading order form one block.
// Lines in no region keep their block and kind. A figure region with no
// figure block is added as one.
func assignRegions(blocks []core.Block, regions []detect.Region) []core.Block {
	var out []core.Block
	last := -2 // region of the block being built; -2: none
	for _, b := range blocks {
		if b.Kind == core.KindTable || b.Kind == core.KindFigure || len(b.Lines) == 0 {
			out, last = append(out, b), -2
			continue
		}
		for _, l := range b.Lines {
			r := regionOf(l.BBox, regions)
			switch {
			case r >= 0 && r == last:
				cur := &out[len(out)-1]
				cur.Lines = append(cur.Lines, l)
				cur.BBox = cur.BBox.Union(l.BBox)
			case r >= 0:
				out = append(out, regionBlock(regions[r], l))
			default:
				out = appendUnassigned(out, b, l, last == -1)
			}
			last = r
		}
		last = -2 // a new geometric block starts a new block
	}
	return append(out, missingFigures(out, regions)...)
}

// appendUnassigned adds a line in no region to the block it came from
// (cont: the previous line was of that block and in no region too).
func appendUnassigned(out []core.Block, from core.Block, l core.Line, cont bool) []core.Block {
	if cont {
		cur := &out[len(out)-1]
		cur.Lines = append(cur.Lines, l)
		cur.BBox = cur.BBox.Union(l.BBox)
		return out
	}
	b := from
	b.Lines, b.BBox = []core.Line{l}, l.BBox
	return append(out, b)
}

// regionBlock starts a block of a region's kind with its first line. A
// heading gets the provisional level the document pass ranks (minus ten
// times its size).
func regionBlock(r detect.Region, l core.Line) core.Block {
	b := core.Block{Kind: r.Kind, BBox: l.BBox, Lines: []core.Line{l}}
	switch r.Kind {
	case core.KindTable, core.KindFigure:
		b.Kind = core.KindParagraph // text the table stage did not take
	case core.KindHeading:
		var sizes []float64
		for _, w := range l.Words {
			sizes = append(sizes, w.Size)
		}
		b.Level = -int(math.Round(median(sizes) * 10))
	}
	return b
}

// missingFigures are figure blocks for figure regions no figure block
// overlaps.
func missingFigures(blocks []core.Block, regions []detect.Region) []core.Block {
	var out []core.Block
	for _, r := range regions {
		if r.Kind != core.KindFigure {
			continue
		}
		found := false
		for _, b := range blocks {
			if b.Kind == core.KindFigure && b.BBox.Intersect(r.Box).Area() > 0 {
				found = true
				break
			}
		}
		if !found {
			out = append(out, core.Block{Kind: core.KindFigure, BBox: r.Box})
		}
	}
	return out
}

func linesBox(ls []core.Line) core.BBox {
	var b core.BBox
	for _, l := range ls {
		b = b.Union(l.BBox)
	}
	return b
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}
