package ocr

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/render"
)

// TestReadAroundTheProbe reads a scanned page of English around its
// probe (readPainted, as read does a page of one column), and checks that
// the probe's lines are read once: the page's reading finds nothing more
// where the probe's words were painted out (no edge of a letter left to
// read as a mark, no word twice), and with the probe's words put back it
// reads what a whole reading reads.
func TestReadAroundTheProbe(t *testing.T) {
	ctx := t.Context()
	j, tw, cp, pr := probePage(t, "columns.pdf")
	if pr.verdict != readingGood || len(pr.words) < minJudgedWords {
		t.Fatalf("probe: verdict %v, %d words; want an English band of %d words or more", pr.verdict, len(pr.words), minJudgedWords)
	}
	got, err := j.readPainted(ctx, tw, cp.cleaned, probeDPI, pr)
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
	whole, err := j.tess.recognize(ctx, tw, cp.cleaned, probeDPI, []string{fastLatin}, pr.scale)
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

// probeDPI is the resolution of the scanned fixtures that probePage reads.
const probeDPI = 200

// probePage prepares page 1 of the fixture file as read does, upright
// and cleaned, and reads its probe. The worker is released when t ends.
func probePage(t *testing.T, file string) (*job, *tessWorker, *cleanPage, probeResult) {
	t.Helper()
	e := engineFor(t, BackendTesseract)
	ctx := t.Context()
	file = testdata(file)
	j, err := e.prepare(ctx, &core.Request{Source: file})
	if err != nil {
		t.Fatal(err)
	}
	if j.doc, err = j.r.LoadFile(ctx, file); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.doc.Close() })
	img, _, err := j.pageImage(ctx, 1, render.Options{DPI: probeDPI, Gray: true}, map[string]float64{})
	if err != nil {
		t.Fatal(err)
	}
	tw, err := j.tess.acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.tess.release(tw) })
	stats := map[string]float64{}
	cp := j.clean(img, 0, probeDPI, true, newStageClock(stats), stats)
	pr, err := j.probeLatin(ctx, tw, cp.cleaned, probeDPI, stats)
	if err != nil {
		t.Fatal(err)
	}
	return j, tw, cp, pr
}

// TestProbeReadsColumnsApart reads the probe of a page whose two columns'
// lines sit half a line apart (testdata/ocr/src/columns-offset.ps). Read
// as one band, Tesseract found no gutter in its few lines and took a row
// of each column for one line: words two rows tall, mixing the letters of
// both rows into words the page does not have. Read column by column,
// every word of the probe is a word of the page, and none is taller than
// a line.
func TestProbeReadsColumnsApart(t *testing.T) {
	_, _, _, pr := probePage(t, "columns-offset.pdf")
	if len(pr.words) < minJudgedWords {
		t.Fatalf("probe read %d words, want %d or more", len(pr.words), minJudgedWords)
	}
	checkColumnWords(t, "probe", pr.words)
}

// checkColumnWords checks the words read on columns-offset.pdf (at
// probeDPI): they are words of the page's text, but for a letter misread
// here and there on a noisy scan (at most maxForeignShare of them), and no
// word of the columns is two rows tall. A row of each column read as one
// line makes words of the letters of both rows: the page read as one
// block left 69 of 431 words the page does not have.
func checkColumnWords(t *testing.T, what string, words []pxWord) {
	t.Helper()
	src, err := os.ReadFile(testdata("src/columns-offset.ps"))
	if err != nil {
		t.Fatal(err)
	}
	page := map[string]bool{}
	for _, m := range regexp.MustCompile(`\(([^)]*)\)`).FindAllStringSubmatch(string(src), -1) {
		for _, f := range strings.Fields(m[1]) {
			page[normWord(f)] = true
		}
	}
	var hs []float64
	for _, w := range words {
		hs = append(hs, float64(w.box.Dy()))
	}
	line := median(hs)
	top := columnsTopPt * probeDPI / 72
	var foreign, tall []string
	for _, w := range words {
		if !page[normWord(w.text)] {
			foreign = append(foreign, w.text)
		}
		if w.box.Min.Y > top && float64(w.box.Dy()) > maxWordRows*line {
			tall = append(tall, fmt.Sprintf("%s %v", w.text, w.box))
		}
	}
	if float64(len(foreign)) > maxForeignShare*float64(len(words)) {
		t.Errorf("%s read %d of %d words the page does not have: %q", what, len(foreign), len(words), foreign)
	}
	if len(tall) > 0 {
		t.Errorf("%s read %d words of the columns taller than %v of the median word (%v px): %q", what, len(tall), maxWordRows, line, tall)
	}
}

// columnsTopPt: the columns of columns-offset.ps lie below this (points
// from the top), the title above.
const columnsTopPt = 80

// maxWordRows: a box of two rows is about twice the median word's height,
// which a word with ascenders and descenders stays well within.
const maxWordRows = 1.8

// maxForeignShare: the share of misread words a scan of clean print may
// leave.
const maxForeignShare = 0.02

func normWord(s string) string { return strings.Trim(strings.ToLower(s), ".,;:!?\"'()") }

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

// TestLatinAfterAll: a page whose probe band English reads poorly, and
// that OSD names Cyrillic, is Latin print all the same where the
// Cyrillic model reads the band with less confidence than English (a
// scanned German form came out as 'Коһгдаѕ АС Езѕеп' for 'Ruhrgas AG
// Essen'); a Russian page is Cyrillic.
func TestLatinAfterAll(t *testing.T) {
	for _, c := range []struct {
		file  string
		latin bool
	}{
		{"columns.pdf", true},
		{"../scripts/ces.pdf", true},
		{"../scripts/rus.pdf", false},
	} {
		t.Run(c.file, func(t *testing.T) {
			j, tw, _, pr := probePage(t, c.file)
			if len(pr.words) < minJudgedWords {
				t.Fatalf("the probe read %d words; want %d or more to judge", len(pr.words), minJudgedWords)
			}
			stats := map[string]float64{}
			got, err := j.latinAfterAll(t.Context(), tw, pr.band, probeDPI, pr.words, "Cyrillic", stats)
			if err != nil {
				t.Fatal(err)
			}
			_, latin := doubt(pr.words)
			t.Logf("English %.2f, Cyrillic %.2f", latin, stats["probe_conf_cyrillic"])
			if got != c.latin {
				t.Errorf("Latin after all: %v, want %v (English's confidence %.2f, Cyrillic's %.2f)", got, c.latin, latin, stats["probe_conf_cyrillic"])
			}
		})
	}
}
