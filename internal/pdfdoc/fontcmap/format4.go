package fontcmap

import (
	"encoding/binary"
	"fmt"
)

// format4Header is the size of a format 4 subtable's fixed part.
const format4Header = 14

// format4: segments of the BMP, each mapped by a delta or through an
// array of glyph indices.
func (m *mapping) format4(sub []byte) error {
	if len(sub) < format4Header {
		return fmt.Errorf("%w: short format 4", ErrNoUnicode)
	}
	segs := int(binary.BigEndian.Uint16(sub[6:])) / 2
	ends := format4Header
	starts := ends + 2*segs + 2 // after the reserved pad
	deltas := starts + 2*segs
	offsets := deltas + 2*segs
	if offsets+2*segs > len(sub) {
		return fmt.Errorf("%w: format 4 segments past the table", ErrNoUnicode)
	}
	u16 := func(at int) uint16 { return binary.BigEndian.Uint16(sub[at:]) }
	for s := range segs {
		lo, hi := u16(starts+2*s), u16(ends+2*s)
		delta, rangeOff := u16(deltas+2*s), int(u16(offsets+2*s))
		for c := int(lo); c <= int(hi) && c != 0xFFFF && m.codes < maxCodes; c++ {
			if rangeOff == 0 {
				m.add(rune(c), uint32(uint16(c)+delta))
				continue
			}
			// idRangeOffset counts from its own slot in the table.
			at := offsets + 2*s + rangeOff + 2*(c-int(lo))
			if at+2 > len(sub) {
				break
			}
			if g := u16(at); g != 0 {
				m.add(rune(c), uint32(g+delta))
			}
		}
	}
	return nil
}
