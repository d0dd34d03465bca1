package analyze

import (
	"testing"

	"github.com/assay-pdf/assay/core"
)

func TestFromResult(t *testing.T) {
	page := func(stats map[string]float64, blocks ...core.Block) core.PageResult {
		return core.PageResult{Status: core.StatusOK, Stats: stats, Page: core.Page{Number: 3, Width: 612, Height: 792, Blocks: blocks}}
	}
	figure := core.Block{Kind: core.KindFigure, BBox: core.BBox{X0: 0, Y0: 0, X1: 612, Y1: 792}}
	tests := []struct {
		name string
		pr   core.PageResult
		want Class
	}{
		{"text", page(map[string]float64{"glyphs": 900, "image_coverage": 0}), ClassBornDigital},
		{"scan", page(map[string]float64{"glyphs": 0, "image_coverage": 1}, figure), ClassImageOnly},
		{"ocr layer", page(map[string]float64{"glyphs": 900, "invisible_glyphs": 900, "image_coverage": 1}, figure), ClassScannedWithOCRLayer},
		{"broken fonts", page(map[string]float64{"glyphs": 900, "unmapped_glyphs": 800, "image_coverage": 0}), ClassBrokenFonts},
		{"mixed", page(map[string]float64{"glyphs": 900, "image_coverage": 0.4}, figure), ClassMixed},
		{"blank", page(map[string]float64{"glyphs": 0, "image_coverage": 0}), ClassBlank},
		{"outlines", page(map[string]float64{"glyphs": 0, "path_ops": 4000, "image_coverage": 0}), ClassVectorText},
	}
	for _, tt := range tests {
		p, ok := FromResult(tt.pr)
		if !ok || p.Class() != tt.want || p.Number != 3 {
			t.Errorf("%s: class %s (ok %v), want %s", tt.name, p.Class(), ok, tt.want)
		}
	}
	if _, ok := FromResult(core.Failed(1, core.ErrTimeout)); ok {
		t.Error("a failed page has no facts")
	}
	if _, ok := FromResult(core.PageResult{Status: core.StatusOK}); ok {
		t.Error("a result without counts has no facts")
	}
}
