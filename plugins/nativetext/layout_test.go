package nativetext

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	pdffont "github.com/pdfcpu/pdfcpu/pkg/font"

	"github.com/assay-pdf/assay/core"
)

// lineGlyphs draws text from (x, baseline y) at size points, every
// character half an em wide and a space a gap of the same width.
func lineGlyphs(seq *int, x, y, size float64, text string) []glyph {
	var gs []glyph
	adv := size / 2
	for _, r := range text {
		if r != ' ' {
			gs = append(gs, glyph{text: string(r), ox: x, oy: y, ex: x + adv, ey: y, size: size, mapped: true, seq: *seq,
				box: core.BBox{X0: x, Y0: y - 0.8*size, X1: x + adv, Y1: y + 0.2*size}})
			*seq++
		}
		x += adv
	}
	return gs
}

// spaced draws words with lineGlyphs on baseline y from x, each of the
// gaps (points) after the word it follows.
func spaced(seq *int, x, y, size float64, gaps []float64, words ...string) []glyph {
	var gs []glyph
	for k, w := range words {
		gs = append(gs, lineGlyphs(seq, x, y, size, w)...)
		if k < len(gaps) {
			x += size/2*float64(len(w)) + gaps[k]
		}
	}
	return gs
}

// placed is a line of text drawn at (x, baseline y) at size points.
type placed struct {
	x, y, size float64
	text       string
}

// drawLines draws lines with lineGlyphs.
func drawLines(seq *int, lines ...placed) []glyph {
	var gs []glyph
	for _, l := range lines {
		gs = append(gs, lineGlyphs(seq, l.x, l.y, l.size, l.text)...)
	}
	return gs
}

// blockKinds lists the kinds of blocks, in order.
func blockKinds(blocks []core.Block) []core.BlockKind {
	var out []core.BlockKind
	for _, b := range blocks {
		out = append(out, b.Kind)
	}
	return out
}

// typewritten marks glyphs as set in a fixed-pitch font when mono is
// true, and returns them.
func typewritten(gs []glyph, mono bool) []glyph {
	if mono {
		return flagged(gs, core.FlagMonospace)
	}
	return gs
}

// flagged adds f to the flags of glyphs, and returns them.
func flagged(gs []glyph, f core.WordFlags) []glyph {
	for k := range gs {
		gs[k].flags |= f
	}
	return gs
}

// column draws lines of running text down from baseline y.
func column(seq *int, x, y float64, lines ...string) ([]glyph, float64) {
	var gs []glyph
	for _, l := range lines {
		gs = append(gs, lineGlyphs(seq, x, y, 10, l)...)
		y += 12
	}
	return gs, y
}

// firstWords lists the first word of each block, in reading order.
func firstWords(blocks []core.Block) []string {
	var out []string
	for _, b := range blocks {
		if f := strings.Fields(b.Text()); len(f) > 0 {
			out = append(out, f[0])
		}
	}
	return out
}

func TestLayoutColumnsUnderSpanningHeadings(t *testing.T) {
	t.Parallel()
	// Two sections, each a heading over two columns of running text: the
	// headings are short, so the column gutter runs through the whole
	// page, but each heading has blank space beside it and both columns
	// start again below it. A reader reads section by section.
	const left, right = 50.0, 340.0
	var gs []glyph
	seq := 0
	y := 80.0
	for _, sec := range []string{"Alpha", "Bravo"} {
		gs = append(gs, lineGlyphs(&seq, left, y, 15, sec+" section")...)
		y += 24
		l, _ := column(&seq, left, y, sec+"left one runs on across the whole column width here",
			"and this line goes on with the same sentence in it", "until it comes to an end with a full stop.")
		r, end := column(&seq, right, y, sec+"right picks up where the left column ended here",
			"and goes on down the column with the same words", "and finishes the section with a full stop.")
		gs = append(append(gs, l...), r...)
		y = end + 20
	}
	got := firstWords(layout(gs, nil, core.BBox{X1: 612, Y1: 792}))
	want := []string{"Alpha", "Alphaleft", "Alpharight", "Bravo", "Bravoleft", "Bravoright"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("blocks start %q; want %q", got, want)
	}
}

func TestLayoutHeadingInsideColumn(t *testing.T) {
	t.Parallel()
	// A heading in the left column with the right column's text running
	// beside it is part of that column: the left column is read whole
	// before the right one.
	const left, right = 50.0, 340.0
	var gs []glyph
	seq := 0
	l1, y := column(&seq, left, 80, "Leftfirst paragraph runs on across the column width",
		"and ends here with a full stop at the end of it.")
	gs = append(gs, l1...)
	gs = append(gs, lineGlyphs(&seq, left, y+8, 15, "Middle heading")...)
	l2, _ := column(&seq, left, y+32, "Leftsecond paragraph follows the heading in the column",
		"and is the end of the left column on this page.")
	gs = append(gs, l2...)
	var rl []string
	for range 7 {
		rl = append(rl, "Rightcol text continues down the whole right column")
	}
	r, _ := column(&seq, right, 80, rl...)
	gs = append(gs, r...)
	got := firstWords(layout(gs, nil, core.BBox{X1: 612, Y1: 792}))
	want := []string{"Leftfirst", "Middle", "Leftsecond", "Rightcol"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("blocks start %q; want %q", got, want)
	}
}

func TestRankHeadingsOnTheTypeScale(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		sizes []float64 // heading sizes over 10 pt body text
		want  []int
	}{
		{"title over subsections keeps the skipped level", []float64{20, 11.8}, []int{1, 3}},
		{"title over sections", []float64{20, 12.7}, []int{1, 2}},
		{"three steps", []float64{19, 14.5, 11.8}, []int{1, 2, 3}},
		{"sections without a title", []float64{14.5}, []int{2}},
		{"close sizes between steps stay apart", []float64{13, 11}, []int{2, 3}},
		{"bold body-size headings under sections", []float64{14.5, 10}, []int{2, 4}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			body := core.Block{Kind: core.KindParagraph, Lines: []core.Line{{Words: []core.Word{{Text: strings.Repeat("x", 500), Size: 10}}}}}
			p := &core.Page{Blocks: []core.Block{body}}
			for _, s := range c.sizes {
				p.Blocks = append(p.Blocks, core.Block{Kind: core.KindHeading, Level: -int(s * 10)})
			}
			rankHeadings([]*core.Page{p})
			var got []int
			for _, b := range p.Blocks[1:] {
				got = append(got, b.Level)
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("levels %v; want %v", got, c.want)
			}
		})
	}
}

func TestLayoutFactsCountColumnsOfRunningText(t *testing.T) {
	t.Parallel()
	const left, right = 50.0, 340.0
	seq := 0
	// One column of text under a running header whose page number sits
	// at the far right: one column.
	header := append(lineGlyphs(&seq, left, 40, 9, "Annual report 2026"), lineGlyphs(&seq, 520, 40, 9, "Page 3")...)
	body, _ := column(&seq, left, 80, "The body runs in one column from the left margin",
		"down the page, one line under the other, as most", "pages are set.")
	_, one := layoutPage(append(header, body...), nil, nil, core.BBox{X1: 612, Y1: 792})
	// Two columns of running text side by side: two.
	seq = 0
	l, _ := column(&seq, left, 80, "Left column text runs on across the column", "and down to the next line.")
	r, _ := column(&seq, right, 80, "Right column text runs on across the column", "and down to the next line.")
	_, two := layoutPage(append(l, r...), nil, nil, core.BBox{X1: 612, Y1: 792})
	if one.columns != 1 || two.columns != 2 {
		t.Errorf("columns %d and %d; want 1 (header split at a gap) and 2", one.columns, two.columns)
	}
}

// wordsLine makes a line of exactly n characters from word, repeated with
// single spaces, starting with a marker.
func wordsLine(marker string, n int) string {
	s := marker
	for len(s) < n {
		s += " word"
	}
	return s[:n]
}

// layoutWords are the words that keep selects, in the order the layout of
// gs on a letter page reads them.
func layoutWords(gs []glyph, keep func(w string) bool) []string {
	var out []string
	for _, w := range words(core.Page{Blocks: layout(gs, nil, core.BBox{X1: 612, Y1: 792})}) {
		if keep(w) {
			out = append(out, w)
		}
	}
	return out
}

