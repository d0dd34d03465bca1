package nativetext

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

const sampleToUnicode = `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000> <FFFF>
endcodespacerange
4 beginbfchar
<0003> <0020>
<0011> <00660069>
<0012> <D835DC00>
<0013> /eacute
endbfchar
3 beginbfrange
<0020> <0022> <0041>
<0030> <0032> [<0078> <0079> <007A007A>]
<0100> <01ff> <0000>
endbfrange
endcmap
CMapName currentdict /CMap defineresource pop
end
end`

func TestToUnicodeCMap(t *testing.T) {
	t.Parallel()
	c := parseCMap([]byte(sampleToUnicode))
	tests := []struct {
		code uint32
		want string
		ok   bool
	}{
		{0x03, " ", true},
		{0x11, "fi", true},
		{0x12, "𝐀", true},
		{0x13, "é", true},
		{0x20, "A", true},
		{0x22, "C", true},
		{0x23, "", false},
		{0x30, "x", true},
		{0x32, "zz", true},
		{0x99, "", false},
		// A range whose first code is U+0000, as TCPDF and mPDF write
		// for a Unicode font's codes: its first code is no text, the
		// others are.
		{0x100, "", true},
		{0x141, "A", true},
		{0x1C4, "Ä", true},
	}
	for _, tt := range tests {
		got, ok := c.lookupUni(tt.code)
		if got != tt.want || ok != tt.ok {
			t.Errorf("lookup(%#x) = %q %v, want %q %v", tt.code, got, ok, tt.want, tt.ok)
		}
	}
	if code, n := c.next([]byte{0x00, 0x11, 0x05}); code != 0x11 || n != 2 {
		t.Errorf("next = %#x %d", code, n)
	}
}

func TestEncodingCMapMixedLengths(t *testing.T) {
	t.Parallel()
	src := `begincmap /WMode 1 def
2 begincodespacerange <00> <80> <8140> <9FFC> endcodespacerange
1 begincidrange <8140> <817E> 633 endcidrange
1 begincidchar <41> 34 endcidchar
endcmap`
	c := parseCMap([]byte(src))
	if !c.vertical {
		t.Error("WMode 1 not read")
	}
	b := []byte{0x41, 0x81, 0x42, 0x20}
	var got []uint32
	for len(b) > 0 {
		code, n := c.next(b)
		got = append(got, c.lookupCID(code))
		b = b[n:]
	}
	want := []uint32{34, 635, 0x20}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("cid[%d] = %d, want %d", i, got[i], want[i])
		}
	}
}

func TestPredefinedCMaps(t *testing.T) {
	t.Parallel()
	id := predefinedCMap("Identity-H")
	if code, n := id.next([]byte{1, 2, 3}); code != 0x0102 || n != 2 {
		t.Errorf("identity next %#x %d", code, n)
	}
	if predefinedCMap("Identity-V").vertical != true {
		t.Error("Identity-V not vertical")
	}
	u := predefinedCMap("UniGB-UCS2-H")
	if s, ok := u.lookupUni(0x4E2D); !ok || s != "中" {
		t.Errorf("UCS2 lookup %q %v", s, ok)
	}
	u16 := predefinedCMap("UniJIS-UTF16-H")
	code, n := u16.next([]byte{0xD8, 0x3D, 0xDE, 0x00})
	if s, ok := u16.lookupUni(code); n != 4 || !ok || s != "😀" {
		t.Errorf("UTF16 surrogate %q %v %d", s, ok, n)
	}
}

func TestCMapNoCodespace(t *testing.T) {
	t.Parallel()
	c := parseCMap([]byte("beginbfchar <41> <0042> endbfchar"))
	if code, n := c.next([]byte("AB")); code != 0x41 || n != 1 {
		t.Errorf("next %#x %d", code, n)
	}
	if s, _ := c.lookupUni(0x41); s != "B" {
		t.Errorf("lookup %q", s)
	}
}

