package nativetext

import (
	"math"

	"github.com/assay-pdf/assay/core"
)

// A picture set in one column of a page takes that column's place beside
// the text of the other: the lines beside it hold text on one side of the
// gutter only, so they share no gutter with the slabs above and below,
// which have text on both sides, and the XY cut read them as rows between
// the two groups: the right column's top half before the left column's
// text under the picture, its bottom half after (MinerU's demo1, a
// two-column journal page with a plot atop its left column).
//
// occupant segments stand for such pictures in the reading order: empty
// segments with a picture's box, which fill its place in the slabs and
// gutters as its text would, and which orderSegments drops once the order
// is made. A picture takes a place only when it is one:
//   - as tall and as wide as minOccupantEms ems at least (not an icon or
//     a rule), and at most maxOccupantShare of the width of the text
//     (a column's, not the page's: a picture across the columns has no
//     text beside it);
//   - with lines of prose beside it (overlapping its height, once it
//     reaches up and down through its column's blank: reachBlank) on one
//     side only, and nothing nearer it on that side (no other column, no
//     other picture's labels between them): at least minBesideLines
//     lines, each at least minProseEms wide. That is twice a column's
//     least width (minColWidth), some two dozen characters, where a
//     chart's legend or a picture's labels beside it hold a name or a
//     figure (issue1905's legends, 9 ems, read as tables beside their
//     pies); the columns of prose beside pictures in the documents this
//     was made on were 17 to 40 ems wide;
//   - with no line reaching into it from outside: text set over a picture
//     (a background, a tinted box) is read as text, with no picture in
//     its way. Its own labels, lines wholly inside it, stay with it.
const (
	minOccupantEms    = 3.0
	maxOccupantShare  = 0.6
	minBesideLines    = 2
	minProseEms       = 12.0
	occupantLineFirst = -2 // occupants' line numbers count down from here
)

// occupants are the occupant segments of pictures (page coordinates, the
// upright frame's) among segs, whose body size is em.
func occupants(segs []*seg, pictures []core.BBox, em float64) []*seg {
	if len(segs) == 0 || len(pictures) == 0 {
		return nil
	}
	rx0, rx1 := xExtent(segs)
	var out []*seg
	for _, p := range pictures {
		p = p.Intersect(core.BBox{X0: rx0, Y0: p.Y0, X1: rx1, Y1: p.Y1})
		if p.Width() < minOccupantEms*em || p.Height() < minOccupantEms*em || p.Width() > maxOccupantShare*(rx1-rx0) {
			continue
		}
		p = reachBlank(segs, p, em)
		if besideOneSide(segs, p, em) {
			out = append(out, &seg{b: p, size: em, line: occupantLineFirst - len(out), occupant: true})
		}
	}
	return out
}

// reachBlank grows picture p up and down through the blank of its column:
// to an em short of the nearest text above and below it across its width
// (so that it shares no slab with that text: a running head over the
// picture's column is read before the columns, not in one), or to the
// top and bottom of the text. The column is the picture's from there: text
// beside the blank above it (a paragraph begun higher up on the other
// side, a spread's picture set under its page's heading) reads with the
// text beside the picture, not as rows before it.
func reachBlank(segs []*seg, p core.BBox, em float64) core.BBox {
	top, bottom := p.Y0, p.Y1
	above, below := false, false
	upTo, downTo := segs[0].b.Y0, segs[0].b.Y1
	for _, s := range segs {
		b := s.b
		upTo, downTo = min(upTo, b.Y0), max(downTo, b.Y1)
		if b.X1 <= p.X0 || b.X0 >= p.X1 {
			continue // beside it
		}
		if b.Y1 <= p.Y0 && (!above || b.Y1 > top) {
			top, above = b.Y1, true
		}
		if b.Y0 >= p.Y1 && (!below || b.Y0 < bottom) {
			bottom, below = b.Y0, true
		}
	}
	if above {
		top = min(p.Y0, top+em) // a line's clearance: no slab with the text above
	} else {
		top = min(upTo, p.Y0)
	}
	if below {
		bottom = max(p.Y1, bottom-em)
	} else {
		bottom = max(downTo, p.Y1)
	}
	return core.BBox{X0: p.X0, Y0: top, X1: p.X1, Y1: bottom}
}

