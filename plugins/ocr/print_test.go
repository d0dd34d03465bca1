package ocr

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// paddleBox grows the box of print p as the text detector grows a line's
// (dbParams.unclip: by area × unclip / perimeter on every side).
func paddleBox(p image.Rectangle) image.Rectangle {
	d := float64(p.Dx()*p.Dy()) * defaultDB.unclip / float64(2*(p.Dx()+p.Dy()))
	return p.Inset(-int(d))
}

// printLine draws a line of print into g at p: glyph-wide strokes with
// gaps, as characters stand in a line.
func printLine(g *image.Gray, p image.Rectangle) {
	for x := p.Min.X; x < p.Max.X; x++ {
		if (x-p.Min.X)%12 < 8 {
			for y := p.Min.Y; y < p.Max.Y; y++ {
				g.SetGray(x, y, color.Gray{Y: 0})
			}
		}
	}
}

// TestMeasurePrint: a heading 1.43 times the size of its body text gets a
// detector's box only 1.3 times as high; measured to its print, it
// measures 1.43 times again, whatever else of the page its box takes in:
// specks of scan noise, the tips of the line above.
func TestMeasurePrint(t *testing.T) {
	t.Parallel()
	g := image.NewGray(image.Rect(0, 0, 420, 240))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	heading := image.Rect(10, 40, 150, 80) // 40 pixels of print
	body := image.Rect(10, 150, 400, 178)  // 28
	printLine(g, heading)
	printLine(g, body)
	g.SetGray(60, 30, color.Gray{}) // a speck in the heading's box
	for x := 100; x < 103; x++ {    // the tip of a descender above
		g.SetGray(x, 140, color.Gray{})
	}
	lines := []pxWord{
		{text: "Heading", box: paddleBox(heading)},
		{text: "body", box: paddleBox(body)},
	}
	if r := float64(lines[0].box.Dy()) / float64(lines[1].box.Dy()); r > 1.35 {
		t.Fatalf("the detector's boxes stand %.2f apart; the test needs them closer than the print", r)
	}
	measurePrint(g, lines)
	for i, want := range []float64{40, 28} {
		if got := textHeight(lines[i : i+1]); got != want {
			t.Errorf("%s: print %v high, want %v (pads %d, %d)", lines[i].text, got, want, lines[i].padTop, lines[i].padBottom)
		}
	}
}

// TestLayoutPaddleHeadings: lines read by PaddleOCR, in boxes grown by
// the detector, with their print measured: the larger line is a heading
// of its own, not the first line of the paragraph under it.
func TestLayoutPaddleHeadings(t *testing.T) {
	t.Parallel()
	paddleLine := func(text string, p image.Rectangle) pxWord {
		b := paddleBox(p)
		return pxWord{text: text, box: b, conf: 0.9, padTop: p.Min.Y - b.Min.Y, padBottom: b.Max.Y - p.Max.Y}
	}
	items := []pxWord{
		paddleLine("关系与问题", image.Rect(0, 0, 200, 40)),
		paddleLine("我们解决工作和农业，在分析中，过程调查管理，研究的历史", image.Rect(0, 70, 1400, 98)),
		paddleLine("术，水平能力需要推动，我们实现数据和交通。在系统中，信息", image.Rect(0, 119, 1400, 147)),
		paddleLine("在交通中，医院提高结果，变化的学生开展了农业。", image.Rect(0, 168, 1100, 196)),
	}
	got := blockTexts(layoutPage(items, nil, 0))
	if len(got) != 2 || got[0] != "heading:关系与问题" {
		t.Errorf("blocks %q, want the heading, then the paragraph", got)
	}
}

// drawWord draws a word of print into g with its baseline at y: letters
// 10 pixels apart, each two 2-pixel stems over the x-height (14 pixels)
// with a bar at the top and the bottom; the letters at tall reach up to
// capital height (20 pixels), those at desc down 6 pixels under the
// baseline.
func drawWord(g *image.Gray, x, y, letters int, tall, desc []int) {
	ink := func(x0, y0, x1, y1 int) {
		for yy := y0; yy < y1; yy++ {
			for xx := x0; xx < x1; xx++ {
				g.SetGray(xx, yy, color.Gray{})
			}
		}
	}
	for i := range letters {
		lx := x + 10*i
		ink(lx, y-14, lx+2, y)
		ink(lx+6, y-14, lx+8, y)
		ink(lx, y-14, lx+8, y-12)
		ink(lx, y-2, lx+8, y)
		for _, t := range tall {
			if t == i {
				ink(lx, y-20, lx+2, y)
			}
		}
		for _, d := range desc {
			if d == i {
				ink(lx+6, y, lx+8, y+6)
			}
		}
	}
}

