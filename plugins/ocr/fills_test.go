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

// A page at 200 dpi: dark strokes (text) on white, and strokes on a
// fill. A light fill turns white and its dark strokes stay dark; a dark
// fill turns white and its light strokes dark. The white page and its
// strokes are as they were. A page without such a fill is returned as
// it is.
func TestFlattenFills(t *testing.T) {
	t.Parallel()
	const dpi = 200
	page := func(level, ink uint8) *image.Gray {
		g := image.NewGray(image.Rect(0, 0, 800, 600))
		fill(g, g.Rect, 255)
		fill(g, image.Rect(100, 100, 760, 200), level) // a fill with room beside its print
		for x := 120; x < 680; x += 20 {               // strokes 4 px wide: on the fill, on white
			fill(g, image.Rect(x, 130, x+4, 170), ink)
			fill(g, image.Rect(x, 330, x+4, 370), 30)
		}
		return g
	}
	cases := []struct {
		name      string
		fill, ink uint8
		same      bool  // the page comes back as it was
		fillAfter uint8 // the fill's level after
	}{
		{"light blue", 175, 30, false, 255},
		{"light grey", 215, 30, false, 255},
		{"paper", 240, 30, true, 240},
		{"dark band", 60, 235, false, 255},
		{"dark grey", 100, 255, false, 255},
		{"mid grey", 150, 255, false, 255}, // neither: the fill is lightened, its print stays light
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			g := page(c.fill, c.ink)
			out := flattenFills(g, dpi)
			if same := out == g; same != c.same {
				t.Fatalf("returned the page itself: %v, want %v", same, c.same)
			}
			if v := out.GrayAt(300, 115); v.Y < c.fillAfter-1 {
				t.Errorf("fill: level %d, want %d", v.Y, c.fillAfter)
			}
			if v := out.GrayAt(121, 150); c.ink < c.fill && v.Y > 60 || c.ink > c.fill && c.fill <= darkMax && v.Y > 60 {
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

// A page of dense dark print, and a headline in heavy type: their
// letters and lines stand close enough to make dark regions at the
// print's window, but nothing in them is a fill's core, and they are
// left as they are.
func TestDarkPrintIsNoFill(t *testing.T) {
	t.Parallel()
	const dpi = 200
	g := image.NewGray(image.Rect(0, 0, 800, 1000))
	fill(g, g.Rect, 255)
	for y := 100; y < 600; y += 20 { // lines of 12 px letters, 8 px apart
		for x := 100; x < 700; x += 12 {
			fill(g, image.Rect(x, y, x+3, y+12), 20)
			fill(g, image.Rect(x, y+5, x+9, y+8), 20)
		}
	}
	for x := 100; x < 700; x += 60 { // heavy strokes 16 px (6 points) wide
		fill(g, image.Rect(x, 700, x+16, 900), 10)
		fill(g, image.Rect(x, 700, x+50, 716), 10)
	}
	if out := flattenFills(g, dpi); out != g {
		t.Error("dense print and a heavy headline were taken for fills")
	}
}

// A scanned page (testdata/ocr/src/tinted.ps) with a table whose header
// row is shaded, and a note in a box; the same page again with dark
// fills under white print. Each header is read as its table's first row,
// and each note as a paragraph.
func TestReadsPrintOnFills(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	res := extract(t, e, testdata("tinted.pdf"), nil, 1, 2)
	want := []string{
		"Length of boat|Summer|Winter",
		"Under ten metres|18 pounds|12 pounds",
		"Ten to fifteen metres|26 pounds|17 pounds",
		"Over fifteen metres|40 pounds|25 pounds",
	}
	note := "Note: boats that stay longer than a week pay the winter fee in every season, " +
		"and the first night is free for members of a sailing club. Pay at the office on the quay before you leave."
	for i, fills := range []string{"light fills", "dark fills"} {
		p := res[i].Page
		if got := gridLines(onlyTable(t, p)); !slices.Equal(got, want) {
			t.Errorf("%s: table:\n%v\nwant\n%v", fills, got, want)
		}
		if !slices.ContainsFunc(p.Blocks, func(b core.Block) bool {
			return b.Kind == core.KindParagraph && strings.Join(strings.Fields(b.Text()), " ") == note
		}) {
			t.Errorf("%s: no paragraph reads the note in its box; page:\n%s", fills, p.Text())
		}
	}
}
