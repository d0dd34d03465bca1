package ocr

import (
	"context"
	"image"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/render"
)

// TestColumnsFixture reads the two-column scans: the title first, every
// line of the left column before the right column's, the ruled table as a
// table block with its rows, and the closing line last; the crooked scan
// is straightened first.
func TestColumnsFixture(t *testing.T) {
	left := []string{"river keeper", "eleven barges", "timber and salt", "carried bricks", "chapel on the hill"}
	right := []string{"market square", "copper pots", "valley farms", "fiddler played", "evening meal"}
	for _, backend := range []string{BackendTesseract, BackendPaddle} {
		for _, file := range []string{"columns.pdf", "columns-skew.pdf"} {
			t.Run(backend+"/"+file, func(t *testing.T) {
				e := engineFor(t, backend)
				res := extract(t, e, testdata(file), Options{Backend: backend}, 1)
				pg := res[0].Page
				text := strings.Join(strings.Fields(pg.Text()), " ")
				t.Logf("stats %v\n%s", res[0].Stats, pg.Text())
				if file == "columns-skew.pdf" && math.Abs(res[0].Stats["skew_deg"]+1.2) > 0.3 {
					t.Errorf("skew %.2f°, want about -1.2°", res[0].Stats["skew_deg"])
				}
				pos := func(s string) int {
					i := strings.Index(text, s)
					if i < 0 {
						t.Errorf("%q not found", s)
					}
					return i
				}
				title := pos("Field Report")
				closing := pos("Closing remarks")
				lastLeft := -1
				for _, s := range left {
					p := pos(s)
					if p < title {
						t.Errorf("%q before the title", s)
					}
					lastLeft = max(lastLeft, p)
				}
				lastRight := -1
				for _, s := range right {
					p := pos(s)
					if p < lastLeft || p > closing {
						t.Errorf("right column %q at %d: want after the left column (%d) and before the closing line (%d)", s, p, lastLeft, closing)
					}
					lastRight = max(lastRight, p)
				}
				// The ruled table reaches under the right column: it
				// follows both columns.
				if p := pos("Swift"); p < lastRight || p > closing {
					t.Errorf("table at %d: want after the columns (%d) and before the closing line (%d)", p, lastRight, closing)
				}
				var table *core.Table
				kinds := map[core.BlockKind]int{}
				for _, b := range pg.Blocks {
					kinds[b.Kind]++
					if b.Kind == core.KindTable {
						table = b.Table
					}
					if b.Kind == core.KindHeading && !strings.Contains(b.Text(), "Field Report") {
						t.Errorf("heading %q", b.Text())
					}
				}
				if kinds[core.KindHeading] != 1 {
					t.Errorf("%d headings, want the title", kinds[core.KindHeading])
				}
				if table == nil {
					t.Fatalf("no table block; blocks %v", kinds)
				}
				g := table.Grid()
				want := [][]string{{"Boat", "Crates", "Port"}, {"Swift", "12", "Dover"}, {"Heron", "7", "Leith"}, {"Marlin", "30", "Cork"}}
				if len(g) != len(want) || table.Cols != 3 {
					t.Fatalf("table %dx%d: %q", table.Rows, table.Cols, g)
				}
				bad := 0
				for r := range want {
					for c := range want[r] {
						if !strings.EqualFold(strings.Trim(g[r][c], ".,"), want[r][c]) {
							bad++
						}
					}
				}
				if bad > 1 { // one misread cell is OCR, not layout
					t.Errorf("table cells %q, want %q", g, want)
				}
			})
		}
	}
}

// word makes a pixel word for layout tests.
func word(text string, x0, y0, x1, y1 int) pxWord {
	return pxWord{text: text, box: image.Rect(x0, y0, x1, y1), conf: 0.9}
}

// line lays out the words of s from x on a 20-pixel-high line at y, with
// 10 pixels per character and a 10-pixel space.
func line(s string, x, y int) []pxWord {
	var out []pxWord
	for _, f := range strings.Fields(s) {
		w := 10 * len([]rune(f))
		out = append(out, word(f, x, y, x+w, y+20))
		x += w + 10
	}
	return out
}

// rtlLine lays out the words of s, written right to left, leftwards
// from right on a line at y, 20 pixels high unless h says otherwise, with
// 10 pixels per character and a 10-pixel space.
func rtlLine(s string, right, y int, h ...int) []pxWord {
	height := 20
	if len(h) > 0 {
		height = h[0]
	}
	var out []pxWord
	for _, f := range strings.Fields(s) {
		w := 10 * len([]rune(f))
		out = append(out, pxWord{text: f, box: image.Rect(right-w, y, right, y+height), conf: 0.9, rtl: true})
		right -= w + 10
	}
	return out
}

func blockTexts(bs []pxBlock) []string {
	var out []string
	for _, b := range bs {
		if b.table != nil {
			var cells []string
			for _, c := range b.table.cells {
				cells = append(cells, lineText(c.words))
			}
			out = append(out, "table:"+strings.Join(cells, "|"))
			continue
		}
		var lines []string
		for _, l := range b.lines {
			lines = append(lines, lineText(l))
		}
		out = append(out, string(b.kind)+":"+strings.Join(lines, " / "))
	}
	return out
}

