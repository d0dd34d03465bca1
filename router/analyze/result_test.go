package analyze

import (
	"context"
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
