package core

import (
	"cmp"
	"slices"
	"unicode"
	"unicode/utf8"
)

// Page facts: the measurements a text engine reports in
// PageResult.Stats for every page it reads, from which the router
// classifies the page and plans its engines (router/analyze.FromResult).
// They are counted while the content stream is interpreted, Form XObjects
// included, so they cost no second reading. An engine that reports facts
// reports all of them.
const (
	// FactTextOps counts the text-showing operators (Tj, TJ, ', ").
	FactTextOps = "text_ops"
	// FactGlyphs counts the glyphs shown.
	FactGlyphs = "glyphs"
	// FactUnmappedGlyphs counts the glyphs whose font gives no Unicode.
	FactUnmappedGlyphs = "unmapped_glyphs"
	// FactCIDGlyphs counts the glyphs shown with composite (Type0) fonts,
	// whose codes are one to four bytes long.
	FactCIDGlyphs = "cid_glyphs"
	// FactInvisibleGlyphs counts the glyphs in render mode 3 or 7 (an
	// OCR layer).
	FactInvisibleGlyphs = "invisible_glyphs"
	// FactHiddenGlyphs counts the glyphs a page draws that no reader
	// sees: filled white where nothing is painted (a hanging indent's
	// repeated label, hidden keywords), or in optional content the
	// document turns off (a hidden layer). They are not text, and not
	// counted in FactGlyphs.
	FactHiddenGlyphs = "hidden_glyphs"
	// FactBlankGlyphs counts the glyphs that draw no text (see Blank):
	// the spaces a producer draws between words, soft hyphens. What a
	// page's text layer says is the other glyphs.
	FactBlankGlyphs = "blank_glyphs"
	// FactImages counts the images drawn (image XObjects, inline images).
	FactImages = "images"
	// FactImageSamples is the samples, in millions, of the images a page
	// draws, each counted at every draw at the larger of its own size and
	// its mask's (a renderer resamples the whole image, and its mask, for
	// every draw, whatever the size of the box it lands in).
	FactImageSamples = "image_samples"
	// FactImageCoverage is the share of the page under images, in [0, 1]
	// (see Coverage).
	FactImageCoverage = "image_coverage"
	// FactPathOps counts the path construction and painting operators
	// (m l c v y re h, S s f F f* B B* b b* n), one per operator.
	FactPathOps = "path_ops"
	// FactFills counts the path-filling operators (f F f* B B* b b*).
	FactFills = "fills"
	// FactSmallFills counts the filled paths no larger than OutlineMaxSize
	// on either side: what glyphs drawn as outlines look like.
	FactSmallFills = "small_fills"
	// FactColumns is the most columns of running text side by side that
	// the engine's layout found, FactTables the tables.
	FactColumns = "columns"
	FactTables  = "tables"
	// FactRepeatGlyphs counts the glyphs the layout found drawn again at
	// (nearly) the place of one with the same text (a bold faked by
	// drawing each line four times, a shadow): the text holds them once.
	FactRepeatGlyphs = "repeat_glyphs"
	// FactLimitHit is 1 when a limit cut the reading short; the counts
	// are then lower bounds.
	FactLimitHit = "limit_hit"
)

// Blank reports a character that is no text when drawn: white space
// (the spaces of justified text, U+00A0, U+3000) or an invisible format
// character (Unicode Cf: the soft hyphen, zero-width joiners, direction
// marks). An extraction holds none of them as text, or holds them as the
// separators between words.
func Blank(r rune) bool {
	if r < utf8.RuneSelf { // ASCII has no format characters
		return r == ' ' || '\t' <= r && r <= '\r'
	}
	return unicode.IsSpace(r) || unicode.Is(unicode.Cf, r)
}

// OutlineMaxSize is the largest side, in points, of a filled path that
// may be a glyph outline (FactSmallFills): glyphs of text up to about
// 40 pt.
const OutlineMaxSize = 40.0

// The smallest picture worth reading for its text: at least
// MinRegionSide points each way (about 0.7 inch, a few words of body
// text) and MinRegionShare of the page. Smaller images are logos, icons
// and rules.
const (
	MinRegionSide  = 50.0
	MinRegionShare = 0.02
)

// Readable reports whether a picture of box b on page is big enough to be
// read for its text.
func Readable(b, page BBox) bool {
	return b.Width() >= MinRegionSide && b.Height() >= MinRegionSide && b.Area() >= MinRegionShare*page.Area()
}

// maxCoverageBoxes caps the boxes whose union makes Coverage: the largest
// are used (the union's cost grows with the cube of their number).
const maxCoverageBoxes = 256

// Coverage is the share of page covered by boxes, each clipped to the
// page and overlaps counted once: the one definition of image coverage.
// Of many boxes the maxCoverageBoxes largest are used.
func Coverage(boxes []BBox, page BBox) float64 {
	area := page.Area()
	if area <= 0 {
		return 0
	}
	clipped := make([]BBox, 0, len(boxes))
	for _, b := range boxes {
		if c := b.Intersect(page); !c.Empty() {
			clipped = append(clipped, c)
		}
	}
	if len(clipped) > maxCoverageBoxes {
		slices.SortStableFunc(clipped, func(a, b BBox) int { return cmp.Compare(b.Area(), a.Area()) })
		clipped = clipped[:maxCoverageBoxes]
	}
	return min(1, unionArea(clipped)/area)
}

// unionArea is the area covered by boxes, overlaps counted once: the
// x edges cut the plane into strips, and in each strip the boxes that
// span it are merged along y.
func unionArea(boxes []BBox) float64 {
	if len(boxes) == 1 {
		return boxes[0].Area()
	}
	xs := make([]float64, 0, 2*len(boxes))
	for _, b := range boxes {
		xs = append(xs, b.X0, b.X1)
	}
	slices.Sort(xs)
	total := 0.0
	var spans [][2]float64
	for i := 0; i+1 < len(xs); i++ {
		x0, x1 := xs[i], xs[i+1]
		if x1 <= x0 {
			continue
		}
		spans = spans[:0]
		for _, b := range boxes {
			if b.X0 <= x0 && b.X1 >= x1 {
				spans = append(spans, [2]float64{b.Y0, b.Y1})
			}
		}
		total += UnionLength(spans) * (x1 - x0)
	}
	return total
}

// UnionLength is the length the spans ([lo, hi] pairs on one axis) cover,
// overlaps counted once; it sorts spans.
func UnionLength(spans [][2]float64) float64 {
	if len(spans) == 0 {
		return 0
	}
	slices.SortFunc(spans, func(a, b [2]float64) int { return cmp.Compare(a[0], b[0]) })
	total, lo, hi := 0.0, spans[0][0], spans[0][1]
	for _, s := range spans[1:] {
		if s[0] > hi {
			total += hi - lo
			lo, hi = s[0], s[1]
		} else if s[1] > hi {
			hi = s[1]
		}
	}
	return total + hi - lo
}
