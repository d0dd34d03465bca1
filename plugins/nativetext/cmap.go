package nativetext

import (
	"cmp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/assay-pdf/assay/internal/pdfdoc"
	"github.com/assay-pdf/assay/internal/pdfdoc/cjkcmap"
)

// Limits for one CMap, so that a hostile CMap cannot eat memory.
const (
	maxCMapEntries = 1 << 20
	maxCMapRanges  = 1 << 18
)

// codeRange is one codespace range: codes of len(lo) bytes whose every
// byte lies between the corresponding bytes of lo and hi.
type codeRange struct {
	lo, hi []byte
}

func (r codeRange) match(b []byte) bool {
	if len(b) < len(r.lo) {
		return false
	}
	for i := range r.lo {
		if b[i] < r.lo[i] || b[i] > r.hi[i] {
			return false
		}
	}
	return true
}

type uniRange struct {
	lo, hi uint32
	base   []rune   // destination of lo; later codes add to the last rune
	list   []string // array form: one destination per code
}

type cidRange struct {
	lo, hi, cid uint32
}

// cmap is a parsed CMap: a ToUnicode map (code → text) or an encoding map
// (code → CID), with the codespace that splits byte strings into codes.
type cmap struct {
	name      string
	space     []codeRange
	uni       map[uint32]string
	uniRanges []uniRange
	cid       map[uint32]uint32
	cidRanges []cidRange
	vertical  bool
	identity  bool // Identity-H/V: two-byte codes, CID = code
	// usesUnicode marks predefined Uni*-UCS2/UTF16 CMaps whose codes are
	// UTF-16 values.
	usesUnicode bool
	// pre is the data of a predefined CJK CMap (this one, or the one it
	// uses): codes it does not map, and that c's own mappings do not
	// cover, are CID 0.
	pre     *cjkcmap.CMap
	entries int
	// hasText: some code maps to text. A ToUnicode that maps every code
	// to nothing is broken, and the font's other sources are asked.
	hasText bool
	usecmap string
	srcLens [5]bool // code lengths seen in mappings, for a missing codespace
}

// parseCMap reads a CMap program. It never fails: what it cannot read is
// skipped.
func parseCMap(data []byte) *cmap {
	c := &cmap{}
	l := pdfdoc.NewLexer(data)
	var ops []pdfdoc.Token
	mode := ""
	for {
		o, ok, _ := l.Next()
		if !ok {
			break
		}
		if o.Kind != pdfdoc.KindOperator {
			if len(ops) < maxCMapOperands {
				ops = append(ops, o)
			}
			continue
		}
		switch o.Str {
		case "begincodespacerange", "beginbfchar", "beginbfrange", "begincidchar", "begincidrange", "beginnotdefrange", "beginnotdefchar":
			mode = o.Str[5:]
		case "endcodespacerange", "endbfchar", "endbfrange", "endcidchar", "endcidrange", "endnotdefrange", "endnotdefchar":
			if mode == o.Str[3:] {
				c.section(mode, ops)
			}
			mode = ""
		case "usecmap":
			if n := len(ops); n > 0 && ops[n-1].Kind == pdfdoc.KindName {
				c.usecmap = ops[n-1].Str
			}
		case "def":
			c.def(ops)
			if mode != "" {
				continue // a def inside a section keeps the section's operands
			}
		default:
			if mode != "" {
				continue
			}
		}
		ops = ops[:0]
	}
	c.finish()
	return c
}

// maxCMapOperands bounds the operands kept between two operators: a section
// holds at most 100 entries by the CMap format's rule, and a hostile CMap
// must not make the list grow without bound.
const maxCMapOperands = 1 << 16

