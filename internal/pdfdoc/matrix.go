package pdfdoc

import "math"

// Matrix is a PDF transformation [a b c d e f]: a point (x, y) maps to
// (a·x + c·y + e, b·x + d·y + f).
type Matrix [6]float64

// Identity is the matrix that maps every point to itself.
var Identity = Matrix{1, 0, 0, 1, 0, 0}

// Mul returns m followed by n (m × n in PDF notation).
func (m Matrix) Mul(n Matrix) Matrix {
	return Matrix{
		m[0]*n[0] + m[1]*n[2],
		m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2],
		m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4],
		m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// Apply maps the point (x, y).
func (m Matrix) Apply(x, y float64) (float64, float64) {
	return m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]
}

// maxEntry is the largest magnitude of a usable matrix entry.
const maxEntry = 1e9

// Finite reports whether every entry is a usable number (finite, at most
// maxEntry in magnitude).
func (m Matrix) Finite() bool {
	for _, v := range m {
		// One comparison a number: NaN compares false, as do the
		// infinities and every magnitude past the bound.
		if !(math.Abs(v) <= maxEntry) {
			return false
		}
	}
	return true
}
