package tableformer

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestLatticeRuledHeaderBody: a framed table whose column rules stop under
// its header has its body's lines for rows, whichever side its labels are
// on. A right-to-left table has them at the right (a Bank of Israel
// table: Hebrew labels right of the years' figures), and its body was one
// row of stacked cells.
func TestLatticeRuledHeaderBody(t *testing.T) {
	t.Parallel()
	for _, rtl := range []bool{false, true} {
		labels := []string{"Total", "Civil", "Defence", "Building", "Imports"}
		if rtl {
			labels = []string{"סך הכל", "אזרחית", "ביטחונית", "בינוי", "יבוא"}
		}
		t.Run(fmt.Sprint("rtl=", rtl), func(t *testing.T) {
			t.Parallel()
			// The label column, then figures in two columns of 60 pt, the
			// far one filled in the first row only; mirrored when rtl.
			labelX, figX := 104.0, []float64{204, 264}
			ruleXs := []float64{200, 260}
			if rtl {
				labelX, figX, ruleXs = 264, []float64{164, 104}, []float64{160, 220}
			}
			g := Grid{Box: core.BBox{X0: 100, Y0: 100, X1: 320, Y1: 220}}
			for _, y := range []float64{100, 120, 220} {
				g.H = append(g.H, Ruling{Horizontal: true, Pos: y, Lo: 100, Hi: 320})
			}
			g.V = append(g.V, Ruling{Pos: 100, Lo: 100, Hi: 220}, Ruling{Pos: 320, Lo: 100, Hi: 220})
			for _, x := range ruleXs {
				g.V = append(g.V, Ruling{Pos: x, Lo: 100, Hi: 120}) // under the header only
			}
			var words []core.Word
			add := func(x, y float64, s string) {
				words = append(words, core.Word{Text: s, Size: 9, BBox: core.BBox{X0: x, Y0: y - 7, X1: x + 4.5*float64(len([]rune(s))), Y1: y + 2}})
			}
			add(figX[0], 113, "2009")
			add(figX[1], 113, "2010")
			for i, l := range labels {
				y := 133 + 14*float64(i)
				add(labelX, y, l)
				add(figX[0], y, fmt.Sprintf("%d.%d", i+1, i))
				if i == 0 {
					add(figX[1], y, fmt.Sprintf("%d.%d", i+5, i))
				}
			}
			tb := Lattice(g, words, 9)
			if tb == nil {
				t.Fatal("no table")
			}
			if tb.Rows != 1+len(labels) || tb.Cols != 3 {
				t.Fatalf("%d×%d; want %d×3:\n%q", tb.Rows, tb.Cols, 1+len(labels), tb.Grid())
			}
			if got := tb.Grid()[2][0]; got != labels[1] {
				t.Errorf("row 2 starts %q; want %q:\n%q", got, labels[1], tb.Grid())
			}
		})
	}
}

// TestLatticeNoSliverColumn: a gutter between the frame and a column of
// figures set in from it, open only because a note under the body runs
// from the frame's edge, adds no empty column at the edge; the body's
// first column then held no text, and its lines were not rows (a Bank
// of Israel table read its body as one row).
func TestLatticeNoSliverColumn(t *testing.T) {
	t.Parallel()
	g := Grid{Box: core.BBox{X0: 100, Y0: 100, X1: 320, Y1: 320}}
	for _, y := range []float64{100, 120, 300, 320} {
		g.H = append(g.H, Ruling{Horizontal: true, Pos: y, Lo: 100, Hi: 320})
	}
	g.V = append(g.V, Ruling{Pos: 100, Lo: 100, Hi: 320}, Ruling{Pos: 320, Lo: 100, Hi: 320},
		Ruling{Pos: 140, Lo: 100, Hi: 120}, Ruling{Pos: 240, Lo: 100, Hi: 120})
	var words []core.Word
	add := func(x, y float64, s string) { words = setWords(words, x, y, 9, s) }
	add(116, 113, "No.")
	add(150, 113, "Name")
	add(250, 113, "Amount")
	items := []string{"Apples", "Pears", "Plums", "Figs", "Dates", "Limes", "Lemons", "Grapes", "Kiwis", "Melons", "Olives", "Quinces"}
	for i, l := range items {
		y := 133 + 14*float64(i)
		add(125, y, fmt.Sprint(i+1))
		add(150, y, l)
		add(250, y, fmt.Sprintf("%d.50", 10*i+12))
	}
	add(102, 312, "(1) Figures are provisional, as reported.")
	tb := Lattice(g, words, 9)
	if tb == nil {
		t.Fatal("no table")
	}
	if tb.Rows != len(items)+2 || tb.Cols != 3 {
		t.Errorf("%d×%d; want %d×3:\n%q", tb.Rows, tb.Cols, len(items)+2, tb.Grid())
	}
}

