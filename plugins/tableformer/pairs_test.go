package tableformer

import (
	"fmt"
	"slices"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// TestStreamFigurePairs: two columns of figures a word space apart where
// their widest meet ('39,385 181.2' under 'No.' and 'Rate', MMWR's us-025)
// are two columns, each titled; a count and its parenthesised total under
// one title, and numbers typed with a space between their groups of
// digits, are one column.
func TestStreamFigurePairs(t *testing.T) {
	t.Parallel()
	const size, char = 8.0, 5.0
	word := func(x, y float64, s string) core.Word {
		return core.Word{Text: s, Size: size, BBox: core.BBox{X0: x, Y0: y, X1: x + char*float64(len([]rune(s))), Y1: y + size}}
	}
	right := func(x1, y float64, s string) core.Word { return word(x1-char*float64(len([]rune(s))), y, s) }
	labels := []string{"Ohio", "Iowa", "Texas", "Idaho", "Utah", "Maine"}
	build := func(head []core.Word, left, rightCol []string) []core.Word {
		words := append([]core.Word(nil), head...)
		for i, l := range labels {
			y := 120 + 12*float64(i)
			words = append(words, word(100, y, l), right(230, y, left[i]), word(233, y, rightCol[i]), word(300, y, fmt.Sprintf("(%d.1-%d.9)", i+1, i+2)))
		}
		return words
	}
	counts := []string{"39,385", "1,144", "16,782", "6,930", "10,602", "2,187"}
	rates := []string{"181.2", "193.5", "156.6", "177.4", "167.8", "162.4"}
	titled := []core.Word{word(100, 100, "State"), right(230, 100, "No."), word(233, 100, "Rate"), word(300, 100, "(95% CI)")}
	oneTitle := []core.Word{word(100, 100, "State"), word(205, 100, "Studies"), word(245, 100, "(total)"), word(300, 100, "(95% CI)")}
	groups := []string{"385", "144", "782", "930", "602", "187"}
	// Tiers over the titles: a group's heading across both columns, and
	// a sub-group's over the first (MMWR's 'Women' over 'Hispanic').
	tiered := append([]core.Word{word(205, 76, "Women"), word(180, 88, "Hispanic")}, titled...)
	for _, tc := range []struct {
		name  string
		words []core.Word
		row   []string
	}{
		{"two titled columns", build(titled, counts, rates), []string{"Ohio", "39,385", "181.2", "(1.1-2.9)"}},
		{"one title", build(oneTitle, counts, rates), []string{"Ohio", "39,385 181.2", "(1.1-2.9)"}},
		{"titles under tiers", build(tiered, counts, rates), []string{"Ohio", "39,385", "181.2", "(1.1-2.9)"}},
		{"digit groups", build(titled, []string{"39", "1", "16", "6", "10", "2"}, groups), []string{"Ohio", "39 385", "(1.1-2.9)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tb, _ := Stream(tc.words, size)
			if tb == nil {
				t.Fatal("no table")
			}
			g := tb.Grid()
			i := slices.IndexFunc(g, func(r []string) bool { return r[0] == "Ohio" })
			if i < 0 || fmt.Sprintf("%q", g[i]) != fmt.Sprintf("%q", tc.row) {
				t.Errorf("first body row: want %q; grid %q", tc.row, g)
			}
		})
	}
}
