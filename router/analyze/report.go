package analyze

import "github.com/assay-pdf/assay/core"

// Report is what the analysis found in one document.
type Report struct {
	Pages int    `json:"pages"` // real leaf pages of the page tree
	Page  []Page `json:"page"`
}

// Page is what the analysis found on one page: the facts a text engine
// reported for it (core.Fact*). Counts include what Form XObjects draw. A
// page whose content could not be read has only its number, and Err.
type Page struct {
	Number   int     `json:"number"`
	Width    float64 `json:"width"`  // as displayed, rotation applied, in points
	Height   float64 `json:"height"` // as displayed
	Rotation int     `json:"rotation"`

	TextOps         int `json:"text_ops"`         // text-showing operators: Tj TJ ' "
	Glyphs          int `json:"glyphs"`           // glyphs shown
	UnmappedGlyphs  int `json:"unmapped_glyphs"`  // of which in fonts that give no Unicode
	CIDGlyphs       int `json:"cid_glyphs"`       // of which in composite (Type0) fonts
	InvisibleGlyphs int `json:"invisible_glyphs"` // shown with render mode 3 or 7 (an OCR layer)
	BlankGlyphs     int `json:"blank_glyphs"`     // of which draw no text (spaces, soft hyphens)

	Images        int         `json:"images"`         // image XObjects and inline images drawn
	ImageCoverage float64     `json:"image_coverage"` // share of the page area under images, in [0,1]
	ImageBoxes    []core.BBox `json:"image_boxes,omitempty"`
	// ImageSamples is the millions of samples the images drawn hold,
	// counted at every draw (core.FactImageSamples).
	ImageSamples float64 `json:"image_samples,omitempty"`

	PathOps int `json:"path_ops"` // path construction and painting operators
	// VectorDensity is PathOps per square inch of the displayed page.
	VectorDensity float64 `json:"vector_density"`
	// TextAsPaths: no visible glyphs, and at least MinOutlineFills filled
	// paths of which most (OutlineShare) are small (at most
	// core.OutlineMaxSize points on each side): text drawn as outlines.
	TextAsPaths bool `json:"text_as_paths"`

	// Columns and Tables are what the text engine's layout found: the
	// most columns of running text side by side, and the tables. A reading
	// without layout (facts only) leaves them 0.
	Columns int `json:"columns,omitempty"`
	Tables  int `json:"tables,omitempty"`

	// LimitHit is set when a limit cut the reading short (operators,
	// stream size); counts are then lower bounds.
	LimitHit bool `json:"limit_hit,omitempty"`
	// Err is why the page's content could not be read, "" when it was.
	Err string `json:"error,omitempty"`
}
