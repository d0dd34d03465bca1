package nativetext

import (
	"strconv"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// A TrueType CID font that is not embedded, with the identity CMap and no
// ToUnicode, gives its glyphs by their indices in the font the reader's
// system holds: Word's and Office's exports of Arial, Verdana, Times New
// Roman, Century Gothic (pdf.js's issue4722, issue11242, issue15441, a
// French health form's issue6127). With no program and no map, every one
// of their glyphs was U+FFFD, and the pages went to OCR; pdftotext reads
// them as their indices, 29 below the letters ("'(6&5,37,21" for
// 'DESCRIPTION'). Microsoft's core fonts order their first 258 glyphs as
// TrueType's standard Macintosh glyph order (the names of a 'post' table
// of format 1): index 36 is 'A', 68 'a'. A font of another order (Calibri,
// of the ClearType collection) is not named here and keeps its glyphs
// unknown. Arial Black, a core font for the Web too, keeps the order
// (robustness's issue5801, a Polish calendar: 'poniedziałek', its 'ł'
// glyph 227).
var macOrderFonts = []string{"arial", "arialblack", "arialnarrow", "timesnewroman", "couriernew", "verdana", "tahoma", "georgia", "trebuchetms", "centurygothic"}

// macGlyphNames is TrueType's standard Macintosh glyph order: the names
// of glyphs 0 to 257 of a font that keeps it.
var macGlyphNames = [...]string{
	".notdef", ".null", "nonmarkingreturn", "space", "exclam", "quotedbl", "numbersign", "dollar", "percent", "ampersand",
	"quotesingle", "parenleft", "parenright", "asterisk", "plus", "comma", "hyphen", "period", "slash", "zero",
	"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "colon",
	"semicolon", "less", "equal", "greater", "question", "at", "A", "B", "C", "D",
	"E", "F", "G", "H", "I", "J", "K", "L", "M", "N",
	"O", "P", "Q", "R", "S", "T", "U", "V", "W", "X",
	"Y", "Z", "bracketleft", "backslash", "bracketright", "asciicircum", "underscore", "grave", "a", "b",
	"c", "d", "e", "f", "g", "h", "i", "j", "k", "l",
	"m", "n", "o", "p", "q", "r", "s", "t", "u", "v",
	"w", "x", "y", "z", "braceleft", "bar", "braceright", "asciitilde", "Adieresis", "Aring",
	"Ccedilla", "Eacute", "Ntilde", "Odieresis", "Udieresis", "aacute", "agrave", "acircumflex", "adieresis", "atilde",
	"aring", "ccedilla", "eacute", "egrave", "ecircumflex", "edieresis", "iacute", "igrave", "icircumflex", "idieresis",
	"ntilde", "oacute", "ograve", "ocircumflex", "odieresis", "otilde", "uacute", "ugrave", "ucircumflex", "udieresis",
	"dagger", "degree", "cent", "sterling", "section", "bullet", "paragraph", "germandbls", "registered", "copyright",
	"trademark", "acute", "dieresis", "notequal", "AE", "Oslash", "infinity", "plusminus", "lessequal", "greaterequal",
	"yen", "mu", "partialdiff", "summation", "product", "pi", "integral", "ordfeminine", "ordmasculine", "Omega",
	"ae", "oslash", "questiondown", "exclamdown", "logicalnot", "radical", "florin", "approxequal", "Delta", "guillemotleft",
	"guillemotright", "ellipsis", "nonbreakingspace", "Agrave", "Atilde", "Otilde", "OE", "oe", "endash", "emdash",
	"quotedblleft", "quotedblright", "quoteleft", "quoteright", "divide", "lozenge", "ydieresis", "Ydieresis", "fraction", "currency",
	"guilsinglleft", "guilsinglright", "fi", "fl", "daggerdbl", "periodcentered", "quotesinglbase", "quotedblbase", "perthousand", "Acircumflex",
	"Ecircumflex", "Aacute", "Edieresis", "Egrave", "Iacute", "Icircumflex", "Idieresis", "Igrave", "Oacute", "Ocircumflex",
	"apple", "Ograve", "Uacute", "Ucircumflex", "Ugrave", "dotlessi", "circumflex", "tilde", "macron", "breve",
	"dotaccent", "ring", "cedilla", "hungarumlaut", "ogonek", "caron", "Lslash", "lslash", "Scaron", "scaron",
	"Zcaron", "zcaron", "brokenbar", "Eth", "eth", "Yacute", "yacute", "Thorn", "thorn", "minus",
	"multiply", "onesuperior", "twosuperior", "threesuperior", "onehalf", "onequarter", "threequarters", "franc", "Gbreve", "gbreve",
	"Idotaccent", "Scedilla", "scedilla", "Cacute", "cacute", "Ccaron", "ccaron", "dcroat",
}

// macOrderText marks f, a TrueType CID font cf of the identity CMap, to
// read its glyph indices in the standard Macintosh order (macGlyphNames)
// where it is not embedded, has no ToUnicode (a ToUnicode named
// Identity-H says its codes are text: identityText) and no CIDToGIDMap
// stream, and is one of macOrderFonts.
func (d *document) macOrderText(f *font, cf types.Dict) {
	if f.toUni != nil || f.codesAreText || f.enc == nil || !f.enc.identity || d.Name(cf["Subtype"]) != "CIDFontType2" {
		return
	}
	if desc := d.Dict(cf["FontDescriptor"]); desc != nil && (desc["FontFile2"] != nil || desc["FontFile3"] != nil) {
		return
	}
	if m, ok := cf["CIDToGIDMap"]; ok && d.Name(m) == "" {
		return
	}
	f.macOrder = isMacOrderFont(f.name)
}

// isMacOrderFont reports whether name (a BaseFont, subset tag removed)
// names one of macOrderFonts, in any style.
func isMacOrderFont(name string) bool {
	base := strings.ToLower(name)
	if i := strings.IndexAny(base, ",-"); i >= 0 {
		base = base[:i]
	}
	base = strings.ReplaceAll(base, " ", "")
	for _, n := range macOrderFonts {
		if base == n || base == n+"mt" || base == n+"psmt" {
			return true
		}
	}
	return false
}

// macOrderRune is the text of glyph gid of a font that keeps the standard
// Macintosh order.
func macOrderRune(gid uint32) (string, bool) {
	if gid >= uint32(len(macGlyphNames)) {
		return "", false
	}
	s := spell(macGlyphNames[gid])
	return s, s != ""
}

// Acrobat Distiller, converting a TrueType font it embeds to a Type 1
// (CFF) program, names each glyph 'g' and its index in the TrueType font,
// and gives the font no ToUnicode: an IBM brief's body face, Helvetica
// Neue LT Com, sets its highlights with 'g40' 'g81' 'g68' for 'Ena'
// (docling's redp5110, 286 glyphs that were U+FFFD and sent the page to
// OCR; pdftotext reads their codes). A Latin TrueType font orders its
// glyphs 3 to 97 (space to asciitilde) as the standard Macintosh order
// does, whatever order it keeps beyond them: Helvetica Neue's glyph 115
// is its bullet, where the order has 'edieresis'. So glyphs
// firstMacASCII to lastMacASCII of such a font read as the order names
// them, when the letters they would be are as wide as a Latin face's
// (latinLetters): a font of another order would read as letters of the
// wrong widths.
const (
	firstMacASCII = 3
	lastMacASCII  = 97
)

// macIndexNames renames the glyphs of simple font f by the standard
// Macintosh order when every glyph its encoding does not name is named
// 'g' and a glyph index, and those indices read in that order as letters
// of a Latin face's widths; glyphs outside the order's ASCII part keep
// their names and have no text.
func macIndexNames(f *font) {
	if f.subtype == "Type3" || f.toUni != nil {
		return
	}
	var renamed [256]string
	for c, name := range f.names {
		if name == "" || f.base != nil && name == f.base[c] {
			continue
		}
		gid, ok := glyphIndexName(name)
		if !ok {
			return
		}
		if gid >= firstMacASCII && gid <= lastMacASCII {
			renamed[c] = macGlyphNames[gid]
		}
	}
	letter := func(c int) (byte, bool) {
		if len(renamed[c]) != 1 {
			return 0, false
		}
		return renamed[c][0], true
	}
	if !latinLetters(f, letter) {
		return
	}
	for c, name := range renamed {
		if name != "" {
			f.names[c] = name
		}
	}
}

// glyphIndexName is the index of a glyph named 'g' and that index in
// decimal.
func glyphIndexName(name string) (int, bool) {
	digits, ok := strings.CutPrefix(name, "g")
	if !ok || digits == "" || digits[0] == '0' && len(digits) > 1 {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	return n, err == nil && n >= 0
}
