package nativetext

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/internal/corpustest"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
)

// trueTypeCIDPDF is a one-page PDF showing the hex string shown with an
// Identity-H Type0 font over a CIDFontType2 that declares Adobe-Japan1 and
// embeds program, without ToUnicode unless fontExtra adds one. cidExtra
// goes into the CID font's dictionary; more are objects from 9 on.
func trueTypeCIDPDF(t *testing.T, program []byte, fontExtra, cidExtra, shown string, more ...string) string {
	t.Helper()
	objs := append([]string{
		"<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Test /Encoding /Identity-H /DescendantFonts [6 0 R] " + fontExtra + " >>",
		"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+Test /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 2 >> /DW 1000 /FontDescriptor 7 0 R " + cidExtra + " >>",
		"<< /Type /FontDescriptor /FontName /ABCDEF+Test /Flags 4 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 /FontFile2 8 0 R >>",
		stream("", string(program)),
	}, more...)
	return onePage("", "<< /Font << /F1 5 0 R >> >>", "BT /F1 12 Tf 72 700 Td <"+shown+"> Tj ET", objs...).Write(t)
}

// The text of a TrueType CID font without ToUnicode comes from its
// program's cmap when it has one (glyph indices, whatever the font
// declares), else from the declared collection; a ToUnicode that does not
// map a code still leaves it unmapped.
func TestTrueTypeCIDFontWithoutToUnicode(t *testing.T) {
	t.Parallel()
	withCmap := pdftest.SFNT(map[string][]byte{
		"maxp": pdftest.Maxp(5),
		"cmap": pdftest.Cmap(pdftest.Sub(3, 1, pdftest.Format4(
			pdftest.Segment4{Lo: 'H', Hi: 'H', Delta: pdftest.DeltaTo(3, 'H')},
			pdftest.Segment4{Lo: 'i', Hi: 'i', Delta: pdftest.DeltaTo(4, 'i')},
		))),
	})
	noCmap := pdftest.SFNT(map[string][]byte{"maxp": pdftest.Maxp(900)})
	tests := []struct {
		name                string
		program             []byte
		fontExtra, cidExtra string
		shown               string
		more                []string
		want                string
		unmapped            float64
	}{
		{"the program's cmap, CIDs as glyphs", withCmap, "", "", "00030004", nil, "Hi", 0},
		{"the program's cmap through CIDToGIDMap", withCmap, "", "/CIDToGIDMap 9 0 R", "00010002",
			[]string{stream("", "\x00\x00\x00\x03\x00\x04")}, "Hi", 0},
		{"a glyph the cmap does not reach", withCmap, "", "", "0002", nil, "\uFFFD", 1},
		{"no cmap: the declared collection", noCmap, "", "", "034B", nil, "あ", 0},
		{"no cmap, a ToUnicode without the code", noCmap, "/ToUnicode 9 0 R", "", "034A",
			[]string{stream("", "begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfchar <0001> <0041> endbfchar endcmap")},
			"\uFFFD", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, err := extractAll(t, trueTypeCIDPDF(t, tc.program, tc.fontExtra, tc.cidExtra, tc.shown, tc.more...), 1)
			if err != nil {
				t.Fatal(err)
			}
			r := res[1]
			if got := strings.Join(words(r.Page), ""); got != tc.want {
				t.Errorf("text %q, want %q", got, tc.want)
			}
			if got := r.Stats["unmapped_glyphs"]; got != tc.unmapped {
				t.Errorf("unmapped_glyphs %v, want %v", got, tc.unmapped)
			}
		})
	}
}

