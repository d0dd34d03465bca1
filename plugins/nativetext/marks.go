package nativetext

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/assay-pdf/assay/internal/textclean"
)

// Raised and lowered marks: footnote references ("시행된³⁾", "shown²"),
// ordinal and chemical indices, set smaller than their line and off its
// baseline. A mark raised by more than baselineTol, or one whose baseline
// falls nearer another column's line than its own, is clustered apart
// from its line and becomes a segment of its own, which the block builder
// then takes for a paragraph between the line's paragraph halves.
const (
	markMaxGlyphs = 6    // a mark is a few characters: "12)", "a,b", "*"; a run of citations may be longer
	markRatio     = 0.85 // a mark is at most this × its line's size
	markRaise     = 0.75 // a superscript's baseline lies at most this many ems above its line's
	markDrop      = 0.35 // a subscript's, at most this many ems below
	markReach     = 0.5  // in ems: the widest gap between a mark and its line's nearest glyph
	markOverlap   = 0.15 // in the mark's ems: how far a mark may overlap a glyph of its line
)

// attachMarks puts each segment that is a raised or lowered mark into the
// segment of the line it belongs to, as word glyphs of that line, and
// drops it as a segment. A small segment that sits over its line's glyphs
// (ruby over Han characters, an accent drawn apart) is not a mark: a mark
// takes room of its own in the line.
func attachMarks(segs []*seg, fr frame) []*seg {
	changed := false
	var order *byBase
	for i, s := range segs {
		if !markShaped(s) {
			continue
		}
		if order == nil {
			order = byBaseOf(segs)
		}
		h := order.hostOf(segs, i)
		if h < 0 {
			continue
		}
		host := segs[h]
		merged := make([]fg, 0, len(host.gl)+len(s.gl))
		merged = append(append(merged, host.gl...), s.gl...)
		slices.SortStableFunc(merged, func(a, b fg) int { return cmp.Compare(a.b.X0, b.b.X0) })
		ns := newSeg(merged, fr)
		ns.line = host.line
		segs[h], segs[i] = ns, nil
		order.merged(segs, h, i)
		changed = true
	}
	if !changed {
		return segs
	}
	return slices.DeleteFunc(segs, func(s *seg) bool { return s == nil })
}

// markShaped reports a segment of a few glyphs, all of one small size.
func markShaped(s *seg) bool {
	if s == nil || len(s.words) == 0 || len(s.words) > 2 {
		return false
	}
	n := 0
	for _, g := range s.gl {
		if !g.g.space {
			n++
		}
		if g.g.size > s.size*1.01 {
			return false
		}
	}
	return n > 0 && (n <= markMaxGlyphs || citations(s.text) || noteNumbers(s.text))
}

// noteNumbers reports whether text is a list of notes' numbers, commas
// between them and notes' marks after them ('10,11,16', '4,12,17*'):
// a paper's author is marked with each of her affiliations, and a
// sentence with each work it cites, eight glyphs and more. Set apart as
// a segment of its own, the list was read as a paragraph between the
// halves of its line.
func noteNumbers(text string) bool {
	nums := strings.TrimRight(text, noteMarks)
	if nums == "" || !strings.Contains(nums, ",") {
		return false
	}
	for part := range strings.SplitSeq(nums, ",") {
		if part == "" || strings.Trim(part, "0123456789") != "" {
			return false
		}
	}
	return true
}

// noteMarks are the marks a note's number may carry.
const noteMarks = textclean.NoteMarks

// noteSymbol reports whether a word is one of noteMarks alone ('*', '†').
func noteSymbol(text string) bool {
	return utf8.RuneCountInString(text) == 1 && strings.Contains(noteMarks, text)
}

