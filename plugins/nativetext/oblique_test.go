package nativetext

import (
	"math"
	"testing"
)

// TestObliqueText: text drawn at a slant (a diagonal watermark, a turned
// table) reads as lines along its slant, beside the page's upright text.
func TestObliqueText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, content string
		want          []string
	}{
		{"watermark rising at 55°", "BT /F1 12 Tf 72 720 Td (Upright title) Tj ET " +
			"BT /F1 24 Tf 0.5736 0.8192 -0.8192 0.5736 150 300 Tm (A diagonal watermark) Tj ET",
			[]string{"Upright title", "A diagonal watermark"}},
		{"two lines falling at 30°", "BT /F1 12 Tf 14 TL 0.866 -0.5 0.5 0.866 100 600 Tm (First line of a turned box) Tj T* (Second line of it) Tj ET",
			[]string{"First line of a turned box", "Second line of it"}},
		// A few degrees of skew, as in an OCR layer, keeps its axis.
		{"skewed by 3°", "BT /F1 12 Tf 0.9986 0.0523 -0.0523 0.9986 100 600 Tm (Skewed words) Tj ET",
			[]string{"Skewed words"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			wantLines(t, tc.content, tc.want)
		})
	}
}

// TestObliqueFrame: an oblique frame turns its direction onto x, and back.
func TestObliqueFrame(t *testing.T) {
	t.Parallel()
	for _, dx := range []struct{ dx, dy float64 }{{1, -1.43}, {1, 0.58}, {-1, 2}} {
		d := writingDir(dx.dx, dx.dy)
		fr := frame(d)
		if fr.axis() {
			t.Errorf("advance (%v, %v): direction %d is an axis", dx.dx, dx.dy, d)
			continue
		}
		x, y := fr.fwd(dx.dx, dx.dy)
		if x <= 0 || math.Abs(y) > 0.02*x {
			t.Errorf("advance (%v, %v) in frame %d: (%v, %v), want along +x", dx.dx, dx.dy, d, x, y)
		}
		bx, by := fr.inv(fr.fwd(3, 4))
		if math.Abs(bx-3) > 1e-9 || math.Abs(by-4) > 1e-9 {
			t.Errorf("frame %d: (3, 4) comes back as (%v, %v)", d, bx, by)
		}
	}
	for _, ax := range []struct {
		dx, dy float64
		want   int
	}{{1, 0.1, 0}, {-1, 0.05, 180}, {0.1, 1, 90}, {0, -1, 270}} {
		if d := writingDir(ax.dx, ax.dy); d != ax.want {
			t.Errorf("advance (%v, %v): direction %d, want %d", ax.dx, ax.dy, d, ax.want)
		}
	}
}
