package tableformer_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
	"github.com/assay-pdf/assay/plugins/nativetext"
)

// Fixtures are drawn in PDF user space (origin at the bottom left of a
// 612 × 792 page) with Helvetica as /F1.

// text draws one line of 10 pt text per (x, y, text).
func text(cells ...[3]string) string {
	var sb strings.Builder
	sb.WriteString("BT /F1 10 Tf\n")
	for _, c := range cells {
		fmt.Fprintf(&sb, "1 0 0 1 %s %s Tm (%s) Tj\n", c[0], c[1], c[2])
	}
	sb.WriteString("ET\n")
	return sb.String()
}

// hrules strokes horizontal rules from x0 to x1 at each y.
func hrules(x0, x1 int, ys ...int) string {
	var sb strings.Builder
	for _, y := range ys {
		fmt.Fprintf(&sb, "%d %d m %d %d l S\n", x0, y, x1, y)
	}
	return sb.String()
}

// vrules strokes vertical rules from y0 down to y1 at each x.
func vrules(y0, y1 int, xs ...int) string {
	var sb strings.Builder
	for _, x := range xs {
		fmt.Fprintf(&sb, "%d %d m %d %d l S\n", x, y0, x, y1)
	}
	return sb.String()
}

// pdf writes a document with one page per content stream.
func pdf(t *testing.T, contents ...string) string {
	t.Helper()
	b := &pdftest.Builder{}
	b.Add("<< /Type /Catalog /Pages 2 0 R >>")
	kids := make([]string, len(contents))
	for i := range contents {
		kids[i] = fmt.Sprintf("%d 0 R", 3+2*i)
	}
	b.Add(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(contents)))
	for i, c := range contents {
		b.Add(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources %s /Contents %d 0 R >>", pdftest.Helvetica, 4+2*i))
		b.Add(pdftest.Stream("", c))
	}
	return b.Write(t)
}

