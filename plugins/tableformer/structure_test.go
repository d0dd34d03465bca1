package tableformer

import (
	"fmt"
	"math"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// words lays out rows of cell texts as words: each cell's text is one
// word 8 pt high, placed at x[c] on baselines 14 pt apart from y; ""
// leaves the cell empty. Words are 5 pt per character wide.
func words(y float64, x []float64, rows ...[]string) []core.Word {
	var out []core.Word
	for r, row := range rows {
		for c, s := range row {
			if s == "" {
				continue
			}
			top := y + 14*float64(r)
			out = append(out, core.Word{Text: s, Size: 8, BBox: core.BBox{X0: x[c], Y0: top, X1: x[c] + 5*float64(len(s)), Y1: top + 8}})
		}
	}
	return out
}

func rule(h bool, pos, lo, hi float64) Ruling { return Ruling{Horizontal: h, Pos: pos, Lo: lo, Hi: hi} }

func TestStructure(t *testing.T) {
	t.Parallel()
	xs := []float64{100, 200, 300}
	body := words(100, xs, []string{"Name", "Count", "Price"}, []string{"Apple", "3", "1.20"}, []string{"Pear", "5", "0.80"}, []string{"Plum", "7", "0.50"})
	frame := []Ruling{
		rule(true, 96, 95, 360), rule(true, 110, 95, 360), rule(true, 124, 95, 360), rule(true, 138, 95, 360), rule(true, 152, 95, 360),
		rule(false, 95, 96, 152), rule(false, 190, 96, 152), rule(false, 290, 96, 152), rule(false, 360, 96, 152),
	}
	want := "[[Name Count Price] [Apple 3 1.20] [Pear 5 0.80] [Plum 7 0.50]]"
	cases := []struct {
		name string
		in   Input
		want string // "" : no table
	}{
		{"stream", Input{Words: body}, want},
		{"lattice", Input{Words: body, Rulings: frame, Region: core.BBox{X0: 90, Y0: 90, X1: 370, Y1: 160}}, want},
		{"rulings elsewhere", Input{Words: body, Rulings: []Ruling{rule(true, 600, 0, 500), rule(true, 700, 0, 500)}}, want},
		{"one column", Input{Words: words(100, []float64{100}, []string{"alpha"}, []string{"beta"}, []string{"gamma"})}, ""},
		{"no words", Input{Rulings: frame}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := ""
			if tb := Structure(c.in); tb != nil {
				got = fmt.Sprint(tb.Grid())
			}
			if got != c.want {
				t.Errorf("got %s; want %s", got, c.want)
			}
		})
	}
}

func TestGrids(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		rulings []Ruling
		want    int
	}{
		{"box with an inner rule", []Ruling{rule(true, 10, 0, 100), rule(true, 50, 0, 100), rule(false, 0, 10, 50), rule(false, 100, 10, 50), rule(false, 40, 10, 50)}, 1},
		{"row rules and one column rule", []Ruling{rule(true, 10, 0, 100), rule(true, 30, 0, 100), rule(true, 50, 0, 100), rule(false, 40, 10, 50)}, 1},
		{"double rule links the halves", []Ruling{rule(true, 10, 0, 100), rule(true, 30, 0, 100), rule(true, 32.4, 0, 100), rule(true, 60, 0, 100),
			rule(false, 40, 10, 29.8), rule(false, 40, 32.6, 60)}, 1},
		{"two rules and a bar", []Ruling{rule(true, 10, 0, 100), rule(true, 50, 0, 100), rule(false, 40, 10, 50)}, 0},
		{"rules alone", []Ruling{rule(true, 10, 0, 100), rule(true, 30, 0, 100), rule(true, 50, 0, 100)}, 0},
		{"a check box", []Ruling{rule(true, 10, 0, 8), rule(true, 18, 0, 8), rule(false, 0, 10, 18), rule(false, 8, 10, 18)}, 0},
		// Rows shaded in turn, 20 points high, an unshaded row between:
		// the stripes' sides join into one frame.
		{"zebra stripes", append(shaded(0, 100, 0, 20), shaded(0, 100, 40, 60)...), 1},
		// Panels shaded one over another, a caption's line apart.
		{"stacked panels", append(shaded(0, 100, 0, 180), shaded(0, 100, 192, 372)...), 2},
		// A banner across the page over a box in its right column (a
		// journal's, over its key points): their right sides are at one
		// x, a stripe's gap apart, but they are not as wide as each other.
		{"a banner over a narrower box", append(shaded(0, 500, 0, 17), shaded(260, 500, 33, 141)...), 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if gs := Grids(c.rulings); len(gs) != c.want {
				t.Errorf("%d grids %v; want %d", len(gs), gs, c.want)
			}
		})
	}
}

