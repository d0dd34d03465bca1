package pdfdoc

import (
	"math"
	"testing"
)

// Finite accepts entries up to maxEntry in magnitude and refuses NaN,
// the infinities and anything larger, in any position.
func TestMatrixFinite(t *testing.T) {
	t.Parallel()
	values := map[bool][]float64{
		true:  {0, math.Copysign(0, -1), 1, -maxEntry, maxEntry},
		false: {math.Nextafter(maxEntry, math.Inf(1)), -2 * maxEntry, math.NaN(), math.Inf(1), math.Inf(-1)},
	}
	for want, vs := range values {
		for _, v := range vs {
			for i := range Identity {
				m := Identity
				m[i] = v
				if got := m.Finite(); got != want {
					t.Errorf("entry %d = %v: Finite() = %v, want %v", i, v, got, want)
				}
			}
		}
	}
}