// TestMeasureBaselines: a word with tall letters and a descender is
// measured from its capitals to its baseline, in a box that fits it or
// one that stands loose over it; one without tall letters keeps its box.
func TestMeasureBaselines(t *testing.T) {
	t.Parallel()
	g := image.NewGray(image.Rect(0, 0, 300, 60))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	drawWord(g, 10, 30, 8, []int{0, 4, 5}, []int{3}) // "Daughter"
	drawWord(g, 120, 30, 5, nil, []int{2})           // "wagon"
	words := []pxWord{
		{text: "Daughter", box: image.Rect(10, 10, 88, 36)},
		{text: "wagon", box: image.Rect(120, 16, 168, 36)},
	}
	measureBaselines(g, words)
	if got := textHeight(words[:1]); got != 20 {
		t.Errorf("Daughter: print %v high, want 20 (capital to baseline; pad %d)", got, words[0].padBottom)
	}
	if words[1].padBottom != 0 {
		t.Errorf("wagon: pad %d under the baseline, want its box kept", words[1].padBottom)
	}
	drawWord(g, 200, 50, 8, []int{0, 4, 5}, []int{3}) // print from row 30 to 56
	loose := []pxWord{{text: "Daughter", box: image.Rect(200, 10, 280, 60)}}
	measureBaselines(g, loose)
	if got := textHeight(loose); got != 20 {
		t.Errorf("Daughter in a loose box: print %v high, want 20 (pads %d, %d)", got, loose[0].padTop, loose[0].padBottom)
	}
}

// TestLayoutHeadingWithDescenders: a heading in print 1.2 times the
// body's, both of whose words have descenders, is a third-level heading:
// measured to their baseline, not to their descenders' ends.
func TestLayoutHeadingWithDescenders(t *testing.T) {
	t.Parallel()
	var items []pxWord
	items = append(items, line("body text of the section before it runs on here", 0, 0)...)
	items = append(items, line("and ends on a second line of the same width here", 0, 25)...)
	for _, w := range []pxWord{word("Daughter", 0, 80, 96, 111), word("Spolstekys", 108, 80, 228, 111)} {
		w.padBottom = 7 // 24 pixels of print, 7 of descenders
		items = append(items, w)
	}
	items = append(items, line("the section's text starts right under its heading", 0, 125)...)
	items = append(items, line("and goes on for a second line of the same width", 0, 150)...)
	blocks := layoutPage(items, nil, 0)
	for _, b := range blocks {
		if b.kind == core.KindHeading && b.level != 3 {
			t.Errorf("heading %q at level %d, want 3", lineText(b.lines[0]), b.level)
		}
	}
	if got := blockTexts(blocks); len(got) != 3 || got[1] != "heading:Daughter Spolstekys" {
		t.Errorf("blocks %q, want the heading between two paragraphs", got)
	}
}

// TestScriptPrint measures words of Hebrew and Arabic print by their
// rows' ink, as measured on the corpus's scans (hundredths of the
// fullest row).
func TestScriptPrint(t *testing.T) {
	t.Parallel()
	hebrew := []struct {
		name      string
		rows      []int
		top, last int
	}{
		{"a lamed's ascender over the letters", []int{5, 5, 5, 5, 80, 95, 100, 40, 37, 32, 31, 44, 44, 0}, 4, 12},
		{"a final nun's stem under them", []int{92, 96, 100, 85, 82, 83, 74, 82, 81, 9, 9, 9, 9}, 0, 8},
		{"stems between thin strokes", []int{90, 98, 100, 29, 25, 24, 28, 35, 59, 55, 46}, 0, 10},
		{"no ink", []int{0, 0, 0}, -1, 0},
	}
	for _, tc := range hebrew {
		if top, last := hebrewPrint(tc.rows); top != tc.top || last != tc.last && top >= 0 {
			t.Errorf("hebrewPrint, %s: rows %d–%d, want %d–%d", tc.name, top, last, tc.top, tc.last)
		}
	}
	arabic := []struct {
		name        string
		rows        []int
		first, last int
	}{
		{"a lam's bowl under the band", []int{12, 21, 33, 37, 57, 62, 100, 99, 97, 92, 28, 30, 37, 43, 41, 29, 15}, 6, 9},
		{"a yeh's bowl as full as the band", []int{25, 25, 48, 77, 93, 90, 80, 67, 32, 45, 100, 100, 77, 58, 19}, 4, 7},
	}
	for _, tc := range arabic {
		if first, last := arabicBaseline(tc.rows); first != tc.first || last != tc.last {
			t.Errorf("arabicBaseline, %s: rows %d–%d, want %d–%d", tc.name, first, last, tc.first, tc.last)
		}
	}
}

