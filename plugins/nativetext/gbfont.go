package nativetext

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Chinese editions of Windows wrote PDFs whose Chinese text is set in a
// simple TrueType font that is not embedded, named for a system font in
// its own code page ("宋体" as the bytes of GB 2312, or "仿宋_GB2312"),
// with WinAnsiEncoding: each character of the text is two bytes of GB 2312
// (EUC-CN), and each byte is given half the character's width. Read one
// byte at a time, the text is Latin-1 mojibake ("ËÎÌå"), and a renderer
// draws it so too; OCR has nothing better to read. Such a font's byte
// pairs are decoded as GB 2312.

// GB 2312's bytes: a character is a lead byte and a trail byte, both in
// gbFirst..gbLast.
const (
	gbFirst = 0xA1
	gbLast  = 0xFE
)

// gbFont reports whether a simple font writes its text in GB 2312: a
// TrueType or Type 1 font with no font program of its own whose name is in
// GB 2312 or says so (GB2312, GBK).
func (d *document) gbFont(f *font, desc types.Dict) bool {
	if f.subtype != "TrueType" && f.subtype != "Type1" {
		return false
	}
	for _, k := range []string{"FontFile", "FontFile2", "FontFile3"} {
		if desc[k] != nil {
			return false
		}
	}
	return gbName(f.name)
}

// gbName reports whether a font name says that the font is a Chinese
// system font: it names the GB2312 or GBK code page, or its bytes beyond
// ASCII are GB 2312 characters that decode to Han.
func gbName(name string) bool {
	upper := strings.ToUpper(name)
	if strings.Contains(upper, "GB2312") || strings.Contains(upper, "GBK") {
		return true
	}
	var high []byte
	for i := 0; i < len(name); i++ {
		if name[i] >= 0x80 {
			high = append(high, name[i])
		}
	}
	if len(high) == 0 || len(high)%2 != 0 {
		return false
	}
	for i := 0; i < len(high); i += 2 {
		r, ok := gbRune(high[i], high[i+1])
		if !ok || !unicode.Is(unicode.Han, r) {
			return false
		}
	}
	return true
}

// gbRune decodes one GB 2312 character.
func gbRune(lead, trail byte) (rune, bool) {
	if lead < gbFirst || lead > gbLast || trail < gbFirst || trail > gbLast {
		return 0, false
	}
	b, err := simplifiedchinese.GBK.NewDecoder().Bytes([]byte{lead, trail})
	if err != nil {
		return 0, false
	}
	r, n := utf8.DecodeRune(b)
	if n != len(b) || r == utf8.RuneError {
		return 0, false
	}
	return r, true
}

// gbCodes splits s into codes as a GB 2312 font does: a lead and a trail
// byte are one code (lead<<8 | trail), any other byte is a code alone.
func gbCodes(s string, out []code) []code {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= gbFirst && c <= gbLast && i+1 < len(s) && s[i+1] >= gbFirst && s[i+1] <= gbLast {
			out = append(out, code{v: uint32(c)<<8 | uint32(s[i+1]), n: 2})
			i++
			continue
		}
		out = append(out, code{v: uint32(c), n: 1})
	}
	return out
}
