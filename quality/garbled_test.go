package quality

import (
	"strings"
	"testing"
	"unicode/utf8"

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
		{"words lost in a passage that decoded", block(core.KindParagraph, "il développera une \ufffd\ufffd\ufffd\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd\ufffd\ufffd\ufffd avec José Régio dont il adaptera la pièce homonyme"), true},
		{"a Chinese sentence round mathematics that decoded", block(core.KindParagraph, "\ufffd (x1, x2), (x3, ··· , xn) \ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd"), true},
		{"a letter lost in most words", block(core.KindParagraph, "Co\ufffdst\ufffdu\ufffdto\ufffd \ufffdow \ufffde\ufffdui\ufffdes the page’s \ufffdedia\ufffdo\ufffd."), true},
		{"apostrophes without Unicode in a long paragraph", block(core.KindParagraph, strings.Repeat("la richiesta di pagamento con l\ufffdindicazione del conto corrente, ", 9)), false},
		{"pieces of roots and brackets in running mathematics", block(core.KindParagraph, "\ufffd \ufffd2 \ufffd \ufffd2 \ufffd \ufffd2 xi − xj + yi − yj + zi − zj is the 3D distance between the ions i and j \ufffd\ufffd and \ufffd\ufffd of the trap"), false},
		{"a formula set as a paragraph", block(core.KindParagraph, "\ufffd(1)0(W \ufffd E(p;m2)) \ufffd \ufffd(1) \ufffd p \ufffd m1 \ufffd(p) ="), false},
		{"a formula's spinors, one word", block(core.KindParagraph, "u\ufffd(1)(p;s1;mQ)u\ufffd(2)(\ufffdp;s2;mQ)"), false},
		{"words lost among figures", block(core.KindParagraph, "\ufffd\ufffd\ufffd\ufffd 12, \ufffd\ufffd\ufffd\ufffd\ufffd 3.4 (2009) \ufffd\ufffd\ufffd 7"), true},
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

// LostScript names the script of a garbled block's undecoded glyphs: that
// of its decoded text, unless the glyphs are set full width and that
// script is not written so.
func TestLostScript(t *testing.T) {
	t.Parallel()
	const size = 10
	// block holds words of the given texts, each advancing ems a glyph.
	block := func(words ...any) *core.Block {
		var ws []core.Word
		x := 0.0
		for i := 0; i < len(words); i += 2 {
			text, ems := words[i].(string), words[i+1].(float64)
			w := ems * size * float64(utf8.RuneCountInString(text))
			ws = append(ws, core.Word{Text: text, Size: size, BBox: core.BBox{X0: x, Y0: 0, X1: x + w, Y1: 12}})
			x += w + 3
		}
		return &core.Block{Kind: core.KindParagraph, Lines: []core.Line{{Words: ws}}}
	}
	page := func(s Script) func() Script { return func() Script { return s } }
	cases := []struct {
		name string
		b    *core.Block
		page Script
		want Script
	}{
		{"Chinese round Latin mathematics", block("\ufffd\ufffd", 1.0, "x1", 0.55, "+", 0.8, "x2", 0.55, "\ufffd\ufffd\ufffd\ufffd\ufffd", 1.02), ScriptLatin, ScriptHan},
		{"on a page of Japanese", block("\ufffd\ufffd\ufffd\ufffd", 1.0, "x", 0.55), ScriptJapanese, ScriptJapanese},
		{"Latin words lost", block("The", 0.5, "\ufffd\ufffd\ufffd\ufffd\ufffd", 0.5, "warnings", 0.5), ScriptLatin, ScriptLatin},
		{"Hangul that decoded", block("블록\ufffd\ufffd", 1.0, "\ufffd\ufffd\ufffd", 1.0), ScriptLatin, ScriptHangul},
		{"one wide glyph says nothing", block("\ufffd", 1.0, "x1", 0.55, "=", 0.8, "0", 0.5), ScriptLatin, ScriptLatin},
		{"nothing decoded: the page's script", block("\ufffd\ufffd\ufffd\ufffd", 0.5), ScriptCyrillic, ScriptCyrillic},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := LostScript(c.b, page(c.page)); got != c.want {
				t.Errorf("LostScript(%q) = %q, want %q", c.b.Text(), got, c.want)
			}
		})
	}
}
