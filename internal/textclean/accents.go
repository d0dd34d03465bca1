package textclean

import (
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// combiningAccent maps each spacing diacritic that a font draws as a
// glyph of its own to the combining mark it stands for. TeX's fonts in
// their original encoding (OT1) have no accented letters: 'ö' is drawn
// as 'o' and '¨' set over it, and text read glyph by glyph says
// 'Schr¨odinger'.
var combiningAccent = map[rune]rune{
	'\u0060': '\u0300', // grave
	'\u00B4': '\u0301', // acute
	'\u02C6': '\u0302', // circumflex
	'\u02DC': '\u0303', // tilde
	'\u00AF': '\u0304', // macron
	'\u02C9': '\u0304', // modifier macron
	'\u02D8': '\u0306', // breve
	'\u02D9': '\u0307', // dot above
	'\u00A8': '\u0308', // dieresis
	'\u02DA': '\u030A', // ring above
	'\u02DD': '\u030B', // double acute
	'\u02C7': '\u030C', // caron
	'\u00B8': '\u0327', // cedilla
	'\u02DB': '\u0328', // ogonek
}

// SpacingAccent says whether s is one spacing diacritic that Accented
// can set on a letter.
func SpacingAccent(s string) bool {
	if s == "" || s[0] != '`' && (s[0] < 0xC2 || s[0] > 0xCB) {
		return false // none of them: most glyphs are told by a byte
	}
	r, n := utf8.DecodeRuneInString(s)
	_, ok := combiningAccent[r]
	return ok && n == len(s)
}

// Accented is letter with the spacing diacritic accent set on it, as one
// character where Unicode has one ('o' and '¨': 'ö'; a dotless 'ı' and
// 'ˆ': 'î', as TeX's \^{\i} draws it), and whether accent is one.
func Accented(letter, accent string) (string, bool) {
	r, n := utf8.DecodeRuneInString(accent)
	mark, ok := combiningAccent[r]
	if !ok || n != len(accent) || letter == "" {
		return letter, false
	}
	switch letter {
	case "ı":
		if mark != '\u0327' && mark != '\u0328' {
			letter = "i"
		}
	case "ȷ":
		letter = "j"
	}
	return norm.NFC.String(letter + string(mark)), true
}

// Overlays TeX draws as a glyph of their own over the symbol they change.
const (
	// NegationSlash is the stroke of TeX's \not: '=' under it is '≠'.
	NegationSlash = "\u0338"
	// BigCircle is TeX's \bigcirc, which plain TeX's \copyright sets
	// around a 'c'.
	BigCircle = "◯"
)

// Overlay says whether s is a glyph that Overlaid can set on another.
func Overlay(s string) bool { return s == NegationSlash || s == BigCircle }

// Overlaid is host with the overlay glyph over it, and whether the two
// read as one: host under TeX's negation slash is the negated symbol
// where Unicode has one ('≠', '∉', '⊄'), and otherwise host followed by
// the combining long solidus, which a reader sets over it; a 'c' in a
// big circle is '©'.
func Overlaid(host, overlay string) (string, bool) {
	if utf8.RuneCountInString(host) != 1 {
		return host, false
	}
	switch overlay {
	case NegationSlash:
		return norm.NFC.String(host + NegationSlash), true
	case BigCircle:
		if host == "c" {
			return "©", true
		}
	}
	return host, false
}
