package nativetext

import "errors"

// A bare CFF font program (a FontFile3 of subtype Type1C: what Ghostscript
// and Acrobat make of an embedded Type 1 font) keeps its built-in
// encoding in binary tables rather than in the clear-text "dup 65 /A put"
// lines type1Encoding reads. TeX's math fonts (CMSY, CMMI, MSBM) rely on
// it: without it their codes were read by StandardEncoding, CMSY's ∀ as
// "8" and ∈ as "2". cffEncoding reads it (Adobe Technical Note #5176):
// the header, the Name, Top DICT and String INDEXes, the Top DICT's
// charset, Encoding and CharStrings offsets, the charset (glyph → SID)
// and the encoding (code → glyph, and supplements code → SID).

// errCFF is any fault in a CFF program: the program is then not read.
var errCFF = errors.New("nativetext: bad CFF program")

// Top DICT operators cffEncoding reads.
const (
	cffOpCharset     = 15
	cffOpEncoding    = 16
	cffOpCharStrings = 17
	cffOpEscape      = 12
	cffOpROS         = 30 // after the escape: a CID-keyed font
)

// Predefined charsets and encodings, by their offsets.
const (
	cffCharsetISOAdobe   = 0
	cffEncodingStandard  = 0
	cffEncodingExpert    = 1
	cffStandardStringMax = 391
	cffSupplementFlag    = 0x80
)

// cffEncoding is the built-in encoding (code → glyph name) of the CFF
// program b; nil when it is StandardEncoding or Expert, the font is
// CID-keyed, or b cannot be read.
func cffEncoding(b []byte) *[256]string {
	c := &cffReader{b: b}
	top, strs, err := c.tables()
	if err != nil {
		return nil
	}
	ops, err := cffDict(top)
	if err != nil || ops[cffOpEscape<<8|cffOpROS] != nil {
		return nil
	}
	enc, ok := ops[cffOpEncoding]
	if !ok || len(enc) == 0 || enc[0] <= cffEncodingExpert {
		return nil
	}
	cs := ops[cffOpCharStrings]
	if len(cs) == 0 {
		return nil
	}
	glyphs, err := c.indexCount(cs[0])
	if err != nil {
		return nil
	}
	charset := []int{cffCharsetISOAdobe}
	if v := ops[cffOpCharset]; len(v) > 0 {
		charset = v
	}
	sids, err := c.charset(charset[0], glyphs)
	if err != nil {
		return nil
	}
	name := func(sid int) string {
		switch {
		case sid < cffStandardStringMax:
			return cffStandardStrings[sid]
		case sid-cffStandardStringMax < len(strs):
			return string(strs[sid-cffStandardStringMax])
		}
		return ""
	}
	out, err := c.encoding(enc[0], sids, name)
	if err != nil {
		return nil
	}
	return out
}

// cffReader reads big-endian numbers of a CFF program at offsets.
type cffReader struct{ b []byte }

// card reads an unsigned number of n bytes (1 to 4) at off.
func (c *cffReader) card(off, n int) (int, error) {
	if off < 0 || n < 1 || n > 4 || off+n > len(c.b) {
		return 0, errCFF
	}
	v := 0
	for _, x := range c.b[off : off+n] {
		v = v<<8 | int(x)
	}
	return v, nil
}

// index reads the INDEX at off: its items and the offset after it.
func (c *cffReader) index(off int) (items [][]byte, end int, err error) {
	count, err := c.card(off, 2)
	if err != nil {
		return nil, 0, err
	}
	if count == 0 {
		return nil, off + 2, nil
	}
	size, err := c.card(off+2, 1)
	if err != nil {
		return nil, 0, err
	}
	offs := off + 3
	data := offs + (count+1)*size - 1 // offsets count from the byte before the data
	prev := 0
	items = make([][]byte, 0, min(count, len(c.b)))
	for i := 0; i <= count; i++ {
		o, err := c.card(offs+i*size, size)
		if err != nil || o < 1 || o < prev || data+o > len(c.b) {
			return nil, 0, errCFF
		}
		if i > 0 {
			items = append(items, c.b[data+prev:data+o])
		}
		prev = o
	}
	return items, data + prev, nil
}

// indexCount is the number of items of the INDEX at off.
func (c *cffReader) indexCount(off int) (int, error) { return c.card(off, 2) }

// tables reads the header and the first INDEXes: the first Top DICT's
// bytes and the String INDEX's items.
func (c *cffReader) tables() (top []byte, strs [][]byte, err error) {
	hdr, err := c.card(2, 1)
	if err != nil {
		return nil, nil, err
	}
	_, end, err := c.index(hdr) // Name INDEX
	if err != nil {
		return nil, nil, err
	}
	tops, end, err := c.index(end)
	if err != nil || len(tops) == 0 {
		return nil, nil, errCFF
	}
	strs, _, err = c.index(end)
	if err != nil {
		return nil, nil, err
	}
	return tops[0], strs, nil
}