func TestLayoutNarrowGuttersOnSharedBaselines(t *testing.T) {
	t.Parallel()
	// Three columns of running text on one baseline grid with gutters of
	// 0.8 em (a 14 px column gap at 13 px text leaves about that between
	// glyph boxes): no wider than the word spaces of justified text, but
	// every column starts at one x line after line. Each column is read
	// whole, in order.
	const lines, chars = 6, 24 // 24 characters of 5 pt: 120 pt columns
	var gs []glyph
	seq := 0
	for c, x := range []float64{50, 178, 306} {
		for l := range lines {
			gs = append(gs, lineGlyphs(&seq, x, 100+float64(l)*12, 10, wordsLine(fmt.Sprintf("C%dL%d", c, l), chars))...)
		}
	}
	got := layoutWords(gs, func(w string) bool { return strings.HasPrefix(w, "C") })
	var want []string
	for c := range 3 {
		for l := range lines {
			want = append(want, fmt.Sprintf("C%dL%d", c, l))
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("reading order %v; want %v", got, want)
	}
}

func TestLayoutRiverIsNotAGutter(t *testing.T) {
	t.Parallel()
	// One column of justified text whose wide word spaces line up over
	// four lines into a river an em wide, with ragged word edges on both
	// sides: it is one column, read line by line.
	texts := []string{
		"Alpha runs on and on with words here",
		"Bravo goes  on where the river sits",
		"Charlie words  and more words follow",
		"Delta once  more  the river is there",
		"Echo has  its gap  a little aside too",
		"Foxtrot ends the paragraph right here",
	}
	var gs []glyph
	seq := 0
	for l, s := range texts {
		gs = append(gs, lineGlyphs(&seq, 50, 100+float64(l)*12, 10, s)...)
	}
	blocks := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
	var firsts []string
	for _, b := range blocks {
		for _, ln := range b.Lines {
			firsts = append(firsts, ln.Words[0].Text)
		}
	}
	want := "Alpha Bravo Charlie Delta Echo Foxtrot"
	if strings.Join(firsts, " ") != want {
		t.Errorf("lines start %v; want %s (one line each, in order)", firsts, want)
	}
	for _, b := range blocks {
		if b.Kind == core.KindTable {
			t.Errorf("justified prose read as a table: %s", b.Text())
		}
	}
}

// TestWordFont: a word's font is the one most of its glyphs are drawn in,
// ties to the first name in byte order; glyphs without a font do not
// count, and a word all in one font takes it.
func TestWordFont(t *testing.T) {
	t.Parallel()
	a, b := &font{name: "Alpha"}, &font{name: "Beta"}
	run := func(fs ...*font) []fg {
		out := make([]fg, len(fs))
		for i, f := range fs {
			out[i] = fg{g: &glyph{text: "x", font: f}}
		}
		return out
	}
	tests := []struct {
		run  []fg
		want string
	}{
		{nil, ""},
		{run(a), "Alpha"},
		{run(b, b, b), "Beta"},
		{run(b, a, b), "Beta"},
		{run(b, a), "Alpha"},
		{run(nil, b, nil), "Beta"},
		{run(nil, nil), ""},
	}
	for i, tt := range tests {
		if got := wordFont(tt.run); got != tt.want {
			t.Errorf("%d: wordFont = %q, want %q", i, got, tt.want)
		}
	}
}

// TestLinesApartAreNotColumns: a date centred under a title, then a
// heading at the left margin, leave a gap between them that no line
// crosses, as a column gutter does; but no line has text on both sides
// of it, so they are read top to bottom, not as two columns.
func TestLinesApartAreNotColumns(t *testing.T) {
	t.Parallel()
	seq := 0
	gs := drawLines(&seq, placed{150, 80, 14, "THE COPYRIGHT ACT OF 1998"}, placed{270, 180, 12, "December 1998"},
		placed{72, 206, 12, "INTRODUCTION"})
	body, _ := column(&seq, 72, 234, "The act was signed into law by the President on October 28, 1998.",
		"The legislation implements two treaties of the year 1996 and more.")
	gs = append(gs, body...)
	got := firstWords(layout(gs, nil, core.BBox{X1: 612, Y1: 792}))
	if want := []string{"THE", "December", "INTRODUCTION", "The"}; !slices.Equal(got, want) {
		t.Errorf("blocks start %q, want %q", got, want)
	}
}

// TestLargeBulletsAreListItems: a slide sets its items larger than the
// body of its notes; a line that starts with a bullet is a list item
// whatever its size, where a larger line without one is a heading.
func TestLargeBulletsAreListItems(t *testing.T) {
	t.Parallel()
	seq := 0
	gs := drawLines(&seq, placed{50, 60, 28, "Background"}, placed{60, 120, 20, "• Ways to build lexical knowledge"},
		placed{80, 160, 16, "- Learn patterns from a corpus"}, placed{80, 190, 16, "- Write a dictionary by hand"})
	notes, _ := column(&seq, 50, 300, "The notes under the slide run on in the body size of the page, line",
		"after line, longer than any item of the slide above them, as notes do.")
	gs = append(gs, notes...)
	got := blockKinds(layout(gs, nil, core.BBox{X1: 612, Y1: 792}))
	want := []core.BlockKind{core.KindHeading, core.KindListItem, core.KindListItem, core.KindListItem, core.KindParagraph}
	if !slices.Equal(got, want) {
		t.Errorf("kinds %q, want %q", got, want)
	}
}

// TestSmallCapsRunIn: a lead set in small capitals, run into a line of
// text, makes the line's size a step smaller than the next line's, but
// the text runs on; a line wholly in small capitals (a heading) still
// stands apart from the text under it.
func TestSmallCapsRunIn(t *testing.T) {
	t.Parallel()
	const small, body = 7.0, 9.0
	runIn := func(seq *int, y float64, caps, rest string) []glyph {
		gs := lineGlyphs(seq, 50, y, small, caps)
		return append(gs, lineGlyphs(seq, 50+small/2*float64(len(caps)+1), y, body, rest)...)
	}
	tests := []struct {
		name string
		lead []glyph
		want []string
	}{
		{"run in", runIn(new(int), 100, "FOR FURTHER INFORMATION CONTACT:", "Ian"), []string{"FOR"}},
		{"a heading", lineGlyphs(new(int), 50, 100, small, "FOR FURTHER INFORMATION CONTACT"), []string{"FOR", "Won,"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 1000
			rest, _ := column(&seq, 50, 111, "Won, Manager, Seattle Branch, 2200 South 216th Street, Des Moines,",
				"phone and fax: 206-231-3500, or write to the office at the address.")
			got := firstWords(layout(append(tc.lead, rest...), nil, core.BBox{X1: 612, Y1: 792}))
			if !slices.Equal(got, tc.want) {
				t.Errorf("blocks start %q, want %q", got, tc.want)
			}
		})
	}
}

// TestBoldRunInHeading: a bold heading run into its paragraph over two
// lines (the IRS's instructions: 'Line 12—Scholarship and fellowship' over
// 'grants. If you received ...') is one block with its text; a bold
// heading over a paragraph that starts in capitals stands apart.
func TestBoldRunInHeading(t *testing.T) {
	t.Parallel()
	const size = 10.0
	bold := func(gs []glyph) []glyph {
		for i := range gs {
			gs[i].flags |= core.FlagBold
		}
		return gs
	}
	tests := []struct {
		name, head, lead, rest string
		want                   []string
	}{
		{"run in", "Line 12—Scholarship and fellowship", "grants.", "If you received a scholarship, part of it may be", []string{"If", "Line"}},
		{"a heading", "Scholarships and fellowships", "Grants", "of any kind are income, and part of them may be", []string{"If", "Scholarships", "Grants"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			gs := lineGlyphs(&seq, 50, 100, size, "If you are a resident, see the rules for residents in Pub. 519.")
			gs = append(gs, bold(lineGlyphs(&seq, 50, 124, size, tc.head))...)
			gs = append(gs, bold(lineGlyphs(&seq, 50, 136, size, tc.lead))...)
			gs = append(gs, lineGlyphs(&seq, 50+size/2*float64(len(tc.lead)+1), 136, size, tc.rest)...)
			gs = append(gs, lineGlyphs(&seq, 50, 148, size, "taxable, as the rules for the income of the year say.")...)
			blocks := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
			if got := firstWords(blocks); !slices.Equal(got, tc.want) {
				t.Errorf("blocks start %q, want %q", got, tc.want)
			}
		})
	}
}

// TestJustifiedLineOfFewWords: in a narrow column set justified, a line
// of few words is spread over the measure, its gaps wider than a gap
// that joins pieces of a line, and equal; it is still a line of its
// paragraph. Pieces of a row spaced unevenly across the column (labels
// of a form) are no such line, and stay apart.
func TestJustifiedLineOfFewWords(t *testing.T) {
	t.Parallel()
	const size, adv, measure = 10.0, 5.0, 230.0
	place := func(seq *int, y float64, gaps []float64, words ...string) []glyph {
		return spaced(seq, 50, y, size, gaps, words...)
	}
	even := func(words ...string) []float64 {
		used := 0.0
		for _, w := range words {
			used += adv * float64(len(w))
		}
		gap := (measure - used) / float64(len(words)-1)
		return slices.Repeat([]float64{gap}, len(words)-1)
	}
	column := []string{"a column of text set justified runs its whole", "lines from its left edge to the right one, so",
		"to fill the measure, and the next line goes on", "to the end."}
	tests := []struct {
		name   string
		around []string // the lines above and below the row
		gaps   []float64
		words  []string
		line   bool // the words read as one line of the paragraph
	}{
		{"justified", column, even("these", "words", "spread", "apart"), []string{"these", "words", "spread", "apart"}, true},
		{"uneven", column, []float64{30, 55, 60}, []string{"signed", "by", "the", "clerk"}, false},
		{"two words", column, even("uncharacteristically", "straightforwardness"), []string{"uncharacteristically", "straightforwardness"}, true},
		// A heading and a label at the far margin leave more space than
		// their words fill.
		{"heading and label", column, even("Anders", "Characters"), []string{"Anders", "Characters"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			gs := slices.Concat(
				lineGlyphs(&seq, 50, 100, size, tc.around[0]),
				lineGlyphs(&seq, 50, 112, size, tc.around[1]),
				place(&seq, 124, tc.gaps, tc.words...),
				lineGlyphs(&seq, 50, 136, size, tc.around[2]),
				lineGlyphs(&seq, 50, 148, size, tc.around[3]))
			blocks := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
			want := strings.Join(tc.words, " ")
			line := slices.ContainsFunc(blocks, func(b core.Block) bool { return strings.Contains(b.Text(), want) })
			if line != tc.line || tc.line && len(blocks) != 1 {
				t.Errorf("blocks %q; want %q as one line of one paragraph: %v", blockTexts(blocks), want, tc.line)
			}
		})
	}
}

// TestJustifiedRowsInColumn: in a narrow column set justified, lines of
// two and three words whose gaps overlap, one under another, are lines,
// not two gutters, and so is a paragraph's short last line above them;
// rows of three columns under text across them, whose lines start on one
// point row after row, are columns.
func TestJustifiedRowsInColumn(t *testing.T) {
	t.Parallel()
	const size = 10.0
	row := func(seq *int, y float64, words []string, gaps ...float64) []glyph {
		return spaced(seq, 50, y, size, gaps, words...)
	}
	full := []string{"a column of text set justified runs its whole", "lines from its left edge to the right one, so",
		"to fill the measure, and the next line goes on"}
	t.Run("words", func(t *testing.T) {
		t.Parallel()
		// A column 157.5 points wide at 9 points (35 characters), the
		// generated three-column pages' measure, beside another; its
		// lines of two to four words are spread to fill it.
		type piece struct {
			x    float64
			text string
		}
		seq, y := 0, 100.0
		var gs []glyph
		put := func(ps ...piece) {
			for _, p := range ps {
				gs = append(gs, lineGlyphs(&seq, p.x, y, 9, p.text)...)
			}
			y += 11
		}
		const line = "abcde fghij klmno pqrst uvwxy zabcd"
		for range 4 {
			put(piece{45, line})
		}
		put(piece{45, "guess."}) // a paragraph's last line
		put(piece{45, "Economy"}, piece{93, "strong"}, piece{136.5, "thyvocu"}, piece{184.5, "drar"})
		put(piece{45, "craquiga"}, piece{117, "second"}, piece{180, "today"})
		put(piece{45, "mikeandmyr"}, piece{162, "fackzick,"})
		put(piece{45, "dresherplox,"}, piece{128.25, "heart"}, piece{180, "judge"})
		put(piece{45, "flasaindcraick"}, piece{117, "thynd hyst."}, piece{175.5, "Bright"})
		for range 4 {
			put(piece{45, line})
		}
		for y = 100; y < 250; {
			put(piece{219, line})
		}
		blocks := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
		want := "drar craquiga second today mikeandmyr fackzick, dresherplox, heart judge flasaindcraick thynd hyst. Bright"
		if !slices.ContainsFunc(blocks, func(b core.Block) bool { return strings.Contains(strings.Join(strings.Fields(b.Text()), " "), want) }) {
			t.Errorf("blocks %q: the lines of two and three words are not lines of one paragraph", blockTexts(blocks))
		}
	})
	t.Run("columns", func(t *testing.T) {
		t.Parallel()
		seq := 0
		gs, _ := column(&seq, 50, 100, full...)
		for k := range 6 {
			gs = append(gs, row(&seq, 136+12*float64(k), []string{"left" + strconv.Itoa(k) + "xxxxxxxx", "mid" + strconv.Itoa(k) + "xxxxxxxxx", "right" + strconv.Itoa(k) + "xxxxxxx"}, 15, 15)...)
		}
		blocks := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
		text := strings.Join(blockTexts(blocks), " ")
		if l5, m0 := strings.Index(text, "left5"), strings.Index(text, "mid0"); l5 < 0 || m0 < 0 || l5 > m0 {
			t.Errorf("blocks %q: the columns are read across", blockTexts(blocks))
		}
	})
}

// TestJustifiedRows: a group of slabs in a column set justified is read
// as rows when its rows of several pieces are lines of words, whatever
// the lines of one piece among them; not when a row's pieces start where
// the next row's do.
func TestJustifiedRows(t *testing.T) {
	t.Parallel()
	piece := func(x0, x1 float64) *seg { return &seg{b: core.BBox{X0: x0, X1: x1}, size: 10} }
	words := func(a, b float64) []*seg { return []*seg{piece(50, a-30), piece(a, b-30), piece(b, 280)} }
	short := []*seg{piece(50, 90)}
	tests := []struct {
		name  string
		group [][]*seg
		want  bool
	}{
		{"lines of words", [][]*seg{words(130, 210), words(140, 225), words(125, 205)}, true},
		{"after a paragraph's last line", [][]*seg{short, words(130, 210), words(140, 225)}, true},
		{"columns", [][]*seg{words(130, 210), words(130, 210)}, false},
	}
	for _, tc := range tests {
		if got := justifiedRows(tc.group, 50, 280); got != tc.want {
			t.Errorf("%s: read as rows %v, want %v", tc.name, got, tc.want)
		}
	}
	if justifiedRows([][]*seg{words(130, 210)}, math.NaN(), math.NaN()) {
		t.Error("a line read as a justified line outside a justified column")
	}
}

// TestJustifiedMeasure: a region is a column set justified when a share
// of its slabs are single lines from edge to edge (a row of pieces
// there may be a line split at its word gaps); a region of short lines,
// or of rows of several pieces (labels of pictures side by side, a
// Korean brochure's headings), is not.
func TestJustifiedMeasure(t *testing.T) {
	t.Parallel()
	line := func(x0, x1 float64) []*seg { return []*seg{{b: core.BBox{X0: x0, X1: x1}, size: 10}} }
	labels := func() []*seg {
		return []*seg{{b: core.BBox{X0: 50, X1: 90}, size: 10}, {b: core.BBox{X0: 150, X1: 190}, size: 10}, {b: core.BBox{X0: 240, X1: 280}, size: 10}}
	}
	// words is a row of three pieces spread from 50 to 280, the second
	// starting at a and the third at b, with gaps of 30.
	words := func(a, b float64) []*seg {
		return []*seg{{b: core.BBox{X0: 50, X1: a - 30}, size: 10}, {b: core.BBox{X0: a, X1: b - 30}, size: 10}, {b: core.BBox{X0: b, X1: 280}, size: 10}}
	}
	tests := []struct {
		name  string
		slabs [][]*seg
		want  bool
	}{
		{"justified", [][]*seg{line(50, 280), line(50, 279), labels(), line(50, 280), line(50, 120)}, true},
		{"short lines", [][]*seg{line(50, 200), line(50, 150), labels(), line(50, 180), line(50, 120)}, false},
		{"rows of labels", [][]*seg{labels(), labels(), labels(), line(50, 280), labels(), labels(), labels(), line(50, 280), line(50, 280), labels(), labels()}, false},
		// A narrow column's lines of three words, spread, whose words
		// start anywhere; columns side by side start theirs row after row
		// on one point.
		{"lines of words", slices.Concat([][]*seg{line(50, 280), line(50, 280), line(50, 280)}, slices.Repeat([][]*seg{words(130, 210), words(140, 225)}, 4)), true},
		{"columns", slices.Concat([][]*seg{line(50, 280), line(50, 280), line(50, 280)}, slices.Repeat([][]*seg{words(130, 210)}, 8)), false},
	}
	for _, tc := range tests {
		x0, x1 := justifiedMeasure(tc.slabs, 50, 280)
		if got := !math.IsNaN(x0) && x0 == 50 && x1 == 280; got != tc.want {
			t.Errorf("%s: measure %v..%v, want a measure: %v", tc.name, x0, x1, tc.want)
		}
	}
}

// TestCentredLineOverText: a section's title centred over the text with
// no space below it is a block of its own; a paragraph's first line,
// indented, is not, nor a caption's numbered label over its text.
func TestCentredLineOverText(t *testing.T) {
	t.Parallel()
	body := []string{"In the first series of experiments artificial respiration was given",
		"using the same single hand bellows as described in the earlier papers.",
		"In the second series, however, an automatic apparatus was used."}
	tests := []struct {
		name  string
		first string
		x     float64
		want  []string
	}{
		{"centred title", "Artificial respiration unit", 190, []string{"Artificial", "In"}},
		{"indented first line", "We began the procedure when the temperature had", 70, []string{"We"}},
		{"a caption's label", "TABLE IV", 200, []string{"TABLE"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			gs := lineGlyphs(&seq, tc.x, 100, 10, tc.first)
			rest, _ := column(&seq, 50, 112, body...)
			if got := firstWords(layout(append(gs, rest...), nil, core.BBox{X1: 612, Y1: 792})); !slices.Equal(got, tc.want) {
				t.Errorf("blocks start %q, want %q", got, tc.want)
			}
		})
	}
}

// TestSmallListingOnTextPitch: a listing set smaller than the text, on
// the text's line pitch, leaves more than paraGap between its lines; its
// lines are one block of code, where labels of a form set alike in a
// typewriter face stay blocks of their own.
func TestSmallListingOnTextPitch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  []core.BlockKind
	}{
		{"listing", []string{"type T struct {", "  Name string", "  Num int", "}"}, []core.BlockKind{core.KindCode}},
		{"labels", []string{"Gender:", "Sex:", "Name:", "Date:"},
			[]core.BlockKind{core.KindParagraph, core.KindParagraph, core.KindParagraph, core.KindParagraph}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			var gs []glyph
			for i, l := range tc.lines {
				gs = append(gs, typewritten(lineGlyphs(&seq, 60, 100+13.5*float64(i), 8, l), true)...)
			}
			if got := blockKinds(layout(gs, nil, core.BBox{X1: 612, Y1: 792})); !slices.Equal(got, tc.want) {
				t.Errorf("kinds %q, want %q", got, tc.want)
			}
		})
	}
}

