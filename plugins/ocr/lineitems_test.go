package ocr

import (
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
)

// TestLineItems: words in Tesseract's order become one item a line, a
// line starting where the next word steps back to the left, lies under
// the line, stands in another part, or is noise; Japanese words run
// together, Korean ones keep a space.
func TestLineItems(t *testing.T) {
	t.Parallel()
	w := func(text string, x0, y0, x1, y1 int) pxWord {
		return pxWord{text: text, box: image.Rect(x0, y0, x1, y1), conf: 0.9}
	}
	got := lineItems([]pxWord{
		w("社会", 174, 164, 287, 220), w("の", 341, 164, 388, 220), w("環境", 407, 170, 516, 220),
		w("文化", 174, 260, 392, 302), w("と", 282, 256, 312, 314), w("時間", 311, 256, 395, 314),
	})
	var texts []string
	for _, l := range got {
		texts = append(texts, l.text)
	}
	if want := []string{"社会の環境", "文化と時間"}; !slices.Equal(texts, want) {
		t.Fatalf("lines %q, want %q", texts, want)
	}
	if want := image.Rect(174, 256, 395, 314); got[1].box != want {
		t.Errorf("second line's box %v, want %v", got[1].box, want)
	}
	// A word under the line, one in another part, and noise stand apart.
	split := lineItems([]pxWord{w("大学", 160, 182, 254, 234), w("報告", 725, 182, 818, 234),
		w("文書", 800, 300, 860, 340), {text: "午", box: image.Rect(870, 300, 900, 340), conf: 0.01},
		w("情報", 910, 300, 960, 340), {text: "列", box: image.Rect(970, 300, 1000, 340), conf: 0.9, part: 2}})
	texts = texts[:0]
	for _, l := range split {
		texts = append(texts, l.text)
	}
	if want := []string{"大学報告", "文書", "午", "情報", "列"}; !slices.Equal(texts, want) {
		t.Errorf("lines %q, want %q", texts, want)
	}
	// Korean spaces its words.
	korean := lineItems([]pxWord{w("한국어", 100, 100, 180, 140), w("문서", 200, 100, 260, 140)})
	if len(korean) != 1 || korean[0].text != "한국어 문서" {
		t.Errorf("Korean line %+v, want one line '한국어 문서'", korean)
	}
}

// TestReadsJapaneseHeadings reads the generated corpus's page of
// horizontal Japanese (two pages): Tesseract cuts its lines into words of a few
// signs whose boxes differ in height (kanji and kana), and its headings
// came apart ('結果' | 'のネットワーク') and paragraphs' last lines passed
// for headings (heading F1 0.06). Read a line at a time, its eight
// headings are whole, and its paragraphs as many as the page's.
func TestReadsJapaneseHeadings(t *testing.T) {
	dir := corpustest.Dir(t, "generated")
	e := engineFor(t, BackendAuto)
	if e.tess == nil {
		t.Skip("no Tesseract")
	}
	gt, err := os.ReadFile(filepath.Join(dir, "gt", "cjk-02.md"))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, l := range strings.Split(string(gt), "\n") {
		if strings.HasPrefix(l, "#") {
			want = append(want, strings.TrimSpace(strings.TrimLeft(l, "#")))
		}
	}
	var got []string
	var text strings.Builder
	blocks := 0
	for _, r := range extract(t, e, filepath.Join(dir, "pdf", "cjk-02.pdf"), nil, 1, 2) {
		blocks += len(r.Page.Blocks)
		for _, b := range r.Page.Blocks {
			if b.Kind == core.KindHeading {
				got = append(got, strings.ReplaceAll(b.Text(), " ", ""))
			}
			text.WriteString(b.Text())
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("headings %q, want %q", got, want)
	}
	if n, m := blocks, paragraphs(string(gt)); n != m {
		t.Errorf("%d blocks, want %d: a paragraph's blank was lost between loose boxes", n, m)
	}
	w, g := signs(string(gt)), signs(text.String())
	if r := float64(commonRun(w, g)) / float64(len(w)); r < minVerticalRecall {
		t.Errorf("%.3f of the document's signs read in order, want %.2f or more", r, minVerticalRecall)
	}
}

// paragraphs counts the blocks of a Markdown text: its lines that hold
// anything.
func paragraphs(md string) int {
	n := 0
	for _, l := range strings.Split(md, "\n") {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n
}
