package nativetext

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/textclean"
)

// letterDirs counts as the plain definition does: a letter is right to
// left when textclean.RightToLeft says so, else left to right; other characters neither.
func FuzzLetterDirs(f *testing.F) {
	for _, s := range []string{"abc XYZ 123 @[`{", "שלום עולם", "مرحبا hello", "Ωμέγα ß ﬁ", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var rtl, ltr int
		for _, r := range s {
			if textclean.RightToLeft(r) {
				rtl++
			} else if unicode.IsLetter(r) {
				ltr++
			}
		}
		if r, l := letterDirs(s); r != rtl || l != ltr {
			t.Fatalf("letterDirs(%q) = %d, %d; want %d, %d", s, r, l, rtl, ltr)
		}
	})
}

// TestArabicNumbers: after Arabic letters, a number with a sign drawn
// as the bidirectional algorithm shows it ('%15') reads in logical order
// ('15%'); after Hebrew letters, alone, or without signs it is left as
// drawn.
func TestArabicNumbers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		words []string // in logical order
		want  string
	}{
		{"percent after Arabic", []string{"يستخدم", "%15", "قبل"}, "يستخدم 15% قبل"},
		{"decimal", []string{"النتائج", "%3.5"}, "النتائج 3.5%"},
		{"bracket", []string{"لور", "2024(", "-", ")2026"}, "لور (2024 - 2026)"},
		{"thousands alone", []string{"البيت", "1,234"}, "البيت 1,234"},
		{"after Hebrew", []string{"שלום", "15%"}, "שלום 15%"},
		{"no letters before", []string{"%15", "قبل"}, "%15 قبل"},
	}
	for _, tc := range tests {
		ws := make([]core.Word, len(tc.words))
		for i, w := range tc.words {
			ws[i] = core.Word{Text: w}
		}
		arabicNumbers(ws)
		if got := (&core.Line{Words: ws}).Text(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// arabicRes names a Type0 font F2 (objects 5 to 7 of a page built with
// arabic) whose codes are: 1 meem, 2 sad, 3 reh, 4 theh, 5 the Arabic
// comma, 6 noon, 7 and 8 the Hebrew bet and shin, 0x10 to 0x19 the
// digits 0 to 9, 0x30 to 0x39 the Arabic-Indic digits, 0x41 to 0x7A
// themselves (Latin letters), and themselves 0x20 a space, 0x25 a
// percent sign, 0x2D a hyphen, 0x2E a full stop. Every glyph is half an em wide.
const arabicRes = "<< /Font << /F2 5 0 R >> >>"

var arabic = []string{
	"<< /Type /Font /Subtype /Type0 /BaseFont /Ara /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
	"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Ara /DW 500 >>",
	stream("", "begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange "+
		"12 beginbfchar <0001> <0645> <0002> <0635> <0003> <0631> <0004> <062B> <0005> <060C> <0006> <0646> <0007> <05D1> <0008> <05E9> "+
		"<0020> <0020> <0025> <0025> <002D> <002D> <002E> <002E> endbfchar "+
		"3 beginbfrange <0010> <0019> <0030> <0030> <0039> <0660> <0041> <007A> <0041> endbfrange endcmap"),
}

// TestRightToLeftLinesDrawnAsShown: a line of Arabic or Hebrew drawn
// left to right, as it shows (visual order), reads right to left, but a
// number or a Latin word in it reads as it shows, left to right. The
// Arabic comma after '2023' is no letter, so it does not make the number
// a word to read backwards ('،3202'); nor do Arabic-Indic digits. A
// number glued to a letter reads forward within its word ('ص1.5', not
// 'ص5.1'). A Latin word drawn against an Arabic one, with no space
// between them, is read apart from it, each in its own direction
// ('نمPython' before). The full stop after a Latin word that ends an
// Arabic sentence shows left of the word, and reads after it. Numbers
// read one after another, right to left, unless a Latin word leads them.
func TestRightToLeftLinesDrawnAsShown(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		shown string // codes, left to right as the page shows them
		want  string
	}{
		// ثم ،2023 مصر as shown: 'مصر 2023، ثم' read.
		{"comma after a number", "0001 0004 0020 0005 0012 0010 0012 0013 0020 0003 0002 0001", "مصر 2023، ثم"},
		{"Arabic-Indic digits", "0001 0004 0020 0032 0030 0032 0033 0020 0003 0002 0001", "مصر ٢٠٢٣ ثم"},
		// ثم 1.5ص مصر as shown: a number glued to a letter.
		{"number against a letter", "0001 0004 0020 0011 002E 0015 0002 0020 0003 0002 0001", "مصر ص1.5 ثم"},
		// בש %15-ב שב as shown: after Hebrew, a percent sign joins its
		// number ('ב-15%'); after Arabic it does not (the percent case
		// of TestArabicNumbers).
		{"percent after Hebrew", "0007 0008 0020 0011 0015 0025 002D 0007 0020 0008 0007", "בש ב-15% שב"},
		// .PDF ثم مصر as shown: the full stop ends the sentence.
		{"stop after a Latin word", "002E 0050 0044 0046 0020 0001 0004 0020 0003 0002 0001", "مصر ثم PDF."},
		// ثم 34 12 مصر as shown: numbers among Arabic words read right
		// to left, one by one.
		{"numbers among Arabic words", "0001 0004 0020 0013 0014 0020 0011 0012 0020 0003 0002 0001", "مصر 12 34 ثم"},
		// ثم Pythonنم مصر as shown.
		{"Latin against Arabic", "0001 0004 0020 0050 0079 0074 0068 006F 006E 0006 0001 0020 0003 0002 0001", "مصر من Python ثم"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			hex := strings.ReplaceAll(tc.shown, " ", "")
			lines := onePageLines(t, arabicRes, "BT /F2 12 Tf 72 700 Td <"+hex+"> Tj ET", arabic...)
			if len(lines) != 1 || lines[0] != tc.want {
				t.Errorf("lines %q, want [%q]", lines, tc.want)
			}
		})
	}
}

