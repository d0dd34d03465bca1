package nativetext

import (
	"fmt"
	"strings"
	"testing"
)

// TestMacIndexNames: a simple font whose glyphs are named 'g' and their
// index in a TrueType font (Distiller's conversion, no ToUnicode) reads
// them in the standard Macintosh order where the letters they would be
// are as wide as a Latin face's, and only for space to asciitilde;
// glyphs of another order, or names of another kind, stay unknown.
func TestMacIndexNames(t *testing.T) {
	t.Parallel()
	const text = " Enhance the performance, 2 ways."
	// font names the glyphs of text, in the order of first use from code
	// 2 on, by 'g' and their Macintosh index (a character's code less 29),
	// as wide as width gives the character; bullet adds a glyph 'g115'
	// (Helvetica Neue's bullet, 'edieresis' in the Macintosh order).
	font := func(width func(r byte) float64, rename func(string) string) (res, show string) {
		codes := map[byte]int{}
		var diffs, ws strings.Builder
		next := 2
		add := func(name string, w float64) int {
			fmt.Fprintf(&diffs, " /%s", rename(name))
			fmt.Fprintf(&ws, " %g", w)
			next++
			return next - 1
		}
		bullet := add("g115", 500)
		var octal strings.Builder
		fmt.Fprintf(&octal, "\\%03o", bullet)
		for i := 0; i < len(text); i++ {
			r := text[i]
			if _, ok := codes[r]; !ok {
				codes[r] = add(fmt.Sprintf("g%d", int(r)-29), width(r))
			}
			fmt.Fprintf(&octal, "\\%03o", codes[r])
		}
		res = fmt.Sprintf("<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+HelveticaNeueLTCom-Roman /FirstChar 2 /LastChar %d /Widths [%s] /Encoding << /Type /Encoding /Differences [2%s] >> >> >> >>",
			next-1, ws.String(), diffs.String())
		return res, octal.String()
	}
	helvetica := func(r byte) float64 {
		if w, ok := std14Width("Helvetica", macGlyphNames[int(r)-29], r); ok {
			return w
		}
		return 500
	}
	// Another order: the letters' widths are those of the letters 13 on.
	shifted := func(r byte) float64 {
		if 'a' <= r && r <= 'z' {
			return helvetica('a' + (r-'a'+13)%26)
		}
		return helvetica(r)
	}
	same := func(s string) string { return s }
	cases := []struct {
		name   string
		width  func(byte) float64
		rename func(string) string
		want   string // "" for unread
	}{
		{"Helvetica's widths", helvetica, same, "\ufffd Enhance the performance, 2 ways."},
		{"letters of other widths", shifted, same, ""},
		{"glyphs named otherwise", helvetica, func(s string) string { return strings.Replace(s, "g", "glyph", 1) }, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			res, show := font(c.width, c.rename)
			got := strings.Join(onePageLines(t, res, "BT /F1 12 Tf 72 700 Td ("+show+") Tj ET"), "\n")
			wantRead(t, got, c.want)
		})
	}
}

// docling's redp5110 sets its highlights in a Helvetica Neue LT Com that
// Distiller named by glyph index: they read.
func TestCorpusIndexNamedHighlights(t *testing.T) {
	text := doclingWords(t, "redp5110_sampled.pdf")
	for _, want := range []string{"Enhance the performance of your database operations", "Take advantage of access to a worldwide source of expertise"} {
		if !strings.Contains(text, want) {
			t.Errorf("no highlight %q", want)
		}
	}
}
