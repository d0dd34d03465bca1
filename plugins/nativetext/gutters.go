package nativetext

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/assay-pdf/assay/core"
)

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
	// tallGutterLines: a strip an em wide or more between running text
	// (proseColumn) on both sides, level on this many lines, is a gutter,
	// ragged or not. A river needs a word space stretched that wide on
	// every one of them, at one x; two columns of ragged-right prose with
	// lists (bullets and their turned lines start at three x) show
	// neither side aligned. Short entries (an index, a typed table,
	// vertical CJK) keep to the alignment test.
	tallGutterLines = 12
	tallGutterWidth = 1.0
)

// tallGutterNeeds is how wide, in ems, a ragged strip between prose
// columns must be to be a gutter when across lines lie level on both
// sides of it (tallGutterLines): a river is the less likely the more
// lines it must run down at one x, so over more lines than
// tallGutterLines it need only be tallGutterWidth·tallGutterLines/across
// ems wide, down to a candidate's minCandidateGutter. A Nature column
// that a figure narrows halfway down ends at two x, and so does the
// column beside it; the 0.92 em blank between them on 53 lines was taken
// for a river, and the first lines of three columns were read as rows.
// A strip that leader dots lead across (ledAcross) is no gutter so: the
// dots join their entry to the page number beyond.
func tallGutterNeeds(across int) float64 {
	return max(minCandidateGutter, tallGutterWidth*tallGutterLines/float64(max(across, 1)))
}

// ledAcross reports whether a line's nearest segment left of the strip g
// ends in leader dots ('Verify work eligibility . . . . . . .'), which
// lead the eye across the strip to a number: a checklist's or a
// contents' entries, not a column beside another.
func ledAcross(group []*seg, g span) bool {
	left, _ := besideStrip(group, g)
	for _, s := range left {
		if endsInLeaders(s.words) {
			return true
		}
	}
	return false
}

// besideStrip gives, for each line of group, its segment nearest the
// strip g on the left and its nearest on the right, in the order of the
// lines' numbers (a line with nothing on a side has no entry there).
func besideStrip(group []*seg, g span) (left, right []*seg) {
	if len(group) == 0 {
		return nil, nil
	}
	lo, hi := group[0].line, group[0].line
	for _, s := range group {
		lo, hi = min(lo, s.line), max(hi, s.line)
	}
	left, right = make([]*seg, hi-lo+1), make([]*seg, hi-lo+1)
	for _, s := range group {
		k := s.line - lo
		switch {
		case g.leftOf(s.b):
			if x := left[k]; x == nil || s.b.X1 > x.b.X1 {
				left[k] = s
			}
		case g.rightOf(s.b):
			if x := right[k]; x == nil || s.b.X0 < x.b.X0 {
				right[k] = s
			}
		}
	}
	isNil := func(s *seg) bool { return s == nil }
	return slices.DeleteFunc(left, isNil), slices.DeleteFunc(right, isNil)
}

// endsInLeaders reports whether words end in leader dots: the words of
// dots alone at their end hold leaders (a word of four dots or more, or
// minSpacedLeaders of them).
func endsInLeaders(words []core.Word) bool {
	k := len(words)
	for k > 0 && words[k-1].Text != "" && strings.Trim(words[k-1].Text, ".") == "" {
		k--
	}
	return leaders(words[k:])
}

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
		switch ev, across := sideAligned(group, g, em); {
		case ev == evidenceAligned, across >= tallGutterLines && w >= tallGutterWidth*em && proseBeside(group, g),
			across > tallGutterLines && w >= tallGutterNeeds(across)*em && proseBeside(group, g) && !ledAcross(group, g):
			out = append(out, g)
		case ev == evidenceNone:
			if w >= noEvidenceGutter*em {
				out = append(out, g)
			}
		}
	}
	return out
}

