package analyze

import (
	"cmp"
	"slices"

	"github.com/assay-pdf/assay/core"
)

// Stats keys a text engine reports per page (see plugins/nativetext) from
// which FromResult rebuilds the page facts.
const (
	StatGlyphs          = "glyphs"
	StatUnmappedGlyphs  = "unmapped_glyphs"
	StatInvisibleGlyphs = "invisible_glyphs"
	StatImageCoverage   = "image_coverage"
	StatPathOps         = "path_ops"
	StatTextOps         = "text_ops"
	StatColumns         = "columns"
	StatTables          = "tables"
)

// FromResult rebuilds a page's facts from a text engine's reading of it:
// the engine interprets every operator anyway, so its counts (glyphs,
// glyphs without Unicode, invisible glyphs, image coverage, path
// operators) and its figure blocks (the images' boxes) give the class at
// no extra cost. Glyphs without Unicode stand for the fonts without usable
// Unicode. ok is false when the result carries no counts to go by (a
// failed page, or an engine that does not report glyphs and image
// coverage).
func FromResult(pr core.PageResult) (p Page, ok bool) {
	s := pr.Stats
	if pr.Status != core.StatusOK && pr.Status != core.StatusDegraded {
		return p, false
	}
	for _, k := range []string{StatGlyphs, StatImageCoverage} {
		if _, has := s[k]; !has {
			return p, false
		}
	}
	p = Page{
		Number:          pr.Page.Number,
		Width:           pr.Page.Width,
		Height:          pr.Page.Height,
		Rotation:        pr.Page.Rotation,
		TextOps:         int(s[StatTextOps]),
		Glyphs:          int(s[StatGlyphs]),
		InvisibleGlyphs: int(s[StatInvisibleGlyphs]),
		ImageCoverage:   min(max(s[StatImageCoverage], 0), 1),
		PathOps:         int(s[StatPathOps]),
		Columns:         int(s[StatColumns]),
		Tables:          int(s[StatTables]),
	}
	if unmapped := int(s[StatUnmappedGlyphs]); unmapped > 0 {
		p.Fonts = append(p.Fonts, Font{Name: "(glyphs without Unicode)", UsableUnicode: false, Glyphs: unmapped})
		if rest := p.Glyphs - unmapped; rest > 0 {
			p.Fonts = append(p.Fonts, Font{Name: "(glyphs with Unicode)", UsableUnicode: true, Glyphs: rest})
		}
	}
	for _, b := range pr.Page.Blocks {
		if b.Kind == core.KindFigure && !b.BBox.Empty() {
			p.Images++
			p.ImageBoxes = append(p.ImageBoxes, b.BBox)
		}
	}
	slices.SortStableFunc(p.ImageBoxes, func(a, b core.BBox) int { return cmp.Compare(b.Area(), a.Area()) })
	if area := p.Width * p.Height / (72 * 72); area > 0 {
		p.VectorDensity = float64(p.PathOps) / area
	}
	return p, true
}
