package ocr

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
)

// drawSigns draws a page of "signs" (dark squares of 24 pixels, 4 apart)
// in lines 36 pixels apart: vertical lines, read top to bottom and right
// to left, or horizontal ones.
func drawSigns(vertical bool) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, 1400, 1800))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	for line := range 30 {
		for sign := range 40 {
			x, y := 100+line*36, 100+sign*28 // a vertical line's sign
			if !vertical {
				x, y = 100+sign*28, 100+line*36
			}
			for dy := range 24 {
				for dx := range 24 {
					g.Pix[(y+dy)*g.Stride+x+dx] = 0
				}
			}
		}
	}
	return g
}

// drawNewspaper draws five narrow columns of horizontal "text" lines,
// 12 pixels high and 40 apart, each column's lines 9 pixels below the
// last one's: no row of the page is blank, though every line gap of a
// column is, and the gutters are the page's widest blanks across it.
func drawNewspaper() *image.Gray {
	g := image.NewGray(image.Rect(0, 0, 1650, 2300))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	for c := range 5 {
		x0 := 100 + c*300
		for y0 := 200 + 9*c; y0 < 2100; y0 += 40 {
			for x := x0; x < x0+260; x++ {
				if ((x+7*y0)/30)%4 == 3 { // word gaps, not lined up
					continue
				}
				for dy := range 12 {
					g.Pix[(y0+dy)*g.Stride+x] = 0
				}
			}
		}
	}
	return g
}

// TestSetVertically: a page set in vertical lines shows its widest
// blanks across the page; one set in horizontal lines, or in columns of
// horizontal lines standing at other heights, down it (in its largest
// column).
func TestSetVertically(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		g    *image.Gray
		want bool
	}{
		{"vertical lines", drawSigns(true), true},
		{"horizontal lines", drawSigns(false), false},
		{"columns of horizontal lines", drawColumns(0, 7), false},
		{"five columns of lines at other heights", drawNewspaper(), false},
	}
	for _, tc := range tests {
		if got := setVertically(tc.g, 200); got != tc.want {
			t.Errorf("%s: setVertically = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestReadsVerticalJapanese reads the generated corpus's page of
// vertical Japanese: its title and two sections are headings, and its
// text is the page's, in the order of its lines (read horizontally, the
// page gave 18 'words' of one or two signs).
func TestReadsVerticalJapanese(t *testing.T) {
	dir := corpustest.Dir(t, "generated")
	e := engineFor(t, BackendAuto)
	if e.tess == nil || e.tess.verticalModel("Japanese") == "" {
		t.Skip("no vertical Japanese model (run make deps)")
	}
	gt, err := os.ReadFile(filepath.Join(dir, "gt", "cjk-05.md"))
	if err != nil {
		t.Fatal(err)
	}
	res := extract(t, e, filepath.Join(dir, "pdf", "cjk-05.pdf"), nil, 1)
	heads := 0
	var text strings.Builder
	for _, b := range res[0].Page.Blocks {
		if b.Kind == core.KindHeading {
			heads++
		}
		text.WriteString(b.Text())
	}
	if heads != 3 {
		t.Errorf("%d headings, want 3", heads)
	}
	want, got := signs(string(gt)), signs(text.String())
	if r := float64(commonRun(want, got)) / float64(len(want)); r < minVerticalRecall {
		t.Errorf("%.3f of the page's signs read in order, want %.2f or more:\n%s", r, minVerticalRecall, text.String())
	}
}

// minVerticalRecall: OCR misreads a sign here and there ('時問' for
// '時間').
const minVerticalRecall = 0.95

// signs are the runes of s, blanks and Markdown's '#' left out.
func signs(s string) []rune {
	var out []rune
	for _, r := range s {
		if !unicode.IsSpace(r) && r != '#' {
			out = append(out, r)
		}
	}
	return out
}

// commonRun is the length of the longest common subsequence of a and b.
func commonRun(a, b []rune) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(cur[j], prev[j+1])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
