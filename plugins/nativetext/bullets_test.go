package nativetext

import (
	"fmt"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// disc is a content-stream path of a filled disc of diameter d at the
// lower left corner x, y (PDF space), drawn with four curves as a
// browser draws a list's bullet.
func disc(x, y, d float64) string {
	r, k := d/2, d/2*0.5523
	cx, cy := x+r, y+r
	return fmt.Sprintf(" %g %g m %g %g %g %g %g %g c %g %g %g %g %g %g c %g %g %g %g %g %g c %g %g %g %g %g %g c f",
		cx+r, cy,
		cx+r, cy+k, cx+k, cy+r, cx, cy+r,
		cx-k, cy+r, cx-r, cy+k, cx-r, cy,
		cx-r, cy-k, cx-k, cy-r, cx, cy-r,
		cx+k, cy-r, cx+r, cy-k, cx+r, cy)
}

// TestDrawnBullets: discs painted before lines in the text's colour, one
// under another or before an item's hung lines, as a browser prints a
// list, make the lines a list's items; a lone disc, discs of another
// colour, one that touches its text, one too large (a legend's swatch),
// one between words, and discs that do not stand one under another do
// not.
func TestDrawnBullets(t *testing.T) {
	t.Parallel()
	const size = 11.0
	item := func(y float64, text string) string { return textAt(size, 75, y, text) }
	// A disc of 3 points, its middle a third of an em over the baseline
	// at y (from the top), its right edge gap points before x 75.
	bullet := func(y, gap, d float64) string { return disc(75-gap-d, 792-y+size/3-d/2, d) }
	// A Hebrew word of four letters, set to end at x 300 at 10 points
	// (every glyph half an em), in the font hebrew names.
	hebrewLine := func(y float64) string {
		return fmt.Sprintf(" BT /F2 10 Tf 280 %g Td <0002000400030001> Tj ET", 792-y)
	}
	tests := []struct {
		name    string
		content string
		items   int
	}{
		// Right to left, a list's discs stand right of its items.
		{"right to left", disc(307.5, 792-100+10.0/3-1.5, 3) + hebrewLine(100) + disc(307.5, 792-114+10.0/3-1.5, 3) + hebrewLine(114), 2},
		// Discs after lines written left to right end nothing's items.
		{"after left to right", textAt(size, 75, 100, "Group") + disc(110, 792-100+size/3-1.5, 3) +
			textAt(size, 75, 117, "Group") + disc(110, 792-117+size/3-1.5, 3), 0},
		{"list", bullet(100, 8.25, 3) + item(100, "Group space manage leader") +
			bullet(117, 8.25, 3) + item(117, "Matter economy wonder") + bullet(134, 8.25, 3) + item(134, "Kitchen item country"), 3},
		{"one disc", bullet(100, 8.25, 3) + item(100, "Group space manage leader"), 0},
		// A list's last item alone at the foot of a column, its list going
		// on in the next: it has the style of the page's bullets.
		{"one item in the page's style", bullet(100, 8.25, 3) + item(100, "Group space manage leader") +
			bullet(117, 8.25, 3) + item(117, "Matter economy wonder") +
			disc(300-8.25-3, 792-700+size/3-1.5, 3) + textAt(size, 300, 700, "Kitchen item country"), 3},
		{"one disc in another style", bullet(100, 8.25, 3) + item(100, "Group space manage leader") +
			bullet(117, 8.25, 3) + item(117, "Matter economy wonder") +
			disc(300-8.25-4.5, 792-700+size/3-2.25, 4.5) + textAt(size, 300, 700, "Kitchen item country"), 2},
		// A legend's marks have colours of their own.
		{"other colour", " 1 0 0 rg" + bullet(100, 8.25, 3) + bullet(117, 8.25, 3) + " 0 g" +
			item(100, "Group space manage leader") + item(117, "Matter economy wonder"), 0},
		{"text's colour", " 0.2 0.2 0.6 rg" + bullet(100, 8.25, 3) + item(100, "Group space manage leader") +
			bullet(117, 8.25, 3) + item(117, "Matter economy wonder"), 2},
		// The last item of a column, its list going on in the next: its
		// second line hangs under its text.
		{"one item hung", bullet(100, 8.25, 3) + item(100, "Amount choice wougrom current") + item(114, "argue platgarbegrut develop."), 1},
		{"one disc over text", bullet(100, 8.25, 3) + item(100, "Amount choice wougrom current") +
			textAt(size, 50, 114, "and") + textAt(size, 75, 114, "argue platgarbegrut develop."), 0},
		{"touching", bullet(100, 1, 3) + item(100, "Group space manage leader") + bullet(117, 1, 3) + item(117, "Matter economy wonder"), 0},
		{"swatches", bullet(100, 4, 6.5) + item(100, "0 to 24 years") + bullet(117, 4, 6.5) + item(117, "25 to 59 years"), 0},
		{"between words", textAt(size, 30, 100, "Home") + bullet(100, 8.25, 3) + item(100, "About") +
			textAt(size, 30, 117, "News") + bullet(117, 8.25, 3) + item(117, "Contact"), 0},
		{"not one under another", bullet(100, 8.25, 3) + item(100, "Group space manage leader") +
			disc(150, 792-117+size/3-1.5, 3) + textAt(size, 161, 117, "Matter economy wonder"), 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, err := extractAll(t, onePage("", hebrewRes, tc.content, hebrew...).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			items := 0
			var texts []string
			for _, b := range res[1].Page.Blocks {
				if b.Kind == core.KindListItem {
					items++
				}
				texts = append(texts, string(b.Kind)+": "+b.Text())
			}
			if items != tc.items {
				t.Errorf("%d list items, want %d: %q", items, tc.items, texts)
			}
			if bullets := strings.Count(strings.Join(texts, " "), "•"); bullets != tc.items {
				t.Errorf("%d bullets in the text, want %d: %q", bullets, tc.items, texts)
			}
		})
	}
}

// hebrewRes names Helvetica F1 and a Type0 font F2 whose codes 1 to 5
// are Hebrew letters (objects 5 to 7 of a page built with hebrew).
const hebrewRes = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> /F2 5 0 R >> >>"

var hebrew = []string{
	"<< /Type /Font /Subtype /Type0 /BaseFont /Heb /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
	"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Heb /DW 500 >>",
	stream("", "begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange 6 beginbfchar <0001> <05E2> <0002> <05DD> <0003> <05D5> <0004> <05DC> <0005> <05DE> <0020> <0020> endbfchar endcmap"),
}
