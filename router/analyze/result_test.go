package analyze

import (
	"context"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
	"github.com/assay-pdf/assay/plugins/nativetext"
)

// TestFromResult rebuilds facts from real readings, and refuses results
// without facts.
func TestFromResult(t *testing.T) {
	t.Parallel()
	path := pdftest.OnePage("", imageRes, text+" q 300 0 0 200 50 50 cm /Im1 Do Q", imageObj).Write(t)
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
