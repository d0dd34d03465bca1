package quality

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

func TestGarbled(t *testing.T) {
	t.Parallel()
	block := func(kind core.BlockKind, text string) *core.Block {
		var ws []core.Word
		for w := range strings.FieldsSeq(text) {
			ws = append(ws, core.Word{Text: w})
		}
		return &core.Block{Kind: kind, Lines: []core.Line{{Words: ws}}}
	}
	cases := []struct {
		name string
		b    *core.Block
		want bool
	}{
		{"good prose", block(core.KindParagraph, "Enhance the performance of your database operations"), false},
		{"replacement characters", block(core.KindListItem, "\ufffd\ufffd \ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd\ufffd\ufffd"), true},
		{"undecoded glyph marks", block(core.KindHeading, "(cid:12)(cid:13)(cid:14) (cid:15)(cid:16)"), true},
		{"letters shifted by a fixed offset", block(core.KindParagraph, "Ôèå èáòâïõò íáóôåò ãïõîôåä óåöåî âïáôó áô äá÷î®"), true},
		{"a title in capitals", block(core.KindParagraph, "HOW EVERYTHING TURNED OUT RIGHT FOR OLIVER IN THE END"), false},
		{"a running header in capitals", block(core.KindPageHeader, "HIGHLIGHTS FROM PIRLS 2011"), false},
		{"a bullet the font did not map", block(core.KindListItem, "\ufffd ALLOWED: the user may use the function"), false},
		{"a lone mark", block(core.KindParagraph, "\ufffd\ufffd"), false},
		{"pieces of a drawn bracket", block(core.KindParagraph, "\uf8f6\ufffd \ufffd\uf8eb \ufffd\ufffd \ufffd"), false},
		{"a table is not judged", &core.Block{Kind: core.KindTable, Content: "\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd"}, false},
		{"a formula is not judged", &core.Block{Kind: core.KindFormula, Content: "\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Garbled(c.b, 0.5); got != c.want {
				t.Errorf("Garbled(%q) = %v, want %v (Decodable %.2f)", c.b.Text(), got, c.want, Decodable(c.b.Text()))
			}
		})
	}
}
