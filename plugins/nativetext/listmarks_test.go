package nativetext

import (
	"fmt"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestSymbolFontListMarkers: word processors set list markers in fonts of
// symbols whose encoding names a letter: Wingdings' 'l' (a black circle)
// and '§' (a small square), WordPerfect's '!' (a bullet), by code or by
// Office's private-use ToUnicode; Beamer's triangle by its AMS glyph name. The items are list items, each marker
// read as what it draws; a letter of a text font stays a letter.
func TestSymbolFontListMarkers(t *testing.T) {
	t.Parallel()
	items := []string{"Title I implements the treaties of 1996.", "Title II limits the liability of providers.",
		"Title III creates an exemption for repairs."}
	simple := func(name string) string {
		return fmt.Sprintf("<< /Type /Font /Subtype /TrueType /BaseFont /%s /FirstChar 32 /LastChar 255 /Encoding /WinAnsiEncoding >>", name)
	}
	tests := []struct {
		name, font, code, want string
		more                   []string
		kind                   core.BlockKind
	}{
		{"Wingdings l", simple("Wingdings"), "(l)", "●", nil, core.KindListItem},
		{"Wingdings section sign", simple("Wingdings-Regular"), "<A7>", "▪", nil, core.KindListItem},
		{"WordPerfect bullet", simple("ABCDEF+WPTypographicSymbols"), "(!)", "•", nil, core.KindListItem},
		{"Office private use", "<< /Type /Font /Subtype /TrueType /BaseFont /Wingdings /FirstChar 32 /LastChar 255 /ToUnicode 6 0 R >>", "(l)", "●",
			[]string{stream("", "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n1 begincodespacerange <00> <FF> endcodespacerange\n"+
				"1 beginbfchar <6C> <F06C> endbfchar\nendcmap CMapName currentdict /CMap defineresource pop end end")}, core.KindListItem},
		// Beamer sets its items with the AMS symbols' solid triangle,
		// by its glyph name, under the letter I's code.
		{"Beamer triangle", "<< /Type /Font /Subtype /Type1 /BaseFont /HPUMCL+MSAM7 /FirstChar 73 /LastChar 73 /Widths [500] " +
			"/Encoding << /Type /Encoding /Differences [73 /trianglerightsld] >> >>", "(I)", "▸", nil, core.KindListItem},
		{"a letter in a text font", simple("Arial"), "(l)", "l", nil, core.KindParagraph},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var content strings.Builder
			for i, it := range items {
				fmt.Fprintf(&content, "BT /F2 10 Tf 72 %d Td %s Tj ET BT /F1 10 Tf 90 %d Td (%s) Tj ET\n", 700-14*i, tc.code, 700-14*i, it)
			}
			res := "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> /F2 5 0 R >> >>"
			r, err := extractAll(t, onePage("", res, content.String(), append([]string{tc.font}, tc.more...)...).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			bs := r[1].Page.Blocks
			if len(bs) == 0 || bs[0].Kind != tc.kind {
				t.Fatalf("blocks %q, want a %s first", firstWords(bs), tc.kind)
			}
			if tc.kind == core.KindListItem && len(bs) != len(items) {
				t.Errorf("%d blocks, want %d items: %q", len(bs), len(items), firstWords(bs))
			}
			if first := strings.Fields(bs[0].Text())[0]; first != tc.want {
				t.Errorf("marker %q, want %q", first, tc.want)
			}
		})
	}
}

