package ocr

import (
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/render"
)

// TestReadAroundTheProbe reads a scanned page of English the way read
// does, probe first, and checks that the probe's lines are read once: the
// page's reading finds nothing more where the probe's words were painted
// out (no edge of a letter left to read as a mark, no word twice), and
// with the probe's words put back it reads what a whole reading reads.
func TestReadAroundTheProbe(t *testing.T) {
	e := engineFor(t, BackendTesseract)
	ctx := t.Context()
	file := testdata("columns.pdf")
	j, err := e.prepare(ctx, &core.Request{Source: file})
	if err != nil {
		t.Fatal(err)
	}
	if j.doc, err = j.r.LoadFile(ctx, file); err != nil {
		t.Fatal(err)
	}
	defer j.doc.Close()
	const dpi = 200
	img, _, err := j.pageImage(ctx, 1, render.Options{DPI: dpi, Gray: true}, map[string]float64{})
	if err != nil {
		t.Fatal(err)
	}
	tw, err := j.tess.acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer j.tess.release(tw)
	stats := map[string]float64{}
	cp := j.clean(img, 0, dpi, true, newStageClock(stats), stats)
	pr, err := j.probeLatin(ctx, tw, cp.cleaned, dpi, stats)
	if err != nil {
		t.Fatal(err)
	}
	if pr.verdict != readingGood || len(pr.words) < minJudgedWords {
		t.Fatalf("probe: verdict %v, %d words; want an English band of %d words or more", pr.verdict, len(pr.words), minJudgedWords)
	}
	got, err := j.readAround(ctx, tw, cp.cleaned, dpi, pr)
	if err != nil {
		t.Fatal(err)
	}
	rows := pr.band.Rect
	inBand := 0
	for _, w := range got {
		if c := (w.box.Min.Y + w.box.Max.Y) / 2; c >= rows.Min.Y && c < rows.Max.Y {
			inBand++
		}
	}
	if inBand != len(pr.words) {
		t.Errorf("%d words read in the probe's rows, want the probe's %d", inBand, len(pr.words))
	}
	whole, err := j.tess.recognize(ctx, tw, cp.cleaned, dpi, []string{fastLatin}, pr.scale)
	if err != nil {
		t.Fatal(err)
	}
	a, b := wordsText(whole), wordsText(got)
	if r := recall(a, b); r < minAroundRecall {
		t.Errorf("reading around the probe has %.3f of a whole reading's words, want %v", r, minAroundRecall)
	}
	if r := recall(b, a); r < minAroundRecall {
		t.Errorf("a whole reading has %.3f of the words read around the probe, want %v", r, minAroundRecall)
	}
}

// minAroundRecall: Tesseract reads a line alone or among others a word or
// two apart on a page of some 300 words.
const minAroundRecall = 0.98

func wordsText(ws []pxWord) string {
	var b strings.Builder
	for _, w := range ws {
		b.WriteString(w.text)
		b.WriteByte(' ')
	}
	return b.String()
}