// besideOneSide reports whether running text lies beside picture p, on
// one side only, as the column next to it: at least minBesideLines lines
// of prose (minProseEms wide) across its height, with nothing nearer the
// picture on that side than the nearest of them (a column between them,
// short pieces of another picture's labels); and no line reaches into
// the picture from outside. Segments wholly inside it are its labels.
func besideOneSide(segs []*seg, p core.BBox, em float64) bool {
	left, right, lines := false, false, 0
	textGap, pieceGap := math.Inf(1), math.Inf(1)
	for _, s := range segs {
		b := s.b
		if b.Y1 <= p.Y0 || b.Y0 >= p.Y1 || b.Within(p, 0) {
			continue // above or below it, or its own label
		}
		if b.X1 > p.X0 && b.X0 < p.X1 {
			return false // reaches into it
		}
		gap := b.X0 - p.X1
		if b.X1 <= p.X0 {
			left, gap = true, p.X0-b.X1
		} else {
			right = true
		}
		if b.Width() >= minProseEms*em {
			lines++
			textGap = min(textGap, gap)
		} else {
			pieceGap = min(pieceGap, gap)
		}
	}
	return left != right && lines >= minBesideLines && pieceGap >= textGap-em
}

// maxWrapGap is the most room, in ems, between a picture and the lines of
// text set round it: a layout program's text wrap keeps half an em to an
// em and a half clear of the picture's box.
const maxWrapGap = 2.0

// markWraps marks the segments (frame coordinates, the upright frame's)
// that end at the left edge of a picture or start at its right edge,
// within maxWrapGap ems and beside it (their middle inside its height):
// lines set round the picture, as long as it leaves them room for.
func markWraps(segs []*seg, pictures []core.BBox, em float64) {
	for _, p := range pictures {
		for _, s := range segs {
			if mid := (s.b.Y0 + s.b.Y1) / 2; mid <= p.Y0 || mid >= p.Y1 {
				continue
			}
			before, after := p.X0-s.b.X1, s.b.X0-p.X1
			if (before >= 0 && before <= maxWrapGap*em) || (after >= 0 && after <= maxWrapGap*em) {
				s.wraps = true
			}
		}
	}
}

// withoutOccupants drops the occupant segments from an order.
func withoutOccupants(order []*seg) []*seg {
	out := order[:0]
	for _, s := range order {
		if !s.occupant {
			out = append(out, s)
		}
	}
	return out
}

// shedOccupants drops from a column the occupants with no text beside
// them there: the picture has set its column apart from the text beside
// it, and what the column holds (the picture's own labels, its caption,
// the text under it) is laid out among itself, as on a page without it.
// A spread's title set over its photograph, beside a list of the
// spread's sections, stays apart from the list. An occupant with text
// still beside it (columns split at another gutter first) is kept. A
// column without one to drop is returned as it is.
func shedOccupants(col []*seg) []*seg {
	var out []*seg // nil until an occupant is dropped
	for i, s := range col {
		if s.occupant && !textBeside(col, s.b) {
			if out == nil {
				out = append(make([]*seg, 0, len(col)), col[:i]...)
			}
			continue
		}
		if out != nil {
			out = append(out, s)
		}
	}
	if out == nil {
		return col
	}
	return out
}

// textBeside reports whether a segment of col other than an occupant
// lies beside box p: across its height, wholly left or right of it.
func textBeside(col []*seg, p core.BBox) bool {
	for _, s := range col {
		if !s.occupant && s.b.Y1 > p.Y0 && s.b.Y0 < p.Y1 && (s.b.X1 <= p.X0 || s.b.X0 >= p.X1) {
			return true
		}
	}
	return false
}