// section reads the operands of one begin…end section of a CMap.
func (c *cmap) section(mode string, ops []pdfdoc.Token) {
	switch mode {
	case "codespacerange":
		c.codespaceRanges(ops)
	case "bfchar":
		c.bfChars(ops)
	case "bfrange":
		for i := 0; i+2 < len(ops); i += 3 {
			c.bfRange(ops[i], ops[i+1], ops[i+2])
		}
	case "cidchar":
		c.cidChars(ops)
	case "cidrange":
		c.cidRangesOf(ops)
	}
}

// codespaceRanges reads pairs of byte strings of one to four bytes.
func (c *cmap) codespaceRanges(ops []pdfdoc.Token) {
	for i := 0; i+1 < len(ops); i += 2 {
		lo, hi := ops[i], ops[i+1]
		if lo.Kind == pdfdoc.KindString && hi.Kind == pdfdoc.KindString && len(lo.Str) == len(hi.Str) && len(lo.Str) >= 1 && len(lo.Str) <= 4 {
			c.space = append(c.space, codeRange{[]byte(lo.Str), []byte(hi.Str)})
		}
	}
}

// bfChars reads code → Unicode pairs; the Unicode side is UTF-16BE, or a
// glyph name, or a number.
func (c *cmap) bfChars(ops []pdfdoc.Token) {
	for i := 0; i+1 < len(ops); i += 2 {
		src, dst := ops[i], ops[i+1]
		if src.Kind != pdfdoc.KindString || len(src.Str) == 0 || len(src.Str) > 4 {
			continue
		}
		var s string
		switch dst.Kind {
		case pdfdoc.KindString:
			s = utf16String([]byte(dst.Str))
		case pdfdoc.KindName:
			if r, ok := pdfdoc.GlyphUnicode(dst.Str); ok {
				s = r
			}
		case pdfdoc.KindNumber:
			s = string(rune(int(dst.Num)))
		}
		c.setUni(src.Str, s)
	}
}

// bfRange reads one code range mapped to Unicode: from a first string on,
// or one string per code from an array (a range longer than its array is
// cut to it).
func (c *cmap) bfRange(lo, hi, dst pdfdoc.Token) {
	if lo.Kind != pdfdoc.KindString || hi.Kind != pdfdoc.KindString || len(lo.Str) == 0 || len(lo.Str) > 4 || len(hi.Str) > 4 {
		return
	}
	a, b := codeValue(lo.Str), codeValue(hi.Str)
	if b < a || len(c.uniRanges) >= maxCMapRanges {
		return
	}
	c.srcLens[len(lo.Str)] = true
	switch dst.Kind {
	case pdfdoc.KindString:
		// The first code's text, U+0000 kept: TCPDF and mPDF map a
		// Unicode font's codes to themselves from <0000>.
		rs := utf16.Decode(utf16Units([]byte(dst.Str)))
		if len(rs) == 0 {
			return
		}
		c.uniRanges = append(c.uniRanges, uniRange{lo: a, hi: b, base: rs})
		c.hasText = true
	case pdfdoc.KindArray:
		list := make([]string, 0, len(dst.Arr))
		for _, d := range dst.Arr {
			if d.Kind == pdfdoc.KindString {
				list = append(list, utf16String([]byte(d.Str)))
				c.hasText = c.hasText || list[len(list)-1] != ""
			} else {
				list = append(list, "")
			}
		}
		if uint64(b-a) >= uint64(len(list)) {
			if len(list) == 0 {
				return
			}
			b = a + uint32(len(list)) - 1
		}
		c.uniRanges = append(c.uniRanges, uniRange{lo: a, hi: b, list: list})
	}
}

// cidChars reads code → CID pairs.
func (c *cmap) cidChars(ops []pdfdoc.Token) {
	for i := 0; i+1 < len(ops); i += 2 {
		src, dst := ops[i], ops[i+1]
		if src.Kind == pdfdoc.KindString && len(src.Str) > 0 && len(src.Str) <= 4 && dst.Kind == pdfdoc.KindNumber && dst.Num >= 0 {
			c.setCID(src.Str, uint32(dst.Num))
		}
	}
}