// Files of pdf.js's suite whose TrueType CID fonts carry no ToUnicode, or
// TCPDF's and mPDF's identity ToUnicode (ranges from <0000>), read as
// MuPDF reads them, and no glyph is left unmapped.
func TestCorpusTrueTypeCIDFonts(t *testing.T) {
	dir := filepath.Join(corpustest.Dir(t), "robustness")
	for _, tc := range []struct {
		file string
		want []string // in this order
	}{
		{"arial_unicode_en_cidfont.pdf", []string{"This is an Arial Unicode PDF", "from OpenOffice."}},
		{"vertical.pdf", []string{"あいうえお", "日本語"}}, // vertical columns, right to left
		{"javauninstall-7r.pdf", []string{"の削除・インストールについて", "コントロールパネル"}},
		{"issue2074.pdf", []string{"German Ae: Ä", "German Sz: ß"}},                                   // TCPDF
		{"checkbox-bad-appearance.pdf", []string{"Checkbox 1 - not checked", "Checkbox 2 - Checked"}}, // mPDF
	} {
		pages, err := runFile(t, filepath.Join(dir, tc.file), 1, time.Minute)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		text := pages[0].Page.Text()
		at := 0
		for _, w := range tc.want {
			i := strings.Index(text[at:], w)
			if i < 0 {
				t.Errorf("%s: %q not found after byte %d of %q", tc.file, w, at, text)
				break
			}
			at += i + len(w)
		}
		if n := pages[0].Stats["unmapped_glyphs"]; n != 0 {
			t.Errorf("%s: %v unmapped glyphs", tc.file, n)
		}
	}
}

// A composite font whose ToUnicode is the name Identity-H, not a CMap,
// has codes that are their characters' Unicode values where neither its
// program nor a collection names them; a code that is no character stays
// unknown.
func TestIdentityNamedToUnicode(t *testing.T) {
	t.Parallel()
	noCmap := pdftest.SFNT(map[string][]byte{"maxp": pdftest.Maxp(900)})
	withCmap := pdftest.SFNT(map[string][]byte{
		"maxp": pdftest.Maxp(0x50),
		"cmap": pdftest.Cmap(pdftest.Sub(3, 1, pdftest.Format4(
			pdftest.Segment4{Lo: 'Z', Hi: 'Z', Delta: pdftest.DeltaTo(0x41, 'Z')},
		))),
	})
	tests := []struct {
		name      string
		program   []byte
		toUnicode string
		shown     string
		want      string
	}{
		{"codes as characters", noCmap, "/Identity-H", "0054006F2013", "To–"},
		{"the vertical identity", noCmap, "/Identity-V", "010D", "č"},
		{"the program's cmap first", withCmap, "/Identity-H", "0041", "Z"},
		{"a control code", noCmap, "/Identity-H", "0001", "\uFFFD"},
		{"another name says nothing", noCmap, "/Foo", "0054", "\uFFFD"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pdf := onePage("", "<< /Font << /F1 5 0 R >> >>", "BT /F1 12 Tf 72 700 Td <"+tc.shown+"> Tj ET",
				"<< /Type /Font /Subtype /Type0 /BaseFont /Verdana /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode "+tc.toUnicode+" >>",
				"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Verdana /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 600 /FontDescriptor 7 0 R >>",
				"<< /Type /FontDescriptor /FontName /Verdana /Flags 32 /FontBBox [0 -200 1000 1000] /ItalicAngle 0 /Ascent 1000 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 8 0 R >>",
				stream("", string(tc.program))).Write(t)
			res, err := extractAll(t, pdf, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(words(res[1].Page), ""); got != tc.want {
				t.Errorf("text %q, want %q", got, tc.want)
			}
		})
	}
}

// TestUnreadableFont: a font resource whose object cannot be read (here
// one the file lacks) reads its codes through WinAnsi, as pdftotext and
// pdf.js read them; text shown in a font the resources do not name at all
// stays unknown.
func TestUnreadableFont(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, res, want string
	}{
		{"an object the file lacks", "<< /Font << /F1 99 0 R >> >>", "Café crème"},
		{"a font the resources lack", "<< /Font << /F2 99 0 R >> >>", strings.Repeat("\uFFFD", 10)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, err := extractAll(t, onePage("", tc.res, "BT /F1 12 Tf 72 700 Td (Caf\\351 cr\\350me) Tj ET").Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(words(res[1].Page), " "); got != tc.want {
				t.Errorf("text %q, want %q", got, tc.want)
			}
		})
	}
}

