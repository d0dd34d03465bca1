package nativetext

import (
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/assay-pdf/assay/internal/pdfdoc"
	"github.com/assay-pdf/assay/internal/textclean"
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
	"AdvMathSymb":  adventSymbols,
	"AdvMT_EX":     adventExtension,
	"AdvMathExtr":  adventMathItalic,
	"AdvGreekM":    adventSymbolEncoding,
	"AdvP4C4E5E":   adventRoman,
}

// adventRomanNames are the glyphs of 3B2's Roman accent fonts that no
// code of OT1 names: the glyph named 'Euro' (at 160 in AdvP4C4E5E) is the
// dieresis that 3B2 sets over a letter as a glyph of its own, in every
// use on the papers where it occurs ('Mo€ssner', 'Po€rtner', 'Flo€gel',
// 'Wo€rman', 'Go€ttingen' in four papers, each an umlaut on the page).
var adventRomanNames = map[string]string{"Euro": "¨"}

// mathTimeLayouts are MathTime's fonts (Wiley's and AGU's journals of
// 1998-2007), which name some glyphs by the ASCII control name of their
// code ('NUL' the minus at OMS's 0, 'DC4' its ≤ at 0x14) and others with
// a digit after a glyph list name ('Delta1', the italic Δ): 484 glyphs of
// pdftotree's papers were U+FFFD, a minus in every 'HCO3−' of three of
// them. Checked against the glyphs' shapes as adventLayouts were.
var mathTimeLayouts = map[string]*[256]string{
	"MTSY": &pdfdoc.OMSEncoding,
	"MTMI": &pdfdoc.OMLEncoding,
	"MTEX": &pdfdoc.OMXEncoding,
}

// mathTimeText is what glyph name draws in a MathTime font of layout
// layout: a control name's code's glyph there, or a variant's stem's
// text, its Greek as letters ('Delta' is the glyph list's increment
// sign); false where the name's own text is right (MathTime names most
// glyphs as the glyph list does).
func mathTimeText(layout *[256]string, name string) (string, bool) {
	var glyph string
	if c, ok := controlCodes[name]; ok {
		glyph = layout[c]
	} else {
		glyph = variantStem(name)
	}
	t, ok := pdfdoc.GlyphUnicode(glyph)
	return greekLetters.Replace(t), ok
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
	// The Math Pi fonts of the papers of 1998-2001, whose glyphs are
	// named by code ('C97'), set Greek as the Symbol font does ('C97'
	// α, 'C108' λ, 'C68' Δ, 'C71' Γ).
	"AdvPi1":    symbolGreek(map[string]string{"C46": "·", "C56": "°", "C123": "†"}),
	"AdvPi2":    symbolGreek(map[string]string{"C37": "‰", "C53": "≥"}),
	"AdvPi3":    {"C35": "©", "C49": "®"},
	"AdvPS7DA6": {"C44": "<", "C46": ">", "C49": "+", "C50": "−", "C56": "°"},
	"AdvPS586D": {"C113": "©"},
	"AdvPS7CFD": {"C163": "×"},
	"AdvP4069C": {"C50": "±"},
	"AdvP4069D": {"C45": "‰"},
	"AdvP4069E": {"C114": "≥"},
	// Symbol fonts of the papers of 2002-2015 named by a hash.
	"Advm1046a":     {"C223": "©", "C254": "±"},
	"AdvPS3FDD77":   {"parenright": "*", "Z": "=", "w": "∼"},
	"AdvPS4731B1":   {"O": ">", "exclam": "<"},
	"AdvTTab7e17fd": {"C176": "°"},
}

// greekLetters gives the Greek letters for the signs that the glyph list
// names 'mu', 'Delta' and 'Omega' by (the micro, increment and ohm signs):
// in a font of Greek letters they are letters.
var greekLetters = strings.NewReplacer("µ", "μ", "∆", "Δ", "Ω", "Ω")