func FuzzCMap(f *testing.F) {
	f.Add([]byte(sampleToUnicode))
	f.Add([]byte("1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfrange <00> <FF> <0000> endbfrange"))
	f.Add([]byte("begincidrange <0000> <FFFF> 0 endcidrange /WMode 1 def /Foo usecmap"))
	f.Add([]byte("beginbfrange <FFFFFFFF> <00000000> [<00>] endbfrange beginbfchar <> <> endbfchar"))
	f.Add([]byte("begincidrange <0000> <FFFFFFFF> 16 <D000> <E000> 53248 endcidrange begincidchar <41> 55296 endcidchar"))
	f.Fuzz(func(t *testing.T, b []byte) {
		c := parseCMap(b)
		tu := parseCMap(b) // the same, read as a ToUnicode
		tu.cidsAsText()
		for _, code := range []uint32{0, 1, 0x20, 0x41, 0xFF, 0x100, 0xD7FF, 0xD800, 0xFFFF, 0x10FFFF, 0xFFFFFFFF} {
			if s, ok := c.lookupUni(code); ok && !utf8.ValidString(s) {
				t.Fatalf("invalid UTF-8 %q", s)
			}
			// What the CID mappings add is one character, never U+FFFD.
			if s, ok := tu.lookupUni(code); ok {
				if _, had := c.lookupUni(code); !had && (utf8.RuneCountInString(s) != 1 || strings.ContainsRune(s, utf8.RuneError)) {
					t.Fatalf("ToUnicode of CIDs: code %#x reads %q", code, s)
				}
			}
			c.lookupCID(code)
		}
		in := []byte{0, 1, 0x81, 0x40, 0xFF, 0xFF, 0x41}
		for len(in) > 0 {
			_, n := c.next(in)
			if n <= 0 || n > len(in) {
				t.Fatalf("next consumed %d of %d", n, len(in))
			}
			in = in[n:]
		}
	})
}

// shownWords are the words of a page showing show (a string operand, hex
// or literal) in font, a simple font dictionary whose ToUnicode is
// object 5, the CMap cmap.
func shownWords(t *testing.T, font, cmap, show string) string {
	t.Helper()
	path := onePage("", "<< /Font << /F1 "+font+" >> >>", "BT /F1 12 Tf 72 700 Td "+show+" Tj ET", stream("", cmap)).Write(t)
	res, err := extractAll(t, path, 1)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(words(res[1].Page), " ")
}

// TestToUnicodeEmpty: a code that ToUnicode maps to nothing (<>, or
// U+0000) and whose glyph has no name the font can spell adds no text:
// Chromium maps a shaped Arabic word's text to one of its glyphs and the
// others to nothing. A glyph name still gives its letter, and where the
// CMap maps every code to nothing it is broken and the names are read.
func TestToUnicodeEmpty(t *testing.T) {
	t.Parallel()
	cmap := func(a, b string) string {
		return "/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <00> <FF> endcodespacerange" +
			" 2 beginbfchar <41> <" + a + "> <42> <" + b + "> endbfchar endcmap end end"
	}
	const (
		named   = "/WinAnsiEncoding"
		unnamed = "<< /Differences [65 /g1 /g2] >>"
	)
	for _, tc := range []struct {
		name, enc, a, b, want string
	}{
		{"cluster", unnamed, "", "0063006C", "cl"},
		{"U+0000", unnamed, "0000", "0078", "x"},
		{"named glyph", named, "", "0078", "Ax"},
		{"all empty", named, "", "", "AB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			font := "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding " + tc.enc + " /ToUnicode 5 0 R >>"
			if got := shownWords(t, font, cmap(tc.a, tc.b), "(AB)"); got != tc.want {
				t.Errorf("words %q, want %q", got, tc.want)
			}
		})
	}
}

// TestToUnicodeLigatureLetter: a glyph the Differences name as a
// ligature (f_i, T_h, fi) that ToUnicode maps to one of its letters, first
// or last, reads as all of them (InDesign's exports map each ligature to
// its last letter: 'inancial', 'he'). A map to the whole text, to a
// letter not at either end, or of a glyph whose name is no ligature, is
// ToUnicode's.
func TestToUnicodeLigatureLetter(t *testing.T) {
	t.Parallel()
	const cmap = "/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <00> <FF> endcodespacerange" +
		" 7 beginbfchar <1C> <0069> <1D> <0068> <1E> <0069> <1F> <0066> <20> <00660066> <21> <0078> <22> <0069>" +
		" endbfchar 1 beginbfrange <61> <7A> <0061> endbfrange endcmap end end"
	const enc = "<< /BaseEncoding /WinAnsiEncoding /Differences [28 /f_i /T_h /fi /f_f /ff /f_l /g1] >>"
	for _, tc := range []struct {
		name, show, want string
	}{
		{"last letter", `<1C6E616E6369616C>`, "financial"},
		{"T_h", `<1D65>`, "The"},
		{"AGL name", `<1E727374>`, "first"},
		{"first letter", `<1F6F7274>`, "ffort"},
		{"whole text", `<206F7274>`, "ffort"},
		{"another letter", `<216F7274>`, "xort"},
		{"no ligature name", `<226E>`, "in"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			font := "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding " + enc + " /ToUnicode 5 0 R >>"
			if got := shownWords(t, font, cmap, tc.show); got != tc.want {
				t.Errorf("words %q, want %q", got, tc.want)
			}
		})
	}
}