func TestLayoutPage(t *testing.T) {
	cat := func(ls ...[]pxWord) []pxWord {
		var out []pxWord
		for _, l := range ls {
			out = append(out, l...)
		}
		return out
	}
	tests := []struct {
		name  string
		items []pxWord
		pageH int
		want  []string
	}{
		{
			name: "two columns on shared baselines under a title",
			items: cat(
				[]pxWord{word("Title", 100, 0, 250, 40), word("Words", 270, 0, 420, 40)},
				line("alpha beta gamma delta", 0, 100), line("one two three four", 400, 100),
				line("epsilon zeta eta theta", 0, 125), line("five six seven eight", 400, 125),
				line("iota kappa", 0, 150), line("nine ten", 400, 150),
			),
			want: []string{
				"heading:Title Words",
				"paragraph:alpha beta gamma delta / epsilon zeta eta theta / iota kappa",
				"paragraph:one two three four / five six seven eight / nine ten",
			},
		},
		{
			name: "a table read row by row",
			items: cat(
				line("This paragraph introduces the table below it", 0, 0),
				line("Name", 0, 60), line("Count", 200, 60), line("Place", 400, 60),
				line("Swift", 0, 90), line("12", 200, 90), line("Dover", 400, 90),
				line("Heron", 0, 120), line("7", 200, 120), line("Leith", 400, 120),
				line("Marlin", 0, 150), line("30", 200, 150), line("Cork", 400, 150),
			),
			want: []string{
				"paragraph:This paragraph introduces the table below it",
				"table:Name|Count|Place|Swift|12|Dover|Heron|7|Leith|Marlin|30|Cork",
			},
		},
		{
			// A cell's text wraps onto a line close under its row, which
			// leaves the other columns empty: one row, not two.
			name: "a table whose cells wrap",
			items: cat(
				line("Name", 0, 0), line("Notes", 200, 0), line("Score", 600, 0),
				line("Swift", 0, 40), line("fast and", 200, 40), line("12", 600, 40),
				line("quite small", 200, 68),
				line("Heron", 0, 110), line("tall", 200, 110), line("7", 600, 110),
				line("Marlin", 0, 150), line("deep sea", 200, 150), line("30", 600, 150),
				line("fish", 200, 178),
			),
			want: []string{
				"table:Name|Notes|Score|Swift|fast and quite small|12|Heron|tall|7|Marlin|deep sea fish|30",
			},
		},
		{
			// A title of two lines in large print whose second, in
			// capitals, measures apart from the first: one heading.
			// The subheading under it stands further off.
			name: "a title over two lines is one heading",
			items: cat(
				[]pxWord{word("Process", 0, 0, 200, 52), word("Shadow", 220, 0, 400, 52)},
				[]pxWord{word("BODROUCK", 0, 60, 230, 96), word("SHASGI", 250, 60, 400, 96)},
				[]pxWord{word("Section", 0, 140, 120, 170), word("One", 130, 140, 190, 170)},
				line("body text line one runs on here", 0, 200), line("body text line two runs on here", 0, 225),
				line("body text line three runs on here", 0, 250),
			),
			want: []string{
				"heading:Process Shadow / BODROUCK SHASGI",
				"heading:Section One",
				"paragraph:body text line one runs on here / body text line two runs on here / body text line three runs on here",
			},
		},
		{
			// A heading in print 1.2 times the body's, within what lines
			// of one paragraph may measure apart, ends well short of the
			// line under it: a heading of its own.
			name: "a heading a little larger than the body",
			items: cat(
				line("body text of the section before it runs on here", 0, 0),
				line("and ends on a second line of the same width here", 0, 25),
				[]pxWord{word("Ticket", 0, 80, 72, 104), word("Partner", 84, 80, 168, 104), word("Across", 180, 80, 252, 104)},
				line("the section's text starts right under its heading", 0, 115),
				line("and goes on for a second line of the same width", 0, 140),
			),
			want: []string{
				"paragraph:body text of the section before it runs on here / and ends on a second line of the same width here",
				"heading:Ticket Partner Across",
				"paragraph:the section's text starts right under its heading / and goes on for a second line of the same width",
			},
		},
		{
			// A paragraph's first line that measures as large runs to
			// the paragraph's measure: the paragraph's.
			name: "a first line that measures large runs to the measure",
			items: cat(
				line("body text of the section before it runs on here", 0, 0),
				line("and ends on a second line of the same width here", 0, 25),
				[]pxWord{word("A", 0, 76, 12, 100), word("first", 22, 76, 82, 100), word("line", 92, 76, 140, 100), word("measured", 150, 76, 246, 100), word("large", 256, 76, 316, 100), word("here", 326, 76, 374, 100), word("again", 384, 76, 444, 100), word("runs", 454, 76, 490, 100)},
				line("the paragraph's second line runs as far as it does", 0, 105),
				line("and so does its third line of the same width now", 0, 130),
			),
			want: []string{
				"paragraph:body text of the section before it runs on here / and ends on a second line of the same width here",
				"paragraph:A first line measured large here again runs / the paragraph's second line runs as far as it does / and so does its third line of the same width now",
			},
		},
		{
			// The same, written right to left: the heading ends well
			// short of the next line's end on the left.
			name: "a heading a little larger than the body, right to left",
			items: cat(
				rtlLine("نص القسم الذي قبله يمتد هنا على السطر الأول", 500, 0),
				rtlLine("وينتهي على سطر ثان بالعرض نفسه هنا تماما", 500, 25),
				rtlLine("الطالب الحديث", 500, 80, 24),
				rtlLine("نص القسم يبدأ تحت عنوانه مباشرة على السطر", 500, 115),
				rtlLine("ويستمر على سطر ثان بالعرض نفسه هنا أيضا", 500, 140),
			),
			want: []string{
				"paragraph:نص القسم الذي قبله يمتد هنا على السطر الأول / وينتهي على سطر ثان بالعرض نفسه هنا تماما",
				"heading:الطالب الحديث",
				"paragraph:نص القسم يبدأ تحت عنوانه مباشرة على السطر / ويستمر على سطر ثان بالعرض نفسه هنا أيضا",
			},
		},
		{
			// Tesseract's Arabic model reads a bullet as the Arabic-Indic
			// zero, a dot of the same size: on the right of a list
			// written right to left.
			name: "an Arabic list whose bullets read as zeros",
			items: cat(
				rtlLine("نص الفقرة قبل القائمة يمتد هنا على السطر", 500, 0),
				[]pxWord{{text: "٠", box: image.Rect(492, 37, 500, 45), conf: 0.5, rtl: true}}, rtlLine("يحلل الشبكة البحث الطالب", 480, 30),
				[]pxWord{{text: "٠", box: image.Rect(492, 62, 500, 70), conf: 0.5, rtl: true}}, rtlLine("يقدم الناس الطريق الجديد", 480, 55),
			),
			want: []string{
				"paragraph:نص الفقرة قبل القائمة يمتد هنا على السطر",
				"list_item:يحلل الشبكة البحث الطالب",
				"list_item:يقدم الناس الطريق الجديد",
			},
		},
		{
			name: "bullets make list items, a wide gap a new paragraph",
			items: cat(
				line("first paragraph line one", 0, 0), line("and line two", 0, 25),
				line("second paragraph after a gap", 0, 80),
				[]pxWord{word("•", 0, 125, 8, 133)}, line("item one text", 20, 120),
				[]pxWord{word("•", 0, 150, 8, 158)}, line("item two text", 20, 145),
			),
			want: []string{
				"paragraph:first paragraph line one / and line two",
				"paragraph:second paragraph after a gap",
				"list_item:item one text",
				"list_item:item two text",
			},
		},
		{
			// Long words, few to a line: as few per cell as a table's, but
			// each line fills its column's width.
			name: "two narrow columns of prose are not a table",
			items: cat(
				line("extraordinarily comprehensive documentation", 0, 0), line("notwithstanding considerable disagreement", 560, 0),
				line("unmistakably international achievements", 0, 25), line("characteristically understated remarks", 560, 25),
				line("unquestionably", 0, 50), line("unsurprisingly", 560, 50),
			),
			want: []string{
				"paragraph:extraordinarily comprehensive documentation / unmistakably international achievements / unquestionably",
				"paragraph:notwithstanding considerable disagreement / characteristically understated remarks / unsurprisingly",
			},
		},
		{
			// The detector reads a line of Chinese as one piece without
			// spaces: its words are counted by characters.
			name: "two columns of Chinese lines are not a table",
			items: cat(
				[]pxWord{word("我們使用設計和資源管理是複雜的政府", 0, 0, 340, 20), word("資源的資料建立了世界品質是長期的問題", 400, 0, 760, 20)},
				[]pxWord{word("學生的發展解決了城市過程是有效的發展", 0, 25, 360, 45), word("工作和市場專案是基本的研究在城市中", 400, 25, 740, 45)},
				[]pxWord{word("我們保護品質和資訊", 0, 50, 180, 70), word("服務提供資訊", 400, 50, 520, 70)},
			),
			want: []string{
				"paragraph:我們使用設計和資源管理是複雜的政府 / 學生的發展解決了城市過程是有效的發展 / 我們保護品質和資訊",
				"paragraph:資源的資料建立了世界品質是長期的問題 / 工作和市場專案是基本的研究在城市中 / 服務提供資訊",
			},
		},
		{
			name: "a wide justified gap is not a gutter",
			items: cat(
				line("words spread", 0, 0), line("across the line", 160, 0),
				line("the next line fills the same measure", 0, 25),
				line("and so does this one for good", 0, 50),
			),
			want: []string{"paragraph:words spread across the line / the next line fills the same measure / and so does this one for good"},
		},
		{
			name: "running head and page number in the margins",
			items: cat(
				line("Running head", 0, 10),
				line("body text starts well below the head", 0, 200), line("and continues here", 0, 225),
				line("7", 300, 970),
			),
			pageH: 1000,
			want:  []string{"page_header:Running head", "paragraph:body text starts well below the head / and continues here", "page_footer:7"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := blockTexts(layoutPage(tc.items, nil, tc.pageH))
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestSkew draws lines of "text" at known angles and measures them back,
// then checks that a box maps back onto the tilted image.
func TestSkew(t *testing.T) {
	for _, deg := range []float64{-2, -0.8, 0, 1.1, 3} {
		g := image.NewGray(image.Rect(0, 0, 1200, 900))
		for i := range g.Pix {
			g.Pix[i] = 255
		}
		tan := math.Tan(deg * math.Pi / 180)
		for y0 := 100; y0 < 800; y0 += 40 {
			for x := 100; x < 1100; x++ {
				if (x/30)%4 == 3 { // word gaps
					continue
				}
				y := float64(y0) + float64(x-600)*tan
				for dy := 0; dy < 12; dy++ {
					g.Pix[(int(y)+dy)*g.Stride+x] = 0
				}
			}
		}
		got := estimateSkew(g)
		if math.Abs(got-deg) > 0.1 {
			t.Errorf("skew %.2f: measured %.2f", deg, got)
		}
		// A point on the straightened image maps back onto its line.
		f := newSkewFrame(got, 1200, 900)
		x, y := f.toOriginal(1000, 450)
		if want := 450 + (x-600)*tan; math.Abs(y-want) > 3 {
			t.Errorf("skew %.2f: (1000,450) maps to y %.1f, want %.1f", deg, y, want)
		}
	}
}

func TestRemoveRules(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 400, 300))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	for x := 20; x < 380; x++ { // a horizontal rule, 2 px
		g.Pix[100*g.Stride+x], g.Pix[101*g.Stride+x] = 0, 0
	}
	for y := 50; y < 250; y++ { // a vertical rule
		g.Pix[y*g.Stride+200] = 0
	}
	for y := 150; y < 170; y++ { // a letter-sized stroke stays
		g.Pix[y*g.Stride+50] = 0
	}
	c, rules := removeRules(g, 200)
	var vr []rule
	for _, r := range rules {
		if r.vertical {
			vr = append(vr, r)
		} else if r.box.Min.Y != 100 || r.box.Dy() != 2 || r.box.Dx() < 350 {
			t.Errorf("horizontal rule %+v", r)
		}
	}
	if len(vr) != 1 || vr[0].box.Min.X != 200 || vr[0].box.Dy() < 190 {
		t.Errorf("vertical rules %+v", vr)
	}
	if c.Pix[100*c.Stride+300] != 255 || c.Pix[120*c.Stride+200] != 255 {
		t.Errorf("rules not removed")
	}
	if c.Pix[160*c.Stride+50] != 0 {
		t.Errorf("letter stroke removed")
	}
}

func TestOrdinal(t *testing.T) {
	for w, want := range map[string]bool{"1.": true, "12)": true, "a.": true, "ab.": false, "1": false, "Dr.": false, "2024.": false} {
		if got := ordinal(w); got != want {
			t.Errorf("ordinal(%q) = %v", w, got)
		}
	}
}

// The scans of testdata/ocr: the pages on their side are told from the
// upright and upside-down ones, which a first reading can judge.
func TestLooksSideways(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	for _, tc := range []struct {
		file string
		want bool
	}{
		{"scan.pdf", false}, {"scan-rot180.pdf", false}, {"columns.pdf", false},
		{"scan-rot90.pdf", true}, {"scan-rot270.pdf", true},
	} {
		d, err := e.renderer.LoadFile(context.Background(), testdata(tc.file))
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := e.renderer.RenderPage(context.Background(), d, 1, render.Options{DPI: 100, Gray: true})
		d.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got := looksSideways(toGray(img)); got != tc.want {
			t.Errorf("%s: looksSideways = %v, want %v", tc.file, got, tc.want)
		}
	}
}

// TestStraightenPaper turns a page of noisy paper with ink strokes on
// it, a faint one among them, and checks the straightened copy's paper
// is white and its strokes are all still there.
func TestStraightenPaper(t *testing.T) {
	t.Parallel()
	g := image.NewGray(image.Rect(0, 0, 600, 400))
	for i := range g.Pix {
		g.Pix[i] = uint8(238 + (i*7919)%18) // paper: 238..255, uneven
	}
	stroke := func(y0, x0, x1 int, v uint8) {
		for y := y0; y < y0+3; y++ {
			for x := x0; x < x1; x++ {
				g.Pix[y*g.Stride+x] = v
			}
		}
	}
	for y := 50; y < 350; y += 20 {
		stroke(y, 100, 500, 20) // dark print
	}
	stroke(360, 100, 500, 170) // a faint stroke, like a thin accent
	flat, _ := straighten(g, 0.75)
	light, white := 0, 0
	for y := 0; y < 30; y++ { // paper above the print
		for x := 100; x < 500; x++ {
			light++
			if flat.Pix[y*flat.Stride+x] == 255 {
				white++
			}
		}
	}
	if white != light {
		t.Errorf("%d of %d paper pixels white after straightening", white, light)
	}
	if v := flat.Pix[361*flat.Stride+300]; v > 200 {
		t.Errorf("the faint stroke is %d after straightening, want it kept", v)
	}
	if v := flat.Pix[51*flat.Stride+300]; v > 100 {
		t.Errorf("a dark stroke is %d after straightening", v)
	}
}

func TestDropSpecks(t *testing.T) {
	t.Parallel()
	body := line("Object Mirror stands here", 0, 100) // 20 pixels high
	tests := []struct {
		name string
		w    pxWord
		keep bool
	}{
		{"a speck of noise read as a letter", pxWord{text: "F", box: image.Rect(300, 60, 304, 64), conf: 0.3}, false},
		{"a speck read with confidence stays", pxWord{text: "F", box: image.Rect(300, 60, 304, 64), conf: 0.9}, true},
		{"a bullet stays", pxWord{text: "e", box: image.Rect(300, 60, 308, 68), conf: 0.4}, true},
		{"an i's dot split off a word", pxWord{text: ".", box: image.Rect(20, 96, 25, 101), conf: 0.6}, false},
		{"two dots read as e.", pxWord{text: "e.", box: image.Rect(80, 94, 95, 100), conf: 0.6}, false},
		{"a word of the line above stays", pxWord{text: "an", box: image.Rect(10, 75, 30, 95), conf: 0.9}, true},
		{"a mark beside the words stays", pxWord{text: ".", box: image.Rect(400, 96, 405, 101), conf: 0.6}, true},
	}
	for _, tc := range tests {
		items := append(append([]pxWord{}, body...), tc.w)
		out := dropSpecks(items, 20)
		kept := len(out) == len(items)
		if len(out) < len(body) {
			t.Fatalf("%s: body words dropped: %v", tc.name, out)
		}
		if kept != tc.keep {
			t.Errorf("%s: kept %v, want %v", tc.name, kept, tc.keep)
		}
	}
}

// TestSectionOrder orders the lines of two page designs with the same
// geometry of columns: sections that open with a heading alone above
// their two columns are read section by section; blocks in a grid, each
// column with its own heading, column by column.
func TestSectionOrder(t *testing.T) {
	t.Parallel()
	// seg is one line of text, 20 pixels high, at column col (0 or 1) and
	// top y; 300 pixels wide, a heading 150.
	seg := func(name string, col, y int) *segment {
		w := 300
		if strings.HasPrefix(name, "H") {
			w = 150
		}
		x := col * 400
		return &segment{items: []pxWord{word(name, x, y, x+w, y+20)}, box: image.Rect(x, y, x+w, y+20)}
	}
	tests := []struct {
		name string
		segs []*segment
		want string
	}{
		{
			name: "sections",
			segs: []*segment{
				seg("H1", 0, 0), seg("a1", 0, 40), seg("a2", 0, 65), seg("b1", 1, 40), seg("b2", 1, 65),
				seg("H2", 0, 140), seg("c1", 0, 180), seg("c2", 0, 205), seg("d1", 1, 180), seg("d2", 1, 205),
			},
			want: "H1 a1 a2 b1 b2 H2 c1 c2 d1 d2",
		},
		{
			name: "grid",
			segs: []*segment{
				seg("H1", 0, 0), seg("H3", 1, 0), seg("a1", 0, 40), seg("a2", 0, 65), seg("b1", 1, 40), seg("b2", 1, 65),
				seg("H2", 0, 140), seg("H4", 1, 140), seg("c1", 0, 180), seg("c2", 0, 205), seg("d1", 1, 180), seg("d2", 1, 205),
			},
			want: "H1 a1 a2 H2 c1 c2 H3 b1 b2 H4 d1 d2",
		},
		{
			// Paragraph breaks of both columns at one height leave a band
			// as high as a section's, but with lines of both below it.
			name: "two columns with a shared paragraph break",
			segs: []*segment{
				seg("a1", 0, 0), seg("a2", 0, 25), seg("b1", 1, 0), seg("b2", 1, 25),
				seg("a3", 0, 95), seg("a4", 0, 120), seg("b3", 1, 95), seg("b4", 1, 120),
			},
			want: "a1 a2 a3 a4 b1 b2 b3 b4",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l := &layout{h: 20}
			var got []string
			for _, nd := range l.order(tc.segs, nil) {
				got = append(got, nd.seg.items[0].text)
			}
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("order %s; want %s", g, tc.want)
			}
		})
	}
}

