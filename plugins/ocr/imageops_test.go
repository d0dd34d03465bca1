package ocr

import (
	"bytes"
	"image"
	"math/rand/v2"
	"slices"
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

// straightenReference is straighten as it was first written, one bilinear
// sample a pixel: the reference that straightenRow's split must match.
func straightenReference(g *image.Gray, deg float64) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	f := newSkewFrame(deg, w, h)
	out := image.NewGray(image.Rect(0, 0, w, h))
	paper := paperLevel(g)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sx, sy := f.toOriginal(float64(x)+0.5, float64(y)+0.5)
			if sx < 0 || sy < 0 || sx >= float64(w) || sy >= float64(h) {
				out.Pix[y*out.Stride+x] = 255
				continue
			}
			v := bilinear(g, sx, sy)
			if v > paper {
				v = 255
			}
			out.Pix[y*out.Stride+x] = uint8(v + 0.5)
		}
	}
	return out
}

// TestStraightenMatchesBilinear: the straightened copy is within two gray
// levels of a float bilinear sample a pixel (on noise: neighbours from
// black to white), at skews of either sign, small and large, on pictures
// odd and even in size and on a sub-image (a stride wider than the
// picture). A sample within two levels of the paper level may land on
// either side of it (white, or its gray): a few in a thousand.
func TestStraightenMatchesBilinear(t *testing.T) {
	t.Parallel()
	const maxPaperFlips = 0.003
	rng := rand.New(rand.NewPCG(7, 11))
	page := image.NewGray(image.Rect(0, 0, 301, 217))
	for i := range page.Pix {
		page.Pix[i] = uint8(rng.IntN(256))
	}
	for _, g := range []*image.Gray{
		page,
		page.SubImage(image.Rect(13, 9, 250, 200)).(*image.Gray),
		image.NewGray(image.Rect(0, 0, 2, 3)),
	} {
		for _, deg := range []float64{0.15, -0.4, 1.7, -3, 12.5} {
			got, _ := straighten(g, deg)
			want := straightenReference(g, deg)
			flips := 0
			for i := range want.Pix {
				d := int(got.Pix[i]) - int(want.Pix[i])
				switch {
				case d >= -2 && d <= 2:
				case got.Pix[i] == 255 || want.Pix[i] == 255:
					flips++
				default:
					t.Fatalf("%v at %.2f°: pixel %d is %d; bilinear gives %d", g.Rect, deg, i, got.Pix[i], want.Pix[i])
				}
			}
			if share := float64(flips) / float64(len(want.Pix)); share > maxPaperFlips {
				t.Errorf("%v at %.2f°: %.2f%% of pixels white on one side only", g.Rect, deg, 100*share)
			}
		}
	}
}

// TestMarkVerticalByRows: markVertical, which goes along rows, finds the
// runs a walk down each column finds, in the same order, and marks the
// same pixels; runs reach the page's top and bottom edges.
func TestMarkVerticalByRows(t *testing.T) {
	t.Parallel()
	const minV = 24
	rng := rand.New(rand.NewPCG(3, 5))
	g := image.NewGray(image.Rect(0, 0, 97, 160))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	for range 60 {
		x, y0 := rng.IntN(97), rng.IntN(160)
		y1 := min(160, y0+rng.IntN(70))
		if rng.IntN(4) == 0 {
			y0 = 0
		}
		for y := y0; y < y1; y++ {
			g.Pix[y*g.Stride+x] = uint8(rng.IntN(darkThreshold))
		}
	}
	m := &ruleMask{g: g, w: 97, h: 160, mask: make([]bool, 97*160)}
	got := m.markVertical(minV)
	var want []vrun
	wantMask := make([]bool, len(m.mask))
	for x := range 97 {
		for y := 0; y < 160; {
			if g.Pix[y*g.Stride+x] >= darkThreshold {
				y++
				continue
			}
			s := y
			for y < 160 && g.Pix[y*g.Stride+x] < darkThreshold {
				y++
			}
			if y-s >= minV {
				want = append(want, vrun{x, s, y})
				for i := s; i < y; i++ {
					wantMask[i*97+x] = true
				}
			}
		}
	}
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Fatalf("runs %v; a walk down the columns finds %v", got, want)
	}
	if !slices.Equal(m.mask, wantMask) {
		t.Error("the marked pixels differ from the columns' runs")
	}
}
