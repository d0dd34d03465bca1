package nativetext

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	pdffont "github.com/pdfcpu/pdfcpu/pkg/font"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
	"github.com/assay-pdf/assay/internal/pdfdoc/cjkcmap"
	"github.com/assay-pdf/assay/internal/recovered"
	"github.com/assay-pdf/assay/internal/textclean"
)

// font is what the interpreter needs of a PDF font: how to split a string
// into codes, each code's width and text, and the glyph box height.
type font struct {
	name    string // BaseFont without subset prefix
	subtype string
	simple  bool

	// Simple fonts.
	names [256]string // glyph name per code ("" when none)
	// base is the encoding names started from, before Differences.
	base *[256]string
	// nameText is the text of each code's glyph name (pdfdoc.GlyphUnicode),
	// worked out once rather than for every glyph drawn, and only when a
	// code's text is not in ToUnicode (spelled): a font whose ToUnicode
	// covers what it draws never needs it. The 94 Type3 fonts of a Skia
	// CJK page name 24,000 glyphs this way, all of them in ToUnicode.
	nameText [256]string
	spelled  sync.Once
	widths   [256]float64
	hasWidth [256]bool
	std14    string // standard-14 metrics name when /Widths is missing
	// std14W is the width of each code by std14's metrics, in em, or
	// noWidth; nil unless std14 is set. Looked up once as the font
	// loads rather than for every glyph drawn: a page of a document set
	// in the standard fonts draws thousands of glyphs of a few fonts.
	std14W     *[256]float64
	dingbats   bool // ZapfDingbats built-in encoding
	gb         bool // pairs of bytes are GB 2312 characters (gbfont.go)
	widthScale float64

	// Composite (Type0) fonts.
	enc *cmap
	// coll is the Adobe CJK collection whose CID → Unicode table maps the
	// codes that ToUnicode does not (hasColl false: none).
	coll    cjkcmap.Collection
	hasColl bool
	// glyphRunes is the text of each glyph by the embedded program's
	// cmap, and cidToGID the CIDToGIDMap stream (nil: identity), for a
	// TrueType CID font without ToUnicode (programText).
	glyphRunes []rune
	cidToGID   []byte
	cidW       map[uint32]float64
	cidWR      []cidWidthRange
	dw         float64
	vertical   bool

	toUni *cmap
	// runs: codes ToUnicode leaves out whose text the order of the
	// font's glyphs gives (orderedRuns).
	runs []glyphRun
	// mended is the text of the codes whose ToUnicode text the glyph
	// drawn corrects (mendToUnicode, as the font loads): one letter of the
	// ligature it draws, a small letter for its capital, or nothing for a
	// ligature at TeX's codes (slotLigatures); nil for most.
	mended map[uint32]string
	// encoded: the font's Encoding entry names its glyphs (a named
	// encoding, or a dictionary of one and Differences), not the font
	// program's built-in encoding.
	encoded bool
	// uniByte is ToUnicode's answer for each one-byte code of a simple
	// font, looked up once as the font loads (byteText) rather than in
	// the CMap's map for every glyph drawn; nil for a font without
	// ToUnicode and for composite fonts.
	uniByte *[256]uniEntry
	// macOrder: a TrueType CID font, not embedded, whose glyph indices
	// keep the standard Macintosh order (macOrderText).
	macOrder bool
	// codesAreText: a composite font whose ToUnicode is the name
	// Identity-H or Identity-V, not a CMap: its two-byte codes are the
	// characters' Unicode values (identityText).
	codesAreText bool
	// symbol: the font is Symbol's (Symbol, SymbolMT), whose Unicode
	// cmap holds its codes at U+F020–U+F0FF (see symbolText).
	symbol bool
	// marks: the list markers of a symbol font that has no text of its
	// own (Wingdings, WordPerfect's typographic symbols), by code.
	marks map[byte]rune
	// drawn: what the codes of a font whose glyph names say where a glyph
	// sits, not what it draws, do draw (3B2's, adventGlyphs); over
	// ToUnicode, which was made from the names.
	drawn map[byte]string
	// slots: a simple font whose codes name glyph slots, not characters
	// (slotFont): they have no text of their own.
	slots bool
	// keepCodes: a Type 3 font's codes keep their base encoding's
	// characters under private glyph names (keepsCodes).
	keepCodes bool

	missing float64 // MissingWidth, glyph space
	ascent  float64 // em fractions, text space
	descent float64
	sizeMul float64 // text-space em size (Type3 FontMatrix), 1 otherwise
	flags   core.WordFlags

	// widthsGiven: a simple font's Widths array is there, and a code
	// outside it is as wide as MissingWidth says, 0 by default (width).
	widthsGiven bool
}

// uniEntry is a code's text by ToUnicode, and whether it maps the code.
type uniEntry struct {
	text   string
	mapped bool
}

type cidWidthRange struct {
	lo, hi uint32
	w      float64
}

// code is one character code of a shown string.
type code struct {
	v     uint32
	n     int // bytes
	space bool
}

// decode splits a shown string into character codes.
func (f *font) decode(s string, out []code) []code {
	out = out[:0]
	if f.gb {
		return gbCodes(s, out)
	}
	b := []byte(s)
	if f.simple {
		for _, c := range b {
			out = append(out, code{v: uint32(c), n: 1})
		}
		return out
	}
	for len(b) > 0 {
		v, n := f.enc.next(b)
		if n <= 0 {
			n = 1
		}
		out = append(out, code{v: v, n: n})
		b = b[n:]
	}
	return out
}

// width is the horizontal displacement of a code in text-space units for
// a font size of 1.
func (f *font) width(c uint32) float64 {
	if f.gb && c > 0xFF {
		// Each byte of a GB 2312 character has its own width.
		return f.width(c>>8) + f.width(c&0xFF)
	}
	if f.simple {
		if c < 256 && f.hasWidth[c] {
			return f.widths[c] * f.widthScale
		}
		if c < 256 && f.std14W != nil && f.std14W[c] != noWidth {
			return f.std14W[c]
		}
		if f.missing > 0 {
			return f.missing * f.widthScale
		}
		if f.widthsGiven {
			// ISO 32000-1 9.6.2.1: MissingWidth, 0 where the descriptor
			// gives none. 3B2 draws accents past LastChar with no
			// advance, kerned over their letters (TestWidthOutsideWidths).
			return 0
		}
		if f.std14 != "" || f.subtype == "Type3" {
			return 0.5
		}
		return 0.5
	}
	cid := f.enc.lookupCID(c)
	if w, ok := f.cidW[cid]; ok {
		return w / 1000
	}
	for _, r := range f.cidWR {
		if cid >= r.lo && cid <= r.hi {
			return r.w / 1000
		}
	}
	return f.dw / 1000
}

