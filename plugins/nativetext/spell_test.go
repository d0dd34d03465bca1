package nativetext

import (
	"sync"
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

// A simple font's glyph names are spelled the first time a code is not in
// its ToUnicode, once, whichever page asks first; a font whose ToUnicode
// covers what is drawn never spells them.
func TestTextSpellsNamesWhenNeeded(t *testing.T) {
	t.Parallel()
	covered := &font{simple: true, toUni: parseCMap([]byte("beginbfchar <41> <0042> endbfchar"))}
	covered.names['A'] = "A"
	if s, ok := covered.text('A'); s != "B" || !ok {
		t.Errorf("text from ToUnicode: %q %v, want \"B\"", s, ok)
	}
	if covered.nameText['A'] != "" {
		t.Errorf("names spelled for a code in ToUnicode: %q", covered.nameText['A'])
	}

	f := &font{simple: true, toUni: covered.toUni}
	f.names['A'], f.names['a'] = "A", "Alpha"
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if s, ok := f.text('a'); s != "Α" || !ok {
				t.Errorf("text from the glyph name: %q %v, want \"Α\"", s, ok)
			}
		})
	}
	wg.Wait()
}
