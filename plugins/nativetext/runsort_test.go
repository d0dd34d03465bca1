package nativetext

import (
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
