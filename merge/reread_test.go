package merge

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

func TestReread(t *testing.T) {
	t.Parallel()
	block := func(kind core.BlockKind, box core.BBox, text string) core.Block {
		var ws []core.Word
		for w := range strings.FieldsSeq(text) {
			ws = append(ws, core.Word{Text: w, BBox: box})
		}
		return core.Block{Kind: kind, BBox: box, Lines: []core.Line{{BBox: box, Words: ws}}}
	}
	// read is a block a recogniser read at confidence conf.
	read := func(box core.BBox, text string, conf float64) core.Block {
		b := block(core.KindParagraph, box, text)
		for i := range b.Lines[0].Words {
			b.Lines[0].Words[i].Confidence = conf
		}
		return b
	}
	top, mid, low := core.BBox{X0: 50, Y0: 40, X1: 500, Y1: 80}, core.BBox{X0: 50, Y0: 100, X1: 300, Y1: 130}, core.BBox{X0: 50, Y0: 400, X1: 300, Y1: 430}
	garbled := "\ufffd\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd\ufffd\ufffd"
	base := core.Page{Blocks: []core.Block{
		block(core.KindParagraph, top, "The harbour master counted seven boats at dawn."),
		block(core.KindHeading, mid, garbled),
		{Kind: core.KindTable, BBox: low, Content: garbled},
	}}
	cases := []struct {
		name  string
		read  []core.Block
		want  []string // the blocks' texts after
		count int
	}{
		{"replaces in place", []core.Block{read(mid, "Storm warnings", 0.9)},
			[]string{"The harbour master counted seven boats at dawn.", "Storm warnings", garbled}, 1},
		{"an unsure reading", []core.Block{read(mid, "~~, orf", 0.45)},
			[]string{"The harbour master counted seven boats at dawn.", garbled, garbled}, 0},
		{"a reading without confidences", []core.Block{block(core.KindParagraph, mid, "Storm warnings")},
			[]string{"The harbour master counted seven boats at dawn.", garbled, garbled}, 0},
		{"a reading that decodes no better", []core.Block{read(mid, "(cid:1)(cid:2)(cid:3)", 0.9)},
			[]string{"The harbour master counted seven boats at dawn.", garbled, garbled}, 0},
		{"no block with that box", []core.Block{read(core.BBox{X0: 60, Y0: 45, X1: 100, Y1: 60}, "Storm warnings", 0.9)},
			[]string{"The harbour master counted seven boats at dawn.", garbled, garbled}, 0},
		{"tables are left", []core.Block{read(low, "Storm warnings", 0.9)},
			[]string{"The harbour master counted seven boats at dawn.", garbled, garbled}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			out, n := Reread(base, c.read)
			var got []string
			for _, b := range out.Blocks {
				got = append(got, b.Text())
			}
			if n != c.count || strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("Reread: %d replaced, %q; want %d, %q", n, got, c.count, c.want)
			}
			if out.Blocks[1].Kind != core.KindHeading || base.Blocks[1].Text() != garbled {
				t.Errorf("the heading's kind changed, or base was written to")
			}
		})
	}
}
