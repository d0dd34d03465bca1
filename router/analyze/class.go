package analyze

// Class is what kind of page the planner is dealing with. Its values are
// the keys of the router's plan.
type Class string

// Page classes.
const (
	ClassBlank               Class = "blank"                  // no text, no images, few paths
	ClassBornDigital         Class = "born_digital"           // a usable text layer, little image
	ClassImageOnly           Class = "image_only"             // no (or only invisible) text, images: a scan
	ClassScannedWithOCRLayer Class = "scanned_with_ocr_layer" // invisible text over a page-sized image
	ClassMixed               Class = "mixed"                  // text, and images covering a significant share
	ClassBrokenFonts         Class = "broken_fonts"           // most glyphs in fonts without usable Unicode
	ClassVectorText          Class = "vector_text"            // text drawn as paths
	ClassComplexLayout       Class = "complex_layout"         // born digital, with tables or several columns
)

// Thresholds of Class.
const (
	// MinTextGlyphs: a page with fewer visible glyphs has no real text
	// layer (a page number or a stamp on a scan).
	MinTextGlyphs = 10
	// ScanCoverage: images covering at least this share of the page make
	// it a scan when it has no real text.
	ScanCoverage = 0.5
	// MixedCoverage: a page with text and at least this image share is
	// mixed.
	MixedCoverage = 0.2
	// BrokenShare: at least this share of the visible glyphs in fonts
	// without usable Unicode makes the fonts broken.
	BrokenShare = 0.5
	// BlankMaxPathOps: a page without text or images with more path
	// operators than this is not blank (it is drawn, and may be text as
	// paths).
	BlankMaxPathOps = 50
)

// Class classifies the page, first rule that holds:
//
//  1. invisible glyphs make most of the text and images cover at least
//     ScanCoverage: ClassScannedWithOCRLayer;
//  2. fewer than MinTextGlyphs visible glyphs:
//     images cover at least ScanCoverage, or there are images and no
//     visible glyph that draws text: ClassImageOnly; TextAsPaths, or more
//     than BlankMaxPathOps path operators and no glyph that draws text:
//     ClassVectorText; no glyph that draws text, no image: ClassBlank.
//     A glyph that draws no text is a blank one (core.FactBlankGlyphs):
//     a producer that writes a space on an empty page has drawn nothing
//     that any engine could read;
//  3. at least BrokenShare of the glyphs in fonts without usable Unicode:
//     ClassBrokenFonts;
//  4. images cover at least MixedCoverage: ClassMixed;
//  5. a reading found tables or several columns: ClassComplexLayout;
//  6. otherwise ClassBornDigital.
//
// A page whose content could not be read (Err set) is ClassImageOnly, so
// that the planner reaches for the engines that render.
func (p Page) Class() Class {
	if p.Err != "" {
		return ClassImageOnly
	}
	visible := p.Glyphs - p.InvisibleGlyphs
	if p.InvisibleGlyphs > 0 && p.InvisibleGlyphs*2 >= p.Glyphs && p.ImageCoverage >= ScanCoverage {
		return ClassScannedWithOCRLayer
	}
	if visible < MinTextGlyphs {
		drawn := p.Glyphs - p.BlankGlyphs // glyphs, visible or not, that draw text
		switch {
		case p.ImageCoverage >= ScanCoverage, p.Images > 0 && (visible == 0 || drawn <= 0):
			return ClassImageOnly
		case p.TextAsPaths, drawn <= 0 && p.PathOps > BlankMaxPathOps:
			return ClassVectorText
		case drawn <= 0:
			return ClassBlank
		}
	}
	// Unmapped glyphs count invisible ones too; compare with all glyphs.
	if p.Glyphs > 0 && float64(p.UnmappedGlyphs) >= BrokenShare*float64(p.Glyphs) {
		return ClassBrokenFonts
	}
	if p.ImageCoverage >= MixedCoverage {
		return ClassMixed
	}
	if p.Tables > 0 || p.Columns > 1 {
		return ClassComplexLayout
	}
	return ClassBornDigital
}

// MinImageCoverage is the least share of its page that images cover on a
// page of class c (see Page.Class): MixedCoverage on a mixed page,
// ScanCoverage on a scan with an OCR layer, none on the others.
func (c Class) MinImageCoverage() float64 {
	switch c {
	case ClassMixed:
		return MixedCoverage
	case ClassScannedWithOCRLayer:
		return ScanCoverage
	}
	return 0
}
