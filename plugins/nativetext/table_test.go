package nativetext

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// TestRulesInInk: a table's rules stroked in a Separation or DeviceN
// colour space at tint 1 are drawn at the colourant's full strength, not
// white as a gray of 1 is: a brochure's Pantone grid (us-036) is read as
// the grid it is. At tint 0 they draw nothing, and the same words read as
// a table without them (its spanning header cell is lost).
func TestRulesInInk(t *testing.T) {
	t.Parallel()
	rules, words := colspanGrid()
	const res = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> /ColorSpace <<" +
		" /Pantone [/Separation /PANTONE#20633#20C /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [1 0.2 0 0.4] /N 1 >>]" +
		" /Spot [/DeviceN [/Cyan] /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [1 0 0 0] /N 1 >>] >> >>"
	ruledGrid := [][]string{{"Name", "Figures", ""}, {"Apple", "3", "1.20"}, {"Pear", "5", "0.80"}}
	for _, tc := range []struct {
		name, colour string
		ruled        bool
	}{
		{"Separation at tint 1", "/Pantone CS 1 SCN", true},
		{"DeviceN at tint 1", "/Spot CS 1 SC", true},
		{"Separation, initial colour", "/Pantone CS", true},
		{"gray after a Separation", "/Pantone CS 0.5 G", true},
		{"Separation at tint 0", "/Pantone CS 0 SCN", false},
		{"white gray", "1 G", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := onePage("", res, "q "+tc.colour+"\n"+rules+"Q\n"+words).Write(t)
			res, err := extractAll(t, path, 1)
			if err != nil {
				t.Fatal(err)
			}
			ts := tables(res[1].Page)
			got := len(ts) == 1 && fmt.Sprintf("%q", ts[0].Grid()) == fmt.Sprintf("%q", ruledGrid)
			if got != tc.ruled {
				var grids []any
				for _, tb := range ts {
					grids = append(grids, tb.Grid())
				}
				t.Errorf("read as the ruled grid: %v, want %v; tables %q", got, tc.ruled, grids)
			}
		})
	}
}

// TestGroupHeadingUnderlined: a table ruled under its header and at its
// foot, whose group headings stand over the header further than its rows
// stand apart, keeps them as its first row where a rule under part
// of the table sets it off from the columns it heads (NCES's 'Number of
// teachers' over 'Control' over 'Public | Private', us-018). Without
// that rule the line is text the gutters ran into, read before the table.
func TestGroupHeadingUnderlined(t *testing.T) {
	t.Parallel()
	words := cellsText([][3]string{
		{"260", "722", "Stock"}, {"380", "722", "Trade"},
		{"72", "700", "Region"}, {"260", "700", "Built"}, {"380", "700", "Sold"},
		{"72", "680", "North"}, {"260", "680", "1,204"}, {"380", "680", "987"},
		{"72", "665", "South"}, {"260", "665", "860"}, {"380", "665", "802"},
		{"72", "650", "East"}, {"260", "650", "512"}, {"380", "650", "498"},
		{"72", "635", "West"}, {"260", "635", "350"}, {"380", "635", "311"},
	})
	rules := "72 694 m 420 694 l S 72 643 m 420 643 l S 72 628 m 420 628 l S\n"
	for _, tc := range []struct {
		name, extra string
		kept        bool
	}{
		{"underlined", "250 716 m 330 716 l S 370 716 m 420 716 l S\n", true},
		{"not underlined", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, err := extractAll(t, onePage("", helvRes, rules+tc.extra+words).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			ts := tables(res[1].Page)
			if len(ts) != 1 {
				p := res[1].Page
				t.Fatalf("%d tables, want 1; text:\n%s", len(ts), p.Text())
			}
			g := ts[0].Grid()
			if kept := strings.Contains(strings.Join(g[0], " "), "Stock"); kept != tc.kept {
				t.Errorf("heading in the table's first row: %v, want %v; grid %q", kept, tc.kept, g)
			}
		})
	}
}

// TestCaptionOverTopRule: the rows of a table over the first of its rules
// across it, when each holds one cell, are the end of its caption, not
// rows (us-021's 'domain and process: 2011', the short second line of a
// caption whose first line crossed the columns and was left out). A row
// of several cells over the rule is the table's header; a one-cell row
// ruled above as closely as below is a section's label between rules,
// unless it opens with a caption's label, its words in one cell or
// several; a table with one rule across it is not told apart so.
func TestCaptionOverTopRule(t *testing.T) {
	t.Parallel()
	cell := func(row, col int, x0, y0, x1 float64, text string) core.Cell {
		return core.Cell{Row: row, Col: col, Text: text, BBox: core.BBox{X0: x0, Y0: y0, X1: x1, Y1: y0 + 8}}
	}
	rule := func(y float64) edge { return edge{horiz: true, pos: y, lo: 36, hi: 556} }
	body := []core.Cell{
		cell(1, 0, 36, 120, 130, "Content domain"), cell(1, 1, 290, 120, 314, "Number"), cell(1, 2, 330, 120, 353, "Percent"),
		cell(2, 0, 45, 131, 85, "Total items"), cell(2, 1, 301, 131, 314, "135"), cell(2, 2, 340, 131, 353, "100"),
		cell(3, 0, 45, 142, 110, "Literary"), cell(3, 1, 305, 142, 314, "72"), cell(3, 2, 344, 142, 353, "53"),
	}
	box := core.BBox{X0: 36, Y0: 90, X1: 556, Y1: 160}
	rules := []edge{rule(104.5), rule(128.5), rule(158)}
	for _, tc := range []struct {
		name  string
		top   []core.Cell
		rules []edge
		cut   bool
	}{
		{"caption's last line", []core.Cell{cell(0, 0, 88, 92, 224, "domain and process: 2011")}, rules, true},
		{"a header row", []core.Cell{cell(0, 1, 290, 92, 314, "All"), cell(0, 2, 330, 92, 353, "New")}, rules, false},
		{"a label between rules", []core.Cell{cell(0, 0, 88, 92, 224, "Coding")}, append([]edge{rule(80)}, rules...), false},
		{"one rule across", []core.Cell{cell(0, 0, 88, 92, 224, "domain and process: 2011")}, rules[:1], false},
		// A journal's caption, ruled above and below, its words parted
		// into cells by the columns' gutters (CERMINE's example3).
		{"a labelled caption across the columns, ruled above", []core.Cell{cell(0, 0, 36, 92, 280, "Table 1 A summary of"),
			cell(0, 1, 290, 92, 420, "relevant items")}, append([]edge{rule(80)}, rules...), true},
		{"a header row ruled above", []core.Cell{cell(0, 1, 290, 92, 314, "All"), cell(0, 2, 330, 92, 353, "New")}, append([]edge{rule(80)}, rules...), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tb := &core.Table{Rows: 4, Cols: 3, Cells: append(slices.Clone(tc.top), body...)}
			top, ok := captionOverRule(tb, box, tc.rules)
			if ok != tc.cut || ok && top != 104.5 {
				t.Errorf("captionOverRule = %v, %v; want a cut %v at 104.5", top, ok, tc.cut)
			}
		})
	}
}

// TestHeadingSpannedByItsRule: a group's heading centred over three
// columns lies within the middle one; the rule under it says which
// columns it heads, and it spans them from the first (MMWR's 'Black' over
// 'no. | Rate | (95% CI)', us-025). A rule under a figure in the body, a
// sum's, moves nothing.
func TestHeadingSpannedByItsRule(t *testing.T) {
	t.Parallel()
	rules := "200 711 m 330 711 l S 380 711 m 510 711 l S 36 697 m 540 697 l S 36 640 m 540 640 l S 245 661 m 330 661 l S\n"
	var sb strings.Builder
	sb.WriteString("BT /F1 8 Tf 1 0 0 1 251 714 Tm (Women) Tj 1 0 0 1 434 714 Tm (Men) Tj\n")
	for i, r := range [][7]string{{"Age", "no.", "Rate", "CI", "no.", "Rate", "CI"},
		{"45-54", "47", "21.8", "16-29", "164", "81.0", "68-93"}, {"55-64", "116", "85.5", "69-101", "241", "191.7", "167-215"},
		{"65-74", "164", "234.9", "", "256", "424.4", "372-476"}, {"Total", "327", "342.2", "284-400", "661", "697.1", "607-784"}} {
		y := 700 - 12*i
		for c, x := range []int{40, 205, 250, 295, 385, 430, 475} {
			fmt.Fprintf(&sb, "1 0 0 1 %d %d Tm (%s) Tj ", x, y, r[c])
		}
		sb.WriteString("\n")
	}
	sb.WriteString("ET\n")
	p, g := oneTable(t, onePage("", helvRes, rules+sb.String()).Write(t))
	want := [][]string{{"", "Women", "", "", "Men", "", ""}, {"Age", "no.", "Rate", "CI", "no.", "Rate", "CI"}}
	if fmt.Sprintf("%q", g[:2]) != fmt.Sprintf("%q", want) {
		t.Errorf("header %q, want %q", g[:2], want)
	}
	spans := map[string]int{"Women": 3, "Men": 3, "234.9": 1}
	for _, c := range tables(p)[0].Cells {
		if n, ok := spans[c.Text]; ok && max(c.ColSpan, 1) != n {
			t.Errorf("%q spans %d columns, want %d", c.Text, c.ColSpan, n)
		}
	}
}

