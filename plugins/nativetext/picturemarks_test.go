package nativetext

import (
	"fmt"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestPictureBullets: a list whose bullets are pictures (Word's picture
// bullets: a small image left of each item, no glyph) reads as list
// items, not as one paragraph. Pictures drawn down the margin whatever
// the lines (a notebook's rings) mark nothing, nor does a picture of a
// letter's size inside a line.
func TestPictureBullets(t *testing.T) {
	t.Parallel()
	img := stream("/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8", "\x00")
	res := "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> /XObject << /Im1 5 0 R >> >>"
	lines := func(ys ...int) string {
		var sb strings.Builder
		sb.WriteString("BT /F1 10 Tf 1 0 0 1 72 700 Tm (Here is a list:) Tj ET\n")
		for i, y := range ys {
			fmt.Fprintf(&sb, "BT /F1 10 Tf 1 0 0 1 90 %d Tm (Item number %d) Tj ET\n", y, i+1)
		}
		return sb.String()
	}
	mark := func(x, y int) string { return fmt.Sprintf("q 6 0 0 6 %d %d cm /Im1 Do Q\n", x, y) }
	bullets := lines(684, 670, 656) + mark(78, 685) + mark(78, 671) + mark(78, 657)
	rings := lines(684, 670, 656)
	for y := 740; y > 560; y -= 9 {
		rings += mark(78, y)
	}
	inline := lines(684, 670, 656) + mark(150, 685) + mark(150, 671)
	for _, c := range []struct {
		name, content string
		items         int
	}{
		{"picture bullets", bullets, 3},
		{"rings down the margin", rings, 0},
		{"pictures inside lines", inline, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, err := extractAll(t, onePage("", res, c.content, img).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			items := 0
			for _, b := range r[1].Page.Blocks {
				if b.Kind == core.KindListItem {
					items++
					if !strings.HasPrefix(b.Text(), "Item number") || len(b.Lines) != 1 {
						t.Errorf("item %q", b.Text())
					}
				}
			}
			if items != c.items {
				t.Errorf("%d list items, want %d: %q", items, c.items, blockTexts(r[1].Page.Blocks))
			}
		})
	}
}