// TestListingWithForeignString: a listing's string in a script its font
// lacks is set in another font; the line is still the listing's.
func TestListingWithForeignString(t *testing.T) {
	t.Parallel()
	seq := 0
	var gs []glyph
	for i, l := range []string{"func main() {", `    fmt.Println("Hello, 世界")`, "}"} {
		line := lineGlyphs(&seq, 60, 100+11*float64(i), 9, l)
		for k := range line {
			if line[k].text != "世" && line[k].text != "界" {
				line[k].flags |= core.FlagMonospace
			}
		}
		gs = append(gs, line...)
	}
	bs := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
	if len(bs) != 1 || bs[0].Kind != core.KindCode {
		t.Errorf("blocks %q, want one block of code", firstWords(bs))
	}
}

// TestDateOverAbstractAndColumns: a date centred under a title, over an
// 'Abstract' heading beside the second column's first lines, is read
// before the heading, and the second column after the first.
func TestDateOverAbstractAndColumns(t *testing.T) {
	t.Parallel()
	seq := 0
	gs := drawLines(&seq, placed{180, 80, 16, "Two Columns of Text"}, placed{265, 140, 12, "January 3, 2024"},
		placed{72, 170, 16, "Abstract"})
	left := []string{"This is a sample document with two columns of", "text in it, set as a paper sets its abstract",
		"and the sections after it, with some lines to", "fill the column down to the end of the page."}
	right := []string{"second column starts here and runs down the", "page beside the first column, line by line,",
		"as far as the first column goes and further", "down, with its last line set at the bottom.",
		"One more line ends the second column here."}
	for i, l := range left {
		gs = append(gs, lineGlyphs(&seq, 72, 194+12*float64(i), 10, l)...)
	}
	for i, l := range right {
		gs = append(gs, lineGlyphs(&seq, 311, 170+12*float64(i), 10, l)...)
	}
	got := firstWords(layout(gs, nil, core.BBox{X1: 612, Y1: 792}))
	want := []string{"Two", "January", "Abstract", "This", "second"}
	if !slices.Equal(got, want) {
		t.Errorf("blocks start %q, want %q", got, want)
	}
}

