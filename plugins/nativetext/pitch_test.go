package nativetext

import (
	"fmt"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestFixedPitchFonts: a font is fixed-pitch by its descriptor's flags,
// its name (a Type 3 font's is its descriptor's FontName), or its widths
// when they give a narrow and a wide letter one cell; the digits and
// round letters that a proportional face draws alike are no evidence.
func TestFixedPitchFonts(t *testing.T) {
	t.Parallel()
	// A Type 3 font whose i and m are wi and wm wide.
	type3 := func(name string, wi, wm int) string {
		return "<< /Type /Font /Subtype /Type3 /FontMatrix [0.001 0 0 0.001 0 0] /FontBBox [0 -200 600 800]" +
			fmt.Sprintf(" /FirstChar 105 /LastChar 109 /Widths [%d 0 0 0 %d] /Encoding", wi, wm) + " << /Type /Encoding /Differences [105 /i 109 /m] >>" +
			" /CharProcs << /i 5 0 R /m 5 0 R >> /FontDescriptor << /Type /FontDescriptor /FontName /" + name + " /Flags 4 >> >>"
	}
	widths := func(w map[byte]int) string {
		ws := make([]string, 95)
		for c := range ws {
			ws[c] = fmt.Sprint(w[byte(c+32)])
		}
		return "<< /Type /Font /Subtype /TrueType /BaseFont /ABCDEF+Sans /FirstChar 32 /LastChar 126 /Encoding /WinAnsiEncoding" +
			" /Widths [" + strings.Join(ws, " ") + "] /FontDescriptor << /Type /FontDescriptor /FontName /ABCDEF+Sans /Flags 32 >> >>"
	}
	same := func(chars string, w int) map[byte]int {
		m := map[byte]int{}
		for _, c := range []byte(chars) {
			m[c] = w
		}
		return m
	}
	cases := []struct {
		name, font, text string
		want             bool
	}{
		{"Type 3 named Fira Code", type3("FiraCode-Regular", 600, 700), "mim", true},
		{"Type 3 named Arial Unicode", type3("ArialUnicodeMS", 230, 830), "mim", false},
		{"Type 3 with one cell", type3("ABCDEF+Face", 600, 600), "mim", true},
		{"one width for i and m", widths(same("imnu 0123456789", 600)), "minimum 2026", true},
		{"one width for digits and round letters", widths(same("abdeghnopqu 0123456789", 556)), "bad egg 2026", false},
		{"proportional", widths(map[byte]int{'i': 222, 'm': 833, 'n': 556, 'u': 556, ' ': 278}), "minimum", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			b := onePage("", "<< /Font << /F1 "+c.font+" >> >>", "BT /F1 12 Tf 72 700 Td ("+c.text+") Tj ET", stream("", "600 0 d0"))
			res, err := extractAll(t, b.Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			var n, mono int
			for _, bl := range res[1].Page.Blocks {
				for _, l := range bl.Lines {
					for _, w := range l.Words {
						n++
						if w.Flags.Has(core.FlagMonospace) {
							mono++
						}
					}
				}
			}
			if n == 0 {
				t.Fatalf("no words: %+v", res[1].Page)
			}
			if got := mono == n; got != c.want || mono != 0 && mono != n {
				t.Errorf("%d of %d words fixed-pitch, want all %v", mono, n, c.want)
			}
		})
	}
}
