package nativetext

import (
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// wrap breaks text into lines of at most width characters, as a
// typesetter fills a line with every word that fits (lineGlyphs gives
// each character one advance, so characters measure width).
func wrap(text string, width int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(text) {
		switch {
		case cur == "":
			cur = w
		case len(cur)+1+len(w) <= width:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	return append(lines, cur)
}

// TestLinesBrokenByHand: lines set close, without a gap or an indent
// between paragraphs, part where a line ends short of the block's edge by
// more than the next line's first word (a paragraph's end, an entry of a
// contents), and not where the next word would not fit.
func TestLinesBrokenByHand(t *testing.T) {
	t.Parallel()
	const width = 60
	first := "Random assignment rarely results in perfect adherence to the status assigned, " +
		"and some of the children assigned to the first group did not take part at all. " +
		"Others were enrolled by their parents in another program nearby."
	second := "The estimates that follow take account of this, as the appendix shows in detail " +
		"for each of the sites and each of the years of the study."
	contents := []string{"Economy", "Where I Lived, And What I Lived For", "Reading", "Sounds",
		"Solitude", "Visitors", "The Bean Field", "Former Inhabitants And Winter Visitors", "Conclusion"}
	// Lines broken by hand to flow around a picture: a line ends short
	// inside a sentence, its next word in lower case.
	flowed := []string{"As she stood there shivering in the dark and",
		"wondering how to free herself, she heard far away a voice calling",
		"through the night. It was a wailing cry.", "Then she heard footsteps."}
	tests := []struct {
		name  string
		lines []string
		want  []string // first words of the blocks
	}{
		{"paragraphs set close", slices.Concat(wrap(first, width), wrap(second, width)), []string{"Random", "The"}},
		{"a paragraph", wrap(first+" "+second, width), []string{"Random"}},
		{"contents", contents, []string{"Economy", "Where", "Reading", "Sounds", "Solitude", "Visitors", "The", "Former", "Conclusion"}},
		{"flowed around a picture", flowed, []string{"As"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seq := 0
			gs, _ := column(&seq, 50, 100, tc.lines...)
			if got := firstWords(layout(gs, nil, core.BBox{X1: 612, Y1: 792})); !slices.Equal(got, tc.want) {
				t.Errorf("blocks start %q, want %q", got, tc.want)
			}
		})
	}
}