// proseBeside reports whether the segments of group left of the strip g,
// and those right of it, each read as running text (proseColumn).
func proseBeside(group []*seg, g span) bool {
	var left, right []*seg
	for _, s := range group {
		switch {
		case g.leftOf(s.b):
			left = append(left, s)
		case g.rightOf(s.b):
			right = append(right, s)
		}
	}
	return proseColumn(left) && proseColumn(right)
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
// say nothing about it. across is the number of lines with text level on
// both sides, the more of the two sides' counts.
func sideAligned(group []*seg, g span, em float64) (ev evidence, across int) {
	left, right := besideStrip(group, g)
	var ends, lcent, starts, rcent []float64
	level := levelsOf(right)
	for _, s := range left {
		if level.withAny(s) {
			ends = append(ends, s.b.X1)
			lcent = append(lcent, (s.b.X0+s.b.X1)/2)
		}
	}
	level = levelsOf(left)
	for _, s := range right {
		if level.withAny(s) {
			starts = append(starts, s.b.X0)
			rcent = append(rcent, (s.b.X0+s.b.X1)/2)
		}
	}
	across = max(len(ends), len(starts))
	switch {
	case len(ends) < minAlignLines && len(starts) < minAlignLines:
		return evidenceNone, across
	case aligned(ends, em) || aligned(starts, em) || aligned(lcent, em) || aligned(rcent, em):
		return evidenceAligned, across
	}
	return evidenceRagged, across
}

// levels are the vertical extents of a set of segments, sorted by their
// tops, each with the lowest bottom of it and those above it: whether a
// segment lies level with some segment of the set is then a search, not
// a pass over the set for every segment asked about.
type levels struct {
	tops    []float64 // Y0, ascending
	reaches []float64 // reaches[i]: the greatest Y1 of the first i+1
}

func levelsOf(segs []*seg) levels {
	boxes := make([][2]float64, len(segs))
	for i, s := range segs {
		boxes[i] = [2]float64{s.b.Y0, s.b.Y1}
	}
	slices.SortFunc(boxes, func(p, q [2]float64) int { return cmp.Compare(p[0], q[0]) })
	l := levels{tops: make([]float64, len(boxes)), reaches: make([]float64, len(boxes))}
	for i, b := range boxes {
		l.tops[i], l.reaches[i] = b[0], b[1]
		if i > 0 {
			l.reaches[i] = max(l.reaches[i], l.reaches[i-1])
		}
	}
	return l
}

// withAny reports whether some segment of the set overlaps s vertically:
// of those whose tops lie above s's bottom, one reaches below s's top.
func (l levels) withAny(s *seg) bool {
	k, _ := slices.BinarySearch(l.tops, s.b.Y1)
	return k > 0 && l.reaches[k-1] > s.b.Y0
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

// monoGutterCells: in text set in a fixed-pitch font every character,
// the space too, takes one cell, so the words of neighbouring lines start
// on one grid, and a single space between two of them is a cell wide
// (0.6 em in Courier): wider than minCandidateGutter, and lined up with
// starts above and below, it would pass for a column's left edge, and a
// listing would be cut into columns at its spaces. A gap of fewer cells
// than this between fixed-pitch glyphs is a word space; two spaces and
// more, as a plain-text table puts between its columns, may still part
// columns.
const monoGutterCells = 1.5

// monoWordGap says whether gap, before glyph k of line ln and after glyph
// ink (the last before it that is not a space; -1: none), is a word space
// of fixed-pitch text: both glyphs are set in fixed-pitch fonts and gap
// is under monoGutterCells of their cells, the wider of the two.
func monoWordGap(ln []fg, ink, k int, gap float64) bool {
	if ink < 0 || ln[ink].g.flags&ln[k].g.flags&core.FlagMonospace == 0 {
		return false
	}
	cell := max(ln[ink].b.X1-ln[ink].b.X0, ln[k].b.X1-ln[k].b.X0)
	return gap < monoGutterCells*cell
}

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
		ink := -1
		for k := range ln {
			if ln[k].g.space {
				continue
			}
			size := max(1, ln[k].g.size)
			if gap := ln[k].b.X0 - maxX; maxX == math.Inf(-1) || gap > minCandidateGutter*size && !monoWordGap(ln, ink, k, gap) {
				out.xs[li] = append(out.xs[li], ln[k].b.X0)
			}
			maxX = max(maxX, ln[k].b.X1)
			ink = k
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

// listingReach: a line whose baseline lies within this many line pitches
// of the line next to it belongs to the same run of lines (a listing's
// next line, or a blank line of it that holds only its number); a caption
// or a heading over a table stands farther off, past a blank line.
const listingReach = 1.6

// dropIndents drops from gut the strips that are indentation, not
// gutters, in the group of slabs i to j: where the group is set wholly in
// a fixed-pitch font, a strip that a fixed-pitch line of the same run
// crosses (crossed) is the indent of a listing's nested lines after their
// line numbers, or the blank before comments lined up in a column, where
// a line too long for the column runs across it. Columns of text are
// crossed by no line.
func dropIndents(slabs [][]*seg, i, j int, gut []span) []span {
	if len(gut) == 0 || !fixedPitchSlabs(slabs[i:j]) {
		return gut
	}
	pitch := linePitch(slabs[i:j])
	var out []span
	for _, g := range gut {
		if !crossed(slabs, i-1, -1, slabTop(slabs[i]), g, pitch) && !crossed(slabs, j, 1, slabTop(slabs[j-1]), g, pitch) {
			out = append(out, g)
		}
	}
	return out
}

// crossed walks the slabs from k in direction dir while each lies within
// listingReach pitches of the one before (the first: of top), past lines
// that end before the strip g (a listing's blank lines, which hold only
// their numbers), and says whether the first that reaches g has a
// fixed-pitch segment running across its middle.
func crossed(slabs [][]*seg, k, dir int, top float64, g span, pitch float64) bool {
	mid := (g.a + g.b) / 2
	for ; k >= 0 && k < len(slabs); k += dir {
		t := slabTop(slabs[k])
		if math.Abs(t-top) > listingReach*pitch {
			return false
		}
		top = t
		reaches := false
		for _, s := range slabs[k] {
			if s.b.X0 <= mid && s.b.X1 >= mid && monospace(s.words) {
				return true
			}
			reaches = reaches || s.b.X1 > g.a
		}
		if reaches {
			return false
		}
	}
	return false
}

// fixedPitchSlabs says whether every segment of slabs is set in a
// fixed-pitch font.
func fixedPitchSlabs(slabs [][]*seg) bool {
	for _, sl := range slabs {
		for _, s := range sl {
			if !monospace(s.words) {
				return false
			}
		}
	}
	return true
}

// slabTop is the top of a slab's first segment (slabs are sorted by it).
func slabTop(slab []*seg) float64 { return slab[0].b.Y0 }

// linePitch is the median distance between the tops of consecutive
// slabs, or for one slab the line pitch of its type (listingLeading of
// its size).
func linePitch(slabs [][]*seg) float64 {
	if len(slabs) < 2 {
		return listingLeading * max(1, slabs[0][0].size)
	}
	steps := make([]float64, 0, len(slabs)-1)
	for k := 1; k < len(slabs); k++ {
		steps = append(steps, slabTop(slabs[k])-slabTop(slabs[k-1]))
	}
	return medianInPlace(steps)
}

// listingLeading is the line pitch, in ems, taken for a group of one
// line: the leading that listings are set with (1.2) and a little over.
const listingLeading = 1.3