// layout reads and lays out every page of path, with the document pass.
func layout(t *testing.T, path string) []*core.Page {
	t.Helper()
	ctx := context.Background()
	r, err := nativetext.Open(ctx, path, nativetext.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var pages []*core.Page
	for n := 1; n <= r.PageCount(); n++ {
		c, err := r.Cells(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		p := c.Page
		p.Blocks = c.Layout()
		pages = append(pages, &p)
	}
	nativetext.DocumentPass(pages)
	return pages
}

// tables lists a page's tables.
func tables(p *core.Page) []*core.Table {
	var out []*core.Table
	for i := range p.Blocks {
		if b := &p.Blocks[i]; b.Kind == core.KindTable && b.Table != nil {
			out = append(out, b.Table)
		}
	}
	return out
}

// spans lists a table's spanning cells as "row,col:rowspan×colspan".
func spans(t *core.Table) []string {
	var out []string
	for _, c := range t.Cells {
		if c.RowSpan > 1 || c.ColSpan > 1 {
			out = append(out, fmt.Sprintf("%d,%d:%d×%d", c.Row, c.Col, max(c.RowSpan, 1), max(c.ColSpan, 1)))
		}
	}
	return out
}

// Tables drawn for the tests, each with the grid tableformer must read.
var (
	// A lattice: "Region" spans two rows, "Sales" two columns.
	latticeSpans = hrules(100, 400, 700, 640) + hrules(200, 400, 680) + hrules(100, 400, 660) +
		vrules(700, 640, 100, 200, 400) + vrules(680, 640, 300) +
		text([3]string{"105", "676", "Region"}, [3]string{"280", "686", "Sales"},
			[3]string{"205", "666", "2023"}, [3]string{"305", "666", "2024"},
			[3]string{"105", "646", "North"}, [3]string{"205", "646", "120"}, [3]string{"305", "646", "135"})
	// Rules only under the header and above the total, and a single rule
	// after the first column: rows and the other columns from the text.
	groupRuled = hrules(72, 450, 720, 700, 630, 612) + vrules(720, 612, 200) +
		text([3]string{"76", "706", "Country"}, [3]string{"210", "706", "Cases"}, [3]string{"300", "706", "Share"}, [3]string{"380", "706", "Rate"},
			[3]string{"76", "686", "Austria"}, [3]string{"210", "686", "3,375"}, [3]string{"300", "686", "13.8"}, [3]string{"380", "686", "0.4"},
			[3]string{"76", "672", "Belgium"}, [3]string{"210", "672", "3,973"}, [3]string{"300", "672", "0.0"}, [3]string{"380", "672", "0.4"},
			[3]string{"76", "658", "Cyprus"}, [3]string{"210", "658", "158"}, [3]string{"300", "658", "3.8"}, [3]string{"380", "658", "0.2"},
			[3]string{"76", "644", "Denmark"}, [3]string{"210", "644", "1,662"}, [3]string{"300", "644", "10.2"}, [3]string{"380", "644", "0.3"},
			[3]string{"76", "618", "Total"}, [3]string{"210", "618", "9,168"}, [3]string{"300", "618", "7.1"}, [3]string{"380", "618", "1.3"})
	// A group header over a short rule that meets the column rules, and
	// an underline over the last column before the total: the header
	// cells beside the group span its two rows; the underline only
	// separates rows.
	groupHeader = hrules(72, 400, 720, 680, 600) + hrules(180, 400, 700) + hrules(300, 400, 632) + vrules(720, 600, 180, 400) + vrules(700, 600, 300) +
		text([3]string{"76", "696", "Item"}, [3]string{"260", "706", "Year"},
			[3]string{"210", "686", "2023"}, [3]string{"310", "686", "2024"},
			[3]string{"76", "666", "Apples"}, [3]string{"210", "666", "120"}, [3]string{"310", "666", "135"},
			[3]string{"76", "653", "Pears"}, [3]string{"210", "653", "80"}, [3]string{"310", "653", "95"},
			[3]string{"76", "640", "Plums"}, [3]string{"210", "640", "10"}, [3]string{"310", "640", "5"},
			[3]string{"76", "618", "Total"}, [3]string{"210", "618", "210"}, [3]string{"310", "618", "235"})
	// A multi-line cell in a ruled table: two lines, one cell.
	multiLine = hrules(100, 400, 700, 680, 650, 630) + vrules(700, 630, 100, 250, 400) +
		text([3]string{"105", "686", "Item"}, [3]string{"255", "686", "Note"},
			[3]string{"105", "668", "Chlorine and compounds"}, [3]string{"105", "656", "(as HCl)"}, [3]string{"255", "662", "10 000"},
			[3]string{"105", "636", "Halons"}, [3]string{"255", "636", "1"})
	// A header band painted in one colour, in pieces, over a ruled body:
	// the header's cells are the body's columns, and the seams between the
	// band's pieces cut nothing.
	shadedHeader = "0.2 0.3 0.8 rg 100 680 100 20 re f 200 680 200 10 re f 200 690 200 10 re f 0 g\n" +
		hrules(100, 400, 680, 660, 640) + vrules(680, 640, 100, 200, 300, 400) +
		text([3]string{"105", "686", "Kind"}, [3]string{"205", "686", "Before"}, [3]string{"305", "686", "After"},
			[3]string{"105", "666", "Class"}, [3]string{"205", "666", "Group 1"}, [3]string{"305", "666", "Grade 1"},
			[3]string{"105", "646", "Basis"}, [3]string{"205", "646", "Water"}, [3]string{"305", "646", "Terror"})
	// Borderless: a caption line, then aligned columns. (The layout reads
	// columns narrower than six ems as one: the first column is wider.)
	borderless = text([3]string{"72", "740", "Table 1: units and shares by region, as counted in the survey."},
		[3]string{"72", "715", "Region"}, [3]string{"250", "715", "Units"}, [3]string{"400", "715", "Share"},
		[3]string{"72", "700", "North Coast"}, [3]string{"250", "700", "1,204"}, [3]string{"400", "700", "41%"},
		[3]string{"72", "685", "South"}, [3]string{"250", "685", "860"}, [3]string{"400", "685", "29%"},
		[3]string{"72", "670", "East Valley Farms"}, [3]string{"250", "670", "512"}, [3]string{"400", "670", "18%"},
		[3]string{"72", "655", "West"}, [3]string{"250", "655", "350"}, [3]string{"400", "655", "12%"})
	// Borderless with padded rows and a label wrapped over two lines set
	// closer than the rows.
	borderlessWrap = text([3]string{"72", "715", "Pollutant"}, [3]string{"300", "715", "Air"}, [3]string{"400", "715", "Water"},
		[3]string{"72", "695", "Carbon dioxide"}, [3]string{"300", "695", "100"}, [3]string{"400", "695", "-"},
		[3]string{"72", "675", "Chlorine and inorganic"}, [3]string{"300", "675", "10"}, [3]string{"400", "675", "5"},
		[3]string{"72", "664", "compounds"},
		[3]string{"72", "644", "Methane"}, [3]string{"300", "644", "100"}, [3]string{"400", "644", "-"})
	// Two charts side by side: their axis labels line up like columns.
	chartAxes = text([3]string{"72", "700", "450"}, [3]string{"300", "700", "450"},
		[3]string{"72", "688", "400"}, [3]string{"300", "688", "400"},
		[3]string{"72", "676", "350"}, [3]string{"300", "676", "350"},
		[3]string{"72", "664", "300"}, [3]string{"300", "664", "300"},
		[3]string{"72", "652", "250"}, [3]string{"300", "652", "250"})
	// Columns of numbers that count down the rows (a numbered list set in
	// columns) are a table; a chart's axis labels fall down the page.
	counted = func() string {
		var cells [][3]string
		for r := range 6 {
			y := fmt.Sprint(700 - 14*r)
			for c, x := range []string{"72", "120", "168"} {
				cells = append(cells, [3]string{x, y, fmt.Sprint(100*c + r + 1)})
			}
		}
		return text(cells...)
	}()
	// Prose between two rules of one width is not a table.
	ruledProse = hrules(72, 540, 720, 600) + text(
		[3]string{"72", "700", "This paragraph runs between two rules drawn across the page, as a pull"},
		[3]string{"72", "686", "quote would be set, and it must stay a paragraph: it has no columns."})
)

func TestFixtureTables(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		content string
		grid    [][]string // nil: no table
		spans   []string
		header  int // header rows
	}{
		{"lattice with spans", latticeSpans,
			[][]string{{"Region", "Sales", ""}, {"", "2023", "2024"}, {"North", "120", "135"}},
			[]string{"0,0:2×1", "0,1:1×2"}, 2},
		{"rules between row groups", groupRuled,
			[][]string{{"Country", "Cases", "Share", "Rate"}, {"Austria", "3,375", "13.8", "0.4"}, {"Belgium", "3,973", "0.0", "0.4"},
				{"Cyprus", "158", "3.8", "0.2"}, {"Denmark", "1,662", "10.2", "0.3"}, {"Total", "9,168", "7.1", "1.3"}}, nil, 1},
		{"group header rule", groupHeader,
			[][]string{{"Item", "Year", ""}, {"", "2023", "2024"}, {"Apples", "120", "135"}, {"Pears", "80", "95"}, {"Plums", "10", "5"}, {"Total", "210", "235"}},
			[]string{"0,0:2×1", "0,1:1×2"}, 2},
		{"multi-line cell", multiLine,
			[][]string{{"Item", "Note"}, {"Chlorine and compounds (as HCl)", "10 000"}, {"Halons", "1"}}, nil, 1},
		{"shaded header", shadedHeader,
			[][]string{{"Kind", "Before", "After"}, {"Class", "Group 1", "Grade 1"}, {"Basis", "Water", "Terror"}}, nil, 1},
		{"borderless", borderless,
			[][]string{{"Region", "Units", "Share"}, {"North Coast", "1,204", "41%"}, {"South", "860", "29%"}, {"East Valley Farms", "512", "18%"}, {"West", "350", "12%"}}, nil, 1},
		{"borderless wrapped cell", borderlessWrap,
			[][]string{{"Pollutant", "Air", "Water"}, {"Carbon dioxide", "100", "-"}, {"Chlorine and inorganic compounds", "10", "5"}, {"Methane", "100", "-"}}, nil, 1},
		{"chart axes", chartAxes, nil, nil, 0},
		{"numbers counting down", counted,
			[][]string{{"1", "101", "201"}, {"2", "102", "202"}, {"3", "103", "203"}, {"4", "104", "204"}, {"5", "105", "205"}, {"6", "106", "206"}}, nil, 0},
		{"ruled prose", ruledProse, nil, nil, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := layout(t, pdf(t, c.content))[0]
			ts := tables(p)
			if c.grid == nil {
				if len(ts) != 0 {
					t.Fatalf("found a table %q; want none", ts[0].Grid())
				}
				return
			}
			if len(ts) != 1 {
				t.Fatalf("found %d tables; want 1; text:\n%s", len(ts), p.Text())
			}
			tb := ts[0]
			if got := tb.Grid(); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", c.grid) {
				t.Errorf("grid %q\nwant %q", got, c.grid)
			}
			if got := spans(tb); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", c.spans) {
				t.Errorf("spans %v; want %v", got, c.spans)
			}
			if got := tb.HeaderRows(); got != c.header {
				t.Errorf("%d header rows; want %d", got, c.header)
			}
		})
	}
}

