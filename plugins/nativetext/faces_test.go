package nativetext

import (
	"slices"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// inFace sets glyphs in f and returns them.
func inFace(gs []glyph, f *font) []glyph {
	for k := range gs {
		gs[k].font = f
	}
	return gs
}

// TestSubheadingByFace: a report's subheadings, set in the sans of its
// titles a little larger than its serif text (under sizeStep and
// headingRatio, not bold), part from the paragraphs under them and are
// headings, their numbers no list's. One such line is no style, nor are
// lines in the text's own face or at its size; and a line of the text's
// size keeps the formula under it, set in another face, and a label
// its value, a short line. A subheading set a little smaller than the
// text is one over running text only.
func TestSubheadingByFace(t *testing.T) {
	t.Parallel()
	sans, serif, math := &font{name: "Dotum-Medium"}, &font{name: "Batang-Light"}, &font{name: "CMMI10"}
	para := wrap("The amendment that took effect in January moved the listed diseases into new grades "+
		"by their severity, their spread and the isolation they call for, and it named the grades anew.", 60)
	type line struct {
		text string
		size float64
		f    *font
	}
	sized := func(head string, hf *font, size float64) []line {
		ls := []line{{head, size, hf}}
		for _, p := range para {
			ls = append(ls, line{p, 10, serif})
		}
		return ls
	}
	section := func(head string, hf *font) []line { return sized(head, hf, 10.9) }
	tests := []struct {
		name  string
		lines []line
		want  []core.BlockKind
	}{
		{"two subheadings", append(section("(1) Changes to the act on infectious diseases", sans),
			section("(2) The grades of the standard terms", sans)...),
			[]core.BlockKind{core.KindHeading, core.KindParagraph, core.KindHeading, core.KindParagraph}},
		{"one line is no style", section("(1) Changes to the act on infectious diseases", sans),
			[]core.BlockKind{core.KindListItem}},
		{"the text's face", append(section("(1) Changes to the act on infectious diseases", serif),
			section("(2) The grades of the standard terms", serif)...),
			[]core.BlockKind{core.KindListItem, core.KindListItem}},
		{"another face at the text's size", append(sized("(1) Changes to the act on infectious diseases", sans, 10),
			sized("(2) The grades of the standard terms", sans, 10)...),
			[]core.BlockKind{core.KindListItem, core.KindListItem}},
		{"labels over their values", append(sized("", serif, 10)[1:], line{"Name of the applicant", 10.9, sans},
			line{"Kim Minsu", 10, serif}, line{"Address of the applicant", 10.9, sans}, line{"Seoul", 10, serif}),
			[]core.BlockKind{core.KindParagraph, core.KindParagraph, core.KindParagraph, core.KindParagraph, core.KindParagraph}},
		// A journal's sans subheadings a little smaller than its serif
		// text (BMC's 9.2 pt over 9.8): headings over running text, but
		// not a caption's label, a note's, or a form's labels over their
		// fields.
		{"smaller subheadings", append(sized("Study approach and sampling", sans, 9.4),
			sized("Tools for data collection", sans, 9.4)...),
			[]core.BlockKind{core.KindHeading, core.KindParagraph, core.KindHeading, core.KindParagraph}},
		{"smaller caption labels", append(sized("Table 2", sans, 9.4), sized("Table 3", sans, 9.4)...),
			[]core.BlockKind{core.KindParagraph, core.KindParagraph}},
		{"smaller labels over their fields", append(sized("", serif, 10)[1:], line{"Registered business address", 9.4, sans},
			line{"Level 3, 12 Main Street", 10, serif}, line{"Postal address of the business", 9.4, sans}, line{"PO Box 14", 10, serif}),
			[]core.BlockKind{core.KindParagraph, core.KindParagraph, core.KindParagraph, core.KindParagraph, core.KindParagraph}},
		{"a formula under the text", append(append(section("Closing remarks on the act", sans),
			line{"6) If x is an object and e an expression, then", 10, serif}, line{"ox:e = px:(ge).", 9, math}),
			section("Further remarks on the act", sans)...),
			[]core.BlockKind{core.KindHeading, core.KindParagraph, core.KindListItem, core.KindHeading, core.KindParagraph}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			var gs []glyph
			y := 100.0
			for _, l := range tc.lines {
				if l.f == sans {
					y += 8
				}
				gs = append(gs, inFace(lineGlyphs(&seq, 60, y, l.size, l.text), l.f)...)
				y += 1.3 * l.size
			}
			if got := blockKinds(layout(gs, nil, core.BBox{X1: 612, Y1: 792})); !slices.Equal(got, tc.want) {
				t.Errorf("kinds %q, want %q", got, tc.want)
			}
		})
	}
}
