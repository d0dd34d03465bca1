package tableformer

import (
	"slices"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// FuzzGrids: Grids ends on any set of rulings, and every grid it returns
// holds its rules within its box. Rulings are read four bytes each (which
// way, position, from, to) on a coarse lattice with a fine offset, so
// that rules meet, cross and lie within a tolerance of each other as a
// page's drawn tables do: a frame parted into stacked frames once recursed
// without end on a rule 2.5 points under its top.
func FuzzGrids(f *testing.F) {
	f.Add([]byte{0, 0, 0, 40, 0, 10, 0, 40, 0, 240, 0, 40, 1, 0, 0, 240, 1, 160, 0, 240, 1, 120, 0, 10, 1, 188, 4, 240})
	f.Add([]byte{0, 8, 0, 160, 0, 48, 0, 160, 1, 0, 8, 48, 1, 160, 8, 48, 1, 80, 8, 48})
	f.Fuzz(func(t *testing.T, b []byte) {
		const maxRulings = 64
		var rs []Ruling
		for i := 0; i+3 < len(b) && len(rs) < maxRulings; i += 4 {
			pos, lo, hi := latticePoint(b[i+1]), latticePoint(b[i+2]), latticePoint(b[i+3])
			if hi <= lo {
				continue
			}
			rs = append(rs, rule(b[i]&1 == 0, pos, lo, hi))
		}
		for _, g := range Grids(rs) {
			for _, r := range slices.Concat(g.H, g.V) {
				if box := rulingBox(r); !within(box, g.Box) {
					t.Fatalf("rule %+v outside its grid's box %+v", r, g.Box)
				}
			}
		}
	})
}

// latticePoint maps a byte to a point on a 20-point lattice (its high
// five bits) moved by 0 to 3.5 points (its low three bits).
func latticePoint(c byte) float64 { return float64(c>>3)*20 + float64(c&7)/2 }

// within says whether box a lies inside b, to a rounding.
func within(a, b core.BBox) bool {
	const slack = 1e-9
	return a.X0 >= b.X0-slack && a.Y0 >= b.Y0-slack && a.X1 <= b.X1+slack && a.Y1 <= b.Y1+slack
}