// TestWrappedHeaderTitles: a borderless table whose header's titles wrap
// over lines, each centred in its column and ruled off from the body of
// figures, reads its header as one row (NTP's 'Weight / Relative / to /
// Controls (%)', us-037). Rows each labelled in the first column over the
// rule ('Architecture', '# Params') are rows.
func TestWrappedHeaderTitles(t *testing.T) {
	t.Parallel()
	centred := func(sb *strings.Builder, cx, y float64, s string) {
		fmt.Fprintf(sb, "1 0 0 1 %.1f %.1f Tm (%s) Tj\n", cx-float64(len(s))*2, y, s)
	}
	body := func(sb *strings.Builder, y float64) {
		for i, r := range [][3]string{{"North", "1,204", "98"}, {"South", "860", "102"}, {"East", "512", "91"}, {"West", "350", "87"}} {
			yy := y - 11*float64(i)
			fmt.Fprintf(sb, "1 0 0 1 72 %.1f Tm (%s) Tj\n", yy, r[0])
			centred(sb, 250, yy, r[1])
			centred(sb, 380, yy, r[2])
		}
	}
	rules := "72 731 m 420 731 l S 72 688 m 420 688 l S 72 640 m 420 640 l S\n"
	for _, tc := range []struct {
		name string
		head [][3]string // lines over the rule: first column, and the two others' centred
		want []string    // the table's first row
	}{
		{"wrapped titles", [][3]string{{"", "", "Weight"}, {"", "Body", "Relative to"}, {"Region", "Weight (g)", "Controls (%)"}},
			[]string{"Region", "Body Weight (g)", "Weight Relative to Controls (%)"}},
		{"labelled rows", [][3]string{{"Region", "Built", "Sold"}, {"Architecture", "MoE", "Dense"}, {"# Params", "12B", "32B"}},
			[]string{"Region", "Built", "Sold"}},
		{"a unit under its title", [][3]string{{"", "", "Weight"}, {"Level", "Body", "Relative to"}, {"(ppm)", "Weight (g)", "Controls (%)"}},
			[]string{"Level (ppm)", "Body Weight (g)", "Weight Relative to Controls (%)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var sb strings.Builder
			sb.WriteString(rules + "BT /F1 8 Tf\n")
			for i, ln := range tc.head {
				y := 718 - 9*float64(i)
				if ln[0] != "" {
					fmt.Fprintf(&sb, "1 0 0 1 72 %.1f Tm (%s) Tj\n", y, ln[0])
				}
				for k, cx := range []float64{250, 380} {
					if ln[k+1] != "" {
						centred(&sb, cx, y, ln[k+1])
					}
				}
			}
			body(&sb, 676)
			sb.WriteString("ET\n")
			_, g := oneTable(t, onePage("", helvRes, sb.String()).Write(t))
			if fmt.Sprintf("%q", g[0]) != fmt.Sprintf("%q", tc.want) {
				t.Errorf("first row %q, want %q; grid %q", g[0], tc.want, g)
			}
		})
	}
}

// cellsText draws one text line per (x, y, text).
// colspanGrid is a 3×3 grid of stroked rules whose header row lacks the
// rule between its last two columns, and its words: "Figures" spans
// TestHeadingCutAtItsWordSpace: a group's heading centred over two
// columns, cut at its word space over the gutter between them, is one
// heading where one rule underlines it, spanning both (PIRLS's 'All
// items' over 'Number' and 'Percent', us-021); two cells a gutter apart
// over one rule stay two.
func TestHeadingCutAtItsWordSpace(t *testing.T) {
	t.Parallel()
	cell := func(row, col int, x0, x1, y0 float64, text string) core.Cell {
		return core.Cell{Row: row, Col: col, Text: text, Header: row < 2, BBox: core.BBox{X0: x0, Y0: y0, X1: x1, Y1: y0 + 8}}
	}
	body := []core.Cell{
		cell(1, 0, 40, 70, 100, "Region"), cell(1, 1, 180, 206, 100, "Number"), cell(1, 2, 214, 242, 100, "Percent"),
		cell(2, 0, 40, 66, 112, "North"), cell(2, 1, 186, 206, 112, "1,204"), cell(2, 2, 234, 242, 112, "41"),
	}
	rules := []edge{{horiz: true, pos: 97, lo: 176, hi: 246}, {horiz: true, pos: 110, lo: 36, hi: 250}}
	box := core.BBox{X0: 36, Y0: 86, X1: 250, Y1: 122}
	for _, tc := range []struct {
		name string
		head []core.Cell
		want []string
	}{
		{"a heading cut", []core.Cell{cell(0, 1, 196, 205, 88, "All"), cell(0, 2, 207.5, 226.5, 88, "items")}, []string{"", "All items", ""}},
		{"cells a gutter apart", []core.Cell{cell(0, 1, 182, 196, 88, "Old"), cell(0, 2, 216, 230, 88, "New")}, []string{"", "Old", "New"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tb := &core.Table{Rows: 3, Cols: 3, Cells: append(slices.Clone(tc.head), body...)}
			spannedHeadings(tb, box, rules, 8)
			if g := tb.Grid(); fmt.Sprintf("%q", g[0]) != fmt.Sprintf("%q", tc.want) {
				t.Errorf("first row %q, want %q", g[0], tc.want)
			}
		})
	}
}

// them.
func colspanGrid() (rules, words string) {
	var sb strings.Builder
	for _, y := range []int{700, 680, 660, 640} {
		fmt.Fprintf(&sb, "100 %d m 400 %d l S\n", y, y)
	}
	for _, x := range []int{100, 200, 400} {
		fmt.Fprintf(&sb, "%d 700 m %d 640 l S\n", x, x)
	}
	sb.WriteString("300 680 m 300 640 l S\n")
	return sb.String(), cellsText([][3]string{
		{"105", "686", "Name"}, {"270", "686", "Figures"},
		{"105", "666", "Apple"}, {"205", "666", "3"}, {"305", "666", "1.20"},
		{"105", "646", "Pear"}, {"205", "646", "5"}, {"305", "646", "0.80"},
	})
}

func cellsText(cells [][3]string) string {
	var sb strings.Builder
	sb.WriteString("BT /F1 10 Tf\n")
	for _, c := range cells {
		fmt.Fprintf(&sb, "1 0 0 1 %s %s Tm (%s) Tj\n", c[0], c[1], c[2])
	}
	sb.WriteString("ET\n")
	return sb.String()
}

func tables(p core.Page) []*core.Table {
	var ts []*core.Table
	for _, b := range p.Blocks {
		if b.Kind == core.KindTable && b.Table != nil {
			ts = append(ts, b.Table)
		}
	}
	return ts
}

