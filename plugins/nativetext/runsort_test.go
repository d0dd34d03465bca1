package nativetext

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// sortKeys gives the order a full sort gives, on keys in reading order
// with a few places out of it (merged runs), in no order (sorted
// outright), and with ties and NaNs.
func TestSortKeys(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	column := func(x0 float64, lines, perLine int) []glyphKey {
		var ks []glyphKey
		for l := range lines {
			for g := range perLine {
				ks = append(ks, glyphKey{oy: 100 + 12*float64(l), ox: x0 + 5*float64(g)})
			}
		}
		return ks
	}
	cases := map[string][]glyphKey{
		"empty":        nil,
		"one":          {{oy: 1, ox: 2}},
		"in order":     column(72, 40, 60),
		"two columns":  append(column(72, 40, 30), column(310, 40, 30)...),
		"header last":  append(column(72, 40, 60), column(72, 1, 20)...),
		"superscripts": nil,
		"random":       nil,
		"ties and NaN": {{oy: 1, ox: 1}, {oy: math.NaN(), ox: 3}, {oy: 1, ox: 1}, {oy: 0, ox: math.NaN()}, {oy: 1, ox: 0}, {oy: math.NaN(), ox: math.NaN()}},
	}
	rev := column(72, 10, 10)
	slices.Reverse(rev)
	cases["reversed"] = rev
	sup := column(72, 30, 50)
	for i := 7; i < len(sup); i += 23 {
		sup[i].oy -= 4 // raised
	}
	cases["superscripts"] = sup
	rnd := column(72, 30, 50)
	r.Shuffle(len(rnd), func(i, j int) { rnd[i], rnd[j] = rnd[j], rnd[i] })
	cases["random"] = rnd
	for name, ks := range cases {
		for i := range ks {
			ks[i].n = i
		}
		want := slices.Clone(ks)
		slices.SortFunc(want, compareKeys)
		got := slices.Clone(ks)
		sortKeys(got)
		for i := range want {
			if got[i].n != want[i].n {
				t.Errorf("%s: at %d got key %d, want %d", name, i, got[i].n, want[i].n)
				break
			}
		}
	}
}

// FuzzSortKeys checks sortKeys against a full sort on any keys.
func FuzzSortKeys(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		ks := make([]glyphKey, len(b)/2)
		for i := range ks {
			ks[i] = glyphKey{oy: float64(b[2*i] % 16), ox: float64(b[2*i+1]), n: i}
		}
		want := slices.Clone(ks)
		slices.SortFunc(want, compareKeys)
		sortKeys(ks)
		if !slices.Equal(ks, want) {
			t.Fatalf("sortKeys %v, want %v", ks, want)
		}
	})
}

// sortByLeft gives the order a stable sort by left edge gives: on a line
// whose words sit on baselines a hair apart (two runs interleaved), with
// ties kept in the order they came, on a line in no order, and with NaN.
func TestSortByLeft(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	line := func(n int, x func(i int) float64) []fg {
		gs := make([]glyph, n)
		out := make([]fg, n)
		for i := range out {
			gs[i].seq = i
			out[i] = fg{g: &gs[i]}
			out[i].b.X0 = x(i)
		}
		return out
	}
	cases := map[string][]fg{
		"empty":       nil,
		"in order":    line(80, func(i int) float64 { return 5 * float64(i) }),
		"interleaved": line(80, func(i int) float64 { return 5 * float64(i%40) }), // two baselines' words, each in order, with ties
		"reversed":    line(30, func(i int) float64 { return -float64(i) }),
		"random":      line(200, func(int) float64 { return float64(r.IntN(50)) }),
		"NaN":         line(20, func(i int) float64 { return []float64{3, math.NaN(), 1}[i%3] }),
	}
	for name, l := range cases {
		want := slices.Clone(l)
		slices.SortStableFunc(want, func(a, b fg) int { return cmp.Compare(a.b.X0, b.b.X0) })
		sortByLeft(l)
		for i := range want {
			if l[i].g.seq != want[i].g.seq {
				t.Errorf("%s: at %d got glyph %d, want %d", name, i, l[i].g.seq, want[i].g.seq)
				break
			}
		}
	}
}
