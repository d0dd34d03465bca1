package nativetext

import (
	"strings"
	"testing"
)

// TestDelimiterPieces: a parenthesis that Symbol draws as tall as three
// lines, from its top, extension and bottom pieces (whose names the glyph
// list gives private-use points), reads as one parenthesis, not as
// private-use points.
func TestDelimiterPieces(t *testing.T) {
	t.Parallel()
	const res = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>" +
		" /F3 << /Type /Font /Subtype /Type1 /BaseFont /Symbol >> >> >>"
	// parenlefttp 0xE6, parenleftex 0xE7, parenleftbt 0xE8; the right
	// pieces at 0xF6-0xF8.
	content := "BT /F3 12 Tf 1 0 0 1 72 712 Tm (\\346) Tj 1 0 0 1 72 700 Tm (\\347) Tj 1 0 0 1 72 688 Tm (\\350) Tj " +
		"/F1 12 Tf 1 0 0 1 82 712 Tm (a + b) Tj 1 0 0 1 82 700 Tm (c + d) Tj 1 0 0 1 82 688 Tm (e + f) Tj " +
		"/F3 12 Tf 1 0 0 1 120 712 Tm (\\366) Tj 1 0 0 1 120 700 Tm (\\367) Tj 1 0 0 1 120 688 Tm (\\370) Tj ET"
	text := strings.Join(onePageLines(t, res, content), "\n")
	if strings.ContainsFunc(text, func(r rune) bool { return r >= 0xE000 && r <= 0xF8FF }) {
		t.Errorf("private-use points in %q", text)
	}
	if strings.Count(text, "(") != 1 || strings.Count(text, ")") != 1 {
		t.Errorf("%q: want one '(' and one ')'", text)
	}
}

// TestPlainPrivatePoints: a ToUnicode that writes the glyph list's
// private-use point of Symbol's serif copyright sign (U+F6D9, as Office
// exports it) means '©'.
func TestPlainPrivatePoints(t *testing.T) {
	t.Parallel()
	const res = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>" +
		" /F2 << /Type /Font /Subtype /Type1 /BaseFont /Symbol /ToUnicode 5 0 R >> >> >>"
	cmap := stream("", "begincmap 1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfchar <E3> <F6D9> endbfchar endcmap")
	content := "BT /F1 10 Tf 72 700 Td (Copyright ) Tj /F2 10 Tf (\\343) Tj /F1 10 Tf ( 2005 Wiley) Tj ET"
	if got, want := strings.Join(onePageLines(t, res, content, cmap), "\n"), "Copyright © 2005 Wiley"; got != want {
		t.Errorf("read %q; want %q", got, want)
	}
}
