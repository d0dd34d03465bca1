package pdftest

import (
	"encoding/binary"
	"sort"
)

// Font programs for tests of fonts embedded without ToUnicode: an sfnt
// table directory and the tables a reader of glyph text needs.

// SFNT is a TrueType font program holding the given tables, by tag.
func SFNT(tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	b := binary.BigEndian.AppendUint32(nil, 0x00010000)
	b = binary.BigEndian.AppendUint16(b, uint16(len(tags)))
	b = append(b, make([]byte, 6)...) // search range, entry selector, range shift
	off := 12 + 16*len(tags)
	var body []byte
	for _, t := range tags {
		b = append(b, t...)
		b = binary.BigEndian.AppendUint32(b, 0) // checksum
		b = binary.BigEndian.AppendUint32(b, uint32(off+len(body)))
		b = binary.BigEndian.AppendUint32(b, uint32(len(tables[t])))
		body = append(body, tables[t]...)
	}
	return append(b, body...)
}

// Maxp is a maxp table giving the glyph count.
func Maxp(glyphs int) []byte {
	b := binary.BigEndian.AppendUint32(nil, 0x00005000)
	return binary.BigEndian.AppendUint16(b, uint16(glyphs))
}

// Subtable is one cmap encoding record and its subtable.
type Subtable struct {
	Platform, Encoding uint16
	Data               []byte
}

// Sub is the subtable data under platform and encoding.
func Sub(platform, encoding uint16, data []byte) Subtable {
	return Subtable{Platform: platform, Encoding: encoding, Data: data}
}

// Cmap is a cmap table of the subtables.
func Cmap(subs ...Subtable) []byte {
	b := binary.BigEndian.AppendUint16(nil, 0)
	b = binary.BigEndian.AppendUint16(b, uint16(len(subs)))
	off := 4 + 8*len(subs)
	var body []byte
	for _, s := range subs {
		b = binary.BigEndian.AppendUint16(b, s.Platform)
		b = binary.BigEndian.AppendUint16(b, s.Encoding)
		b = binary.BigEndian.AppendUint32(b, uint32(off+len(body)))
		body = append(body, s.Data...)
	}
	return append(b, body...)
}

// Segment4 is a format 4 segment of code points Lo to Hi: mapped by
// adding Delta when Glyphs is nil, else through Glyphs.
type Segment4 struct {
	Lo, Hi uint16
	Delta  uint16
	Glyphs []uint16
}

// DeltaTo is the format 4 delta that takes code point c to glyph g.
func DeltaTo(g, c int) uint16 { return uint16(g - c) }

// Format4 is a format 4 cmap subtable; the closing 0xFFFF segment is
// added.
func Format4(segs ...Segment4) []byte {
	segs = append(segs, Segment4{Lo: 0xFFFF, Hi: 0xFFFF, Delta: 1})
	n := len(segs)
	var ends, starts, deltas, offs, arr []byte
	for i, s := range segs {
		ends = binary.BigEndian.AppendUint16(ends, s.Hi)
		starts = binary.BigEndian.AppendUint16(starts, s.Lo)
		deltas = binary.BigEndian.AppendUint16(deltas, s.Delta)
		if s.Glyphs == nil {
			offs = binary.BigEndian.AppendUint16(offs, 0)
			continue
		}
		// From this segment's offset slot to its first glyph.
		offs = binary.BigEndian.AppendUint16(offs, uint16(2*(n-i)+len(arr)))
		for _, g := range s.Glyphs {
			arr = binary.BigEndian.AppendUint16(arr, g)
		}
	}
	b := binary.BigEndian.AppendUint16(nil, 4)
	b = binary.BigEndian.AppendUint16(b, 0) // length, unread
	b = binary.BigEndian.AppendUint16(b, 0) // language
	b = binary.BigEndian.AppendUint16(b, uint16(2*n))
	b = append(b, make([]byte, 6)...) // search fields
	b = append(b, ends...)
	b = append(b, 0, 0) // reserved pad
	b = append(b, starts...)
	b = append(b, deltas...)
	b = append(b, offs...)
	return append(b, arr...)
}

// Format12 is a format 12 cmap subtable of (first code point, last, first
// glyph) groups.
func Format12(groups ...[3]uint32) []byte {
	b := binary.BigEndian.AppendUint16(nil, 12)
	b = append(b, 0, 0)                                             // reserved
	b = binary.BigEndian.AppendUint32(b, uint32(16+12*len(groups))) // length
	b = binary.BigEndian.AppendUint32(b, 0)                         // language
	b = binary.BigEndian.AppendUint32(b, uint32(len(groups)))
	for _, g := range groups {
		for _, v := range g {
			b = binary.BigEndian.AppendUint32(b, v)
		}
	}
	return b
}