// A table continued on the next page with its header repeated is two
// tables, one per page, the second marked as continuing the first.
func TestFixtureTableOverPages(t *testing.T) {
	t.Parallel()
	part := func(first int) string {
		rows := [][3]string{{"76", "744", "No."}, {"150", "744", "Name"}, {"350", "744", "Amount"}}
		for i := 0; i < 5; i++ {
			y := fmt.Sprint(724 - 20*i)
			rows = append(rows, [3]string{"76", y, fmt.Sprint(first + i)}, [3]string{"150", y, fmt.Sprintf("Item %c", 'A'+first+i)},
				[3]string{"350", y, fmt.Sprintf("%d.50", 100+first+i)})
		}
		return hrules(72, 450, 758, 738, 718, 698, 678, 658, 638) + vrules(758, 638, 72, 140, 340, 450) + text(rows...)
	}
	intro := text([3]string{"72", "772", "The amounts paid, by item, over the year."})
	pages := layout(t, pdf(t, intro+part(1), part(6), part(11)+text([3]string{"72", "600", "The table ends here."})))
	for i, p := range pages {
		ts := tables(p)
		if len(ts) != 1 {
			t.Fatalf("page %d: %d tables; want 1", i+1, len(ts))
		}
		tb := ts[0]
		if tb.Continues != (i > 0) {
			t.Errorf("page %d: Continues %v", i+1, tb.Continues)
		}
		if tb.Rows != 6 || tb.Cols != 3 {
			t.Errorf("page %d: %d×%d; want 6×3", i+1, tb.Rows, tb.Cols)
		}
		if n := tb.HeaderRows(); n != 1 {
			t.Errorf("page %d: %d header rows; want 1 (repeated)", i+1, n)
		}
	}
}

