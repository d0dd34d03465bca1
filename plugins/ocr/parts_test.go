package ocr

import (
	"testing"
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
