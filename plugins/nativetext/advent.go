package nativetext

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// Advent's 3B2, which sets Elsevier's journals (and many others), embeds
// its mathematics fonts with glyph names that say where a glyph sits in
// the font, not what it draws: the Latin-1 name of its code ('eth' at
// 0xF0, 'onequarter' at 0xBC, 'zero' at 0x30), or 'C' and the code in
// decimal where Latin-1 names none ('C0', 'C24', 'C138'). What the codes
// draw is a TeX encoding's layout: the symbol fonts' low half is OMS
// (cmsy's: C0 the minus, C24 the tilde operator, 'zero' the prime, 'one'
// infinity), the math italic's OML (cmmi's: 'colon' the decimal point,
// 'semicolon' the comma, 'equal' the slash), the extension's OMX (cmex's
// large delimiters and operators: C0 a big '(', 'P' a sum), the roman's
// OT1 (cmr's Greek capitals and accents); its Symbol's codes are the Symbol
// encoding's (C176 the degree sign, C211 the copyright sign). The symbol
// fonts' high half holds the delimiters and operators that formulas set
// in it: '(' at 'eth', ')' at 'Thorn', '[' at 'onehalf', ']' at 'C138',
// '=' at 'onequarter', '+' at 'thorn', a minus at 'C255'. ToUnicode, where
// there is one, was made from the names. So '[Sr]M = f · [Sr]A' read
// '½Sr�M ¼ f � ½Sr�A', as pdftotext and mutool read it, '1.3 mol m−2'
// read '1:3 mol m�2', and every degree sign, ±, ≤, ∼ and × was lost.
//
// adventLayouts names the 3B2 fonts (subset tag stripped) whose layout is
// known, each checked against its glyphs' shapes on pages of 123 papers
// of Elsevier's geoscience journals (1973-2016) where they occur: the
// hashed names ('AdvP4C4E74') are 3B2's names for one font in every
// document that embeds it.
var adventLayouts = map[string]adventLayout{
	"AdvP4C4E74":   adventSymbols,
	"AdvMacMthSyN": adventSymbols,
	"AdvMT_SY":     adventSymbols,
	"AdvP4C4E46":   adventExtension,
	"AdvP4C4E51":   adventMathItalic,
	"AdvMT_MI":     adventMathItalic,
	"AdvMT_RM":     adventRoman,
	"AdvP4C4E59":   adventRoman,
	"AdvPSSym":     adventSymbolEncoding,
}

// adventPi are 3B2's Math Pi fonts, its own sets of symbols and Greek
// letters, by the glyph names a font uses and what each draws (checked
// as adventLayouts' were): the Greek fonts' letters and capitals, a to
// x and A to X, are the Greek alphabet's in its order ('g' η, 'h' θ, 'r'
// σ: '1σ' read '1r'), and the per mille sign of geochemistry's δ values
// sits at the ampersand ('32.3‰' read '32.3&', six hundred times in 19
// of the 123 papers).
var adventPi = map[string]map[string]string{
	"AdvPSMP10": adventGreek,
	"AdvPSMP11": adventGreek,
	"AdvPSMP13": adventGreek,
	"AdvPSMPE7": {"ampersand": "‰"},
	"AdvPSMP1":  {"AE": "·", "C160": "†", "C212": "‘", "C213": "’", "C224": "‡"},
	"AdvPSMP4":  {"P": "⩾"},
	"AdvPSMPE1": {"exclamdown": "⇆"},
	"AdvPSMPi4": {"eight": "°"},
}

// adventGreek is the Greek alphabet on the Latin letters a to x and A to
// X, in order, and the straight phi at 'slash'.
var adventGreek = func() map[string]string {
	m := map[string]string{"slash": "ϕ"}
	lower, upper := []rune("αβγδεζηθικλμνξοπρστυφχψω"), []rune("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ")
	for i := range lower {
		m[string(rune('a'+i))] = string(lower[i])
		m[string(rune('A'+i))] = string(upper[i])
	}
	return m
}()

type adventLayout int

const (
	adventSymbols adventLayout = iota + 1
	adventMathItalic
	adventExtension
	adventRoman
	adventSymbolEncoding
)

