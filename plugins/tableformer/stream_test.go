package tableformer

import (
	"fmt"
	"strings"
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
	// A row whose interval and count stand a word space apart: one cell,
	// under one title. Titled apart, two figures on every line part at
	// the word space (figurePairs: TestStreamFigurePairs).
	rows[2][2] = cell{"7,111,000", 195, 240}
	rows[2][1] = cell{"(1,576.0-1,754.9)", 110, 190}
	rows[3][2] = cell{"1,234,567", 196, 240}
	rows[0] = []cell{{"Group", 40, 70}, {"Interval", 120, 160}, {"and", 165, 180}, {"count", 185, 210}}
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

// TestStreamStubIndent: a stub whose group labels stand a few points left
// of their items, under a corner cell over both, is one column: the
// items' indent is the margin of the rows with figures, not a gutter.
// The cells of PIRLS's Table A-3 (us-021), where 'Purposes of reading'
// stood in a column of its own beside 'Literary experience'.
func TestStreamStubIndent(t *testing.T) {
	t.Parallel()
	var words []core.Word
	for _, c := range []struct {
		x0, y0, x1, y1 float64
		text           string
	}{
		{306.4, 107.9, 335.7, 115.2, "All items"}, {398.0, 105.7, 434.2, 116.0, "New items"}, {490.9, 107.9, 531.5, 115.2, "Trend items"},
		{35.6, 120.0, 134.6, 127.3, "Content domain and process"}, {286.9, 120.0, 314.5, 127.3, "Number"}, {326.8, 120.0, 353.0, 127.3, "Percent"},
		{382.0, 120.0, 409.6, 127.3, "Number"}, {421.8, 120.0, 448.1, 127.3, "Percent"}, {477.1, 120.0, 504.6, 127.3, "Number"},
		{516.9, 120.0, 543.1, 127.3, "Percent"}, {44.9, 130.6, 85.3, 137.9, "Total items"}, {301.6, 130.6, 314.5, 137.9, "135"},
		{340.1, 130.6, 353.0, 137.9, "100"}, {400.9, 130.6, 409.6, 137.9, "60"}, {435.1, 130.6, 448.1, 137.9, "100"},
		{496.0, 130.6, 504.6, 137.9, "75"}, {530.2, 130.6, 543.1, 137.9, "100"}, {39.0, 141.2, 114.0, 148.4, "Purposes of reading"},
		{44.9, 149.8, 110.8, 160.1, "Literary experience"}, {305.9, 149.8, 314.5, 160.1, "72"}, {344.4, 149.8, 353.0, 160.1, "53"},
		{400.9, 152.0, 409.6, 159.2, "33"}, {439.5, 149.8, 448.1, 160.1, "55"}, {496.0, 152.0, 504.6, 159.2, "39"},
		{534.5, 149.8, 543.1, 160.1, "52"}, {44.9, 160.6, 141.4, 170.9, "Acquire and use information"}, {305.9, 162.8, 314.5, 170.1, "63"},
		{344.4, 160.6, 353.0, 170.9, "47"}, {400.9, 160.6, 409.6, 170.9, "27"}, {439.4, 160.6, 448.1, 170.9, "45"},
		{496.0, 162.8, 504.6, 170.1, "36"}, {534.5, 160.6, 543.1, 170.9, "48"}, {37.7, 180.1, 145.8, 187.3, "Processes of comprehension"},
		{44.9, 188.3, 215.1, 198.6, "Focus on and retrieve explicitly stated information"}, {305.9, 190.4, 314.5, 197.7, "33"}, {344.4, 188.3, 353.0, 198.6, "24"},
		{400.9, 188.3, 409.5, 198.6, "14"}, {439.4, 190.4, 448.1, 197.7, "23"}, {496.0, 190.4, 504.6, 197.7, "19"},
		{534.5, 188.3, 543.1, 198.6, "25"}, {44.9, 199.1, 155.2, 209.4, "Make straightforward inferences"}, {305.9, 199.1, 314.5, 209.4, "46"},
		{344.4, 199.1, 353.0, 209.4, "34"}, {400.9, 201.2, 409.5, 208.5, "20"}, {439.4, 201.2, 448.1, 208.5, "33"},
		{495.9, 201.2, 504.6, 208.5, "26"}, {534.5, 199.1, 543.1, 209.4, "35"}, {44.9, 209.9, 197.4, 220.2, "Interpret and integrate ideas and information"},
		{305.9, 209.9, 314.5, 220.2, "38"}, {344.4, 209.9, 353.0, 220.2, "28"}, {400.9, 209.9, 409.5, 220.2, "18"},
		{439.4, 212.1, 448.0, 219.3, "30"}, {495.9, 212.1, 504.6, 219.3, "20"}, {534.5, 209.9, 543.1, 220.2, "27"},
		{44.9, 221.4, 260.2, 231.7, "Examine and evaluate content, language, and textual elements"}, {305.9, 221.4, 314.5, 231.7, "18"}, {344.4, 223.6, 353.0, 230.8, "13"},
		{405.2, 221.4, 409.5, 231.7, "8"}, {439.4, 223.6, 448.0, 230.8, "13"}, {495.9, 223.6, 504.6, 230.8, "10"},
		{534.5, 223.6, 543.1, 230.8, "13"},
	} {
		words = append(words, core.Word{Text: c.text, Size: 7.25, BBox: core.BBox{X0: c.x0, Y0: c.y0, X1: c.x1, Y1: c.y1}})
	}
	tb, _ := Stream(words, 9.5)
	if tb == nil {
		t.Fatal("no table")
	}
	if tb.Cols != 7 {
		t.Errorf("%d columns, want 7:\n%q", tb.Cols, tb.Grid())
	}
}

// TestStreamLabelWrapsUnderItself: a row's label wraps under itself or
// indented further ('American Indian/' over 'Alaska Native'), and its
// next line joins the row; a line of the first column set left of the
// label over it is a heading over the rows that follow ('Sex' after the
// last row of a group indented under 'Race', MMWR's us-024), a row of
// its own however close.
func TestStreamLabelWrapsUnderItself(t *testing.T) {
	t.Parallel()
	const size, char = 8.0, 4.0
	var words []core.Word
	y := 100.0
	// add sets a line lead points under the one before: rows 13 apart, a
	// label's next line 9.
	add := func(lead, x float64, s string, figures ...string) {
		y += lead
		for _, part := range strings.Fields(s) {
			words = append(words, core.Word{Text: part, Size: size, BBox: core.BBox{X0: x, Y0: y, X1: x + char*float64(len(part)), Y1: y + size}})
			x += char*float64(len(part)) + 2
		}
		for i, f := range figures {
			x1 := 250 + 60*float64(i)
			words = append(words, core.Word{Text: f, Size: size, BBox: core.BBox{X0: x1 - char*float64(len(f)), Y0: y, X1: x1, Y1: y + size}})
		}
	}
	add(0, 100, "Characteristic", "No.", "Rate")
	add(13, 100, "Race")
	add(13, 108, "White", "3,174", "4.0")
	add(13, 108, "Black", "1,292", "9.6")
	add(13, 108, "American Indian/", "51", "7.2")
	add(9, 112, "Alaska Native")
	add(9, 100, "Sex")
	add(13, 108, "Male", "2,862", "4.7")
	add(13, 108, "Female", "2,909", "5.9")
	tb, _ := Stream(words, size)
	if tb == nil {
		t.Fatal("no table")
	}
	var labels []string
	for _, row := range tb.Grid() {
		labels = append(labels, row[0])
	}
	want := []string{"Characteristic", "Race", "White", "Black", "American Indian/ Alaska Native", "Sex", "Male", "Female"}
	if fmt.Sprintf("%q", labels) != fmt.Sprintf("%q", want) {
		t.Errorf("labels %q, want %q", labels, want)
	}
}

// TestStreamWrappedProse: a table that sets its rows at the leading of
// its wrapped cells has only the text to tell a cell's next line from a
// new row. A line whose cells go on in lower case under a phrase that ran
// into its column's edge is the rest of its row; a row that starts with a
// capital, an item's letter, or under a short entry is a row.
func TestStreamWrappedProse(t *testing.T) {
	t.Parallel()
	xs := []float64{100, 220}
	// spaced lays each cell's words out apart, 5 pt a character and a
	// space between them.
	spaced := func(lines ...line) []core.Word {
		var out []core.Word
		for _, ln := range lines {
			for c, s := range ln.cells {
				x := xs[c]
				for _, w := range strings.Fields(s) {
					out = append(out, core.Word{Text: w, Size: 8, BBox: core.BBox{X0: x, Y0: ln.y, X1: x + 5*float64(len(w)), Y1: ln.y + 8}})
					x += 5*float64(len(w)) + 2.5
				}
			}
		}
		return out
	}
	cases := []struct {
		name  string
		lines []line
		want  string
	}{
		{
			name: "a description wrapped at the leading",
			lines: []line{
				{100, []string{"Fraction", "Description"}},
				{110, []string{"Biopolymers", "Organic matter of high weight, including"}},
				{120, []string{"", "proteins and aminosugars"}},
				{130, []string{"Humics", "Mixture of acids made by decay"}},
				{140, []string{"", "of dead organic matter"}},
				{150, []string{"Colloids", "Inorganic charged polyelectrolytes"}},
			},
			want: "[[Fraction Description] [Biopolymers Organic matter of high weight, including proteins and aminosugars] " +
				"[Humics Mixture of acids made by decay of dead organic matter] [Colloids Inorganic charged polyelectrolytes]]",
		},
		{
			name: "rows in lower case under short entries",
			lines: []line{
				{100, []string{"Key", "Meaning"}},
				{110, []string{"SPACE", "linebreak linebreak"}},
				{120, []string{"", "linebreak-man"}},
				{130, []string{"TAB", "b Qualified dividends"}},
				{140, []string{"", "Capital gains"}},
			},
			want: "[[Key Meaning] [SPACE linebreak linebreak] [ linebreak-man] [TAB b Qualified dividends] [ Capital gains]]",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tb, _ := Stream(spaced(c.lines...), 8)
			got := "no table"
			if tb != nil {
				got = fmt.Sprint(tb.Grid())
			}
			if got != c.want {
				t.Errorf("got %s\nwant %s", got, c.want)
			}
		})
	}
}