// TestGridsUnstacked: boxes side by side set on a table's top rule join
// its frame; the table alone is a frame, from its top rule down, its
// column rule apart from the boxes' sides. A column rule broken where it
// meets a row rule goes on: the frame is whole.
func TestGridsUnstacked(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		rulings []Ruling
		top     float64
	}{
		{"boxes on a table", []Ruling{rule(true, 0, 0, 45), rule(true, 0, 55, 100), rule(true, 30, 0, 100),
			rule(false, 0, 0, 80), rule(false, 45, 0, 30), rule(false, 55, 0, 30), rule(false, 100, 0, 80),
			rule(true, 55, 0, 100), rule(true, 80, 0, 100), rule(false, 30, 30, 80)}, 30},
		{"broken column rule", []Ruling{rule(true, 0, 0, 100), rule(true, 25, 0, 100), rule(true, 28, 0, 100), rule(true, 60, 0, 100),
			rule(false, 0, 0, 60), rule(false, 100, 0, 60), rule(false, 40, 0, 24.8), rule(false, 40, 28.2, 60)}, 0},
		// A second rule 2.5 points under the top one, a stub between the
		// two and a column rule from just over the second: the frame
		// under the second rule is the table, and the top rule is the
		// frame above's alone (taken into both, the frame below was the
		// whole again, parted again without end).
		{"rule close under the top", []Ruling{rule(true, 0, 0, 100), rule(true, 2.5, 0, 100), rule(true, 60, 0, 100),
			rule(false, 0, 0, 60), rule(false, 100, 0, 60), rule(false, 30, 0, 2.5), rule(false, 70, 1, 60)}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			gs := Grids(c.rulings)
			if len(gs) != 1 || math.Abs(gs[0].Box.Y0-c.top) > 0.5 {
				t.Errorf("grids %v; want one from y %g", gs, c.top)
			}
		})
	}
}

// shaded is the sides of a shaded area from x0 to x1 and y0 to y1.
func shaded(x0, x1, y0, y1 float64) []Ruling {
	rs := []Ruling{rule(true, y0, x0, x1), rule(true, y1, x0, x1), rule(false, x0, y0, y1), rule(false, x1, y0, y1)}
	for i := range rs {
		rs[i].Fill = true
		rs[i].BandLo, rs[i].BandHi = x0, x1
		if rs[i].Horizontal {
			rs[i].BandLo, rs[i].BandHi = y0, y1
		}
	}
	return rs
}

func TestDropSlivers(t *testing.T) {
	t.Parallel()
	line := func(pos, cover float64) bound { return bound{pos: pos, rules: []Ruling{{Pos: pos}}, cover: cover} }
	shade := func(pos float64) bound {
		return bound{pos: pos, rules: []Ruling{{Pos: pos, Fill: true}}, fill: true, cover: 1}
	}
	cases := []struct {
		name    string
		bounds  []bound
		centres []float64
		want    []float64
	}{
		{"double rule", []bound{line(50, 1), line(52, 1)}, []float64{20, 80}, []float64{52}},
		{"shaded inset", []bound{line(50, 1), shade(54), line(100, 1)}, []float64{20, 75, 120}, []float64{50, 100}},
		{"empty column kept", []bound{line(50, 1), line(100, 1)}, []float64{20, 120}, []float64{50, 100}},
		{"rule before the text", []bound{line(3, 1), line(50, 1)}, []float64{20, 80}, []float64{50}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := positions(dropSlivers(c.bounds, c.centres, 0, 150, 10))
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("bounds %v; want %v", got, c.want)
			}
		})
	}
}

func TestFreeRuns(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		cover    []int
		limit    int
		at, runs string
	}{
		{"gutter", []int{2, 2, 0, 0, 0, 0, 2}, 0, "[{1 3}]", "[{1 3}]"},
		{"edges are not gutters", []int{0, 0, 2, 2, 0, 0}, 0, "[]", "[]"},
		{"narrowed to the clear part", []int{2, 1, 1, 0, 0, 0, 0, 1, 2}, 1, "[{1.5 3.5}]", "[{0.5 4}]"},
		{"too narrow", []int{2, 0, 2}, 0, "[]", "[]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			at, runs := freeRuns(c.cover, c.limit, 0, 1.5)
			if got := fmt.Sprint(at); got != c.at {
				t.Errorf("at %s; want %s", got, c.at)
			}
			if got := fmt.Sprint(runs); got != c.runs {
				t.Errorf("runs %s; want %s", got, c.runs)
			}
		})
	}
}

func TestIsNumber(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"1,204": true, "-3.5 %": true, "(12)": true, "€ 40": true, "12.3*": true, "2007": true, "Q1": false,
		"": false, "n/a": false, "Austria": false, "100 million": false, "3 kg": false,
	} {
		if got := isNumber(s); got != want {
			t.Errorf("isNumber(%q) = %v; want %v", s, got, want)
		}
	}
}

func TestChartAxes(t *testing.T) {
	t.Parallel()
	table := func(rows ...[]string) *core.Table {
		t := &core.Table{Rows: len(rows), Cols: len(rows[0])}
		for r, row := range rows {
			for c, s := range row {
				t.Cells = append(t.Cells, core.Cell{Row: r, Col: c, Text: s})
			}
		}
		return t
	}
	cases := []struct {
		name string
		t    *core.Table
		want bool
	}{
		{"axes side by side", table([]string{"450", "450"}, []string{"400", "400"}, []string{"350", "350"}, []string{"300", "300"}), true},
		{"running numbers beside data", table([]string{"1", "Apple"}, []string{"2", "Pear"}, []string{"3", "Plum"}, []string{"4", "Fig"}), false},
		{"figures not evenly spaced", table([]string{"12", "7"}, []string{"40", "9"}, []string{"41", "3"}, []string{"90", "1"}), false},
		{"percent axis", table([]string{"30%", ""}, []string{"20%", ""}, []string{"10%", ""}, []string{"0%", "Legend"}), true},
		{"numbers counting down the rows", table([]string{"1", "100"}, []string{"2", "101"}, []string{"3", "102"}, []string{"4", "103"}), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := chartAxes(c.t); got != c.want {
				t.Errorf("chartAxes = %v; want %v", got, c.want)
			}
		})
	}
}
