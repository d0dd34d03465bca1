package nativetext

import (
	"cmp"
	"math"
	"slices"
)

// A manual, a data sheet or a CV sets its headings (or its dates) in a
// narrow column of their own beside the text they head, each on the
// baseline of its paragraph's first line: docling's side_headings test
// page puts 'Package List', 'Requirements' and 'Setup and Checks' right
// aligned at the left of their paragraphs. Read as two columns, all the
// headings came first and all the paragraphs after them. Such a column
// is read item by item: each item, then the text of the other column
// from its baseline down to the next item's.
const (
	// maxSideItemLines is the most lines of one item of a side column: a
	// heading or a date wraps once or twice; more is running text.
	maxSideItemLines = 3
	// sideItemGap is how far apart, in line heights, the baselines of two
	// items of a side column are at least: each heads a paragraph of its
	// own, where a column of running text runs line after line.
	sideItemGap = 2.0
	// sideLineJoin is how far apart, in line heights, the baselines of two
	// lines of one item are at most.
	sideLineJoin = 1.6
	// sideAlign is how far apart, in line heights, the baselines of an
	// item and the line it heads may be.
	sideAlign = 0.35
	// paragraphStart is how much further apart than one line height the
	// line an item heads lies from the line above it in its column: the
	// paragraph before it ends there. A column whose lines all keep one
	// baseline grid with the side column's (a sidebar of short notes
	// beside running text) aligns its items with lines inside paragraphs.
	paragraphStart = 1.3
	// maxSideWidth is the widest a side column is, for the width of the
	// column beside it.
	maxSideWidth = 0.75
	// minHeadedLines is how many times more lines than the side column's
	// items the text they head holds at least: a heading heads a
	// paragraph. A grid of cards set two abreast (a heading, a formula, a
	// few lines each) aligns line for line with the card beside it, and
	// is read card by card.
	minHeadedLines = 2
)

// sideColumn reads cols, a group of two columns, as a side column of
// items and the text they head, where the left column is narrower
// (maxSideWidth), holds two items or more of maxSideItemLines lines at
// most, sideItemGap line heights apart or more, each item's first line
// shares its baseline with a line of the right column that starts a
// paragraph there, and the text they head holds minHeadedLines times
// their lines or more. It
// returns the reading: the right column's text above the first item,
// then each item followed by the text from its baseline to the next's;
// nil where cols is no such pair.
func sideColumn(cols [][]*seg) [][]*seg {
	if len(cols) != 2 || slices.ContainsFunc(cols[0], placeholder) || slices.ContainsFunc(cols[1], placeholder) {
		return nil
	}
	left, right := segsByBaseline(cols[0]), segsByBaseline(cols[1])
	lx0, lx1 := xExtent(left)
	rx0, rx1 := xExtent(right)
	if lx1-lx0 > maxSideWidth*(rx1-rx0) {
		return nil
	}
	items := sideItems(left)
	if len(items) < 2 {
		return nil
	}
	starts := make([]int, len(items)) // the right line each item heads
	for i, it := range items {
		k := headedLine(right, it[0])
		if k < 0 {
			return nil
		}
		starts[i] = k
	}
	if baselineCount(right[starts[0]:]) < minHeadedLines*baselineCount(left) {
		return nil
	}
	parts := [][]*seg{right[:starts[0]]}
	for i, it := range items {
		end := len(right)
		if i+1 < len(items) {
			end = starts[i+1]
		}
		if end < starts[i] {
			return nil
		}
		parts = append(parts, it, right[starts[i]:end])
	}
	return parts
}

// placeholder reports whether s stands for a picture or a table rather
// than holding a line of text.
func placeholder(s *seg) bool { return s.occupant || s.table != nil }

// segsByBaseline is segs in order of their baselines, then across.
func segsByBaseline(segs []*seg) []*seg {
	s := slices.Clone(segs)
	slices.SortStableFunc(s, func(a, b *seg) int { return cmp.Or(cmp.Compare(a.base, b.base), cmp.Compare(a.b.X0, b.b.X0)) })
	return s
}

// sideItems groups a side column's segments (by baseline) into items:
// lines sideLineJoin line heights apart at most. It returns nil where an
// item has more than maxSideItemLines lines or two items lie closer than
// sideItemGap.
func sideItems(left []*seg) [][]*seg {
	var items [][]*seg
	for _, s := range left {
		h := max(1, s.size)
		if n := len(items); n > 0 {
			last := items[n-1][len(items[n-1])-1]
			switch gap := s.base - last.base; {
			case gap <= 0.5*h:
				items[n-1] = append(items[n-1], s) // a piece of the same line
				continue
			case gap <= sideLineJoin*h:
				items[n-1] = append(items[n-1], s)
				if baselineCount(items[n-1]) > maxSideItemLines {
					return nil
				}
				continue
			case s.base-items[n-1][0].base < sideItemGap*h:
				return nil
			}
		}
		items = append(items, []*seg{s})
	}
	return items
}

// baselineCount counts the baselines of segs (by baseline), pieces of one line
// counted once.
func baselineCount(segs []*seg) int {
	n := 0
	for i, s := range segs {
		if i == 0 || s.base-segs[i-1].base > 0.5*max(1, s.size) {
			n++
		}
	}
	return n
}

// headedLine is the index in right (by baseline) of the first segment on
// the baseline of head, where that line starts a paragraph: the column's
// first line, or paragraphStart line heights or more under the line above
// it; -1 where there is none.
func headedLine(right []*seg, head *seg) int {
	for k, s := range right {
		h := max(1, s.size)
		if math.Abs(s.base-head.base) > sideAlign*h {
			continue
		}
		above := k - 1
		for above >= 0 && s.base-right[above].base <= 0.5*h {
			above-- // a piece of the same line
		}
		if above >= 0 && s.base-right[above].base < paragraphStart*h {
			return -1
		}
		return k
	}
	return -1
}
