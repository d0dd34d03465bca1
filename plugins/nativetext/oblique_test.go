package nativetext

import (
	"math"
	"slices"
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
		// A degree or two of skew, as in an OCR layer, keeps its axis;
		// more is laid out along its slant, and reads as one line either way.
		{"skewed by 2°", "BT /F1 12 Tf 0.9994 0.0349 -0.0349 0.9994 100 600 Tm (Skewed words) Tj ET",
			[]string{"Skewed words"}},
		{"skewed by 3°", "BT /F1 12 Tf 0.9986 0.0523 -0.0523 0.9986 100 600 Tm (Skewed words) Tj ET",
			[]string{"Skewed words"}},
		{"skewed by 6°", "BT /F1 12 Tf 0.9945 0.1045 -0.1045 0.9945 100 600 Tm (Skewed words of a longer line, set at a slant) Tj ET",
			[]string{"Skewed words of a longer line, set at a slant"}},
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
	}{{1, 0.04, 0}, {-1, 0.04, 180}, {0.04, 1, 90}, {0, -1, 270}} {
		if d := writingDir(ax.dx, ax.dy); d != ax.want {
			t.Errorf("advance (%v, %v): direction %d, want %d", ax.dx, ax.dy, d, ax.want)
		}
	}
}

// TestOneSlant: oblique directions a degree apart, as rounding parts the
// glyphs of one slant set at a half degree, are one direction, the more
// common; axis directions and slants further apart stay as they are.
func TestOneSlant(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		count map[int]int
		want  map[int]int
	}{
		{"a half degree's two sides", map[int]int{0: 100, 9: 50, 10: 60}, map[int]int{9: 10}},
		{"a tie goes to the lesser", map[int]int{9: 5, 10: 5}, map[int]int{10: 9}},
		{"a run of three", map[int]int{30: 2, 31: 9, 32: 3}, map[int]int{30: 31, 32: 31}},
		{"across north", map[int]int{359: 4, 1: 2}, nil},
		{"apart", map[int]int{20: 4, 40: 2, 89: 3}, nil},
		{"next to an axis", map[int]int{0: 1, 1: 3, 89: 3, 90: 9}, nil},
	} {
		got := oneSlant(tc.count)
		if len(got) != len(tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
			continue
		}
		for d, to := range tc.want {
			if got[d] != to {
				t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
			}
		}
	}
}

// TestSlantAtAHalfDegree: a line set at 9.5° whose pieces round to 9°
// and to 10° (a booklet's exercise poster) reads as one line, and the
// slanted text, though it has more glyphs, reads after the page's
// upright text.
func TestSlantAtAHalfDegree(t *testing.T) {
	t.Parallel()
	content := "BT /F1 12 Tf 72 720 Td (Arm exercises) Tj ET " +
		"BT /F1 10 Tf 0.98643 0.16419 -0.16419 0.98643 200 400 Tm (Make a fist and ) Tj 0.98614 0.16591 -0.16591 0.98614 267.9649758194605 411.3124737285947 Tm (squeeze slowly) Tj ET"
	lines := onePageLines(t, helvRes, content)
	want := []string{"Arm exercises", "Make a fist and squeeze slowly"}
	if !slices.Equal(lines, want) {
		t.Errorf("lines %q, want %q", lines, want)
	}
}