// TestToUnicodeLigatureWidth: a glyph ToUnicode maps to i, l, f or t
// whose name does not say what it draws, and whose width is an f's or
// two and the letter's (within ligatureSlack), reads as the f-ligature:
// us-021's Arial maps its fi and fl, 500 units, to 'i' and 'l', 222
// units, beside its f of 278. A code of another width keeps its letter.
func TestToUnicodeLigatureWidth(t *testing.T) {
	t.Parallel()
	const cmap = "/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <00> <FF> endcodespacerange" +
		" 5 beginbfchar <1C> <0069> <1D> <006C> <1E> <0069> <1F> <0066> <20> <0069>" +
		" endbfchar 1 beginbfrange <61> <7A> <0061> endbfrange endcmap end end"
	const enc = "<< /BaseEncoding /WinAnsiEncoding /Differences [28 /g1 /g2 /g3 /g4 /g5] >>"
	widths := make([]string, 0, 123-28)
	for c := 28; c <= 122; c++ {
		w := map[int]int{28: 500, 29: 500, 30: 300, 31: 545, 32: 760, 'f': 278, 'i': 222, 'l': 222}[c]
		if w == 0 {
			w = 556
		}
		widths = append(widths, strconv.Itoa(w))
	}
	for _, tc := range []struct {
		name, show, want string
	}{
		{"fi", `<1C6E616E6369616C>`, "financial"},
		{"fl", `<1D6F6F72>`, "floor"},
		{"not as wide", `<1E6E>`, "in"},
		{"ff", `<1F6F7274>`, "ffort"},
		{"ffi", `<20636521>`, "ffice!"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			font := "<< /Type /Font /Subtype /TrueType /BaseFont /ArialMT /FirstChar 28 /LastChar 122 /Widths [" +
				strings.Join(widths, " ") + "] /Encoding " + enc + " /ToUnicode 5 0 R >>"
			if got := shownWords(t, font, cmap, tc.show); got != tc.want {
				t.Errorf("words %q, want %q", got, tc.want)
			}
		})
	}
}

// TestTeXSlotLigatures: a glyph with no text at the code where TeX's text
// fonts set an f-ligature (OT1's 0x0B-0x0F, T1's 0x1B-0x1F), as wide as
// its letters or a little narrower, reads as the ligature: dvips's Type 3
// fonts of a 1994 preprint name each glyph by its code's byte and map
// only letters in ToUnicode ('e�ective'). Computer Modern's widths: f 306,
// i and l 278, ff 583, fi and fl 556, ffi and ffl 833. A glyph of another
// width there (cmmi's alpha, 640 beside its f of 490) stays undecoded,
// and one that ToUnicode maps keeps its text.
func TestTeXSlotLigatures(t *testing.T) {
	t.Parallel()
	const cmap = "/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <00> <FF> endcodespacerange" +
		" 1 beginbfchar <0D> <03B3> endbfchar 1 beginbfrange <61> <7A> <0061> endbfrange endcmap end end"
	const enc = "<< /Differences [11 /#0b /#0c /#0d /#0e /#0f 27 /#1b /#1c] >>"
	cmr := map[int]int{11: 583, 12: 556, 13: 556, 14: 833, 15: 833, 27: 583, 28: 556, 'f': 306, 'i': 278, 'l': 278}
	cmmi := map[int]int{11: 640, 12: 566, 'f': 490, 'i': 345, 'l': 298}
	widthsOf := func(m map[int]int) string {
		var ws []string
		for c := 11; c <= 122; c++ {
			w := m[c]
			if w == 0 && c >= 'a' {
				w = 500
			}
			ws = append(ws, strconv.Itoa(w))
		}
		return strings.Join(ws, " ")
	}
	for _, tc := range []struct {
		name, widths, show, want string
	}{
		{"ff", widthsOf(cmr), `<650B656374>`, "effect"},
		{"fi", widthsOf(cmr), `<0C656C64>`, "field"},
		{"ffi and ffl", widthsOf(cmr), `<6F0E6365206261>`, "office ba"},
		{"ffl", widthsOf(cmr), `<610F7565>`, "afflue"},
		{"T1's fi", widthsOf(cmr), `<1C7273>`, "firs"},
		{"a Greek letter at a ligature's code", widthsOf(cmmi), `<0B0C>`, "\ufffd\ufffd"},
		{"mapped by ToUnicode", widthsOf(cmr), `<0D>`, "\u03b3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			font := "<< /Type /Font /Subtype /Type1 /BaseFont /CMR10 /FirstChar 11 /LastChar 122 /Widths [" +
				tc.widths + "] /Encoding " + enc + " /ToUnicode 5 0 R >>"
			if got := shownWords(t, font, cmap, tc.show); got != tc.want {
				t.Errorf("words %q, want %q", got, tc.want)
			}
		})
	}
}