func TestTables(t *testing.T) {
	t.Parallel()
	// A 3×3 grid of stroked rules, 100 pt columns, 20 pt rows, from
	// (100, 700) down to (400, 640).
	var rules strings.Builder
	for _, y := range []int{700, 680, 660, 640} {
		fmt.Fprintf(&rules, "100 %d m 400 %d l S\n", y, y)
	}
	for _, x := range []int{100, 200, 300, 400} {
		fmt.Fprintf(&rules, "%d 700 m %d 640 l S\n", x, x)
	}
	ruled := rules.String() + cellsText([][3]string{
		{"105", "686", "Name"}, {"205", "686", "Count"}, {"305", "686", "Price"},
		{"105", "666", "Apple"}, {"205", "666", "3"}, {"305", "666", "1.20"},
		{"105", "646", "Pear"}, {"205", "646", "5"}, {"305", "646", "0.80"},
	})
	// The same grid with the rule between the last two columns of the
	// header row missing: "Figures" spans two columns.
	spanRules, spanWords := colspanGrid()
	spanning := spanRules + spanWords
	// Borderless: a paragraph, then aligned columns with wide gutters.
	borderless := cellsText([][3]string{
		{"72", "740", "A short introduction to the figures that follow in the table below."},
		{"72", "700", "Region"}, {"250", "700", "Units"}, {"400", "700", "Share"},
		{"72", "685", "North Coast"}, {"250", "685", "1,204"}, {"400", "685", "41%"},
		{"72", "670", "South"}, {"250", "670", "860"}, {"400", "670", "29%"},
		{"72", "655", "East Valley Farms"}, {"250", "655", "512"}, {"400", "655", "18%"},
		{"72", "640", "West"}, {"250", "640", "350"}, {"400", "640", "12%"},
	})
	// Borderless with narrow columns of figures: text has no column this
	// narrow, tables do.
	narrow := cellsText([][3]string{
		{"72", "700", "Region"}, {"200", "700", "Q1"}, {"260", "700", "Q2"},
		{"72", "685", "North"}, {"200", "685", "12"}, {"260", "685", "15"},
		{"72", "670", "South"}, {"200", "670", "7"}, {"260", "670", "9"},
		{"72", "655", "East"}, {"200", "655", "21"}, {"260", "655", "18"},
	})
	// A numbered list of short items: its markers are a narrow column, but
	// there is one column of values.
	list := cellsText([][3]string{
		{"72", "700", "1."}, {"110", "700", "Apples"},
		{"72", "685", "2."}, {"110", "685", "Pears"},
		{"72", "670", "3."}, {"110", "670", "Plums"},
		{"72", "655", "4."}, {"110", "655", "Quinces"},
	})
	// A diagram's box labels, broken over lines, side by side: they read on
	// from line to line, as cells of values do not.
	diagram := cellsText([][3]string{
		{"72", "700", "Education providers, i.e."}, {"260", "700", "Education"},
		{"72", "685", "federations of"}, {"260", "685", "and training"},
		{"72", "670", "municipalities"}, {"260", "670", "institutions"},
	})
	// A framed paragraph is not a table.
	framed := "90 600 420 120 re S\n" + cellsText([][3]string{
		{"100", "700", "This paragraph sits inside a box drawn around it, as a callout"},
		{"100", "686", "would be, and it must stay a paragraph: the box is one cell."},
	})
	cases := []struct {
		name    string
		content string
		want    [][]string // nil: no table
	}{
		{"ruled", ruled, [][]string{{"Name", "Count", "Price"}, {"Apple", "3", "1.20"}, {"Pear", "5", "0.80"}}},
		// The same table printed sideways, as a landscape table is on a
		// portrait page, turned either way: it reads by its own rows.
		{"ruled, turned a quarter left", "q 0 1 -1 0 800 0 cm\n" + ruled + "Q\n", [][]string{{"Name", "Count", "Price"}, {"Apple", "3", "1.20"}, {"Pear", "5", "0.80"}}},
		{"ruled, turned a quarter right", "q 0 -1 1 0 -500 600 cm\n" + ruled + "Q\n", [][]string{{"Name", "Count", "Price"}, {"Apple", "3", "1.20"}, {"Pear", "5", "0.80"}}},
		{"colspan", spanning, [][]string{{"Name", "Figures", ""}, {"Apple", "3", "1.20"}, {"Pear", "5", "0.80"}}},
		{"borderless", borderless, [][]string{{"Region", "Units", "Share"}, {"North Coast", "1,204", "41%"}, {"South", "860", "29%"}, {"East Valley Farms", "512", "18%"}, {"West", "350", "12%"}}},
		{"framed", framed, nil},
		{"narrow columns", narrow, [][]string{{"Region", "Q1", "Q2"}, {"North", "12", "15"}, {"South", "7", "9"}, {"East", "21", "18"}}},
		{"list of short items", list, nil},
		{"diagram labels", diagram, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := onePage("", helvRes, c.content).Write(t)
			res, err := extractAll(t, path, 1)
			if err != nil {
				t.Fatal(err)
			}
			p := res[1].Page
			ts := tables(p)
			if c.want == nil {
				if len(ts) != 0 {
					t.Fatalf("found a table %v; want none", ts[0].Grid())
				}
				return
			}
			if len(ts) != 1 {
				t.Fatalf("found %d tables; want 1; text:\n%s", len(ts), p.Text())
			}
			got := ts[0].Grid()
			if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", c.want) {
				t.Errorf("grid %q; want %q", got, c.want)
			}
			checkBoxes(t, p)
		})
	}
}

func TestMarkStacked(t *testing.T) {
	t.Parallel()
	// Three upright CJK glyphs placed one below the other, then a Latin
	// word on a normal line.
	var gs []glyph
	for i, r := range []string{"社", "会", "の"} {
		y := 100 + float64(i)*12
		gs = append(gs, glyph{text: r, ox: 300, oy: y, ex: 312, ey: y, size: 12, mapped: true, seq: i,
			box: core.BBox{X0: 300, Y0: y - 10, X1: 312, Y1: y + 2}})
	}
	gs = append(gs, glyph{text: "a", ox: 50, oy: 400, ex: 56, ey: 400, size: 12, mapped: true, seq: 3,
		box: core.BBox{X0: 50, Y0: 390, X1: 56, Y1: 402}})
	markStacked(gs)
	for i := 0; i < 3; i++ {
		if gs[i].dir != 90 {
			t.Errorf("glyph %d dir %d; want 90", i, gs[i].dir)
		}
	}
	if gs[3].dir != 0 {
		t.Errorf("Latin glyph dir %d; want 0", gs[3].dir)
	}
	blocks := layout(gs, nil, core.BBox{X1: 600, Y1: 800})
	if len(blocks) == 0 || !strings.Contains(blocks[0].Text(), "社会の") {
		t.Errorf("blocks %+v; want the column read as 社会の", blocks)
	}
}

func TestMarkFurniture(t *testing.T) {
	t.Parallel()
	page := func(n int) *core.Page {
		blk := func(y0, y1 float64, text string) core.Block {
			return core.Block{Kind: core.KindParagraph, BBox: core.BBox{X0: 72, Y0: y0, X1: 300, Y1: y1},
				Lines: []core.Line{{Words: []core.Word{{Text: text}}}}}
		}
		return &core.Page{Number: n, Width: 612, Height: 792, Blocks: []core.Block{
			blk(30, 42, "Annual Report"),
			blk(100, 300, fmt.Sprintf("Body text of page %d.", n)),
			blk(750, 762, fmt.Sprintf("Page %d of 3", n)),
		}}
	}
	pages := []*core.Page{page(1), page(2), page(3)}
	markFurniture(pages)
	for _, p := range pages {
		if k := p.Blocks[0].Kind; k != core.KindPageHeader {
			t.Errorf("page %d: header kind %s", p.Number, k)
		}
		if k := p.Blocks[1].Kind; k != core.KindParagraph {
			t.Errorf("page %d: body kind %s", p.Number, k)
		}
		if k := p.Blocks[2].Kind; k != core.KindPageFooter {
			t.Errorf("page %d: footer kind %s", p.Number, k)
		}
	}
	// One page: a title at the top stays, a bare page number goes.
	one := &core.Page{Number: 1, Width: 612, Height: 792, Blocks: []core.Block{
		{Kind: core.KindHeading, Level: 1, BBox: core.BBox{X0: 72, Y0: 30, X1: 300, Y1: 50}, Lines: []core.Line{{Words: []core.Word{{Text: "Title"}}}}},
		{Kind: core.KindParagraph, BBox: core.BBox{X0: 300, Y0: 760, X1: 310, Y1: 770}, Lines: []core.Line{{Words: []core.Word{{Text: "7"}}}}},
	}}
	markFurniture([]*core.Page{one})
	if one.Blocks[0].Kind != core.KindHeading || one.Blocks[1].Kind != core.KindPageFooter {
		t.Errorf("single page kinds %s, %s", one.Blocks[0].Kind, one.Blocks[1].Kind)
	}
}

func TestFigures(t *testing.T) {
	t.Parallel()
	img := stream("/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8", "\x80")
	res := "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> /XObject << /Im1 5 0 R >> >>"
	content := "q 306 0 0 396 0 396 cm /Im1 Do Q\nBT /F1 10 Tf 72 100 Td (Caption text) Tj ET\nq 2 0 0 2 10 10 cm /Im1 Do Q"
	path := onePage("", res, content, img).Write(t)
	r, err := extractAll(t, path, 1)
	if err != nil {
		t.Fatal(err)
	}
	p := r[1].Page
	figs := 0
	for _, b := range p.Blocks {
		if b.Kind == core.KindFigure {
			figs++
			if b.Text() != "" {
				t.Errorf("figure with text %q", b.Text())
			}
		}
	}
	if figs != 1 {
		t.Errorf("%d figure blocks; want 1 (the tiny image is not one)", figs)
	}
	if c := r[1].Stats["image_coverage"]; c < 0.2 || c > 0.3 {
		t.Errorf("image_coverage %.3f; want about 0.25", c)
	}
	if r[1].Stats["path_ops"] != 0 {
		t.Errorf("path_ops %v; want 0", r[1].Stats["path_ops"])
	}
}

// denseRows is a borderless table of figures whose columns stand 1.5 ems
// apart, closer than a gutter needs to be to count without more evidence,
// with a column of page references further right; with a title, a line
// over it that crosses its inner gutters.
func denseRows(title string) (string, [][]string) {
	rows := [][]string{
		{"Name", "Q1", "Q2", "Q3", "Q4", "Total", "Page"},
		{"Alpha", "12.50", "13.75", "11.25", "14.00", "51.50", "p. 3"},
		{"Beta", "10.00", "10.50", "10.25", "11.75", "42.50", "p. 4"},
		{"Gamma", "17.25", "16.00", "15.50", "18.00", "66.75", "p. 5"},
		{"Delta", "21.00", "20.25", "22.75", "23.50", "87.50", "p. 6"},
		{"Epsilon", "11.50", "12.00", "12.25", "13.50", "49.25", "p. 7"},
		{"Zeta", "14.75", "15.25", "14.00", "16.50", "60.50", "p. 8"},
	}
	xs := []string{"72", "125", "165", "205", "245", "285", "420"}
	var cells [][3]string
	if title != "" {
		cells = append(cells, [3]string{"72", "720", title})
	}
	for r, row := range rows {
		for c, v := range row {
			cells = append(cells, [3]string{xs[c], fmt.Sprint(700 - 14*r), v})
		}
	}
	return cellsText(cells), rows
}

