package nativetext

import (
	"math"

	"github.com/assay-pdf/assay/core"
)

// What a picture that marks a list item is, in ems of the line it marks.
const (
	// markMaxSize and markMinSize bound a mark's width and height: a
	// bullet is about a letter's size; a rule or a speck is no mark.
	markMaxSize = 1.5
	markMinSize = 0.2
	// markMaxGap is the most room between a mark and its line's text.
	markMaxGap = 2.0
	// markAlign is how far apart the left edges of one list's marks may
	// stand, and markSizeTol how much their sizes may differ (a part).
	markAlign   = 0.5
	markSizeTol = 0.2
	// minMarks is the fewest marks that make a list.
	minMarks = 2
	// minMarkingShare is the part of the pictures like a list's marks,
	// standing in line with them, that must mark lines: a notebook's
	// rings drawn down a slide's margin meet a line here and there.
	minMarkingShare = 0.75
)

// pictureMarks finds the lines of segs that a picture marks as list
// items: Word exports a picture bullet as a small image left of each
// item's first line, with no glyph of text for it, and the items read as
// one paragraph ('Bullet 1 Bullet 2 Bullet 3'). A mark is a picture
// about a letter's size (markMinSize to markMaxSize ems), apart from
// every other picture (a chart drawn in tiles marks nothing), its middle
// within a line's height, its right edge at most markMaxGap ems left of
// the line's first text with no text between, and the only such picture
// of its line. Marks count where minMarks or more of one size stand in
// line down the page, and mark lines for minMarkingShare of the
// pictures like them there. Pictures and segments are in the page's
// upright frame.
func pictureMarks(segs []*seg, pictures []core.BBox) map[*seg]bool {
	type mark struct {
		pic core.BBox
		s   *seg
	}
	var found []mark
	perLine := map[*seg]int{}
	for i, p := range pictures {
		if !standsApart(pictures, i) {
			continue
		}
		if s := markedLine(segs, p); s != nil {
			found = append(found, mark{p, s})
			perLine[s]++
		}
	}
	var marked map[*seg]bool
	for _, m := range found {
		if perLine[m.s] != 1 {
			continue
		}
		like, marking := 0, 0
		for _, o := range found {
			if sameMark(m.pic, o.pic, m.s.size) && perLine[o.s] == 1 {
				marking++
			}
		}
		for _, p := range pictures {
			if sameMark(m.pic, p, m.s.size) {
				like++
			}
		}
		if marking >= minMarks && float64(marking) >= minMarkingShare*float64(like) {
			if marked == nil {
				marked = map[*seg]bool{}
			}
			marked[m.s] = true
		}
	}
	return marked
}

// standsApart reports whether pictures[i] touches no other picture but
// one like it above or below (the bullets of a list set close): a chart
// drawn in tiles, a label on a picture's field, mark nothing.
func standsApart(pictures []core.BBox, i int) bool {
	p := pictures[i]
	for j, o := range pictures {
		if j != i && o.X0 <= p.X1+edgeSlack && o.X1 >= p.X0-edgeSlack && o.Y0 <= p.Y1+edgeSlack && o.Y1 >= p.Y0-edgeSlack &&
			!sameMark(p, o, p.Height()) {
			return false
		}
	}
	return true
}

// markedLine is the segment whose line the picture p marks, or nil.
func markedLine(segs []*seg, p core.BBox) *seg {
	mid := (p.Y0 + p.Y1) / 2
	var best *seg
	for _, s := range segs {
		if s.table != nil || s.occupant || len(s.words) == 0 || mid < s.b.Y0 || mid > s.b.Y1 || s.b.X0 < p.X1-edgeSlack {
			continue
		}
		if best == nil || s.b.X0 < best.b.X0 {
			best = s
		}
	}
	if best == nil {
		return nil
	}
	em := max(best.size, 1)
	w, h := p.Width(), p.Height()
	if w > markMaxSize*em || h > markMaxSize*em || w < markMinSize*em || h < markMinSize*em ||
		best.b.X0-p.X1 > markMaxGap*em || textLeftOf(segs, best, p) {
		return nil
	}
	return best
}

// textLeftOf reports whether some text on s's line stands left of s over
// the picture p: a picture inside a line marks nothing.
func textLeftOf(segs []*seg, s *seg, p core.BBox) bool {
	for _, o := range segs {
		if o != s && o.table == nil && !o.occupant && o.b.Y0 < s.b.Y1 && o.b.Y1 > s.b.Y0 && o.b.X1 > p.X0-edgeSlack && o.b.X0 < s.b.X0 {
			return true
		}
	}
	return false
}

// sameMark reports whether two pictures are marks of one list: left
// edges within markAlign ems, sizes within markSizeTol of each other.
func sameMark(a, b core.BBox, em float64) bool {
	near := func(x, y float64) bool { return math.Abs(x-y) <= markSizeTol*max(x, y) }
	return math.Abs(a.X0-b.X0) <= markAlign*max(em, 1) && near(a.Width(), b.Width()) && near(a.Height(), b.Height())
}
