package nativetext

import (
	"testing"

	"github.com/assay-pdf/assay/core"
)

// typeLine sets words on one baseline for segmentSplit: each character
// half an em wide at its size, a space glyph a quarter em between the
// words of a phrase; each phrase starts at its x.
func typeLine(phrases []struct {
	x, size float64
	text    string
}) []fg {
	var ln []fg
	for _, p := range phrases {
		x := p.x
		for _, r := range p.text {
			w := p.size / 2
			space := r == ' '
			if space {
				w = p.size / 4
			}
			g := &glyph{text: string(r), size: p.size, space: space}
			ln = append(ln, fg{g: g, b: core.BBox{X0: x, Y0: 100 - p.size, X1: x + w, Y1: 100}, ox: x, oy: 100})
			x += w
		}
	}
	return ln
}

// TestSegmentSplit: a line whose gaps are mostly gutters (a table's titles
// side by side) splits at gaps over a few of its word spaces, its
// narrowest gaps: 'borrowed' 0.85 em after 'Student and institutional
// characteristics' (NCES's Table 4, us-002) is a segment of its own. A
// formula's line, spaced as widely about its operators, keeps the wider
// split of its middle gap where it sets an index small.
func TestSegmentSplit(t *testing.T) {
	t.Parallel()
	type phrase = struct {
		x, size float64
		text    string
	}
	const em = 9.0
	title := "Student and institutional characteristics"
	end := 72 + float64(len(title)-3)*em/2 + 3*em/4
	header := []phrase{{72, em, title}, {end + 0.85*em, em, "borrowed"}, {290, em, "amount"}, {340, em, "$10,000"}, {390, em, "14,999"}, {440, em, "29,999"}, {490, em, "or more"}}
	// after places a phrase gap ems after the one before it ends.
	after := func(ps []phrase, gap, size float64, text string) []phrase {
		p := ps[len(ps)-1]
		end := p.x + float64(len(p.text))*p.size/2
		return append(ps, phrase{end + gap*em, size, text})
	}
	// A formula: an index set small 0.85 em after its letter, wide
	// spaces about its operators, word spaces in its arguments.
	formula := []phrase{{72, em, "x"}}
	formula = after(formula, 0.85, 0.6*em, "n")
	formula = after(formula, 1.1, em, "=")
	formula = after(formula, 1.1, em, "c(g, R, S)")
	formula = after(formula, 1.2, em, "+")
	formula = after(formula, 1.2, em, "d")
	formula = after(formula, 1.2, em, "e")
	for _, tc := range []struct {
		name  string
		line  []phrase
		split bool // the 0.85 em gap splits
	}{
		{"titles side by side", header, true},
		{"a formula's index", formula, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := segmentSplit(typeLine(tc.line))
			if (got < 0.85) != tc.split {
				t.Errorf("split at %.2f em; want the 0.85 em gap split: %v", got, tc.split)
			}
		})
	}
}
