package tableformer

import (
	"sort"
)

// A table is cut into slots by bounds: the boundaries between its
// columns (x positions) and between its rows (y positions).

// strongCover is the share of a table's rows (or columns) a ruled
// boundary must cover for a missing piece of it to mean a spanning cell.
// A rule drawn across only a few rows (the shaded header cells of an
// otherwise unruled table) says nothing about the rows it does not
// reach; there the text decides. Half is where "the rule is the norm and
// its absence an exception" starts.
const strongCover = 0.5

// Slivers and ticks, in points and ems.
const (
	// minRuleLength: shorter rulings bound no cell (a cell is at least a
	// line of text high, 5 pt at the smallest sizes): they are a chart's
	// tick marks or the serifs of a bracket.
	minRuleLength = 5.0
	// sliverEm: an empty slot narrower than this many ems lies between
	// two rulings of one border (a double rule, the inset of a shaded
	// cell); an empty slot wider than a line of text is an empty row or
	// column, which says the grid is not a table when most are.
	sliverEm = 1.0
)

// bound is one boundary between columns or rows.
type bound struct {
	pos float64
	// rules are the rulings drawn along the boundary; nil for a boundary
	// found in the text alone.
	rules []Ruling
	// fill: every ruling along it is the side of a filled area.
	fill bool
	// cover is the share of the table's extent the rules cover.
	cover float64
	// strong: ruled across most of the table's slots (set by the layout
	// once the other direction's slots are known); where its rules are
	// missing, the slots on both sides are one cell.
	strong bool
}

// ruled reports whether the boundary comes from rulings.
func (b bound) ruled() bool { return len(b.rules) > 0 }

// covers reports whether the boundary's rulings cover t along their
// length.
func (b bound) covers(t float64) bool {
	for _, r := range b.rules {
		if t >= r.Lo-edgeTol && t <= r.Hi+edgeTol {
			return true
		}
	}
	return false
}

// ruleBounds clusters rulings (all of one orientation) into boundaries
// strictly inside (lo, hi); olo and ohi are the table's extent along the
// rulings, which their cover is measured against.
func ruleBounds(rs []Ruling, lo, hi, olo, ohi float64) []bound {
	var s []Ruling
	for _, r := range rs {
		if r.Hi-r.Lo >= minRuleLength {
			s = append(s, r)
		}
	}
	sort.Slice(s, func(i, j int) bool { return s[i].Pos < s[j].Pos })
	var out []bound
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && s[j].Pos-s[j-1].Pos <= edgeTol {
			j++
		}
		b := clusterBound(s[i:j], olo, ohi)
		if b.pos > lo+edgeTol && b.pos < hi-edgeTol {
			out = append(out, b)
		}
		i = j
	}
	return out
}

// clusterBound makes one boundary of rulings at nearly one position: the
// position of its drawn lines (of its fill sides when it has none).
func clusterBound(rs []Ruling, olo, ohi float64) bound {
	b := bound{rules: append([]Ruling(nil), rs...), fill: true}
	sum, n := 0.0, 0
	for _, r := range rs {
		if !r.Fill {
			b.fill = false
		}
	}
	length := 0.0
	for _, r := range rs {
		if r.Fill == b.fill {
			sum += r.Pos
			n++
		}
		length += max(0, min(r.Hi, ohi)-max(r.Lo, olo))
	}
	b.pos = sum / float64(n)
	if ohi > olo {
		b.cover = min(1, length/(ohi-olo))
	}
	return b
}

// weaker reports whether a should go before b when one of two
// boundaries must go: fill sides before drawn lines, then the shorter.
func weaker(a, b bound) bool {
	if a.fill != b.fill {
		return a.fill
	}
	return a.cover < b.cover
}

// dropSlivers removes boundaries until no slot narrower than maxW lacks
// the centre of a word: the two sides of a double rule, the inset of a
// shaded cell, a rule drawn just outside the text. Of the two boundaries
// of such a slot the weaker goes.
func dropSlivers(bs []bound, centres []float64, lo, hi, maxW float64) []bound {
	bs = append([]bound(nil), bs...)
	for len(bs) > 0 {
		counts := make([]int, len(bs)+1)
		for _, c := range centres {
			counts[slotOf(bs, c)]++
		}
		empty := -1
		for i, n := range counts {
			a, b := lo, hi
			if i > 0 {
				a = bs[i-1].pos
			}
			if i < len(bs) {
				b = bs[i].pos
			}
			if n == 0 && b-a < maxW {
				empty = i
				break
			}
		}
		if empty < 0 {
			return bs
		}
		k := empty - 1 // the boundary before the slot
		switch {
		case empty == 0:
			k = 0
		case empty < len(bs) && weaker(bs[empty], bs[empty-1]):
			k = empty
		}
		bs = append(bs[:k], bs[k+1:]...)
	}
	return bs
}

// slotOf is the index of the slot holding t among sorted boundaries.
func slotOf(bs []bound, t float64) int {
	return sort.Search(len(bs), func(i int) bool { return bs[i].pos >= t })
}

// positions lists the boundaries' positions.
func positions(bs []bound) []float64 {
	p := make([]float64, len(bs))
	for i, b := range bs {
		p[i] = b.pos
	}
	return p
}

// setStrong marks the ruled boundaries drawn across at least strongCover
// of the slots between others (mids, the slots' middles).
func setStrong(bs []bound, mids []float64) {
	for i := range bs {
		b := &bs[i]
		if !b.ruled() || b.fill || len(mids) == 0 {
			continue
		}
		n := 0
		for _, m := range mids {
			if b.covers(m) {
				n++
			}
		}
		b.strong = float64(n) >= strongCover*float64(len(mids))
	}
}

// middles are the middles of the slots that boundaries cut [lo, hi]
// into.
func middles(bs []bound, lo, hi float64) []float64 {
	out := make([]float64, 0, len(bs)+1)
	prev := lo
	for _, b := range bs {
		out = append(out, (prev+b.pos)/2)
		prev = b.pos
	}
	return append(out, (prev+hi)/2)
}

// withText adds text boundaries at the middles of gutters that no
// boundary already lies in, and sorts the result.
func withText(bs []bound, gutters []span) []bound {
	out := append([]bound(nil), bs...)
	for _, g := range gutters {
		taken := false
		for _, b := range bs {
			if b.pos >= g.a-edgeTol && b.pos <= g.b+edgeTol {
				taken = true
				break
			}
		}
		if !taken {
			out = append(out, bound{pos: (g.a + g.b) / 2})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].pos < out[j].pos })
	return out
}