// text is the Unicode text of a code; ok is false when the font does not
// say. ToUnicode comes first, then the font's own sources (ownText). A
// code ToUnicode maps to nothing (<>, or U+0000) and the font's own
// sources cannot name adds no text, rather than an unknown character:
// Chromium maps a shaped Arabic word's text to one of its glyphs and
// the others to nothing, and a ligature's parts may be mapped so when a
// producer lost its text. A ToUnicode that maps every code to nothing
// says nothing.
func (f *font) text(c uint32) (string, bool) {
	if f.marks != nil {
		if r, ok := f.marks[byte(c)]; ok && f.simple && c <= 0xFF {
			return string(r), true
		}
	}
	if t, ok := f.drawn[byte(c)]; ok && f.simple && c <= 0xFF {
		return t, true
	}
	var s string
	var mapped bool
	if f.uniByte != nil && c <= 0xFF {
		e := &f.uniByte[c]
		s, mapped = e.text, e.mapped
	} else {
		s, mapped = f.toUni.lookupUni(c)
	}
	if mapped && s != "" && !(f.keepCodes && controlText(s)) {
		if f.mended != nil {
			if t, ok := f.mended[c]; ok {
				return t, true
			}
		}
		return f.markText(f.symbolText(s)), true
	}
	if t, ok := f.ownText(c); ok {
		return t, true
	}
	if t, ok := f.mended[c]; ok {
		return t, true
	}
	return "", mapped && f.toUni.hasText
}

// ligatureText is the text a simple font's glyph name gives code c where
// ToUnicode maps the ligature it names to s, one of its letters:
// InDesign's exports name MinionPro's ligatures f_i, f_f, f_t, T_h in the
// Differences and map each to its last letter, and every 'financial',
// 'often', 'The' of ICDAR US's student-aid brochure read 'inancial',
// 'oten', 'he', as pdftotext and mutool read them. A glyph named as a
// ligature draws all its letters; a map to one of them, first or last,
// has lost the others (a name may spell the presentation form, 'fi' is
// U+FB01, whose letters count). A map to the whole text, or to the
// presentation form, is kept.
func (f *font) ligatureText(c uint32, s string) (string, bool) {
	if !f.simple || c > 0xFF || !ligatureName(f.names[c]) || utf8.RuneCountInString(s) != 1 {
		return "", false
	}
	t := textclean.ExpandLigatures(spell(f.names[c]))
	if utf8.RuneCountInString(t) < 2 || t == s || !(strings.HasSuffix(t, s) || strings.HasPrefix(t, s)) {
		return "", false
	}
	for _, r := range t {
		if !unicode.IsLetter(r) {
			return "", false
		}
	}
	return t, true
}

// ligatureName reports whether a glyph name may name a ligature: its
// parts joined by '_' (f_i, T_h, uni0066_uni0069), or one of the Adobe
// Glyph List's ligature names. A test of the name alone, before it is
// spelled: a font spells its names only when it must (spellNames).
func ligatureName(name string) bool {
	switch name {
	case "ff", "fi", "fl", "ffi", "ffl":
		return true
	}
	return len(name) > 2 && strings.IndexByte(name, '_') > 0
}

// The last letters of the f-ligatures (fi, fl, ff, ft, ffi, ffl) that
// widthLigatures looks for, and how far a ligature's advance may fall
// short of its letters' (ligatureSlack of each f's): a ligature's glyph
// keeps its letters' advance, less what their pair kerning takes (Arial's
// fi is exactly f and i, 500 units; Minion's 535 against 564, its ffi
// 798 against 860).
const (
	ligatureEnds  = "filt"
	ligatureSlack = 0.15
)

// mendToUnicode fills f.mended, once as the font loads, so that a
// glyph's text costs one lookup more: the codes ToUnicode maps to one
// letter of the ligature they draw, read whole, by their glyph names
// (ligatureText) or, for f-ligatures without one, by their widths
// (widthLigatures), and capitals it maps to small letters where it maps
// the font's small letters to them too (caseCollisions).
func (f *font) mendToUnicode() {
	f.slotLigatures()
	if f.toUni == nil {
		return
	}
	if f.uniByte != nil {
		for c, name := range f.names {
			if e := f.uniByte[c]; e.mapped && ligatureName(name) {
				if t, ok := f.ligatureText(uint32(c), e.text); ok {
					f.mend(uint32(c), t)
				}
			}
		}
		f.caseCollisions()
	}
	f.widthLigatures()
}

// caseCollisions mends the codes of a simple font whose glyph, named
// as a capital, ToUnicode maps to the small letter, where the font draws
// every such letter in both cases: another code, its glyph named as the
// small letter, maps to it too. A map can give a code one text, and
// MMWR's producer gave its captions' N and T the small letters their
// text also holds: every 'TABLE 1. Number of deaths' read 'tABLE 1.
// number of deaths', as pdftotext and mutool read it. A simple font's
// glyph is drawn by its name, through the Encoding the font gives
// (encoded): the glyph named 'N' is a capital.
//
// Text set in capitals by its style (All Caps, small capitals made of
// capitals) is mapped to the letters typed, small ones ('www.flightsafety
// .org' set as WWW.FLIGHTSAFETY.ORG, 'Chapitre' as CHAPITRE), which is
// the text: such a font draws in capitals letters it has no small glyph
// for, and its codes are left to ToUnicode.
func (f *font) caseCollisions() {
	if !f.simple || !f.encoded {
		return
	}
	var caps []int
	small := map[string]bool{} // letters a glyph named as the small letter maps to
	for c, name := range f.names {
		e := f.uniByte[c]
		if !e.mapped || len(name) != 1 || len(e.text) != 1 || !textclean.IsASCIILetter(name[0]) {
			continue
		}
		switch {
		case name == e.text && name[0] >= 'a':
			small[name] = true
		case name != e.text && strings.EqualFold(name, e.text) && name[0] < 'a':
			caps = append(caps, c)
		}
	}
	for _, c := range caps {
		if !small[f.uniByte[c].text] {
			return
		}
	}
	for _, c := range caps {
		f.mend(uint32(c), f.names[c])
	}
}

// byteText fills f.uniByte for a simple font with a ToUnicode: each
// one-byte code's answer, looked up once as the font loads.
func (f *font) byteText() {
	if !f.simple || f.toUni == nil {
		return
	}
	f.uniByte = new([256]uniEntry)
	for c := range f.uniByte {
		f.uniByte[c].text, f.uniByte[c].mapped = f.toUni.lookupUni(uint32(c))
	}
}

// mend notes code c's text t.
func (f *font) mend(c uint32, t string) {
	if f.mended == nil {
		f.mended = map[uint32]string{}
	}
	f.mended[c] = t
}

