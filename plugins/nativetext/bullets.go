package nativetext

import (
	"math"

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
	in.dots = append(in.dots, b)
}

// A dot leads a line as its bullet when it is minBulletSize to
// bulletSize ems across, sits on the line's x-height band (its middle
// between the baseline and bulletRise ems above), and the line's first
// glyph starts minBulletGap to maxBulletGap ems after it, with no glyph
// of that baseline within maxBulletGap ems before it. Browsers draw a
// disc a third of an em across, three quarters of an em before the text
// (Chromium: 0.27 to 0.31 em, 0.75 em); a dot that touches its text is
// part of a drawing or a logo, and a dot between words separates them.
const (
	minBulletSize = 0.2
	bulletSize    = 0.45
	bulletRise    = 0.75
	minBulletGap  = 0.3
	maxBulletGap  = 1.2
)

// A list's bullets stand one under another: a dot is taken for a bullet
// only beside another that leads a line of its own, starting within
// bulletAlign points of it across, within bulletAlike of its size. Dots
// that lead labels in a drawing, an icon beside a title, or a legend's
// swatches set along a row stand alone or apart.
const (
	bulletAlign = 0.5
	bulletAlike = 0.1
)

// drawnBullets is a bullet glyph for each dot that leads a line of
// upright text in glyphs as one of a list's bullets, set on that line's
// baseline, at its size.
func drawnBullets(glyphs []glyph, dots []core.BBox) []glyph {
	type lead struct {
		d core.BBox
		g *glyph
	}
	var leads []lead
	for _, d := range dots {
		if g := ledBy(glyphs, d); g != nil {
			leads = append(leads, lead{d, g})
		}
	}
	var out []glyph
	for i, l := range leads {
		side := max(l.d.Width(), l.d.Height())
		listed := false
		for j, m := range leads {
			if j != i && m.g.oy != l.g.oy && math.Abs(m.d.X0-l.d.X0) <= bulletAlign &&
				math.Abs(max(m.d.Width(), m.d.Height())-side) <= bulletAlike*side {
				listed = true
				break
			}
		}
		if !listed {
			continue
		}
		g := l.g
		out = append(out, glyph{
			text: "•", box: core.BBox{X0: l.d.X0, Y0: g.box.Y0, X1: l.d.X1, Y1: g.box.Y1},
			ox: l.d.X0, oy: g.oy, ex: l.d.X1, ey: g.oy, size: g.size, font: g.font, flags: g.flags,
			mapped: true, seq: g.seq, placed: true,
		})
	}
	return out
}

// ledBy is the first glyph of the line that dot d leads as its bullet,
// nil when there is none.
func ledBy(glyphs []glyph, d core.BBox) *glyph {
	mid := (d.Y0 + d.Y1) / 2
	side := max(d.Width(), d.Height())
	var lead *glyph
	for i := range glyphs {
		g := &glyphs[i]
		if g.dir != 0 || g.space || g.size <= 0 || mid > g.oy || mid < g.oy-bulletRise*g.size {
			continue
		}
		gap := g.box.X0 - d.X1
		if g.box.X1 > d.X0-maxBulletGap*g.size && gap < 0 {
			return nil // a glyph before the dot, or over it
		}
		if gap >= 0 && gap <= maxBulletGap*g.size && (lead == nil || g.box.X0 < lead.box.X0) {
			lead = g
		}
	}
	if lead == nil || lead.box.X0-d.X1 < minBulletGap*lead.size || side > bulletSize*lead.size || side < minBulletSize*lead.size {
		return nil
	}
	return lead
}
