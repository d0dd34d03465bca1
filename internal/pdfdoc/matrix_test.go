package pdfdoc

import (
	"math"
	"testing"
)

// Finite accepts entries up to maxEntry in magnitude and refuses NaN,
// the infinities and anything larger, in any position.
func TestMatrixFinite(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v    float64
		want bool
	}{
		{0, true}, {math.Copysign(0, -1), true}, {1, true}, {-maxEntry, true}, {maxEntry, true},
		{math.Nextafter(maxEntry, math.Inf(1)), false}, {-2 * maxEntry, false},
		{math.NaN(), false}, {math.Inf(1), false}, {math.Inf(-1), false},
	} {
		for i := range Identity {
			m := Identity
			m[i] = tc.v
			if got := m.Finite(); got != tc.want {
				t.Errorf("entry %d = %v: Finite() = %v, want %v", i, tc.v, got, tc.want)
			}
		}
	}
}