// TestArabicParagraphs: lines of Arabic start at the right margin and
// end at the left one, and a paragraph's last line ends short on the
// left. Two paragraphs of four lines each, set 1.8 lines apart (wider than
// paraGap, so the page's leading decides), are two blocks of four lines,
// alone on the page or over a list set close. Measured as left-to-right
// lines, each paragraph's last line was set in from the left margin and
// read as a paragraph of its own. Beside the list, where a loose line gap
// continues a paragraph only into a line in lower case, every line was a
// paragraph: Arabic has no case, and its lines run on by their words.
func TestArabicParagraphs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		list int // lines of a list set close under the paragraphs
		want []int
	}{
		{"alone", 0, []int{4, 4}},
		{"over a list", 6, []int{4, 4, 6}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, err := extractAll(t, onePage("", arabicRes, arabicPage(tc.list), arabic...).Write(t), 1)
			if err != nil {
				t.Fatal(err)
			}
			var lines []int
			for _, b := range res[1].Page.Blocks {
				lines = append(lines, len(b.Lines))
			}
			if !slices.Equal(lines, tc.want) {
				t.Errorf("blocks of %v lines, want %v", lines, tc.want)
			}
		})
	}
}

// arabicPage is the content of TestArabicParagraphs' page: two
// paragraphs of four lines, 12 points set 1.8 lines apart and another
// line between them, right-aligned at x 500, each ending on a short line;
// then list lines set 1.1 lines apart, shorter still.
func arabicPage(list int) string {
	const (
		size  = 12.0
		right = 500.0
		full  = 70 // glyphs, half an em each: 420 points
		short = 24
		item  = 16
	)
	var content strings.Builder
	show := func(n, seed int, stop bool, y float64) {
		fmt.Fprintf(&content, "BT /F2 %g Tf %g %g Td <%s> Tj ET\n", size, right-float64(n)*size/2, y, arabicWords(n, seed, stop))
	}
	y := 700.0
	for para := range 2 {
		for line := range 4 {
			n := full
			if line == 3 {
				n = short
			}
			show(n, para*4+line, line == 3, y)
			y -= 1.8 * size
		}
		y -= 1.8 * size
	}
	for line := range list {
		show(item, 8+line, false, y)
		y -= 1.1 * size
	}
	return content.String()
}

// arabicWords is n codes of arabicRes shown left to right: words of two
// to five letters and a space between, the last (leftmost, where stop) a
// full stop. Each seed gives other words, as lines of text hold.
func arabicWords(n, seed int, stop bool) string {
	letters := []string{"0001", "0002", "0003", "0004", "0006"}
	var b strings.Builder
	for i, w := 0, 0; i < n; w++ {
		for k := range 2 + (w*7+n)%4 {
			if i == n-1 {
				break
			}
			b.WriteString(letters[(seed+w*3+k)%len(letters)])
			i++
		}
		b.WriteString("0020")
		i++
	}
	codes := b.String()[:4*n]
	if stop {
		codes = "002E" + codes[4:]
	}
	return codes
}
