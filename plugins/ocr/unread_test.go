package ocr

import (
	"image"
	"testing"

	"github.com/otiai10/gosseract/v2"
)

// inkRows paints rows y0..y1 of g dark over a tenth of its width.
func inkRows(g *image.Gray, y0, y1 int) {
	for y := y0; y < y1; y++ {
		for x := 100; x < 100+g.Rect.Dx()/10; x++ {
			g.Pix[y*g.Stride+x] = 0
		}
	}
}

// TestUnreadBands: the bands of inked rows that no word read stands on
// are read again; bands of print size only, not a speck, not a picture
// nor a solid bar, and not the rows the words cover.
func TestUnreadBands(t *testing.T) {
	t.Parallel()
	const dpi = 300
	g := image.NewGray(image.Rect(0, 0, 1700, 2200))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	inkRows(g, 90, 134)            // a title, 44 px: unread
	inkRows(g, 155, 183)           // a line read
	inkRows(g, 300, 305)           // a speck of 5 px
	inkRows(g, 400, 700)           // a picture an inch tall
	inkRows(g, 800, 820)           // a line read
	inkRows(g, 900, 930)           // a line, unread
	for y := 1000; y < 1040; y++ { // a solid bar
		for x := range 1700 {
			g.Pix[y*g.Stride+x] = 0
		}
	}
	read := []gosseract.BoundingBox{
		{Box: image.Rect(100, 150, 300, 186)},
		{Box: image.Rect(100, 798, 300, 822)},
	}
	got := unreadBands(g, dpi, read)
	want := []image.Rectangle{image.Rect(0, 90, 1700, 134), image.Rect(0, 900, 1700, 930)}
	if len(got) != len(want) {
		t.Fatalf("bands %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("band %d: %v, want %v", i, got[i], want[i])
		}
	}
}

// TestSureInBand: a band's words count where every one of them is read
// surely; a drawing read as a few doubtful letters adds none.
func TestSureInBand(t *testing.T) {
	t.Parallel()
	band := image.Rect(0, 40, 1700, 90)
	word := func(text string, y0, y1 int, conf float64) gosseract.BoundingBox {
		return gosseract.BoundingBox{Box: image.Rect(10, y0, 200, y1), Word: text, Confidence: conf, BlockNum: 1}
	}
	title := []gosseract.BoundingBox{word("SEATTLE", 40, 84, 96), word("HOSPITAL", 41, 83, 97), word("Dept", 95, 110, 95)}
	got := sureInBand(title, image.Point{0, 10}, band, 1)
	if len(got) != 2 || got[0].Word != "SEATTLE" || got[0].Box.Min.Y != 50 || got[0].BlockNum != -1 {
		t.Errorf("title: %+v; want its two words, moved 10 px down, numbered apart", got)
	}
	doubt := []gosseract.BoundingBox{word("AU", 40, 84, 96), word("ho", 41, 83, 31)}
	if got := sureInBand(doubt, image.Point{}, band, 1); got != nil {
		t.Errorf("a drawing's strokes: %+v; want none", got)
	}
}
