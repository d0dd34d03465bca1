package ocr

import (
	"bytes"
	"image"
	"testing"

	xbmp "golang.org/x/image/bmp"
)

// TestBMPRoundTrip decodes what bmp writes with another decoder: widths
// that need row padding, and a sub-image that does not start at (0, 0).
func TestBMPRoundTrip(t *testing.T) {
	t.Parallel()
	big := image.NewGray(image.Rect(0, 0, 40, 30))
	for i := range big.Pix {
		big.Pix[i] = uint8(i * 7)
	}
	for _, g := range []*image.Gray{
		big,
		big.SubImage(image.Rect(3, 5, 40, 12)).(*image.Gray), // 37 wide
		big.SubImage(image.Rect(1, 1, 3, 2)).(*image.Gray),   // 2×1
	} {
		img, err := xbmp.Decode(bytes.NewReader(bmp(g)))
		if err != nil {
			t.Fatalf("%v: %v", g.Rect, err)
		}
		if img.Bounds().Dx() != g.Rect.Dx() || img.Bounds().Dy() != g.Rect.Dy() {
			t.Fatalf("%v: decoded %v", g.Rect, img.Bounds())
		}
		for y := range g.Rect.Dy() {
			for x := range g.Rect.Dx() {
				want := g.GrayAt(g.Rect.Min.X+x, g.Rect.Min.Y+y).Y
				r, _, _, _ := img.At(x, y).RGBA()
				if uint8(r>>8) != want {
					t.Fatalf("%v: pixel (%d,%d) = %d, want %d", g.Rect, x, y, r>>8, want)
				}
			}
		}
	}
}
