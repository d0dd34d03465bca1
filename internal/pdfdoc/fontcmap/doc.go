// Package fontcmap reads the Unicode values of a TrueType or OpenType font
// program's glyphs from its own character map (the sfnt "cmap" table).
//
// A PDF's composite TrueType font (CIDFontType2) with an embedded program
// and no ToUnicode says nothing of its text: its codes are glyph indices,
// whatever collection CIDSystemInfo names. Producers such as TCPDF,
// OpenOffice and many Japanese tools write such fonts, and the text layer
// used to leave every glyph U+FFFD and send the page to OCR. The font
// program usually keeps the cmap it was made with, mapping code points to
// glyphs; read backwards, it gives each glyph's code point, as MuPDF and
// pdf.js do.
//
//	runes, err := fontcmap.Runes(program) // runes[gid], 0: unknown
//
// Only Unicode subtables are read: platform 0, and platform 3 encodings 1
// (BMP) and 10 (full repertoire), in formats 0, 4, 6 and 12. A symbol
// subtable (3,0) or a Macintosh one (1,0) maps codes, not characters, and
// is left alone. When a glyph is reached from several code points, the
// lowest wins, outside the private-use areas before inside them (the
// space's glyph is U+0020, not U+00A0).
//
// The program is untrusted: every offset is checked against the bytes,
// and the work is bounded by the glyph count (at most 65,536) and by a cap
// on the code points a subtable may map.
package fontcmap