// cidRangesOf reads code ranges mapped to consecutive CIDs.
func (c *cmap) cidRangesOf(ops []pdfdoc.Token) {
	for i := 0; i+2 < len(ops); i += 3 {
		lo, hi, dst := ops[i], ops[i+1], ops[i+2]
		if lo.Kind == pdfdoc.KindString && hi.Kind == pdfdoc.KindString && dst.Kind == pdfdoc.KindNumber && dst.Num >= 0 &&
			len(lo.Str) > 0 && len(lo.Str) <= 4 && len(hi.Str) <= 4 && len(c.cidRanges) < maxCMapRanges {
			a, b := codeValue(lo.Str), codeValue(hi.Str)
			if b >= a {
				c.srcLens[len(lo.Str)] = true
				c.cidRanges = append(c.cidRanges, cidRange{a, b, uint32(dst.Num)})
			}
		}
	}
}

// def reads the CMap's writing mode and name from "/Key value def".
func (c *cmap) def(ops []pdfdoc.Token) {
	n := len(ops)
	if n < 2 || ops[n-2].Kind != pdfdoc.KindName {
		return
	}
	switch ops[n-2].Str {
	case "WMode":
		c.vertical = ops[n-1].Kind == pdfdoc.KindNumber && ops[n-1].Num == 1
	case "CMapName":
		if ops[n-1].Kind == pdfdoc.KindName {
			c.name = ops[n-1].Str
		}
	}
}

func (c *cmap) finish() {
	c.unswap()
	slices.SortStableFunc(c.uniRanges, func(a, b uniRange) int { return cmp.Compare(a.lo, b.lo) })
	slices.SortStableFunc(c.cidRanges, func(a, b cidRange) int { return cmp.Compare(a.lo, b.lo) })
	if len(c.space) == 0 {
		// No codespace: infer the code length from the mappings.
		for n := 1; n <= 4; n++ {
			if c.srcLens[n] {
				lo := make([]byte, n)
				hi := make([]byte, n)
				for i := range hi {
					hi[i] = 0xFF
				}
				c.space = append(c.space, codeRange{lo, hi})
				break
			}
		}
	}
}

// A ToUnicode whose producer wrote each UTF-16 unit's bytes the wrong way
// round maps its codes to characters at 0x2000, 0x4D00, 0x7500: an ASCII
// character in the high byte, zero in the low (a CMYK test sheet that
// OCRmyPDF's tests carry reads '䴀甀氀琀椀挀漀氀漀爀' for 'Multicolor', in
// pdftotext too). Real text is never all of that form: of a script's
// characters one in 256 ends in a zero byte, and those are not ASCII's
// mirror images. minSwapped is the fewest such entries, and no other,
// that make a ToUnicode read swapped.
const minSwapped = 4

// unswap puts back the bytes of a swapped ToUnicode's destinations: every
// one a single character of the swapped form, minSwapped or more of them,
// no range of several codes.
func (c *cmap) unswap() {
	n := 0
	for _, s := range c.uni {
		if !swappedText(s) {
			return
		}
		n++
	}
	for _, r := range c.uniRanges {
		if r.lo != r.hi || len(r.base) != 1 || !swappedText(string(r.base)) {
			return
		}
		n++
	}
	if n < minSwapped {
		return
	}
	for k, s := range c.uni {
		c.uni[k] = string(swapRune([]rune(s)[0]))
	}
	for i := range c.uniRanges {
		c.uniRanges[i].base = []rune{swapRune(c.uniRanges[i].base[0])}
	}
}

// swappedText says whether s is one character of an ASCII character's
// UTF-16 unit with its bytes swapped.
func swappedText(s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	return n == len(s) && n > 0 && r&0xFF == 0 && r>>8 >= 0x20 && r>>8 <= 0x7E
}

// swapRune swaps the two bytes of a UTF-16 unit.
func swapRune(r rune) rune { return r>>8 | (r&0xFF)<<8 }