// TestToUnicodeSwapped: a ToUnicode whose destinations are all ASCII
// characters with their UTF-16 bytes swapped reads as the characters;
// one real character among them, or too few entries, leaves it as it is.
func TestToUnicodeSwapped(t *testing.T) {
	t.Parallel()
	cmapOf := func(entries ...string) *cmap {
		return parseCMap([]byte("1 begincodespacerange <0000> <FFFF> endcodespacerange " +
			strings.Join(entries, " ") + " endbfchar endcmap"))
	}
	swapped := []string{"5 beginbfchar", "<0003> <2000>", "<0046> <4D00>", "<006E> <7500>", "<0067> <6C00>", "<006D> <7400>"}
	tests := []struct {
		name string
		c    *cmap
		code uint32
		want string
	}{
		{"swapped", cmapOf(swapped...), 0x46, "M"},
		{"a swapped space", cmapOf(swapped...), 0x03, " "},
		{"a real character among them", cmapOf(append(swapped, "<0070> <4E2D>")...), 0x46, "\u4D00"},
		{"too few", cmapOf(swapped[:4]...), 0x46, "\u4D00"},
		{"a range of several codes", cmapOf(append(swapped, "endbfchar 1 beginbfrange <0080> <0081> <4100> endbfrange 0 beginbfchar")...), 0x46, "\u4D00"},
	}
	for _, tc := range tests {
		if got, _ := tc.c.lookupUni(tc.code); got != tc.want {
			t.Errorf("%s: lookup(%#x) = %q, want %q", tc.name, tc.code, got, tc.want)
		}
	}
}

// TestToUnicodeCIDRanges: a ToUnicode written with cidrange and cidchar
// (pdfminer's issue 566: a Chinese contract's font mapping its codes to
// themselves) reads the numbers as characters; bfchar keeps precedence,
// and a number that is no character maps nothing.
func TestToUnicodeCIDRanges(t *testing.T) {
	t.Parallel()
	toUnicode := "1 begincodespacerange <0000> <FFFF> endcodespacerange " +
		"1 beginbfchar <4E2D> <4E00> endbfchar " +
		"2 begincidrange <4E00> <4EFF> 19968 <D800> <D8FF> 55296 endcidrange " +
		"2 begincidchar <0041> 66 <0042> 0 endcidchar endcmap"
	pdf := onePage("", "<< /Font << /F1 5 0 R >> >>", "BT /F1 12 Tf 72 700 Td <4E2E4E2D0041> Tj 0 -20 Td <0042D801> Tj ET",
		"<< /Type /Font /Subtype /Type0 /BaseFont /SimSun /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
		"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /SimSun /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 1000 >>",
		stream("", toUnicode)).Write(t)
	res, err := extractAll(t, pdf, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(words(res[1].Page), " "), "\u4E2E\u4E00B \uFFFD\uFFFD"; got != want {
		t.Errorf("text %q, want %q", got, want)
	}
}

// TestToUnicodeCaseCollision: a simple font's glyph is drawn by its name;
// where ToUnicode maps capitals to the small letters it also maps the
// font's small letters to, the capitals read as drawn (MMWR's 'tABLE 1.
// number' for 'TABLE 1. Number'). A font that draws in capitals letters
// it has no small glyph for is text set in capitals by its style, mapped
// to the letters typed ('www' set as WWW), and stays as ToUnicode says.
func TestToUnicodeCaseCollision(t *testing.T) {
	t.Parallel()
	const head = "/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <00> <FF> endcodespacerange "
	for _, tc := range []struct {
		name, ranges, show, want string
	}{
		{"capitals the small letters' twins", "3 beginbfrange <41> <4D> <0041> <4E> <4E> <006E> <61> <7A> <0061> endbfrange", "(Number)", "Number"},
		{"set in capitals", "2 beginbfrange <41> <5A> <0061> <2E> <2E> <002E> endbfrange", "(WWW.ORG)", "www.org"},
		{"some capitals without twins", "2 beginbfrange <41> <5A> <0061> <61> <6E> <0061> endbfrange", "(WAN)", "wan"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			font := "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 5 0 R >>"
			if got := shownWords(t, font, head+tc.ranges+" endcmap end end", tc.show); got != tc.want {
				t.Errorf("words %q, want %q", got, tc.want)
			}
		})
	}
}