// TestLatticeRecords: under a ruled header, a body of records with no
// rules between them, each a line of cells with its description's second
// line under it, has a row a record; notes under the body, in prose
// across the columns, do not make rows of their own.
func TestLatticeRecords(t *testing.T) {
	t.Parallel()
	g := Grid{Box: core.BBox{X0: 100, Y0: 100, X1: 500, Y1: 320}}
	for _, y := range []float64{100, 120, 260, 320} {
		g.H = append(g.H, Ruling{Horizontal: true, Pos: y, Lo: 100, Hi: 500})
	}
	g.V = append(g.V, Ruling{Pos: 100, Lo: 100, Hi: 320}, Ruling{Pos: 500, Lo: 100, Hi: 320})
	for _, x := range []float64{180, 250, 440} {
		g.V = append(g.V, Ruling{Pos: x, Lo: 100, Hi: 260}) // down to the notes
	}
	var words []core.Word
	add := func(x, y float64, s string) { words = setWords(words, x, y, 7, s) }
	add(104, 113, "DOCUMENT NO.")
	add(184, 113, "DATE")
	add(254, 113, "DESCRIPTION")
	add(444, 113, "AMOUNT")
	trips := []string{"KANSAS CITY", "SAINT LOUIS", "SPRINGFIELD", "NEW YORK"}
	y := 130.0
	for i, to := range trips {
		add(104, y, fmt.Sprintf("DHAW2019%04d", i+1))
		add(184, y, fmt.Sprintf("05/%02d/2019", i+3))
		add(254, y, "STAFF TRANSPORTATION")
		add(444, y, fmt.Sprintf("%d.50", 300+i))
		add(254, y+6, "AIRFARE WASHINGTON DC TO "+to+" AND RETURN")
		y += 12.5
	}
	// Notes hang from their numbers in the first column, each over two
	// lines across the others.
	notes := [][2]string{{"Fares are shown as the carrier charged them, with the taxes and the fees", "for changes included."},
		{"Dates are those of the outward and the return journeys, as the traveller", "booked them."},
		{"Amounts are in dollars; the total of the period is on the last page of", "the report."}}
	y = 268
	for i, n := range notes {
		add(104, y, fmt.Sprintf("(%d)", i+1))
		add(184, y, n[0])
		add(184, y+7, n[1])
		y += 14
	}
	tb := Lattice(g, words, 7)
	if tb == nil {
		t.Fatal("no table")
	}
	grid := tb.Grid()
	if tb.Rows != 2+len(trips) || tb.Cols != 4 {
		t.Fatalf("%d×%d; want %d×4:\n%q", tb.Rows, tb.Cols, 2+len(trips), grid)
	}
	if got, want := grid[2][2], "STAFF TRANSPORTATION AIRFARE WASHINGTON DC TO SAINT LOUIS AND RETURN"; got != want {
		t.Errorf("second record's description %q; want %q", got, want)
	}
}

