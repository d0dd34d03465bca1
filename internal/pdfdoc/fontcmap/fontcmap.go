package fontcmap

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// Errors Runes returns.
var (
	// ErrNotSFNT: the bytes are not a TrueType or OpenType font.
	ErrNotSFNT = errors.New("fontcmap: not an sfnt font program")
	// ErrNoUnicode: the font has no cmap subtable that maps Unicode.
	ErrNoUnicode = errors.New("fontcmap: no Unicode cmap subtable")
)

// Limits on untrusted programs.
const (
	maxGlyphs = 1 << 16 // glyph indices are 16-bit
	maxTables = 256     // sfnt table records read
	maxCodes  = 0x110000
)

// sfnt header and record sizes, in bytes.
const (
	headerSize      = 12
	tableRecordSize = 16
	cmapRecordSize  = 8
	groupSize       = 12 // a format 12 group
)

// Runes gives each glyph of the font program its Unicode code point, read
// from the best Unicode subtable of its cmap that it can read: runes[gid]
// is the glyph's code point, 0 when the cmap does not reach it. A TrueType
// collection's first font is read.
func Runes(program []byte) ([]rune, error) {
	tables, err := tableDirectory(program)
	if err != nil {
		return nil, err
	}
	cmap, ok := tables["cmap"]
	if !ok {
		return nil, ErrNoUnicode
	}
	// A subtable that fails to read fails before it maps a code, so one
	// mapping serves every try.
	m := &mapping{runes: make([]rune, glyphCount(tables["maxp"]))}
	err = ErrNoUnicode
	for _, sub := range unicodeSubtables(cmap) {
		if err = m.read(sub); err == nil {
			return m.runes, nil
		}
	}
	return nil, err
}

// tableDirectory finds the tables of the program (of its first font, in a
// collection), by tag.
func tableDirectory(b []byte) (map[string][]byte, error) {
	if len(b) < headerSize {
		return nil, ErrNotSFNT
	}
	base := uint32(0)
	switch string(b[:4]) {
	case "\x00\x01\x00\x00", "true", "OTTO":
	case "ttcf":
		if len(b) < 16 {
			return nil, ErrNotSFNT
		}
		base = binary.BigEndian.Uint32(b[12:])
		if uint64(base)+headerSize > uint64(len(b)) {
			return nil, ErrNotSFNT
		}
	default:
		return nil, ErrNotSFNT
	}
	n := int(binary.BigEndian.Uint16(b[base+4:]))
	tables := map[string][]byte{}
	for i := range min(n, maxTables) {
		rec := uint64(base) + headerSize + uint64(i)*tableRecordSize
		if rec+tableRecordSize > uint64(len(b)) {
			break
		}
		off := uint64(binary.BigEndian.Uint32(b[rec+8:]))
		size := uint64(binary.BigEndian.Uint32(b[rec+12:]))
		if off+size > uint64(len(b)) {
			continue // a table past the end is left out, not the font
		}
		tables[string(b[rec:rec+4])] = b[off : off+size]
	}
	if len(tables) == 0 {
		return nil, ErrNotSFNT
	}
	return tables, nil
}

// glyphCount is maxp's numGlyphs, or the most there can be.
func glyphCount(maxp []byte) int {
	if len(maxp) >= 6 {
		if n := int(binary.BigEndian.Uint16(maxp[4:])); n > 0 {
			return n
		}
	}
	return maxGlyphs
}

