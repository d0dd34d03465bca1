package nativetext

import (
	"fmt"
	"strings"
	"testing"

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
			"and this line goes on with the same sentence in it.")
		r, end := column(&seq, right, y, sec+"right picks up where the left column ended here",
			"and finishes the section with a full stop at the end.")
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
	_, one := layoutPage(append(header, body...), nil, core.BBox{X1: 612, Y1: 792})
	// Two columns of running text side by side: two.
	seq = 0
	l, _ := column(&seq, left, 80, "Left column text runs on across the column", "and down to the next line.")
	r, _ := column(&seq, right, 80, "Right column text runs on across the column", "and down to the next line.")
	_, two := layoutPage(append(l, r...), nil, core.BBox{X1: 612, Y1: 792})
	if one.columns != 1 || two.columns != 2 {
		t.Errorf("columns %d and %d; want 1 (header split at a gap) and 2", one.columns, two.columns)
	}
}