// TestNumberedBoldTitle: a numbered line set in bold over plain text, or
// over its first subsection's title, is a section's title; a run of such
// lines is a list.
func TestNumberedBoldTitle(t *testing.T) {
	t.Parallel()
	body := []string{"The meeting was closed at four in the afternoon, and the members left",
		"the room after the minutes of the meeting had been read out to them."}
	tests := []struct {
		name  string
		items []string
		step  float64 // from one item's baseline to the next's
		want  []core.BlockKind
	}{
		{"a title", []string{"5. CLOSING OF THE MEETING"}, 12, []core.BlockKind{core.KindHeading, core.KindParagraph}},
		{"a bold list", []string{"1. Apples", "2. Pears", "3. Plums"}, 12,
			[]core.BlockKind{core.KindListItem, core.KindListItem, core.KindListItem, core.KindParagraph}},
		{"a title over its subsection's", []string{"2. MATERIAL AND METHODS", "2.1. Study site"}, 24,
			[]core.BlockKind{core.KindHeading, core.KindHeading, core.KindParagraph}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			var gs []glyph
			y := 100.0
			for _, it := range tc.items {
				gs = append(gs, flagged(lineGlyphs(&seq, 60, y, 10, it), core.FlagBold)...)
				y += tc.step
			}
			rest, _ := column(&seq, 60, y+12, body...)
			if got := blockKinds(layout(append(gs, rest...), nil, core.BBox{X1: 612, Y1: 792})); !slices.Equal(got, tc.want) {
				t.Errorf("kinds %q, want %q", got, tc.want)
			}
		})
	}
}

// TestShortParagraphInTextSize: small print in a box makes the page's
// body size smaller than its running text; a short paragraph of the
// running text, set at the size of its long paragraphs, is a paragraph,
// where a title set larger than them is a heading.
func TestShortParagraphInTextSize(t *testing.T) {
	t.Parallel()
	small := strings.Repeat("If you would like to address the Board, fill out a card and give it to the clerk. ", 3)
	seq := 0
	var gs []glyph
	y := 60.0
	for _, l := range wrap(small+small+small+small, 110) {
		gs = append(gs, lineGlyphs(&seq, 40, y, 6, l)...)
		y += 7
	}
	gs = append(gs, lineGlyphs(&seq, 40, y+20, 16, "Closed Session")...)
	y += 50
	for _, l := range wrap("The public may address the Board on any agenda item and any item not on the agenda. "+
		"The president will call on those who filled out comment cards before the meeting, and each speaker "+
		"will be allotted three minutes. The Board will not respond or take action on any item today.", 60) {
		gs = append(gs, lineGlyphs(&seq, 40, y, 10, l)...)
		y += 12
	}
	y += 12
	for _, l := range wrap("By law, closed sessions are not open to the public. Anyone wishing to address the Board may do so.", 60) {
		gs = append(gs, lineGlyphs(&seq, 40, y, 10, l)...)
		y += 12
	}
	var got []string
	for _, b := range layout(gs, nil, core.BBox{X1: 612, Y1: 792}) {
		got = append(got, string(b.Kind)+":"+strings.Fields(b.Text())[0])
	}
	want := []string{"paragraph:If", "heading:Closed", "paragraph:The", "paragraph:By"}
	if !slices.Equal(got, want) {
		t.Errorf("blocks %q, want %q", got, want)
	}
}

// TestTitleOverTwoBlocks: the last line of a title, centred over two
// blocks side by side (an address and a date), is read before them, not
// as a column of one line between them.
func TestTitleOverTwoBlocks(t *testing.T) {
	t.Parallel()
	seq := 0
	gs := drawLines(&seq, placed{220, 60, 14, "Board of Education"}, placed{250, 78, 14, "AGENDA"},
		placed{60, 110, 10, "Cupertino Union School District"}, placed{430, 110, 10, "April 6, 2016"},
		placed{60, 122, 10, "1309 S. Mary Avenue"}, placed{430, 122, 10, "7:30 a.m."},
		placed{60, 134, 10, "Sunnyvale, CA 94087"})
	for _, b := range layout(gs, nil, core.BBox{X1: 612, Y1: 792}) {
		if b.Kind == core.KindTable && strings.Contains(b.Text(), "AGENDA") {
			t.Errorf("the title is a cell: %q", b.Table.Grid())
		}
	}
}

// TestFilledFormField: a form's label at the body's size and the value
// typed in larger are a field, not a heading; a title set larger with a
// colon in it is still a heading.
func TestFilledFormField(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, label, value string
		want               core.BlockKind
	}{
		{"a field", "Race or Ethnicity:", "African American/Black", core.KindParagraph},
		{"a title", "", "Chapter 1: Introduction", core.KindHeading},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			var gs []glyph
			x := 60.0
			if tc.label != "" {
				gs = append(gs, lineGlyphs(&seq, x, 100, 9, tc.label)...)
				x += 4.5*float64(len(tc.label)) + 10
			}
			gs = append(gs, lineGlyphs(&seq, x, 100, 12, tc.value)...)
			for i, l := range wrap(strings.Repeat("The agency received a report about the child and the family. ", 4), 100) {
				gs = append(gs, lineGlyphs(&seq, 60, 140+11*float64(i), 9, l)...)
			}
			if got := layout(gs, nil, core.BBox{X1: 612, Y1: 792}); len(got) == 0 || got[0].Kind != tc.want {
				t.Errorf("kinds %q, want %s first", blockKinds(got), tc.want)
			}
		})
	}
}