// unicodeSubtables are the cmap's Unicode subtables, those that map the
// most of Unicode first: full-repertoire ones (3,10) and (0,4) or (0,6),
// then the BMP ones. Runes reads the first whose format it knows: a
// font may list a format it does not, such as (0,5)'s variation sequences
// (format 14), before its (3,1) map.
func unicodeSubtables(cmap []byte) [][]byte {
	if len(cmap) < 4 {
		return nil
	}
	n := int(binary.BigEndian.Uint16(cmap[2:]))
	type ranked struct {
		sub  []byte
		rank int
	}
	var subs []ranked
	for i := range n {
		rec := 4 + i*cmapRecordSize
		if rec+cmapRecordSize > len(cmap) {
			break
		}
		platform := binary.BigEndian.Uint16(cmap[rec:])
		encoding := binary.BigEndian.Uint16(cmap[rec+2:])
		off := uint64(binary.BigEndian.Uint32(cmap[rec+4:]))
		if r := rank(platform, encoding); r > 0 && off+2 <= uint64(len(cmap)) {
			subs = append(subs, ranked{cmap[off:], r})
		}
	}
	slices.SortStableFunc(subs, func(a, b ranked) int { return b.rank - a.rank })
	out := make([][]byte, len(subs))
	for i, s := range subs {
		out[i] = s.sub
	}
	return out
}

// rank orders the Unicode subtables by what they cover; 0 for those that
// do not map Unicode.
func rank(platform, encoding uint16) int {
	switch {
	case platform == 3 && encoding == 10, platform == 0 && (encoding == 4 || encoding == 6):
		return 3
	case platform == 3 && encoding == 1, platform == 0:
		return 2
	}
	return 0
}

// mapping collects glyph → code point from the code → glyph entries of a
// subtable.
type mapping struct {
	runes []rune
	codes int // entries seen, against maxCodes
}

// add records that code point r shows glyph g.
func (m *mapping) add(r rune, g uint32) {
	m.codes++
	if g == 0 || int(g) >= len(m.runes) || r <= 0 {
		return
	}
	if old := m.runes[g]; old == 0 || better(r, old) {
		m.runes[g] = r
	}
}

// better reports whether r names a glyph better than old: outside the
// private-use areas first, then the lower.
func better(r, old rune) bool {
	if pr, po := private(r), private(old); pr != po {
		return po
	}
	return r < old
}

// private reports whether r lies in a private-use area.
func private(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000
}

// read reads a subtable in any of the formats handled.
func (m *mapping) read(sub []byte) error {
	switch f := binary.BigEndian.Uint16(sub); f {
	case 0:
		return m.format0(sub)
	case 4:
		return m.format4(sub)
	case 6:
		return m.format6(sub)
	case 12:
		return m.format12(sub)
	default:
		return fmt.Errorf("%w: format %d", ErrNoUnicode, f)
	}
}

// format0: 256 one-byte glyph indices.
func (m *mapping) format0(sub []byte) error {
	const start, n = 6, 256
	if len(sub) < start+n {
		return fmt.Errorf("%w: short format 0", ErrNoUnicode)
	}
	for c := range n {
		m.add(rune(c), uint32(sub[start+c]))
	}
	return nil
}

// format6: a dense run of 16-bit glyph indices from a first code.
func (m *mapping) format6(sub []byte) error {
	if len(sub) < 10 {
		return fmt.Errorf("%w: short format 6", ErrNoUnicode)
	}
	first := int(binary.BigEndian.Uint16(sub[6:]))
	count := int(binary.BigEndian.Uint16(sub[8:]))
	for i := range count {
		at := 10 + 2*i
		if at+2 > len(sub) {
			break
		}
		m.add(rune(first+i), uint32(binary.BigEndian.Uint16(sub[at:])))
	}
	return nil
}

// format12: groups of consecutive code points mapped to consecutive
// glyphs.
func (m *mapping) format12(sub []byte) error {
	if len(sub) < 16 {
		return fmt.Errorf("%w: short format 12", ErrNoUnicode)
	}
	groups := uint64(binary.BigEndian.Uint32(sub[12:]))
	for i := uint64(0); i < groups && m.codes < maxCodes; i++ {
		at := 16 + i*groupSize
		if at+groupSize > uint64(len(sub)) {
			break
		}
		lo := binary.BigEndian.Uint32(sub[at:])
		hi := binary.BigEndian.Uint32(sub[at+4:])
		g := binary.BigEndian.Uint32(sub[at+8:])
		if hi < lo || hi >= maxCodes {
			continue
		}
		for c := lo; c <= hi && m.codes < maxCodes; c++ {
			m.add(rune(c), g+(c-lo))
		}
	}
	return nil
}
