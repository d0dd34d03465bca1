package nativetext

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// courierRes is a page's resources with Courier as /F1.
var courierRes = standardFonts("Courier")

// courierLines is content that sets lines in Courier 10 on a 12-point
// pitch, with extra operators (Tw, Tc) before the first.
func courierLines(extra string, lines []string) string {
	content := "BT /F1 10 Tf 12 TL " + extra + " 72 700 Td"
	for _, l := range lines {
		content += " (" + l + ") Tj T*"
	}
	return content + " ET"
}

// oneCodeBlock extracts a one-page PDF in Courier and returns its one
// block, which must be a block of code.
func oneCodeBlock(t *testing.T, content string) core.Block {
	t.Helper()
	res, err := extractAll(t, onePage("", courierRes, content).Write(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	blocks := res[1].Page.Blocks
	if len(blocks) != 1 || blocks[0].Kind != core.KindCode {
		t.Fatalf("%d blocks, want one block of code: %+v", len(blocks), blocks)
	}
	return blocks[0]
}

// TestFixedPitchSpaces: in text set in a fixed-pitch font, words of
// neighbouring lines start on one grid of cells, so every single space
// lines up with spaces above and below it. Such a space is a word space,
// not the edge of a column: each line is read whole, in order.
func TestFixedPitchSpaces(t *testing.T) {
	t.Parallel()
	lines := []string{
		"alpha gamma delta omega",
		"gamma delta omega alpha",
		"delta omega alpha gamma",
		"omega alpha gamma delta",
	}
	got := onePageLines(t, courierRes, courierLines("", lines))
	if !slices.Equal(got, lines) {
		t.Errorf("lines %q, want %q", got, lines)
	}
}

// TestFixedPitchFonts: a font is fixed-pitch by its descriptor's flags,
// its name (a Type 3 font's is its descriptor's FontName), or its widths
// when they give a narrow and a wide letter one cell; the digits and
// round letters that a proportional face draws alike are no evidence.
func TestFixedPitchFonts(t *testing.T) {
	t.Parallel()
	// A Type 3 font whose i and m are wi and wm wide.
	type3 := func(name string, wi, wm int) string {
		return "<< /Type /Font /Subtype /Type3 /FontMatrix [0.001 0 0 0.001 0 0] /FontBBox [0 -200 600 800]" +
			fmt.Sprintf(" /FirstChar 105 /LastChar 109 /Widths [%d 0 0 0 %d] /Encoding", wi, wm) + " << /Type /Encoding /Differences [105 /i 109 /m] >>" +
			" /CharProcs << /i 5 0 R /m 5 0 R >> /FontDescriptor << /Type /FontDescriptor /FontName /" + name + " /Flags 4 >> >>"
	}
	widths := func(w map[byte]int) string {
		ws := make([]string, 95)
		for c := range ws {
			ws[c] = fmt.Sprint(w[byte(c+32)])
		}
		return "<< /Type /Font /Subtype /TrueType /BaseFont /ABCDEF+Sans /FirstChar 32 /LastChar 126 /Encoding /WinAnsiEncoding" +
			" /Widths [" + strings.Join(ws, " ") + "] /FontDescriptor << /Type /FontDescriptor /FontName /ABCDEF+Sans /Flags 32 >> >>"
	}
	same := func(chars string, w int) map[byte]int {
		m := map[byte]int{}
		for _, c := range []byte(chars) {
			m[c] = w
		}
		return m
	}
	cases := []struct {
		name, font, text string
		want             bool
	}{
		{"Type 3 named Fira Code", type3("FiraCode-Regular", 600, 700), "mim", true},
		{"Type 3 named Arial Unicode", type3("ArialUnicodeMS", 230, 830), "mim", false},
		{"Type 3 with one cell", type3("ABCDEF+Face", 600, 600), "mim", true},
		{"one width for i and m", widths(same("imnu 0123456789", 600)), "minimum 2026", true},
		{"one width for digits and round letters", widths(same("abdeghnopqu 0123456789", 556)), "bad egg 2026", false},
		{"proportional", widths(map[byte]int{'i': 222, 'm': 833, 'n': 556, 'u': 556, ' ': 278}), "minimum", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			b := onePage("", "<< /Font << /F1 "+c.font+" >> >>", "BT /F1 12 Tf 72 700 Td ("+c.text+") Tj ET", stream("", "600 0 d0"))
			res, err := extractAll(t, b.Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			var n, mono int
			for _, bl := range res[1].Page.Blocks {
				for _, l := range bl.Lines {
					for _, w := range l.Words {
						n++
						if w.Flags.Has(core.FlagMonospace) {
							mono++
						}
					}
				}
			}
			if n == 0 {
				t.Fatalf("no words: %+v", res[1].Page)
			}
			if got := mono == n; got != c.want || mono != 0 && mono != n {
				t.Errorf("%d of %d words fixed-pitch, want all %v", mono, n, c.want)
			}
		})
	}
}

// TestListingLines: a listing with line numbers, nested lines indented
// after them and comments lined up in a column is one block of code whose
// lines are read whole. The indents and the blank before the comments are
// gutters on the lines that have them, but lines of the same listing run
// across them.
func TestListingLines(t *testing.T) {
	t.Parallel()
	src := []string{
		"1 func main() {",
		"2     x := 1          // one",
		"3     yy := 22        // two",
		"4",
		"5     fmt.Println(x, yy) // both",
		"6 }",
	}
	block := oneCodeBlock(t, courierLines("", src))
	var got []string
	for _, l := range block.Lines {
		got = append(got, l.Text())
	}
	want := []string{"1 func main() {", "2 x := 1 // one", "3 yy := 22 // two", "4", "5 fmt.Println(x, yy) // both", "6 }"}
	if !slices.Equal(got, want) {
		t.Errorf("lines %q, want %q", got, want)
	}
	// Its text keeps the listing's spaces: the lines stand on one grid.
	if text, want := block.Text(), strings.Join(src, "\n"); text != want {
		t.Errorf("text\n%s\nwant\n%s", text, want)
	}
}

// TestCodeOffGrid: a listing in a fixed-pitch face drawn with wider
// word spaces (Tw) does not stand on a grid of cells; its words are
// joined by single spaces rather than spread over columns that are not
// there.
func TestCodeOffGrid(t *testing.T) {
	t.Parallel()
	block := oneCodeBlock(t, courierLines("3 Tw", []string{"function add\\(a, b\\) {", "  return a + b;", "}"}))
	if text, want := block.Text(), "function add(a, b) {\nreturn a + b;\n}"; text != want {
		t.Errorf("text %q, want %q", text, want)
	}
}
