package ocr

import (
	"image"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/render"
)

func TestReadScale(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		wordH float64
		want  float64
	}{
		{"unknown print is read as rendered", 0, 1},
		{"small print is read as rendered", 12, 1},
		{"print near the target is not worth resampling", 21, 1},
		{"large print is shrunk to the target", 40, 0.5},
		{"body text at 300 dpi", 36, 20.0 / 36},
		{"huge print stops at the floor", 100, minReadScale},
	}
	for _, tc := range tests {
		if got := readScale(tc.wordH); got != tc.want {
			t.Errorf("%s: readScale(%v) = %v, want %v", tc.name, tc.wordH, got, tc.want)
		}
	}
}

func TestWordHeightIsTheMedian(t *testing.T) {
	t.Parallel()
	var ws []pxWord
	for i := range minMeasuredWords - 1 {
		ws = append(ws, word("w", 0, 0, 10, 20+i))
	}
	if got := wordHeight(ws); got != 0 {
		t.Errorf("%d words measured %v, want 0 (too few)", len(ws), got)
	}
	ws = append(ws, word("tall", 0, 0, 10, 500))
	if got := wordHeight(ws); got != 25 {
		t.Errorf("median height %v, want 25: one tall box must not move it", got)
	}
}

// TestShrinkKeepsMeanAndEdges checks the box filter: the mean gray of the
// page is kept, a uniform area stays uniform, and an exact halving
// averages each 2×2 block.
func TestShrinkKeepsMeanAndEdges(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	g := image.NewGray(image.Rect(0, 0, 301, 197))
	sum := 0
	for i := range g.Pix {
		g.Pix[i] = uint8(rng.IntN(256))
		sum += int(g.Pix[i])
	}
	for _, s := range []float64{0.5, 0.6, 2.0 / 3, 0.83} {
		out := shrink(g, s)
		if out.Rect.Min != (image.Point{}) || out.Rect.Dx() != int(float64(301)*s+0.5) || out.Rect.Dy() != int(float64(197)*s+0.5) {
			t.Fatalf("scale %v: bounds %v", s, out.Rect)
		}
		outSum := 0
		for _, v := range out.Pix {
			outSum += int(v)
		}
		in, got := float64(sum)/float64(len(g.Pix)), float64(outSum)/float64(len(out.Pix))
		if d := in - got; d > 1 || d < -1 {
			t.Errorf("scale %v: mean gray %.2f, want %.2f", s, got, in)
		}
	}

	flat := image.NewGray(image.Rect(10, 20, 110, 90)) // not at the origin
	for i := range flat.Pix {
		flat.Pix[i] = 200
	}
	for _, v := range shrink(flat, 0.37).Pix {
		if v != 200 {
			t.Fatalf("uniform gray 200 became %d", v)
		}
	}

	even := image.NewGray(image.Rect(0, 0, 200, 100))
	for i := range even.Pix {
		even.Pix[i] = uint8(rng.IntN(256))
	}
	g, half := even, shrink(even, 0.5)
	for y := range 50 {
		for x := range 100 {
			a := int(g.Pix[2*y*g.Stride+2*x]) + int(g.Pix[2*y*g.Stride+2*x+1]) +
				int(g.Pix[(2*y+1)*g.Stride+2*x]) + int(g.Pix[(2*y+1)*g.Stride+2*x+1])
			if d := float64(half.Pix[y*half.Stride+x]) - float64(a)/4; d > 0.5 || d < -0.5 {
				t.Errorf("pixel (%d,%d) = %d, block mean %.1f", x, y, half.Pix[y*half.Stride+x], float64(a)/4)
			}
		}
	}
}

// atDPI shrinks a render made above the resolution asked for, and its
// transform still maps the whole image onto the box the render drew; a
// render at or under it comes back as it is.
func TestAtDPIShrinksRenderAndKeepsItsBox(t *testing.T) {
	t.Parallel()
	box := core.BBox{X0: 72, Y0: 144, X1: 72 + 250.2, Y1: 144 + 100.8}
	for _, tc := range []struct {
		dpi, want float64
		wantW     int
	}{
		{200, 150, 521}, // 695 px wide at 200 dpi
		{150, 150, 522}, // 521.25 px, rounded out
		{100, 150, 348},
	} {
		tr := render.Transform{Scale: tc.dpi / 72, OriginX: box.X0, OriginY: box.Y0}
		px := tr.ToPixels(box)
		shot := regionShot{g: image.NewGray(image.Rect(0, 0, px.Dx(), px.Dy())), tr: tr}
		g, gtr := atDPI(shot, tc.dpi, tc.want)
		if g.Rect.Dx() != tc.wantW {
			t.Errorf("%v dpi for %v: %d px wide, want %d", tc.dpi, tc.want, g.Rect.Dx(), tc.wantW)
		}
		if tc.dpi <= tc.want && g != shot.g {
			t.Errorf("%v dpi for %v: render copied, want it as it is", tc.dpi, tc.want)
		}
		got := gtr.ToPage(g.Rect)
		if math.Abs(got.X1-box.X1) > 1/gtr.Scale || math.Abs(got.Y1-box.Y1) > 1/gtr.Scale || got.X0 != box.X0 || got.Y0 != box.Y0 {
			t.Errorf("%v dpi for %v: image maps to %+v, want %+v", tc.dpi, tc.want, got, box)
		}
	}
}