// TestLayoutReadsPartsInRows lays out words read one part of the page at
// a time (pageParts): a narrow justified column, whose lines are split at
// their wide spaces, beside a second column. A part is one column: its
// pieces are read in rows. Breuel's order sets a piece at a line's end
// before the next lines' starts and those before it: a cycle, which the
// topmost-first fallback breaks by scrambling the lines (on a scan of
// three such columns, generated-b columns-03, by reading two columns
// line by line).
func TestLayoutReadsPartsInRows(t *testing.T) {
	t.Parallel()
	inPart := func(p int, ws ...[]pxWord) []pxWord {
		var out []pxWord
		for _, l := range ws {
			for _, w := range l {
				w.part = p
				out = append(out, w)
			}
		}
		return out
	}
	left := inPart(1,
		line("Indeed", 0, 100), line("table", 130, 100), line("dafliogrick", 240, 100),
		line("stouzihehu", 0, 125), line("doctor", 190, 125), line("spa", 320, 125),
		line("mouckgopai", 0, 150), line("mekathi", 150, 150), line("appear", 290, 150),
		line("dinner", 0, 175), line("zograisflorron", 90, 175), line("hacrost", 280, 175),
		line("beagrist finger glass crend", 0, 200),
	)
	right := inPart(2,
		line("heavy inside hipys pascraind pind", 400, 100), line("career shysouchiond campaign sould", 400, 125),
		line("health thyda flax, carry piece.", 400, 150), line("doctor pilot health treaty locheack", 400, 175),
		line("light level prendgreadrem degree", 400, 200),
	)
	got := blockTexts(layoutPage(append(left, right...), nil, 0))
	want := []string{
		"paragraph:Indeed table dafliogrick / stouzihehu doctor spa / mouckgopai mekathi appear / dinner zograisflorron hacrost / beagrist finger glass crend",
		"paragraph:heavy inside hipys pascraind pind / career shysouchiond campaign sould / health thyda flax, carry piece. / doctor pilot health treaty locheack / light level prendgreadrem degree",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("blocks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// tableGrid is the first table of blocks, a line per row, cells joined
// by "|", and its number of header rows.
func tableGrid(t *testing.T, blocks []pxBlock) (string, int) {
	t.Helper()
	for _, b := range blocks {
		if b.table == nil {
			continue
		}
		grid := make([][]string, b.table.rows)
		for r := range grid {
			grid[r] = make([]string, b.table.cols)
		}
		for _, c := range b.table.cells {
			grid[c.row][c.col] = lineText(c.words)
		}
		var out []string
		for _, r := range grid {
			out = append(out, strings.Join(r, "|"))
		}
		return strings.Join(out, "\n"), b.table.header
	}
	t.Fatalf("no table in %v", blockTexts(blocks))
	return "", 0
}

// A ruled table's cells that span rows or columns hold their text in the
// first row and column of the span, as the table's source does, however
// the text sits in them; broken rules and the rows' own text keep every
// other cell where it is. Two rows between rules are a table.
func TestRuledTables(t *testing.T) {
	t.Parallel()
	cat := func(ls ...[]pxWord) []pxWord { return slices.Concat(ls...) }
	xs := []int{0, 200, 400, 600}
	tests := []struct {
		name   string
		items  []pxWord
		rules  []rule
		want   string
		header int
	}{
		{
			name: "a label centred on the rows it spans",
			items: cat(
				line("Name", 10, 15), line("Item", 210, 15), line("Count", 410, 15),
				line("alpha", 210, 65), line("12", 410, 65),
				line("Group", 10, 90), // centred on rows 1 and 2
				line("beta", 210, 115), line("7", 410, 115),
				line("Solo", 10, 165), line("gamma", 210, 165), line("3", 410, 165),
			),
			rules:  gridRules(xs, 200, []string{"*", "*", "12", "*", "*"}),
			want:   "Name|Item|Count\nGroup|alpha|12\n|beta|7\nSolo|gamma|3",
			header: 1,
		},
		{
			name: "a label on the middle of three rows",
			items: cat(
				line("Name", 10, 15), line("Item", 210, 15), line("Count", 410, 15),
				line("alpha", 210, 65), line("12", 410, 65),
				line("Group", 10, 115), line("beta", 210, 115), line("7", 410, 115),
				line("gamma", 210, 165), line("3", 410, 165),
			),
			rules:  gridRules(xs, 200, []string{"*", "*", "12", "12", "*"}),
			want:   "Name|Item|Count\nGroup|alpha|12\n|beta|7\n|gamma|3",
			header: 1,
		},
		{
			// One rule's piece across the narrow last column was not
			// found: its cells of two rows are not one cell.
			name: "a rule not found does not join the rows of a column",
			items: cat(
				line("Name", 10, 15), line("Item", 210, 15), line("Count", 410, 15),
				line("Swift", 10, 65), line("alpha", 210, 65), line("12", 410, 65),
				line("Heron", 10, 115), line("beta", 210, 115), line("7", 410, 115),
				line("Marlin", 10, 165), line("gamma", 210, 165), line("3", 410, 165),
			),
			rules:  gridRules(xs, 200, []string{"*", "*", "01", "*", "*"}),
			want:   "Name|Item|Count\nSwift|alpha|12\nHeron|beta|7\nMarlin|gamma|3",
			header: 1,
		},
		{
			// The header's first line does not line up with the body's
			// columns; it is inside the table's frame. "2017" stands over
			// the gutter between its two columns.
			name: "a header over spans of columns",
			items: cat(
				line("2017", 290, 10), line("Total", 410, 20),
				line("Name", 10, 20),
				line("H1", 210, 60), line("H2", 310, 60),
				line("Swift", 10, 115), line("12", 210, 115), line("30", 310, 115), line("42", 410, 115),
				line("Heron", 10, 165), line("7", 210, 165), line("5", 310, 165), line("12", 410, 165),
				line("Marlin", 10, 215), line("1", 210, 215), line("2", 310, 215), line("3", 410, 215),
			),
			// The rule between the two columns under "2017" starts below it.
			rules: append(gridRules([]int{0, 200, 400, 600}, 250, []string{"*", "1", "*", "*", "*", "*"}),
				rule{box: image.Rect(300, 50, 302, 250), vertical: true}),
			want:   "Name|2017||Total\n|H1|H2|\nSwift|12|30|42\nHeron|7|5|12\nMarlin|1|2|3",
			header: 2, // the line over the columns, and the first that lines up
		},
		{
			// The last rows of a table, carried over to a page of their own.
			name: "two rows between rules",
			items: cat(
				line("Name", 10, 15), line("Item", 210, 15), line("Count", 410, 15),
				line("Marlin", 10, 65), line("gamma", 210, 65), line("3", 410, 65),
			),
			rules:  gridRules(xs, 100, []string{"*", "*", "*"}),
			want:   "Name|Item|Count\nMarlin|gamma|3",
			header: 1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, header := tableGrid(t, layoutPage(tc.items, tc.rules, 0))
			if got != tc.want || header != tc.header {
				t.Errorf("got\n%s\n(%d header rows) want\n%s\n(%d)", got, header, tc.want, tc.header)
			}
		})
	}
}

// Two rows of text in columns, without rules, are too little to tell a
// table from lines that happen to line up.
func TestTwoRowsWithoutRulesAreNoTable(t *testing.T) {
	t.Parallel()
	items := slices.Concat(line("Name", 10, 15), line("Item", 210, 15), line("Count", 410, 15),
		line("Marlin", 10, 65), line("gamma", 210, 65), line("3", 410, 65))
	for _, b := range layoutPage(items, nil, 0) {
		if b.table != nil {
			t.Fatalf("a table of two unruled rows: %v", blockTexts([]pxBlock{b}))
		}
	}
}

// gridRules are the rules of a table with column borders xs, height
// high, and a horizontal rule every 50 pixels across the columns each of
// across names ("*" all, else column digits), in pieces 40 pixels long
// with 10-pixel gaps, as a noisy scan's rules are found.
func gridRules(xs []int, high int, across []string) []rule {
	var rules []rule
	for b, cols := range across {
		for c := range len(xs) - 1 {
			if cols != "*" && !strings.ContainsRune(cols, rune('0'+c)) {
				continue
			}
			for x := xs[c]; x < xs[c+1]; x += 50 {
				rules = append(rules, rule{box: image.Rect(x, 50*b, min(x+40, xs[c+1]), 50*b+2)})
			}
		}
	}
	for _, x := range xs {
		rules = append(rules, rule{box: image.Rect(x, 0, x+2, high), vertical: true})
	}
	return rules
}

// Tesseract's "words" of a line of Chinese or Japanese are one run of
// text: joined where they meet without a gap, kept apart at a gap, or
// where either side is of a spaced script.
func TestJoinUnspaced(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		words []pxWord
		want  []string
	}{
		{"kana and Han", []pxWord{word("資料", 0, 0, 40, 20), word("のレポ", 44, 4, 100, 20), word("ート", 102, 4, 140, 20)}, []string{"資料のレポート"}},
		{"a wide gap", []pxWord{word("資料", 0, 0, 40, 20), word("研究", 80, 0, 120, 20)}, []string{"資料", "研究"}},
		{"Latin beside Han", []pxWord{word("PDF", 0, 0, 40, 20), word("文書", 44, 0, 84, 20)}, []string{"PDF", "文書"}},
		{"Hangul keeps its spaces", []pxWord{word("서울은", 0, 0, 60, 20), word("수도", 64, 0, 104, 20)}, []string{"서울은", "수도"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			blocks := buildBlocks([]pxBlock{{kind: core.KindParagraph, lines: [][]pxWord{tc.words}}},
				func(r image.Rectangle) core.BBox {
					return core.BBox{X0: float64(r.Min.X), Y0: float64(r.Min.Y), X1: float64(r.Max.X), Y1: float64(r.Max.Y)}
				})
			var got []string
			for _, w := range blocks[0].Lines[0].Words {
				got = append(got, w.Text)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("words %q, want %q", got, tc.want)
			}
		})
	}
}

// TestScatteredMarks: marks that Tesseract reads over a photograph, each
// alone on its line and read with doubt, are no text; a few words alone
// but read surely (a title page), and doubtful words in lines (a poor
// scan), are.
func TestScatteredMarks(t *testing.T) {
	t.Parallel()
	doubt := func(text string, x, y int, conf float64) pxWord {
		w := word(text, x, y, x+10*len(text), y+20)
		w.conf = conf
		return w
	}
	photo := []pxWord{
		doubt("oe", 70, 220, 0.31), doubt("ge", 250, 80, 0.2), doubt("Ser.", 270, 330, 0.29),
		doubt("we", 370, 145, 0.81), doubt("ae", 384, 70, 0.47), doubt("*", 315, 166, 0.72),
	}
	var poor []pxWord
	for _, w := range append(line("a faded line of print", 0, 0), line("and another one below", 0, 30)...) {
		w.conf = 0.45
		poor = append(poor, w)
	}
	tests := []struct {
		name  string
		items []pxWord
		text  bool
	}{
		{"marks over a photograph", photo, false},
		{"a title page", []pxWord{word("Annual", 100, 100, 160, 120), word("Report", 100, 300, 160, 320), word("2026", 100, 500, 140, 520)}, true},
		{"a poor scan", poor, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := len(layoutPage(tc.items, nil, 0)) > 0; got != tc.text {
				t.Errorf("text %v, want %v", got, tc.text)
			}
		})
	}
}