// setWords appends to words the words of s set from (x, baseline y) at
// size points, every character half an em wide.
func setWords(words []core.Word, x, y, size float64, s string) []core.Word {
	for _, f := range strings.Fields(s) {
		w := size / 2 * float64(len(f))
		words = append(words, core.Word{Text: f, Size: size, BBox: core.BBox{X0: x, Y0: y - 0.78*size, X1: x + w, Y1: y + 0.22*size}})
		x += w + size/2
	}
	return words
}

// TestLatticeCellLines: a cell's lines are joined with a space, but where
// a line of Chinese breaks inside a word, with none (a bond prospectus's
// table of ratings names '中诚信国际信用评级有限责任公司' over three lines).
func TestLatticeCellLines(t *testing.T) {
	t.Parallel()
	g := Grid{Box: core.BBox{X0: 100, Y0: 100, X1: 300, Y1: 190}}
	for _, y := range []float64{100, 120, 190} {
		g.H = append(g.H, Ruling{Horizontal: true, Pos: y, Lo: 100, Hi: 300})
	}
	for _, x := range []float64{100, 200, 300} {
		g.V = append(g.V, Ruling{Pos: x, Lo: 100, Hi: 190})
	}
	var words []core.Word
	add := func(x, y float64, s string) {
		words = append(words, core.Word{Text: s, Size: 9, BBox: core.BBox{X0: x, Y0: y - 7, X1: x + 9*float64(len([]rune(s))), Y1: y + 2}})
	}
	add(104, 113, "评级机构")
	add(204, 113, "Agency")
	add(104, 133, "中诚信国际信")
	add(104, 146, "用评级有限责")
	add(104, 159, "任公司")
	add(204, 133, "China")
	add(204, 146, "Chengxin")
	tb := Lattice(g, words, 9)
	if tb == nil {
		t.Fatal("no table")
	}
	want := [][]string{{"评级机构", "Agency"}, {"中诚信国际信用评级有限责任公司", "China Chengxin"}}
	if got := tb.Grid(); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("grid %q; want %q", got, want)
	}
}

// TestLatticeWrappedHeader: a table that rules off each of its rows and
// its header, the header's titles wrapped over three lines side by side
// (the corner's too, bottom-aligned), reads its header as one row: its
// lines hold words, its rows figures (us-014's Exhibit 19). Where a body
// band's three lines are labelled rows of figures, they stay rows, and
// a header band with a figure in it is not taken for wrapped titles.
func TestLatticeWrappedHeader(t *testing.T) {
	t.Parallel()
	build := func(head [][3]string, body [][3]string) (Grid, []core.Word) {
		g := Grid{Box: core.BBox{X0: 100, Y0: 100, X1: 500, Y1: 200}}
		var words []core.Word
		y := 110.0
		for _, ln := range head {
			for i, x := range []float64{104, 320, 420} {
				words = setWords(words, x, y, 7, ln[i])
			}
			y += 8
		}
		for _, ln := range body {
			g.H = append(g.H, Ruling{Horizontal: true, Pos: y - 5, Lo: 100, Hi: 500})
			for i, x := range []float64{104, 320, 420} {
				words = setWords(words, x, y+4, 7, ln[i])
			}
			y += 14
		}
		g.H = append(g.H, Ruling{Horizontal: true, Pos: 100, Lo: 100, Hi: 500}, Ruling{Horizontal: true, Pos: 200, Lo: 100, Hi: 500})
		return g, words
	}
	head := [][3]string{{"", "Schools Identified", "Schools Not Identified"},
		{"Designation Under State or District", "Under NCLB", "Under NCLB"}, {"Initiative", "(n = 469)", "(n = 918)"}}
	body := [][3]string{{"Low-performing", "34%", "3%"}, {"No special designation", "11%", "33%"},
		{"High-performing", "2%", "18%"}, {"Other/not sure", "14%", "9%"}}
	for _, tc := range []struct {
		name string
		head [][3]string
		rows int
	}{
		{"wrapped titles", head, 1 + len(body)},
		{"rows of figures", [][3]string{{"North", "12", "15"}, {"South", "7", "9"}, {"East", "21", "18"}}, 3 + len(body)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			g, words := build(tc.head, body)
			tb := Lattice(g, words, 7)
			if tb == nil {
				t.Fatal("no table")
			}
			if tb.Rows != tc.rows {
				t.Errorf("%d rows, want %d:\n%q", tb.Rows, tc.rows, tb.Grid())
			}
		})
	}
}

