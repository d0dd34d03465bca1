package nativetext

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestLayoutLooseLeading: Chinese set with a line height of 1.7 leaves
// 0.7 em between the em boxes of a paragraph's lines, more than paraGap,
// and 1.4 em between paragraphs. Lines that run to the column's margin
// continue their paragraph; a form's short labels at the same loose
// spacing stay lines of their own.
func TestLayoutLooseLeading(t *testing.T) {
	t.Parallel()
	const size, pitch, paraPitch = 10.0, 17.0, 24.0
	full := strings.Repeat("研", 40)
	type ln struct {
		text string
		gap  float64 // pitch above the line
	}
	tests := []struct {
		name  string
		lines []ln
		want  []string // the blocks' texts, lines joined by |
	}{
		{"paragraphs", []ln{
			{"甲" + full, 0}, {"乙" + full, pitch}, {"丙短", pitch},
			{"丁" + full, paraPitch}, {"戊短", pitch},
			{"己" + full, paraPitch}, {"庚" + full, pitch}, {"辛短", pitch},
		}, []string{"甲|乙|丙", "丁|戊", "己|庚|辛"}},
		{"labels", []ln{
			{"Name", 0}, {"Street", pitch}, {"City", pitch}, {"Country", pitch},
			{"Signature", paraPitch}, {"Date", pitch},
		}, []string{"Name", "Street", "City", "Country", "Signature", "Date"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			var gs []glyph
			y := 100.0
			for _, l := range tc.lines {
				y += l.gap
				gs = append(gs, lineGlyphs(&seq, 50, y, size, l.text)...)
			}
			var got []string
			for _, b := range layout(gs, nil, core.BBox{X1: 612, Y1: 792}) {
				var firsts []string
				for _, l := range b.Lines {
					r := []rune(l.Text())
					if len(r) > 0 && r[0] >= 0x3000 {
						r = r[:1]
					}
					firsts = append(firsts, string(r))
				}
				got = append(got, strings.Join(firsts, "|"))
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("blocks %q; want %q", got, tc.want)
			}
		})
	}
}
