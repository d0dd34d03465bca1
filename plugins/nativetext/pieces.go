package nativetext

import (
	"strings"

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

// Adobe's glyph list gives the pieces of tall delimiters, which Symbol
// and TeX's cmex draw a bracket as tall as a matrix or a fraction with
// (its top, the extension repeated, its middle, its bottom), code points
// of the private use area, U+F8E5 to U+F8FE; so do Office's exports of
// Symbol through ToUnicode. A paper's formulas read as those points
// (104 of them in one of pdftotree's papers, 'µ OPT   MAX'), which
// no reader can use. pieceText reads them as delimiterPiece reads the
// names: the delimiter once, at its top piece, nothing at the others;
// the sans-serif ®, © and ™ of Symbol as those signs.
var pieceRunes = map[rune]string{
	0xF8E8: "®", 0xF8E9: "©", 0xF8EA: "™",
	0xF8EB: "(", 0xF8EE: "[", 0xF8F1: "{", 0xF8F6: ")", 0xF8F9: "]", 0xF8FC: "}",
}

// Adobe's private-use points of delimiter pieces and sans-serif signs.
const (
	firstPieceRune = 0xF8E5
	lastPieceRune  = 0xF8FE
)

// pieceText is s, a glyph's text, or where s is one of Adobe's
// private-use delimiter pieces the delimiter it draws (pieceRunes), ""
// for a piece that repeats it.
func pieceText(s string) string {
	// U+F8E5 to U+F8FE are EF A3 A5 to EF A3 BE in UTF-8.
	if len(s) != 3 || s[0] != 0xEF || s[1] != 0xA3 {
		return s
	}
	r := []rune(s)[0]
	if r < firstPieceRune || r > lastPieceRune {
		return s
	}
	return pieceRunes[r]
}
