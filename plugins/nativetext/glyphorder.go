package nativetext

import "unicode/utf8"

// A ToUnicode may leave out glyphs that the page draws: Chrome's
// exports of Noto Sans CJK KR (docling's skipped_1page and
// skipped_2pages) map 44 of a heading font's glyphs and leave the rest of
// its Korean headings' syllables and its figures without text, so
// '블록체인에서의 암호화폐 도난 방지' read '블록체인에�� ���� �� 방지', and
// the headings went to OCR, which read two of four. Under the identity
// encoding a code is the glyph's index in the font, and a font keeps some
// blocks of Unicode in their own order: its printable ASCII glyphs run
// from space to tilde (TrueType's standard order from glyph 3, Noto CJK's
// from 1), and its Hangul syllables run in Unicode's order, one glyph a
// syllable (Noto CJK KR's from glyph 47,566: the map's 44 syllables all
// lie 0xDCE codes past their characters). Where every glyph the map gives
// a character of such a block lies the same distance from it, and
// minRunEntries or more do, the glyphs it leaves out that fall in the
// block at that distance are the block's characters there. A map whose
// glyphs lie at different distances (a subset renumbered in the order of
// use, a font of another order) says nothing, and the glyphs it leaves
// out stay unknown.
var orderedBlocks = []struct{ lo, hi rune }{
	{' ', '~'},
	{0xAC00, 0xD7A3}, // Hangul syllables
}

// minRunEntries is the fewest characters of one block that a ToUnicode
// must map at one distance for the glyphs it leaves out to be read by
// it: three letters in a row at one distance may be chance in a map of
// a renumbered subset.
const minRunEntries = 4

// glyphRun is a run of codes lo to hi whose text is the character off
// codes below.
type glyphRun struct {
	lo, hi uint32
	off    int64
}

// orderedRuns sets f.runs: the runs of orderedBlocks that f's ToUnicode
// shows the glyphs of f, a composite font of the identity encoding, keep.
func (f *font) orderedRuns() {
	if f.simple || f.toUni == nil || f.enc == nil || !f.enc.identity {
		return
	}
	for _, b := range orderedBlocks {
		off, n, ok := f.toUni.blockDistance(b.lo, b.hi)
		if !ok || n < minRunEntries || int64(b.lo)+off < 0 {
			continue
		}
		f.runs = append(f.runs, glyphRun{lo: uint32(int64(b.lo) + off), hi: uint32(int64(b.hi) + off), off: off})
	}
}

// runText is the text of code c by f.runs.
func (f *font) runText(c uint32) (string, bool) {
	for _, r := range f.runs {
		if c >= r.lo && c <= r.hi {
			return string(rune(int64(c) - r.off)), true
		}
	}
	return "", false
}

// blockDistance is the one distance (code less character) at which c maps
// codes to the characters lo to hi, and how many it maps so; ok is false
// when they lie at more than one.
func (c *cmap) blockDistance(lo, hi rune) (off int64, n int, ok bool) {
	ok = true
	see := func(code uint32, r rune, count int) {
		if r < lo || r > hi {
			return
		}
		d := int64(code) - int64(r)
		if n > 0 && d != off {
			ok = false
		}
		off, n = d, n+count
	}
	for code, s := range c.uni {
		if r, size := utf8.DecodeRuneInString(s); size > 0 && size == len(s) {
			see(code, r, 1)
		}
	}
	for _, rg := range c.uniRanges {
		switch {
		case rg.list != nil:
			for i, s := range rg.list {
				if r, size := utf8.DecodeRuneInString(s); size > 0 && size == len(s) {
					see(rg.lo+uint32(i), r, 1)
				}
			}
		case len(rg.base) == 1:
			// A range maps its codes at one distance: the part of it
			// that falls in the block counts.
			first := max(int64(rg.base[0]), int64(lo))
			last := min(int64(rg.base[0])+int64(rg.hi-rg.lo), int64(hi))
			if first <= last {
				see(uint32(int64(rg.lo)+first-int64(rg.base[0])), rune(first), int(last-first+1))
			}
		}
	}
	return off, n, ok && n > 0
}
