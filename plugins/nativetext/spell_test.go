package nativetext

import (
	"testing"

	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// A font's names spelled from a built-in encoding's cached text, with
// Differences over it, read as each name spelled on its own.
func TestSpellNames(t *testing.T) {
	t.Parallel()
	for _, base := range []*[256]string{nil, &pdfdoc.StandardEncoding, &pdfdoc.WinAnsiEncoding,
		&pdfdoc.MacRomanEncoding, &pdfdoc.PDFDocEncoding, &pdfdoc.SymbolEncoding} {
		f := &font{}
		if base != nil {
			f.names, f.base = *base, base
		}
		f.names['A'] = "Alpha"
		f.names[0x80] = "fi"
		f.names[0x81] = "uni2126"
		f.names[0x82] = "notaglyphname"
		f.names[200] = ""
		f.spellNames()
		for c, n := range f.names {
			want, _ := pdfdoc.GlyphUnicode(n)
			if f.nameText[c] != want {
				t.Errorf("base %p: code %d (%q) spelled %q, want %q", base, c, n, f.nameText[c], want)
			}
		}
	}
}
