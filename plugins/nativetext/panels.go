package nativetext

import (
	"cmp"
	"math"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// Panels: a page set as a grid of cards (a slide's or a web page's
// tinted boxes, two or three to a row) reads row by row, each card whole:
// card one, card two, then the cards under them. The reading order finds
// columns by their gutters, and a grid's gutter runs from its top row to
// its bottom one, so it read the cards column by column; where the rows
// differ in height, the headings of one row and the text of another
// interleaved (olmOCR's mathfuncs: 'Euler's Identity', then 'The
// Fundamental Theorem of Calculus', then 'Pythagorean Theorem'). A row
// of panels ends where each of its boxes ends: filled rectangles side by
// side, apart, whose bottoms lie on one line across most of the text's
// width with no text or picture across it. The page is read band by band
// between such lines.
const (
	// panelSlack, in points: the bottoms of one row of panels lie this
	// close to one line (a grid's boxes end on the same pixel row).
	panelSlack = 1.0
	// minPanels is the fewest boxes side by side that make a row.
	minPanels = 2
	// minPanelLines is the fewest lines of text a panel holds: a card's
	// title over a paragraph of two lines or more.
	minPanelLines = 3
)

// panelBands splits the upright segments segs by the rows of panels
// that the horizontal sides of filled rectangles among edges frame
// (panelRows): the text over each row, then each of its panels' left to
// right; the text under the last row last. It returns segs alone when
// there is no row of panels, without measuring the page's body size
// where nothing is filled (most pages).
func panelBands(segs []*seg, edges []edge, pictures []core.BBox) [][]*seg {
	if !slices.ContainsFunc(edges, func(e edge) bool { return e.horiz && e.fill }) {
		return [][]*seg{segs}
	}
	rows := panelRows(segs, fillLines(edges, bodySize(segs)), pictures)
	if len(rows) == 0 {
		return [][]*seg{segs}
	}
	gaps := make([][]*seg, len(rows)+1)
	in := make([][]*seg, len(rows))
	for _, s := range segs {
		k, _ := slices.BinarySearchFunc(rows, s.b.Y0, func(r panelRow, y float64) int { return cmp.Compare(r.bottom, y) })
		if k < len(rows) && s.b.Y0 >= rows[k].top-panelSlack {
			in[k] = append(in[k], s)
		} else {
			gaps[k] = append(gaps[k], s)
		}
	}
	var out [][]*seg
	for k, r := range rows {
		out = append(out, gaps[k])
		out = append(out, byPanel(in[k], r.pieces)...)
	}
	out = append(out, gaps[len(rows)])
	return slices.DeleteFunc(out, func(p []*seg) bool { return len(p) == 0 })
}

// panelRow is a row of panels: boxes side by side from top to bottom,
// each spanning one of pieces.
type panelRow struct {
	top, bottom float64
	pieces      []span
}

// panelRows are the rows of panels among lines (fillLines), top to
// bottom: a line of boxes' bottoms across the text (rowEnd) under a line
// of their tops, with no text or picture across either, each box holding
// minPanelLines lines of text or more. Rows do not overlap.
func panelRows(segs []*seg, lines []fillLine, pictures []core.BBox) []panelRow {
	rx0, rx1 := xExtent(segs)
	var rows []panelRow
	for i, l := range lines {
		if !rowEnd(l.pieces, rx0, rx1) || spansLine(segs, pictures, l.pos) {
			continue
		}
		top, ok := rowTop(lines[:i], l.pieces)
		if !ok || spansLine(segs, pictures, top) || len(rows) > 0 && top < rows[len(rows)-1].bottom-panelSlack {
			continue
		}
		r := panelRow{top: top, bottom: l.pos, pieces: l.pieces}
		if fullPanels(segs, r) {
			rows = append(rows, r)
		}
	}
	return rows
}

// rowTop is the position of the lowest of lines (top to bottom) whose
// pieces are pieces, within panelSlack: the tops of the boxes whose
// bottoms pieces are.
func rowTop(lines []fillLine, pieces []span) (float64, bool) {
	for k := len(lines) - 1; k >= 0; k-- {
		if samePieces(lines[k].pieces, pieces) {
			return lines[k].pos, true
		}
	}
	return 0, false
}

// samePieces reports whether a and b are the same extents, within
// panelSlack.
func samePieces(a, b []span) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if math.Abs(a[k].a-b[k].a) > panelSlack || math.Abs(a[k].b-b[k].b) > panelSlack {
			return false
		}
	}
	return true
}