// TestPictureMarksBesideText: the marks a photograph gives beside print
// (a book's cover) are dropped, and the print stays, doubtful or short.
func TestPictureMarksBesideText(t *testing.T) {
	t.Parallel()
	doubt := func(ws []pxWord, conf float64) []pxWord {
		out := slices.Clone(ws)
		for i := range out {
			out[i].conf = conf
		}
		return out
	}
	portrait := slices.Concat(doubt(line("eA)", 180, 100), 0.1), doubt(line("Ave 5", 220, 160), 0.3),
		doubt(line("a a", 280, 230), 0.15), line("~", 270, 300))
	title := slices.Concat(line("WALDEN", 220, 600), line("HENRY DAVID THOREAU", 160, 700))
	titled := []string{"paragraph:WALDEN", "paragraph:HENRY DAVID THOREAU"}
	poor := slices.Concat(doubt(line("a faded line of print that runs", 0, 0), 0.45),
		doubt(line("of it", 0, 30), 0.45))
	tests := []struct {
		name  string
		items []pxWord
		want  []string
	}{
		{"a cover's portrait over its title", slices.Concat(portrait, title), titled},
		{"a poor scan's short last line", poor, []string{"paragraph:a faded line of print that runs / of it"}},
		{"a short word read surely", slices.Concat(line("Fig", 0, 0), title), append([]string{"paragraph:Fig"}, titled...)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := blockTexts(layoutPage(tc.items, nil, 0)); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestPictureReaders: what decides who reads a picture, and what is
// kept of Tesseract's reading of it.
func TestPictureReaders(t *testing.T) {
	t.Parallel()
	rows := func(n, w, h, gap int) []image.Rectangle {
		var out []image.Rectangle
		for i := range n {
			out = append(out, image.Rect(0, i*(h+gap), w, i*(h+gap)+h))
		}
		return out
	}
	pic := image.Rect(0, 0, 1000, 1000)
	for _, tc := range []struct {
		name  string
		lines []image.Rectangle
		want  bool
	}{
		{"a page of prose", rows(30, 900, 20, 12), true},
		{"a chart's labels", rows(12, 80, 20, 60), false},
		{"a title", rows(1, 900, 40, 0), false},
	} {
		if got := printed(tc.lines, pic); got != tc.want {
			t.Errorf("%s: printed %v, want %v", tc.name, got, tc.want)
		}
	}
	sure := func(n int, conf float64) []pxWord {
		ws := make([]pxWord, n)
		for i := range ws {
			ws[i] = pxWord{text: "word", conf: conf}
		}
		return ws
	}
	if got := judgeFew(sure(4, 0.93), readingPoor); got != readingGood {
		t.Errorf("four sure words: %v, want good", got)
	}
	if got := judgeFew(sure(4, 0.3), readingPoor); got != readingPoor {
		t.Errorf("four doubtful words: %v, want poor", got)
	}
	if got := judgeFew(sure(minJudgedWords, 0.93), readingLatin); got != readingLatin {
		t.Errorf("a long reading: %v, want its own verdict kept", got)
	}
	line := []pxWord{{text: "E$", conf: 0.47}, {text: "Column", conf: 0.96}, {text: "Masks", conf: 0.41}, {text: "42", conf: 0.9}, {text: "{5", conf: 0.28}}
	got := dropIcons([]pxBlock{{kind: core.KindParagraph, lines: [][]pxWord{line}}, {kind: core.KindParagraph, lines: [][]pxWord{{{text: "[|", conf: 0.5}}}}})
	if len(got) != 1 || lineText(got[0].lines[0]) != "Column Masks 42" {
		t.Errorf("dropIcons kept %+v, want one block, \"Column Masks 42\"", got)
	}
}

// TestBulletsReadAsMarks: Tesseract reads a list's bullet as a small
// mark ('e', '°', '¢'): set small and apart before a line's words, it is
// a list item's bullet, and dropped.
func TestBulletsReadAsMarks(t *testing.T) {
	t.Parallel()
	// item sets a mark of height h, 12 pixels wide, at x 10 on the line
	// at y, and the line's words from x 40.
	item := func(mark string, h, y int, text string) []pxWord {
		top := y + (20-h)/2
		return append([]pxWord{word(mark, 10, top, 22, top+h)}, line(text, 40, y)...)
	}
	body := slices.Concat(line("The harbour handled more cargo this year", 10, 15), line("than in any year before it and more.", 10, 45))
	for _, mark := range []string{"e", "°", "¢"} {
		items := slices.Concat(body, item(mark, 8, 105, "Cranes on the east quay"), item(mark, 8, 135, "Berths on the west quay"))
		var kinds []core.BlockKind
		var texts []string
		for _, b := range layoutPage(items, nil, 0) {
			kinds = append(kinds, b.kind)
			texts = append(texts, blockTexts([]pxBlock{b})...)
		}
		kept := slices.ContainsFunc(texts, func(t string) bool { return strings.Contains(t, ":"+mark+" ") })
		if want := []core.BlockKind{core.KindParagraph, core.KindListItem, core.KindListItem}; !slices.Equal(kinds, want) || kept {
			t.Errorf("%q: kinds %v of %q, want %v without the mark", mark, kinds, texts, want)
		}
	}
}

// drawColumns draws three columns of "text" lines 12 pixels high, 40
// apart, on a 200 dpi page, each column's lines step pixels below the
// column's before it (as headings and paragraph gaps leave them), turned
// by deg (downhill to the right).
func drawColumns(deg float64, step int) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, 1650, 2300))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	tan := math.Tan(deg * math.Pi / 180)
	for c, x0 := range []int{100, 610, 1120} {
		off := step * c
		for y0 := 200 + off; y0 < 2100; y0 += 40 {
			for x := x0; x < x0+440; x++ {
				if ((x+7*y0)/30)%4 == 3 { // word gaps, not lined up
					continue
				}
				y := float64(y0) + float64(x-825)*tan
				for dy := 0; dy < 12; dy++ {
					g.Pix[(int(y)+dy)*g.Stride+x] = 0
				}
			}
		}
	}
	return g
}