// TestSentencesNotHeading: three lines or more set larger than the page's
// small print that run from one sentence to the next are a paragraph; a
// title of as many lines with a label's stop inside it is a heading.
func TestSentencesNotHeading(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		want       core.BlockKind
	}{
		{"a paragraph", "Table 4 summarizes the projections for the average use of mid-range servers in all three scenarios. " +
			"The average values for mid-range servers assume full power management in every scenario, as in Table 3.", core.KindParagraph},
		{"a title", "Table 4. Projected Average Use of Mid-range and High-end Servers in kWh per Year, by Space Type, " +
			"in the Alternative Scenarios of the Study, from the Year 2007 to the Year 2011", core.KindHeading},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			var gs []glyph
			lines := wrap(tc.text, 80)
			if len(lines) < minSentenceLines {
				t.Fatalf("%d lines; the test needs %d", len(lines), minSentenceLines)
			}
			for i, l := range lines {
				gs = append(gs, lineGlyphs(&seq, 60, 100+14*float64(i), 12, l)...)
			}
			for i := range 12 {
				gs = append(gs, lineGlyphs(&seq, 60, 200+11*float64(i), 9, fmt.Sprintf("Server rooms       %d", 1500+i))...)
			}
			if got := layout(gs, nil, core.BBox{X1: 612, Y1: 792}); len(got) == 0 || got[0].Kind != tc.want {
				t.Errorf("kinds %q, want %s first", blockKinds(got), tc.want)
			}
		})
	}
}

// TestRaggedColumnsWithLists: two columns of ragged-right prose with
// bulleted lists, an em and a bit apart, are read a column at a time:
// neither side of the gutter is aligned (the lines end ragged, and the
// right column's lines start at its margin, its bullets and their turned
// lines), but no river runs that wide down so many lines.
func TestRaggedColumnsWithLists(t *testing.T) {
	t.Parallel()
	left := wrap(strings.Repeat("This module introduces the learner to the principles of product development, and what kinds of products might be developed and tested. ", 4), 44)
	right := wrap(strings.Repeat("This module looks at the role of the design team in detail and outlines an approach. ", 2), 40)
	bullets := [][2]string{{"The role of the design team", ""}, {"Determining the immediate and", "underlying challenges of design"},
		{"Underlying considerations:", "usability and user experience"}, {"Collaboration, responsibilities,", "and training"},
		{"Management of changes, feedback,", "and iterations"}, {"Determining root challenges:", "market factors"}}
	seq := 0
	var gs []glyph
	y := 100.0
	for _, l := range left {
		gs = append(gs, lineGlyphs(&seq, 72, y, 10, l)...)
		y += 12
	}
	y = 100
	for _, l := range right {
		gs = append(gs, lineGlyphs(&seq, 302, y, 10, l)...)
		y += 12
	}
	for _, b := range bullets {
		gs = append(gs, lineGlyphs(&seq, 314, y, 10, "•")...)
		gs = append(gs, lineGlyphs(&seq, 329, y, 10, b[0])...)
		y += 12
		if b[1] != "" {
			gs = append(gs, lineGlyphs(&seq, 329, y, 10, b[1])...)
			y += 12
		}
	}
	var text []string
	for _, b := range layout(gs, nil, core.BBox{X1: 612, Y1: 792}) {
		text = append(text, b.Text())
	}
	all := strings.Join(text, " ")
	if i, j := strings.LastIndex(all, "tested."), strings.Index(all, "This module looks"); i < 0 || j < 0 || i > j {
		t.Errorf("the right column is read before the left one ends:\n%s", strings.Join(text, "\n"))
	}
}

// TestTitleMostlyBold: a title's two lines, the first with one word in
// another face, are one heading: both are mostly bold.
func TestTitleMostlyBold(t *testing.T) {
	t.Parallel()
	seq := 0
	plain := lineGlyphs(&seq, 160, 100, 14, "LayoutParser:")
	gs := append(plain, flagged(lineGlyphs(&seq, 160+7*14, 100, 14, "A Unified Toolkit for Deep"), core.FlagBold)...)
	gs = append(gs, flagged(lineGlyphs(&seq, 160, 118, 14, "Learning Based Document Image Analysis"), core.FlagBold)...)
	for i, l := range wrap(strings.Repeat("Recent advances in document image analysis have been driven by neural networks. ", 4), 90) {
		gs = append(gs, lineGlyphs(&seq, 72, 160+12*float64(i), 10, l)...)
	}
	got := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
	if len(got) < 2 || got[0].Kind != core.KindHeading || !strings.HasSuffix(got[0].Text(), "Image Analysis") {
		t.Errorf("blocks %q, kinds %q; want the title's two lines in one heading", blockTexts(got), blockKinds(got))
	}
}

// TestBoldTwoLines: two bold lines at the text's size shaped like a
// heading (no stop at its end), with no space under them, are a heading
// that ends where the plain text starts; ending a sentence they are a
// paragraph set bold.
func TestBoldTwoLines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		bold [2]string
		want core.BlockKind
	}{
		{"a heading", [2]string{"Module Two: Initial Planning and Step 1:", "Concept Development"}, core.KindHeading},
		{"a sentence", [2]string{"Do not use the product near water", "or keep it within reach of children."}, core.KindParagraph},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			gs := flagged(lineGlyphs(&seq, 72, 100, 10, tc.bold[0]), core.FlagBold)
			gs = append(gs, flagged(lineGlyphs(&seq, 72, 112, 10, tc.bold[1]), core.FlagBold)...)
			for i, l := range wrap(strings.Repeat("This module considers immediate actions following a product idea. ", 3), 44) {
				gs = append(gs, lineGlyphs(&seq, 72, 124+12*float64(i), 10, l)...)
			}
			got := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
			if len(got) == 0 || got[0].Kind != tc.want {
				t.Fatalf("blocks %q, kinds %q; want %s first", blockTexts(got), blockKinds(got), tc.want)
			}
			if tc.want == core.KindHeading && (len(got) != 2 || strings.Join(strings.Fields(got[0].Text()), " ") != tc.bold[0]+" "+tc.bold[1]) {
				t.Errorf("blocks %q; want the bold lines, then the text", blockTexts(got))
			}
		})
	}
}

