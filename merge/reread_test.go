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

// A reading fills the undecoded characters of the layer it reads again,
// and the layer keeps the rest: its decoded characters (a recogniser
// misses accents and misreads mathematics: '∞1' for x1, '세' for 체), its
// words and their breaks (Tesseract's Korean sets a space between
// syllables) and their boxes. Where the two cannot be aligned, the
// reading is taken whole.
func TestRereadFillsTheLayer(t *testing.T) {
	t.Parallel()
	box := core.BBox{X0: 50, Y0: 100, X1: 400, Y1: 130}
	lines := func(texts ...string) []core.Line {
		var out []core.Line
		for _, text := range texts {
			var ws []core.Word
			for j, w := range strings.Fields(text) {
				x := box.X0 + float64(10*j)
				ws = append(ws, core.Word{Text: w, BBox: core.BBox{X0: x, Y0: box.Y0, X1: x + 8, Y1: box.Y1}, Confidence: 0.9 - 0.01*float64(j)})
			}
			out = append(out, core.Line{BBox: box, Words: ws})
		}
		return out
	}
	cases := []struct {
		name, layer string
		read        []string // lines
		want        []string // lines
	}{
		{"Korean syllables in the layer's words", "블록체인에�� ���� �� 방지",
			[]string{"블 록 세 인 에 서 의 암 호 화 페 도난 방지"}, []string{"블록체인에서의 암호화페 도난 방지"}},
		{"Latin, one for one", "����� ����", []string{"Storm seas"}, []string{"Storm seas"}},
		{"a run whose spaces did not decode takes the reading's", "| ������������������", []string{"| Affinités électives"}, []string{"| Affinités électives"}},
		{"the layer's lines, not the reading's", "����", []string{"블 록", "체 인"}, []string{"블록체인"}},
		{"nothing decoded and counts differ: the reading whole", "�� ���", []string{"ab cd ef"}, []string{"ab cd ef"}},
		{"the layer breaks a word read: the reading's spaces", "��� ���", []string{"ab cdef"}, []string{"ab cdef"}},
		{"the reading's space where an undecoded run meets a decoded word", "la pièce ���������Bénilde ou", []string{"la piece homonyme Bénilde ou"}, []string{"la pièce homonyme Bénilde ou"}},
		{"a glyph more in the layer shifts its breaks: the reading's spaces", "«��� �������� ��������» sosteneva", []string{"«Il filosofo Emmanuel» sosteneva"}, []string{"«Il filosofo Emmanuel» sosteneva"}},
		{"the reading's spaces in a layer whose spaces did not decode", "une ����������������������� Bénilde", []string{"une longue amitié avec José Régio Bénilde"}, []string{"une longue amitié avec José Régio Bénilde"}},
		{"accents the reading missed", "il développera une ������ ������ avec José Régio",
			[]string{"il developpera une longue amitie avec Jose Regio"}, []string{"il développera une longue amitie avec José Régio"}},
		{"mathematics the reading misread", "�� 2 x1 + x2 = 0. ���������",
			[]string{"情形2∞1+2=0.此时原不等式等价于"}, []string{"情形 2 x1 + x2 = 0. 此时原不等式等价于"}},
		{"a character read more goes with the undecoded run", "Le ��� de la lettre", []string{"Le mots de la lettre"}, []string{"Le mots de la lettre"}},
		{"an undecoded character read as nothing is dropped", "Le ����� de la lettre", []string{"Le mots de la lettre"}, []string{"Le mots de la lettre"}},
		{"a reading of other print: whole", "The ���� of ���", []string{"Completely different words here"}, []string{"Completely different words here"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			layer := core.Block{Kind: core.KindHeading, BBox: box, Lines: lines(c.layer)}
			read := core.Block{Kind: core.KindParagraph, BBox: box, Lines: lines(c.read...)}
			out, n := Reread(core.Page{Blocks: []core.Block{layer}}, []core.Block{read})
			var got []string
			for _, l := range out.Blocks[0].Lines {
				got = append(got, l.Text())
			}
			if n != 1 || strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("lines %q (%d replaced); want %q", got, n, c.want)
			}
		})
	}
	// A break the reading has not joins words across the layer's lines too.
	twoLines := core.Block{Kind: core.KindParagraph, BBox: box, Lines: lines("a ���", "� b")}
	out, _ := Reread(core.Page{Blocks: []core.Block{twoLines}}, []core.Block{{BBox: box, Lines: lines("a word b")}})
	if got := out.Blocks[0].Text(); got != "a word\nb" {
		t.Errorf("a word broken across the layer's lines: %q; want %q", got, "a word\nb")
	}
	// A run filled with the reading's spaces is words of their own, each
	// with its share of the run's box.
	run := core.Block{Kind: core.KindParagraph, BBox: box, Lines: lines("une ����������������������� Bénilde")}
	out, _ = Reread(core.Page{Blocks: []core.Block{run}}, []core.Block{{BBox: box, Lines: lines("une longue amitié avec José Régio Bénilde")}})
	var texts []string
	x := 0.0
	for _, w := range out.Blocks[0].Lines[0].Words {
		texts = append(texts, w.Text)
		if w.BBox.X0 < x || w.BBox.X1 <= w.BBox.X0 {
			t.Errorf("word %q box %v: want boxes one after another", w.Text, w.BBox)
		}
		x = w.BBox.X1
	}
	if got := strings.Join(texts, "|"); got != "une|longue|amitié|avec|José|Régio|Bénilde" {
		t.Errorf("words %s; want the run's words apart", got)
	}
	// A filled word keeps the layer's box and flags.
	layer := core.Block{Kind: core.KindHeading, BBox: box, Lines: lines("x\ufffd ����")}
	layer.Lines[0].Words[0].Flags = core.FlagJoinNext
	out, _ = Reread(core.Page{Blocks: []core.Block{layer}}, []core.Block{{BBox: box, Lines: lines("x2 seas")}})
	if w := out.Blocks[0].Lines[0].Words[0]; w.Text != "x2" || w.BBox != layer.Lines[0].Words[0].BBox || w.Flags != core.FlagJoinNext {
		t.Errorf("filled word %+v; want x2 in the layer's box, joined to the next", w)
	}
}
