package nativetext

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// glyphNameToUnicode maps a glyph name to text: the Adobe Glyph List,
// then the uniXXXX[XXXX...] and uXXXX[XX] conventions, then ligature names
// joined with "_" and names with a ".suffix" variant. ok is false for
// names that say nothing about their character (".notdef", "g123").
func glyphNameToUnicode(name string) (string, bool) {
	if name == "" || name == ".notdef" {
		return "", false
	}
	if r, ok := aglTable[name]; ok {
		return string(r), true
	}
	if r, ok := extraGlyphs[name]; ok {
		return string(r), true
	}
	if i := strings.IndexByte(name, '.'); i > 0 {
		return glyphNameToUnicode(name[:i])
	}
	if strings.Contains(name, "_") {
		var sb strings.Builder
		for _, part := range strings.Split(name, "_") {
			s, ok := glyphNameToUnicode(part)
			if !ok {
				return "", false
			}
			sb.WriteString(s)
		}
		return sb.String(), true
	}
	if strings.HasPrefix(name, "uni") && len(name) >= 7 && (len(name)-3)%4 == 0 {
		var sb strings.Builder
		for i := 3; i < len(name); i += 4 {
			v, err := strconv.ParseUint(name[i:i+4], 16, 32)
			if err != nil || (v >= 0xD800 && v <= 0xDFFF) {
				return "", false
			}
			sb.WriteRune(rune(v))
		}
		return sb.String(), true
	}
	if name[0] == 'u' && len(name) >= 5 && len(name) <= 7 {
		v, err := strconv.ParseUint(name[1:], 16, 32)
		if err == nil && utf8.ValidRune(rune(v)) {
			return string(rune(v)), true
		}
	}
	return "", false
}

// extraGlyphs are common names the AGL 2.0 list lacks.
var extraGlyphs = map[string]rune{
	"ff": 0xFB00, "fi": 0xFB01, "fl": 0xFB02, "ffi": 0xFB03, "ffl": 0xFB04,
	"nbspace": 0x00A0, "sfthyphen": 0x00AD, "softhyphen": 0x00AD,
	"Euro": 0x20AC, "apple": 0xF8FF, "mu1": 0x00B5, "registered": 0x00AE,
	"copyright": 0x00A9, "trademark": 0x2122, "minus": 0x2212,
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