// TestLatticeLabelsBesideRuledRows: row rules that stop short of the
// label column (OMB's indirect cost proposal, us-009) leave each label
// in its own row where every row's slot holds one line; a paragraph
// whose lines run on beside the rows, in lower case, is one cell, as are
// labels with a slot empty among them (a label over two rows).
func TestLatticeLabelsBesideRuledRows(t *testing.T) {
	t.Parallel()
	build := func(labels []string) *core.Table {
		g := Grid{Box: core.BBox{X0: 100, Y0: 100, X1: 400, Y1: 200}}
		g.H = append(g.H, Ruling{Horizontal: true, Pos: 100, Lo: 100, Hi: 400}, Ruling{Horizontal: true, Pos: 115, Lo: 100, Hi: 400})
		for i := 1; i < len(labels); i++ {
			g.H = append(g.H, Ruling{Horizontal: true, Pos: 115 + 14*float64(i), Lo: 230, Hi: 400})
		}
		g.H = append(g.H, Ruling{Horizontal: true, Pos: 115 + 14*float64(len(labels)), Lo: 100, Hi: 400})
		g.V = append(g.V, Ruling{Pos: 230, Lo: 100, Hi: 200}, Ruling{Pos: 320, Lo: 100, Hi: 200})
		var words []core.Word
		words = setWords(words, 104, 111, 7, "Category")
		words = setWords(words, 234, 111, 7, "Total")
		words = setWords(words, 324, 111, 7, "Indirect")
		for i, l := range labels {
			y := 126 + 14*float64(i)
			words = setWords(words, 104, y, 7, l)
			words = setWords(words, 234, y, 7, fmt.Sprintf("%d,000", 10+i))
			words = setWords(words, 324, y, 7, fmt.Sprintf("%d,500", 3+i))
		}
		return Lattice(g, words, 7)
	}
	for _, tc := range []struct {
		name     string
		labels   []string
		labelled int // rows with a label
	}{
		{"a label a row", []string{"Salaries (a)", "Fringe Benefits (b)", "Consultant Services", "Staff Travel", "Bad Debts"}, 5},
		{"a paragraph", []string{"Flags are connected to", "the push buttons to", "supply feedback for", "programs to run."}, 1},
		{"a row without a label", []string{"Salaries (a)", "Fringe Benefits (b)", "", "Staff Travel", "Bad Debts"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tb := build(tc.labels)
			if tb == nil {
				t.Fatal("no table")
			}
			labelled := 0
			for _, row := range tb.Grid()[1:] {
				if row[0] != "" {
					labelled++
				}
			}
			if labelled != tc.labelled {
				t.Errorf("%d rows with a label, want %d:\n%q", labelled, tc.labelled, tb.Grid())
			}
		})
	}
}

// TestJoinRows: rows joined into one join their cells' texts as a cell's
// lines are, with a space, or none where Chinese goes on, and unite their
// boxes; a slot empty in one row takes the other's text.
func TestJoinRows(t *testing.T) {
	t.Parallel()
	cell := func(row, col int, y float64, text string) core.Cell {
		return core.Cell{Row: row, Col: col, Text: text, BBox: core.BBox{X0: float64(100 * col), Y0: y, X1: float64(100*col + 50), Y1: y + 8}}
	}
	tb := &core.Table{Rows: 3, Cols: 3, Cells: []core.Cell{
		cell(0, 0, 10, ""), cell(0, 1, 10, "Body"), cell(0, 2, 10, "中诚信国际信"),
		cell(1, 0, 20, "Level"), cell(1, 1, 20, "Weight (g)"), cell(1, 2, 20, "用评级"),
		cell(2, 0, 30, "North"), cell(2, 1, 30, "5.8"), cell(2, 2, 30, "12"),
	}}
	JoinRows(tb, []int{0, 0, 1})
	want := [][]string{{"Level", "Body Weight (g)", "中诚信国际信用评级"}, {"North", "5.8", "12"}}
	if got := tb.Grid(); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("grid %q, want %q", got, want)
	}
	for _, c := range tb.Cells {
		if c.Row == 0 && c.Col == 1 && (c.BBox.Y0 != 10 || c.BBox.Y1 != 28) {
			t.Errorf("joined cell's box %v, want from 10 to 28", c.BBox)
		}
	}
}

