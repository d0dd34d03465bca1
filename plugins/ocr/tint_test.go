package ocr

import (
	"image"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// The fast dilation is the lightest pixel of each k×k window, the
// window cut at the image's edges, as counted pixel by pixel.
func TestDilateMatchesWindows(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ w, h, k int }{{1, 1, 3}, {7, 5, 3}, {40, 23, 5}, {300, 9, 9}, {9, 300, 25}, {517, 261, 25}} {
		g := image.NewGray(image.Rect(0, 0, c.w, c.h))
		for i := range g.Pix {
			g.Pix[i] = uint8(rng.IntN(256))
		}
		want := image.NewGray(g.Rect)
		r := c.k / 2
		for y := range c.h {
			for x := range c.w {
				var m uint8
				for yy := max(0, y-r); yy <= min(c.h-1, y+r); yy++ {
					for xx := max(0, x-r); xx <= min(c.w-1, x+r); xx++ {
						m = max(m, g.Pix[yy*c.w+xx])
					}
				}
				want.Pix[y*c.w+x] = m
			}
		}
		dilate(g, c.k)
		if !slices.Equal(g.Pix, want.Pix) {
			t.Errorf("%d×%d, window %d: the dilation differs from the windows' maxima", c.w, c.h, c.k)
		}
	}
}

// A page at 200 dpi: dark strokes (text) on white and on a fill at a
// tint's level. The fill turns white and its strokes stay dark; the
// white page and its strokes are as they were. A page without a tint
// is returned as it is.
func TestFlattenTints(t *testing.T) {
	t.Parallel()
	const dpi = 200
	page := func(fill uint8) *image.Gray {
		g := image.NewGray(image.Rect(0, 0, 800, 600))
		for i := range g.Pix {
			g.Pix[i] = 255
		}
		fillRect(g, image.Rect(100, 100, 700, 200), fill)
		for x := 120; x < 680; x += 20 { // strokes 4 px wide: on the fill, on white
			fillRect(g, image.Rect(x, 130, x+4, 170), 30)
			fillRect(g, image.Rect(x, 330, x+4, 370), 30)
		}
		return g
	}
	cases := []struct {
		name      string
		fill      uint8
		same      bool  // the page comes back as it was
		fillAfter uint8 // the fill's level after
	}{
		{"light blue", 175, false, 255},
		{"light grey", 215, false, 255},
		{"paper", 240, true, 240},
		{"dark band", 60, true, 60},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			g := page(c.fill)
			out := flattenTints(g, dpi)
			if same := out == g; same != c.same {
				t.Fatalf("returned the page itself: %v, want %v", same, c.same)
			}
			if v := out.GrayAt(300, 115); v.Y < c.fillAfter-1 {
				t.Errorf("fill: level %d, want %d", v.Y, c.fillAfter)
			}
			if v := out.GrayAt(121, 150); v.Y > 60 {
				t.Errorf("stroke on the fill: level %d, want it dark", v.Y)
			}
			if v, w := out.GrayAt(121, 350), g.GrayAt(121, 350); v != w {
				t.Errorf("stroke on white: level %d, was %d", v.Y, w.Y)
			}
			if v := out.GrayAt(50, 450); v.Y != 255 {
				t.Errorf("white page: level %d, want 255", v.Y)
			}
		})
	}
}

func fillRect(g *image.Gray, r image.Rectangle, v uint8) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			g.Pix[y*g.Stride+x] = v
		}
	}
}

// A scanned page (testdata/ocr/src/tinted.ps) with a table whose header
// row is shaded blue, and a note in a grey box: both are read, the
// header as the table's first row.
func TestReadsPrintOnTints(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	res := extract(t, e, testdata("tinted.pdf"), nil, 1)
	want := []string{
		"Length of boat|Summer|Winter",
		"Under ten metres|18 pounds|12 pounds",
		"Ten to fifteen metres|26 pounds|17 pounds",
		"Over fifteen metres|40 pounds|25 pounds",
	}
	p := res[0].Page
	if got := gridLines(onlyTable(t, p)); !slices.Equal(got, want) {
		t.Errorf("table:\n%v\nwant\n%v", got, want)
	}
	note := "Note: boats that stay longer than a week pay the winter fee in every season, " +
		"and the first night is free for members of a sailing club. Pay at the office on the quay before you leave."
	if !slices.ContainsFunc(p.Blocks, func(b core.Block) bool {
		return b.Kind == core.KindParagraph && strings.Join(strings.Fields(b.Text()), " ") == note
	}) {
		t.Errorf("no paragraph reads the note in the grey box; page:\n%s", p.Text())
	}
}