// TestPageSkewByColumns: a page of three columns whose lines stand at
// other heights is measured column by column. Measured whole, a slant that
// lines up one column's lines with the next one's scores sharper than the
// page's own angle (0.75° on the straight page). Turned further, the
// columns no longer part as the page lies, and the page is measured whole
// as before.
func TestPageSkewByColumns(t *testing.T) {
	t.Parallel()
	if got := estimateSkew(drawColumns(0, 7)); math.Abs(got) < minSkewDeg {
		t.Fatalf("the whole page measures %.2f: the fixture no longer shows the fault", got)
	}
	for _, deg := range []float64{-0.5, 0, 0.3, 0.5} {
		if got := pageSkew(drawColumns(deg, 7), 200); math.Abs(got-deg) > 0.1 {
			t.Errorf("skew %.2f: measured %.2f", deg, got)
		}
	}
	// A picture smaller than a column is measured whole.
	if got := pageSkew(image.NewGray(image.Rect(0, 0, 100, 100)), 200); got != 0 {
		t.Errorf("a blank picture measures %.2f", got)
	}
}

// TestSideBySide: the parts of a page are measured for skew one at a time
// only where two stand side by side, as columns do; a band of display
// type read apart over the rest of the page is no column.
func TestSideBySide(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		parts []image.Rectangle
		want  bool
	}{
		{"columns", []image.Rectangle{image.Rect(0, 0, 500, 1000), image.Rect(500, 0, 1000, 1000)}, true},
		{"title over columns", []image.Rectangle{image.Rect(0, 0, 1000, 300), image.Rect(0, 300, 500, 1000), image.Rect(500, 300, 1000, 1000)}, true},
		{"bands", []image.Rectangle{image.Rect(0, 0, 1000, 300), image.Rect(0, 300, 1000, 1000)}, false},
		{"one part", []image.Rectangle{image.Rect(0, 0, 1000, 1000)}, false},
	}
	for _, c := range cases {
		if got := sideBySide(c.parts); got != c.want {
			t.Errorf("%s: sideBySide %v, want %v", c.name, got, c.want)
		}
	}
}