// symbolGreek is extra with the Symbol font's Greek letters, each under
// the name 'C' and its code.
func symbolGreek(extra map[string]string) map[string]string {
	m := map[string]string{}
	for c := 'A'; c <= 'z'; c++ {
		t, _ := pdfdoc.GlyphUnicode(pdfdoc.SymbolEncoding[c])
		t = greekLetters.Replace(t)
		if t != "" && unicode.Is(unicode.Greek, []rune(t)[0]) {
			m["C"+strconv.Itoa(int(c))] = t
		}
	}
	for k, v := range extra {
		m[k] = v
	}
	return m
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
// The hashed font names them by their Latin-1 codes ('eth' the '('),
// AdvMT_SY and AdvMathSymb by code ('C133' the '('), at other codes.
var adventSymbolsHigh = map[int]string{
	0xF0: "(", 0xDE: ")", 0xBD: "[", 0x8A: "]", 0xBC: "=", 0xFE: "+", 0xFF: "−",
	0x85: "(", 0x86: ")", 0x87: "+", 0x88: "=", 0x89: "[",
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

// controlCodes are the codes 0-31 by their ASCII control names.
var controlCodes = func() map[string]int {
	m := map[string]int{}
	for c, n := range strings.Fields("NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC FS GS RS US") {
		m[n] = c
	}
	return m
}()

// variantStem is the glyph list name that name, unknown to the list,
// adds a digit to ('Delta1' Δ); "" for a name of no such stem.
func variantStem(name string) string {
	stem := strings.TrimRight(name, "0123456789")
	if stem == name || stem == "" {
		return ""
	}
	if _, known := pdfdoc.GlyphUnicode(name); known {
		return ""
	}
	if _, known := pdfdoc.GlyphUnicode(stem); !known {
		return ""
	}
	return stem
}

// adventText is what glyph name draws in a 3B2 font of layout l, false
// where the name's own text is right (the letters and figures of the
// math italic) or the code is not known.
func adventText(l adventLayout, name string) (string, bool) {
	if t, ok := adventRomanNames[name]; ok && l == adventRoman {
		return t, true
	}
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

// privateUse reports whether s holds a private-use character.
func privateUse(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Co, r) })
}

