package nativetext

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// cellBox picks each bound's corner by the signs of the matrix's factors.
// It must give what the bounds of all four corners, mapped as Apply maps
// them, give: for rotated, mirrored and skewed matrices, cells given
// with their ends either way round, and factors of zero.
func TestCellBoxIsBoundsOfCorners(t *testing.T) {
	t.Parallel()
	corners := func(m pdfdoc.Matrix, x0, x1, y0, y1 float64) (lx, ly, hx, hy float64) {
		lx, ly, hx, hy = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range [][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
			x, y := m.Apply(p[0], p[1])
			lx, hx, ly, hy = min(lx, x), max(hx, x), min(ly, y), max(hy, y)
		}
		return
	}
	r := rand.New(rand.NewPCG(1, 2))
	factor := func() float64 {
		switch r.IntN(4) {
		case 0:
			return 0
		default:
			return (r.Float64()*2 - 1) * math.Pow(10, float64(r.IntN(7)-3))
		}
	}
	for range 20000 {
		m := pdfdoc.Matrix{factor(), factor(), factor(), factor(), r.Float64() * 800, r.Float64() * 800}
		x0, x1 := r.Float64()*2-0.5, r.Float64()*2-0.5 // either way round
		y0, y1 := -r.Float64()*0.3, r.Float64()
		b := cellBox(m, x0, x1, y0, y1)
		lx, ly, hx, hy := corners(m, x0, x1, y0, y1)
		if b.X0 != lx || b.X1 != hx || b.Y0 != ly || b.Y1 != hy {
			t.Fatalf("cellBox(%v, %v..%v × %v..%v) = %+v, corners give %v %v %v %v", m, x0, x1, y0, y1, b, lx, ly, hx, hy)
		}
	}
}
