package nativetext

import (
	"fmt"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// TestAdventFonts: 3B2's mathematics fonts name each glyph after its code
// (the code's Latin-1 name, or 'C' and the code), and ToUnicode, made
// from the names, says '0' for the prime; what the codes draw is a TeX
// layout (OMS, OML, OMX) or the Symbol encoding, with 3B2's delimiters
// in the symbol fonts' high half; its Math Pi fonts set Greek on the
// Latin letters and the per mille sign on the ampersand; Linotype's Pi
// fonts, and fonts that name every glyph by their numbers, draw Greek,
// relations and signs at names 'H' and a number. Read by the font's name; another font
// with the same names keeps the names' text, and a narrow glyph named
// 'space' in a symbol font is a space, not OMS's arrow.
func TestAdventFonts(t *testing.T) {
	t.Parallel()
	// font is a simple Type 1 font named base whose codes 1, 2, ... name
	// the glyphs names, each 500 wide (space: spaceWidth), with the
	// ToUnicode (object 5) toUnicode makes.
	font := func(base string, spaceWidth int, names ...string) string {
		ws := make([]string, len(names))
		for i, n := range names {
			ws[i] = "500"
			if n == "space" {
				ws[i] = fmt.Sprint(spaceWidth)
			}
		}
		return "<< /Type /Font /Subtype /Type1 /BaseFont /" + base +
			fmt.Sprintf(" /FirstChar 1 /LastChar %d /Widths [%s]", len(names), strings.Join(ws, " ")) +
			" /Encoding << /Type /Encoding /Differences [1 /" + strings.Join(names, " /") + "] >> /ToUnicode 5 0 R >>"
	}
	// toUnicode maps the codes named 'zero' to '0', as 3B2's do.
	toUnicode := func(names []string) string {
		var bf strings.Builder
		n := 0
		for i, name := range names {
			if name == "zero" {
				fmt.Fprintf(&bf, "<%02X> <0030>\n", i+1)
				n++
			}
		}
		return stream("", "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"+
			"1 begincodespacerange <00> <FF> endcodespacerange\n"+
			fmt.Sprintf("%d beginbfchar\n%sendbfchar\n", n, bf.String())+
			"endcmap CMapName currentdict /CMap defineresource pop end end")
	}
	codes := func(n int) string {
		var sb strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&sb, "\\%03o", i)
		}
		return sb.String()
	}
	symbols := []string{"C0", "C24", "eth", "Thorn", "onequarter", "thorn", "onehalf", "C138", "zero", "C14", "C6"}
	cases := []struct {
		name, base string
		names      []string
		spaceWidth int
		want       string
	}{
		{"symbols", "OPGPCG+AdvP4C4E74", symbols, 0, "−∼()=+[]′°±"},
		{"another symbol font", "ABCDEF+AdvMacMthSyN", []string{"C2", "C20", "C21", "one", "dollar"}, 0, "×≤≥∞↔"},
		{"math italic", "OPGPEH+AdvP4C4E51", []string{"one", "colon", "three", "semicolon", "C14", "equal", "at"}, 0, "1.3,δ/∂"},
		{"extension", "ABCDEF+AdvP4C4E46", []string{"C16", "P", "C17", "ffi", "parenleftex"}, 0, "(∑)"},
		{"Symbol encoding", "OPGJMC+AdvPSSym", []string{"C211", "C176", "C210"}, 0, "©°®"},
		{"Roman accents", "GINNPL+AdvP4C4E5E", []string{"C19", "asciitilde", "Euro"}, 0, "´˜¨"},
		{"Math Pi Greek", "GLLJDO+AdvPSMP10", []string{"a", "r", "g", "h", "slash", "D", "X"}, 0, "ασηθϕΔΩ"},
		{"Math Pi per mille", "ABCDEF+AdvPSMPE7", []string{"ampersand"}, 0, "‰"},
		{"a hashed symbol font", "ABCDEF+AdvPS3FDD77", []string{"Z", "w", "parenright"}, 0, "=∼*"},
		{"another font's names", "ABCDEF+Sans", []string{"eth", "onequarter", "thorn"}, 0, "ð¼þ"},
		{"MathTime's symbols", "ABCDEF+MTSY", []string{"NUL", "DC4", "minus", "infinity"}, 0, "−≤−∞"},
		{"MathTime's italic", "ABCDEF+MTMI", []string{"Delta1", "alpha", "period", "phi1"}, 0, "Δα.ϕ"},
		{"Linotype's Pi", "ABCDEF+Universal-GreekwithMathPi", []string{"H9251", "H11015", "space", "H9004", "H11034"}, 250, "α≈ Δ°"},
		{"Pi numbers", "ABCDEF+MATHG-1A", []string{"H9254", "H9268", "H17015"}, 0, "δσ©"},
		{"Pi numbers among names", "ABCDEF+Serif", []string{"H9254", "a"}, 0, "\ufffda"},
		{"a narrow space", "OPGPCG+AdvP4C4E74", []string{"C0", "space", "C0"}, 250, "− −"},
		{"a wide space", "OPGPCG+AdvP4C4E74", []string{"C0", "space", "C0"}, 1000, "−←−"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			res := "<< /Font << /F1 " + font(c.base, c.spaceWidth, c.names...) + " >> >>"
			lines := onePageLines(t, res, "BT /F1 12 Tf 72 700 Td ("+codes(len(c.names))+") Tj ET", toUnicode(c.names))
			if got := strings.Join(lines, "\n"); got != c.want {
				t.Errorf("read %q; want %q", got, c.want)
			}
		})
	}
}

