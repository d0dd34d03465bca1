package nativetext

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestLayoutParagraphIndents: with no blank space between paragraphs, a
// first line set in from the margin starts one; a hanging indent (a
// reference list's lines after the first) and the indents of code do not.
// A reference list's entries part where each starts back at the margin
// (hangingCuts).
func TestLayoutParagraphIndents(t *testing.T) {
	t.Parallel()
	const x, em = 50.0, 10.0
	type ln struct {
		indent float64 // ems
		text   string
		mono   bool
	}
	tests := []struct {
		name  string
		lines []ln
		want  []string // first words of the blocks
	}{
		{"first-line indents", []ln{
			{1.5, "Alpha starts the first paragraph and runs on", false},
			{0, "across the column to its right margin here", false},
			{0, "and ends short.", false},
			{1.5, "Bravo starts the second paragraph and runs", false},
			{0, "across the column to its right margin too", false},
			{0, "and ends.", false},
		}, []string{"Alpha", "Bravo"}},
		{"hanging indents", []ln{
			{0, "Alpha, A. A first reference that runs across", false},
			{2, "the column and goes on in a hanging", false},
			{2, "indent.", false},
			{0, "Bravo, B. A second reference that runs across", false},
			{2, "the column and ends.", false},
		}, []string{"Alpha,", "Bravo,"}},
		{"code", []ln{
			{0, "func main() {", true},
			{0, "x := 1", true},
			{2, "if x > 0 { println(x) }", true},
			{0, "return x", true},
		}, []string{"func"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			var gs []glyph
			for i, l := range tc.lines {
				gs = append(gs, typewritten(lineGlyphs(&seq, x+l.indent*em, 100+12*float64(i), em, l.text), l.mono)...)
			}
			got := firstWords(layout(gs, nil, core.BBox{X1: 612, Y1: 792}))
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("blocks start %q; want %q", got, tc.want)
			}
		})
	}
}
