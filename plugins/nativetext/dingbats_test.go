package nativetext

import (
	"strings"
	"testing"
)

// TestDingbatsNames: a ZapfDingbats subset whose Differences name its
// codes by the font's own glyph names ('a121' at code 2) reads them as
// the built-in encoding's glyphs (circled figures), which the glyph list
// does not name.
func TestDingbatsNames(t *testing.T) {
	t.Parallel()
	res := "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+ZapfDingbats /FirstChar 1 /LastChar 3" +
		" /Widths [788 788 788] /Encoding << /Type /Encoding /Differences [1 /a120 /a121 /a126] >> >> >> >>"
	lines := onePageLines(t, res, `BT /F1 12 Tf 72 700 Td (\001\002\003) Tj ET`)
	if got := strings.Join(lines, "\n"); got != "①②⑦" {
		t.Errorf("read %q; want %q", got, "①②⑦")
	}
}
