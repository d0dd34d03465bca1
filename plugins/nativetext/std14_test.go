package nativetext

import (
	"math"
	"testing"
)

// timesRes is a resource dictionary with Times-Roman in encoding enc as
// /F1, without /Widths.
func timesRes(enc string) string {
	return "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /" + enc + " >> >> >>"
}

// TestStandardFontWidths: a standard font without /Widths advances by its
// built-in metrics, by the glyph each code names. Helvetica's W is 944/1000
// em wide and its i 222; under /Differences, code 1 names W.
func TestStandardFontWidths(t *testing.T) {
	t.Parallel()
	const diffRes = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica" +
		" /Encoding << /Differences [1 /W] >> >> >> >>"
	for _, tc := range []struct {
		name, res, show, word string
		width                 float64 // at 10 pt
	}{
		{"WinAnsi names", helvRes, "(Wi)", "Wi", 11.66},
		{"Differences", diffRes, "(\\001i)", "Wi", 11.66},
		{"one narrow glyph", helvRes, "(iiii)", "iiii", 8.88},
		// The bullet is 0.35 em in Times, at 225 octal in WinAnsi and
		// 245 in MacRoman; WinAnsi's undefined codes also name it.
		{"WinAnsi bullet", timesRes("WinAnsiEncoding"), "(\\225)", "•", 3.5},
		{"MacRoman bullet", timesRes("MacRomanEncoding"), "(\\245)", "•", 3.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			content := "BT /F1 10 Tf 100 700 Td " + tc.show + " Tj ET"
			res, err := extractAll(t, onePage("", tc.res, content).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			p := res[1].Page
			for _, b := range p.Blocks {
				for _, l := range b.Lines {
					for _, w := range l.Words {
						if w.Text == tc.word {
							if got := w.BBox.X1 - w.BBox.X0; math.Abs(got-tc.width) > 0.01 {
								t.Errorf("%q is %.3f pt wide, want %.2f", w.Text, got, tc.width)
							}
							return
						}
					}
				}
			}
			t.Fatalf("no word %q in %q", tc.word, words(p))
		})
	}
}
