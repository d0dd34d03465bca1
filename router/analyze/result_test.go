package analyze

import (
	"context"
	"math"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
	"github.com/assay-pdf/assay/plugins/nativetext"
)

// stripes is a picture of sharp dark strokes, as text has: the text check
// of the engine must leave it to a region reader.
var stripes = func() string {
	const w, h = 96, 48
	pix := make([]byte, w*h)
	for i := range pix {
		if i%w%6 < 3 {
			pix[i] = 0xff
		}
	}
	return pdftest.Stream("/Type /XObject /Subtype /Image /Width 96 /Height 48 /ColorSpace /DeviceGray /BitsPerComponent 8", string(pix))
}()

// TestFromResult rebuilds facts from real readings, and refuses results
// without facts. A picture that may hold text is an image box to read; a
// flat grey one (imageObj) is not.
func TestFromResult(t *testing.T) {
	t.Parallel()
	flat := pdftest.OnePage("", imageRes, text+" q 300 0 0 200 50 50 cm /Im1 Do Q", imageObj).Write(t)
	for pr, err := range nativetext.New().Extract(context.Background(), &core.Request{Source: flat, Pages: []int{1}}) {
		if p, ok := FromResult(pr); err != nil || !ok || p.Images != 1 || len(p.ImageBoxes) != 0 {
			t.Errorf("a flat grey picture: facts %+v, %v; want 1 image and no box to read", p, err)
		}
	}
	path := pdftest.OnePage("", imageRes, text+" q 300 0 0 200 50 50 cm /Im1 Do Q", stripes).Write(t)
	var got []core.PageResult
	for pr, err := range nativetext.New().Extract(context.Background(), &core.Request{Source: path, Pages: []int{1}}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, pr)
	}
	p, ok := FromResult(got[0])
	if !ok {
		t.Fatalf("no facts in %+v", got[0].Stats)
	}
	if p.Glyphs != 43 || p.TextOps != 1 || p.Images != 1 || len(p.ImageBoxes) != 1 || p.Class() != ClassBornDigital {
		t.Errorf("facts %+v, class %s", p, p.Class())
	}
	if box := p.ImageBoxes[0]; box.Width() != 300 || box.Height() != 200 {
		t.Errorf("image box %v, want 300×200", box)
	}
	failed := core.Failed(1, core.ErrDamaged)
	failed.Stats = got[0].Stats
	if _, ok := FromResult(failed); ok {
		t.Error("a failed page gave facts")
	}
	noFacts := got[0]
	noFacts.Stats = map[string]float64{"ops": 3}
	if _, ok := FromResult(noFacts); ok {
		t.Error("a result without facts gave facts")
	}
}

// A picture cut into strips or tiles is read whole: its slices join
// before the size rule, so a thin slice is read with the rest; pictures
// apart, overlapping, or of another width, stay apart.
func TestRegionBoxesJoinSlices(t *testing.T) {
	t.Parallel()
	strip := func(y0, y1 float64) core.BBox { return core.BBox{X0: 129, Y0: y0, X1: 539, Y1: y1} }
	cases := []struct {
		name  string
		boxes []core.BBox
		want  []core.BBox
	}{
		{"strips overlapping by 2 pt, the last one thin",
			[]core.BBox{strip(380, 431.5), strip(429.5, 485), strip(483, 538.6), strip(643.6, 683)},
			[]core.BBox{strip(380, 538.6)}},
		{"a manual's picture in six strips (redp5110_sampled page 7)",
			[]core.BBox{strip(380.18, 431.56), strip(429.56, 485.08), strip(483.08, 538.6), strip(536.54, 592.12), strip(590.06, 645.58), strip(643.58, 683.02)},
			[]core.BBox{strip(380.18, 683.02)}},
		{"the thin strip once the gap is closed",
			[]core.BBox{strip(380, 431.5), strip(429.5, 485), strip(485, 644), strip(643.6, 683)},
			[]core.BBox{strip(380, 683)}},
		{"tiles side by side",
			[]core.BBox{{X0: 100, Y0: 100, X1: 200, Y1: 300}, {X0: 200, Y0: 100, X1: 300, Y1: 300}},
			[]core.BBox{{X0: 100, Y0: 100, X1: 300, Y1: 300}}},
		{"one picture drawn twice",
			[]core.BBox{{X0: 146.5, Y0: 527.7, X1: 251.7, Y1: 635.5}, {X0: 146.1, Y0: 527.7, X1: 251.8, Y1: 635.4}},
			[]core.BBox{{X0: 146.1, Y0: 527.7, X1: 251.8, Y1: 635.5}}},
		{"two pictures a paragraph apart",
			[]core.BBox{strip(100, 300), strip(320, 500)},
			[]core.BBox{strip(100, 300), strip(320, 500)}},
		{"pictures of one width overlapping by half",
			[]core.BBox{strip(100, 300), strip(200, 400)},
			[]core.BBox{strip(100, 300), strip(200, 400)}},
		{"stacked pictures of other widths",
			[]core.BBox{{X0: 100, Y0: 100, X1: 300, Y1: 300}, {X0: 100, Y0: 300, X1: 400, Y1: 500}},
			[]core.BBox{{X0: 100, Y0: 100, X1: 300, Y1: 300}, {X0: 100, Y0: 300, X1: 400, Y1: 500}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := Page{Width: 612, Height: 792, ImageCoverage: 0.3, ImageBoxes: c.boxes}
			got := p.RegionBoxes()
			if len(got) != len(c.want) {
				t.Fatalf("regions %v, want %v", got, c.want)
			}
			for i := range got {
				if g, w := got[i], c.want[i]; math.Abs(g.X0-w.X0)+math.Abs(g.Y0-w.Y0)+math.Abs(g.X1-w.X1)+math.Abs(g.Y1-w.Y1) > 0.01 {
					t.Errorf("region %d %v, want %v", i, got[i], c.want[i])
				}
			}
		})
	}
}
