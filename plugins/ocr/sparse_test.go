package ocr

import (
	"image"
	"testing"
)

// TestSparseInk tells a few lines on paper, with or without the rules of
// a table, from a picture that fills the page.
func TestSparseInk(t *testing.T) {
	t.Parallel()
	const w, h = 1200, 1600
	page := func(draw func(g *image.Gray, x, y int) bool) *image.Gray {
		g := image.NewGray(image.Rect(0, 0, w, h))
		for y := range h {
			for x := range w {
				g.Pix[y*g.Stride+x] = 255
				if draw(g, x, y) {
					g.Pix[y*g.Stride+x] = 20
				}
			}
		}
		return g
	}
	// Three lines of 30-pixel type, every other column of their words inked.
	lines := func(_ *image.Gray, x, y int) bool {
		return y >= 200 && y%120 < 30 && y < 560 && x > 100 && x < 1100 && x%2 == 0
	}
	// The same lines inside a table whose five vertical rules run the page.
	ruled := func(g *image.Gray, x, y int) bool {
		return lines(g, x, y) || (x%240 < 3 && y > 50 && y < h-50)
	}
	// A photograph: texture dark in a third of its pixels, on every row.
	photo := func(_ *image.Gray, x, y int) bool { return (x*7+y*13)%3 == 0 && y > 40 }
	// A light picture: every row holds some ink, few pixels are dark.
	light := func(_ *image.Gray, x, y int) bool { return (x+y)%40 == 0 }
	for _, tc := range []struct {
		name   string
		draw   func(g *image.Gray, x, y int) bool
		sparse bool
	}{
		{"lines", lines, true},
		{"lines in a ruled table", ruled, true},
		{"photograph", photo, false},
		{"light picture", light, true},
	} {
		g := page(tc.draw)
		if got := sparseInk(rowInk(g), w); got != tc.sparse {
			t.Errorf("%s: sparse %v, want %v", tc.name, got, tc.sparse)
		}
	}
}