// TestJustifiedFirstLine: the first line of a paragraph in a narrow
// justified column, read as a part of the page, spaces its three words
// 4 text heights apart; the paragraph's gap leaves no line above it,
// and the line under it has a space where the first gap falls. The line
// under that one crosses it, so the three words are one line of the
// paragraph. Read on a page not cut into columns, the wide gaps may be
// gutters, and the words stay apart; so do cells of a table in a column,
// whose gaps are clear through the rows under them.
func TestJustifiedFirstLine(t *testing.T) {
	t.Parallel()
	inPart := func(ws []pxWord, part int) []pxWord {
		for i := range ws {
			ws[i].part = part
		}
		return ws
	}
	page := func(part int, rows ...[]pxWord) []pxWord {
		var items []pxWord
		items = append(items, inPart(line("closing words of the paragraph before it.", 100, 100), part)...)
		for _, r := range rows {
			items = append(items, inPart(r, part)...)
		}
		return items
	}
	// Tesseract boxed the first two words to the line's height, with its
	// descenders: as words alone, they would read as a heading.
	first := []pxWord{word("Campaign", 100, 160, 180, 188), word("entire", 260, 160, 320, 188), word("soldier", 400, 163, 470, 180)}
	under := []pxWord{word("quaitucour", 100, 190, 200, 210), word("crowd", 230, 190, 280, 210), word("dream", 300, 190, 350, 210), word("ligick", 420, 190, 470, 210)}
	next := line("season lylkoumcrex shyrkgrut deliver", 100, 220)
	text := func(items []pxWord) []string { return blockTexts(layoutPage(items, nil, 0)) }
	if got := text(page(1, first, under, next)); len(got) != 2 || !strings.HasPrefix(got[1], "paragraph:Campaign entire soldier / quaitucour") {
		t.Errorf("in a column: %q, want the first line to begin its paragraph", got)
	}
	if got := text(page(0, first, under, next)); slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "Campaign entire") }) {
		t.Errorf("on a page not cut into columns: %q, want the words apart", got)
	}
	cells := func(y int) []pxWord {
		return []pxWord{word("Anchor", 100, y, 160, y+20), word("chain", 260, y, 310, y+20), word("two", 400, y, 430, y+20)}
	}
	got := text(page(1, cells(160), cells(190), cells(220)))
	if slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "Anchor chain") }) {
		t.Errorf("a table in a column: %q, want its cells apart", got)
	}
}

