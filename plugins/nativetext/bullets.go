package nativetext

import (
	"cmp"
	"math"
	"slices"

	"github.com/assay-pdf/assay/core"
)

// Bullets drawn as shapes. A browser prints the marker of an unordered
// list as a painted disc (a circle, one level down; a square, two), not
// as a glyph, so the text layer holds the items' words and no bullet,
// and a list read as paragraphs. Such a mark is taken back as a bullet
// glyph ('•') where it leads a line: the block builder and Markdown then
// know the item as they know one set with a bullet character.

// Bounds on a dot, the shape a bullet is drawn with.
const (
	maxDots      = 10_000 // dots kept on a page
	maxDotSide   = 12.0   // points: a larger shape is a drawing
	minDotSide   = 0.8    // points: a smaller one is a speck
	maxDotAspect = 1.3    // a bullet is a disc or a square, as wide as high
)

// dot is a small mark painted: its box, and its fill colour's number
// (interp.colorNumber).
type dot struct {
	box  core.BBox
	fill uint16
}

// noteDot keeps the box of a subpath that may be a bullet: closed, small
// and about as wide as high, filled (a disc, a square) or drawn with
// curves (a circle; a stroked square is a check box).
func (in *interp) noteDot(sp []pathPt, fill bool) {
	if len(sp) < 3 || len(in.dots) >= maxDots {
		return
	}
	b := core.BBox{X0: sp[0].x, Y0: sp[0].y, X1: sp[0].x, Y1: sp[0].y}
	curved := false
	for _, p := range sp[1:] {
		b.X0, b.X1 = min(b.X0, p.x), max(b.X1, p.x)
		b.Y0, b.Y1 = min(b.Y0, p.y), max(b.Y1, p.y)
		curved = curved || p.curve
	}
	w, h := b.Width(), b.Height()
	if !fill && !curved || min(w, h) < minDotSide || max(w, h) > maxDotSide || max(w, h) > maxDotAspect*min(w, h) {
		return
	}
	in.dots = append(in.dots, dot{box: b, fill: in.gs.fill})
}

// A dot leads a line as its bullet when it is painted in the colour of
// the line's text (a browser draws a list's marker in its item's colour;
// a legend's swatches and a drawing's marks have colours of their own),
// is minBulletSize to bulletSize ems across, sits on the line's x-height
// band (its middle between the baseline and bulletRise ems above), and
// the line's first glyph starts minBulletGap to maxBulletGap ems after
// it, with no glyph of that baseline within maxBulletGap ems before it.
// Browsers draw a disc a third of an em across, three quarters of an em
// before the text (Chromium: 0.27 to 0.31 em, 0.75 em); a dot that
// touches its text is part of a drawing or a logo, and a dot between
// words separates them.
const (
	minBulletSize = 0.2
	bulletSize    = 0.45
	bulletRise    = 0.75
	minBulletGap  = 0.3
	maxBulletGap  = 1.2
)

// A list's bullets stand one under another: a dot is taken for a bullet
// beside another that leads a line of its own, starting within
// bulletAlign points of it across, within bulletAlike of its size, or
// when the line it leads goes on in a line hung under its text
// (hangsUnder), as an item's does, or when it has the style of such a
// bullet on the page (styledAs). Dots that lead labels in a drawing, an
// icon beside a title, or a legend's swatches set along a row stand
// alone or apart.
const (
	bulletAlign = 0.5
	bulletAlike = 0.1
)

// drawnBullets is a bullet glyph for each dot that leads a line of
// upright text in glyphs as one of a list's bullets, set on that line's
// baseline, at its size.
func drawnBullets(glyphs []glyph, dots []dot) []glyph {
	if len(dots) == 0 {
		return nil
	}
	lines := uprightByBaseline(glyphs)
	var leads []bulletLead
	for _, d := range dots {
		for _, rtl := range []bool{false, true} {
			if g := lines.ledBy(d.box, rtl); g != nil && g.fill == d.fill {
				leads = append(leads, bulletLead{d.box, g, rtl})
				break
			}
		}
	}
	slices.SortFunc(leads, func(a, b bulletLead) int { return cmp.Compare(a.d.X0, b.d.X0) })
	listed := make([]bool, len(leads))
	for i, l := range leads {
		listed[i] = listedWith(leads, i) || lines.hangsUnder(l.g, l.d, l.rtl)
	}
	var out []glyph
	for i, l := range leads {
		if !listed[i] && !styledAs(leads, listed, i) {
			continue
		}
		g := l.g
		out = append(out, glyph{
			text: "•", box: core.BBox{X0: l.d.X0, Y0: g.box.Y0, X1: l.d.X1, Y1: g.box.Y1},
			ox: l.d.X0, oy: g.oy, ex: l.d.X1, ey: g.oy, size: g.size, font: g.font, flags: g.flags,
			mapped: true, seq: g.seq, placed: true, fill: g.fill,
		})
	}
	return out
}

// styledAs reports whether lead i's dot has the shape of a list's bullet
// on the page: the size (within bulletAlike) and colour of a dot that is
// one (listed). A page sets its lists' bullets in one style, so an item
// alone at a column's foot, its list going on in the next column, or a
// list of one item, has that list's disc.
func styledAs(leads []bulletLead, listed []bool, i int) bool {
	l := leads[i]
	for k, m := range leads {
		if listed[k] && m.g.fill == l.g.fill && sizedAlike(m.d, l.d) {
			return true
		}
	}
	return false
}