// widthLigatures notes the codes ToUnicode maps to the last letter of an
// f-ligature they draw where the glyph's name does not say (a composite
// font's, or one without names): us-021's and us-025's Arial and
// Garamond, embedded with Identity-H, map their fi and fl glyphs to 'i'
// and 'l'. Such a glyph is as wide as an f or two and the letter, where
// another code of the font draws the letter alone at its own width: each
// code mapped to one of ligatureEnds whose width is the narrowest such
// code's (the letter's) plus one or two times the narrowest f's, within
// ligatureSlack. A simple font's code whose glyph name spells a text is
// left to the name.
func (f *font) widthLigatures() {
	codes := map[rune][]uint32{}
	f.toUni.codesOf(ligatureEnds, func(code uint32, r rune) {
		codes[r] = append(codes[r], code)
	})
	narrowest := func(r rune) float64 {
		w := math.Inf(1)
		for _, c := range codes[r] {
			if cw, ok := f.knownWidth(c); ok && cw > 0 {
				w = min(w, cw)
			}
		}
		return w
	}
	wf := narrowest('f')
	if math.IsInf(wf, 1) {
		return
	}
	for _, r := range ligatureEnds {
		letter := narrowest(r)
		for _, c := range codes[r] {
			w, ok := f.knownWidth(c)
			if !ok {
				continue
			}
			extra := w - letter
			k := math.Round(extra / wf)
			if k < 1 || k > 2 || math.Abs(extra-k*wf) > ligatureSlack*k*wf || f.namedGlyph(c) {
				continue
			}
			if _, done := f.mended[c]; !done {
				f.mend(c, strings.Repeat("f", int(k))+string(r))
			}
		}
	}
}

// texSlots are the codes at which TeX's text fonts set their
// f-ligatures: OT1's (Computer Modern's own layout) and T1's (the Cork
// layout). A mathematics font sets other glyphs there (Greek letters in
// cmmi, arrows in cmtt), which are no wider than one letter.
var texSlots = map[uint32]string{
	0x0B: "ff", 0x0C: "fi", 0x0D: "fl", 0x0E: "ffi", 0x0F: "ffl",
	0x1B: "ff", 0x1C: "fi", 0x1D: "fl", 0x1E: "ffi", 0x1F: "ffl",
}

// maxLigatureExcess is how much wider than its letters, as a share of
// them, a ligature's glyph may be: a ligature is narrower than its
// letters set apart (TeX's by 4-8%), and a bitmap font's widths are whole
// pixels, rounded.
const maxLigatureExcess = 0.05

// slotLigatures notes the text of a simple font's glyphs at texSlots that
// have none (no ToUnicode entry, a glyph name that spells nothing): dvips
// draws TeX's fonts as Type 3 fonts that name each glyph by its code's
// byte, and a preprint of 1994 mapped its letters in ToUnicode and not
// its ligatures, so every 'effective', 'first', 'field' read 'e�ective',
// '�rst', '�eld' (pdftotext drops them: 'e ective'). Such a glyph is that
// ligature when its advance is its letters' (the narrowest codes the font
// has for f, i and l), short by ligatureSlack at most, or wider by
// maxLigatureExcess: cmmi's alpha at 0x0B is two thirds of two f's.
func (f *font) slotLigatures() {
	if !f.simple {
		return
	}
	bare := map[uint32]float64{} // the ligatures' codes whose glyphs have no text: their widths
	for c := range texSlots {
		if w, ok := f.knownWidth(c); ok && w > 0 && f.plainText(c) == "" {
			bare[c] = w
		}
	}
	if len(bare) == 0 {
		return
	}
	letters := map[string]float64{}
	for c := range uint32(256) {
		if _, slot := texSlots[c]; slot {
			continue
		}
		t := f.plainText(c)
		if t == "f" || t == "i" || t == "l" {
			if w, ok := f.knownWidth(c); ok && w > 0 && (letters[t] == 0 || w < letters[t]) {
				letters[t] = w
			}
		}
	}
	for c, w := range bare {
		lig := texSlots[c]
		sum := 0.0
		for _, r := range lig {
			sum += letters[string(r)]
			if letters[string(r)] == 0 {
				sum = math.NaN() // a letter the font does not draw
			}
		}
		if w >= (1-ligatureSlack)*sum && w <= (1+maxLigatureExcess)*sum {
			f.mend(c, lig)
		}
	}
}

// plainText is a simple font's code's text by ToUnicode or, where that
// has none, by its glyph name: what the font says before mendToUnicode.
func (f *font) plainText(c uint32) string {
	if f.uniByte != nil && f.uniByte[c].mapped {
		return f.uniByte[c].text
	}
	return spell(f.names[c])
}

// knownWidth is the width of code c where the font gives it: a simple
// font's Widths or standard metrics, not the half em width falls back to.
func (f *font) knownWidth(c uint32) (float64, bool) {
	if f.simple && !f.gb && (c > 0xFF || !f.hasWidth[c] && (f.std14W == nil || f.std14W[c] == noWidth)) {
		return 0, false
	}
	return f.width(c), true
}

// namedGlyph reports whether a simple font's code c has a glyph name that
// spells a text.
func (f *font) namedGlyph(c uint32) bool {
	return f.simple && c <= 0xFF && spell(f.names[c]) != ""
}

// controlText reports whether s, a glyph's text by ToUnicode, is one
// control character. In a font that keeps its codes' characters
// (keepsCodes) such an entry is broken: the ISCA paper's dvips fonts map
// 'c' to a carriage return, and every c of the paper vanished; its text
// is then the code's. Elsewhere a tab or a line end stands for a blank
// glyph that a word processor drew (a memo's line ends), and is kept.
func controlText(s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	return n == len(s) && unicode.IsControl(r)
}

// ownText is the text of a code by the font's own sources: a simple
// font's glyph names (or GB 2312, or ZapfDingbats), a composite font's
// Unicode CMap, its CJK collection, or its embedded program's cmap.
func (f *font) ownText(c uint32) (string, bool) {
	if f.simple {
		if c > 255 {
			if !f.gb {
				return "", false
			}
			r, ok := gbRune(byte(c>>8), byte(c))
			if !ok {
				return "", false
			}
			return string(r), true
		}
		if f.slots {
			return "", false
		}
		f.spelled.Do(func() {
			f.spellNames()
			f.spellDingbats()
		})
		if s := f.nameText[c]; s != "" {
			return s, true
		}
		if f.dingbats {
			if r, ok := dingbatsRune(byte(c)); ok {
				return string(r), true
			}
		}
		return "", false
	}
	if f.enc != nil && f.enc.usesUnicode {
		return f.enc.lookupUni(c)
	}
	if f.hasColl {
		if r, ok := cjkcmap.ToUnicode(f.coll, f.enc.lookupCID(c)); ok {
			return string(r), true
		}
	}
	if r, ok := f.programRune(f.enc.lookupCID(c)); ok {
		return string(r), true
	}
	if f.macOrder {
		if s, ok := macOrderRune(f.enc.lookupCID(c)); ok {
			return s, true
		}
	}
	if s, ok := f.runText(c); ok {
		return s, true
	}
	return identityText(f, c)
}

