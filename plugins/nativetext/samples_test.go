package nativetext

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
)

// TestImageSamples checks the image_samples fact: an image counts its own
// samples, and one drawn through a form many times counts its soft mask's
// at every draw.
func TestImageSamples(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		path func(t *testing.T) string
		page int
		want float64 // millions
	}{
		{"text page", func(*testing.T) string { return filepath.Join("..", "..", "testdata", "mixed.pdf") }, 1, 0},
		// One 1275×825 RGB image, no mask.
		{"one picture", func(*testing.T) string { return filepath.Join("..", "..", "testdata", "mixed.pdf") }, 2, 1275 * 825 / 1e6},
		// A slide that draws one form 40 times; the form draws a 2×2
		// image with a 34862×4332 soft mask.
		{"huge mask drawn 40 times", func(t *testing.T) string {
			return filepath.Join(corpustest.Dir(t, "robustness"), "issue16263.pdf")
		}, 1, 40 * 34862 * 4332 / 1e6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, err := extractAll(t, tc.path(t), tc.page)
			if err != nil {
				t.Fatal(err)
			}
			got := res[tc.page].Stats[core.FactImageSamples]
			if math.Abs(got-tc.want) > 1e-6 {
				t.Errorf("image_samples %v, want %v", got, tc.want)
			}
		})
	}
}
