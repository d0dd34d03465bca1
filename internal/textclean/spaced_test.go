package textclean

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// spaced lays out s as one-letter words at 10 pt, each 7 pt wide, with gap
// points between letters and wordGap points where s has a space.
func spaced(s string, gap, wordGap float64) []core.Word {
	var ws []core.Word
	x := 0.0
	for _, part := range strings.Split(s, " ") {
		for _, r := range part {
			ws = append(ws, core.Word{Text: string(r), Size: 10, BBox: core.BBox{X0: x, Y0: 0, X1: x + 7, Y1: 10}})
			x += 7 + gap
		}
		x += wordGap - gap
	}
	return ws
}

// joined marks each word but the last as going on in the next
// (core.FlagJoinNext): 'H', a lowered '2' and 'O' drawn as one word.
func joined(ws []core.Word) []core.Word {
	for i := range len(ws) - 1 {
		ws[i].Flags |= core.FlagJoinNext
	}
	return ws
}

func texts(ws []core.Word) string {
	var s []string
	for _, w := range ws {
		s = append(s, w.Text)
	}
	return strings.Join(s, "|")
}

func TestJoinSpacedLetters(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		in   []core.Word
		want string
	}{
		{"a spaced heading keeps its word breaks", spaced("THOUGHT HANDLE", 2.8, 8.7), "THOUGHT|HANDLE"},
		{"one long spaced word", spaced("PORTION", 3, 0), "PORTION"},
		{"tight tracking", spaced("abc", 1, 0), "abc"},
		{"three one-letter words at a space's pitch stay apart", spaced("x y z", 2.8, 2.8), "x|y|z"},
		{"uneven single letters stay apart", []core.Word{
			{Text: "a", Size: 10, BBox: core.BBox{X0: 0, X1: 7, Y1: 10}},
			{Text: "b", Size: 10, BBox: core.BBox{X0: 8, X1: 15, Y1: 10}},
			{Text: "c", Size: 10, BBox: core.BBox{X0: 17.9, X1: 24.9, Y1: 10}},
			{Text: "d", Size: 10, BBox: core.BBox{X0: 25.9, X1: 32.9, Y1: 10}},
		}, "a|b|c|d"},
		{"words are left alone", []core.Word{{Text: "the", Size: 10, BBox: core.BBox{X1: 15}}, {Text: "cat", Size: 10, BBox: core.BBox{X0: 18, X1: 33}}}, "the|cat"},
		{"CJK characters are words of their own", spaced("漢字文", 3, 0), "漢|字|文"},
		{"digits alone at an even pitch are separate values", spaced("571671", 3, 0), "5|7|1|6|7|1"},
		{"a tracked code with letters joins", spaced("AB12CD", 3, 0), "AB12CD"},
		{"words joined to the next are no spaced letters", joined(spaced("H2O", 0, 0)), "H|2|O"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := texts(JoinSpacedLetters(c.in)); got != c.want {
				t.Errorf("%s; want %s", got, c.want)
			}
		})
	}
}
