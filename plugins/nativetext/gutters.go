package nativetext

import "math"

// Column gutters are told from rivers by the edges beside them. Justified
// prose in narrow columns spreads its word spaces wide, and spaces on
// neighbouring lines line up now and then into a "river": a blank strip
// as wide as a gutter over a few lines. A gutter between columns (of
// prose or of a table) has text aligned against one side of it on most
// lines: the next column's left edges, or the right edges of justified
// text or of right-aligned numbers. A river has ragged word edges on both
// sides. So a blank strip is a gutter when it is wide, or when one of its
// sides is aligned; over too few lines to tell, when it is wider than the
// word spaces of justified text stretch to (noEvidenceGutter).
const (
	// minCandidateGutter: blank strips narrower than this (in ems) are
	// never gutters: Chromium sets a 14 px column gap at 13 px text, and
	// glyph boxes eat into it (about 0.8 em is left).
	minCandidateGutter = 0.5
	// wideGutter: a strip at least this wide (in ems) is a gutter with no
	// further evidence; a river that wide over several lines does not
	// happen in running text.
	wideGutter = 2.5
	// noEvidenceGutter: over fewer lines than minAlignLines, a strip this
	// wide (in ems) is a gutter: justified word spaces stretch to about an
	// em, seldom more.
	noEvidenceGutter = 1.5
	// alignTol: edges within this many ems of the gutter's side are
	// aligned against it.
	alignTol = 0.3
	// minAlignedShare of the lines beside a gutter, on one side, must be
	// aligned; paragraph indents and short last lines make up the rest.
	minAlignedShare = 0.6
	// minAlignLines: alignment is evidence only over at least this many
	// lines; over fewer, a strip must be wide.
	minAlignLines = 3
)

// realGutters keeps the strips of gut that are gutters of group: wide
// ones, and narrower ones with one side aligned, or at least
// noEvidenceGutter ems wide where too few lines lie across them to tell.
func realGutters(group []*seg, gut []span, em float64) []span {
	var out []span
	for _, g := range gut {
		w := g.b - g.a
		if w >= wideGutter*em {
			out = append(out, g)
			continue
		}
		switch sideAligned(group, g, em) {
		case evidenceAligned:
			out = append(out, g)
		case evidenceNone:
			if w >= noEvidenceGutter*em {
				out = append(out, g)
			}
		}
	}
	return out
}

// evidence is what the lines beside a strip say about it.
type evidence int

const (
	evidenceNone    evidence = iota // too few lines lie across it
	evidenceAligned                 // one side is aligned: a gutter
	evidenceRagged                  // both sides ragged: a river
)

// sideAligned says whether, beside the strip g, the text is aligned
// against it on most lines that have text across it (a line on one side
// with some line of the other side level with it; baselines of
// neighbouring columns need not match): the nearest segments to its left
// end at one x (justified text, right-aligned numbers) or are centred on
// one x (centred cells), or the nearest to its right start at one x (the
// next column's left edge) or are centred on one. Lines with nothing
// level with them across the strip (a short line of prose, a caption)
// say nothing about it.
func sideAligned(group []*seg, g span, em float64) evidence {
	left := map[int]*seg{}  // line → nearest segment left of g
	right := map[int]*seg{} // line → nearest segment right of g
	for _, s := range group {
		switch {
		case s.b.X1 <= g.a+0.01:
			if x, ok := left[s.line]; !ok || s.b.X1 > x.b.X1 {
				left[s.line] = s
			}
		case s.b.X0 >= g.b-0.01:
			if x, ok := right[s.line]; !ok || s.b.X0 < x.b.X0 {
				right[s.line] = s
			}
		}
	}
	var ends, lcent, starts, rcent []float64
	for _, s := range left {
		if levelWithAny(s, right) {
			ends = append(ends, s.b.X1)
			lcent = append(lcent, (s.b.X0+s.b.X1)/2)
		}
	}
	for _, s := range right {
		if levelWithAny(s, left) {
			starts = append(starts, s.b.X0)
			rcent = append(rcent, (s.b.X0+s.b.X1)/2)
		}
	}
	switch {
	case len(ends) < minAlignLines && len(starts) < minAlignLines:
		return evidenceNone
	case aligned(ends, em) || aligned(starts, em) || aligned(lcent, em) || aligned(rcent, em):
		return evidenceAligned
	}
	return evidenceRagged
}

// levelWithAny reports whether some segment of other overlaps s
// vertically.
func levelWithAny(s *seg, other map[int]*seg) bool {
	for _, o := range other {
		if o.b.Y0 < s.b.Y1 && s.b.Y0 < o.b.Y1 {
			return true
		}
	}
	return false
}

// aligned reports whether, over at least minAlignLines values, at least
// minAlignedShare lie within alignTol ems of their median.
func aligned(xs []float64, em float64) bool {
	if len(xs) < minAlignLines {
		return false
	}
	m := median(xs)
	n := 0
	for _, x := range xs {
		if math.Abs(x-m) <= alignTol*em {
			n++
		}
	}
	return float64(n) >= minAlignedShare*float64(len(xs))
}

// Column starts are checked among the lines near a line: a column's left
// edge runs down line after line, while words after wide spaces in
// justified text start at the same x only by chance, and on a full page of
// narrow columns that chance adds up. Neighbouring columns need not share
// baselines, so "near" is a distance, not a count of baselines.
const (
	neighbourEms  = 5 // baselines within this many ems above and below
	minNeighbours = 2 // of which at least this many start at the x too
)

// lineStarts holds, per baseline cluster (in baseline order), its
// baseline and the x where text starts: the line's first glyph and every
// glyph after a gap of at least minCandidateGutter ems.
type lineStarts struct {
	base []float64
	xs   [][]float64
}

// columnEdges finds where text starts on each line.
func columnEdges(lines [][]fg) lineStarts {
	out := lineStarts{base: make([]float64, len(lines)), xs: make([][]float64, len(lines))}
	for li, ln := range lines {
		if len(ln) > 0 {
			out.base[li] = ln[0].oy
		}
		maxX := math.Inf(-1)
		for k := range ln {
			if ln[k].g.space {
				continue
			}
			size := max(1, ln[k].g.size)
			if maxX == math.Inf(-1) || ln[k].b.X0-maxX > minCandidateGutter*size {
				out.xs[li] = append(out.xs[li], ln[k].b.X0)
			}
			maxX = max(maxX, ln[k].b.X1)
		}
	}
	return out
}

// starts reports whether text starting at x on line li starts where text
// also starts on at least minNeighbours of the lines within neighbourEms
// of it (within alignTol ems): the left edge of a column.
func (ls lineStarts) starts(li int, x, size float64) bool {
	tol, reach := alignTol*size, neighbourEms*size
	n := 0
	for _, dir := range [2]int{-1, 1} {
		for l := li + dir; l >= 0 && l < len(ls.base) && math.Abs(ls.base[l]-ls.base[li]) <= reach; l += dir {
			for _, v := range ls.xs[l] {
				if math.Abs(v-x) <= tol {
					n++
					break
				}
			}
		}
	}
	return n >= minNeighbours
}