// TestDenseTables: a table of figures set close (a statement of
// accounts) is a table, with its title read before it.
func TestDenseTables(t *testing.T) {
	t.Parallel()
	plain, want := denseRows("")
	titled, _ := denseRows("Table 2. Quarterly figures by region, thousands")
	for _, c := range []struct{ name, content, title string }{
		{"figures 1.5 ems apart", plain, ""},
		{"under a title that crosses its gutters", titled, "Table 2. Quarterly figures by region, thousands"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p, grid := oneTable(t, onePage("", helvRes, c.content).Write(t))
			wantGrid(t, grid, want)
			if c.title != "" && p.Blocks[0].Text() != c.title {
				t.Errorf("first block %q; want the title %q", p.Blocks[0].Text(), c.title)
			}
		})
	}
}

// oneTable extracts page 1 of the PDF at path, which must hold one table
// with its boxes on the page, and returns the page and the table's grid.
func oneTable(t *testing.T, path string) (core.Page, [][]string) {
	t.Helper()
	res, err := extractAll(t, path, 1)
	if err != nil {
		t.Fatal(err)
	}
	p := res[1].Page
	ts := tables(p)
	if len(ts) != 1 {
		t.Fatalf("found %d tables; want 1; text:\n%s", len(ts), p.Text())
	}
	checkBoxes(t, p)
	return p, ts[0].Grid()
}

// wantGrid fails unless got is want.
func wantGrid(t *testing.T, got, want [][]string) {
	t.Helper()
	if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("grid %q; want %q", got, want)
	}
}

// TestSpanningHeaderTable: a line centred over some columns of a
// borderless table (testdata/spanning-header.pdf, see its README) is
// read before the table, and the table keeps its rows: a school year
// and its five figures.
func TestSpanningHeaderTable(t *testing.T) {
	t.Parallel()
	_, grid := oneTable(t, "testdata/spanning-header.pdf")
	want := map[string][]string{
		"1996–97": {"1996–97", "45,611", "$375.9", "$8,242", "$270.2", "$5,923"},
		"2008–09": {"2008–09", "49,003", "534.6", "10,909", "519.0", "10,591"},
		"2021–22": {"2021–22", "53,113", "665.5", "12,530", "—", "—"},
	}
	years := 0
	for _, row := range grid {
		if len(row) > 0 && strings.Contains(row[0], "–") {
			years++
		}
		if w, ok := want[row[0]]; ok {
			if fmt.Sprintf("%q", row) != fmt.Sprintf("%q", w) {
				t.Errorf("row %q; want %q", row, w)
			}
			delete(want, row[0])
		}
	}
	if len(want) > 0 || years != 26 {
		t.Errorf("%d school years in the first column, rows %v not found; grid:\n%q", years, want, grid)
	}
}

// TestWideColumnTable: a borderless table whose columns are as wide as
// short text columns, every row filled, each cell starting afresh on its
// line, under a line of prose that crosses some of its gutters
// (testdata/glossary-table.pdf, see its README): a table, not columns of
// text.
func TestWideColumnTable(t *testing.T) {
	t.Parallel()
	_, grid := oneTable(t, "testdata/glossary-table.pdf")
	wantGrid(t, grid, [][]string{
		{"", "1994", "1997", "2003"},
		{"Lowest", "$9,594 or less", "$22,400 or less", "$34,000 or less"},
		{"Lower middle", "$9,595–$17,992", "$22,401–$29,992", "$34,001–$48,000"},
		{"Upper middle", "$17,993–$25,771", "$29,993–$40,888", "$48,001–$66,900"},
		{"Highest", "Greater than $25,771", "Greater than $40,888", "Greater than $66,900"},
	})
}

// TestExhibitBox: a box that frames a title band, a ruled table and a
// source note under it (testdata/exhibit-box.pdf, see its README): the
// table is the part its column rules span, and the title and the note are
// read as text around it.
func TestExhibitBox(t *testing.T) {
	t.Parallel()
	p, grid := oneTable(t, "testdata/exhibit-box.pdf")
	wantGrid(t, grid, [][]string{
		{"", "General Assessment", "Alternate Assessment Based on Grade-Level Achievement Standards", "Alternate Assessment Based on Modified Achievement Standards", "Alternate Assessment Based on Alternate Achievement Standards"},
		{"Content standards taught and assessed", "Grade level", "Grade level", "Grade level", "Grade level extensions"},
		{"Achievement standards", "Grade level", "Grade level", "Modified level", "Alternate level"},
		{"Participating students", "All general education students, most students with disabilities (with or without accommodations)", "Students who need alternate ways to show mastery of grade-level content", "Students with disabilities who can make progress toward, but may not reach, grade-level achievement standards in the time frame covered by their IEP", "Students with the most significant cognitive disabilities"},
	})
	text := p.Text()
	for _, s := range []string{"Characteristics of Types of Assessments and Participating Students", "Source: Adapted from National Alternate Assessment Center"} {
		if !strings.Contains(text, s) {
			t.Errorf("%q missing from the page's text:\n%s", s, text)
		}
	}
}

// TestFramedTitleAndNote: a box ruled between its rows frames a title
// over the table and a note under it (testdata/exhibit-note.pdf, see its
// README); the title and the note are text around the table, not rows of
// it, and the columns their lines cross stay columns.
func TestFramedTitleAndNote(t *testing.T) {
	t.Parallel()
	p, grid := oneTable(t, "testdata/exhibit-note.pdf")
	want := [][]string{
		{"Low-performing", "34%", "3%"},
		{"No special designation", "11%", "33%"},
		{"High-performing", "2%", "18%"},
		{"Other/not sure", "14%", "9%"},
		{"No other system (other than NCLB)", "39%", "37%"},
	}
	if len(grid) < len(want) {
		t.Fatalf("grid %q; want its last rows %q", grid, want)
	}
	wantGrid(t, grid[len(grid)-len(want):], want)
	for _, row := range grid {
		for _, c := range row {
			if strings.Contains(c, "Exhibit") {
				t.Errorf("cell %q: the title or the note read as a row", c)
			}
		}
	}
	text := p.Text()
	for _, s := range []string{"Percentage of Schools Identified and Not Identified", "Exhibit reads: Thirty-four percent"} {
		if !strings.Contains(text, s) {
			t.Errorf("%q missing from the page's text:\n%s", s, text)
		}
	}
}

// TestHeadingsOverTable: years centred over the columns just above a
// ruled table's top rule are its header row, and nothing else on the
// page (tabula's puertos1 underlines them over pairs of columns; read
// apart from the table near the top of the page, they were taken for
// page numbers).
func TestHeadingsOverTable(t *testing.T) {
	t.Parallel()
	var yrules strings.Builder
	for _, y := range []int{700, 680, 660} {
		fmt.Fprintf(&yrules, "100 %d m 380 %d l S\n", y, y)
	}
	for _, x := range []int{100, 200, 260, 320, 380} {
		fmt.Fprintf(&yrules, "%d 700 m %d 660 l S\n", x, x)
	}
	yearsOver := yrules.String() + cellsText([][3]string{
		{"219", "703", "2019"}, {"279", "703", "2020"}, {"339", "703", "2021"},
		{"105", "686", "Apples"}, {"205", "686", "3"}, {"265", "686", "4"}, {"325", "686", "5"},
		{"105", "666", "Pears"}, {"205", "666", "6"}, {"265", "666", "7"}, {"325", "666", "8"},
	})
	blocks := helvPage(t, yearsOver)
	if len(blocks) != 1 || blocks[0].Kind != core.KindTable {
		t.Fatalf("kinds %q; want one table", blockKinds(blocks))
	}
	want := [][]string{{"", "2019", "2020", "2021"}, {"Apples", "3", "4", "5"}, {"Pears", "6", "7", "8"}}
	if got := blocks[0].Table.Grid(); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("grid %q\nwant %q", got, want)
	}
}

// TestHeaderBoxOverTable: column titles ruled in a box of their own just
// over a ruled table are its header row (a sentencing table boxed its
// titles apart from its body, and they read as headings over it).
func TestHeaderBoxOverTable(t *testing.T) {
	t.Parallel()
	var rules strings.Builder
	for _, y := range []int{720, 700, 690, 670, 650} {
		fmt.Fprintf(&rules, "100 %d m 400 %d l S\n", y, y)
	}
	for _, x := range []int{100, 200, 300, 400} {
		fmt.Fprintf(&rules, "%d 720 m %d 700 l S\n%d 690 m %d 650 l S\n", x, x, x, x)
	}
	content := rules.String() + cellsText([][3]string{
		{"105", "706", "Name"}, {"205", "706", "Count"}, {"305", "706", "Price"},
		{"105", "676", "Apple"}, {"205", "676", "3"}, {"305", "676", "1.20"},
		{"105", "656", "Pear"}, {"205", "656", "5"}, {"305", "656", "0.80"},
	})
	blocks := helvPage(t, content)
	if len(blocks) != 1 || blocks[0].Kind != core.KindTable {
		t.Fatalf("kinds %q; want one table", blockKinds(blocks))
	}
	want := [][]string{{"Name", "Count", "Price"}, {"Apple", "3", "1.20"}, {"Pear", "5", "0.80"}}
	if got := blocks[0].Table.Grid(); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("grid %q\nwant %q", got, want)
	}
}