func TestCJKEnumerators(t *testing.T) {
	t.Parallel()
	for w, want := range map[string]bool{
		"(四)": true, "（十二）": true, "三、": true, "2、": true, "第十四条": true, "第二款": true, "③": true,
		"第二章": false, "(a)": true, "(甲)": false, "四": false, "第十四": false, "()": false, "、": false,
	} {
		if got := enumRe(w); got != want {
			t.Errorf("enumRe(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestCJKItemsStartBlocks: a regulation's article and its items, numbered
// the Chinese way, are blocks of their own, not one paragraph.
func TestCJKItemsStartBlocks(t *testing.T) {
	t.Parallel()
	// 第十三条 工会委员应符合以下条件： / (一) 熟悉工会财务和审计业务。 /
	// (二) 办事公道，坚持原则。 in UTF-16 (UniGB-UCS2-H).
	content := "BT /F1 12 Tf 72 700 Td <7B2C53414E09676100205DE54F1A59D454585E947B2654084EE54E0B67614EF6FF1A> Tj ET" +
		" BT /F1 12 Tf 72 684 Td <00284E0000290020719F60895DE54F1A8D2252A1548C5BA18BA14E1A52A13002> Tj ET" +
		" BT /F1 12 Tf 72 668 Td <00284E8C00290020529E4E8B516C9053FF0C575A6301539F52193002> Tj ET"
	pdf := onePage("", "<< /Font << /F1 5 0 R >> >>", content,
		"<< /Type /Font /Subtype /Type0 /BaseFont /Test-CJK /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>",
		"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /Test-CJK /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /DW 1000 >>",
	).Write(t)
	res, err := extractAll(t, pdf, 1)
	if err != nil {
		t.Fatal(err)
	}
	blocks := res[1].Page.Blocks
	if len(blocks) != 3 {
		t.Fatalf("%d blocks %q; want the article and its two items apart", len(blocks), blockTexts(blocks))
	}
	for _, b := range blocks {
		if b.Kind != core.KindListItem {
			t.Errorf("%q is a %s; want a list item", b.Text(), b.Kind)
		}
	}
}

// TestNumbersThatRunOn: a reference list numbered in brackets has an item
// each entry; a number that starts a line of running text whose line
// above fills the measure and leaves its sentence open ('TableFormer is'
// over '(1) strictly invariant'), or is a paragraph's first line of
// prose, goes on in that paragraph.
func TestNumbersThatRunOn(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		lines []string
		want  []core.BlockKind
	}{
		{"a reference list", []string{"[1] D. Scharstein and R. Szeliski, A taxonomy of stereo, 2002.",
			"[2] K. He, J. Sun and X. Tang, Guided image filtering, 2010.", "[3] C. Tomasi, Bilateral filtering for gray images, 1998."},
			[]core.BlockKind{core.KindListItem, core.KindListItem, core.KindListItem}},
		{"an enumeration in running text", []string{"The model reads the cells of a table and its structure is",
			"invariant to the order of the rows and of the columns, and it", "(1) keeps the header and (2) keeps the spans of the cells."},
			[]core.BlockKind{core.KindParagraph}},
		{"items after a short line", []string{"It has two parts:", "(1) the encoder of the page image and", "(2) the decoder of the cells."},
			[]core.BlockKind{core.KindParagraph, core.KindListItem, core.KindListItem}},
		// A paragraph's first line, a line of prose, leaves its sentence
		// open over a number that ends one.
		{"after a paragraph's first line", []string{"The harbour handled more cargo in the quarter than in any",
			"140. Crustum little ralouwest staslim unit green jiorksalerk."},
			[]core.BlockKind{core.KindParagraph}},
		{"after a list's title", []string{"Steps to follow", "1. Open the valve of the tank.", "2. Close the gate of the dock."},
			[]core.BlockKind{core.KindParagraph, core.KindListItem, core.KindListItem}},
		{"after an item of one long line", []string{"1. Includes total cases for 2004 and confirmed cases from 2005",
			"2. Includes data from all member states of the union for the year."},
			[]core.BlockKind{core.KindListItem, core.KindListItem}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var content strings.Builder
			for i, l := range c.lines {
				fmt.Fprintf(&content, "BT /F1 10 Tf 72 %d Td (%s) Tj ET ", 700-12*i, l)
			}
			res, err := extractAll(t, onePage("", helvRes, content.String()).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			got := blockKinds(res[1].Page.Blocks)
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("kinds %v of %q; want %v", got, blockTexts(res[1].Page.Blocks), c.want)
			}
		})
	}
}

// TestLoneDashIsText: a line led by a dash that no list item stands
// beside is a paragraph keeping its dash (a table's legend '— Not
// available.', an epigraph's attribution); dashes leading two lines or
// more mark a list.
func TestLoneDashIsText(t *testing.T) {
	t.Parallel()
	para := "BT /F1 10 Tf 72 720 Td (The figures below are for the school year as reported.) Tj ET\n"
	for _, tc := range []struct {
		name  string
		lines []string
		kind  core.BlockKind
	}{
		{"one", []string{"\x97 Not available."}, core.KindParagraph},
		{"a list", []string{"\x97 Apples from the north.", "\x97 Pears from the south."}, core.KindListItem},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var c strings.Builder
			c.WriteString(para)
			for i, ln := range tc.lines {
				fmt.Fprintf(&c, "BT /F1 10 Tf 72 %d Td (%s) Tj ET\n", 690-14*i, ln)
			}
			font := "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >> >> >>"
			r, err := extractAll(t, onePage("", font, c.String()).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range r[1].Page.Blocks {
				if strings.HasPrefix(b.Text(), "—") && b.Kind != tc.kind {
					t.Errorf("%q is a %s, want a %s", b.Text(), b.Kind, tc.kind)
				}
			}
		})
	}
}
