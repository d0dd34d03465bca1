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
