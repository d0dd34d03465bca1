package ocr

import (
	"image"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
	"github.com/assay-pdf/assay/internal/render"
)

// TestPagePartsCutsColumns cuts real scanned pages into parts. A page of
// two columns is cut in its gutter: on columns-offset.pdf (lines half a
// line apart; the left column's lines run from 54 pt to some 250-290 pt,
// the right column starts at 322 pt, and the title above lies within the
// left column's width) the whole page is cut; on columns.pdf (a title
// across the page, two columns of five lines over a table as wide as the
// left column, a closing line across) the columns and the table between
// the title and the closing line. A page of one column stays whole. Every
// page's parts cover it without overlap.
func TestPagePartsCutsColumns(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		file      string
		parts     int
		cutFromPt float64 // a vertical cut lies between these (0: none)
		cutToPt   float64
	}{
		{file: "columns-offset.pdf", parts: 2, cutFromPt: 250, cutToPt: 322},
		{file: "columns.pdf", parts: 4, cutFromPt: 290, cutToPt: 322},
		{file: "scan.pdf", parts: 1},
	} {
		t.Run(tc.file, func(t *testing.T) {
			_, _, cp, _ := probePage(t, tc.file)
			g := cp.cleaned
			parts := pageParts(g, probeDPI)
			if len(parts) != tc.parts {
				t.Fatalf("%d parts %v, want %d", len(parts), parts, tc.parts)
			}
			area := 0
			for i, p := range parts {
				area += p.Dx() * p.Dy()
				for _, q := range parts[i+1:] {
					if p.Overlaps(q) {
						t.Errorf("parts %v and %v overlap", p, q)
					}
				}
			}
			if area != g.Rect.Dx()*g.Rect.Dy() {
				t.Errorf("parts cover %d pixels of the page's %d", area, g.Rect.Dx()*g.Rect.Dy())
			}
			if tc.cutToPt == 0 {
				return
			}
			px := func(pt float64) int { return int(pt * probeDPI / 72) }
			cut := false
			for _, p := range parts {
				if p.Min.X > g.Rect.Min.X {
					cut = true
					if p.Min.X < px(tc.cutFromPt) || p.Min.X > px(tc.cutToPt) {
						t.Errorf("a part starts at x %d, outside the gutter [%d, %d]", p.Min.X, px(tc.cutFromPt), px(tc.cutToPt))
					}
				}
			}
			if !cut {
				t.Errorf("no part was cut at the gutter: %v", parts)
			}
		})
	}
}

// TestReadPageReadsColumnsApart reads the whole page of two columns whose
// lines sit half a line apart as the engine does. Read as one block,
// Tesseract took a row of each column for one line.
func TestReadPageReadsColumnsApart(t *testing.T) {
	j, tw, cp, _ := probePage(t, "columns-offset.pdf")
	words, err := j.readPage(t.Context(), tw, cp.cleaned, probeDPI, []string{fastLatin}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(words) < 2*minJudgedWords {
		t.Fatalf("read %d words", len(words))
	}
	checkColumnWords(t, "the page's reading", words)
}

// TestColumnRunEndsAtANarrowedGutter: two columns with a gutter 40 px
// wide (at 200 dpi) run on through a band that shares it; a footnote
// under them, whose first line has a 20 px space where the gutter runs,
// shares only that space and is no part of the run. A short heading
// beside a column's first line leaves a wider gutter, which the columns
// under it narrow: they start the run with it.
func TestColumnRunEndsAtANarrowedGutter(t *testing.T) {
	t.Parallel()
	const dpi = 200
	band := func(h, inkedRows int, inked ...[2]int) bandInk {
		cols := make([]int, 400)
		for _, r := range inked {
			for x := r[0]; x < r[1]; x++ {
				cols[x] = h / 2
			}
		}
		return bandInk{cols: cols, h: h, inkedRow: inkedRows}
	}
	body := band(250, 220, [2]int{0, 150}, [2]int{190, 400})
	more := band(120, 100, [2]int{0, 150}, [2]int{190, 400})
	footnote := band(40, 30, [2]int{0, 165}, [2]int{185, 350})
	heading := band(60, 40, [2]int{0, 121}, [2]int{190, 400})
	for _, tc := range []struct {
		name  string
		bands []bandInk
		want  int
	}{
		{"columns on through a band that shares the gutter", []bandInk{body, more}, 2},
		{"columns, then a footnote with a space in the gutter", []bandInk{body, footnote}, 1},
		{"columns, the footnote, more columns", []bandInk{body, footnote, more}, 1},
		{"a short heading beside a column's first line, then the columns", []bandInk{heading, body}, 2},
	} {
		if got := columnRun(tc.bands, dpi); got != tc.want {
			t.Errorf("%s: run of %d bands, want %d", tc.name, got, tc.want)
		}
	}
}

// TestPaddleReadsColumnsApart reads a page of two columns of Chinese
// (the generated corpus's cjk-04, printed at 200 dpi) with PaddleOCR, as
// a page in Han script is read. The gutter is narrow (about two
// characters), and the detector's boxes, grown by their margins, had
// joined a line of each column into one: every line read must lie in one
// column, under half the page's width.
func TestPaddleReadsColumnsApart(t *testing.T) {
	pdf := filepath.Join(corpustest.Dir(t, "generated", "pdf"), "cjk-04.pdf")
	e := engineFor(t, BackendAuto)
	ctx := t.Context()
	j, err := e.prepare(ctx, &core.Request{Source: pdf})
	if err != nil {
		t.Fatal(err)
	}
	if j.paddleFor() == nil {
		t.Skip("PaddleOCR not installed (run make deps)")
	}
	if j.doc, err = j.r.LoadFile(ctx, pdf); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.doc.Close() })
	const dpi = 200
	img, _, err := j.pageImage(ctx, 1, render.Options{DPI: dpi, Gray: true}, map[string]float64{})
	if err != nil {
		t.Fatal(err)
	}
	lines, err := j.recognize(ctx, BackendPaddle, nil, img, dpi, "HanT", 1, map[string]float64{})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) < 20 {
		t.Fatalf("read %d lines", len(lines))
	}
	for _, l := range lines {
		if 2*l.box.Dx() > img.Rect.Dx() {
			t.Errorf("line %q spans %v, over half the page's %d pixels", l.text, l.box, img.Rect.Dx())
		}
	}
}

