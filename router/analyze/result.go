package analyze

import (
	"cmp"
	"math"
	"slices"

	"github.com/assay-pdf/assay/core"
)

// Thresholds of the facts that FromResult derives.
const (
	// MaxImageBoxes caps Page.ImageBoxes (the largest are kept).
	MaxImageBoxes = 32
	// MinOutlineFills is the number of small filled paths from which a
	// page without text may be text drawn as outlines.
	MinOutlineFills = 100
	// OutlineShare is the share of the filled paths that must be small.
	OutlineShare = 0.6
	// SliceGap is how far, in points, the meeting edges of two slices
	// of one picture may lie apart: producers that cut a picture into
	// strips or tiles make them touch, or overlap by a pixel or two of
	// the image so that no seam shows, which for an image of 50 dpi or
	// more is at most 3 points.
	SliceGap = 3.0
)

// FromResult rebuilds a page's facts from a text engine's reading of it:
// the engine counts them while it interprets every operator (see
// core.Fact*), and its figure blocks are the images' boxes, so the class
// costs nothing more than the reading. ok is false when the result
// carries no facts to go by (a failed page, or an engine that does not
// report them).
func FromResult(pr core.PageResult) (p Page, ok bool) {
	s := pr.Stats
	if pr.Status != core.StatusOK && pr.Status != core.StatusDegraded {
		return p, false
	}
	for _, k := range []string{core.FactGlyphs, core.FactImageCoverage} {
		if _, has := s[k]; !has {
			return p, false
		}
	}
	p = Page{
		Number:          pr.Page.Number,
		Width:           pr.Page.Width,
		Height:          pr.Page.Height,
		Rotation:        pr.Page.Rotation,
		TextOps:         int(s[core.FactTextOps]),
		Glyphs:          int(s[core.FactGlyphs]),
		UnmappedGlyphs:  int(s[core.FactUnmappedGlyphs]),
		CIDGlyphs:       int(s[core.FactCIDGlyphs]),
		InvisibleGlyphs: int(s[core.FactInvisibleGlyphs]),
		BlankGlyphs:     int(s[core.FactBlankGlyphs]),
		Images:          int(s[core.FactImages]),
		ImageCoverage:   min(max(s[core.FactImageCoverage], 0), 1),
		ImageSamples:    max(s[core.FactImageSamples], 0),
		PathOps:         int(s[core.FactPathOps]),
		Columns:         int(s[core.FactColumns]),
		Tables:          int(s[core.FactTables]),
		LimitHit:        s[core.FactLimitHit] > 0,
	}
	p.ImageBoxes = imageBoxes(pr.Page.Blocks)
	p.Images = max(p.Images, len(p.ImageBoxes))
	if area := p.Width * p.Height / (72 * 72); area > 0 {
		p.VectorDensity = float64(p.PathOps) / area
	}
	fills, small := s[core.FactFills], s[core.FactSmallFills]
	p.TextAsPaths = p.Glyphs-p.InvisibleGlyphs == 0 && small >= MinOutlineFills && small >= OutlineShare*fills
	return p, true
}

// RegionBoxes are the pictures a region step reads: those the text engine
// did not find free of text (ImageBoxes), their slices joined (joinSlices),
// that are big enough to hold text (core.Readable); logos, icons and
// rules are not read.
func (p Page) RegionBoxes() []core.BBox {
	if p.ImageCoverage < core.MinRegionShare {
		return nil
	}
	page := core.BBox{X1: p.Width, Y1: p.Height}
	var boxes []core.BBox
	for _, b := range joinSlices(p.ImageBoxes) {
		if core.Readable(b, page) {
			boxes = append(boxes, b)
		}
	}
	return boxes
}

// joinSlices joins the boxes that are slices of one picture: of the same
// width, one's bottom edge on the other's top, or of the same height,
// one's right edge on the other's left (a box drawn twice joins itself).
// Read apart, a slice too thin to count as a picture is never read, and
// a line of text cut by the edge between two slices is read as two
// halves. Pictures that overlap by more stay apart.
func joinSlices(boxes []core.BBox) []core.BBox {
	out := slices.Clone(boxes)
	for i := 0; i < len(out); i++ {
		for j := i + 1; j < len(out); j++ {
			if sliced(out[i], out[j]) {
				out[i] = out[i].Union(out[j])
				out = slices.Delete(out, j, j+1)
				j = i // the grown box may now meet one passed over
			}
		}
	}
	return out
}

// sliced reports whether a and b are slices of one picture (see
// joinSlices).
func sliced(a, b core.BBox) bool {
	near := func(x, y float64) bool { return math.Abs(x-y) <= SliceGap }
	sameX, sameY := near(a.X0, b.X0) && near(a.X1, b.X1), near(a.Y0, b.Y0) && near(a.Y1, b.Y1)
	stacked := sameX && (near(a.Y1, b.Y0) || near(b.Y1, a.Y0))
	beside := sameY && (near(a.X1, b.X0) || near(b.X1, a.X0))
	return stacked || beside || (sameX && sameY)
}

// imageBoxes are the boxes of the figure blocks that may hold text (all
// but those the engine found TextFree), the largest first, at most
// MaxImageBoxes.
func imageBoxes(blocks []core.Block) []core.BBox {
	var out []core.BBox
	for _, b := range blocks {
		if b.Kind == core.KindFigure && !b.TextFree && !b.BBox.Empty() {
			out = append(out, b.BBox)
		}
	}
	slices.SortStableFunc(out, func(a, b core.BBox) int { return cmp.Compare(b.Area(), a.Area()) })
	if len(out) > MaxImageBoxes {
		out = out[:MaxImageBoxes]
	}
	return out
}
