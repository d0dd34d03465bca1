package core

import (
	"math"
	"testing"
	"unicode"
)

func TestCoverage(t *testing.T) {
	t.Parallel()
	page := BBox{X1: 100, Y1: 200}
	for _, tc := range []struct {
		name  string
		boxes []BBox
		want  float64
	}{
		{"none", nil, 0},
		{"one quarter", []BBox{{X1: 50, Y1: 100}}, 0.25},
		{"overlap counted once", []BBox{{X1: 50, Y1: 100}, {X0: 25, X1: 75, Y1: 100}}, 0.375},
		{"nested", []BBox{{X1: 100, Y1: 200}, {X0: 10, Y0: 10, X1: 20, Y1: 20}}, 1},
		{"clipped to the page", []BBox{{X0: -50, Y0: -50, X1: 50, Y1: 100}}, 0.25},
		{"off the page", []BBox{{X0: 200, Y0: 0, X1: 300, Y1: 10}}, 0},
		{"an L of two", []BBox{{X1: 10, Y1: 200}, {X1: 100, Y1: 10}}, (2000 + 900) / 20000.0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := Coverage(tc.boxes, page); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("Coverage = %v, want %v", got, tc.want)
			}
		})
	}
	if got := Coverage([]BBox{{X1: 1, Y1: 1}}, BBox{}); got != 0 {
		t.Errorf("empty page: %v", got)
	}
}

// Blank's ASCII fast path agrees with its definition on every rune.
func TestBlankIsSpaceOrFormat(t *testing.T) {
	t.Parallel()
	for r := rune(0); r <= unicode.MaxRune; r++ {
		want := unicode.IsSpace(r) || unicode.Is(unicode.Cf, r)
		if got := Blank(r); got != want {
			t.Fatalf("Blank(%U) = %v, want %v", r, got, want)
		}
	}
}