// TestGroupsRuledApart: rules that part groups of columns over a body no
// rule parts into rows (a census table's 'Men' and 'Women', two columns
// of figures under each) leave each group's columns apart.
func TestGroupsRuledApart(t *testing.T) {
	t.Parallel()
	cells := [][3]string{{"250", "710", "Men"}, {"375", "710", "Women"},
		{"76", "694", "Item"}, {"210", "694", "Total"}, {"270", "694", "Young"}, {"335", "694", "Total"}, {"395", "694", "Young"}}
	var want [][]string
	for r := range 12 {
		y := strconv.Itoa(676 - 14*r)
		row := []string{fmt.Sprintf("Row %d", r+1), strconv.Itoa(100 + r), strconv.Itoa(20 + r), strconv.Itoa(90 + r), strconv.Itoa(10 + r)}
		for c, x := range []string{"76", "210", "270", "335", "395"} {
			cells = append(cells, [3]string{x, y, row[c]})
		}
		want = append(want, row)
	}
	content := hrules(72, 450, 720, 690, 500) + hrules(200, 450, 706) + vrules(720, 500, 200, 325) + text(cells...)
	ts := tables(layout(t, pdf(t, content))[0])
	if len(ts) != 1 {
		t.Fatalf("found %d tables; want 1", len(ts))
	}
	grid := ts[0].Grid()
	if ts[0].Cols != 5 || len(grid) < len(want) {
		t.Fatalf("grid %q: want 5 columns and %d body rows", grid, len(want))
	}
	if body := grid[len(grid)-len(want):]; fmt.Sprintf("%q", body) != fmt.Sprintf("%q", want) {
		t.Errorf("body %q\nwant %q", body, want)
	}
}