// TestUnmeasuredWordIsNoHeading: a paragraph's last line of one word
// with descenders and no capital ('pricrym.') is boxed from the tops of
// its small letters to the ends of its descenders, 24 pixels where the
// body, measured from its capitals to its baseline, is 19. Set apart in a
// block of its own (on a scan of narrow columns, by a size that changes
// with it), it is no heading; a word with a capital as tall is, 'Č' as
// well as 'R'.
func TestUnmeasuredWordIsNoHeading(t *testing.T) {
	t.Parallel()
	blocks := []pxBlock{
		{kind: core.KindParagraph, lines: [][]pxWord{{word("pricrym.", 100, 200, 190, 224)}}},
		{kind: core.KindParagraph, lines: [][]pxWord{{word("Results", 100, 260, 190, 284)}}},
		{kind: core.KindParagraph, lines: [][]pxWord{{word("Čeština", 100, 300, 190, 324)}}},
	}
	(&layout{}).markHeadings(blocks, 19)
	if b := blocks[0]; b.kind != core.KindParagraph {
		t.Errorf("'pricrym.' is a %s of level %d, want a paragraph", b.kind, b.level)
	}
	for _, b := range blocks[1:] {
		if b.kind != core.KindHeading {
			t.Errorf("%q is a %s, want a heading", lineText(b.lines[0]), b.kind)
		}
	}
}

