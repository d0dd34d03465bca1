package nativetext

import (
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/internal/pdfdoc/fontcmap"
)

// programText gives a composite TrueType font with an embedded program and
// no ToUnicode the text of its glyphs, read from the program's own cmap
// (internal/pdfdoc/fontcmap). Its codes name glyphs, through CIDToGIDMap;
// without the program's cmap every one of them would be U+FFFD.
func (d *document) programText(f *font, cf types.Dict) {
	if f.toUni != nil || d.Name(cf["Subtype"]) != "CIDFontType2" {
		return
	}
	desc := d.Dict(cf["FontDescriptor"])
	if desc == nil || desc["FontFile2"] == nil {
		return
	}
	_, b, err := d.Stream(desc["FontFile2"])
	if err != nil {
		return
	}
	runes, err := fontcmap.Runes(b)
	if err != nil {
		return
	}
	f.glyphRunes = runes
	if m, ok := cf["CIDToGIDMap"]; ok && d.Name(m) == "" {
		// A stream: two bytes of glyph index per CID. Identity, the
		// default, needs no table.
		if _, b, err := d.Stream(m); err == nil {
			f.cidToGID = b
		}
	}
}

// programRune is the text of CID cid by the font program's cmap.
func (f *font) programRune(cid uint32) (rune, bool) {
	if f.glyphRunes == nil {
		return 0, false
	}
	gid := cid
	if f.cidToGID != nil {
		at := 2 * uint64(cid)
		if at+2 > uint64(len(f.cidToGID)) {
			return 0, false
		}
		gid = uint32(f.cidToGID[at])<<8 | uint32(f.cidToGID[at+1])
	}
	if gid == 0 || gid >= uint32(len(f.glyphRunes)) {
		return 0, false
	}
	r := f.glyphRunes[gid]
	return r, r != 0
}
