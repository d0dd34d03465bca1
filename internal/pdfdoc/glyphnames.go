package pdfdoc

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// GlyphUnicode maps a glyph name to text: the Adobe Glyph List, the
// names TeX's math fonts give their glyphs (texGlyphs), then the
// uniXXXX[XXXX...] and uXXXX[XX] conventions, then ligature names
// joined with "_" and names with a ".suffix" variant. ok is false for
// names that say nothing about their character (".notdef", "g123").
func GlyphUnicode(name string) (string, bool) {
	if name == "" || name == ".notdef" {
		return "", false
	}
	if r, ok := plainGlyphs[name]; ok {
		return string(r), true
	}
	if r, ok := agl(name); ok {
		return string(r), true
	}
	if r, ok := extraGlyphs[name]; ok {
		return string(r), true
	}
	if r, ok := texGlyph(name); ok {
		return string(r), true
	}
	if i := strings.IndexByte(name, '.'); i > 0 {
		return GlyphUnicode(name[:i])
	}
	if strings.Contains(name, "_") {
		var sb strings.Builder
		for _, part := range strings.Split(name, "_") {
			s, ok := GlyphUnicode(part)
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

// aglEntry is one name of the Adobe Glyph List (agl_table.go).
type aglEntry struct {
	name string
	r    rune
}

// agl looks name up in the Adobe Glyph List.
func agl(name string) (rune, bool) {
	i, ok := slices.BinarySearchFunc(aglTable[:], name, func(e aglEntry, name string) int {
		return strings.Compare(e.name, name)
	})
	if !ok {
		return 0, false
	}
	return aglTable[i].r, true
}

// plainGlyphs are names the Adobe Glyph List maps to private-use points
// (Adobe's corporate use) that draw an ordinary character: the Symbol
// encoding's serif and sans copyright, registered and trademark signs. A
// reader wants '©', not U+F6D9.
var plainGlyphs = map[string]rune{
	"copyrightserif": '©', "copyrightsans": '©', "registerserif": '®', "registersans": '®',
	"trademarkserif": '™', "trademarksans": '™',
}

// PlainPoint is the ordinary character that r draws where r is the
// private-use point the glyph list gives one of plainGlyphs' names: a
// ToUnicode that writes the glyph list's point (Office's exports of
// Symbol write U+F6D9 for its copyright sign) means that character.
func PlainPoint(r rune) (rune, bool) {
	p, ok := plainPoints()[r]
	return p, ok
}

// plainPoints are plainGlyphs by their glyph list points.
var plainPoints = sync.OnceValue(func() map[rune]rune {
	m := make(map[rune]rune, len(plainGlyphs))
	for name, plain := range plainGlyphs {
		if r, ok := agl(name); ok {
			m[r] = plain
		}
	}
	return m
})

// extraGlyphs are names the AGL 2.0 list lacks: common ones, and those
// of a few symbol fonts that documents set text in.
var extraGlyphs = map[string]rune{
	"ff": 0xFB00, "fi": 0xFB01, "fl": 0xFB02, "ffi": 0xFB03, "ffl": 0xFB04,
	"nbspace": 0x00A0, "sfthyphen": 0x00AD, "softhyphen": 0x00AD,
	"Euro": 0x20AC, "apple": 0xF8FF, "mu1": 0x00B5, "registered": 0x00AE,
	"copyright": 0x00A9, "trademark": 0x2122, "minus": 0x2212,
	// The AMS symbol fonts' solid shapes (msam), which Beamer sets its
	// list items with: '\\blacktriangleright' is trianglerightsld.
	"trianglerightsld": 0x25B8, "triangleleftsld": 0x25C2, "triangleupsld": 0x25B4, "triangledownsld": 0x25BE,
	"squaresolid": 0x25A0, "square": 0x25A1, "lozengesolid": 0x29EB,
	// Linotype's Mathematical Pi fonts (and 'Universal-…WithMathPi'), which
	// AIP's and Elsevier's typesetting sets parentheses, brackets, signs
	// and Greek letters in, name their glyphs 'H' and a number. Those here
	// were each seen drawn in a paper of the sets: every parenthesis of an
	// Applied Physics Letters paper ('(2011)', '(SP-STM)') was U+FFFD.
	"H20849": '(', "H20850": ')', "H20851": '[', "H20852": ']',
	"H11001": '+', "H11002": '−', "H11003": '×', "H11005": '=', "H11006": '±',
	"H20648": '∥', "H9262": 'μ',
}
