package detect

import (
	"context"
	"image"

	"github.com/assay-pdf/assay/core"
)

// Region is one layout element a detector found, in page points (top-left origin, like core.BBox).
type Region struct {
	Kind  core.BlockKind // Assay's block kind
	Label string         // the model's own label name
	Box   core.BBox
	Score float64
}

// Input is one page for a detector.
type Input struct {
	Page          int
	Width, Height float64     // page size in points
	Image         image.Image // the page rendered; nil for detectors that need no pixels
}

// Detector finds layout regions on a batch of pages; out[i] are the regions of pages[i].
type Detector interface {
	Detect(ctx context.Context, pages []Input) ([][]Region, error)
}

// ImageNeeder is implemented by detectors that need the page rendered, and says at what resolution (pixels on the longer side).
type ImageNeeder interface{ ImageSize() int }