// typedGrid lays out lines of a table typed in a fixed-pitch font, cell
// points a character from x0, a line 12 points: a '|' is a rule between
// columns (drawn from the first line to the last), the words are the
// runs of other characters. Rules run across the top, under the first
// two lines and at the foot.
func typedGrid(lines []string, x0, cell float64) (Grid, []core.Word) {
	const y0, lead = 100.0, 12.0
	y1 := y0 + lead*float64(len(lines))
	width := cell * float64(len(lines[0]))
	g := Grid{Box: core.BBox{X0: x0, Y0: y0, X1: x0 + width, Y1: y1}}
	for _, y := range []float64{y0, y0 + 2*lead, y1} {
		g.H = append(g.H, Ruling{Horizontal: true, Pos: y, Lo: x0, Hi: x0 + width})
	}
	g.V = append(g.V, Ruling{Pos: x0, Lo: y0, Hi: y1}, Ruling{Pos: x0 + width, Lo: y0, Hi: y1})
	var words []core.Word
	for i, ln := range lines {
		base := y0 + lead*float64(i) + 9
		start := -1
		for k := 0; k <= len(ln); k++ {
			if k < len(ln) && ln[k] != ' ' && ln[k] != '|' {
				if start < 0 {
					start = k
				}
				continue
			}
			if start >= 0 {
				words = append(words, core.Word{Text: ln[start:k], Size: cell / 0.6, BBox: core.BBox{X0: x0 + cell*float64(start), Y0: base - 7, X1: x0 + cell*float64(k), Y1: base + 2}})
				start = -1
			}
			if i == 0 && k < len(ln) && ln[k] == '|' {
				g.V = append(g.V, Ruling{Pos: x0 + cell*(float64(k)+0.5), Lo: y0, Hi: y1})
			}
		}
	}
	return g, words
}

// TestLatticeFixedPitch: a table typed in a fixed-pitch font rules its
// column groups and sets a group's figures a single blank cell apart
// where the widest meet (ICDAR 2013's us-033: '13,340,788 14,032,118'
// under 'Male' and 'Female'): each is a column of its own, under the
// group's heading. Words of one width that line up as figures do, with a
// blank cell between them on every line ('40 years'), stay one cell, as
// does a number typed with spaces between its groups of digits.
func TestLatticeFixedPitch(t *testing.T) {
	t.Parallel()
	const cell = 6.0
	// A body of minBodyLines rows that no rule parts: a rule between
	// columns parts groups of them there, not a column of its own.
	const body = 10
	rows := func(f func(i int) string) []string {
		out := []string{
			"Age  |  Non-Hispanic white |   Ages    |",
			"     |      Male     Female|           |",
		}
		for i := range body {
			out = append(out, f(i))
		}
		return out
	}
	// The widest figures meet in rows 3 and 8, a blank cell apart.
	left := []string{"1,087,948", "867,692", "7,808,033", "13,340,788", "5,492,738", "995,086", "8,551,440", "7,740,932", "15,033,323", "857,333"}
	right := []string{"1,022,490", "3,576,723", "401,349", "14,032,118", "745,424", "12,644,242", "9,112,707", "915,681", "10,049,276", "3,545,878"}
	pairs := rows(func(i int) string {
		return fmt.Sprintf("%-5d|%10s %10s| %2d years  |", i, left[i], right[i], 40+i)
	})
	spaced := rows(func(i int) string {
		return fmt.Sprintf("%-5d|%21s| %2d years  |", i, strings.ReplaceAll(left[i], ",", " "), 40+i)
	})
	for _, tc := range []struct {
		name  string
		lines []string
		row   []string // the cells of the first body row
	}{
		{"figures a cell apart", pairs, []string{"0", "1,087,948", "1,022,490", "40 years"}},
		{"a number typed with spaces", spaced, []string{"0", "1 087 948", "40 years"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			g, words := typedGrid(tc.lines, 100, cell)
			tb := LatticeFixedPitch(g, words, cell)
			if tb == nil {
				t.Fatal("no table")
			}
			grid := tb.Grid()
			i := slices.IndexFunc(grid, func(r []string) bool { return r[0] == "0" })
			if i < 0 || !slices.Equal(grid[i], tc.row) {
				t.Errorf("first body row: want %q; table %q", tc.row, grid)
			}
		})
	}
}

