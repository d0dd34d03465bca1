package analyze

import "github.com/assay-pdf/assay/core"

// Report is what the analysis found in one document.
type Report struct {
	Pages     int    `json:"pages"` // real leaf pages of the page tree
	Version   string `json:"version,omitempty"`
	Producer  string `json:"producer,omitempty"`
	Creator   string `json:"creator,omitempty"`
	Encrypted bool   `json:"encrypted"` // encrypted, opened with the empty user password
	// Repairs say what was repaired to read the file ("xref rebuilt",
	// "truncated at byte N", ...).
	Repairs []string `json:"repairs,omitempty"`
	Tagged  bool     `json:"tagged"` // /MarkInfo /Marked true or a structure tree
	Page    []Page   `json:"page"`
}

// Page is what the analysis found on one page. Counts include what Form
// XObjects draw. A page whose content could not be read has only its
// number and size, and Err.
type Page struct {
	Number   int     `json:"number"`
	Width    float64 `json:"width"`  // as displayed, rotation applied, in points
	Height   float64 `json:"height"` // as displayed
	Rotation int     `json:"rotation"`

	TextOps         int    `json:"text_ops"`         // text-showing operators: Tj TJ ' "
	Glyphs          int    `json:"glyphs"`           // glyphs shown: string bytes / code length of the font
	InvisibleGlyphs int    `json:"invisible_glyphs"` // shown with render mode 3 or 7 (an OCR layer)
	Fonts           []Font `json:"fonts,omitempty"`  // fonts used on the page, most glyphs first

	Images        int         `json:"images"`         // image XObjects and inline images drawn
	ImageCoverage float64     `json:"image_coverage"` // share of the page area under images, in [0,1]
	ImageBoxes    []core.BBox `json:"image_boxes,omitempty"`

	PathOps int `json:"path_ops"` // path construction and painting operators
	// VectorDensity is PathOps per square inch of the displayed page.
	VectorDensity float64 `json:"vector_density"`
	// TextAsPaths: no visible glyphs, and at least MinOutlineFills filled
	// paths of which most (OutlineShare) are small (at most OutlineMaxSize
	// points on each side): text drawn as outlines.
	TextAsPaths bool `json:"text_as_paths"`

	// Columns and Tables are what a text engine's layout found: the most
	// columns of running text side by side, and the tables. Only a
	// reading gives them (FromResult); the content scan leaves them 0.
	Columns int `json:"columns,omitempty"`
	Tables  int `json:"tables,omitempty"`

	// LimitHit is set when a limit cut the analysis short (operators,
	// stream size); counts are then lower bounds.
	LimitHit bool `json:"limit_hit,omitempty"`
	// Err is why the page's content could not be read, "" when it was.
	Err string `json:"error,omitempty"`

	fills      int // filling operators (f F f* B B* b b*)
	smallFills int // of which paths at most OutlineMaxSize on both sides
}

// Font is one font as used on one page.
type Font struct {
	Name     string `json:"name"`               // BaseFont without a subset prefix; the resource name when missing
	Subtype  string `json:"subtype"`            // Type1, MMType1, TrueType, Type0, Type3
	Encoding string `json:"encoding,omitempty"` // the /Encoding name, "Differences" (with its base), or "embedded CMap"
	Embedded bool   `json:"embedded"`           // a font program is in the file (always for Type3)
	Subset   bool   `json:"subset"`             // BaseFont has a subset prefix (ABCDEF+)
	// ToUnicode: the font has a /ToUnicode CMap stream.
	ToUnicode bool `json:"to_unicode"`
	CID       bool `json:"cid"` // a composite (Type0) font
	Type3     bool `json:"type3"`
	// UsableUnicode: a Unicode value can be derived for the font's codes.
	// See the package documentation for the rule.
	UsableUnicode bool `json:"usable_unicode"`
	Glyphs        int  `json:"glyphs"` // glyphs shown on this page with this font
}
