package nativetext

import "github.com/assay-pdf/assay/internal/pdfdoc"

// dingbatsCodes is the code of each glyph name of ZapfDingbats' built-in
// encoding ('a121' at 0xAD).
var dingbatsCodes = func() map[string]byte {
	m := map[string]byte{}
	for c, n := range pdfdoc.ZapfDingbatsEncoding {
		if n != "" && n != ".notdef" && n != "space" {
			m[n] = byte(c)
		}
	}
	return m
}()

// spellDingbats gives the codes of a ZapfDingbats font that Differences
// name by the font's own glyph names ('a121' at code 2, a subset's
// renumbering) the text of those glyphs: the glyph list does not know
// the font's names, and a paper's circled figures ②③④ were U+FFFD.
func (f *font) spellDingbats() {
	if std14Name(f.name) != "ZapfDingbats" {
		return
	}
	for c, n := range f.names {
		if f.nameText[c] != "" {
			continue
		}
		if code, ok := dingbatsCodes[n]; ok {
			if r, ok := dingbatsRune(code); ok {
				f.nameText[c] = string(r)
			}
		}
	}
}

// dingbatsRune maps a code of the ZapfDingbats built-in encoding to
// Unicode. The Unicode Dingbats block follows the font's layout; the codes
// whose characters Unicode placed elsewhere are listed.
func dingbatsRune(c byte) (rune, bool) {
	switch c {
	case 0x20:
		return ' ', true
	case 0x25:
		return 0x260E, true
	case 0x2A:
		return 0x261B, true
	case 0x2B:
		return 0x261E, true
	case 0x48:
		return 0x2605, true
	case 0x6C:
		return 0x25CF, true
	case 0x6E:
		return 0x25A0, true
	case 0x73:
		return 0x25B2, true
	case 0x74:
		return 0x25BC, true
	case 0x75:
		return 0x25C6, true
	case 0x77:
		return 0x25D7, true
	case 0xA8:
		return 0x2663, true
	case 0xA9:
		return 0x2666, true
	case 0xAA:
		return 0x2665, true
	case 0xAB:
		return 0x2660, true
	case 0xD5:
		return 0x2192, true
	case 0xD6:
		return 0x2194, true
	case 0xD7:
		return 0x2195, true
	}
	switch {
	case c >= 0x21 && c <= 0x7E:
		return 0x2700 + rune(c), true
	case c >= 0x80 && c <= 0x8D:
		return 0x2768 + rune(c-0x80), true
	case c >= 0xA1 && c <= 0xA7:
		return 0x2761 + rune(c-0xA1), true
	case c >= 0xAC && c <= 0xB5:
		return 0x2460 + rune(c-0xAC), true
	case c >= 0xB6 && c <= 0xD4:
		return 0x2776 + rune(c-0xB6), true
	case c >= 0xD8 && c <= 0xFE && c != 0xF0:
		return 0x2798 + rune(c-0xD8), true
	}
	return 0, false
}