// identityText is the text of code c of a composite font whose ToUnicode
// names Identity-H or Identity-V (codesAreText), where nothing else
// names it: a ToUnicode must be a CMap stream, and a producer that writes
// the identity's name there (SolidConverter, its Verdana set with codes
// 32, 58, 8211 for ' ', ':', '–', its program without a cmap) means
// that the codes are the characters, as pdf.js reads it. A code that is
// no character (a control, a surrogate, a private-use point) is not text.
func identityText(f *font, c uint32) (string, bool) {
	r := rune(c)
	if !f.codesAreText || c > 0xFFFF || !utf8.ValidRune(r) || unicode.IsControl(r) || unicode.Is(unicode.Co, r) {
		return "", false
	}
	return string(r), true
}

// The private-use range where a Symbol font's Unicode (3,0) cmap keeps its
// codes: code c at U+F000+c.
const (
	symbolPUAFirst = 0xF020
	symbolPUALast  = 0xF0FF
)

// symbolText is the text of one code of a Symbol font when its ToUnicode
// gives s. Microsoft's Symbol font maps its codes into the private-use
// range, and Office writes those points into ToUnicode: "+" as U+F02B, α
// as U+F061. Such a point is the Symbol encoding's glyph for its low byte;
// anything else is s.
func (f *font) symbolText(s string) string {
	if !f.symbol {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	if n != len(s) || r < symbolPUAFirst || r > symbolPUALast {
		return s
	}
	if u, ok := pdfdoc.GlyphUnicode(pdfdoc.SymbolEncoding[r-0xF000]); ok {
		return u
	}
	return s
}

// Fonts of symbols that word processors set list markers in. Their codes
// are drawn as pictures, not letters: Wingdings' 'l' is a black circle, and
// its encoding (WinAnsi, or Office's ToUnicode at U+F000 plus the code,
// or the code's letter) names the letter. A list then read "l Item" or
// "§ Item", and WordPerfect's bullet, '!' in its typographic symbols,
// "! Title I" (pdfminer's DMCA summary), so the items ran together. The
// markers below are read as what they draw, by a simple font's code or
// by the private-use point ToUnicode gives; the fonts' other codes keep
// their text.
var (
	wingdingsMarks = map[byte]rune{
		0x6C: '●', 0x6E: '■', 0x6F: '□', 0x71: '❑', 0x75: '◆', 0x76: '❖',
		0xA7: '▪', 0xD8: '➢', 0xFC: '✓',
	}
	wpTypographicMarks = map[byte]rune{0x21: '•'}
)

// symbolMarks is the list markers of the font named name (subset tag
// stripped), nil for a font that has text.
func symbolMarks(name string) map[byte]rune {
	n := strings.ToLower(strings.ReplaceAll(name, " ", ""))
	if i := strings.IndexAny(n, ",-"); i > 0 {
		n = n[:i]
	}
	switch n {
	case "wingdings":
		return wingdingsMarks
	case "wptypographicsymbols":
		return wpTypographicMarks
	}
	return nil
}

// markText is s, or the list marker it names when s is the private-use
// point of a code in marks (Office's ToUnicode for a Wingdings code).
func (f *font) markText(s string) string {
	if f.marks == nil {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	if n != len(s) || r < symbolPUAFirst || r > symbolPUALast {
		return s
	}
	if m, ok := f.marks[byte(r-0xF000)]; ok {
		return string(m)
	}
	return s
}

// isSpaceCode reports whether word spacing (Tw) applies: single-byte code 32.
func (c code) isWordSpace() bool { return c.n == 1 && c.v == 32 }

// loadFont returns the font for a font resource, parsed once per document
// when it is an indirect object.
func (d *document) loadFont(o types.Object) *font {
	nr := pdfdoc.ObjNr(o)
	if nr > 0 {
		d.fontMu.Lock()
		f, ok := d.fonts[nr]
		d.fontMu.Unlock()
		if ok {
			return f
		}
	}
	f := d.parseFont(d.Dict(o))
	if nr > 0 {
		d.fontMu.Lock()
		if g, ok := d.fonts[nr]; ok {
			f = g
		} else {
			d.fonts[nr] = f
		}
		d.fontMu.Unlock()
	}
	return f
}

func stripSubset(n string) string {
	if len(n) > 7 && n[6] == '+' {
		for i := 0; i < 6; i++ {
			if n[i] < 'A' || n[i] > 'Z' {
				return n
			}
		}
		return n[7:]
	}
	return n
}

// The ascent and descent, in ems, of a font that says nothing of its
// own (or nothing believable): a Latin face's.
const (
	defaultAscent  = 0.8
	defaultDescent = -0.2
)

// defaultFont is a font the document does not describe, named name: a
// simple font on 1000 units with the default ascent and descent, whose
// codes have no text of their own. A page's text shown before any Tf, a
// font its resources lack and a form field's default appearance without
// one are drawn in it; a font whose object cannot be read is drawn in it
// with WinAnsi's names (parseFont).
func defaultFont(name string) *font {
	return &font{name: name, simple: true, widthScale: 0.001, ascent: defaultAscent, descent: defaultDescent, sizeMul: 1, dw: 1000}
}

func (d *document) parseFont(fd types.Dict) (f *font) {
	f = defaultFont("")
	defer func() {
		if r := recover(); r != nil {
			recovered.Note("nativetext: font", r)
			// A font we cannot read: keep the defaults (no text mapping).
			*f = *defaultFont("")
		}
	}()
	if fd == nil {
		// A font resource whose object cannot be read (a font dictionary
		// cut short, pdf.js's operator-in-TJ-array; an object missing)
		// says nothing of its codes. Read them through WinAnsi, as
		// pdftotext and pdf.js read them in their default font: a simple
		// font's one-byte codes are the Windows code page's characters
		// far more often than not, and text that is not goes to the
		// quality check as any text does.
		f.names, f.base = pdfdoc.WinAnsiEncoding, &pdfdoc.WinAnsiEncoding
		return f
	}
	f.subtype = d.Name(fd["Subtype"])
	f.name = stripSubset(d.Name(fd["BaseFont"]))
	f.symbol = std14Name(f.name) == "Symbol"
	f.marks = symbolMarks(f.name)
	if tu, ok := fd["ToUnicode"]; ok {
		if _, b, err := d.Stream(tu); err == nil && len(b) > 0 {
			if c := parseCMap(b); !c.encodingOnly() {
				c.cidsAsText()
				f.toUni = c
			}
		} else if n := d.Name(tu); n != "" {
			if c := predefinedCMap(n); c.usesUnicode {
				f.toUni = c
			}
			f.codesAreText = n == "Identity-H" || n == "Identity-V"
		}
	}
	if f.subtype == "Type0" {
		d.parseType0(f, fd)
	} else {
		d.parseSimple(f, fd)
	}
	f.flags |= styleOf(strings.ToLower(f.name))
	if f.flags&core.FlagMonospace == 0 && fixedPitch(f) {
		f.flags |= core.FlagMonospace
	}
	if f.vertical {
		f.flags |= core.FlagVertical
	}
	f.byteText()
	f.mendToUnicode()
	f.orderedRuns()
	return f
}

func (d *document) descriptor(f *font, desc types.Dict) {
	if desc == nil {
		return
	}
	if a, ok := d.Number(desc["Ascent"]); ok && a > 0 && a < 2000 {
		f.ascent = a / 1000
	}
	if v, ok := d.Number(desc["Descent"]); ok && v != 0 && math.Abs(v) < 1000 {
		f.descent = -math.Abs(v) / 1000
	}
	if f.ascent-f.descent < 0.5 {
		f.ascent, f.descent = defaultAscent, defaultDescent
	}
	if m, ok := d.Number(desc["MissingWidth"]); ok && m > 0 && m < 5000 {
		f.missing = m
	}
	if f.name == "" {
		// A Type 3 font has no BaseFont; Skia names the face it was
		// drawn from in the descriptor, which is all that tells its
		// weight, slant and pitch.
		f.flags |= styleOf(strings.ToLower(stripSubset(d.Name(desc["FontName"]))))
	}
	if fl, ok := d.Number(desc["Flags"]); ok && int64(fl)&1 != 0 {
		f.flags |= core.FlagMonospace
	}
	if !namesRegularFace(f.name) {
		f.flags |= d.descriptorStyle(desc)
	}
}

// descriptorStyle is the weight and slant a font descriptor states: its
// Flags' Italic and ForceBold bits, a FontWeight of 600 or more, an
// ItalicAngle of a slant.
func (d *document) descriptorStyle(desc types.Dict) core.WordFlags {
	var style core.WordFlags
	if fl, ok := d.Number(desc["Flags"]); ok {
		if int64(fl)&(1<<6) != 0 {
			style |= core.FlagItalic
		}
		if int64(fl)&(1<<18) != 0 {
			style |= core.FlagBold
		}
	}
	if w, ok := d.Number(desc["FontWeight"]); ok && w >= 600 {
		style |= core.FlagBold
	}
	if a, ok := d.Number(desc["ItalicAngle"]); ok && math.Abs(a) > 3 && math.Abs(a) < 45 {
		style |= core.FlagItalic
	}
	return style
}

// A Type 3 font's em is one unit of text space, whatever its FontMatrix
// (which maps the glyphs' own units to text space: Chromium writes 1/2048
// for a font designed on 2048 units), so its size is the Tf size like any
// font's. Only when the FontBBox says the glyphs are drawn far smaller or
// larger than that em (bitmap fonts in pixel units) does the box's height
// stand for the em.
const (
	minType3Em = 0.5 // the FontBBox height, in ems, of an ordinary font ...
	maxType3Em = 2.0 // ... lies between these
)

// type3Metrics sets a Type 3 font's size factor, ascent and descent from
// its FontMatrix's vertical scale fm3 and its FontBBox bb (glyph units).
func type3Metrics(f *font, fm3 float64, bb []float64) {
	if len(bb) != 4 {
		return
	}
	// Text-space extent of the box; a negative fm3 flips glyph space.
	top, bottom := max(fm3*bb[1], fm3*bb[3]), min(fm3*bb[1], fm3*bb[3])
	em := top - bottom
	if em <= 0 || math.IsInf(em, 0) || math.IsNaN(em) {
		return
	}
	if em < minType3Em || em > maxType3Em {
		f.sizeMul = em
	}
	a, de := top/f.sizeMul, bottom/f.sizeMul
	if a > 0 && a < 2 && de <= 0 && de > -1 && a-de > 0.3 {
		f.ascent, f.descent = a, de
	}
}

// A Type 3 font's FontBBox may be a placeholder: dvips draws TeX's bitmap
// fonts with FontMatrix [1 0 0 -1 0 0] and FontBBox [0 0 1000 1000] over
// glyphs that advance about 40 units, so the box's 1,000 units made an em
// twenty-five letters wide, the glyphs' boxes a tenth of a point tall and
// the lines of two columns one line; pdf.js's issue14999 has a FontBBox
// of [0 0 1 -1] over advances of 45 units, each word a paragraph. Where
// the median advance of a Type 3 font lies outside minType3Advance to
// maxType3Advance of the em its box gives, the box says nothing, and the
// em is the one that makes that median typicalAdvance: Latin letters
// average about half an em, and no face's are two ems wide.
const (
	minType3Advance = 0.1
	maxType3Advance = 2.0
	typicalAdvance  = 0.5
)

// type3EmByAdvances sets a Type 3 font's em from its advances where its
// FontBBox's is implausible (see minType3Advance).
func type3EmByAdvances(f *font) {
	var ws []float64
	for c, w := range f.widths {
		if f.hasWidth[c] && w > 0 {
			ws = append(ws, w*f.widthScale)
		}
	}
	if len(ws) == 0 {
		return
	}
	med := medianInPlace(ws)
	if med < minType3Advance*f.sizeMul || med > maxType3Advance*f.sizeMul {
		f.sizeMul = med / typicalAdvance
		f.ascent, f.descent = defaultAscent, defaultDescent
	}
}

func (d *document) parseSimple(f *font, fd types.Dict) {
	desc := d.Dict(fd["FontDescriptor"])
	d.descriptor(f, desc)
	std := std14Name(f.name)
	if f.subtype == "Type3" {
		d.type3Matrix(f, fd)
	}
	d.simpleEncoding(f, fd, d.baseEncoding(f, desc, std))
	d.simpleWidths(f, fd, std)
	if f.subtype == "Type3" {
		type3EmByAdvances(f)
	}
	f.keepCodes = keepsCodes(f)
	f.gb = d.gbFont(f, desc)
	adventTextNames(f)
	macIndexNames(f)
	f.drawn = adventGlyphs(f)
	f.slots = !f.gb && !f.dingbats && !f.symbol && f.marks == nil && f.drawn == nil && f.subtype != "Type3" && (slotFont(f) || orderedSlots(f))
	if std != "" && desc == nil && strings.Contains(std, "Bold") {
		f.flags |= core.FlagBold
	}
}

// type3Matrix takes a Type 3 font's glyph space scale and metrics from its
// FontMatrix and FontBBox.
func (d *document) type3Matrix(f *font, fd types.Dict) {
	fm := d.Numbers(fd["FontMatrix"])
	if len(fm) == 6 && fm[0] != 0 && math.Abs(fm[0]) < 10 {
		f.widthScale = math.Abs(fm[0])
	}
	if len(fm) == 6 && fm[3] != 0 {
		type3Metrics(f, fm[3], d.Numbers(fd["FontBBox"]))
	}
}

// baseEncoding is the encoding a simple font starts from before its
// Encoding entry: Symbol's own, none for ZapfDingbats and Type 3, an
// embedded Type 1 program's built-in one, else WinAnsi for TrueType and
// Standard for the rest.
func (d *document) baseEncoding(f *font, desc types.Dict, std string) *[256]string {
	switch std {
	case "Symbol":
		return &pdfdoc.SymbolEncoding
	case "ZapfDingbats":
		f.dingbats = true
		return nil
	}
	if f.subtype == "Type3" {
		return nil
	}
	if builtin := d.type1Encoding(desc); builtin != nil {
		return builtin
	}
	if f.subtype == "TrueType" {
		return &pdfdoc.WinAnsiEncoding
	}
	return &pdfdoc.StandardEncoding
}

// spellNames sets f.nameText from f.names. Most fonts name their codes
// as a built-in encoding does but for a few Differences: those start from
// the encoding's text, spelled once for every font.
func (f *font) spellNames() {
	if namedByCode(f) {
		winAnsi := spelledBuiltin()[&pdfdoc.WinAnsiEncoding]
		for c, n := range f.names {
			if n != "" {
				f.nameText[c] = winAnsi[c]
			}
		}
		return
	}
	text := spelledBuiltin()[f.base]
	if text == nil {
		for c, n := range f.names {
			f.nameText[c] = spell(n)
		}
		return
	}
	f.nameText = *text
	for c, n := range f.names {
		if n == f.base[c] {
			continue
		}
		if s := spell(n); s != "" || !f.keepCodes {
			f.nameText[c] = s
		}
	}
}

// keepsCodes reports whether a simple font's codes keep their base
// encoding's characters under private glyph names: a Type 3 font that
// names its base encoding and renames codes to names that spell nothing.
// dvips draws TeX's bitmap fonts so, a glyph named by a counter ('CT' for
// 'e', 'CR' for 'c') at the character's code, and a producer added
// WinAnsi as the base: an ISCA paper of 2010 in olmOCR's test files had
// 4,542 of its first page's 4,845 glyphs without text, and went to OCR.
// Poppler and pdf.js read such a code as its base encoding's character.
// A font whose renamed codes run from '!' or below without a gap numbers
// its glyphs in the order the document used them, and keeps nothing.
func keepsCodes(f *font) bool {
	if f.subtype != "Type3" || f.base == nil {
		return false
	}
	first, last, n := -1, -1, 0
	for c, name := range f.names {
		if name == "" || name == f.base[c] {
			continue
		}
		if first < 0 {
			first = c
		}
		last, n = c, n+1
	}
	return n > 0 && !inOrderOfUse(first, last, n)
}

// minCodeNames is the fewest glyph names that namedByCode judges a font
// by: a few numbers may be a symbol font's.
const minCodeNames = 8

// namedByCode reports whether every glyph name of a simple font is its
// own code in decimal, minCodeNames of them or more: a producer that drew
// its text as a Type 3 font named each glyph by its character's code
// (PyMuPDF's test_3186, an Italian insurance document in Franklin
// Gothic: /65 at code 65, /224 at 224, 'à'), and its codes are the text's
// in the Windows code page. Such names spell nothing, and every glyph of
// the document was U+FFFD; pdftotext reads them so.
func namedByCode(f *font) bool {
	return codeNamed(f, "") >= minCodeNames
}

// codeNamed is the number of glyphs of simple font f when every one of
// them is named prefix and its own code in decimal, 0 otherwise.
func codeNamed(f *font, prefix string) int {
	n := 0
	for c, name := range f.names {
		if name == "" {
			continue
		}
		if name != prefix+strconv.Itoa(c) {
			return 0
		}
		n++
	}
	return n
}

// spell is the text of a glyph name, "" when it has none.
func spell(name string) string {
	s, _ := pdfdoc.GlyphUnicode(name)
	return s
}

// spelledBuiltin is the text of the names of pdfdoc's encodings, by
// encoding.
var spelledBuiltin = sync.OnceValue(func() map[*[256]string]*[256]string {
	m := map[*[256]string]*[256]string{}
	for _, e := range []*[256]string{&pdfdoc.StandardEncoding, &pdfdoc.WinAnsiEncoding,
		&pdfdoc.MacRomanEncoding, &pdfdoc.PDFDocEncoding, &pdfdoc.SymbolEncoding} {
		text := new([256]string)
		for c, n := range e {
			text[c] = spell(n)
		}
		m[e] = text
	}
	return m
})

// simpleEncoding sets f's glyph names from base and the font's Encoding
// entry: a named encoding replaces base, and Differences name single codes.
func (d *document) simpleEncoding(f *font, fd types.Dict, base *[256]string) {
	var diffs types.Array
	switch e := d.Deref(fd["Encoding"]).(type) {
	case types.Name:
		if t := namedEncoding(string(e)); t != nil {
			base = t
			f.dingbats = false
			f.encoded = true
		}
	case types.Dict:
		if t := namedEncoding(d.Name(e["BaseEncoding"])); t != nil {
			base = t
			f.dingbats = false
			f.encoded = true
		}
		diffs = d.Array(e["Differences"])
		f.encoded = f.encoded || len(diffs) > 0
	}
	if base != nil {
		f.names = *base
		f.base = base
	}
	c := -1
	for _, x := range diffs {
		switch v := d.Deref(x).(type) {
		case types.Integer:
			c = int(v)
		case types.Float:
			c = int(v)
		case types.Name:
			if c >= 0 && c < 256 {
				f.names[c] = string(v)
				// Named glyphs win over the built-in code mapping.
				f.dingbats = false
			}
			c++
		}
	}
}

// simpleWidths reads Widths from FirstChar on; a standard 14 font without
// them uses its built-in metrics.
func (d *document) simpleWidths(f *font, fd types.Dict, std string) {
	first, _ := d.Number(fd["FirstChar"])
	ws := d.Array(fd["Widths"])
	if len(ws) == 0 {
		if std != "" {
			f.std14 = std
			f.std14W = std14Widths(std, &f.names)
		}
		return
	}
	for i, w := range ws {
		cc := int(first) + i
		if cc < 0 || cc > 255 {
			continue
		}
		if v, ok := d.Number(w); ok {
			f.widths[cc] = v
			f.hasWidth[cc] = true
		}
	}
	f.widthsGiven = f.subtype != "Type3"
}

// A CJK face embedded as a simple font has its ideographs given one-byte
// codes in the order the document used them (MinerU's garbled_formula:
// SimSun, KaiTi and FangSong subsets, each with its own codes 0-255,
// no ToUnicode and no glyph names). Read through WinAnsi, as its
// encoding says, the text is Latin-1 soup ('Ø”� x1 = 0 ½', 'dž�Ø�ª'), and
// a page of it passed as text. Its widths tell it: every glyph an em wide.
const (
	// minSlotGlyphs is the fewest widths that tell a face: a font of a
	// few glyphs may be dashes and symbols, an em wide in any face.
	minSlotGlyphs = 8
	// fullWidthEm is the advance, in ems, of a full-width glyph.
	fullWidthEm = 0.95
	// slotShare is the share of a font's widths that are full width in
	// such a face: all of them. A Latin face's widest letters (W, M) and
	// signs (—, ‰, ™, @) are a few of its glyphs.
	slotShare = 0.9
)

// slotFont reports whether a simple font's codes name glyph slots rather
// than characters: minSlotGlyphs or more widths, nearly all (slotShare) a
// full em. A single-byte encoding names Latin letters, digits and
// punctuation, which no face draws an em wide (a Latin i is a quarter em,
// and a CJK face's own Latin letters are half an em); an em is the width
// of an ideograph.
func slotFont(f *font) bool {
	n, full := 0, 0
	for c, w := range f.widths {
		if !f.hasWidth[c] || w <= 0 {
			continue
		}
		n++
		if w*f.widthScale >= fullWidthEm {
			full++
		}
	}
	return n >= minSlotGlyphs && float64(full) >= slotShare*float64(n)
}

// orderedSlots reports whether a simple font's codes were given its
// glyphs in the order a document used them, from '!' up: minSlotGlyphs
// or more codes with widths, without a gap, from '!' or lower to under
// 'a', named (if at all) with the standard names of their codes.
// Founder's typesetting, common in Chinese journals, re-encodes each
// Latin font so ('DY17+ZGDAQU-17', codes 33-79), and its names lie:
// MinerU's test_01 read ',-./012 23245/0670/2181 09 )*+' for 'Agarose
// electrophoresis of PCR'. A font that names characters by code uses
// the lower-case letters of its text and leaves gaps; a producer that
// numbers glyphs in order of use and names them truly ('!' named T)
// names them otherwise.
func orderedSlots(f *font) bool {
	first, last, n := -1, -1, 0
	for c := range f.widths {
		if !f.hasWidth[c] || f.widths[c] <= 0 {
			continue
		}
		if name := f.names[c]; name != "" && name != pdfdoc.StandardEncoding[c] {
			return false
		}
		if first < 0 {
			first = c
		}
		last, n = c, n+1
	}
	return first >= 1 && last < 'a' && inOrderOfUse(first, last, n)
}

// inOrderOfUse reports whether n codes from first to last, all of them
// in use, are a font's glyphs numbered in the order a document used them:
// minSlotGlyphs or more, from '!' or below, without a gap.
func inOrderOfUse(first, last, n int) bool {
	return n >= minSlotGlyphs && first <= '!' && n == last-first+1
}

func namedEncoding(n string) *[256]string {
	switch n {
	case "WinAnsiEncoding":
		return &pdfdoc.WinAnsiEncoding
	case "MacRomanEncoding", "MacExpertEncoding":
		return &pdfdoc.MacRomanEncoding
	case "StandardEncoding":
		return &pdfdoc.StandardEncoding
	case "PDFDocEncoding":
		return &pdfdoc.PDFDocEncoding
	case "SymbolEncoding":
		return &pdfdoc.SymbolEncoding
	}
	return nil
}

// cffProgramEncoding is the built-in encoding of a font whose embedded
// program is bare CFF (a FontFile3 of subtype Type1C), nil when it has
// none but StandardEncoding (cffEncoding).
func (d *document) cffProgramEncoding(desc types.Dict) *[256]string {
	ff, ok := desc["FontFile3"]
	if !ok {
		return nil
	}
	sdict, b, err := d.Stream(ff)
	if err != nil || len(b) == 0 || d.Name(sdict["Subtype"]) != "Type1C" {
		return nil
	}
	return cffEncoding(b)
}

// type1Encoding reads the Encoding array of an embedded Type 1 program's
// clear-text part ("dup 65 /A put" lines), or a bare CFF program's
// built-in encoding (cffProgramEncoding). nil when the font uses
// StandardEncoding or has neither program.
func (d *document) type1Encoding(desc types.Dict) *[256]string {
	if desc == nil {
		return nil
	}
	ff, ok := desc["FontFile"]
	if !ok {
		return d.cffProgramEncoding(desc)
	}
	sdict, b, err := d.Stream(ff)
	if err != nil || len(b) == 0 {
		return nil
	}
	if l1, ok := d.Number(sdict["Length1"]); ok && l1 > 0 && int(l1) < len(b) {
		b = b[:int(l1)]
	}
	if i := strings.Index(string(b), "eexec"); i > 0 {
		b = b[:i]
	}
	i := strings.Index(string(b), "/Encoding")
	if i < 0 {
		return nil
	}
	l := pdfdoc.NewLexer(b[i+len("/Encoding"):])
	var enc [256]string
	found := false
	var win [4]pdfdoc.Token
	for k := 0; k < 1<<16; k++ {
		o, ok, _ := l.Next()
		if !ok {
			break
		}
		if o.Kind == pdfdoc.KindOperator && (o.Str == "def" || o.Str == "readonly") {
			break
		}
		if o.Kind == pdfdoc.KindOperator && o.Str == "StandardEncoding" {
			return nil
		}
		win[0], win[1], win[2], win[3] = win[1], win[2], win[3], o
		if win[3].Kind == pdfdoc.KindOperator && win[3].Str == "put" && win[0].Kind == pdfdoc.KindOperator && win[0].Str == "dup" &&
			win[1].Kind == pdfdoc.KindNumber && win[2].Kind == pdfdoc.KindName {
			c := int(win[1].Num)
			if c >= 0 && c < 256 {
				enc[c] = win[2].Str
				found = true
			}
		}
	}
	if !found {
		return nil
	}
	return &enc
}

func (d *document) parseType0(f *font, fd types.Dict) {
	f.simple = false
	encObj := fd["Encoding"]
	switch e := d.Deref(encObj).(type) {
	case types.Name:
		f.enc = predefinedCMap(string(e))
	case types.StreamDict:
		f.enc = d.embeddedCMap(encObj, 0)
	}
	if f.enc == nil {
		f.enc = predefinedCMap("Identity-H")
	}
	f.vertical = f.enc.vertical
	desc := d.Array(fd["DescendantFonts"])
	var cf types.Dict
	if len(desc) > 0 {
		cf = d.Dict(desc[0])
	}
	if cf == nil {
		return
	}
	if f.name == "" {
		f.name = stripSubset(d.Name(cf["BaseFont"]))
	}
	d.programText(f, cf)
	d.macOrderText(f, cf)
	d.collection(f, cf)
	d.descriptor(f, d.Dict(cf["FontDescriptor"]))
	if dw, ok := d.Number(cf["DW"]); ok && dw >= 0 && dw < 10000 {
		f.dw = dw
	}
	w := d.Array(cf["W"])
	f.cidW = map[uint32]float64{}
	for i := 0; i < len(w); {
		start, ok := d.Number(w[i])
		if !ok || i+1 >= len(w) {
			break
		}
		if arr := d.Array(w[i+1]); arr != nil {
			for k, x := range arr {
				if v, ok := d.Number(x); ok && len(f.cidW) < maxCMapEntries {
					f.cidW[uint32(start)+uint32(k)] = v
				}
			}
			i += 2
			continue
		}
		if i+2 >= len(w) {
			break
		}
		end, ok1 := d.Number(w[i+1])
		v, ok2 := d.Number(w[i+2])
		if ok1 && ok2 && end >= start && start >= 0 && len(f.cidWR) < maxCMapRanges {
			f.cidWR = append(f.cidWR, cidWidthRange{uint32(start), uint32(end), v})
		}
		i += 3
	}
}

// collection picks the Adobe CJK collection whose CID → Unicode table
// gives the text of codes that ToUnicode does not map: the descendant
// font's CIDSystemInfo (Adobe-GB1, -CNS1, -Japan1, -Korea1), else that of a
// predefined encoding CMap. A CIDFontType2 font with an embedded program
// is left out when it has a ToUnicode or its program a Unicode cmap
// (programText): its CIDs are usually glyph indices, whatever it declares.
// With neither, the declared collection is the only witness, and MuPDF
// and pdf.js read it too: Japanese producers number a subset's glyphs by
// their Adobe-Japan1 CIDs.
func (d *document) collection(f *font, cf types.Dict) {
	if d.Name(cf["Subtype"]) == "CIDFontType2" && (f.toUni != nil || f.glyphRunes != nil) {
		if desc := d.Dict(cf["FontDescriptor"]); desc != nil && desc["FontFile2"] != nil {
			return
		}
	}
	if si := d.Dict(cf["CIDSystemInfo"]); si != nil {
		reg, _ := d.String(si["Registry"])
		ord, _ := d.String(si["Ordering"])
		if c, ok := cjkcmap.CollectionOf(string(reg), string(ord)); ok {
			f.coll, f.hasColl = c, true
			return
		}
	}
	if f.enc != nil && f.enc.pre != nil {
		f.coll, f.hasColl = f.enc.pre.Collection, true
	}
}

// embeddedCMap parses an encoding CMap stream and its UseCMap chain.
func (d *document) embeddedCMap(o types.Object, depth int) *cmap {
	sd, b, err := d.Stream(o)
	if err != nil {
		return nil
	}
	c := parseCMap(b)
	if u, ok := sd["UseCMap"]; ok && depth < 4 {
		if n := d.Name(u); n != "" {
			c.merge(predefinedCMap(n))
		} else if p := d.embeddedCMap(u, depth+1); p != nil {
			c.merge(p)
		}
	} else if c.usecmap != "" {
		c.merge(predefinedCMap(c.usecmap))
	}
	if len(c.space) == 0 && len(c.cid) == 0 && len(c.cidRanges) == 0 {
		return predefinedCMap("Identity-H")
	}
	return c
}

// std14Name maps a base font name to one of the 14 standard fonts whose
// metrics pdfcpu ships, "" when it is not one of them.
func std14Name(name string) string {
	if name == "" {
		return ""
	}
	if pdffont.IsCoreFont(name) {
		return name
	}
	n := strings.ReplaceAll(name, " ", "")
	style := ""
	if i := strings.IndexAny(n, ",-"); i > 0 {
		style = strings.ToLower(n[i+1:])
		n = n[:i]
	}
	bold := strings.Contains(style, "bold")
	italic := strings.Contains(style, "italic") || strings.Contains(style, "oblique")
	var fam string
	switch strings.ToLower(n) {
	case "arial", "helvetica", "arialmt":
		fam = "Helvetica"
	case "times", "timesnewroman", "timesnewromanps", "timesnewromanpsmt", "times-roman":
		fam = "Times"
	case "courier", "couriernew", "couriernewpsmt":
		fam = "Courier"
	case "symbol", "symbolmt":
		return "Symbol"
	case "zapfdingbats":
		return "ZapfDingbats"
	default:
		return ""
	}
	switch fam {
	case "Times":
		switch {
		case bold && italic:
			return "Times-BoldItalic"
		case bold:
			return "Times-Bold"
		case italic:
			return "Times-Italic"
		}
		return "Times-Roman"
	default:
		switch {
		case bold && italic:
			return fam + "-BoldOblique"
		case bold:
			return fam + "-Bold"
		case italic:
			return fam + "-Oblique"
		}
		return fam
	}
}

// winAnsiCode is the WinAnsi code of each glyph name, to look up widths in
// pdfcpu's standard-14 metrics (which are indexed by WinAnsi code).
var winAnsiCode = func() map[string]byte {
	m := map[string]byte{}
	for c, n := range pdfdoc.WinAnsiEncoding {
		// WinAnsiEncoding shows its undefined codes as bullets (PDF
		// 32000-1, D.2, note 3); the metrics know the bullet by 225
		// octal, and fall back to a full em for the others.
		if n != "" && !(n == "bullet" && c != 0225) {
			if _, dup := m[n]; !dup {
				m[n] = byte(c)
			}
		}
	}
	return m
}()

// noWidth marks a code whose width the metrics do not give.
const noWidth = -1

// std14Widths is the width in em of each code of a standard font std
// whose codes name the glyphs names, or noWidth.
func std14Widths(std string, names *[256]string) *[256]float64 {
	var ws [256]float64
	for c := range ws {
		ws[c] = noWidth
		if w, ok := std14Width(std, names[c], byte(c)); ok {
			ws[c] = w / 1000
		}
	}
	return &ws
}

// std14Width is the width of a glyph of a standard font in 1/1000 em.
func std14Width(std, glyph string, c byte) (float64, bool) {
	switch std {
	case "Symbol", "ZapfDingbats":
		w, err := pdffont.CharWidth(std, rune(c))
		return float64(w), err == nil
	}
	wc, ok := winAnsiCode[glyph]
	if !ok {
		return 0, false
	}
	w, err := pdffont.CharWidth(std, rune(wc))
	if err != nil {
		return 0, false
	}
	return float64(w), true
}