// citations reports whether text is a run of numbered references, each
// as citeNumber reads one ('[12][13]', '[4],[5]'): Wikipedia sets two or
// three of them after a word, raised, eight glyphs and more. At a line's
// end, where no glyph of the line followed them, they were clustered
// with the next column's line at their height, and read as a paragraph
// of their own between the halves of their sentence
// ('Nextcloud,' / '[12][13]' / 'and as browser extensions').
func citations(text string) bool {
	if !strings.HasPrefix(text, "[") {
		return false
	}
	for part := range strings.SplitSeq(strings.ReplaceAll(text, ",", ""), "]") {
		if part != "" && !citeNumber(part+"]") {
			return false
		}
	}
	return true
}

// byBase holds the indices of a page's segments in the order of their
// baselines, and their largest size: a mark's host has its baseline
// within markRaise of that size below the mark's or markDrop above it, so
// hostOf looks only there, not at every segment of the page for every
// mark.
type byBase struct {
	idx     []int
	maxSize float64
}

func byBaseOf(segs []*seg) *byBase {
	o := &byBase{idx: make([]int, len(segs))}
	for i, s := range segs {
		o.idx[i] = i
		o.maxSize = max(o.maxSize, s.size)
	}
	slices.SortFunc(o.idx, func(a, b int) int { return cmp.Compare(segs[a].base, segs[b].base) })
	return o
}

// from is the first place in o whose segment's baseline is base or more.
func (o *byBase) from(segs []*seg, base float64) int {
	k, _ := slices.BinarySearchFunc(o.idx, base, func(i int, b float64) int { return cmp.Compare(segs[i].base, b) })
	return k
}

// merged puts segs[h], which now holds the mark that was segs[m], at its
// baseline's place, and drops m.
func (o *byBase) merged(segs []*seg, h, m int) {
	o.idx = slices.DeleteFunc(o.idx, func(i int) bool { return i == h || i == m })
	o.idx = slices.Insert(o.idx, o.from(segs, segs[h].base), h)
	o.maxSize = max(o.maxSize, segs[h].size)
}

// hostOf is the index of the segment whose line the mark segs[m] belongs
// to, or -1: a larger segment whose baseline lies within markRaise ems
// below the mark's or markDrop ems above it, with a glyph within
// markReach ems of the mark and none under it. Of several, the nearest
// baseline wins, and of those the first.
func (o *byBase) hostOf(segs []*seg, m int) int {
	s := segs[m]
	best, bestD := -1, math.Inf(1)
	for k := o.from(segs, s.base-markDrop*o.maxSize); k < len(o.idx); k++ {
		i := o.idx[k]
		h := segs[i]
		if h.base > s.base+markRaise*o.maxSize {
			break
		}
		if i == m || h.size*markRatio < s.size || len(h.gl) <= len(s.gl) {
			continue
		}
		d := h.base - s.base // > 0: the mark is raised
		if d > markRaise*h.size || d < -markDrop*h.size || math.Abs(d) < 0.05*h.size {
			continue
		}
		if !besideGlyphs(s, h) {
			continue
		}
		if ad := math.Abs(d); ad < bestD || ad == bestD && i < best {
			best, bestD = i, ad
		}
	}
	return best
}

// besideGlyphs reports whether the mark s sits in a room of its own in the
// line h: some non-space glyph of h ends or starts within markReach of
// it, and none covers it by more than markOverlap but a script of h's
// own (scriptOf): chemistry stacks a charge over a count ('SO₄²⁻', the
// '2−' over the '4'), and the charge, read apart, was a paragraph of its
// own that cut the sentence.
func besideGlyphs(s, h *seg) bool {
	reach := markReach * h.size
	over := markOverlap * s.size
	near := false
	for _, g := range h.gl {
		if g.g.space {
			continue
		}
		if min(g.b.X1, s.b.X1)-max(g.b.X0, s.b.X0) > over && h.scriptOf(g) == onBase {
			return false
		}
		if g.b.X1 >= s.b.X0-reach && g.b.X0 <= s.b.X1+reach {
			near = true
		}
	}
	return near
}