// TestTwoFigureRowsInABand: a ruled band of two lines of figures in
// every column is two rows (JAL's FY2013 and FY2014 in one band); a band
// whose second line fills one column only (a cinema's third showing,
// wrapped in its cell) is one row.
func TestTwoFigureRowsInABand(t *testing.T) {
	t.Parallel()
	xs := []string{"76", "180", "280", "380"}
	row := func(y string, cells ...string) [][3]string {
		var out [][3]string
		for c, text := range cells {
			if text != "" {
				out = append(out, [3]string{xs[c], y, text})
			}
		}
		return out
	}
	var cells [][3]string
	cells = append(cells, row("706", "Year", "Pax", "Growth", "Load")...)
	cells = append(cells, row("684", "FY2013", "7,723,293", "102.6", "76.5")...)
	cells = append(cells, row("672", "FY2014", "7,793,704", "100.9", "75.7")...)
	cells = append(cells, row("650", "Apr", "653,278", "16:30 18:00", "74.9")...)
	cells = append(cells, row("638", "", "", "20:15", "")...)
	content := hrules(72, 450, 720, 696, 660, 626) + vrules(720, 626, 72, 170, 270, 370, 450) + text(cells...)
	ts := tables(layout(t, pdf(t, content))[0])
	if len(ts) != 1 {
		t.Fatalf("found %d tables; want 1", len(ts))
	}
	want := [][]string{{"Year", "Pax", "Growth", "Load"}, {"FY2013", "7,723,293", "102.6", "76.5"}, {"FY2014", "7,793,704", "100.9", "75.7"}, {"Apr", "653,278", "16:30 18:00 20:15", "74.9"}}
	if got := ts[0].Grid(); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("grid %q\nwant %q", got, want)
	}
}

// TestRecordsABlankLineApart: records of several lines in one ruled band,
// a blank line apart, each with its label in the first column, are rows
// (an EPA report's 'Major' and 'Area' sources); a cell's second
// paragraph, a blank line under its first with nothing beside it in the
// first column, stays in its cell.
func TestRecordsABlankLineApart(t *testing.T) {
	t.Parallel()
	cells := [][3]string{{"76", "706", "Source"}, {"180", "706", "Definition"}, {"330", "706", "Examples"},
		{"76", "682", "Major"}, {"180", "682", "Emissions of ten tons"}, {"330", "682", "Utilities, refineries,"},
		{"180", "670", "or more of one toxic"}, {"330", "670", "steel manufacturers"},
		{"180", "658", "in a year"},
		{"76", "634", "Area"}, {"180", "634", "Emissions of less than"}, {"330", "634", "Dry cleaners, gas"},
		{"180", "622", "ten tons in a year"}, {"330", "622", "stations, paint shops"},
		{"180", "598", "See the notes below."}, {"330", "598", "and body shops"}}
	content := hrules(72, 450, 720, 696, 590) + vrules(720, 590, 72, 170, 320, 450) + text(cells...)
	ts := tables(layout(t, pdf(t, content))[0])
	if len(ts) != 1 {
		t.Fatalf("found %d tables; want 1", len(ts))
	}
	want := [][]string{{"Source", "Definition", "Examples"},
		{"Major", "Emissions of ten tons or more of one toxic in a year", "Utilities, refineries, steel manufacturers"},
		{"Area", "Emissions of less than ten tons in a year See the notes below.", "Dry cleaners, gas stations, paint shops and body shops"}}
	if got := ts[0].Grid(); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("grid %q\nwant %q", got, want)
	}
}

// TestGroupLabelsInABand: a body no rule parts, whose every line has
// text in the first column, is rows when lines carry figures: the lines
// with a label alone are group labels, rows of their own (a study's
// cohorts over their groups' shares).
func TestGroupLabelsInABand(t *testing.T) {
	t.Parallel()
	lines := [][]string{{"All assigned:", "", "", ""}, {"3-year cohort", "", "", ""}, {"Head Start", "85.1%", "14.9%", "100%"},
		{"Control", "17.3%", "82.7%", "100%"}, {"4-year cohort", "", "", ""}, {"Head Start", "79.8%", "20.2%", "100%"}, {"Control", "13.9%", "86.1%", "100%"}}
	xs := []string{"76", "220", "300", "380"}
	cells := [][3]string{{"76", "706", "Group"}, {"220", "706", "Some"}, {"300", "706", "None"}, {"380", "706", "Total"}}
	for r, ln := range lines {
		y := strconv.Itoa(684 - 12*r)
		for c, text := range ln {
			if text != "" {
				cells = append(cells, [3]string{xs[c], y, text})
			}
		}
	}
	content := hrules(72, 450, 720, 696, 590) + vrules(720, 590, 72, 210, 290, 370, 450) + text(cells...)
	ts := tables(layout(t, pdf(t, content))[0])
	if len(ts) != 1 {
		t.Fatalf("found %d tables; want 1", len(ts))
	}
	want := append([][]string{{"Group", "Some", "None", "Total"}}, lines...)
	if got := ts[0].Grid(); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("grid %q\nwant %q", got, want)
	}
}

