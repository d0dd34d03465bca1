package nativetext

import (
	"fmt"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestSlotFonts: a simple font whose glyphs are all a full em wide is a
// CJK face addressed by slots, its codes no characters of the encoding
// it names: the text it draws is unknown (U+FFFD, counted unmapped),
// not Latin-1 soup. So is one whose codes run from '!' in order of use,
// named with their codes' standard names. A proportional face, a few
// wide glyphs, a slot font with a ToUnicode and glyphs in order of use
// named truly keep their text.
func TestSlotFonts(t *testing.T) {
	t.Parallel()
	// font is a TrueType font over codes 32-126 with WinAnsi, the widths
	// of width (a code there: its own), and extra entries.
	font := func(width func(c int) int, extra string) string {
		ws := make([]string, 95)
		for i := range ws {
			ws[i] = fmt.Sprint(width(i + 32))
		}
		return "<< /Type /Font /Subtype /TrueType /BaseFont /AAADAZ+Face /FirstChar 32 /LastChar 126 /Encoding /WinAnsiEncoding" +
			" /Widths [" + strings.Join(ws, " ") + "] /FontDescriptor << /Type /FontDescriptor /FontName /AAADAZ+Face /Flags 4 >>" + extra + " >>"
	}
	full := func(int) int { return 1000 }
	// ordered is a Type 1 font whose ten codes from '!' carry the names
	// given, with proportional widths.
	ordered := func(names string) string {
		return "<< /Type /Font /Subtype /Type1 /BaseFont /DY17+ZGDAQU-17 /FirstChar 33 /LastChar 42" +
			" /Widths [556 722 333 556 500 444 500 611 667 278] /Encoding << /Type /Encoding /Differences [33 " + names + "] >> >>"
	}
	// The ToUnicode stream is the page's first extra object, 5 0 R.
	toUnicode := stream("", "1 begincodespacerange <00> <FF> endcodespacerange 2 beginbfchar <41> <6C34> <42> <5C71> endbfchar")
	cases := []struct {
		name, font, text, want string
		unmapped               float64
	}{
		{"every glyph an em wide", font(full, ""), "ABC", "\ufffd\ufffd\ufffd", 3},
		{"proportional", font(func(c int) int { return 300 + 5*(c%80) }, ""), "ABC", "ABC", 0},
		{"a Latin face's wide glyphs", font(func(c int) int {
			if c == 'W' || c == 'M' || c == '@' {
				return 1000
			}
			return 556
		}, ""), "WAM", "WAM", 0},
		{"too few widths to tell", "<< /Type /Font /Subtype /TrueType /BaseFont /Dash /FirstChar 65 /LastChar 67 /Encoding /WinAnsiEncoding /Widths [1000 1000 1000] >>", "ABC", "ABC", 0},
		{"a ToUnicode says", font(full, " /ToUnicode 5 0 R"), "AB", "水山", 0},
		{"codes from ! in order of use", ordered("/exclam /quotedbl /numbersign /dollar /percent /ampersand /quoteright /parenleft /parenright /asterisk"),
			"!\"#", "\ufffd\ufffd\ufffd", 3},
		{"codes from ! named truly", ordered("/T /h /e /c /a /t /s /o /n /m"), "!\"#", "The", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			res, err := extractAll(t, onePage("", "<< /Font << /F1 "+c.font+" >> >>", "BT /F1 12 Tf 72 700 Td ("+c.text+") Tj ET", toUnicode).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			r := res[1]
			if got := strings.Join(words(r.Page), ""); got != c.want || r.Stats[core.FactUnmappedGlyphs] != c.unmapped {
				t.Errorf("text %q, %v unmapped; want %q, %v", got, r.Stats[core.FactUnmappedGlyphs], c.want, c.unmapped)
			}
		})
	}
}