// dotSize is a dot's size: the longer side of its box.
func dotSize(b core.BBox) float64 { return max(b.Width(), b.Height()) }

// sizedAlike says whether dot d's size is within bulletAlike of dot e's.
func sizedAlike(d, e core.BBox) bool {
	return math.Abs(dotSize(d)-dotSize(e)) <= bulletAlike*dotSize(e)
}

// bulletLead is a dot d that leads the line g starts, right of it when
// rtl.
type bulletLead struct {
	d   core.BBox
	g   *glyph
	rtl bool
}

// forward turns a box so that its text runs left to right: a bullet
// stands before its item's first glyph, left of it in text written left
// to right, and right of it in text written right to left, which a
// mirror image (rtl) turns into the first case.
func forward(b core.BBox, rtl bool) core.BBox {
	if !rtl {
		return b
	}
	return core.BBox{X0: -b.X1, Y0: b.Y0, X1: -b.X0, Y1: b.Y1}
}

// listedWith reports whether lead i of leads, sorted by their dots' left
// edges, has another within bulletAlign points across, of its size
// within bulletAlike, on another line.
func listedWith(leads []bulletLead, i int) bool {
	l := leads[i]
	k, _ := slices.BinarySearchFunc(leads, l.d.X0-bulletAlign, func(m bulletLead, x float64) int { return cmp.Compare(m.d.X0, x) })
	for ; k < len(leads) && leads[k].d.X0 <= l.d.X0+bulletAlign; k++ {
		if m := leads[k]; m.g.oy != l.g.oy && sizedAlike(m.d, l.d) {
			return true
		}
	}
	return false
}

// byBaseline holds a page's upright glyphs other than spaces, sorted by
// baseline, with the largest size among them.
type byBaseline struct {
	gs      []*glyph
	maxSize float64
}

// uprightByBaseline sorts the upright glyphs of a page, spaces left out,
// by baseline.
func uprightByBaseline(glyphs []glyph) byBaseline {
	var b byBaseline
	for i := range glyphs {
		if g := &glyphs[i]; g.dir == 0 && !g.space && g.size > 0 {
			b.gs = append(b.gs, g)
			b.maxSize = max(b.maxSize, g.size)
		}
	}
	slices.SortFunc(b.gs, func(x, y *glyph) int { return cmp.Compare(x.oy, y.oy) })
	return b
}

// between is the glyphs whose baselines lie from lo to hi.
func (b byBaseline) between(lo, hi float64) []*glyph {
	i, _ := slices.BinarySearchFunc(b.gs, lo, func(g *glyph, y float64) int { return cmp.Compare(g.oy, y) })
	j := i
	for j < len(b.gs) && b.gs[j].oy <= hi {
		j++
	}
	return b.gs[i:j]
}

// ledBy is the first glyph of the line that dot d leads as its bullet,
// left of the line, or right of it when rtl; nil when there is none. A
// line of letters written right to left is led from the right only.
func (b byBaseline) ledBy(d core.BBox, rtl bool) *glyph {
	mid, size := (d.Y0+d.Y1)/2, dotSize(d)
	d = forward(d, rtl)
	var lead *glyph
	var at core.BBox
	for _, g := range b.between(mid, mid+bulletRise*b.maxSize) {
		if mid < g.oy-bulletRise*g.size {
			continue
		}
		gb := forward(g.box, rtl)
		gap := gb.X0 - d.X1
		if gb.X1 > d.X0-maxBulletGap*g.size && gap < 0 {
			return nil // a glyph before the dot, or over it
		}
		if gap >= 0 && gap <= maxBulletGap*g.size && (lead == nil || gb.X0 < at.X0) {
			lead, at = g, gb
		}
	}
	if lead == nil || at.X0-d.X1 < minBulletGap*lead.size || size > bulletSize*lead.size || size < minBulletSize*lead.size {
		return nil
	}
	if r, l := letterDirs(lead.text); (r > l) != rtl {
		return nil
	}
	return lead
}

// hangsUnder reports whether the line that g starts, after the dot d
// (right of it when rtl), goes on in the next line hung under g: a line
// of g's size whose first glyph starts within bulletAlign points of g
// across, its baseline one line down (hangLines), with nothing of it
// under the dot.
func (b byBaseline) hangsUnder(g *glyph, d core.BBox, rtl bool) bool {
	d, gb := forward(d, rtl), forward(g.box, rtl)
	hung := false
	for _, n := range b.between(g.oy+hangLines[0]*g.size, g.oy+hangLines[1]*g.size) {
		if math.Abs(n.size-g.size) > bulletAlike*g.size {
			continue
		}
		nb := forward(n.box, rtl)
		if nb.X1 > d.X0 && nb.X0 < gb.X0-bulletAlign {
			return false // the next line runs on under the dot
		}
		hung = hung || math.Abs(nb.X0-gb.X0) <= bulletAlign
	}
	return hung
}

// hangLines bounds, in ems, how far below a line the next one's
// baseline lies: single to double spacing.
var hangLines = [2]float64{0.9, 2.2}