// TestGroupHeadingOverItsColumns: a header of two levels ruled as one
// band, a group's heading centred over its three columns and their own
// headings under it, is two rows; the group's heading is no part of its
// first columns' headings (ICDAR 2013's us-035a, 'U.S. population' over
// 'Proportion (total)', 'Proportion (20+ years)' and 'Total'). Two
// headings side by side, close enough to read as one phrase, are no
// group's heading: their second lines stay in their cells.
func TestGroupHeadingOverItsColumns(t *testing.T) {
	t.Parallel()
	var body [][3]string
	for r := range 10 {
		y := strconv.Itoa(680 - 12*r)
		body = append(body, [3]string{"76", y, fmt.Sprintf("Group %d", r+1)}, [3]string{"170", y, fmt.Sprintf("0.0%d56", r)},
			[3]string{"215", y, fmt.Sprintf("0.0%d01", r)}, [3]string{"260", y, fmt.Sprintf("3,%d33,692", r)})
	}
	// The group's heading is centred over its three columns and lies
	// across the gutters between them.
	grouped := append([][3]string{{"76", "708", "Age"}, {"188", "708", "Interrelationships"},
		{"170", "696", "Share"}, {"215", "696", "Adult"}, {"260", "696", "Total"}}, body...)
	// Two headings, each over its own column, close enough to make one
	// phrase, which parts between the columns.
	apart := append([][3]string{{"76", "708", "Age"}, {"168", "708", "Percent"}, {"208", "708", "Percent"},
		{"170", "696", "Share"}, {"215", "696", "Adult"}, {"260", "696", "Total"}}, body...)
	for _, tc := range []struct {
		name  string
		cells [][3]string
		want  []string // the header's rows, their cells' text joined
	}{
		{"group", grouped, []string{"Age Interrelationships", "Share Adult Total"}},
		{"side by side", apart, []string{"Age Percent Share Percent Adult Total"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			content := hrules(72, 330, 720, 690, 560) + vrules(720, 560, 150) + text(tc.cells...)
			ts := tables(layout(t, pdf(t, content))[0])
			if len(ts) != 1 {
				t.Fatalf("found %d tables; want 1", len(ts))
			}
			grid := ts[0].Grid()
			var got []string
			for _, row := range grid[:len(tc.want)] {
				got = append(got, strings.Join(strings.Fields(strings.Join(row, " ")), " "))
			}
			if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", tc.want) || grid[len(tc.want)][0] != "Group 1" {
				t.Errorf("grid %q\nwant the header's rows %q, then the body", grid, tc.want)
			}
		})
	}
}

// TestShadedLabelsFootInACell: the foot of a shaded area under the
// label column alone, falling between two lines of the wrapped cells
// beside it, parts no row (an EPA report's shaded 'Major' and 'Area',
// records a blank line apart).
func TestShadedLabelsFootInACell(t *testing.T) {
	t.Parallel()
	cells := [][3]string{{"76", "706", "Source"}, {"155", "706", "Definition"}, {"305", "706", "Examples"},
		{"76", "684", "Major"}, {"155", "684", "Emissions of ten tons"}, {"305", "684", "Utilities, refineries"},
		{"155", "672", "or more in a year"}, {"305", "672", "and steel mills"},
		{"76", "650", "Area"}, {"155", "650", "Emissions of less than"}, {"305", "650", "Dry cleaners, gas"},
		{"155", "638", "ten tons in any year"}, {"305", "638", "stations and shops"},
		{"155", "626", "of one air toxic"}}
	// The labels' shading ends between the first two lines of the
	// 'Area' row.
	shade := "0.85 g 74 646.5 74 47.5 re f 0 g\n"
	content := shade + hrules(72, 450, 720, 696, 614) + vrules(720, 614, 72, 150, 300, 450) + text(cells...)
	ts := tables(layout(t, pdf(t, content))[0])
	if len(ts) != 1 {
		t.Fatalf("found %d tables; want 1", len(ts))
	}
	want := [][]string{{"Source", "Definition", "Examples"},
		{"Major", "Emissions of ten tons or more in a year", "Utilities, refineries and steel mills"},
		{"Area", "Emissions of less than ten tons in any year of one air toxic", "Dry cleaners, gas stations and shops"}}
	if got := ts[0].Grid(); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("grid %q\nwant %q", got, want)
	}
}