// adventGlyphs is the text of each code of simple font f that draws
// something other than its glyph name says, when f is one of 3B2's
// (adventPi, adventLayouts) or names its glyphs by Linotype's Pi numbers
// (linotypePi); nil otherwise.
func adventGlyphs(f *font) map[byte]string {
	text := adventNames(stripSubset(f.name))
	if text == nil && (linotypePiFont(stripSubset(f.name)) || linotypeNumbered(f)) {
		text = func(glyph string) (string, bool) {
			t, ok := linotypePi[glyph]
			return t, ok
		}
	}
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

// Linotype's Pi fonts (Mathematical Pi, Universal Greek with Math Pi,
// Universal News with Commercial Pi), which other typesetters of
// Elsevier's and SEPM's journals of 2000-2015 embed (and fonts made from
// them: 'MATHG-1A'), name their glyphs 'H' and a number, with no
// ToUnicode: a paper's Greek letters, degree signs and relations were
// U+FFFD (pdftotext drops them), and a figure's label of two such glyphs
// sent its page to OCR. What each name draws, checked against the
// glyph's shape where pdftotree's papers use it: the capitals run from
// H9001 (Α), the small letters from H9251 (α).
var linotypePi = map[string]string{
	"H9003": "Γ", "H9004": "Δ",
	"H9251": "α", "H9252": "β", "H9253": "γ", "H9254": "δ", "H9258": "θ", "H9268": "σ", "H9275": "ω",
	"H11011": "∼", "H11015": "≈", "H11021": "<", "H11022": ">", "H11034": "°", "H11349": "≤", "H11543": "°",
	"H17015": "©", "H20873": "(", "H20874": ")",
}

// linotypePiFont reports whether name (its subset tag stripped) is one of
// Linotype's Pi fonts, which name some glyphs otherwise ('space').
func linotypePiFont(name string) bool {
	return strings.HasPrefix(name, "MathematicalPi") || strings.HasPrefix(name, "Universal-") && strings.HasSuffix(name, "Pi")
}

// linotypeNumbered reports whether every glyph of simple font f (every
// code it gives a width) is named by Linotype's Pi numbers: 'H' and a
// number.
func linotypeNumbered(f *font) bool {
	n := 0
	for c, name := range f.names {
		if name == "" || !f.hasWidth[c] || f.widths[c] <= 0 {
			continue
		}
		rest, ok := strings.CutPrefix(name, "H")
		if _, err := strconv.Atoi(rest); !ok || err != nil {
			return false
		}
		n++
	}
	return n > 0
}

// adventNames is what a glyph name draws in the 3B2 font named name (its
// subset tag stripped), by adventPi or adventLayouts, or in a MathTime
// font (mathTimeLayouts); nil for a font of none.
func adventNames(name string) func(glyph string) (string, bool) {
	if pi, ok := adventPi[name]; ok {
		return func(glyph string) (string, bool) {
			t, ok := pi[glyph]
			return t, ok
		}
	}
	if layout, ok := mathTimeLayouts[name]; ok {
		return func(glyph string) (string, bool) { return mathTimeText(layout, glyph) }
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

// 3B2's text faces of the late 1990s ('AdvTimes', 'AdvTimes-i', and
// faces named by a hash, 'AdvPS6F00') name every glyph 'C' and its code
// ('C65' at 65) and have no ToUnicode, so none of their glyphs had text:
// six papers of pdftotree's 228 were U+FFFD from end to end, 300,000
// characters, and went to OCR whole. The codes are Adobe's standard
// encoding's (checked against the glyphs' shapes: 'fi' at 0xAE, an en
// dash at 0xB1, an em dash at 0xD0, a spacing acute at 0xC2 and
// dieresis at 0xC8, 'ß' at 0xFB, 'ø' at 0xF9), with the ligatures that
// it lacks below its first code: 'ff', 'ffi' and 'ffl' at 0x80-0x82, and
// '±' at 0x8B.
var adventTextExtras = map[int]string{0x80: "ff", 0x81: "ffi", 0x82: "ffl", 0x8B: "plusminus"}

// adventTextFaces are 3B2's text faces named by a hash (one name for one
// face in every document that embeds it) whose glyphs were checked, a
// subset of a few of which has too few letters to tell by latinWidths.
var adventTextFaces = map[string]bool{"AdvPS6F00": true, "AdvPS6F01": true, "AdvPS6F0B": true, "AdvT291": true}

// Evidence that a 3B2 font named by a hash is a text face: its letters
// are as wide as a standard Latin face's. 3B2's Times differs from
// Adobe's metrics by 3 to 5% a letter on average; its symbol fonts set
// Greek, arrows and marks at letters' codes, which differ by a tenth or
// more and most often are a few glyphs.
const (
	minFaceLetters   = 8
	maxFaceWidthDiff = 0.08
)

// adventTextNames renames the glyphs of f, when it is one of 3B2's text
// faces named by code, by the standard encoding (and 3B2's ligatures),
// so that they spell their text as any named glyph does. A code the
// encoding leaves empty keeps its name and has no text.
func adventTextNames(f *font) {
	name := stripSubset(f.name)
	if !strings.HasPrefix(name, "Adv") || adventNames(name) != nil || codeNamed(f, "C") == 0 {
		return
	}
	if !strings.HasPrefix(name, "AdvTimes") && !adventTextFaces[name] && !latinWidths(f) {
		return
	}
	for c, n := range f.names {
		if n == "" {
			continue
		}
		if t, ok := adventTextExtras[c]; ok {
			f.names[c] = t
		} else if s := pdfdoc.StandardEncoding[c]; s != "" {
			f.names[c] = s
		}
	}
	f.base = &pdfdoc.StandardEncoding
}

// latinFaces are the standard faces whose letters' widths tell a Latin
// text face.
var latinFaces = []string{"Times-Roman", "Times-Italic", "Times-Bold", "Times-BoldItalic",
	"Helvetica", "Helvetica-Oblique", "Helvetica-Bold", "Helvetica-BoldOblique"}

// latinWidths reports whether the widths f gives its codes of the
// letters A-Z and a-z, minFaceLetters of them or more, are within
// maxFaceWidthDiff on average of one of latinFaces'.
func latinWidths(f *font) bool {
	return latinLetters(f, func(c int) (byte, bool) { return byte(c), f.names[c] != "" })
}

// latinLetters reports whether the widths f gives the codes that letter
// reads as letters A-Z or a-z, minFaceLetters of them or more, are within
// maxFaceWidthDiff on average of one of latinFaces' widths of those
// letters.
func latinLetters(f *font, letter func(c int) (byte, bool)) bool {
	for _, std := range latinFaces {
		sum, n := 0.0, 0
		for c := range f.names {
			r, ok := letter(c)
			if !ok || !textclean.IsASCIILetter(r) || !f.hasWidth[c] || f.widths[c] <= 0 {
				continue
			}
			w, ok := std14Width(std, string(rune(r)), r)
			if !ok || w <= 0 {
				continue
			}
			sum += math.Abs(f.widths[c]-w) / w
			n++
		}
		if n >= minFaceLetters && sum/float64(n) <= maxFaceWidthDiff {
			return true
		}
	}
	return false
}