// TestMacOrderFonts: a TrueType CID font that is not embedded, of the
// identity CMap and without ToUnicode, names its glyphs by their indices
// in the system's font; Arial's and the other core fonts' first 258
// glyphs keep TrueType's standard Macintosh order, and read so. A font
// of another order (Calibri) keeps them unknown, and a ToUnicode named
// Identity-H still says the codes are text.
func TestMacOrderFonts(t *testing.T) {
	t.Parallel()
	// 'DESCRIPTION é' by glyph index: D 39, E 40, S 54, C 38, R 53, I 44,
	// P 51, T 55, O 50, N 49, space 3, eacute 112.
	byIndex := "00270028003600260035002C00330037002C00320031" + "0003" + "0070"
	tests := []struct {
		name, base, toUnicode, shown, want string
	}{
		{"Arial", "Arial,Bold", "", byIndex, "DESCRIPTION é"},
		{"Century Gothic", "CenturyGothic", "", byIndex, "DESCRIPTION é"},
		{"Calibri", "Calibri", "", byIndex, strings.Repeat("\uFFFD", 13)},
		{"codes as text", "Arial", "/ToUnicode /Identity-H", "0041", "A"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pdf := onePage("", "<< /Font << /F1 5 0 R >> >>", "BT /F1 12 Tf 72 700 Td <"+tc.shown+"> Tj ET",
				"<< /Type /Font /Subtype /Type0 /BaseFont /"+tc.base+" /Encoding /Identity-H /DescendantFonts [6 0 R] "+tc.toUnicode+" >>",
				"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /"+tc.base+" /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 600 /FontDescriptor 7 0 R >>",
				"<< /Type /FontDescriptor /FontName /"+tc.base+" /Flags 32 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 >>").Write(t)
			res, err := extractAll(t, pdf, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(words(res[1].Page), " "); got != tc.want {
				t.Errorf("text %q, want %q", got, tc.want)
			}
		})
	}
}

// TestEncodingCMapAsToUnicode: a ToUnicode that is an encoding CMap
// (Adobe's Identity-H program: codes to CIDs, no text) is no ToUnicode:
// robustness's issue5801 gives one to a non-embedded Arial Black, whose
// codes are then read as glyph indices in the standard Macintosh order,
// where a ToUnicode of text is still read as text.
func TestEncodingCMapAsToUnicode(t *testing.T) {
	t.Parallel()
	identity := "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Identity-H def /CMapType 1 def " +
		"1 begincodespacerange <0000> <FFFF> endcodespacerange 2 begincidrange <0000> <00FF> 0 <0100> <01FF> 256 endcidrange " +
		"endcmap CMapName currentdict /CMap defineresource pop end end"
	text := "1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfrange <0000> <00FF> <0000> endbfrange endcmap"
	// 'DESCRIPTION é' by glyph index, as in TestMacOrderFonts.
	byIndex := "00270028003600260035002C00330037002C00320031" + "0003" + "0070"
	for _, tc := range []struct{ name, cmap, shown, want string }{
		{"an encoding CMap", identity, byIndex, "DESCRIPTION é"},
		{"a ToUnicode", text, "0041", "A"},
	} {
		pdf := onePage("", "<< /Font << /F1 5 0 R >> >>", "BT /F1 12 Tf 72 700 Td <"+tc.shown+"> Tj ET",
			"<< /Type /Font /Subtype /Type0 /BaseFont /ArialBlack,Bold /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 8 0 R >>",
			"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ArialBlack,Bold /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 600 /FontDescriptor 7 0 R >>",
			"<< /Type /FontDescriptor /FontName /ArialBlack,Bold /Flags 32 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 >>",
			stream("", tc.cmap)).Write(t)
		res, err := extractAll(t, pdf, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(words(res[1].Page), " "); got != tc.want {
			t.Errorf("%s: text %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestMacGlyphOrder: the standard Macintosh order has 258 names, its
// letters and its last glyph where TrueType puts them.
func TestMacGlyphOrder(t *testing.T) {
	t.Parallel()
	if len(macGlyphNames) != 258 {
		t.Fatalf("%d names, want 258", len(macGlyphNames))
	}
	for gid, want := range map[int]string{3: "space", 19: "zero", 36: "A", 68: "a", 112: "eacute", 170: "guillemotright", 199: "Acircumflex", 144: "AE", 183: "quoteright", 257: "dcroat"} {
		if macGlyphNames[gid] != want {
			t.Errorf("glyph %d is %q, want %q", gid, macGlyphNames[gid], want)
		}
	}
}
