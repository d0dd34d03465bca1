package nativetext

import (
	"fmt"
	"strings"
	"testing"
)

// TestOrderedRuns: the glyphs of an identity-encoded font that its
// ToUnicode leaves out read as the characters of an ordered block
// (printable ASCII, Hangul syllables) where every glyph the map gives a
// character of that block lies at one distance from it, four or more;
// a map whose glyphs lie at more than one distance, or maps too few,
// leaves them unknown.
func TestOrderedRuns(t *testing.T) {
	t.Parallel()
	const text = "블록체인에서의 암호화폐 (PAV) 2"
	// code is the glyph of r in a font that keeps the blocks' orders, as
	// Noto Sans CJK KR does.
	code := func(r rune) int {
		if r < 0x80 {
			return int(r) - 31
		}
		return int(r) + 0xDCE
	}
	// page shows text in a font whose ToUnicode maps the characters of
	// mapped, each to the code moved returns for it.
	page := func(mapped string, moved func(rune) int, ranges string) []string {
		var cmap, show strings.Builder
		n := 0
		for _, r := range mapped {
			fmt.Fprintf(&cmap, " <%04X> <%04X>", moved(r), r)
			n++
		}
		if ranges != "" {
			ranges = " 1 beginbfrange " + ranges + " endbfrange"
		}
		for _, r := range text {
			fmt.Fprintf(&show, "%04X", code(r))
		}
		res := "<< /Font << /F1 5 0 R >> >>"
		font := []string{
			"<< /Type /Font /Subtype /Type0 /BaseFont /KR /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
			"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /KR /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 1000 >>",
			stream("", fmt.Sprintf("begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange %d beginbfchar%s endbfchar%s endcmap", n, cmap.String(), ranges)),
		}
		return onePageLines(t, res, "BT /F1 12 Tf 72 700 Td <"+show.String()+"> Tj ET", font...)
	}
	// secondRun moves the glyphs of the syllables after the first two
	// one code on, as a font of another order would have them.
	secondRun := func(r rune) int {
		if r == '블' || r == '록' || r < 0x80 {
			return code(r)
		}
		return code(r) + 1
	}
	// The ranges map five glyphs at one distance: all of the block's, or
	// only the first (the others past '~'), which with '(' and 'A' makes
	// three of the block, too few.
	cases := []struct {
		name, mapped string
		moved        func(rune) int
		ranges       string
		want         string
	}{
		{"one distance a block", " (A)블록체인에", code, "", text},
		{"Hangul at two distances", " (A)블록체인에", secondRun, "", "블록\ufffd\ufffd\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd\ufffd (PAV) 2"},
		{"too few of a block", " (A)블록체", code, "", "블록체\ufffd\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd\ufffd (PAV) 2"},
		{"a range in the block", "블록체", code, "<0001> <0005> <0020>", "블록체\ufffd\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd\ufffd (PAV) 2"},
		{"a range's part in the block", "(A블록체", code, "<005F> <0063> <007E>", "블록체\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd(\ufffdA\ufffd\ufffd\ufffd\ufffd"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := strings.Join(page(c.mapped, c.moved, c.ranges), "\n")
			if got != c.want {
				t.Errorf("read %q; want %q", got, c.want)
			}
		})
	}
}

// Chrome's exports of Noto Sans CJK KR in docling's test files leave most
// of their headings' glyphs out of the ToUnicode: every heading reads
// whole, and no glyph of either file is left without text.
func TestCorpusLeftOutGlyphs(t *testing.T) {
	for _, file := range []string{"skipped_1page.pdf", "skipped_2pages.pdf"} {
		text := doclingWords(t, file)
		if n := strings.Count(text, "\ufffd"); n > 0 {
			t.Errorf("%s: %d glyphs without text", file, n)
		}
		for _, h := range []string{"블록체인에서의 암호화폐 도난 방지 및 불법 거래 추적/방지 기술", "군용 차세대 비행체(PAV)해킹 방지를 위한 사고 대응 기술"} {
			if !strings.Contains(text, h) {
				t.Errorf("%s: no heading %q", file, h)
			}
		}
	}
}