// cffDict reads a DICT's operators and their integer operands (reals are
// kept as 0: no offset the reader needs is one). A two-byte operator is
// keyed 12<<8 | its second byte.
func cffDict(b []byte) (map[int][]int, error) {
	ops := map[int][]int{}
	var operands []int
	for i := 0; i < len(b); {
		b0 := int(b[i])
		switch {
		case b0 == cffOpEscape:
			if i+1 >= len(b) {
				return nil, errCFF
			}
			ops[cffOpEscape<<8|int(b[i+1])] = operands
			operands, i = nil, i+2
		case b0 <= 21:
			ops[b0] = operands
			operands, i = nil, i+1
		default:
			v, n, err := cffOperand(b[i:])
			if err != nil {
				return nil, err
			}
			operands, i = append(operands, v), i+n
		}
	}
	return ops, nil
}

// cffOperand reads one DICT operand at the start of b: its value (0 for
// a real) and its length.
func cffOperand(b []byte) (v, n int, err error) {
	b0 := int(b[0])
	switch {
	case b0 == 28 && len(b) >= 3:
		return int(int16(uint16(b[1])<<8 | uint16(b[2]))), 3, nil
	case b0 == 29 && len(b) >= 5:
		return int(int32(uint32(b[1])<<24 | uint32(b[2])<<16 | uint32(b[3])<<8 | uint32(b[4]))), 5, nil
	case b0 == 30:
		for k := 1; k < len(b); k++ {
			if b[k]&0x0f == 0x0f || b[k]>>4 == 0x0f {
				return 0, k + 1, nil
			}
		}
	case b0 >= 32 && b0 <= 246:
		return b0 - 139, 1, nil
	case b0 >= 247 && b0 <= 250 && len(b) >= 2:
		return (b0-247)*256 + int(b[1]) + 108, 2, nil
	case b0 >= 251 && b0 <= 254 && len(b) >= 2:
		return -(b0-251)*256 - int(b[1]) - 108, 2, nil
	}
	return 0, 0, errCFF
}

// charset reads the SID of each of glyphs glyphs (glyph 0 is .notdef)
// from the charset at off, or a predefined one (ISOAdobe: SID = glyph;
// the Expert sets are not read).
func (c *cffReader) charset(off, glyphs int) ([]int, error) {
	sids := make([]int, 1, min(glyphs, len(c.b))+1)
	if off == cffCharsetISOAdobe {
		for g := 1; g < glyphs && g < cffStandardStringMax; g++ {
			sids = append(sids, g)
		}
		return sids, nil
	}
	if off <= 2 {
		return nil, errCFF
	}
	format, err := c.card(off, 1)
	if err != nil {
		return nil, err
	}
	p := off + 1
	for len(sids) < glyphs {
		switch format {
		case 0:
			sid, err := c.card(p, 2)
			if err != nil {
				return nil, err
			}
			sids, p = append(sids, sid), p+2
		case 1, 2:
			first, err := c.card(p, 2)
			if err != nil {
				return nil, err
			}
			left, err := c.card(p+2, format)
			if err != nil {
				return nil, err
			}
			for k := 0; k <= left && len(sids) < glyphs; k++ {
				sids = append(sids, first+k)
			}
			p += 2 + format
		default:
			return nil, errCFF
		}
	}
	return sids, nil
}

// encoding reads the encoding at off: each code's glyph, named by its
// SID in sids, and the supplements' codes named by SID directly.
func (c *cffReader) encoding(off int, sids []int, name func(int) string) (*[256]string, error) {
	format, err := c.card(off, 1)
	if err != nil {
		return nil, err
	}
	var enc [256]string
	glyph := 1
	set := func(code int) {
		if glyph < len(sids) && code < 256 {
			enc[code] = name(sids[glyph])
		}
		glyph++
	}
	p := off + 1
	switch format &^ cffSupplementFlag {
	case 0:
		n, err := c.card(p, 1)
		if err != nil {
			return nil, err
		}
		for k := 0; k < n; k++ {
			code, err := c.card(p+1+k, 1)
			if err != nil {
				return nil, err
			}
			set(code)
		}
		p += 1 + n
	case 1:
		n, err := c.card(p, 1)
		if err != nil {
			return nil, err
		}
		for k := 0; k < n; k++ {
			first, err1 := c.card(p+1+2*k, 1)
			left, err2 := c.card(p+2+2*k, 1)
			if err1 != nil || err2 != nil {
				return nil, errCFF
			}
			for code := first; code <= first+left; code++ {
				set(code)
			}
		}
		p += 1 + 2*n
	default:
		return nil, errCFF
	}
	if format&cffSupplementFlag != 0 {
		if err := c.supplements(p, &enc, name); err != nil {
			return nil, err
		}
	}
	return &enc, nil
}

// supplements reads an encoding's supplements at off: codes given the
// glyph of a SID besides the one the encoding gave.
func (c *cffReader) supplements(off int, enc *[256]string, name func(int) string) error {
	n, err := c.card(off, 1)
	if err != nil {
		return err
	}
	for k := 0; k < n; k++ {
		code, err1 := c.card(off+1+3*k, 1)
		sid, err2 := c.card(off+2+3*k, 2)
		if err1 != nil || err2 != nil {
			return errCFF
		}
		enc[code] = name(sid)
	}
	return nil
}
