package nativetext

import (
	"fmt"
	"math"
	"testing"
)

func TestType3FontSize(t *testing.T) {
	t.Parallel()
	// A Type 3 font's em is one unit of text space whatever units its
	// glyphs are drawn in: Chromium writes FontMatrix 1/2048 for a font
	// designed on 2048 units. Drawn at 20 pt it is a 20 pt font, and so is
	// one on 1000 units; only glyphs far smaller than the em (a bitmap
	// font in pixel units) take the size of their box.
	cases := []struct {
		name   string
		matrix string
		bbox   string
		want   float64
	}{
		{"2048 units", "0.00048828125 0 0 -0.00048828125 0 0", "0 400 1400 -1600", 20},
		{"1000 units", "0.001 0 0 0.001 0 0", "0 -200 1000 800", 20},
		{"pixel units", "1 0 0 1 0 0", "0 -0.05 0.3 0.25", 20 * 0.3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			font := fmt.Sprintf("<< /Type /Font /Subtype /Type3 /FontMatrix [%s] /FontBBox [%s] /FirstChar 65 /LastChar 66"+
				" /Widths [0 0] /Encoding << /Type /Encoding /Differences [65 /A /B] >> /CharProcs << /A 5 0 R /B 5 0 R >> >>",
				c.matrix, c.bbox)
			b := onePage("", "<< /Font << /F1 "+font+" >> >>", "BT /F1 20 Tf 72 700 Td (AB) Tj ET", stream("", "0 0 d0"))
			res, err := extractAll(t, b.Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			p := res[1].Page
			if len(p.Blocks) == 0 || len(p.Blocks[0].Lines) == 0 {
				t.Fatalf("no text: %+v", p)
			}
			w := p.Blocks[0].Lines[0].Words[0]
			if w.Text != "AB" || math.Abs(w.Size-c.want) > 0.05 {
				t.Errorf("word %q at %.2f pt; want \"AB\" at %.2f pt", w.Text, w.Size, c.want)
			}
		})
	}
}