// TestSuperscriptKeepsItsLine: a line's baseline cluster is measured from
// its highest glyph, here a superscript raised by nearly the tolerance;
// the words of the line set a hair lower than the rest (0.3 pt, rounding
// in a producer's positions) are still of the line, which reads whole,
// not cut at the superscript into a paragraph and a list item '3. More'.
func TestSuperscriptKeepsItsLine(t *testing.T) {
	t.Parallel()
	content := "BT /F1 10 Tf 72 699.7 Td (chronic diseases) Tj ET" +
		" BT /F1 6.5 Tf 145.4 703.8 Td (3) Tj ET" +
		" BT /F1 10 Tf 149.2 700 Td (. More recently, low levels were found) Tj ET" +
		" BT /F1 10 Tf 72 688 Td (in the synovium of the patients studied.) Tj ET"
	res, err := extractAll(t, onePage("", helvRes, content).Write(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	blocks := res[1].Page.Blocks
	if len(blocks) != 1 || blocks[0].Kind != core.KindParagraph {
		t.Fatalf("%d blocks %q; want one paragraph", len(blocks), blockTexts(blocks))
	}
	if text := blocks[0].Text(); !strings.HasPrefix(text, "chronic diseases3. More recently") {
		t.Errorf("text %q; want the line whole", text)
	}
}

// textAt is a content stream's text object that shows s in /F1 at size,
// with its baseline's origin x across and oy down from the top of a
// letter page.
func textAt(size, x, oy float64, s string) string {
	return fmt.Sprintf(" BT /F1 %g Tf %g %g Td (%s) Tj ET", size, x, 792-oy, s)
}

// TestLinkKeepsItsLine: a page printed by a browser sets a link half a
// point below its line, and its citations raised, at 80% of the line's
// size or CSS's 'smaller' (5/6). The line after a citation-raised one begins with a link, and
// beside it a sidebar's caption lies a point lower still: the link is
// of its line, which reads on in its paragraph, and the caption stays
// the sidebar's.
func TestLinkKeepsItsLine(t *testing.T) {
	t.Parallel()
	content := textAt(12, 36, 352, "the code for displaying the document is sandboxed in a") +
		textAt(12, 36, 368, "browser.") + textAt(9.6, 82, 363.25, "[9]") +
		textAt(12, 100, 368, "Its implementation uses the Canvas element from") +
		textAt(12, 36, 384.25, "HTML5") + textAt(12, 77.5, 383.75, ", which allows for fast rendering speeds.") +
		textAt(10, 289, 379, "[9]") +
		textAt(10.56, 402, 354, "PDF.js in Firefox 100, with a table of") +
		textAt(10.56, 402, 370, "of contents displayed on the sidebar") +
		textAt(10.56, 402, 385.75, "and the page it shows.")
	res, err := extractAll(t, onePage("", helvRes, content).Write(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	var body, side string
	for _, b := range res[1].Page.Blocks {
		switch text := strings.Join(strings.Fields(b.Text()), " "); {
		case strings.HasPrefix(text, "the code"):
			body = text
		case strings.HasPrefix(text, "PDF.js"):
			side = text
		}
	}
	if !strings.HasSuffix(body, "Canvas element from HTML5 , which allows for fast rendering speeds.[9]") &&
		!strings.HasSuffix(body, "Canvas element from HTML5, which allows for fast rendering speeds.[9]") {
		t.Errorf("blocks %q; want the paragraph to end with its last line whole", blockTexts(res[1].Page.Blocks))
	}
	if !strings.HasSuffix(side, "sidebar and the page it shows.") {
		t.Errorf("caption %q; want it whole", side)
	}
}

// TestSubscriptsStayWithTheirLine: beside a column's line lies a
// formula a hair lower, raised marks over it and indices under it
// (arXiv's two-column papers). The formula's glyphs lie on the other
// line's baseline, and its indices among them: they are read with the
// formula, not left as a line of their own.
func TestSubscriptsStayWithTheirLine(t *testing.T) {
	t.Parallel()
	content := textAt(10.9, 72, 191.5, "Although the models are expressive for") +
		textAt(10.9, 72, 205.1, "measuring the similarity between a passage") +
		textAt(10.9, 320, 205.8, "L[q, p") + textAt(8, 347, 209.1, "i") + textAt(8, 351, 201.3, "+") +
		textAt(10.9, 358, 205.8, ", p") + textAt(8, 372, 209.1, "i,1") + textAt(8, 372, 201.3, "-") +
		textAt(10.9, 384, 205.8, "]") + textAt(10.9, 500, 205.8, "[2]")
	res, err := extractAll(t, onePage("", helvRes, content).Write(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range res[1].Page.Blocks {
		if text := strings.Join(strings.Fields(b.Text()), ""); strings.HasPrefix(text, "i") {
			t.Errorf("blocks %q; want the indices in the formula's line", blockTexts(res[1].Page.Blocks))
		}
	}
}

// TestHeadingBesideAList: a report's spread sets its title and a
// heading of four lines in one column, a list of its sections in the
// next. The heading's third line has blank beside it, and columns of
// text under it: its first lines are in the columns above, so it ends no
// column there, and reads whole.
func TestHeadingBesideAList(t *testing.T) {
	t.Parallel()
	content := textAt(40, 81, 438, "Net-zero") + textAt(40, 81, 496, "carbon") +
		textAt(20, 81, 581, "We aim to achieve net-zero") + textAt(20, 81, 614, "emissions across all of our") +
		textAt(20, 81, 647, "operations and value chain") + textAt(20, 81, 680, "by 2030")
	for i, item := range []string{"Our ambition", "Our approach", "Measuring our carbon", "footprint"} {
		content += textAt(10, 400, 401+float64(i)*41, item)
	}
	content += textAt(10, 400, 578, "Reducing carbon emissions") + textAt(10, 400, 611, "Advancing carbon-free energy") +
		textAt(10, 400, 677, "Managing residual emissions") + textAt(10, 400, 720, "The journey ahead")
	res, err := extractAll(t, onePage("", helvRes, content).Write(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	const heading = "We aim to achieve net-zero emissions across all of our operations and value chain by 2030"
	for _, b := range res[1].Page.Blocks {
		if strings.HasPrefix(b.Text(), "We aim") {
			if got := strings.Join(strings.Fields(b.Text()), " "); got != heading {
				t.Errorf("heading %q; want %q whole (blocks %q)", got, heading, blockTexts(res[1].Page.Blocks))
			}
			return
		}
	}
	t.Errorf("no heading in %q", blockTexts(res[1].Page.Blocks))
}

// TestCapitalsHeadings: a line in capitals at the body's size, plain,
// over a paragraph of running text is a section's title ('I.
// INTRODUCTION', IEEE's small caps); not over a line in capitals, not a
// shout, not a formula, not a lone code.
func TestCapitalsHeadings(t *testing.T) {
	t.Parallel()
	const body = "(the text of the section runs on over two lines of the page and) Tj 0 -12 Td (ends here with a stop.) Tj"
	cases := []struct {
		name, line string
		want       core.BlockKind
	}{
		{"a numbered section", "I. INTRODUCTION", core.KindHeading},
		{"a section without a number", "REFERENCES", core.KindHeading},
		{"a shout", "THIS ENDS NOW!", core.KindParagraph},
		{"a formula", "PCO2 = 0,75 HCO3", core.KindParagraph},
		{"initials", "A. B.", core.KindParagraph},
		{"in lower case", "Introduction to the text", core.KindParagraph},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			content := "BT /F1 10 Tf 72 700 Td (" + c.line + ") Tj 0 -16 Td " + body + " ET"
			res, err := extractAll(t, onePage("", helvRes, content).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			blocks := res[1].Page.Blocks
			if len(blocks) < 2 || blocks[0].Kind != c.want || blocks[1].Kind != core.KindParagraph {
				t.Errorf("blocks %q (first %v); want %s over a paragraph", blockTexts(blocks), blockKinds(blocks), c.want)
			}
		})
	}
}

// TestBoldHeadingSizesStepDown: bold headings near the text's size step
// down by less than sizeStep (a section at 12 pt, a subsection at 11, a
// run-in lead at the text's 10): each is a block of its own. A display
// title whose two lines have sizes of their own stays one.
func TestBoldHeadingSizesStepDown(t *testing.T) {
	t.Parallel()
	text := wrap(strings.Repeat("Our method is evaluated on the public records of many patients. ", 4), 44)
	cases := []struct {
		name  string
		heads [][2]any // size, text
		want  int      // blocks before the text
	}{
		{"a section over a subsection", [][2]any{{12.0, "Experiments"}, {11.0, "Experimental Settings"}}, 2},
		{"a display title", [][2]any{{33.0, "Row and Column Access Control"}, {30.0, "Support in DB2"}}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			seq, y := 0, 100.0
			var gs []glyph
			for _, h := range c.heads {
				size := h[0].(float64)
				gs = append(gs, flagged(lineGlyphs(&seq, 72, y, size, h[1].(string)), core.FlagBold)...)
				y += size * 1.3
			}
			for i, l := range text {
				gs = append(gs, lineGlyphs(&seq, 72, y+12*float64(i), 10, l)...)
			}
			got := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
			if len(got) != c.want+1 || got[c.want].Kind != core.KindParagraph {
				t.Errorf("blocks %q, kinds %v; want %d before the text", blockTexts(got), blockKinds(got), c.want)
			}
		})
	}
}

// TestSizeRunsOn: a phrase set in another size inside a justified
// paragraph, over whole lines or from inside one, is of the paragraph; a
// heading under a paragraph's short last line, a note in small print
// under space, a line set to the right and a list of lines in growing
// sizes stand apart.
func TestSizeRunsOn(t *testing.T) {
	t.Parallel()
	// run is a piece of a line: text at size points.
	type run struct {
		size float64
		text string
	}
	// line draws runs one after another from x 50 on baseline y.
	line := func(seq *int, y float64, runs ...run) []glyph {
		var gs []glyph
		x := 50.0
		for _, r := range runs {
			gs = append(gs, lineGlyphs(seq, x, y, r.size, r.text)...)
			x += r.size / 2 * float64(len([]rune(r.text)))
		}
		return gs
	}
	// 46 characters at 10 points and 33 at 14 fill a measure of 230.
	const (
		full10 = "a paragraph of text set justified runs on here"
		full14 = "then a phrase set larger runs all"
	)
	tests := []struct {
		name   string
		lines  [][]run
		ys     []float64
		blocks int
	}{
		{"larger over whole lines", [][]run{
			{{10, full10}}, {{10, full10}}, {{14, full14}}, {{14, full14}}, {{10, full10}}, {{10, "and ends."}},
		}, []float64{100, 112, 127, 143, 158, 170}, 1},
		{"larger from inside a line", [][]run{
			{{10, full10}}, {{10, "so that a phrase set larger starts at "}, {14, "inside"}}, {{14, full14}},
			{{14, "over "}, {10, "the break, and the paragraph goes on to"}}, {{10, "its end."}},
		}, []float64{100, 112, 127, 143, 158}, 1},
		{"heading under a short line", [][]run{
			{{10, full10}}, {{10, "the end."}}, {{14, "A heading"}}, {{10, full10}}, {{10, "and ends."}},
		}, []float64{100, 112, 127, 142, 154}, 3},
		{"note under space", [][]run{
			{{10, full10}}, {{10, full10}}, {{8, "[FR Doc. 2020-17221 Filed 8-5-20; 8:45 am] and a note here"}},
		}, []float64{100, 112, 125.4}, 2},
		// Leading spaces set the line in, to end at the measure's edge.
		{"aligned right", [][]run{
			{{10, full10}}, {{10, full10}}, {{14, strings.Repeat(" ", 19) + "A closing line"}},
		}, []float64{100, 112, 127}, 2},
		{"sizes one a line", [][]run{
			{{10, "10"}}, {{10, "10"}}, {{12, "12"}}, {{14, "14"}},
		}, []float64{100, 112, 125.5, 141}, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			var gs []glyph
			for i, l := range tc.lines {
				gs = append(gs, line(&seq, tc.ys[i], l...)...)
			}
			blocks := layout(gs, nil, core.BBox{X1: 612, Y1: 792})
			if len(blocks) != tc.blocks {
				t.Errorf("blocks %q; want %d", blockTexts(blocks), tc.blocks)
			}
		})
	}
}

// TestNestListItems: list items nest by where their text starts after
// the marker; items of one level align their text whatever their
// markers' widths; an item above the one before it starts another list;
// and items set flush right keep one level.
func TestNestListItems(t *testing.T) {
	t.Parallel()
	const size = 10.0
	word := func(x0, x1, y float64, text string) core.Word {
		return core.Word{Text: text, Size: size, BBox: core.BBox{X0: x0, Y0: y, X1: x1, Y1: y + size}}
	}
	// item is a list item at baseline row y: its marker from mx, its text
	// from tx; more lines start at the given x.
	item := func(y, mx, tx float64, more ...float64) core.Block {
		b := core.Block{Kind: core.KindListItem, Lines: []core.Line{{Words: []core.Word{word(mx, mx+6, y, "•"), word(tx, tx+100, y, "text")}}}}
		for k, x := range more {
			b.Lines = append(b.Lines, core.Line{Words: []core.Word{word(x, x+100, y+12*float64(k+1), "more")}})
		}
		b.BBox = b.Lines[0].Words[0].BBox
		for _, l := range b.Lines {
			for _, w := range l.Words {
				b.BBox = b.BBox.Union(w.BBox)
			}
		}
		return b
	}
	rtlItem := func(y, mx, tx float64) core.Block {
		b := core.Block{Kind: core.KindListItem, Lines: []core.Line{{Words: []core.Word{word(mx-6, mx, y, "•"), word(tx-100, tx, y, "نص")}}}}
		b.BBox = b.Lines[0].Words[1].BBox.Union(b.Lines[0].Words[0].BBox)
		return b
	}
	tests := []struct {
		name   string
		blocks []core.Block
		want   []int
	}{
		{"nested", []core.Block{item(100, 60, 72), item(112, 90, 102), item(124, 90, 102, 102), item(148, 60, 72), item(160, 90, 102)}, []int{0, 1, 1, 0, 1}},
		{"markers of two widths", []core.Block{item(100, 60, 72), item(112, 55, 72)}, []int{0, 0}},
		{"next column", []core.Block{item(100, 60, 72), item(50, 90, 102)}, []int{0, 0}},
		{"flush right", []core.Block{item(100, 60, 72, 40), item(124, 90, 102, 30)}, []int{0, 0}},
		{"right to left", []core.Block{rtlItem(100, 500, 488), rtlItem(112, 470, 458), rtlItem(124, 500, 488)}, []int{0, 1, 0}},
	}
	for _, tc := range tests {
		nestListItems(tc.blocks)
		var got []int
		for _, b := range tc.blocks {
			got = append(got, b.Level)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: levels %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestSentenceBreak: a stop kerned into its word leaves under wordGap
// before the next sentence's capital, and still parts the words; an
// abbreviation's letters after its stops, and code, stay one word.
func TestSentenceBreak(t *testing.T) {
	t.Parallel()
	const size = 10.0
	// two sets a then b on one baseline, gap points apart.
	two := func(a, b string, gap float64, flags core.WordFlags) []glyph {
		seq := 0
		gs := lineGlyphs(&seq, 50, 100, size, a)
		gs = append(gs, lineGlyphs(&seq, 50+size/2*float64(len(a))+gap, 100, size, b)...)
		for i := range gs {
			gs[i].flags |= flags
		}
		return gs
	}
	tests := []struct {
		name string
		gs   []glyph
		want string
	}{
		{"sentences", two("the same day.", "His thinking", 1.7, 0), "the same day. His thinking"},
		{"quotation", two("the end.", "“But then", 1.7, 0), "the end. “But then"},
		{"abbreviation", two("the U.S.", "Army", 0, 0), "the U.S.Army"},
		{"lower case", two("e.g.", "this one", 1.7, 0), "e.g.this one"},
		{"code", two("lp.", "Detectron2", 1.7, core.FlagMonospace), "lp.Detectron2"},
	}
	for _, tc := range tests {
		blocks := layout(tc.gs, nil, core.BBox{X1: 612, Y1: 792})
		if got := strings.Join(blockTexts(blocks), " | "); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestDisplayFormulaIsNoHeading: a formula set larger than the text
// around it is a paragraph; a title that names one, in words, is still a
// heading.
func TestDisplayFormulaIsNoHeading(t *testing.T) {
	t.Parallel()
	body := "BT /F1 10 Tf 72 600 Td 12 TL (The identity connects five constants of analysis in one) Tj T* " +
		"(short line, and it is quoted more often than any other equation.) Tj T* (It reads as follows.) Tj ET "
	for _, tc := range []struct {
		name, line string
		heading    bool
	}{
		{"an identity", "a2 + b2 = c2", false},
		{"a relation", "x + y = 1", false},
		{"a title", "Euler's identity", true},
		{"a title with a formula", "E = mc2 in practice", true},
	} {
		blocks := helvPage(t, "BT /F1 16 Tf 72 700 Td ("+tc.line+") Tj ET "+body)
		if got := blocks[0].Kind == core.KindHeading; got != tc.heading {
			t.Errorf("%s: %q is a %v, want heading %v", tc.name, blocks[0].Text(), blocks[0].Kind, tc.heading)
		}
	}
}

// TestTallWordBoxKeepsItsLine: a word whose box is far taller than its
// line's type (an OCR layer's) reaches over the line above; its line
// still reads after that one, not in the middle of it.
func TestTallWordBoxKeepsItsLine(t *testing.T) {
	t.Parallel()
	content := "BT /F1 10 Tf 72 700 Td (Bone is known to consist of about equal) Tj 220 0 Td (parts of earthy and animal matter; the) Tj ET " +
		"BT /F1 10 Tf 72 688 Td (former chiefly composed of ) Tj /F1 23 Tf 40 Tz (gypsum) Tj 100 Tz /F1 10 Tf ( which is so hard a nature) Tj ET " +
		"BT /F1 10 Tf 72 676 Td (as to have been termed, by early chemists, the earth of bones.) Tj ET"
	got := strings.Join(onePageLines(t, helvRes, content), " ")
	want := "Bone is known to consist of about equal parts of earthy and animal matter; the former chiefly composed of gypsum which is so hard a nature as to have been termed, by early chemists, the earth of bones."
	if got != want {
		t.Errorf("read\n%q\nwant\n%q", got, want)
	}
}

// TestTallBoxBesideARow: a segment whose box is tall (a brace over three
// lines beside its answer's number, in a worksheet of the 1040-NR
// instructions) within a row's height but off its baseline is left for a
// later row; it does not end the row, whose last piece stays in it.
func TestTallBoxBesideARow(t *testing.T) {
	t.Parallel()
	mk := func(text string, x0, y0, x1, y1, base, size float64) *seg {
		return &seg{text: text, b: core.BBox{X0: x0, Y0: y0, X1: x1, Y1: y1}, base: base, size: size}
	}
	yes := mk("❏ Yes.", 72, 80.8, 110, 94.8, 92, 10)
	brace := mk("} 3.", 420, 82, 445, 118, 106, 9) // 36 pt tall at 9 pt
	enter := mk("Enter the smaller of line 15", 130, 84, 260, 94, 92, 10)
	next := mk("line 16 is a loss, enter -0-.", 130, 98, 260, 108, 106, 10)
	var out []*seg
	emitRowsIn([]*seg{yes, brace, enter, next}, math.NaN(), math.NaN(), &out)
	var got []string
	for _, s := range out {
		got = append(got, s.text)
	}
	want := []string{"❏ Yes.", "Enter the smaller of line 15", "} 3.", "line 16 is a loss, enter -0-."}
	if !slices.Equal(got, want) {
		t.Errorf("rows read %q, want %q", got, want)
	}
}

// TestValuesAreNoHeading: a line of values set larger than the body (a
// test page's caption of its parameters, a map's scale) is a paragraph;
// a numbered heading, half of it figures, stays a heading.
func TestValuesAreNoHeading(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		line string
		want core.BlockKind
	}{
		{"WhitePoint [ 0.9505 1.0000 1.0890 ] Gamma [ 1.8000 1.8000 1.8000 ]", core.KindParagraph},
		{"0 100 200 300 400 500 Feet", core.KindParagraph},
		{"1. Introduction", core.KindHeading},
	} {
		t.Run(tc.line, func(t *testing.T) {
			t.Parallel()
			var sb strings.Builder
			fmt.Fprintf(&sb, "BT /F1 14 Tf 72 720 Td (%s) Tj ET ", tc.line)
			for i := range 12 {
				fmt.Fprintf(&sb, "BT /F1 10 Tf 72 %d Td (Body text of the page, line %d, set at the size of most of it.) Tj ET ", 690-13*i, i)
			}
			blocks := helvPage(t, sb.String())
			if len(blocks) == 0 || blocks[0].Text() != tc.line || blocks[0].Kind != tc.want {
				var got string
				if len(blocks) > 0 {
					got = fmt.Sprintf("%s %q", blocks[0].Kind, blocks[0].Text())
				}
				t.Errorf("first block %s; want %s %q", got, tc.want, tc.line)
			}
		})
	}
}

// TestFlushRightValues: a column of long values set flush right, its
// left edge ragged, beside a column of long labels on the same
// baselines is a table, each value on its label's row, however much
// both read as prose (a summary of forecast assumptions).
func TestFlushRightValues(t *testing.T) {
	t.Parallel()
	rows := [][2]string{
		{"Population of the whole country", "Projections are consistent with the census estimates"},
		{"Population from 18 to 24 years old", "Census projection: an average annual growth rate of 0.1%"},
		{"Population from 25 to 29 years old", "Census projection: a growth rate of 0.6%"},
		{"Population from 30 to 34 years old", "Census projection: an annual growth rate of 1.3% a year"},
		{"Population from 35 to 44 years old", "Census projection: a rate of 0.8% on average"},
	}
	var sb strings.Builder
	for i, r := range rows {
		y := 700 - 14*i
		// Helvetica at 9 pt: the value's width, so that it ends at 540.
		fmt.Fprintf(&sb, "BT /F1 9 Tf 72 %d Td (%s) Tj ET ", y, r[0])
		fmt.Fprintf(&sb, "BT /F1 9 Tf %.2f %d Td (%s) Tj ET ", 540-helvWidth(r[1], 9), y, r[1])
	}
	blocks := helvPage(t, sb.String())
	var tb *core.Table
	for _, b := range blocks {
		if b.Table != nil {
			tb = b.Table
		}
	}
	if tb == nil {
		t.Fatalf("no table: %q", lineTexts(core.Page{Blocks: blocks}))
	}
	g := tb.Grid()
	if len(g) != len(rows) || g[2][0] != rows[2][0] || g[2][1] != rows[2][1] {
		t.Errorf("grid %q; want each value beside its label", g)
	}
}

// helvWidth is the width of ASCII text s in Helvetica at size points.
func helvWidth(s string, size float64) float64 {
	w := 0
	for _, r := range s {
		cw, _ := pdffont.CharWidth("Helvetica", r)
		w += cw
	}
	return float64(w) * size / 1000
}

// TestFigureGroupsOneTable: two groups of a table's columns of figures
// that a wide gutter parts (the actual years and the projected ones),
// their lines as long as a clause and on the same baselines, look
// tabular, where two columns of prose do not.
func TestFigureGroupsOneTable(t *testing.T) {
	t.Parallel()
	states := []string{"Northeast", "Connecticut", "Maine", "Massachusetts", "New Hampshire", "New Jersey"}
	line := func(n int, x0, x1 float64, words ...string) *seg {
		ws := make([]core.Word, len(words))
		for i, w := range words {
			ws[i] = core.Word{Text: w}
		}
		y := 100 + 12*float64(n)
		return &seg{words: ws, text: strings.Join(words, " "), line: n, base: y, size: 8, b: core.BBox{X0: x0, Y0: y - 8, X1: x1, Y1: y}}
	}
	var actual, projected, left, right []*seg
	for n, st := range states {
		actual = append(actual, line(n, 72, 380, st, "34,573", "35,515", "36,222", "37,541", "38,419", "34,968"))
		projected = append(projected, line(n, 440, 560, "51,228", "51,650", "52,000", "52,300"))
		left = append(left, line(n, 72, 280, "the text of a column", "runs on", "from line to line"))
		right = append(right, line(n, 320, 540, "and so does the text", "of the next", "column here"))
	}
	if !looksTabular([][]*seg{actual, projected}) {
		t.Error("two groups of columns of figures do not look tabular")
	}
	if looksTabular([][]*seg{left, right}) {
		t.Error("two columns of prose look tabular")
	}
}

// Two columns of prose on one baseline grid, each narrowed halfway down
// (a figure beside them), so that neither side of the 0.8 em strip
// between them is aligned on most lines: blank on 30 lines at one x, the
// strip is a gutter, not a river, and each column is read whole (the
// first lines were read as rows, as a Nature page's three columns were).
func TestLayoutTallRaggedGutter(t *testing.T) {
	t.Parallel()
	const lines = 30
	var gs []glyph
	seq := 0
	for l := range lines {
		y := 100 + float64(l)*12
		n1, x2 := 30, 208.0 // characters of 5 pt from x 50: the left column ends at 200
		if l >= lines/2 {
			n1, x2 = 26, 228
		}
		gs = append(gs, lineGlyphs(&seq, 50, y, 10, wordsLine(fmt.Sprintf("A%d", l), n1))...)
		gs = append(gs, lineGlyphs(&seq, x2, y, 10, wordsLine(fmt.Sprintf("B%d", l), 30))...)
	}
	got := layoutWords(gs, func(w string) bool { return len(w) > 1 && (w[0] == 'A' || w[0] == 'B') && w[1] >= '0' && w[1] <= '9' })
	var want []string
	for _, c := range "AB" {
		for l := range lines {
			want = append(want, fmt.Sprintf("%c%d", c, l))
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("columns read %v; want each whole: %v", got, want)
	}
}

// A ragged strip between prose columns must be the narrower the more
// lines it runs down blank; one that leader dots lead across is none.
func TestTallGutterNeeds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		across int
		want   float64
	}{{12, 1.0}, {24, 0.5}, {53, minCandidateGutter}} {
		if got := tallGutterNeeds(c.across); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("tallGutterNeeds(%d) = %v, want %v", c.across, got, c.want)
		}
	}
	ws := func(s string) []core.Word {
		var out []core.Word
		for w := range strings.FieldsSeq(s) {
			out = append(out, core.Word{Text: w})
		}
		return out
	}
	for text, want := range map[string]bool{
		"Verify work eligibility of new employees . . . . . . .": true,
		"Ask employees for Form W-4 ..............":              true,
		"and so it went on . . .":                                false,
		"Excess salary deferrals ......10":                       false,
		"environmental chemicals, endogenous":                    false,
	} {
		if got := endsInLeaders(ws(text)); got != want {
			t.Errorf("endsInLeaders(%q) = %v, want %v", text, got, want)
		}
	}
}

// A one-line paragraph set at the indent of the paragraph under it (a
// label, a formula, 'i-Ship (Ai, Ri, Nx)' over its explanation) gives the
// block no margin to tell the next indented paragraph by: the lines the
// block runs along after its opening lines are that margin, and a line
// indented from it after a short line starts a block (TraceMonkey's
// 'Closing the loop.' took in the four paragraphs under it).
func TestIndentAfterAnOpeningLine(t *testing.T) {
	t.Parallel()
	var gs []glyph
	seq := 0
	for i, l := range []struct {
		x    float64
		text string
	}{
		{71, "Formula one"},
		{71, "Second paragraph starts here with a long line of words that fill"},
		{50, "the whole measure and end short."},
		{71, "Third paragraph starts indented and runs across the whole measure"},
		{50, "and ends."},
	} {
		gs = append(gs, lineGlyphs(&seq, l.x, 100+float64(i)*12, 10, l.text)...)
	}
	var firsts []string
	for _, b := range layout(gs, nil, core.BBox{X1: 612, Y1: 792}) {
		firsts = append(firsts, b.Lines[0].Words[0].Text)
	}
	if len(firsts) == 0 || firsts[len(firsts)-1] != "Third" {
		t.Errorf("blocks start with %v; want the third paragraph a block of its own", firsts)
	}
}

// A line wholly bold or italic, short as a heading and opening with a
// capital, under a one-line block that ends a sentence starts a block:
// a theorem's label under a proof's last line, a quotation's source. A
// one-line block has no right edge to find its end short against. An
// italic line that goes on from a colon, or from an abbreviation's point
// into figures, stays in its block.
func TestLabelAfterASentence(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, above, label string
		flag               core.WordFlags
		want               int // blocks
	}{
		{"a theorem's label", "Behauptung folgt, weil sie ein Kreis oder eine Gerade ist.", "Definition 66", core.FlagBold, 3},
		{"a quotation's source", "There are only two things a noble will step aside for.", "—Dwarven saying.", core.FlagItalic, 3},
		{"a title after a colon", "Guidelines on prevention, testing, treatment and monitoring:", "recommendations for a public health approach", core.FlagItalic, 2},
		{"figures after an abbreviation", "Galvani and May, Dimensions of superspreading, Nature, Vol.", "438: 293-296.", core.FlagItalic, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			gs := lineGlyphs(&seq, 110, 100, 10, tc.above)
			gs = append(gs, flagged(lineGlyphs(&seq, 72, 112, 10, tc.label), tc.flag)...)
			for i, l := range wrap(strings.Repeat("Für zwei Punkte der Ebene sei die Gerade durch beide gegeben und eindeutig. ", 3), 60) {
				gs = append(gs, lineGlyphs(&seq, 90, 124+12*float64(i), 10, l)...)
			}
			if got := layout(gs, nil, core.BBox{X1: 612, Y1: 792}); len(got) != tc.want {
				t.Errorf("blocks %q; want %d", blockTexts(got), tc.want)
			}
		})
	}
}
