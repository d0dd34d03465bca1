package router

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

func textBlock(kind core.BlockKind, box core.BBox, text string) core.Block {
	var words []core.Word
	for w := range strings.FieldsSeq(text) {
		words = append(words, core.Word{Text: w, BBox: box})
	}
	return core.Block{Kind: kind, BBox: box, Lines: []core.Line{{BBox: box, Words: words}}}
}

var (
	proseBox   = core.BBox{X0: 50, Y0: 40, X1: 500, Y1: 200}
	garbledBox = core.BBox{X0: 50, Y0: 220, X1: 300, Y1: 250}
	prose      = strings.Repeat("The harbour master counted seven boats at dawn and wrote their names in the ledger. ", 6)
)

// A page that passes on its text layer, with one block of it that did not
// decode, has that block, and only it, read again by the first engine of
// its chain that rereads; the reading replaces the block's text in place.
func TestGarbledBlockIsReadAgain(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		caps      []core.Capability
		read      string // what the reread engine reads in the box
		wantCalls int
		want      string // the garbled block's text in the result
		engine    string
		noReread  bool // Config.NoReread
	}{
		{"rereads", []core.Capability{core.CapOCR, core.CapRegions, core.CapReread}, "Storm warnings close the harbour.", 1, "Storm warnings close the harbour.", "text+ocr", false},
		{"reading no better", []core.Capability{core.CapOCR, core.CapRegions, core.CapReread}, "(cid:1)(cid:2)(cid:3)(cid:4)", 1, "\ufffd\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd\ufffd\ufffd", "text", false},
		{"cannot reread", []core.Capability{core.CapOCR, core.CapRegions}, "Storm warnings close the harbour.", 0, "\ufffd\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd\ufffd\ufffd", "text", false},
		{"told not to", []core.Capability{core.CapOCR, core.CapRegions, core.CapReread}, "Storm warnings close the harbour.", 0, "\ufffd\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd\ufffd\ufffd", "text", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			text := &blocksFake{name: "text", caps: []core.Capability{core.CapText}, blocks: func(string) []core.Block {
				return []core.Block{textBlock(core.KindParagraph, proseBox, prose),
					textBlock(core.KindHeading, garbledBox, "\ufffd\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd\ufffd\ufffd")}
			}}
			ocr := &blocksFake{name: "ocr", caps: c.caps, blocks: func(opts string) []core.Block {
				if !strings.Contains(opts, `"mode":"reread"`) {
					t.Errorf("ocr asked with options %s; want mode reread", opts)
				}
				b := textBlock(core.KindParagraph, garbledBox, c.read)
				for i := range b.Lines[0].Words {
					b.Lines[0].Words[i].Confidence = 0.9
				}
				return []core.Block{b}
			}}
			reg := byName(text, ocr)
			plan := Plan{DefaultClass: {{Engine: "text"}, {Engine: "ocr"}}}
			res, err := New(Config{Plan: plan, Analysis: AnalysisFull, NoReread: c.noReread}, withText(reg)).Extract(t.Context(), fivePages, []int{2})
			if err != nil {
				t.Fatal(err)
			}
			if len(ocr.options) != c.wantCalls {
				t.Fatalf("ocr called %d times (%q); want %d", len(ocr.options), ocr.options, c.wantCalls)
			}
			if c.wantCalls > 0 && (!strings.Contains(ocr.options[0], `"2":[{"x0":50,"y0":220,"x1":300,"y1":250}]`) ||
				!strings.Contains(ocr.options[0], `"scripts":{"2":["Latin"]}`)) {
				t.Errorf("ocr options %s; want the garbled block's box alone, and the script of its page's text", ocr.options[0])
			}
			e := res.Entries[0]
			if len(e.Page.Blocks) != 2 {
				t.Fatalf("blocks %+v", e.Page.Blocks)
			}
			prose, garbled := e.Page.Blocks[0], e.Page.Blocks[1]
			if got := garbled.Text(); got != c.want || garbled.Kind != core.KindHeading {
				t.Errorf("garbled block: %s %q; want a heading %q", garbled.Kind, got, c.want)
			}
			if prose.Text() == "" || e.Engine != c.engine || e.Status != core.StatusOK {
				t.Errorf("page %s by %s, prose %q; want ok by %s, the prose kept", e.Status, e.Engine, prose.Text(), c.engine)
			}
			if n := len(e.Attempts); n != 1+c.wantCalls || (c.wantCalls > 0 && !e.Attempts[1].Reread) {
				t.Errorf("attempts %+v; want the text engine's and %d reread", e.Attempts, c.wantCalls)
			}
		})
	}
}

