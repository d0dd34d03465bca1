package ocr

import (
	"testing"
)

// TestPagePartsCutsColumns cuts real scanned pages into parts. The page
// of two columns whose lines sit half a line apart is cut in its gutter
// below its title (the source's left column starts at 54 pt, its lines
// are some 200 pt long, and the right column starts at 322 pt); a page of one column stays whole, as does a page whose two
// columns run five lines only (too few for their gutter to be told from
// spaces lined up). Every page's parts cover it without overlap.
func TestPagePartsCutsColumns(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		file      string
		parts     int
		cutFromPt float64 // a vertical cut lies between these (0: none)
		cutToPt   float64
	}{
		{file: "columns-offset.pdf", parts: 3, cutFromPt: 250, cutToPt: 322},
		{file: "columns.pdf", parts: 1},
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