// TestLongColumns: PaddleOCR reads a page in parts only where columns
// run minPaddleColumnsInch down the page side by side; a short run, such
// as full-width commas lining up down a few lines of Chinese, leaves the
// page whole.
func TestLongColumns(t *testing.T) {
	t.Parallel()
	const dpi = 200
	tests := []struct {
		name  string
		parts []image.Rectangle
		want  bool
	}{
		{"two columns the page's height under a title", []image.Rectangle{
			image.Rect(0, 0, 1653, 221), image.Rect(0, 221, 824, 2339), image.Rect(824, 221, 1653, 2339)}, true},
		{"a band of one column cut at commas that line up", []image.Rectangle{
			image.Rect(0, 0, 1653, 1243), image.Rect(0, 1243, 1063, 1674), image.Rect(1063, 1243, 1653, 1674), image.Rect(0, 1674, 1653, 2339)}, false},
		{"bands one under another", []image.Rectangle{
			image.Rect(0, 0, 1653, 300), image.Rect(0, 300, 1653, 2339)}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := longColumns(tc.parts, dpi); got != tc.want {
				t.Errorf("longColumns = %v, want %v", got, tc.want)
			}
		})
	}
}

// Display type over body text (testdata/ocr/src/display.ps): headings of
// 24 to 72 points, and 'SALE NOW' at 96 points, whose letters stand as
// far apart as columns. Each is read whole, as a heading, and the body
// lines between them as paragraphs. Read in one block with the body,
// Tesseract read 'Fort ight' and 'S t t' and lost the 24-point heading;
// cut at the blanks between its letters, 'SALE NOW' came out in four
// pieces.
func TestReadsDisplayType(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	res := extract(t, e, testdata("display.pdf"), nil, 1, 2)
	body := "The stores open at nine and close at six, on Sundays at four."
	want := [][]string{
		{"Heading in twenty four", "Heading thirty six", "Forty eight", "Sixty point", "Seventy two"},
		{"SALE NOW", "Open Every Day"},
	}
	for i, r := range res {
		var heads []string
		bodies := 0
		for _, b := range r.Page.Blocks {
			text := strings.Join(strings.Fields(b.Text()), " ")
			switch {
			case b.Kind == core.KindHeading:
				heads = append(heads, text)
			case strings.Contains(text, body):
				bodies += strings.Count(text, body)
			}
		}
		if !slices.Equal(heads, want[i]) {
			t.Errorf("page %d: headings %q, want %q", i+1, heads, want[i])
		}
		if wantBodies := []int{10, 1}[i]; bodies != wantBodies {
			t.Errorf("page %d: %d body lines read whole, want %d; page:\n%s", i+1, bodies, wantBodies, r.Page.Text())
		}
	}
}