// TestProseBoxOverTable: a box of two bands, a heading's over a
// paragraph's, just over a ruled table is no header of the table: its
// paragraph reads as text, not as rows cut at the table's columns.
func TestProseBoxOverTable(t *testing.T) {
	t.Parallel()
	var rules strings.Builder
	for _, y := range []int{760, 740, 700, 680, 660, 640, 620} {
		fmt.Fprintf(&rules, "100 %d m 400 %d l S\n", y, y)
	}
	for _, x := range []int{100, 400} {
		fmt.Fprintf(&rules, "%d 760 m %d 700 l S\n%d 680 m %d 620 l S\n", x, x, x, x)
	}
	rules.WriteString("200 680 m 200 620 l S\n")
	content := rules.String() + cellsText([][3]string{
		{"105", "746", "What are the risks?"},
		{"105", "726", "The fund gives no guarantee of a minimum return"},
		{"105", "714", "or of the capital, and what it pays may be less"},
		{"105", "666", "Office"}, {"205", "666", "Address"},
		{"105", "646", "Rome"}, {"205", "646", "Via del Quirinale 21"},
		{"105", "626", "Dublin"}, {"205", "626", "Lincoln Place 3"},
	})
	blocks := helvPage(t, content)
	var ts []*core.Table
	for _, b := range blocks {
		if b.Kind == core.KindTable {
			ts = append(ts, b.Table)
		}
	}
	if len(ts) != 1 {
		t.Fatalf("%d tables; want 1: %q", len(ts), blockTexts(blocks))
	}
	want := [][]string{{"Office", "Address"}, {"Rome", "Via del Quirinale 21"}, {"Dublin", "Lincoln Place 3"}}
	if got := ts[0].Grid(); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("grid %q\nwant %q", got, want)
	}
	found := false
	for _, b := range blocks {
		found = found || b.Kind != core.KindTable && strings.Contains(strings.Join(strings.Fields(b.Text()), " "), "minimum return or of the capital")
	}
	if !found {
		t.Errorf("the paragraph is not text: %q", blockTexts(blocks))
	}
}

// TestTurnedStampNotHeading: a line set up the margin in large type (an
// arXiv stamp) beside upright text is no heading but the page's furniture
// (TestSideStamps); a page set sideways as a whole keeps its heading.
func TestTurnedStampNotHeading(t *testing.T) {
	t.Parallel()
	body := "BT /F1 18 Tf 1 0 0 1 72 720 Tm (Dense Passage Retrieval) Tj ET\n"
	for i := range 8 {
		body += fmt.Sprintf("BT /F1 10 Tf 1 0 0 1 72 %d Tm (Open-domain question answering relies on efficient passage retrieval.) Tj ET\n", 690-14*i)
	}
	stamp := "BT /F1 20 Tf 0 1 -1 0 36 300 Tm (arXiv:2004.04906v3 [cs.CL] 30 Sep 2020) Tj ET\n"
	cases := []struct {
		name, content, text string
		want                core.BlockKind
	}{
		{"stamp beside upright text", body + stamp, "arXiv:2004.04906v3", core.KindPageHeader},
		{"page set sideways", "q 0 1 -1 0 750 0 cm\n" + body + "Q\n", "Dense Passage Retrieval", core.KindHeading},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			blocks := helvPage(t, c.content)
			found := false
			for _, b := range blocks {
				if strings.HasPrefix(b.Text(), c.text) {
					found = true
					if b.Kind != c.want {
						t.Errorf("%q is %s; want %s", b.Text(), b.Kind, c.want)
					}
				}
			}
			if !found {
				t.Errorf("no block starts %q: %q", c.text, blockTexts(blocks))
			}
		})
	}
}

// TestTablesSideBySide: two tables set side by side, each ruled across
// its own rows (at other heights), are two tables: no rule crosses the
// gutter between them.
func TestTablesSideBySide(t *testing.T) {
	t.Parallel()
	var rules strings.Builder
	for _, y := range []int{700, 680, 660, 640, 620} {
		fmt.Fprintf(&rules, "72 %d m 272 %d l S\n", y, y)
	}
	for _, y := range []int{700, 684, 668, 652, 636} {
		fmt.Fprintf(&rules, "300 %d m 500 %d l S\n", y, y)
	}
	content := rules.String() + cellsText([][3]string{
		{"76", "687", "Animal"}, {"146", "687", "Action"}, {"216", "687", "Result"},
		{"76", "667", "Cat"}, {"146", "667", "Says"}, {"216", "667", "Meow"},
		{"76", "647", "Cow"}, {"146", "647", "Says"}, {"216", "647", "Moo"},
		{"76", "627", "Owl"}, {"146", "627", "Says"}, {"216", "627", "Hoot"},
		{"304", "689", "Animal"}, {"374", "689", "Action"}, {"444", "689", "Result"},
		{"304", "673", "Dog"}, {"374", "673", "Says"}, {"444", "673", "Woof"},
		{"304", "657", "Duck"}, {"374", "657", "Says"}, {"444", "657", "Quack"},
		{"304", "641", "Fox"}, {"374", "641", "Says"}, {"444", "641", "Howl"},
	})
	blocks := helvPage(t, content)
	ts := tables(core.Page{Blocks: blocks})
	if len(ts) != 2 {
		t.Fatalf("%d tables; want 2: %q", len(ts), blockTexts(blocks))
	}
	for i, want := range [][]string{{"Cat", "Says", "Meow"}, {"Dog", "Says", "Woof"}} {
		if g := ts[i].Grid(); len(g) < 2 || fmt.Sprintf("%q", g[1]) != fmt.Sprintf("%q", want) {
			t.Errorf("table %d: %q; want row 2 %q", i+1, g, want)
		}
	}
}