// The reread is told the script of each block from what of it decoded (a
// Korean heading on a page mostly of English labels), so that the engine
// need not find it out.
func TestRereadIsToldTheBlocksScript(t *testing.T) {
	t.Parallel()
	text := &blocksFake{name: "text", caps: []core.Capability{core.CapText}, blocks: func(string) []core.Block {
		return []core.Block{textBlock(core.KindParagraph, proseBox, prose),
			textBlock(core.KindHeading, garbledBox, "블록\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd\ufffd 기\ufffd\ufffd")}
	}}
	ocr := &blocksFake{name: "ocr", caps: []core.Capability{core.CapOCR, core.CapRegions, core.CapReread}, blocks: func(string) []core.Block { return nil }}
	reg := byName(text, ocr)
	plan := Plan{DefaultClass: {{Engine: "text"}, {Engine: "ocr"}}}
	if _, err := New(Config{Plan: plan, Analysis: AnalysisFull}, withText(reg)).Extract(t.Context(), fivePages, []int{2}); err != nil {
		t.Fatal(err)
	}
	if len(ocr.options) != 1 || !strings.Contains(ocr.options[0], `"scripts":{"2":["Hangul"]}`) {
		t.Errorf("ocr options %q; want one reread told the block is Hangul", ocr.options)
	}
}

// A page whose best answer is the rereading engine's own is not sent to
// it again: it would read the block as it did.
func TestNoEngineRereadsItsOwnReading(t *testing.T) {
	t.Parallel()
	text := &blocksFake{name: "text", caps: []core.Capability{core.CapText}, blocks: func(string) []core.Block {
		return []core.Block{textBlock(core.KindParagraph, proseBox, "(cid:1)(cid:2)(cid:3) (cid:4)(cid:5)(cid:6) (cid:7)(cid:8)")}
	}}
	ocr := &blocksFake{name: "ocr", caps: []core.Capability{core.CapOCR, core.CapRegions, core.CapReread}, blocks: func(string) []core.Block {
		return []core.Block{textBlock(core.KindParagraph, proseBox, prose),
			textBlock(core.KindHeading, garbledBox, "\ufffd\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd\ufffd\ufffd")}
	}}
	plan := Plan{DefaultClass: {{Engine: "text"}, {Engine: "ocr"}}}
	res, err := New(Config{Plan: plan, Analysis: AnalysisFull}, withText(byName(text, ocr))).Extract(t.Context(), fivePages, []int{2})
	if err != nil {
		t.Fatal(err)
	}
	if e := res.Entries[0]; e.Engine != "ocr" || len(ocr.options) != 1 {
		t.Errorf("page by %s, ocr called %d times (%q); want ocr's page reading alone", e.Engine, len(ocr.options), ocr.options)
	}
}

// The reread is told each garbled block's lines, so that it reads their
// print alone; and a block whose undecoded glyphs are set full width
// (Chinese in a font without Unicode, around mathematics that decoded) is
// told Han, not the Latin of its decoded part.
func TestRereadIsToldTheLinesAndTheLostScript(t *testing.T) {
	t.Parallel()
	const size = 10.5
	line1 := core.BBox{X0: 50, Y0: 220, X1: 300, Y1: 232}
	line2 := core.BBox{X0: 50, Y0: 238, X1: 170, Y1: 250}
	word := func(text string, x0, ems float64, box core.BBox) core.Word {
		return core.Word{Text: text, Size: size, BBox: core.BBox{X0: x0, Y0: box.Y0, X1: x0 + ems*size, Y1: box.Y1}}
	}
	garbled := core.Block{Kind: core.KindParagraph, BBox: garbledBox, Lines: []core.Line{
		{BBox: line1, Words: []core.Word{word("\ufffd\ufffd", 50, 2, line1), word("x1", 75, 1.1, line1), word("+", 90, 0.8, line1), word("x2", 102, 1.1, line1),
			word("=", 116, 0.8, line1), word("0.", 126, 0.9, line1), word("\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd", 140, 9, line1)}},
		{BBox: line2, Words: []core.Word{word("\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd", 50, 6, line2), word("(x1,", 120, 2, line2), word("x2).", 142, 2, line2)}},
	}}
	text := &blocksFake{name: "text", caps: []core.Capability{core.CapText}, blocks: func(string) []core.Block {
		return []core.Block{textBlock(core.KindParagraph, proseBox, prose), garbled}
	}}
	ocr := &blocksFake{name: "ocr", caps: []core.Capability{core.CapOCR, core.CapRegions, core.CapReread}, blocks: func(string) []core.Block { return nil }}
	plan := Plan{DefaultClass: {{Engine: "text"}, {Engine: "ocr"}}}
	if _, err := New(Config{Plan: plan, Analysis: AnalysisFull}, withText(byName(text, ocr))).Extract(t.Context(), fivePages, []int{2}); err != nil {
		t.Fatal(err)
	}
	wantLines := `"lines":{"2":[[{"x0":50,"y0":220,"x1":300,"y1":232},{"x0":50,"y0":238,"x1":170,"y1":250}]]}`
	if len(ocr.options) != 1 || !strings.Contains(ocr.options[0], `"scripts":{"2":["Han"]}`) || !strings.Contains(ocr.options[0], wantLines) {
		t.Errorf("ocr options %q; want one reread told the block's two lines and Han", ocr.options)
	}
}