// fullPanels reports whether each panel of r holds minPanelLines lines
// of text or more, among them a sentence wrapped from one line to the
// next (wrapsText): a card holds a paragraph. The cells of a table that
// are shaded apart, stacked a line apart, make boxes as tall as its
// columns, but a column of names or figures wraps no sentence.
func fullPanels(segs []*seg, r panelRow) bool {
	for _, p := range r.pieces {
		var in []*seg
		for _, s := range segs {
			if s.b.Y0 >= r.top-panelSlack && s.b.Y1 <= r.bottom+panelSlack && s.b.X0 >= p.a-panelSlack && s.b.X1 <= p.b+panelSlack {
				in = append(in, s)
			}
		}
		if !wrapsText(in) {
			return false
		}
	}
	return true
}

// wrapsText reports whether segs hold minPanelLines lines or more, one
// of which runs on into the next: it ends with no stop and the next
// starts with a small letter.
func wrapsText(segs []*seg) bool {
	first, last := map[int]*seg{}, map[int]*seg{}
	for _, s := range segs {
		if f, ok := first[s.line]; !ok || s.b.X0 < f.b.X0 {
			first[s.line] = s
		}
		if l, ok := last[s.line]; !ok || s.b.X1 > l.b.X1 {
			last[s.line] = s
		}
	}
	if len(first) < minPanelLines {
		return false
	}
	lines := make([]int, 0, len(first))
	for l := range first {
		lines = append(lines, l)
	}
	slices.SortFunc(lines, func(a, b int) int { return cmp.Compare(first[a].base, first[b].base) })
	for k := 1; k < len(lines); k++ {
		start, _ := utf8.DecodeRuneInString(first[lines[k]].text)
		if !endsSentence(last[lines[k-1]].text) && unicode.IsLower(start) {
			return true
		}
	}
	return false
}

// byPanel splits the segments of one row of panels by the panel they lie
// in (pieces, left to right): the one they overlap most, or the nearest.
func byPanel(band []*seg, pieces []span) [][]*seg {
	out := make([][]*seg, len(pieces))
	for _, s := range band {
		best, score := 0, math.Inf(-1)
		for k, p := range pieces {
			// overlap when positive, minus the distance when apart
			if v := min(p.b, s.b.X1) - max(p.a, s.b.X0); v > score {
				best, score = k, v
			}
		}
		out[best] = append(out[best], s)
	}
	return slices.DeleteFunc(out, func(p []*seg) bool { return len(p) == 0 })
}

// fillLine is a line the horizontal sides of filled rectangles lie on:
// its position and the pieces along it, joined where they meet.
type fillLine struct {
	pos    float64
	pieces []span
}

// fillLines are the lines that the horizontal sides of filled rectangles
// at least minColWidth ems wide lie on, top to bottom.
func fillLines(edges []edge, em float64) []fillLine {
	var hs []edge
	for _, e := range edges {
		if e.horiz && e.fill && e.hi-e.lo >= minColWidth*em {
			hs = append(hs, e)
		}
	}
	slices.SortFunc(hs, func(a, b edge) int { return cmp.Compare(a.pos, b.pos) })
	var out []fillLine
	for i := 0; i < len(hs); {
		j := i + 1
		for j < len(hs) && hs[j].pos-hs[i].pos <= panelSlack {
			j++
		}
		out = append(out, fillLine{pos: hs[i].pos, pieces: joinedPieces(hs[i:j])})
		i = j
	}
	return out
}

// joinedPieces are the extents of edges along their line, those that
// meet or overlap (within pieceSlack) joined, left to right.
func joinedPieces(es []edge) []span {
	ps := make([]span, 0, len(es))
	for _, e := range es {
		ps = append(ps, span{e.lo, e.hi})
	}
	slices.SortFunc(ps, func(a, b span) int { return cmp.Compare(a.a, b.a) })
	out := ps[:1]
	for _, p := range ps[1:] {
		if last := &out[len(out)-1]; p.a <= last.b+pieceSlack {
			last.b = max(last.b, p.b)
			continue
		}
		out = append(out, p)
	}
	return out
}

// rowEnd reports whether pieces, apart from each other, are a row of
// panels across the text's width rx0..rx1: at least minPanels of them,
// together over acrossShare of the width.
func rowEnd(pieces []span, rx0, rx1 float64) bool {
	if len(pieces) < minPanels {
		return false
	}
	covered := 0.0
	for _, p := range pieces {
		covered += max(0, min(p.b, rx1)-max(p.a, rx0))
	}
	return covered >= acrossShare*(rx1-rx0)
}

// spansLine reports whether a segment or a picture spans the line y.
func spansLine(segs []*seg, pictures []core.BBox, y float64) bool {
	for _, s := range segs {
		if s.b.Y0 < y && s.b.Y1 > y {
			return true
		}
	}
	for _, p := range pictures {
		if p.Y0 < y && p.Y1 > y {
			return true
		}
	}
	return false
}
