package nativetext

import (
	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// Tables: the structure (rows, columns, spans, header rows) is decided by
// package tableformer, shared with the layout model's table stage; this
// file adapts the layout's segments to it and puts each table into the
// reading order as one placeholder segment.

// rulings converts the page's edges to tableformer's rulings in the axis
// frame fr, where a page's vertical edge may be a horizontal ruling.
func rulings(edges []edge, fr frame) []tableformer.Ruling {
	out := make([]tableformer.Ruling, 0, len(edges))
	for _, e := range edges {
		x0, y0, x1, y1 := e.lo, e.pos, e.hi, e.pos
		if !e.horiz {
			x0, y0, x1, y1 = e.pos, e.lo, e.pos, e.hi
		}
		x0, y0 = fr.fwd(x0, y0)
		x1, y1 = fr.fwd(x1, y1)
		r := tableformer.Ruling{Horizontal: y0 == y1, Pos: y0, Lo: min(x0, x1), Hi: max(x0, x1), Fill: e.fill}
		if !r.Horizontal {
			r.Pos, r.Lo, r.Hi = x0, min(y0, y1), max(y0, y1)
		}
		out = append(out, r)
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
// one axis direction, laid out in its frame fr: the edges and the words
// are turned into it, so that a table printed sideways on the page (a
// landscape table on a portrait page) reads by its own rows. It returns
// the segments left over and one placeholder segment per table, which
// the reading order places like any other segment.
func ruledTables(segs []*seg, edges []edge, em float64, fr frame, nextLine *int) []*seg {
	grids := tableformer.Grids(rulings(edges, fr))
	if len(grids) == 0 {
		return segs
	}
	used := make([]bool, len(segs))
	var placeholders []*seg
	for _, g := range grids {
		t, idx, cut := latticeIn(g, segs, used, em, fr)
		if t == nil {
			if inner, ok := tableformer.InnerGrid(g); ok {
				t, idx, cut = latticeIn(inner, segs, used, em, fr)
			}
		}
		g = cut
		if t == nil {
			continue
		}
		for _, i := range idx {
			used[i] = true
		}
		for i := range t.Cells {
			t.Cells[i].BBox = fr.unbox(t.Cells[i].BBox)
		}
		*nextLine++
		placeholders = append(placeholders, &seg{
			b: g.Box, size: em, line: -*nextLine, fr: fr,
			table: &core.Block{Kind: core.KindTable, BBox: fr.unbox(g.Box), Table: t},
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

// latticeIn is the table the grid g frames from the unused segments
// inside it (tableformer.Lattice), those segments' indices, and the grid
// it was read from: g without the bands of prose over and under its rows
// (tableformer.TrimCaptions), which stay text. The table is nil when g
// frames none.
func latticeIn(g tableformer.Grid, segs []*seg, used []bool, em float64, fr frame) (*core.Table, []int, tableformer.Grid) {
	in, idx := segsIn(segs, used, g.Box)
	if len(in) < 2 {
		return nil, nil, g
	}
	words := framedWords(segWords(in), fr)
	if trimmed, ok := tableformer.TrimCaptions(g, words, em); ok {
		g = trimmed
		if in, idx = segsIn(segs, used, g.Box); len(in) < 2 {
			return nil, nil, g
		}
		words = framedWords(segWords(in), fr)
	}
	return tableformer.Lattice(g, words, em), idx, g
}

// framedWords is words with their boxes turned into the frame fr.
func framedWords(words []core.Word, fr frame) []core.Word {
	if fr == 0 {
		return words
	}
	for i := range words {
		words[i].BBox = fr.box(words[i].BBox)
	}
	return words
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
	before, after = around(group, box)
	return &core.Block{Kind: core.KindTable, BBox: box, Table: t}, before, after
}

// around parts the segments of a group that a table left out: those whose
// centres lie above its box (a caption, a paragraph's end) and below it.
func around(group []*seg, box core.BBox) (before, after []*seg) {
	for _, s := range group {
		switch cy := (s.b.Y0 + s.b.Y1) / 2; {
		case cy < box.Y0:
			before = append(before, s)
		case cy > box.Y1:
			after = append(after, s)
		}
	}
	return before, after
}
