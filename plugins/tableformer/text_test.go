package tableformer

import (
	"testing"

	"github.com/assay-pdf/assay/core"
)

// A word and the script glued to it (core.FlagJoinNext, the script
// beside it in its line) are placed as one word: a cell's raised note
// number would otherwise read on a line of its own, before its label.
// A word broken at its line's end and joined to the next line's first
// word stays two words.
func TestPrepareJoinsGluedScripts(t *testing.T) {
	t.Parallel()
	words := []core.Word{
		{Text: "Level", Flags: core.FlagJoinNext, BBox: core.BBox{X0: 10, Y0: 100, X1: 40, Y1: 110}},
		{Text: "14", Flags: core.FlagSuperscript, BBox: core.BBox{X0: 40, Y0: 98, X1: 46, Y1: 104}},
		{Text: "(%)", BBox: core.BBox{X0: 50, Y0: 100, X1: 66, Y1: 110}},
		{Text: "non-", Flags: core.FlagJoinNext, BBox: core.BBox{X0: 10, Y0: 120, X1: 30, Y1: 130}},
		{Text: "profit", BBox: core.BBox{X0: 10, Y0: 132, X1: 40, Y1: 142}},
	}
	var got []string
	for _, w := range prepare(words) {
		got = append(got, w.Text)
	}
	if len(got) != 4 || got[0] != "Level14" || got[1] != "(%)" || got[2] != "non-" || got[3] != "profit" {
		t.Errorf("words %q; want Level14, (%%), non-, profit", got)
	}
	if w := prepare(words)[0]; w.BBox != (core.BBox{X0: 10, Y0: 98, X1: 46, Y1: 110}) || w.Flags.Has(core.FlagJoinNext) {
		t.Errorf("joined word %+v; want the union of the boxes, not joined to the next", *w.Word)
	}
}
