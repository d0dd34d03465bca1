package nativetext

import (
	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// Tables: the structure (rows, columns, spans, header rows) is decided by
// package tableformer, shared with the layout model's table stage; this
// file adapts the layout's segments to it and puts each table into the
// reading order as one placeholder segment.

// rulings converts the page's edges to tableformer's rulings.
func rulings(edges []edge) []tableformer.Ruling {
	out := make([]tableformer.Ruling, 0, len(edges))
	for _, e := range edges {
		out = append(out, tableformer.Ruling{Horizontal: e.horiz, Pos: e.pos, Lo: e.lo, Hi: e.hi, Fill: e.fill})
	}
	return out
}

// segWords lists the words of segments.
func segWords(segs []*seg) []core.Word {
	n := 0
	for _, s := range segs {
		n += len(s.words)
	}
	ws := make([]core.Word, 0, n)
	for _, s := range segs {
		ws = append(ws, s.words...)
	}
	return ws
}

// ruledTables finds tables framed by ruling lines among the segments of
// the main (horizontal) direction. It returns the segments left over and
// one placeholder segment per table, which the reading order places like
// any other segment.
func ruledTables(segs []*seg, edges []edge, em float64, nextLine *int) []*seg {
	grids := tableformer.Grids(rulings(edges))
	if len(grids) == 0 {
		return segs
	}
	used := make([]bool, len(segs))
	var placeholders []*seg
	for _, g := range grids {
		in, idx := segsIn(segs, used, g.Box)
		if len(in) < 2 {
			continue
		}
		t := tableformer.Lattice(g, segWords(in), em)
		if t == nil {
			continue
		}
		for _, i := range idx {
			used[i] = true
		}
		*nextLine++
		placeholders = append(placeholders, &seg{
			b: g.Box, size: em, line: -*nextLine,
			table: &core.Block{Kind: core.KindTable, BBox: g.Box, Table: t},
		})
	}
	if len(placeholders) == 0 {
		return segs
	}
	out := make([]*seg, 0, len(segs))
	for i, s := range segs {
		if !used[i] {
			out = append(out, s)
		}
	}
	return append(out, placeholders...)
}

// segsIn lists the unused segments whose centres lie inside box, and
// their indices.
func segsIn(segs []*seg, used []bool, box core.BBox) ([]*seg, []int) {
	var in []*seg
	var idx []int
	for i, s := range segs {
		if used[i] {
			continue
		}
		cx, cy := (s.b.X0+s.b.X1)/2, (s.b.Y0+s.b.Y1)/2
		if cx > box.X0 && cx < box.X1 && cy > box.Y0 && cy < box.Y1 {
			in = append(in, s)
			idx = append(idx, i)
		}
	}
	return in, idx
}

// textTable builds a table from a group of segments whose columns line up
// (a borderless table). Lines at the top and bottom that cross the
// columns (a caption, the end of a paragraph) are left out and returned
// to be read before and after the table. tb is nil when the group does
// not make a table.
func textTable(group []*seg, em float64) (tb *core.Block, before, after []*seg) {
	t, box := tableformer.Stream(segWords(group), em)
	if t == nil {
		return nil, nil, nil
	}
	for _, s := range group {
		switch cy := (s.b.Y0 + s.b.Y1) / 2; {
		case cy < box.Y0:
			before = append(before, s)
		case cy > box.Y1:
			after = append(after, s)
		}
	}
	return &core.Block{Kind: core.KindTable, BBox: box, Table: t}, before, after
}
