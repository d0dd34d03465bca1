package nativetext

import (
	"fmt"
	"math"
	"slices"
	"strings"
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

// TestType3BitmapFont: dvips draws TeX's bitmap fonts as Type 3 fonts
// with FontMatrix [1 0 0 -1 0 0], a placeholder FontBBox of 1,000 units
// over glyphs that advance about 40, glyph names that are counters ('CT'
// for 'e') over a WinAnsi base, and, in an ISCA paper of 2010, a
// ToUnicode that maps only 'c', to a carriage return. Read through the
// base encoding with an em taken from the advances, the lines of its two
// columns read as lines of words, every c in place.
func TestType3BitmapFont(t *testing.T) {
	t.Parallel()
	var diffs, procs, widths strings.Builder
	diffs.WriteString("97")
	for c := 'a'; c <= 'z'; c++ {
		name := fmt.Sprintf("C%c", 'A'+(c-'a'))
		fmt.Fprintf(&diffs, " /%s", name)
		fmt.Fprintf(&procs, " /%s 5 0 R", name)
	}
	for c := 32; c <= 122; c++ {
		w := 40
		if c == 32 {
			w = 22
		}
		fmt.Fprintf(&widths, " %d", w)
	}
	font := "<< /Type /Font /Subtype /Type3 /FontMatrix [1 0 0 -1 0 0] /FontBBox [0 0 1000 1000] /FirstChar 32 /LastChar 122" +
		" /Widths [" + widths.String() + "] /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [" + diffs.String() + "] >>" +
		" /CharProcs <<" + procs.String() + " >> /ToUnicode 6 0 R >>"
	left := []string{"a check on each code", "reads as the print", "shows its letters"}
	right := []string{"the second column", "keeps its own lines", "beside the first"}
	var c strings.Builder
	for i := range left {
		fmt.Fprintf(&c, "BT /F1 0.12 Tf 1 0 0 -1 72 %d Tm (%s) Tj ET BT /F1 0.12 Tf 1 0 0 -1 320 %d Tm (%s) Tj ET ", 700-14*i, left[i], 700-14*i, right[i])
	}
	b := onePage("", "<< /Font << /F1 "+font+" >> >>", c.String(), stream("", "40 0 d0"),
		stream("", "/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <00> <ff> endcodespacerange 1 beginbfrange <63> <63> <000d> endbfrange endcmap end end"))
	res, err := extractAll(t, b.Write(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	lines := lineTexts(res[1].Page)
	for _, want := range append(left, right...) {
		if !slices.Contains(lines, want) {
			t.Errorf("line %q missing from %q", want, lines)
		}
	}
}

// TestType3NamedByCode: a Type 3 font whose glyphs are named by their
// codes in decimal (/65 at code 65, /224 at 224) reads its codes as the
// Windows code page's characters; a font with a few such names among
// others spells them as names, which they are not.
func TestType3NamedByCode(t *testing.T) {
	t.Parallel()
	font := func(codes []int, extra string) string {
		var diffs, procs strings.Builder
		for _, c := range codes {
			fmt.Fprintf(&diffs, "%d /%d ", c, c)
			fmt.Fprintf(&procs, "/%d 5 0 R ", c)
		}
		return "<< /Type /Font /Subtype /Type3 /FontMatrix [0.001 0 0 0.001 0 0] /FontBBox [0 -200 1000 800] /FirstChar 32 /LastChar 255" +
			" /Widths [" + strings.Repeat("500 ", 224) + "] /Encoding << /Type /Encoding /Differences [" + diffs.String() + extra + "] >> /CharProcs << " + procs.String() + ">> >>"
	}
	// 'Città alta' in codes, the space 32 and 'à' 224.
	shown := "(Citt\\340 alta)"
	codes := []int{32, 67, 97, 105, 108, 116, 224}
	tests := []struct {
		name, font, want string
	}{
		{"named by code", font(append(codes, 65, 66), ""), "Città alta"},
		{"too few", font(codes[:6], ""), strings.Repeat("\uFFFD", 10)},
		{"other names", font(append(codes, 65, 66), "70 /F"), strings.Repeat("\uFFFD", 10)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			b := onePage("", "<< /Font << /F1 "+tc.font+" >> >>", "BT /F1 20 Tf 72 700 Td "+shown+" Tj ET", stream("", "500 0 d0"))
			res, err := extractAll(t, b.Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(words(res[1].Page), " "); got != tc.want {
				t.Errorf("text %q, want %q", got, tc.want)
			}
		})
	}
}
