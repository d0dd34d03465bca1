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

func TestWhiteOutside(t *testing.T) {
	t.Parallel()
	g := image.NewGray(image.Rect(0, 0, 6, 4))
	whiteOutside(g, image.Rect(2, 1, 4, 3))
	var rows []string
	for y := range 4 {
		var sb strings.Builder
		for x := range 6 {
			if g.GrayAt(x, y).Y == 0xff {
				sb.WriteByte('.')
			} else {
				sb.WriteByte('#')
			}
		}
		rows = append(rows, sb.String())
	}
	if got := strings.Join(rows, "/"); got != "....../..##../..##../......" {
		t.Errorf("whiteOutside left %s", got)
	}
	whiteOutside(g, image.Rect(10, 10, 12, 12))
	for _, px := range g.Pix {
		if px != 0xff {
			t.Fatal("a keep box outside the picture should leave it all white")
		}
	}
}