func (c *cmap) setUni(src, s string) {
	if c.entries >= maxCMapEntries {
		return
	}
	if c.uni == nil {
		c.uni = map[uint32]string{}
	}
	c.entries++
	c.srcLens[len(src)] = true
	c.uni[codeValue(src)] = s
	c.hasText = c.hasText || s != ""
}

func (c *cmap) setCID(src string, cid uint32) {
	if c.entries >= maxCMapEntries {
		return
	}
	if c.cid == nil {
		c.cid = map[uint32]uint32{}
	}
	c.entries++
	c.srcLens[len(src)] = true
	c.cid[codeValue(src)] = cid
}

// cidsAsText turns the CID mappings of a ToUnicode into text: a
// ToUnicode maps codes to Unicode with bfchar and bfrange, but some
// producers write cidchar and cidrange there too, the number standing
// for the character (one that has no bf mapping at all is no ToUnicode:
// encodingOnly). A Chinese contract's ToUnicode (pdfminer's issue 566)
// maps its Iceni font's codes <0200> to <ffff> to themselves with 98
// cidranges, <4e2d> to 0x4E2D ('中'), and read as U+FFFD; pdftotext
// warns of the operator and reads the characters. A number that is no
// Unicode scalar value maps nothing. Bf mappings keep precedence.
func (c *cmap) cidsAsText() {
	if len(c.cidRanges) == 0 && len(c.cid) == 0 {
		return
	}
	for _, r := range c.cidRanges {
		if textRange(r.cid, r.hi-r.lo) && len(c.uniRanges) < maxCMapRanges {
			c.uniRanges = append(c.uniRanges, uniRange{lo: r.lo, hi: r.hi, base: []rune{rune(r.cid)}})
			c.hasText = true
		}
	}
	for code, cid := range c.cid {
		if _, ok := c.uni[code]; !ok && validText(cid) {
			if c.uni == nil {
				c.uni = map[uint32]string{}
			}
			c.uni[code] = string(rune(cid))
			c.hasText = true
		}
	}
	c.cidRanges, c.cid = nil, nil
	slices.SortStableFunc(c.uniRanges, func(a, b uniRange) int { return cmp.Compare(a.lo, b.lo) })
}

// encodingOnly reports whether c maps codes to CIDs and to no text: an
// encoding CMap where a ToUnicode belongs. robustness's issue5801 gives
// its Arial Black, not embedded, Adobe's Identity-H program (codes to
// CIDs, one for one) as its ToUnicode; its codes are the glyph indices
// of the system's font, not characters, and the font is read as if it
// had no ToUnicode (macOrderText).
func (c *cmap) encodingOnly() bool {
	return len(c.uniRanges) == 0 && len(c.uni) == 0 && (len(c.cidRanges) > 0 || len(c.cid) > 0)
}

// validText reports whether v is a Unicode scalar value other than NUL.
func validText(v uint32) bool {
	return v > 0 && v <= unicode.MaxRune && (v < 0xD800 || v > 0xDFFF)
}

// textRange reports whether the n+1 values from v on are all Unicode
// scalar values other than NUL: none past the last, none a surrogate.
func textRange(v, n uint32) bool {
	end := uint64(v) + uint64(n)
	return v > 0 && end <= unicode.MaxRune && (end < 0xD800 || v > 0xDFFF)
}

// merge adds the mappings of parent (a usecmap target) that c lacks.
func (c *cmap) merge(p *cmap) {
	if p == nil {
		return
	}
	if len(c.space) == 0 || (len(c.space) > 0 && !c.hasExplicitSpace()) {
		c.space = append(c.space, p.space...)
	}
	for k, v := range p.uni {
		if _, ok := c.uni[k]; !ok {
			if c.uni == nil {
				c.uni = map[uint32]string{}
			}
			c.uni[k] = v
		}
	}
	for k, v := range p.cid {
		if _, ok := c.cid[k]; !ok {
			if c.cid == nil {
				c.cid = map[uint32]uint32{}
			}
			c.cid[k] = v
		}
	}
	c.uniRanges = append(c.uniRanges, p.uniRanges...)
	c.cidRanges = append(c.cidRanges, p.cidRanges...)
	c.hasText = c.hasText || p.hasText
	c.identity = c.identity || p.identity
	c.usesUnicode = c.usesUnicode || p.usesUnicode
	if c.pre == nil {
		c.pre = p.pre
	}
	c.finish()
}

