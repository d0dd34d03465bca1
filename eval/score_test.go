package eval

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// The expected figures are score.py's for the same pairs.
func TestScore(t *testing.T) {
	t.Parallel()
	const (
		headed = "# Title\n\nSome words here.\n"
		table  = "| a | b |\n|---|---|\n| 1 | 2 |\n"
	)
	cases := []struct {
		name      string
		gt, pred  string
		want      map[Metric]float64 // NaN: not measured
		charsPred int
	}{
		{"identical", headed, headed, map[Metric]float64{
			TextSim: 1, ReadingOrder: 1, OrderWords: 1, WordRecall: 1, WordPrecision: 1,
			TableCells: math.NaN(), HeadingF1: 1, HeadingF1NoLevel: 1,
		}, 22},
		{"shuffled, heading level wrong", headed, "## Title\nwords Some here\n", map[Metric]float64{
			TextSim: 0.5909090909090908, ReadingOrder: 0.7441860465116279, OrderWords: 0.6666666666666667,
			WordRecall: 0.8, WordPrecision: 1, HeadingP: 0, HeadingF1: 0, HeadingF1NoLevel: 1,
		}, 21},
		{"one cell wrong", table, "| a | b |\n|---|---|\n| 1 | 3 |\n", map[Metric]float64{
			TextSim: 0.8571428571428572, WordRecall: 0.75, TableCells: 0.75, TableTEDS: 0.8571428571428572,
			HeadingF1: math.NaN(),
		}, 7},
		{"nothing predicted", "text", "", map[Metric]float64{
			TextSim: 0, ReadingOrder: 0, WordRecall: 0, WordPrecision: 0,
		}, 0},
		{"both empty", "", "", map[Metric]float64{
			TextSim: 1, ReadingOrder: 1, OrderWords: 1, WordRecall: 1, WordPrecision: 1,
		}, 0},
		{"table read as text", table, "a b\n1 2\n", map[Metric]float64{
			TextSim: 1, TableCells: 0, TableTEDS: 0,
		}, 7},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := Score(c.gt, c.pred)
			for m, want := range c.want {
				got, ok := s.Value(m)
				if math.IsNaN(want) {
					if ok {
						t.Errorf("%s = %v, want none", m, got)
					}
					continue
				}
				if !ok || !near(got, want) {
					t.Errorf("%s = %v (%v), want %v", m, got, ok, want)
				}
			}
			if s.CharsPred != c.charsPred {
				t.Errorf("CharsPred = %d, want %d", s.CharsPred, c.charsPred)
			}
		})
	}
}

func TestTEDS(t *testing.T) {
	t.Parallel()
	ab12 := table{{"a", "b"}, {"1", "2"}}
	cases := []struct {
		name string
		a, b table
		want float64
	}{
		{"same", ab12, ab12, 1},
		{"a row missing", ab12, table{{"a", "b"}}, 0.5714285714285714},
		{"two cells changed", ab12, table{{"a", "c"}, {"1", "22"}}, 0.7857142857142857},
		{"nothing predicted", table{{"a"}}, nil, 0.33333333333333337},
	}
	for _, c := range cases {
		if got := tedsLike(c.a, c.b); !near(got, c.want) {
			t.Errorf("%s: tedsLike = %v, want %v", c.name, got, c.want)
		}
	}
}

// FuzzScore: any pair of byte strings scores in [0, 1] without a panic, and
// a text against itself scores 1 on every metric (tables too long for TEDS
// aside).
func FuzzScore(f *testing.F) {
	f.Add("# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n", "Title a b 1 2")
	f.Add("*em* _x_ [l](u) &amp; <br> 中 文", "\xe2\x82 \\| ## x ##")
	f.Add("| x \\|\n| --- |\n| \\| |", "")
	f.Fuzz(func(t *testing.T, gt, pred string) {
		s := Score(gt, pred)
		for _, m := range Metrics {
			if v, ok := s.Value(m); ok && (v < 0 || v > 1 || math.IsNaN(v)) {
				t.Fatalf("%s = %v, out of [0, 1]", m, v)
			}
		}
		self := Score(gt, gt)
		for _, m := range Metrics {
			if m == TableTEDS && hasLongTable(gt) {
				continue
			}
			if v, ok := self.Value(m); ok && v != 1 {
				t.Fatalf("%s of a text against itself = %v", m, v)
			}
		}
	})
}

func hasLongTable(md string) bool {
	for _, t := range parseTables(decodeUTF8(md)) {
		if len(t)*len(t) > maxTEDSRows {
			return true
		}
	}
	return false
}
