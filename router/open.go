package router

import (
	"context"

	"github.com/assay-pdf/assay/router/analyze"
)

// DocInfo is what the router learns about a document before planning.
type DocInfo struct {
	Pages int `json:"pages"`
}

// Open reads just enough of the file at path to count its pages, and
// classifies a document that cannot be read at all: core.ErrNotFound,
// core.ErrEmptyFile, core.ErrNotPDF, core.ErrEncrypted or core.ErrDamaged,
// wrapped with the detail.
func Open(ctx context.Context, path string) (DocInfo, error) {
	n, err := analyze.Pages(ctx, path)
	return DocInfo{Pages: n}, err
}