// TestStemTop: an alef's stem rising from the baseline band sets a
// word's top; a hamza over it, apart from it, does not.
func TestStemTop(t *testing.T) {
	t.Parallel()
	g := image.NewGray(image.Rect(100, 50, 160, 90))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	ink := func(x0, y0, x1, y1 int) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				g.SetGray(x, y, color.Gray{})
			}
		}
	}
	ink(100, 80, 160, 84) // the baseline band, rows 30–33
	ink(110, 60, 113, 80) // an alef from row 10
	ink(108, 52, 115, 57) // a hamza over it, rows 2–6
	ink(130, 74, 134, 80) // a tooth
	if got := stemTop(g, 30, 33); got != 10 {
		t.Errorf("stemTop = %d, want 10, the alef's top", got)
	}
	ink(110, 57, 113, 60) // the hamza joined to the alef
	if got := stemTop(g, 30, 33); got != 2 {
		t.Errorf("stemTop with the hamza joined = %d, want 2", got)
	}
}

// TestTextHeightOfSizedWords: where some of a line's words are sized,
// a superscript raising the boxes of others ('x²', 'y²') does not make
// the line's print larger; a line of which no word is sized is measured
// by its boxes.
func TestTextHeightOfSizedWords(t *testing.T) {
	t.Parallel()
	sized := func(text string, x, top, bottom int) pxWord {
		return pxWord{text: text, box: image.Rect(x, top, x+40, bottom), sized: true}
	}
	ws := []pxWord{
		sized("stoxquiolbrol", 0, 100, 120), sized("heckcyrk", 50, 100, 120), sized("with", 100, 100, 120),
		word("story", 150, 104, 190, 124), word("x²", 200, 92, 240, 120), word("y².", 250, 92, 290, 124),
	}
	if got := textHeight(ws); got != 20 {
		t.Errorf("textHeight = %v, want 20, the sized words' print", got)
	}
	for i := range ws {
		ws[i].sized = false
	}
	if got := textHeight(ws); got != 28 {
		t.Errorf("textHeight unsized = %v, want 28, by the boxes' quartiles", got)
	}
}

// TestReadsBoldHeadings reads testdata/ocr/bold.pdf, headings in bold at
// the body's size right over their paragraphs: each is a heading at the
// third level, the second's two lines one heading; paragraphs that open
// with a phrase or a sentence in bold are paragraphs.
func TestReadsBoldHeadings(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	res := extract(t, e, testdata("bold.pdf"), nil, 1)
	var heads []string
	for _, b := range res[0].Page.Blocks {
		text := strings.Join(strings.Fields(b.Text()), " ")
		if b.Kind == core.KindHeading {
			heads = append(heads, fmt.Sprintf("%d %s", b.Level, text))
		}
		for _, p := range [][2]string{{"Note on the counts.", "marked on their forms"}, {"Every form was checked twice", "compared the form with the ledger"}} {
			if strings.HasPrefix(text, p[0]) && (b.Kind != core.KindParagraph || !strings.Contains(text, p[1])) {
				t.Errorf("%q is a %s, want a paragraph that goes on with %q", text, b.Kind, p[1])
			}
		}
	}
	want := []string{"3 Methods and Materials", "3 Results of the Field Survey in the Northern Districts"}
	if !slices.Equal(heads, want) {
		t.Errorf("headings %q, want %q; page:\n%s", heads, want, res[0].Page.Text())
	}
}

// TestStrokeWidth: the stems of bold print measure wider than the
// regular's, whatever the bars across them.
func TestStrokeWidth(t *testing.T) {
	t.Parallel()
	word := func(stem int) *image.Gray {
		g := image.NewGray(image.Rect(0, 0, 120, 30))
		for i := range g.Pix {
			g.Pix[i] = 255
		}
		for l := range 8 {
			x := 4 + 14*l
			for y := 5; y < 25; y++ {
				for dx := range stem {
					g.SetGray(x+dx, y, color.Gray{})
				}
			}
			for dx := range 10 { // a bar over the stem
				for dy := range stem {
					g.SetGray(x+dx, 5+dy, color.Gray{})
				}
			}
		}
		return g
	}
	regular, bold := strokeWidth(word(3)), strokeWidth(word(5))
	if regular != 3 || bold != 5 {
		t.Errorf("strokeWidth = %v and %v, want 3 and 5, the stems' widths", regular, bold)
	}
	blank := image.NewGray(image.Rect(0, 0, 10, 10))
	for i := range blank.Pix {
		blank.Pix[i] = 255
	}
	if got := strokeWidth(blank); got != 0 {
		t.Errorf("strokeWidth of no ink = %v, want 0", got)
	}
}
