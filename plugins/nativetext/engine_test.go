package nativetext

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
)

func TestDescribe(t *testing.T) {
	t.Parallel()
	info, err := New().Describe(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if info.Name != "nativetext" || info.Version == "" || info.Cost != 1 {
		t.Errorf("info = %+v", info)
	}
	if !info.Has(core.CapText) || !info.Has(core.CapPageRange) {
		t.Errorf("capabilities = %v", info.Capabilities)
	}
}

func TestParseOptions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		want    Options
		wantErr bool
	}{
		{"", Options{MaxStreamBytes: DefaultMaxStreamBytes, MaxOps: DefaultMaxOps, MaxDepth: DefaultMaxDepth}, false},
		{"null", Options{MaxStreamBytes: DefaultMaxStreamBytes, MaxOps: DefaultMaxOps, MaxDepth: DefaultMaxDepth}, false},
		{`{"max_stream_bytes": 1000, "max_ops": 50}`, Options{MaxStreamBytes: 1000, MaxOps: 50, MaxDepth: DefaultMaxDepth}, false},
		{`{"max_depth": 1000}`, Options{MaxStreamBytes: DefaultMaxStreamBytes, MaxOps: DefaultMaxOps, MaxDepth: 64}, false},
		{`{"facts_only": true}`, Options{MaxStreamBytes: DefaultMaxStreamBytes, MaxOps: DefaultMaxOps, MaxDepth: DefaultMaxDepth, FactsOnly: true}, false},
		{`{"max_ops": "x"}`, Options{}, true},
	}
	for _, tt := range tests {
		got, err := ParseOptions([]byte(tt.in))
		if (err != nil) != tt.wantErr {
			t.Errorf("ParseOptions(%q) err = %v", tt.in, err)
			continue
		}
		if err != nil {
			if !errors.Is(err, core.ErrBadRequest) {
				t.Errorf("error %v does not wrap ErrBadRequest", err)
			}
			continue
		}
		if got != tt.want {
			t.Errorf("ParseOptions(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

// pageCase is one single-page document and what its text must be.
type pageCase struct {
	name      string
	pageExtra string
	res       string
	content   string
	more      []string
	want      string // words joined by single spaces, in reading order
	check     func(t *testing.T, r core.PageResult)
}

func TestExtractPages(t *testing.T) {
	t.Parallel()
	cases := []pageCase{
		{
			name:    "simple std14 without widths",
			res:     helvRes,
			content: "BT /F1 12 Tf 72 700 Td (Hello World) Tj ET",
			want:    "Hello World",
			check: func(t *testing.T, r core.PageResult) {
				w := r.Page.Blocks[0].Lines[0].Words[0]
				// Helvetica "Hello" is 2.278 em wide: 27.34 pt at 12 pt.
				if got := w.BBox.X1 - w.BBox.X0; got < 27.3 || got > 27.4 {
					t.Errorf("Hello width = %.2f", got)
				}
				if w.BBox.X0 < 71.9 || w.BBox.X0 > 72.1 || w.BBox.Y1 < 92 || w.BBox.Y1 > 95 {
					t.Errorf("Hello box = %+v (want x0=72, bottom near 792-700+2.4)", w.BBox)
				}
				if w.Font != "Helvetica" || w.Size != 12 {
					t.Errorf("font %q size %v", w.Font, w.Size)
				}
			},
		},
		{
			name:    "TJ gaps split words and kerning does not",
			res:     helvRes,
			content: "BT /F1 10 Tf 72 700 Td [(Ke) 20 (rning) -600 (gap)] TJ ET",
			want:    "Kerning gap",
		},
		{
			name:    "escapes and octal",
			res:     helvRes,
			content: `BT /F1 10 Tf 72 700 Td (a\(b\)c \101\102 d\\e) Tj ET`,
			want:    `a(b)c AB d\e`,
		},
		{
			name:    "Tz Tc Tw and T* lines",
			res:     helvRes,
			content: "BT /F1 10 Tf 14 TL 72 700 Td 2 Tc 5 Tw 90 Tz (one two) Tj T* (three) Tj ET",
			want:    "one two three",
			check: func(t *testing.T, r core.PageResult) {
				if n := len(r.Page.Blocks[0].Lines); n != 2 {
					t.Errorf("lines = %d, want 2", n)
				}
			},
		},
		{
			name:    "cm and Tm scale the size",
			res:     helvRes,
			content: "q 2 0 0 2 0 0 cm BT /F1 10 Tf 1 0 0 1 36 300 Tm (Big) Tj ET Q",
			want:    "Big",
			check: func(t *testing.T, r core.PageResult) {
				if s := r.Page.Blocks[0].Lines[0].Words[0].Size; s != 20 {
					t.Errorf("size = %v, want 20", s)
				}
			},
		},
		{
			name:      "rotate 90",
			pageExtra: "/Rotate 90",
			res:       helvRes,
			content:   "BT /F1 12 Tf 72 700 Td (Rotated page) Tj ET",
			want:      "Rotated page",
			check: func(t *testing.T, r core.PageResult) {
				p := r.Page
				if p.Width != 792 || p.Height != 612 || p.Rotation != 90 {
					t.Errorf("page %vx%v rot %d", p.Width, p.Height, p.Rotation)
				}
				w := p.Blocks[0].Lines[0].Words[0]
				// User (72, 700) → displayed (h - v, u) = (792-92, 72) = (700, 72):
				// the text runs down the page near its right edge.
				// Glyph tops point right: the descent lies left of x = 700.
				if w.BBox.X0 < 697 || w.BBox.X0 > 698 || w.BBox.X1 > 710 || w.BBox.Y0 < 71.9 || w.BBox.Y0 > 72.1 {
					t.Errorf("box %+v", w.BBox)
				}
			},
		},
		{
			name:      "crop box offset",
			pageExtra: "/MediaBox [0 0 600 800] /CropBox [100 100 500 700]",
			res:       helvRes,
			content:   "BT /F1 10 Tf 150 650 Td (Cropped) Tj ET BT /F1 10 Tf 10 10 Td (outside) Tj ET",
			want:      "Cropped",
			check: func(t *testing.T, r core.PageResult) {
				p := r.Page
				if p.Width != 400 || p.Height != 600 {
					t.Errorf("page %vx%v", p.Width, p.Height)
				}
				w := p.Blocks[0].Lines[0].Words[0]
				if w.BBox.X0 < 49.9 || w.BBox.X0 > 50.1 || w.BBox.Y1 < 50 || w.BBox.Y1 > 53 {
					t.Errorf("box %+v", w.BBox)
				}
			},
		},
		{
			name:    "invisible text",
			res:     helvRes,
			content: "BT 3 Tr /F1 10 Tf 72 700 Td (hidden) Tj ET",
			want:    "hidden",
			check: func(t *testing.T, r core.PageResult) {
				if !r.Page.Blocks[0].Lines[0].Words[0].Flags.Has(core.FlagInvisible) {
					t.Error("no invisible flag")
				}
				if r.Stats["invisible_glyphs"] != 6 {
					t.Errorf("stats %v", r.Stats)
				}
			},
		},
		{
			name:    "actual text replaces glyphs",
			res:     helvRes,
			content: "BT /F1 10 Tf 72 700 Td (The ) Tj /Span << /ActualText (\xfe\xff\x00f\x00i) >> BDC (X) Tj EMC (ne) Tj ET",
			want:    "The fine",
		},
		{
			// A budget table's leader dots carry an ActualText of a
			// backspace and a U+FFFD a dot: no text, so the dots stand.
			// An empty one still takes its glyphs away.
			name:    "actual text that does not know the text",
			res:     helvRes,
			content: "BT /F1 10 Tf 72 700 Td (Defense ) Tj /Span << /ActualText (\xfe\xff\x00\x08\xff\xfd\xff\xfd\xff\xfd) >> BDC (...) Tj EMC /Span << /ActualText () >> BDC (-) Tj EMC ( 699) Tj ET",
			want:    "Defense ... 699",
		},
		{
			name:    "ligature and soft hyphen cleaned",
			res:     "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Differences [1 /fi 2 /uni00AD] >> >> >> >>",
			content: "BT /F1 10 Tf 72 700 Td (\001nd hy\002phen) Tj ET",
			want:    "find hyphen",
		},
		{
			name:    "differences with glyph names, uniXXXX and unknown names",
			res:     "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Foo /FirstChar 65 /LastChar 68 /Widths [500 500 500 500] /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [65 /eacute /uni20AC /g123 /u1F600] >> >> >> >>",
			content: "BT /F1 10 Tf 72 700 Td (ABCD) Tj ET",
			want:    "é€\ufffd😀",
			check: func(t *testing.T, r core.PageResult) {
				if r.Stats["unmapped_glyphs"] != 1 || r.Stats["glyphs"] != 4 {
					t.Errorf("stats %v", r.Stats)
				}
			},
		},
		{
			name:    "type0 identity-h with tounicode and W",
			res:     "<< /Font << /F1 5 0 R >> >>",
			content: "BT /F1 10 Tf 72 700 Td <00010002000300040005> Tj ET",
			more: []string{
				"<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Noto /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
				"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+Noto /DW 1000 /W [1 [600 600] 3 5 500] /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>",
				stream("", "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n1 begincodespacerange <0000> <FFFF> endcodespacerange\n"+
					"2 beginbfchar <0001> <0048> <0002> <D83DDE00> endbfchar\n1 beginbfrange <0003> <0004> <0061> endbfrange\n"+
					"1 beginbfrange <0005> <0005> [<00660069>] endbfrange\nendcmap CMapName currentdict /CMap defineresource pop end end"),
			},
			want: "H😀abfi",
			check: func(t *testing.T, r core.PageResult) {
				w := r.Page.Blocks[0].Lines[0].Words[0]
				if got := w.BBox.X1 - w.BBox.X0; got < 26.9 || got > 27.1 {
					t.Errorf("width %.2f, want 27 (6+6+5+5+5)", got)
				}
				if w.Font != "Noto" {
					t.Errorf("font %q", w.Font)
				}
			},
		},
		{
			// Office writes a Symbol font's codes into ToUnicode as the
			// private-use points of its cmap: U+F02B for "+", U+F061 for
			// α. Another font's private-use points are left alone.
			name:    "symbol font private-use points",
			res:     "<< /Font << /F1 5 0 R /F2 8 0 R >> >>",
			content: "BT /F1 10 Tf 72 700 Td <000100020003> Tj /F2 10 Tf 40 0 Td <0001> Tj ET",
			more: []string{
				"<< /Type /Font /Subtype /Type0 /BaseFont /SymbolMT /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
				"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /SymbolMT /DW 600 /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>",
				stream("", "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n1 begincodespacerange <0000> <FFFF> endcodespacerange\n"+
					"3 beginbfchar <0001> <F02B> <0002> <F061> <0003> <F0AE> endbfchar\nendcmap CMapName currentdict /CMap defineresource pop end end"),
				"<< /Type /Font /Subtype /Type0 /BaseFont /Wingdings /Encoding /Identity-H /DescendantFonts [9 0 R] /ToUnicode 7 0 R >>",
				"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Wingdings /DW 600 /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>",
			},
			want: "+α→ \uf02b",
		},
		{
			name:    "form xobject with matrix and a cycle",
			res:     "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> /XObject << /X1 5 0 R >> >>",
			content: "q 1 0 0 1 100 0 cm /X1 Do Q",
			more: []string{
				stream("/Type /XObject /Subtype /Form /BBox [0 0 600 800] /Matrix [1 0 0 1 0 100] /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> /XObject << /X1 5 0 R >> >>",
					"BT /F1 10 Tf 0 500 Td (inside) Tj ET /X1 Do"),
			},
			want: "inside",
			check: func(t *testing.T, r core.PageResult) {
				w := r.Page.Blocks[0].Lines[0].Words[0]
				if w.BBox.X0 < 99.9 || w.BBox.X0 > 100.1 {
					t.Errorf("box %+v: want x0 = 100", w.BBox)
				}
			},
		},
		{
			name:    "inline image skipped",
			res:     helvRes,
			content: "BT /F1 10 Tf 72 700 Td (before) Tj ET BI /W 4 /H 1 /BPC 8 /CS /G ID \x00EI\xff\x01 EI BT /F1 10 Tf 72 680 Td (after) Tj ET",
			want:    "before after",
		},
		{
			name:    "fake bold is drawn once",
			res:     helvRes,
			content: "BT /F1 10 Tf 72 700 Td (Bold) Tj ET BT /F1 10 Tf 72.3 700 Td (Bold) Tj ET",
			want:    "Bold",
			check: func(t *testing.T, r core.PageResult) {
				// The copy is counted, so that the text's yield is
				// measured against what the page draws once.
				if n := r.Stats[core.FactRepeatGlyphs]; n != 4 {
					t.Errorf("repeat glyphs %v, want 4", n)
				}
			},
		},
		{
			name:    "heading and list items",
			res:     helvRes,
			content: "BT /F1 20 Tf 72 700 Td (Title) Tj ET BT /F1 10 Tf 72 660 Td (Body text of the page goes here.) Tj ET BT /F1 10 Tf 72 630 Td (\\267 first item) Tj 0 -12 Td (- second item) Tj ET",
			want:    "Title Body text of the page goes here. • first item - second item",
			check: func(t *testing.T, r core.PageResult) {
				var kinds []core.BlockKind
				for _, b := range r.Page.Blocks {
					kinds = append(kinds, b.Kind)
				}
				want := []core.BlockKind{core.KindHeading, core.KindParagraph, core.KindListItem, core.KindListItem}
				if strings.Join(toStrings(kinds), ",") != strings.Join(toStrings(want), ",") {
					t.Errorf("kinds %v, want %v", kinds, want)
				}
				if r.Page.Blocks[0].Level != 1 {
					t.Errorf("heading level %d", r.Page.Blocks[0].Level)
				}
			},
		},
		{
			name: "two columns read column by column under a full-width title",
			res:  helvRes,
			content: "BT /F1 16 Tf 72 740 Td (A title across the whole page width here) Tj ET " +
				"BT /F1 10 Tf 72 700 Td 12 TL (left column line one) Tj T* (left column line two) Tj T* (left column line three) Tj ET " +
				"BT /F1 10 Tf 320 700 Td 12 TL (right column line one) Tj T* (right column line two) Tj T* (right column line three) Tj ET",
			want: "A title across the whole page width here left column line one left column line two left column line three right column line one right column line two right column line three",
		},
		{
			name: "right to left drawn visually",
			res:  "<< /Font << /F1 5 0 R >> >>",
			// Logical "שלום עולם" drawn left to right: visual order.
			content: "BT /F1 10 Tf 72 700 Td <0002000400030001> Tj <0020> Tj <0002000300040005> Tj ET",
			more: []string{
				"<< /Type /Font /Subtype /Type0 /BaseFont /Heb /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
				"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Heb /DW 500 >>",
				stream("", "begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange 6 beginbfchar <0001> <05E2> <0002> <05DD> <0003> <05D5> <0004> <05DC> <0005> <05DE> <0020> <0020> endbfchar endcmap"),
			},
			want: "מלום עולם",
		},
		{
			name:    "glyphs outside the page are dropped",
			res:     helvRes,
			content: "BT /F1 10 Tf -500 700 Td (gone) Tj ET BT /F1 10 Tf 72 700 Td (kept) Tj ET BT /F1 10 Tf 72 2000 Td (gone) Tj ET",
			want:    "kept",
		},
		{
			name:    "garbage operators do not stop the page",
			res:     helvRes,
			content: "BT /F1 10 Tf 72 700 Td (ok) Tj ] >> } ) Tj 1 2 3 4 5 6 7 Tm foo bar [[[ (x) ]]] ET BT /F1 10 Tf 72 650 Td (still) Tj ET",
			want:    "ok still",
		},
		{
			// A Chinese Windows writer: a system font named in GB 2312
			// (宋体), WinAnsiEncoding, two bytes a character, each
			// character followed by a space the next one is drawn over.
			name:    "gb2312 font named in gb2312",
			res:     "<< /Font << /F1 << /Type /Font /Subtype /TrueType /BaseFont /#CB#CE#CC#E5 /Encoding /WinAnsiEncoding /FirstChar 0 /LastChar 255 /Widths [500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500] >> >> >>",
			content: "BT /F1 12 Tf 72 700 Td <C4BF20> Tj 12 0 Td <C2BC20> Tj 12 0 Td <B9D8D3DA20> Tj ET",
			want:    "目录关于",
		},
		{
			// The same bytes in a font that names no Chinese code page
			// stay one character a byte.
			name:    "gb2312 bytes in another font",
			res:     "<< /Font << /F1 << /Type /Font /Subtype /TrueType /BaseFont /Arial /Encoding /WinAnsiEncoding /FirstChar 0 /LastChar 255 /Widths [500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500 500] >> >> >>",
			content: "BT /F1 12 Tf 72 700 Td <C4BF> Tj ET",
			want:    "Ä¿",
		},
		{
			// Korean spaces its words: a space between two Hangul
			// syllables stays, however tight.
			name:    "hangul keeps its spaces",
			res:     "<< /Font << /F1 5 0 R >> >>",
			content: "BT /F1 10 Tf 72 700 Td <000100020001> Tj ET",
			more: []string{
				"<< /Type /Font /Subtype /Type0 /BaseFont /Batang /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
				"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Batang /DW 1000 /W [2 [100]] /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>",
				stream("", "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n1 begincodespacerange <0000> <FFFF> endcodespacerange\n"+
					"2 beginbfchar <0001> <AC00> <0002> <0020> endbfchar\nendcmap CMapName currentdict /CMap defineresource pop end end"),
			},
			want: "가 가",
		},
		{
			name:    "empty page",
			res:     "<< >>",
			content: "",
			want:    "",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := onePage(tc.pageExtra, tc.res, tc.content, tc.more...).Write(t)
			res, err := extractAll(t, path, 1)
			if err != nil {
				t.Fatal(err)
			}
			r, ok := res[1]
			if !ok {
				t.Fatal("no result for page 1")
			}
			if r.Status != core.StatusOK || r.Err != nil {
				t.Fatalf("status %s err %v", r.Status, r.Err)
			}
			if got := strings.Join(words(r.Page), " "); got != tc.want {
				t.Errorf("words = %q, want %q", got, tc.want)
			}
			checkBoxes(t, r.Page)
			for _, k := range []string{"glyphs", "unmapped_glyphs", "invisible_glyphs"} {
				if _, ok := r.Stats[k]; !ok {
					t.Errorf("stat %s missing", k)
				}
			}
			if tc.check != nil && len(r.Page.Blocks) > 0 {
				tc.check(t, r)
			}
		})
	}
}

func toStrings(ks []core.BlockKind) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

func TestDocumentErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name string
		path string
		want error
	}{
		{"missing", filepath.Join(dir, "nope.pdf"), core.ErrNotFound},
		{"empty", write("empty.pdf", nil), core.ErrEmptyFile},
		{"png", write("png.pdf", []byte("\x89PNG\r\n\x1a\nIHDR garbage garbage")), core.ErrNotPDF},
		{"header only", write("header.pdf", []byte("%PDF-1.7\n")), core.ErrDamaged},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := 0
			var got error
			for r, err := range New().Extract(context.Background(), &core.Request{Source: tt.path, Pages: []int{1, 2}}) {
				n++
				got = err
				if err == nil {
					t.Errorf("unexpected page result %+v", r)
				}
			}
			if n != 1 {
				t.Errorf("yielded %d times, want 1", n)
			}
			if !errors.Is(got, tt.want) {
				t.Errorf("err = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestNoSuchPageAndOrder(t *testing.T) {
	t.Parallel()
	path := onePage("", helvRes, "BT /F1 10 Tf 72 700 Td (one) Tj ET").Write(t)
	res, err := extractAll(t, path, 3, 1, 0, -1)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 4 {
		t.Fatalf("got %d results", len(res))
	}
	for _, n := range []int{3, 0, -1} {
		r := res[n]
		if r.Status != core.StatusFailed || !errors.Is(r.Err, core.ErrNoSuchPage) || r.Page.Number != n {
			t.Errorf("page %d: %s %v", n, r.Status, r.Err)
		}
	}
	if res[1].Status != core.StatusOK {
		t.Errorf("page 1: %s", res[1].Status)
	}
}

func TestLimits(t *testing.T) {
	t.Parallel()
	content := strings.Repeat("q Q ", 2000) + "BT /F1 10 Tf 72 700 Td (late) Tj ET"
	path := onePage("", helvRes, content).Write(t)
	var r core.PageResult
	for x, err := range New().Extract(context.Background(), &core.Request{Source: path, Pages: []int{1}, Options: []byte(`{"max_ops": 100}`)}) {
		if err != nil {
			t.Fatal(err)
		}
		r = x
	}
	if r.Status != core.StatusDegraded || r.Stats["limit_hit"] != 1 {
		t.Errorf("status %s stats %v", r.Status, r.Stats)
	}
}

func TestCancel(t *testing.T) {
	// A page that takes long: many glyphs.
	content := "BT /F1 1 Tf " + strings.Repeat("1 0 Td (abcdefghij) Tj ", 200000) + "ET"
	b := &pdfBuilder{}
	b.Add("<< /Type /Catalog /Pages 2 0 R >>")
	var kids []string
	for i := 0; i < 8; i++ {
		kids = append(kids, "3 0 R")
	}
	b.Add("<< /Type /Pages /Kids [4 0 R 5 0 R 6 0 R 7 0 R 8 0 R 9 0 R 10 0 R 11 0 R] /Count 8 >>")
	b.Add(stream("", content))
	for i := 0; i < 8; i++ {
		b.Add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources " + helvRes + " /Contents 3 0 R >>")
	}
	path := b.Write(t)
	ctx, cancel := context.WithCancel(context.Background())
	start := time.Now()
	go func() {
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	n := 0
	for _, err := range New().Extract(ctx, &core.Request{Source: path, Pages: []int{1, 2, 3, 4, 5, 6, 7, 8}}) {
		_ = err
		n++
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("Extract returned %v after cancel", el)
	}
	_ = kids
}

func TestEarlyBreak(t *testing.T) {
	t.Parallel()
	b := &pdfBuilder{}
	b.Add("<< /Type /Catalog /Pages 2 0 R >>")
	b.Add("<< /Type /Pages /Kids [4 0 R 5 0 R 6 0 R] /Count 3 >>")
	b.Add(stream("", "BT /F1 10 Tf 72 700 Td (page) Tj ET"))
	for i := 0; i < 3; i++ {
		b.Add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources " + helvRes + " /Contents 3 0 R >>")
	}
	path := b.Write(t)
	n := 0
	for range New().Extract(context.Background(), &core.Request{Source: path, Pages: []int{1, 2, 3}}) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("n = %d", n)
	}
	res, err := extractAll(t, path, 1, 2, 3)
	if err != nil || len(res) != 3 {
		t.Fatalf("%v %d", err, len(res))
	}
	for i := 1; i <= 3; i++ {
		if got := strings.Join(words(res[i].Page), " "); got != "page" {
			t.Errorf("page %d: %q", i, got)
		}
	}
}

func TestPageTreeCycle(t *testing.T) {
	t.Parallel()
	b := &pdfBuilder{}
	b.Add("<< /Type /Catalog /Pages 2 0 R >>")
	b.Add("<< /Type /Pages /Kids [3 0 R 5 0 R 2 0 R] /Count 2000000000 >>")
	b.Add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources " + helvRes + " /Contents 4 0 R >>")
	b.Add(stream("", "BT /F1 10 Tf 72 700 Td (first) Tj ET"))
	b.Add("<< /Type /Pages /Kids [2 0 R 6 0 R] /Count 1 >>")
	b.Add("<< /Type /Page /Parent 5 0 R /MediaBox [0 0 612 792] /Resources " + helvRes + " /Contents 7 0 R >>")
	b.Add(stream("", "BT /F1 10 Tf 72 700 Td (second) Tj ET"))
	res, err := extractAll(t, b.Write(t), 1, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	if got := words(res[1].Page); len(got) != 1 || got[0] != "first" {
		t.Errorf("page 1 %v", got)
	}
	if got := words(res[2].Page); len(got) != 1 || got[0] != "second" {
		t.Errorf("page 2 %v", got)
	}
	if !errors.Is(res[3].Err, core.ErrNoSuchPage) {
		t.Errorf("page 3 %v", res[3].Err)
	}
}

// Words broken by a hyphen at a line's end, or in a table cell, are
// mended; a window with neither is left as it is, and mayBreak says
// which is which.
func TestMendHyphensOnlyWhereBroken(t *testing.T) {
	t.Parallel()
	line := func(words ...string) core.Line {
		l := core.Line{}
		for _, w := range words {
			l.Words = append(l.Words, core.Word{Text: w})
		}
		return l
	}
	para := func(lines ...core.Line) core.Block { return core.Block{Kind: core.KindParagraph, Lines: lines} }
	broken := &core.Page{Blocks: []core.Block{para(line("the", "finan-"), line("cial", "report"))}}
	inner := &core.Page{Blocks: []core.Block{para(line("a", "well-known"), line("report", "here"))}}
	cell := &core.Page{Blocks: []core.Block{{Kind: core.KindTable, Table: &core.Table{Cells: []core.Cell{{Text: "finan- cial"}}}}}}
	for _, c := range []struct {
		name string
		page *core.Page
		want bool
	}{{"line broken", broken, true}, {"hyphen inside a word", inner, false}, {"cell", cell, true}} {
		if got := mayBreak(c.page); got != c.want {
			t.Errorf("%s: mayBreak %v, want %v", c.name, got, c.want)
		}
	}
	mendHyphens([]*core.Page{broken, inner, cell})
	if w := broken.Blocks[0].Lines[0].Words[1]; !w.Flags.Has(core.FlagJoinNext) {
		t.Errorf("the broken word was not mended: %+v", w)
	}
	if got := cell.Blocks[0].Table.Cells[0].Text; got != "financial" {
		t.Errorf("the broken cell reads %q, want financial", got)
	}
	if w := inner.Blocks[0].Lines[0].Words[1]; w.Text != "well-known" || w.Flags != 0 {
		t.Errorf("an unbroken word changed: %+v", w)
	}
}
