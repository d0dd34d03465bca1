package tableformer

import (
	"fmt"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// line is one line of a table's text: the top of its words and the text
// of each column ("" leaves it empty).
type line struct {
	y     float64
	cells []string
}

// lineWords lays out lines as words 8 pt high, 5 pt per character wide,
// column c starting at x[c].
func lineWords(x []float64, lines ...line) []core.Word {
	var out []core.Word
	for _, ln := range lines {
		for c, s := range ln.cells {
			if s != "" {
				out = append(out, core.Word{Text: s, Size: 8, BBox: core.BBox{X0: x[c], Y0: ln.y, X1: x[c] + 5*float64(len(s)), Y1: ln.y + 8}})
			}
		}
	}
	return out
}

// TestStreamRows: a line set close under a row is the rest of its cells
// when it holds words under words; a line with a figure under a figure is
// a row of its own, however close.
func TestStreamRows(t *testing.T) {
	t.Parallel()
	xs := []float64{100, 200, 260, 320}
	cases := []struct {
		name  string
		lines []line
		want  string
	}{
		{
			name: "a label broken over two lines",
			lines: []line{
				{100, []string{"Region", "2019", "2020"}},
				{116, []string{"North Coast", "12", "15"}},
				{125, []string{"Islands", "", ""}},
				{141, []string{"South", "7", "9"}},
				{157, []string{"East", "21", "18"}},
			},
			want: "[[Region 2019 2020] [North Coast Islands 12 15] [South 7 9] [East 21 18]]",
		},
		{
			// A statement sets a ministry's total close under the line
			// before it, with no page reference.
			name: "figures close under figures",
			lines: []line{
				{100, []string{"Item", "Q1", "Q2", "Page"}},
				{116, []string{"Dept. A", "1.5", "2.0", "3-4"}},
				{125, []string{"MINISTRY B", "4.0", "5.5", ""}},
				{141, []string{"Dept. C", "2.5", "1.0", "5-6"}},
				{157, []string{"Dept. D", "3.5", "2.0", "7-8"}},
			},
			want: "[[Item Q1 Q2 Page] [Dept. A 1.5 2.0 3-4] [MINISTRY B 4.0 5.5 ] [Dept. C 2.5 1.0 5-6] [Dept. D 3.5 2.0 7-8]]",
		},
		{
			// A standard error in brackets under its estimate, and a
			// range broken after its dash, are one cell each.
			name: "a bracketed figure and a broken range",
			lines: []line{
				{100, []string{"Group", "Mean", "2013–", ""}},
				{109, []string{"", "", "2017", ""}},
				{125, []string{"A", "12.5", "40", ""}},
				{134, []string{"", "(1.2)", "", ""}},
				{150, []string{"B", "10.1", "38", ""}},
				{159, []string{"", "(0.9)", "", ""}},
				{175, []string{"C", "9.8", "41", ""}},
			},
			want: "[[Group Mean 2013– 2017] [A 12.5 (1.2) 40] [B 10.1 (0.9) 38] [C 9.8 41]]",
		},
		{
			// A contents set as a table: the page footer far below has
			// its page number in the last column, and is not a row.
			name: "a footer far below",
			lines: []line{
				{100, []string{"Overview", "", "", "3"}},
				{116, []string{"Components", "", "", "3"}},
				{132, []string{"Workflow", "", "", "4"}},
				{148, []string{"Conclusion", "", "", "9"}},
				{400, []string{"", "", "PAPER", "2"}},
			},
			want: "[[Overview 3] [Components 3] [Workflow 4] [Conclusion 9]]",
		},
		{
			// A form's last field under a picture stays; the footer under
			// it does not.
			name: "a last row under a picture",
			lines: []line{
				{100, []string{"Name:", "Jackie", "", ""}},
				{116, []string{"Country:", "US", "", ""}},
				{132, []string{"Status:", "alive", "", ""}},
				{300, []string{"License:", "unknown", "", ""}},
				{500, []string{"", "v0.13", "", "Source:"}},
			},
			want: "[[Name: Jackie] [Country: US] [Status: alive] [License: unknown]]",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tb, _ := Stream(lineWords(xs, c.lines...), 8)
			got := "no table"
			if tb != nil {
				got = fmt.Sprint(tb.Grid())
			}
			if got != c.want {
				t.Errorf("got %s; want %s", got, c.want)
			}
		})
	}
}

// TestRaggedGutter: a column set centred beside one set flush right meets
// it at ragged edges. Each row's two cells stand a gutter apart, but the
// widest of one column and the widest of the next lie on different rows,
// and the strip clear on every line is narrower than a gutter (MMWR's
// confidence intervals before their counts). They are two columns; where
// one row has its two cells only a word space apart, the strip parts no
// columns.
func TestRaggedGutter(t *testing.T) {
	t.Parallel()
	type cell struct {
		text   string
		x0, x1 float64
	}
	build := func(rows [][]cell) []core.Word {
		var ws []core.Word
		for r, row := range rows {
			y := 100 + 12*float64(r)
			for _, c := range row {
				ws = append(ws, core.Word{Text: c.text, Size: 8, BBox: core.BBox{X0: c.x0, Y0: y, X1: c.x1, Y1: y + 8}})
			}
		}
		return ws
	}
	rows := [][]cell{
		{{"Group", 40, 70}, {"Interval", 130, 170}, {"Count", 215, 240}},
		{{"Women", 40, 70}, {"(7.0-10.6)", 127, 173}, {"1,564", 215, 240}},
		{{"Men", 40, 55}, {"(1,576.0-1,754.9)", 110, 190}, {"7,111", 215, 240}},
		{{"Girls", 40, 65}, {"(12.0-13.4)", 124, 176}, {"1,234,567", 195, 240}},
		{{"Boys", 40, 60}, {"(126.3-135.4)", 120, 180}, {"21,284", 212, 240}},
	}
	tb, _ := Stream(build(rows), 0)
	if tb == nil || tb.Cols != 3 || fmt.Sprint(tb.Grid()[2]) != "[Men (1,576.0-1,754.9) 7,111]" {
		t.Fatalf("ragged columns read as %v", gridOf(tb))
	}
	// A row whose interval and count stand a word space apart: one cell.
	rows[2][2] = cell{"7,111,000", 195, 240}
	rows[2][1] = cell{"(1,576.0-1,754.9)", 110, 190}
	rows[3][2] = cell{"1,234,567", 196, 240}
	tb, _ = Stream(build(rows), 0)
	if tb != nil && tb.Cols > 2 {
		t.Errorf("a word space read as a gutter: %v", gridOf(tb))
	}
}

// gridOf is a table's grid, or nil.
func gridOf(tb *core.Table) [][]string {
	if tb == nil {
		return nil
	}
	return tb.Grid()
}