// TestAdventCodeNamedFaces: 3B2's fonts of the late 1990s name every
// glyph 'C' and its code, with no ToUnicode. A text face (named
// AdvTimes, or by a hash with letters as wide as a standard Latin
// face's) draws the standard encoding's glyphs and 3B2's ligatures; a
// Math Pi font draws Greek as Symbol does; a hashed font whose letters
// are no Latin face's, and a font of another maker with the same names,
// stay unread.
func TestAdventCodeNamedFaces(t *testing.T) {
	t.Parallel()
	// font is a simple Type 1 font named base whose codes name the glyph
	// 'C' and the code, those of codes as wide as width says.
	font := func(base string, codes string, width func(c byte) float64) string {
		var diffs, ws strings.Builder
		for c := 0; c < 256; c++ {
			fmt.Fprintf(&diffs, " %d /C%d", c, c)
			w := 0.0
			if strings.IndexByte(codes, byte(c)) >= 0 {
				w = width(byte(c))
			}
			fmt.Fprintf(&ws, " %g", w)
		}
		return "<< /Type /Font /Subtype /Type1 /BaseFont /" + base + " /FirstChar 0 /LastChar 255 /Widths [" + ws.String() +
			"] /Encoding << /Type /Encoding /Differences [" + diffs.String() + "] >> >>"
	}
	times := func(c byte) float64 {
		if w, ok := std14Width("Times-Roman", pdfdoc.StandardEncoding[c], c); ok {
			return w
		}
		return 500
	}
	wide := func(byte) float64 { return 600 }
	const text = "di\x80erent con\xaened 1\xb12 (\x8b0.1) A\xd0B"
	latin := "abcdefghijklmnopqrstuvwxyz"
	cases := []struct {
		name, base, codes string
		width             func(byte) float64
		want              string // "" for unread
	}{
		{"AdvTimes", "ABCDEF+AdvTimes-i", text, times, "different confined 1–2 (±0.1) A—B"},
		{"a hashed face as wide as Times", "ABCDEF+AdvPS1234", text + latin, times, "different confined 1–2 (±0.1) A—B"},
		{"a hashed font of other widths", "ABCDEF+AdvPS1234", "abc" + latin, wide, ""},
		{"another maker's font", "ABCDEF+Sans", text + latin, times, ""},
		{"Math Pi Greek", "ABCDEF+AdvPi1", "alD{", wide, "αλΔ†"},
		{"symbols' delimiters", "ABCDEF+AdvMT_SY", "\x85\x89\x87\x88\x8a\x86", wide, "([+=])"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			res := "<< /Font << /F1 " + font(c.base, c.codes, c.width) + " >> >>"
			show := c.codes
			if i := strings.Index(show, latin); i >= 0 {
				show = show[:i]
			}
			var octal strings.Builder
			for i := 0; i < len(show); i++ {
				fmt.Fprintf(&octal, "\\%03o", show[i])
			}
			lines := onePageLines(t, res, "BT /F1 12 Tf 72 700 Td ("+octal.String()+") Tj ET")
			got := strings.Join(lines, "\n")
			wantRead(t, got, c.want)
		})
	}
}
