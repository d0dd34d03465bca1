package nativetext

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestDropCaps(t *testing.T) {
	t.Parallel()
	// A 36 pt "H" beside three 10 pt lines whose first starts "enfym":
	// the capital's top is level with the first line's capitals, its
	// baseline is the third line's.
	para := "BT /F1 10 Tf 1 0 0 1 100 700 Tm (enfym crossed the river before) Tj 1 0 0 1 100 688 Tm (the bridge was built, and the) Tj 1 0 0 1 100 676 Tm (ferry went on for years.) Tj ET\n"
	cap := "BT /F1 36 Tf 1 0 0 1 72 676 Tm (H) Tj ET\n"
	// A large word and a large letter with no text beside it stay apart.
	heading := "BT /F1 36 Tf 1 0 0 1 72 600 Tm (AB) Tj ET BT /F1 10 Tf 1 0 0 1 72 560 Tm (A paragraph under the heading.) Tj ET\n"
	alone := "BT /F1 36 Tf 1 0 0 1 400 450 Tm (Z) Tj ET\n"
	for _, tc := range []struct {
		name, content string
		want, not     string
	}{
		{"drop cap joins the first word", cap + para, "Henfym crossed the river before", "H enfym"},
		{"a large word is a heading", heading, "AB", "ABA"},
		{"a large letter alone stays", alone + para, "Z", "Zenfym"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, err := extractAll(t, onePage("", helvRes, tc.content).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			page := res[1].Page
			text := strings.Join(strings.Fields(page.Text()), " ")
			if !strings.Contains(text, tc.want) || strings.Contains(text, tc.not) {
				t.Errorf("text %q: want %q, not %q", text, tc.want, tc.not)
			}
		})
	}
}

// glyphBody, which tallies runs of one size, gives the median a sort of
// every glyph's size gives, over pages of runs of a few sizes, sizes in
// no order, NaNs among them, and glyphs it leaves out.
func TestGlyphBodyIsTheMedian(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 8))
	for page := range 200 {
		var gs []glyph
		for range r.IntN(60) {
			size := []float64{6, 9, 9.5, 10, 12, 18, math.NaN()}[r.IntN(7)]
			for range 1 + r.IntN(30) {
				g := glyph{text: "a", size: size}
				switch r.IntN(20) {
				case 0:
					g.space = true
				case 1:
					g.dir = 90
				case 2:
					g.text = ""
				}
				gs = append(gs, g)
			}
		}
		var sizes []float64
		for _, g := range gs {
			if g.dir == 0 && !g.space && g.text != "" {
				sizes = append(sizes, g.size)
			}
		}
		want := 0.0
		if len(sizes) > 0 {
			want = medianInPlace(sizes)
		}
		if got := glyphBody(gs); got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Fatalf("page %d: glyphBody %v; the sorted sizes' median is %v", page, got, want)
		}
	}
}