// TestTrimNoteUnderBoxes: a frame around a ruled table whose last rows
// are boxes ruled part of the way across ('Note' beside a remark), over
// terms set as prose at the frame's foot (a repair estimate's): the
// frame is trimmed under the lowest box, and the terms are the caller's
// to read as text; without the boxes the band under the last rule
// across was already prose, and is trimmed there.
func TestTrimNoteUnderBoxes(t *testing.T) {
	t.Parallel()
	frame := func(boxes bool) Grid {
		g := Grid{Box: core.BBox{X0: 75, Y0: 100, X1: 475, Y1: 300}}
		for _, y := range []float64{100, 120, 140, 160, 180, 300} {
			g.H = append(g.H, Ruling{Horizontal: true, Pos: y, Lo: 75, Hi: 475})
		}
		g.V = append(g.V, Ruling{Pos: 75, Lo: 100, Hi: 300}, Ruling{Pos: 475, Lo: 100, Hi: 300},
			Ruling{Pos: 257, Lo: 120, Hi: 180}, Ruling{Pos: 309, Lo: 120, Hi: 180})
		if boxes {
			g.H = append(g.H, Ruling{Horizontal: true, Pos: 190, Lo: 75, Hi: 156}, Ruling{Horizontal: true, Pos: 205, Lo: 75, Hi: 156})
			g.V = append(g.V, Ruling{Pos: 156, Lo: 190, Hi: 205})
		}
		return g
	}
	var body []core.Word
	add := func(ws []core.Word, x, y float64, s string) []core.Word { return setWords(ws, x, y, 9, s) }
	for i, row := range [][]string{{"Item", "Hours", "Rate"}, {"Body Labor", "2", "150"}, {"Paint Labor", "1.5", "150"}, {"Sales Tax", "", "10.20%"}} {
		y := 113 + 20*float64(i)
		body = add(body, 80, y, row[0])
		body = add(body, 262, y, row[1])
		body = add(body, 314, y, row[2])
	}
	terms := []string{
		"This is a preliminary estimate for the visible damage of the vehicle only.",
		"More damage may be found once the vehicle has been taken apart, and parts",
		"may cost more when their makers update the prices of the parts they sell.",
	}
	withTerms := func(ws []core.Word) []core.Word {
		for i, s := range terms {
			ws = add(ws, 80, 230+12*float64(i), s)
		}
		return ws
	}
	note := add(add(slices.Clone(body), 80, 200, "Note"), 160, 200, "Minor rear bumper repair")
	cases := []struct {
		name   string
		boxes  bool
		words  []core.Word
		bottom float64
	}{
		{"a note's box over the terms", true, withTerms(note), 205},
		{"the terms alone", false, withTerms(slices.Clone(body)), 180},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			g, ok := TrimCaptions(frame(c.boxes), c.words, 9)
			if !ok || g.Box.Y1 != c.bottom {
				t.Errorf("trimmed %v to %+v; want the frame cut at %v", ok, g.Box, c.bottom)
			}
		})
	}
}