func (c *cmap) hasExplicitSpace() bool { return len(c.space) > 0 }

// codeValue is the big-endian value of a code's bytes.
func codeValue(s string) uint32 {
	var v uint32
	for i := 0; i < len(s) && i < 4; i++ {
		v = v<<8 | uint32(s[i])
	}
	return v
}

// utf16String decodes a ToUnicode destination: UTF-16BE with surrogate
// pairs; a single byte is read as Latin-1.
func utf16String(b []byte) string {
	if len(b) == 1 {
		return string(rune(b[0]))
	}
	return runeText(utf16.Decode(utf16Units(b)))
}

// runeText is the text of a ToUnicode destination's characters: U+0000
// is no text, and a value that is no character is U+FFFD.
func runeText(rs []rune) string {
	var sb strings.Builder
	for _, r := range rs {
		if r == 0 {
			continue
		}
		if !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

// rangeText is the text of the code off codes into a bfrange whose first
// code's text is base: base with its last character moved on by off, read
// as runeText reads it (U+0000, which only a range from <0000> gives, is
// codesOf calls fn for each code whose text is exactly one of the runes
// of letters, ranges' codes as bfchar entries leave them (lookupUni).
func (c *cmap) codesOf(letters string, fn func(code uint32, r rune)) {
	if c == nil {
		return
	}
	is := func(code uint32, r rune) {
		if s, _ := c.lookupUni(code); s == string(r) {
			fn(code, r)
		}
	}
	for code, s := range c.uni {
		if r, n := utf8.DecodeRuneInString(s); n > 0 && n == len(s) && strings.ContainsRune(letters, r) {
			fn(code, r)
		}
	}
	for _, rg := range c.uniRanges {
		for _, r := range letters {
			switch {
			case rg.list != nil:
				for i, s := range rg.list {
					if s == string(r) {
						is(rg.lo+uint32(i), r)
					}
				}
			case len(rg.base) == 1 && r >= rg.base[0] && uint32(r-rg.base[0]) <= rg.hi-rg.lo:
				is(rg.lo+uint32(r-rg.base[0]), r)
			}
		}
	}
}

// no text).
func rangeText(base []rune, off uint32) string {
	out := slices.Clone(base)
	out[len(out)-1] += rune(off)
	return runeText(out)
}

// utf16Units reads big-endian UTF-16 code units; one byte alone is one
// unit.
func utf16Units(b []byte) []uint16 {
	if len(b) == 1 {
		return []uint16{uint16(b[0])}
	}
	u := make([]uint16, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		u = append(u, uint16(b[i])<<8|uint16(b[i+1]))
	}
	return u
}

// next splits the next code off b using the codespace; n is the number of
// bytes used. Without a matching range it takes the shortest code length
// the CMap knows (or 2 for identity, 1 otherwise).
func (c *cmap) next(b []byte) (code uint32, n int) {
	if c.identity && len(c.space) == 0 {
		if len(b) < 2 {
			return uint32(b[0]), 1
		}
		return uint32(b[0])<<8 | uint32(b[1]), 2
	}
	for l := 1; l <= 4 && l <= len(b); l++ {
		for _, r := range c.space {
			if len(r.lo) == l && r.match(b) {
				return codeValue(string(b[:l])), l
			}
		}
	}
	n = 0
	for _, r := range c.space {
		if n == 0 || len(r.lo) < n {
			n = len(r.lo)
		}
	}
	if n == 0 {
		n = 1
	}
	if n > len(b) {
		n = len(b)
	}
	return codeValue(string(b[:n])), n
}

// lookupUni returns the text of code, ok false when unmapped.
func (c *cmap) lookupUni(code uint32) (string, bool) {
	if c == nil {
		return "", false
	}
	if s, ok := c.uni[code]; ok {
		return s, true
	}
	rs := c.uniRanges
	i := sort.Search(len(rs), func(i int) bool { return rs[i].lo > code })
	// Ranges may overlap; scan back a little from the last one starting at
	// or before code.
	for j := i - 1; j >= 0 && j >= i-8; j-- {
		r := rs[j]
		if code < r.lo || code > r.hi {
			continue
		}
		off := code - r.lo
		if r.list != nil {
			if int(off) < len(r.list) {
				return r.list[off], true
			}
			continue
		}
		return rangeText(r.base, off), true
	}
	if c.usesUnicode {
		if code > 0xFFFF {
			r := utf16.DecodeRune(rune(code>>16), rune(code&0xFFFF))
			if r == utf8.RuneError {
				return "", false
			}
			return string(r), true
		}
		if code >= 0xD800 && code <= 0xDFFF {
			return "", false
		}
		return string(rune(code)), true
	}
	return "", false
}

// lookupCID maps a code to a CID.
func (c *cmap) lookupCID(code uint32) uint32 {
	if c == nil || c.identity {
		return code
	}
	if v, ok := c.cid[code]; ok {
		return v
	}
	rs := c.cidRanges
	i := sort.Search(len(rs), func(i int) bool { return rs[i].lo > code })
	for j := i - 1; j >= 0 && j >= i-8; j-- {
		if code >= rs[j].lo && code <= rs[j].hi {
			return rs[j].cid + (code - rs[j].lo)
		}
	}
	if c.pre != nil {
		cid, _ := c.pre.CID(code)
		return cid
	}
	return code
}

// predefinedCMap returns what we know of a predefined CMap by name.
func predefinedCMap(name string) *cmap {
	c := &cmap{name: name, vertical: strings.HasSuffix(name, "-V")}
	two := codeRange{[]byte{0, 0}, []byte{0xFF, 0xFF}}
	switch {
	case name == "Identity-H" || name == "Identity-V":
		c.identity = true
		c.space = []codeRange{two}
	case cjkcmap.Has(name):
		// Adobe's data: code space and code → CID; the Uni* CMaps' codes
		// are also UTF-16 text.
		pre := cjkcmap.Lookup(name)
		if pre == nil {
			c.space = []codeRange{two}
			c.identity = true
			break
		}
		c.pre = pre
		c.vertical = pre.Vertical
		for _, r := range pre.Space {
			c.space = append(c.space, codeRange{r.Lo, r.Hi})
		}
		c.usesUnicode = strings.HasPrefix(name, "Uni") && (strings.Contains(name, "UCS2") || strings.Contains(name, "UTF16"))
	case strings.HasPrefix(name, "Uni") && (strings.Contains(name, "UCS2") || strings.Contains(name, "UTF16")):
		c.identity = true
		c.usesUnicode = true
		c.space = []codeRange{two}
		if strings.Contains(name, "UTF16") {
			// Surrogate pairs are 4-byte codes.
			c.space = []codeRange{
				{[]byte{0, 0}, []byte{0xD7, 0xFF}},
				{[]byte{0xE0, 0}, []byte{0xFF, 0xFF}},
				{[]byte{0xD8, 0, 0xDC, 0}, []byte{0xDB, 0xFF, 0xDF, 0xFF}},
			}
		}
	default:
		// Unknown predefined CMap (legacy CJK encodings): we cannot map
		// its codes, so split into single bytes below 0x80 and two-byte
		// codes above.
		c.space = []codeRange{{[]byte{0}, []byte{0x7F}}, {[]byte{0x80, 0}, []byte{0xFF, 0xFF}}}
	}
	return c
}
