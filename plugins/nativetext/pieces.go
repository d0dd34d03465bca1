package nativetext

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// delimiterPiece is the text of a piece of a tall delimiter that cmex
// builds from pieces (its top, middle, bottom and the repeated extension
// between): the delimiter once, at its top piece, and nothing at the
// others, so that a parenthesis as tall as a fraction reads '(' and not
// '((('. false for a name that is no such piece.
func delimiterPiece(name string) (string, bool) {
	for _, part := range []string{"tp", "bt", "ex", "mid"} {
		stem, ok := strings.CutSuffix(name, part)
		if !ok || stem == "" {
			continue
		}
		t, known := pdfdoc.GlyphUnicode(stem)
		if !known || part != "tp" {
			return "", true
		}
		return t, true
	}
	if name == "arrowvertex" || name == "arrowvertexdbl" || name == "radicalvertex" || name == "vextendsingle" || name == "vextenddouble" {
		return "", true
	}
	return "", false
}

// Adobe's glyph list gives the pieces that Symbol and TeX's cmex build a
// tall bracket from (its top, the extension repeated, its middle, its
// bottom) code points of the private use area, U+F8E5 to U+F8FE, and
// Office's exports of Symbol write such points into ToUnicode. A paper's
// formulas read as those points (104 of them in one of pdftotree's
// papers, 'µ OPT   MAX'), which no reader can use. pieceTexts reads each
// point as delimiterPiece reads its name, by the Symbol encoding, which
// draws every one of them: the delimiter once, at its top piece, nothing
// at the others.
var pieceTexts = sync.OnceValue(func() map[rune]string {
	m := map[rune]string{}
	for _, name := range pdfdoc.SymbolEncoding {
		s, ok := pdfdoc.GlyphUnicode(name)
		r, n := utf8.DecodeRuneInString(s)
		if !ok || n != len(s) || !unicode.Is(unicode.Co, r) {
			continue
		}
		if t, ok := delimiterPiece(name); ok {
			m[r] = t
		}
	}
	return m
})

// privateUseText is s, a glyph's text, or where s is one private-use
// point of Adobe's glyph list that draws an ordinary character
// (pdfdoc.PlainPoint: a serif or sans-serif ©, ®, ™) that character, and
// where it is a delimiter's piece its text by pieceTexts.
func privateUseText(s string) string {
	// The private use area, U+E000 to U+F8FF, is EE 80 80 to EF A3 BF.
	if len(s) != 3 || s[0] != 0xEE && s[0] != 0xEF {
		return s
	}
	r, _ := utf8.DecodeRuneInString(s)
	if !unicode.Is(unicode.Co, r) {
		return s
	}
	if p, ok := pdfdoc.PlainPoint(r); ok {
		return string(p)
	}
	if t, ok := pieceTexts()[r]; ok {
		return t
	}
	return s
}
