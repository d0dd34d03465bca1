package nativetext

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/assay-pdf/assay/internal/corpustest"
)

// cidFontPDF is a one-page PDF showing the hex string shown with a Type0
// font of the given encoding over a CIDFontType0 of the given ordering
// (no ToUnicode).
func cidFontPDF(t *testing.T, encoding, ordering, shown string) string {
	t.Helper()
	return onePage("", "<< /Font << /F1 5 0 R >> >>",
		"BT /F1 12 Tf 72 700 Td <"+shown+"> Tj ET",
		"<< /Type /Font /Subtype /Type0 /BaseFont /Test-CJK /Encoding /"+encoding+" /DescendantFonts [6 0 R] >>",
		"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /Test-CJK /CIDSystemInfo << /Registry (Adobe) /Ordering ("+ordering+") /Supplement 2 >> /DW 1000 >>",
	).Write(t)
}

func TestPredefinedCJKEncodings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, encoding, ordering, shown, want string
	}{
		{"UniGB-UCS2-H", "UniGB-UCS2-H", "GB1", "4E2D6587", "中文"},
		{"UniGB-UTF16-H surrogates", "UniGB-UTF16-H", "GB1", "4E2DD840DC00", "中𠀀"},
		{"UniKS-UCS2-H", "UniKS-UCS2-H", "Korea1", "AC00AC01", "가각"},
		{"Identity-H Korea1 no ToUnicode", "Identity-H", "Korea1", "043E043F", "가각"},
		{"Identity-H GB1 no ToUnicode", "Identity-H", "GB1", "1042", "一"},
		{"90ms-RKSJ-H mixed 1/2-byte", "90ms-RKSJ-H", "Japan1", "4193FA967B42", "A日本B"},
		{"90ms-RKSJ-V", "90ms-RKSJ-V", "Japan1", "93FA967B", "日本"},
		{"GBK-EUC-H mixed", "GBK-EUC-H", "GB1", "41D6D0CEC4", "Ａ中文"}, // GBK-EUC-H maps ASCII to full-width CIDs,
		{"KSC-EUC-H", "KSC-EUC-H", "Korea1", "B0A1B0A2", "가각"},
		{"B5pc-H", "B5pc-H", "CNS1", "A4A4A4E5", "中文"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := extractAll(t, cidFontPDF(t, tt.encoding, tt.ordering, tt.shown), 1)
			if err != nil {
				t.Fatal(err)
			}
			r := res[1]
			got := strings.Join(words(r.Page), "")
			if got != tt.want {
				t.Errorf("text %q, want %q", got, tt.want)
			}
			if r.Stats["unmapped_glyphs"] != 0 {
				t.Errorf("unmapped_glyphs %v", r.Stats["unmapped_glyphs"])
			}
			checkBoxes(t, r.Page)
		})
	}
}

// An ordering we have no table for, and a code the collection does not
// map, stay U+FFFD and are counted.
func TestCJKUnmapped(t *testing.T) {
	t.Parallel()
	res, err := extractAll(t, cidFontPDF(t, "Identity-H", "Identity", "043E"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(words(res[1].Page), ""); got != "\uFFFD" || res[1].Stats["unmapped_glyphs"] != 1 {
		t.Errorf("Identity ordering: %q, unmapped %v", got, res[1].Stats["unmapped_glyphs"])
	}
	res, err = extractAll(t, cidFontPDF(t, "Identity-H", "Korea1", "FFF0"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(words(res[1].Page), ""); got != "\uFFFD" || res[1].Stats["unmapped_glyphs"] != 1 {
		t.Errorf("CID beyond Korea1: %q, unmapped %v", got, res[1].Stats["unmapped_glyphs"])
	}
}

// Widths come from the CID the CMap gives, not from the code.
func TestPredefinedCMapCIDs(t *testing.T) {
	t.Parallel()
	c := predefinedCMap("UniGB-UCS2-H")
	if cid := c.lookupCID(0x4E00); cid != 4162 {
		t.Errorf("UniGB-UCS2-H U+4E00 → CID %d, want 4162", cid)
	}
	j := predefinedCMap("90ms-RKSJ-V")
	if !j.vertical {
		t.Error("90ms-RKSJ-V not vertical")
	}
	in := []byte{0x41, 0x93, 0xFA, 0xA0, 0x81}
	var got []int
	for len(in) > 0 {
		_, n := j.next(in)
		got = append(got, n)
		in = in[n:]
	}
	if len(got) != 4 || got[0] != 1 || got[1] != 2 || got[2] != 1 || got[3] != 1 {
		t.Errorf("code lengths %v, want [1 2 1 1]", got)
	}
	if cid := j.lookupCID(0x05); cid != 0 {
		t.Errorf("unmapped code → CID %d, want 0", cid)
	}
}

// The docling files use Adobe-Korea1 CID fonts without ToUnicode: every
// Hangul syllable pdftotext finds must come out.
func TestCorpusKorea1WithoutToUnicode(t *testing.T) {
	dir := filepath.Join(corpustest.Dir(t), "docling", "pdf")
	for _, tt := range []struct {
		file   string
		hangul int
	}{{"skipped_1page.pdf", 276}, {"skipped_2pages.pdf", 604}} {
		pages, err := runFile(t, filepath.Join(dir, tt.file), 10, time.Minute)
		if err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		n := 0
		for _, p := range pages {
			for _, r := range p.Page.Text() {
				if r >= 0xAC00 && r <= 0xD7A3 {
					n++
				}
			}
		}
		if n < tt.hangul {
			t.Errorf("%s: %d Hangul syllables, want ≥ %d (pdftotext)", tt.file, n, tt.hangul)
		}
	}
}

// FuzzPredefinedCMapDecode splits arbitrary strings with the predefined
// CJK CMaps and maps every code to a CID and text: no panic, every byte
// consumed once, valid UTF-8.
func FuzzPredefinedCMapDecode(f *testing.F) {
	f.Add([]byte{0x41, 0x93, 0xFA, 0x96, 0x7B, 0x42}, uint8(0))
	f.Add([]byte{0xD8, 0x40, 0xDC, 0x00, 0x4E, 0x2D}, uint8(1))
	f.Add([]byte{0x81}, uint8(2))
	names := []string{"90ms-RKSJ-H", "UniGB-UTF16-H", "GBK-EUC-H", "KSCms-UHC-V", "ETen-B5-H", "UniJIS-UCS2-V", "EUC-H", "Identity-H"}
	fonts := make([]*font, len(names))
	for i, n := range names {
		enc := predefinedCMap(n)
		fonts[i] = &font{enc: enc, dw: 1000}
		if enc.pre != nil {
			fonts[i].coll, fonts[i].hasColl = enc.pre.Collection, true
		}
	}
	f.Fuzz(func(t *testing.T, b []byte, which uint8) {
		fo := fonts[int(which)%len(fonts)]
		codes := fo.decode(string(b), nil)
		total := 0
		for _, c := range codes {
			if c.n <= 0 {
				t.Fatalf("code of %d bytes", c.n)
			}
			total += c.n
			if s, ok := fo.text(c.v); ok && !utf8.ValidString(s) {
				t.Fatalf("invalid UTF-8 %q", s)
			}
			_ = fo.width(c.v)
		}
		if total != len(b) {
			t.Fatalf("consumed %d of %d bytes", total, len(b))
		}
	})
}
