package nativetext

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// cffFont describes a bare CFF program for tests: its glyphs' SIDs after
// .notdef, its custom strings (SID 391 on), the code of each glyph, and
// supplements (code, SID).
type cffFont struct {
	sids    []int
	strs    []string
	codes   []byte
	sups    [][2]int
	builtin bool // the Top DICT names a custom encoding
}

// cffIndex is an INDEX of items, with one-byte offsets.
func cffIndex(items ...[]byte) []byte {
	if len(items) == 0 {
		return []byte{0, 0}
	}
	out := []byte{byte(len(items) >> 8), byte(len(items)), 1}
	off := 1
	out = append(out, byte(off))
	var data []byte
	for _, it := range items {
		off += len(it)
		out = append(out, byte(off))
		data = append(data, it...)
	}
	return append(out, data...)
}

// cffInt is a DICT operand of five bytes (operator 29).
func cffInt(v int) []byte {
	b := []byte{29, 0, 0, 0, 0}
	binary.BigEndian.PutUint32(b[1:], uint32(v))
	return b
}

// program lays out the font: header, Name, Top DICT, String and Global
// Subr INDEXes, then the charset (format 0), the encoding (format 0,
// with supplements when there are any) and the CharStrings INDEX.
func (f cffFont) program() []byte {
	var strs [][]byte
	for _, s := range f.strs {
		strs = append(strs, []byte(s))
	}
	const topLen = 3 * 6 // three operators with five-byte operands
	head := []byte{1, 0, 4, 1}
	name := cffIndex([]byte("Test"))
	str := cffIndex(strs...)
	start := len(head) + len(name) + len(cffIndex(make([]byte, topLen))) + len(str) + 2
	var charset bytes.Buffer
	charset.WriteByte(0)
	for _, sid := range f.sids {
		charset.Write([]byte{byte(sid >> 8), byte(sid)})
	}
	var enc bytes.Buffer
	format := byte(0)
	if len(f.sups) > 0 {
		format |= cffSupplementFlag
	}
	enc.Write([]byte{format, byte(len(f.codes))})
	enc.Write(f.codes)
	if len(f.sups) > 0 {
		enc.WriteByte(byte(len(f.sups)))
		for _, s := range f.sups {
			enc.Write([]byte{byte(s[0]), byte(s[1] >> 8), byte(s[1])})
		}
	}
	encOff := start + charset.Len()
	if !f.builtin {
		encOff = cffEncodingStandard
	}
	csOff := start + charset.Len() + enc.Len()
	var top []byte
	top = append(append(top, cffInt(start)...), cffOpCharset)
	top = append(append(top, cffInt(encOff)...), cffOpEncoding)
	top = append(append(top, cffInt(csOff)...), cffOpCharStrings)
	glyphs := make([][]byte, len(f.sids)+1)
	for i := range glyphs {
		glyphs[i] = []byte{14} // endchar
	}
	out := append(append(append(head, name...), cffIndex(top)...), str...)
	out = append(out, 0, 0) // no global subroutines
	out = append(append(out, charset.Bytes()...), enc.Bytes()...)
	return append(out, cffIndex(glyphs...)...)
}

// texMath is a font as Ghostscript writes TeX's CMSY: ∀ at code 0x38 and
// ∈ at 0x32, named by custom strings, a comma by its standard string,
// and a supplement giving the comma a second code.
var texMath = cffFont{
	sids:    []int{cffStandardStringMax, cffStandardStringMax + 1, 13},
	strs:    []string{"universal", "element"},
	codes:   []byte{0x38, 0x32, 0x3b},
	sups:    [][2]int{{0x2c, 13}},
	builtin: true,
}

// TestCFFEncoding: a bare CFF program's built-in encoding names each
// code's glyph through the charset and the strings; a program with
// StandardEncoding, or one cut short, gives none.
func TestCFFEncoding(t *testing.T) {
	t.Parallel()
	prog := texMath.program()
	enc := cffEncoding(prog)
	if enc == nil {
		t.Fatal("no encoding")
	}
	for code, want := range map[byte]string{0x38: "universal", 0x32: "element", 0x3b: "comma", 0x2c: "comma", 0x41: ""} {
		if enc[code] != want {
			t.Errorf("code %#x: %q, want %q", code, enc[code], want)
		}
	}
	standard := texMath
	standard.builtin = false
	if enc := cffEncoding(standard.program()); enc != nil {
		t.Errorf("StandardEncoding read as a built-in one: %v", enc)
	}
	for n := 0; n < len(prog); n++ {
		if enc := cffEncoding(prog[:n]); enc != nil && n < len(prog)-10 {
			t.Fatalf("a program cut at %d of %d bytes read", n, len(prog))
		}
	}
}

// TestCFFBuiltinText: the text of a font whose program is bare CFF comes
// from its built-in encoding, not StandardEncoding: "∀x ∈ X", not
// "8x 2 X".
func TestCFFBuiltinText(t *testing.T) {
	t.Parallel()
	font := "<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+CMSY10 /FirstChar 50 /LastChar 56" +
		" /Widths [500 500 500 500 500 500 500] /FontDescriptor << /Type /FontDescriptor /FontName /ABCDEF+CMSY10" +
		" /Flags 4 /FontFile3 5 0 R >> >>"
	res := "<< /Font << /F1 " + font + " /F2 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>"
	content := "BT /F1 12 Tf 72 700 Td (8) Tj /F2 12 Tf (x ) Tj /F1 12 Tf (2) Tj /F2 12 Tf ( X) Tj ET"
	prog := string(texMath.program())
	path := onePage("", res, content, stream("/Subtype /Type1C", prog)).Write(t)
	got, err := extractAll(t, path, 1)
	if err != nil {
		t.Fatal(err)
	}
	if w := words(got[1].Page); len(w) != 3 || w[0] != "∀x" || w[1] != "∈" || w[2] != "X" {
		t.Errorf("words %q, want [∀x ∈ X]", w)
	}
}

// FuzzCFFEncoding: no CFF program makes cffEncoding panic or hang.
func FuzzCFFEncoding(f *testing.F) {
	f.Add(texMath.program())
	standard := texMath
	standard.builtin = false
	f.Add(standard.program())
	f.Add([]byte{1, 0, 4, 1, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		cffEncoding(b)
	})
}