// adventSymbolsHigh is what 3B2's symbol fonts draw above OMS's 128 codes.
var adventSymbolsHigh = map[int]string{
	0xF0: "(", 0xDE: ")", 0xBD: "[", 0x8A: "]", 0xBC: "=", 0xFE: "+", 0xFF: "−",
}

// adventDegree is what 3B2 sets with OMS's open bullet: the degree sign,
// raised after figures ('92–94 °C', '29°45.9′ N') and for a standard
// state ('S°'); no page of the papers sets it as a ring operator.
const adventDegree = "°"

// adventCode is the code a 3B2 glyph name stands for: n for 'Cn', the
// Latin-1 (WinAnsi) code of any other name; false for a name of neither.
func adventCode(name string) (int, bool) {
	if rest, ok := strings.CutPrefix(name, "C"); ok {
		if n, err := strconv.Atoi(rest); err == nil && n >= 0 && n <= 0xFF {
			return n, true
		}
	}
	c, ok := winAnsiCode[name]
	return int(c), ok
}

// adventText is what glyph name draws in a 3B2 font of layout l, false
// where the name's own text is right (the letters and figures of the
// math italic) or the code is not known.
func adventText(l adventLayout, name string) (string, bool) {
	c, ok := adventCode(name)
	if !ok {
		// The extension draws no text of its own: 'ffi' there is a
		// piece of a radical's rule.
		return "", l == adventExtension
	}
	var layout *[256]string
	switch l {
	case adventSymbols:
		if c >= 0x80 {
			t, ok := adventSymbolsHigh[c]
			return t, ok
		}
		if pdfdoc.OMSEncoding[c] == "openbullet" {
			return adventDegree, true
		}
		layout = &pdfdoc.OMSEncoding
	case adventMathItalic:
		layout = &pdfdoc.OMLEncoding
	case adventExtension:
		if t, ok := delimiterPiece(pdfdoc.OMXEncoding[c]); ok {
			return t, true
		}
		layout = &pdfdoc.OMXEncoding
	case adventRoman:
		layout = &pdfdoc.OT1Encoding
	case adventSymbolEncoding:
		if !strings.HasPrefix(name, "C") {
			return "", false // a name of its own, not a code
		}
		layout = &pdfdoc.SymbolEncoding
	}
	t, ok := pdfdoc.GlyphUnicode(layout[c])
	switch {
	case !ok && l == adventExtension:
		return "", true // a wide accent, an arrow's piece: no text
	case !ok || privateUse(t):
		return "", false // old-style figures and the like: the name's own text
	}
	return t, true
}

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

// privateUse reports whether s holds a private-use character.
func privateUse(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Co, r) })
}

// adventGlyphs is the text of each code of simple font f that draws
// something other than its glyph name says, when f is one of 3B2's
// (adventPi, adventLayouts); nil otherwise.
func adventGlyphs(f *font) map[byte]string {
	text := adventNames(stripSubset(f.name))
	if text == nil {
		return nil
	}
	out := map[byte]string{}
	for c, name := range f.names {
		if name == "" || name == "space" && f.widths[c] < minArrowWidth {
			continue // no glyph, or a space, not OMS's arrow at its code
		}
		if t, ok := text(name); ok {
			out[byte(c)] = t
		}
	}
	return out
}

// adventNames is what a glyph name draws in the 3B2 font named name (its
// subset tag stripped), by adventPi or adventLayouts; nil for a font of
// neither.
func adventNames(name string) func(glyph string) (string, bool) {
	if pi, ok := adventPi[name]; ok {
		return func(glyph string) (string, bool) {
			t, ok := pi[glyph]
			return t, ok
		}
	}
	if l, ok := adventLayouts[name]; ok {
		return func(glyph string) (string, bool) { return adventText(l, glyph) }
	}
	return nil
}

// minArrowWidth is the least width (thousandths of an em) of the glyph
// named 'space' in a 3B2 symbol font for it to be OMS's left arrow, an em
// wide: a space is a third of one.
const minArrowWidth = 700
