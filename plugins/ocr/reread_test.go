package ocr

import (
	"image"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// Mode reread reads the box of a block whose text layer did not decode
// (the note of garbledblock.pdf, set in a font whose codes no encoding
// maps) into one paragraph block with the box's place, holding the
// note's words and none of the prose around it.
func TestRereadReadsTheBlock(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	note := core.BBox{X0: 72, Y0: 300.63, X1: 375.45, Y1: 329.05}
	pdf := filepath.Join("..", "..", "testdata", "garbledblock.pdf")
	res := extract(t, e, pdf, Options{Mode: ModeReread, Regions: map[string][]core.BBox{"1": {note}}}, 1)
	blocks := res[0].Page.Blocks
	if len(blocks) != 1 || blocks[0].Kind != core.KindParagraph || blocks[0].BBox != note {
		t.Fatalf("blocks %+v: want one paragraph block in the note's box", blocks)
	}
	text := strings.ToLower(strings.Join(strings.Fields(blocks[0].Text()), " "))
	for _, want := range []string{"storm warnings close the harbour to small boats", "check the board by the gate before sailing"} {
		if !strings.Contains(text, want) {
			t.Errorf("reread %q: want %q", text, want)
		}
	}
	if strings.Contains(text, "passengers") || strings.Contains(text, "season") {
		t.Errorf("reread %q holds the prose above or below the note", text)
	}
}

// A region read with its lines keeps the print of those lines alone: the
// note's box read with only its first line's box names the first line's
// words, not the second's, though the box holds both.
func TestRereadKeepsItsLines(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	note := core.BBox{X0: 72, Y0: 300.63, X1: 375.45, Y1: 329.05}
	first := core.BBox{X0: 72, Y0: 300.63, X1: 375.45, Y1: 314}
	pdf := filepath.Join("..", "..", "testdata", "garbledblock.pdf")
	opts := Options{Mode: ModeReread, Regions: map[string][]core.BBox{"1": {note}}, Lines: map[string][][]core.BBox{"1": {{first}}}}
	blocks := extract(t, e, pdf, opts, 1)[0].Page.Blocks
	if len(blocks) != 1 || blocks[0].BBox != note {
		t.Fatalf("blocks %+v: want one block in the note's box", blocks)
	}
	text := strings.ToLower(strings.Join(strings.Fields(blocks[0].Text()), " "))
	if !strings.Contains(text, "storm warnings close the harbour") || strings.Contains(text, "board") || strings.Contains(text, "gate") {
		t.Errorf("reread %q: want the note's first line alone", text)
	}
}

// Spans of several keep rectangles, overlapping or apart, stay as they
// are and the rest of each row turns white.
func TestWhiteOutsideSpans(t *testing.T) {
	t.Parallel()
	g := image.NewGray(image.Rect(10, 20, 18, 23))
	whiteOutside(g, image.Rect(0, 0, 2, 1), image.Rect(1, 0, 3, 2), image.Rect(5, 1, 7, 3), image.Rect(6, 2, 20, 9))
	if got := pixelRows(g); got != "###...../.##..##./.....###" {
		t.Errorf("whiteOutside left %s", got)
	}
}

func TestWhiteOutside(t *testing.T) {
	t.Parallel()
	g := image.NewGray(image.Rect(0, 0, 6, 4))
	whiteOutside(g, image.Rect(2, 1, 4, 3))
	if got := pixelRows(g); got != "....../..##../..##../......" {
		t.Errorf("whiteOutside left %s", got)
	}
	whiteOutside(g, image.Rect(10, 10, 12, 12))
	for _, px := range g.Pix {
		if px != 0xff {
			t.Fatal("a keep box outside the picture should leave it all white")
		}
	}
}

// pixelRows draws g's rows, white pixels as '.' and others as '#',
// joined by '/'.
func pixelRows(g *image.Gray) string {
	var rows []string
	for y := g.Rect.Min.Y; y < g.Rect.Max.Y; y++ {
		var sb strings.Builder
		for x := g.Rect.Min.X; x < g.Rect.Max.X; x++ {
			if g.GrayAt(x, y).Y == 0xff {
				sb.WriteByte('.')
			} else {
				sb.WriteByte('#')
			}
		}
		rows = append(rows, sb.String())
	}
	return strings.Join(rows, "/")
}