// helvPage extracts a one-page PDF of content set in Helvetica and
// returns its blocks.
func helvPage(t *testing.T, content string) []core.Block {
	t.Helper()
	res, err := extractAll(t, onePage("", helvRes, content).Write(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	return res[1].Page.Blocks
}

// TestProseColumnsInAFrame: two columns of running text that a frame's
// rules made a table of (a report's footer box, a panel of captions) are
// text; columns whose lines start afresh, or that a rule parts, are a
// table, unless the right column's lines sit between the left's (two
// notices boxed side by side, each set from its own top).
func TestProseColumnsInAFrame(t *testing.T) {
	t.Parallel()
	left := []string{"The office supports the work of the", "council in meeting its duties and", "helps improve the performance of the",
		"services it audits for the people of", "the county and its towns every year."}
	right := []string{"We conducted our work from May to June", "in accordance with the standards that", "require that we plan and perform the",
		"audit to obtain evidence that gives a", "reasonable basis for what we found."}
	entries := []string{"Harbour master and his deputy on call", "Pilots for the outer and inner roads", "Tugs of the port authority and hire",
		"Berths on the east quay and the west", "Cranes of the container terminal"}
	// read sets two columns of lines, from x 50 and 315, 12 points apart,
	// the right one's skew points lower, as the segments of one table of a
	// row a line.
	read := func(l, r []string, skew float64) ([]*seg, *core.Table) {
		var segs []*seg
		tb := &core.Table{Rows: len(l), Cols: 2}
		for i := range l {
			for c, text := range []string{l[i], r[i]} {
				y := 100 + 12*float64(i) + skew*float64(c)
				x := 50 + 265*float64(c)
				box := core.BBox{X0: x, Y0: y - 8, X1: x + 5*float64(len(text)), Y1: y + 2}
				var ws []core.Word
				for _, w := range strings.Fields(text) {
					ws = append(ws, core.Word{Text: w, BBox: box, Size: 10})
				}
				segs = append(segs, &seg{b: box, line: 2*i + c, words: ws, text: text, base: y, size: 10})
				tb.Cells = append(tb.Cells, core.Cell{Row: i, Col: c, Text: text, BBox: box})
			}
		}
		return segs, tb
	}
	grid := tableformer.Grid{Box: core.BBox{X0: 40, Y0: 80, X1: 570, Y1: 170}}
	parted := grid
	parted.V = []tableformer.Ruling{{Pos: 305, Lo: 80, Hi: 170}}
	tests := []struct {
		name        string
		left, right []string
		grid        tableformer.Grid
		skew        float64
		prose       bool
	}{
		{"prose", left, right, grid, 0, true},
		{"entries", entries, entries, grid, 0, false},
		{"parted by a rule", left, right, parted, 0, false},
		{"parted by a rule, on a baseline within rounding", left, right, parted, 1, false},
		{"parted by a rule, lines between lines", left, right, parted, 4, true},
		{"entries parted by a rule, lines between lines", entries, entries, parted, 4, false},
	}
	for _, tc := range tests {
		segs, tb := read(tc.left, tc.right, tc.skew)
		idx := make([]int, len(segs))
		for i := range idx {
			idx[i] = i
		}
		if got := proseColumns(tc.grid, tb, segs, idx); got != tc.prose {
			t.Errorf("%s: prose columns %v, want %v", tc.name, got, tc.prose)
		}
	}
}

// Two columns of running text, six lines each, and the helpers that set
// them and a table's rows and rules on a page (TestTableAcrossColumns,
// TestTableOverColumns).
var (
	gutterLeft = []string{"The fit of the model to the observed", "data was generally good across all of", "the catchments and the percentiles of",
		"flow that were tested in this study, and", "the poorest fits were those at the two", "smallest catchments of the whole set."}
	gutterRight = []string{"and the lower flows were matched by the", "shallow soils of the two catchments in", "the south, where data on the soils was",
		"far from uniform and only an indication", "of the depth of the soils was given in", "the reports that we could obtain then."}
)

// columnsAt sets gutterLeft and gutterRight at x 72 and 315 from baseline
// top down, 12 points apart.
func columnsAt(top int) [][3]string {
	var cells [][3]string
	for i := range gutterLeft {
		y := strconv.Itoa(top - 12*i)
		cells = append(cells, [3]string{"72", y, gutterLeft[i]}, [3]string{"315", y, gutterRight[i]})
	}
	return cells
}

// rowsAt sets a table's rows at the xs of its columns from baseline top
// down, 14 points apart.
func rowsAt(top int, xs []string, rows [][]string) [][3]string {
	var cells [][3]string
	for r, row := range rows {
		y := strconv.Itoa(top - 14*r)
		for c, v := range row {
			cells = append(cells, [3]string{xs[c], y, v})
		}
	}
	return cells
}

// rulesAt draws rules across the page's text at the ys.
func rulesAt(ys ...int) string {
	var rules strings.Builder
	for _, y := range ys {
		fmt.Fprintf(&rules, "72 %d m 530 %d l S\n", y, y)
	}
	return rules.String()
}

// TestTableAcrossColumns: a table set across a page of two columns of
// text, ruled over and under its rows, whose gap between its fourth and
// fifth columns of figures lines up with the text's gutter, is one table
// after the two columns, not two halves read with them; the rows of a
// table over its own midrule stay in it.
func TestTableAcrossColumns(t *testing.T) {
	t.Parallel()
	xs := []string{"72", "160", "200", "240", "320", "360", "400", "440"}
	rows := [][]string{
		{"Site", "10", "20", "30", "40", "50", "60", "70"},
		{"Redhill", "0.90", "0.95", "0.82", "0.80", "0.92", "0.88", "0.89"},
		{"Pine Ck", "0.56", "0.76", "0.88", "0.99", "0.99", "0.71", "0.99"},
		{"Glendhu", "0.76", "0.77", "0.82", "0.84", "0.87", "0.89", "0.90"},
		{"Biesievlei", "0.96", "0.96", "0.90", "0.82", "0.81", "0.88", "0.92"},
	}
	cells := append(columnsAt(700), rowsAt(600, xs, rows)...)
	// Over the table, under its header, under it.
	blocks := helvPage(t, rulesAt(614, 595, 540)+cellsText(cells))
	ts := tables(core.Page{Blocks: blocks})
	if len(ts) != 1 {
		t.Fatalf("%d tables; want 1: %q", len(ts), blockTexts(blocks))
	}
	g := ts[0].Grid()
	if want := rows[1]; len(g) != len(rows) || fmt.Sprintf("%q", g[1]) != fmt.Sprintf("%q", want) {
		t.Errorf("table %q; want %d rows, the second %q", g, len(rows), want)
	}
	texts := blockTexts(blocks)
	if len(texts) < 3 || !strings.HasPrefix(texts[0], "The fit") || !strings.HasPrefix(texts[1], "and the lower") || blocks[len(blocks)-1].Kind != core.KindTable {
		t.Errorf("blocks %q; want the left column, the right column, then the table", texts)
	}
}

// TestTableOverColumns: a table set across the top of a page of two
// columns of text, ruled over and under its rows, whose gaps line up with
// the text's gutter, ends at its last rule: it is one table, read before
// the columns, not two halves read with them (CERMINE's example3, a
// journal's table of five columns over its two of text).
func TestTableOverColumns(t *testing.T) {
	t.Parallel()
	xs := []string{"72", "170", "240", "320", "440"}
	rows := [][]string{
		{"Domain", "Substrate", "Action", "Product action", "Inhibitors"},
		{"Both domains", "Bradykinin", "Vasodilation", "Inactive", "Captopril"},
		{"Equally", "Angiotensin", "Vasodilation", "Inactive", "Ramiprilat"},
		{"C-domain", "Angiotensin I", "Inactive", "Hypertrophy", "Lisinopril"},
		{"N-domain", "Acetyl-SDKP", "Fibrosis", "Inactive", "Enalaprilat"},
	}
	cells := append(rowsAt(720, xs, rows), columnsAt(630)...)
	blocks := helvPage(t, rulesAt(734, 715, 656)+cellsText(cells))
	ts := tables(core.Page{Blocks: blocks})
	if len(ts) != 1 {
		t.Fatalf("%d tables; want 1: %q", len(ts), blockTexts(blocks))
	}
	if g := ts[0].Grid(); len(g) != len(rows) || len(g[0]) != len(xs) {
		t.Errorf("table %q; want %d rows of %d", g, len(rows), len(xs))
	}
	texts := blockTexts(blocks)
	if len(texts) != 3 || blocks[0].Kind != core.KindTable || !strings.HasPrefix(texts[1], gutterLeft[0]) || !strings.HasPrefix(texts[2], gutterRight[0]) {
		t.Errorf("blocks %q; want the table, the left column, then the right column", texts)
	}
}

// TestStrokeAcrossGutter: a drawing's stroke that crosses the gutter
// between two columns of text, short of their width, leaves them whole.
func TestStrokeAcrossGutter(t *testing.T) {
	t.Parallel()
	left := []string{"Get plenty of rest in the first few days", "after being discharged from the hospital", "and take it easy for a while, and only do",
		"what is comfortable for you to do then;", "ask your nurse about what suits you best", "before you go back to your usual work."}
	right := []string{"Ask friends or family to help you out for", "a while as you recover from the surgery,", "for example with the household chores,",
		"the shopping and the cooking, and with", "getting to and from the hospital for your", "check-ups in the first weeks at home."}
	var cells [][3]string
	for i := range left {
		y := strconv.Itoa(700 - 12*i)
		cells = append(cells, [3]string{"72", y, left[i]}, [3]string{"315", y, right[i]})
	}
	stroke := "250 660.5 m 340 660.5 l S\n" // between the fourth and fifth lines
	blocks := helvPage(t, stroke+cellsText(cells))
	texts := blockTexts(blocks)
	if len(texts) != 2 || !strings.HasSuffix(texts[0], left[len(left)-1]) || !strings.HasPrefix(texts[1], right[0]) {
		t.Errorf("blocks %q; want the left column whole, then the right", texts)
	}
}

// TestWebTables: the tables a browser prints (testdata/web-tables.pdf,
// see its README) are tables. Their borders are filled shapes a pixel
// wide, the sides of a cell trapezoids where the borders meet, and their
// cells sit a pixel or two inside them, so that a header's words stand
// closer than a gutter. Before, the first table had no column rules and
// was a line of text; the second's header was taken for a caption; the
// third, written right to left, was read backwards as a line. The fourth
// is shaded on every other row (zebra stripes), its last row unshaded:
// its shading made a table of the header and the first row, another of
// the third row, and the rest was text. The fifth has its header
// unshaded too, over the first stripe. The sixth has three boxes set on
// its top rule, which joined its frame: their text was its first rows.
func TestWebTables(t *testing.T) {
	t.Parallel()
	res, err := extractAll(t, "testdata/web-tables.pdf", 1)
	if err != nil {
		t.Fatal(err)
	}
	p := res[1].Page
	checkBoxes(t, p)
	want := [][][]string{
		{{"Year", "Revenue", "Growth"}, {"2022", "900,000", "8%"}, {"2023", "1,250,000", "15%"}},
		{{"Region", "Stores", "Staff"}, {"North", "12", "340"}, {"South", "9", "215"}},
		{{"السنة", "الإيرادات", "النمو"}, {"2022", "900,000", "8%"}, {"2023", "1,250,000", "15%"}},
		{{"Hub", "Orders", "On time"}, {"North", "412,000", "96.1%"}, {"South", "389,500", "94.8%"}, {"East", "301,200", "95.5%"}, {"West", "297,300", "92.0%"}},
		{{"Hub", "Parcels per day", "Staff"}, {"Leeds", "41,200", "310"}, {"Derby", "38,950", "284"}, {"Hull", "30,120", "201"}, {"York", "29,730", "198"}},
		{{"Line", "Item", "Value"}, {"1", "Steel bar", "37.1"}, {"2", "Copper wire", "74.2"}},
	}
	ts := tables(p)
	if len(ts) != len(want) {
		t.Fatalf("found %d tables; want %d; text:\n%s", len(ts), len(want), p.Text())
	}
	for i := range want {
		wantGrid(t, ts[i].Grid(), want[i])
	}
}

// TestTitlePageIsNoTable: a title page that holds only a browser's
// running head (the date, the title), the title, and its foot (the
// address, the page number) is no table, though the gaps of its three
// lines line up: the foot stands a page's height under the rest.
func TestTitlePageIsNoTable(t *testing.T) {
	t.Parallel()
	content := "BT /F1 9 Tf 24 770 Td (12/6/26, 3:12 PM) Tj ET BT /F1 9 Tf 326 770 Td (Annual Report) Tj ET " +
		"BT /F1 21 Tf 34 740 Td (Annual Report) Tj ET " +
		"BT /F1 9 Tf 24 20 Td (file:///tmp/report.html) Tj ET BT /F1 9 Tf 560 20 Td (1/5) Tj ET"
	res, err := extractAll(t, onePage("", helvRes, content).Write(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	p := res[1].Page
	if ts := tables(p); len(ts) > 0 {
		t.Errorf("found %d tables; want none; text:\n%s", len(ts), p.Text())
	}
}

// TestInvoices: a web page's invoice (testdata/invoices.pdf, see its
// README) is its letterhead, two blocks side by side, the address it is
// billed to, and a table of its items ruled row by row. The letterhead's
// gap lines up with the table's first gutter: read as two columns, the
// table was cut in two (page 1); set right over the table, the letterhead
// (page 2) or the address's last line (page 3) became its first rows.
// Each page has one table of the items and totals, and its other text
// outside it, the letterhead read a block at a time.
func TestInvoices(t *testing.T) {
	t.Parallel()
	res, err := extractAll(t, "testdata/invoices.pdf", 1, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"Description", "Qty", "Unit price", "Amount"},
		{"Steel brackets, 40 mm", "200", "1.25", "250.00"},
		{"Hex bolts M8, box of 100", "12", "8.40", "100.80"},
		{"Delivery", "1", "15.00", "15.00"},
		{"", "", "Subtotal", "365.80"},
		{"", "", "VAT 20%", "73.16"},
		{"", "", "Total due", "438.96"},
	}
	for n := 1; n <= 3; n++ {
		p := res[n].Page
		ts := tables(p)
		if len(ts) != 1 {
			t.Errorf("page %d: %d tables; want 1; text:\n%s", n, len(ts), p.Text())
			continue
		}
		wantGrid(t, ts[0].Grid(), want)
		text := strings.Join(strings.Fields(p.Text()), " ")
		for _, s := range []string{"Bristol BS1 4QA VAT GB 123 4567 89", "Date: 3 March 2024 Due: 2 April 2024", "Acme Engineering 4 Mill Lane Leeds LS2 7EW"} {
			if n == 2 && strings.HasPrefix(s, "Acme") || n == 3 && !strings.HasPrefix(s, "Acme") {
				continue
			}
			if !strings.Contains(text, s) {
				t.Errorf("page %d: %q is not read whole; text:\n%s", n, s, text)
			}
		}
	}
}

// TestSidewaysTextTable: a borderless table printed sideways (a
// landscape table on a portrait page, its text running up the page)
// reads as a table by its own rows, as an upright one does.
func TestSidewaysTextTable(t *testing.T) {
	t.Parallel()
	rows := [][]string{{"District", "Cases", "Rate", "Share"}, {"North", "1,204", "4.1", "41%"}, {"South", "860", "2.9", "29%"},
		{"East", "512", "1.8", "18%"}, {"West", "350", "1.2", "12%"}, {"Islands", "97", "0.3", "3%"}}
	var sb strings.Builder
	for r, row := range rows {
		for c, cell := range row {
			// Text up the page: the table's top at the page's left, its
			// first column at the page's bottom.
			fmt.Fprintf(&sb, "BT /F1 10 Tf 0 1 -1 0 %d %d Tm (%s) Tj ET ", 200+16*r, 150+90*c, cell)
		}
	}
	blocks := helvPage(t, sb.String())
	var tables []*core.Table
	for _, b := range blocks {
		if b.Table != nil {
			tables = append(tables, b.Table)
		}
	}
	if len(tables) != 1 {
		t.Fatalf("found %d tables, want 1: %q", len(tables), lineTexts(core.Page{Blocks: blocks}))
	}
	if got := fmt.Sprint(tables[0].Grid()); got != fmt.Sprint(rows) {
		t.Errorf("grid %s\nwant %s", got, fmt.Sprint(rows))
	}
}

// TestVerticalWritingIsNoTable: short columns of vertical Japanese, set
// in two bands one over the other (a poem's lines, as pdfminer's jo
// sets Miyazawa's), line up as a table's rows would in the frame where
// they read as lines; they are text, read column by column.
func TestVerticalWritingIsNoTable(t *testing.T) {
	t.Parallel()
	toUnicode := "1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfrange <0001> <0040> <3041> endbfrange endcmap"
	var sb strings.Builder
	for band, top := range []int{720, 420} {
		for col := range 8 {
			var codes strings.Builder
			for k := range 4 + (col+band)%5 {
				fmt.Fprintf(&codes, "%04X", 1+(col*7+k*3+band)%60)
			}
			fmt.Fprintf(&sb, "BT /F1 14 Tf %d %d Td <%s> Tj ET ", 520-24*col, top, codes.String())
		}
	}
	pdf := onePage("", "<< /Font << /F1 5 0 R >> >>", sb.String(),
		"<< /Type /Font /Subtype /Type0 /BaseFont /MS-Mincho /Encoding /Identity-V /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
		"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /MS-Mincho /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 4 >> /DW 1000 >>",
		stream("", toUnicode)).Write(t)
	res, err := extractAll(t, pdf, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range res[1].Page.Blocks {
		if b.Table != nil {
			t.Fatalf("vertical writing read as a table: %q", b.Table.Grid())
		}
	}
	if n := len(lineTexts(res[1].Page)); n != 16 {
		t.Errorf("%d lines, want the 16 columns: %q", n, lineTexts(res[1].Page))
	}
}

// TestNotesUnderATablesRule: lines of one cell under a table's bottom
// rule (an MMWR table's '*Per 100,000 U.S. standard population.', short
// enough to keep to the first column) are text after the table, not its
// rows; a total row under a rule stays in it.
func TestNotesUnderATablesRule(t *testing.T) {
	t.Parallel()
	var sb strings.Builder
	rows := [][]string{{"Group", "Deaths", "Rate"}, {"Female", "200,915", "103.1"}, {"Male", "224,510", "176.5"}, {"Black", "44,530", "161.6"}, {"White", "371,445", "134.2"}}
	for r, row := range rows {
		for c, text := range row {
			fmt.Fprintf(&sb, "BT /F1 9 Tf %d %d Td (%s) Tj ET ", 72+150*c, 700-14*r, text)
		}
	}
	sb.WriteString("0.5 w 70 706 m 420 706 l S 70 690 m 420 690 l S 70 638 m 420 638 l S ")
	sb.WriteString("BT /F1 9 Tf 72 626 Td (Total) Tj 150 0 Td (841,400) Tj 150 0 Td (135.0) Tj ET ")
	sb.WriteString("70 620 m 420 620 l S BT /F1 8 Tf 72 608 Td (*Per 100,000.) Tj ET")
	blocks := helvPage(t, sb.String())
	var tb *core.Table
	last := ""
	for _, b := range blocks {
		if b.Table != nil {
			tb = b.Table
		} else if tb != nil && last == "" {
			last = b.Text()
		}
	}
	if tb == nil {
		t.Fatalf("no table: %q", lineTexts(core.Page{Blocks: blocks}))
	}
	g := tb.Grid()
	if got := g[len(g)-1][0]; got != "Total" {
		t.Errorf("last row %q, want the total; grid %q", g[len(g)-1], g)
	}
	if last != "*Per 100,000." {
		t.Errorf("after the table %q, want the note", last)
	}
}

// TestTableInBands: a table of two columns set twice side by side to
// fill the page, its titles over each band, reads as one table of two
// columns, the first band's rows before the second's: a row of the page
// joins two records that have nothing to do with each other.
func TestTableInBands(t *testing.T) {
	t.Parallel()
	rows := [][]string{
		{"Action", "Description", "Action", "Description"},
		{"MOVE DIR", "Move North", "USE OBJ", "Use spectrometer on soil"},
		{"TAKE OBJ", "Take thermometer", "EAT OBJ", "Eat mushroom"},
		{"DROP OBJ", "Drop seed", "READ OBJ", "Read rocketry book"},
		{"OPEN OBJ", "Open door", "WAIT", "Do nothing"},
	}
	var content strings.Builder
	content.WriteString("BT /F1 9 Tf\n")
	for r, row := range rows {
		for c, s := range row {
			fmt.Fprintf(&content, "1 0 0 1 %d %d Tm (%s) Tj\n", 72+[]int{0, 90, 250, 340}[c], 700-14*r, s)
		}
	}
	content.WriteString("ET\n")
	_, grid := oneTable(t, onePage("", helvRes, content.String()).Write(t))
	want := [][]string{
		{"Action", "Description"},
		{"MOVE DIR", "Move North"}, {"TAKE OBJ", "Take thermometer"}, {"DROP OBJ", "Drop seed"}, {"OPEN OBJ", "Open door"},
		{"USE OBJ", "Use spectrometer on soil"}, {"EAT OBJ", "Eat mushroom"}, {"READ OBJ", "Read rocketry book"}, {"WAIT", "Do nothing"},
	}
	wantGrid(t, grid, want)
}

// TestHeadingOverGroups: a heading over a borderless table's columns,
// stub aside, underlined across them ('Race' over MMWR's columns of
// races, us-025), stands alone on its line and was read before the table
// as a heading of the page: it is the table's first header row, spanning
// the columns its rule passes over. Without the rule it is text over the
// table, as a caption or a section's heading is.
func TestHeadingOverGroups(t *testing.T) {
	t.Parallel()
	xs := []int{72, 200, 270, 340, 410}
	rows := [][]string{
		{"Age group", "Black", "White", "Asian", "Other"},
		{"45-54", "1,564", "4,316", "91", "47"},
		{"55-64", "2,636", "10,137", "224", "116"},
		{"65-74", "3,859", "19,287", "527", "164"},
		{"75-84", "6,114", "50,538", "1,056", "242"},
	}
	page := func(underlined bool) string {
		var content strings.Builder
		if underlined {
			content.WriteString("0.5 w 195 700 m 450 700 l S\n")
		}
		content.WriteString("BT /F1 9 Tf\n1 0 0 1 312 704 Tm (Race) Tj\n")
		for r, row := range rows {
			for c, s := range row {
				fmt.Fprintf(&content, "1 0 0 1 %d %d Tm (%s) Tj\n", xs[c], 688-14*r, s)
			}
		}
		content.WriteString("ET\n")
		return content.String()
	}
	for _, tc := range []struct {
		name       string
		underlined bool
		first      []string
	}{
		{"underlined", true, []string{"", "Race", "", "", ""}},
		{"not underlined", false, rows[0]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p, grid := oneTable(t, onePage("", helvRes, page(tc.underlined)).Write(t))
			if fmt.Sprintf("%q", grid[0]) != fmt.Sprintf("%q", tc.first) {
				t.Errorf("first row %q, want %q; page:\n%s", grid[0], tc.first, p.Text())
			}
		})
	}
}

// TestTableNoteEndsGroup: a table's note under its last row, one line
// that closes some of its gutters ('NOTE: Some data have been revised
// ...', NCES's Table A-3, us-019), ends the table: the table keeps its
// columns, its header with them, and the note is read after it. Read
// into the group, the note left it one gutter, and the header line was
// read apart from the table.
func TestTableNoteEndsGroup(t *testing.T) {
	t.Parallel()
	xs := []int{72, 200, 260, 320, 380, 440}
	rows := [][]string{
		{"Year", "Total", "Public", "Private", "Male", "Female"},
		{"2001", "1,204", "1,010", "194", "590", "614"},
		{"2002", "1,250", "1,040", "210", "610", "640"},
		{"2003", "1,310", "1,090", "220", "640", "670"},
		{"2004", "1,372", "1,130", "242", "660", "712"},
	}
	var content strings.Builder
	content.WriteString("BT /F1 9 Tf\n")
	y := 700
	for r, row := range rows {
		if r == 1 {
			// A panel's heading centred over the figures, across their gutters.
			fmt.Fprintf(&content, "1 0 0 1 250 %d Tm (Enrollment, in thousands of students) Tj\n", y)
			y -= 14
		}
		for c, s := range row {
			fmt.Fprintf(&content, "1 0 0 1 %d %d Tm (%s) Tj\n", xs[c], y, s)
		}
		y -= 14
	}
	fmt.Fprintf(&content, "1 0 0 1 72 %d Tm (\\262 Not applicable.) Tj\n", y)
	fmt.Fprintf(&content, "1 0 0 1 72 %d Tm (NOTE: Some data have been revised from previously published figures.) Tj\n", y-11)
	content.WriteString("ET\n")
	p, grid := oneTable(t, onePage("", helvRes, content.String()).Write(t))
	if fmt.Sprintf("%q", grid[0]) != fmt.Sprintf("%q", rows[0]) {
		t.Errorf("grid %q; want its header %q first", grid, rows[0])
	}
	if i := slices.IndexFunc(grid, func(r []string) bool { return r[0] == "2001" }); i < 0 || fmt.Sprintf("%q", grid[i]) != fmt.Sprintf("%q", rows[1]) {
		t.Errorf("grid %q; want a row %q", grid, rows[1])
	}
	if !strings.Contains(p.Text(), "NOTE: Some data have been revised") {
		t.Errorf("the note is lost:\n%s", p.Text())
	}
}

// TestCaptionOverBorderlessTable: a numbered caption over a borderless
// table, narrower than its first column, reads before the table, not as
// its first row spanning it (Tika's testPDFVarious: 'Figure 1 This is a
// caption for Figure 1' over two columns); a form's label over its
// field ('Address 2:') is a label alone, and stays a row.
func TestCaptionOverBorderlessTable(t *testing.T) {
	t.Parallel()
	rows := [][3]string{
		{"72", "660", "Row 1 column 1"}, {"300", "660", "Row 1 column 2"},
		{"72", "644", "Row 2 column 1"}, {"300", "644", "Row 2 column 2"},
		{"72", "628", "Row 3 column 1"}, {"300", "628", "Row 3 column 2"},
	}
	for _, c := range []struct {
		name, top string
		rows      int
		text      bool
	}{
		{"a caption", "Figure 1 This is a caption for Figure 1", 3, true},
		{"a label", "Address 2:", 4, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			blocks := helvPage(t, "BT /F1 7 Tf 1 0 0 1 72 690 Tm ("+c.top+") Tj ET\n"+cellsText(rows))
			var tb *core.Table
			text := false
			for _, b := range blocks {
				switch {
				case b.Kind == core.KindTable:
					tb = b.Table
				case b.Text() == c.top:
					text = true
				}
			}
			if tb == nil || tb.Rows != c.rows || text != c.text {
				t.Fatalf("blocks %q; want a table of %d rows, %q read apart %v", blockTexts(blocks), c.rows, c.top, c.text)
			}
		})
	}
}

// TestSparseTableOverLabels: a borderless table whose rows fill a few of
// its six columns each, over short lines set flush left that leave its
// gutters open (markitdown's inventory report), is one table of all its
// rows; the lines under it stay text, after it.
func TestSparseTableOverLabels(t *testing.T) {
	t.Parallel()
	xs := map[string]string{"a": "72", "b": "150", "c": "230", "d": "310", "e": "390", "f": "470"}
	rows := []struct {
		y     string
		cells []string // column letter, then text
	}{
		{"700", []string{"a", "Product Code", "b", "Location", "c", "Expected", "d", "Actual", "e", "Variance", "f", "Status"}},
		{"680", []string{"a", "SKU-8847", "b", "A-12", "c", "450"}},
		{"660", []string{"b", "B-07", "d", "289", "e", "-23"}},
		{"640", []string{"a", "SKU-9201", "c", "780", "d", "778", "f", "OK"}},
		{"620", []string{"b", "C-15", "e", "+15"}},
		{"600", []string{"a", "SKU-4563", "b", "D-22", "d", "156", "f", "CRITICAL"}},
		{"580", []string{"c", "180", "e", "-24"}},
		{"560", []string{"a", "SKU-7728", "b", "A-08", "c", "920"}},
		{"540", []string{"d", "935", "e", "+15", "f", "OK"}},
		{"500", []string{"a", "Variance Analysis:"}},
		{"480", []string{"a", "Summary Statistics:"}},
		{"466", []string{"a", "Total Variance Cost: $4,287.50"}},
		{"452", []string{"a", "Critical Items: 1"}},
		{"438", []string{"a", "Overall Accuracy: 97.2%"}},
	}
	var cells [][3]string
	for _, r := range rows {
		for k := 0; k < len(r.cells); k += 2 {
			cells = append(cells, [3]string{xs[r.cells[k]], r.y, r.cells[k+1]})
		}
	}
	blocks := helvPage(t, cellsText(cells))
	var tables []*core.Table
	after := ""
	for _, b := range blocks {
		if b.Kind == core.KindTable {
			tables = append(tables, b.Table)
		} else if len(tables) > 0 {
			after += b.Text() + "\n"
		}
	}
	if len(tables) != 1 || tables[0].Rows != 9 || tables[0].Cols != 6 {
		t.Fatalf("blocks %q; want one table of 9 rows and 6 columns", blockTexts(blocks))
	}
	if got := tables[0].Grid()[8]; fmt.Sprintf("%q", got) != fmt.Sprintf("%q", []string{"", "", "", "935", "+15", "OK"}) {
		t.Errorf("last row %q", got)
	}
	if !strings.Contains(after, "Critical Items: 1") {
		t.Errorf("after the table: %q", after)
	}
}