// TestTypewrittenLinesStayWhole: on a typewritten page (every character
// in a 15-pixel cell, a word boxed to its ink, 14 pixels high) a single
// space leaves 19 pixels between two words, more than maxWordGap of the
// words' height; three lines whose spaces fall in line stay whole, where
// in a proportional face the same gaps part them. Two columns typed 6
// cells apart stay apart.
func TestTypewrittenLinesStayWhole(t *testing.T) {
	t.Parallel()
	const pitch, h = 15, 14
	typed := func(s string, col, y int) []pxWord {
		var out []pxWord
		for _, f := range strings.Fields(s) {
			n := len([]rune(f))
			out = append(out, word(f, 20+col*pitch+2, y, 20+(col+n)*pitch-2, y+h))
			col += n + 1
		}
		return out
	}
	var page []pxWord
	for i, s := range []string{
		"The lentils are washed and left in one litre",
		"for one day. Two litres of water are added",
		"and the onions are fried with bay leaves,",
		"cloves and curry, then brought to the boil.",
		"Flour and butter make a paste with milk.",
	} {
		page = append(page, typed(s, 0, 100+i*24)...)
	}
	got := blockTexts(layoutPage(page, nil, 0))
	if len(got) != 1 || !strings.HasPrefix(got[0], "paragraph:The lentils are washed and left in one litre / for one day.") {
		t.Errorf("typewritten paragraph: %q, want one paragraph, its lines whole", got)
	}
	var cols []pxWord
	for i := range 5 {
		cols = append(cols, typed("three words here", 0, 100+i*24)...)
		cols = append(cols, typed("and three more", 22, 100+i*24)...)
	}
	got = blockTexts(layoutPage(cols, nil, 0))
	if slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "here and") }) {
		t.Errorf("typewritten columns: %q, want them apart", got)
	}
}

// TestUnsureWordsAreNoHeading: large print read surely is a heading, and
// so is one word read with doubt; a block as large of several words none
// of which was read surely (an engraving's hatching read as 'AU UAE: M ho
// I') is not.
func TestUnsureWordsAreNoHeading(t *testing.T) {
	t.Parallel()
	doubtful := func(w pxWord, conf float64) pxWord { w.conf = conf; return w }
	blocks := []pxBlock{
		{kind: core.KindParagraph, lines: [][]pxWord{{word("Results", 100, 260, 190, 290), word("and", 200, 260, 240, 290), word("Discussion", 250, 260, 380, 290)}}},
		{kind: core.KindParagraph, lines: [][]pxWord{{doubtful(word("AU", 100, 300, 130, 330), 0.17), doubtful(word("UAE:", 140, 300, 200, 330), 0.17),
			doubtful(word("Mho", 210, 300, 260, 330), 0.38)}}},
	}
	blocks = append(blocks, pxBlock{kind: core.KindParagraph, lines: [][]pxWord{{doubtful(word("Čeština", 100, 340, 190, 370), 0.6)}}})
	(&layout{}).markHeadings(blocks, 19)
	if blocks[0].kind != core.KindHeading || blocks[2].kind != core.KindHeading {
		t.Errorf("'Results and Discussion' is a %s, 'Čeština' a %s: want headings", blocks[0].kind, blocks[2].kind)
	}
	if blocks[1].kind != core.KindParagraph {
		t.Errorf("'AU UAE: Mho' is a %s of level %d, want a paragraph", blocks[1].kind, blocks[1].level)
	}
}

// justified lays out the words of s on a line of height h at y, spread
// to run from x0 to x1, as a justified paragraph sets its lines.
func justified(s string, x0, x1, y, h int) []pxWord {
	fs := strings.Fields(s)
	ink := 0
	for _, f := range fs {
		ink += 10 * len([]rune(f)) * h / 20
	}
	gap := (x1 - x0 - ink) / max(1, len(fs)-1)
	var out []pxWord
	x := x0
	for i, f := range fs {
		w := 10 * len([]rune(f)) * h / 20
		if i == len(fs)-1 {
			x = x1 - w
		}
		out = append(out, word(f, x, y, x+w, y+h))
		x += w + gap
	}
	return out
}

// TestInlineLargerPrint: a line of larger print that runs a justified
// paragraph's measure, under a line that does not end the paragraph,
// goes on with it; the same print in a short line under the paragraph's
// last line is a heading.
func TestInlineLargerPrint(t *testing.T) {
	t.Parallel()
	body := slices.Concat(
		justified("the first line of a paragraph set justified across it", 0, 560, 0, 20),
		justified("its column and a second line running to its measure", 0, 560, 25, 20),
		justified("then a phrase set larger in print here", 0, 560, 50, 28),
		justified("and the paragraph goes on in its body print to the", 0, 560, 83, 20),
		line("its short end", 0, 108),
	)
	blocks := layoutPage(body, nil, 0)
	if got := blockTexts(blocks); len(got) != 1 || !strings.HasPrefix(got[0], "paragraph:") {
		t.Errorf("blocks %q, want one paragraph", got)
	}
	heading := slices.Concat(
		justified("the first line of a paragraph set justified across it", 0, 560, 0, 20),
		justified("its column and a second line running to its measure", 0, 560, 25, 20),
		line("and its short end", 0, 50),
		line("A Heading", 0, 90),
		justified("and the next paragraph under it runs to its measure", 0, 560, 130, 20),
		line("and ends", 0, 155),
	)
	for i := range heading {
		if heading[i].text == "A" || heading[i].text == "Heading" {
			heading[i].box.Min.Y -= 10
		}
	}
	if got := blockTexts(layoutPage(heading, nil, 0)); !slices.Contains(got, "heading:A Heading") {
		t.Errorf("blocks %q, want the heading", got)
	}
}
