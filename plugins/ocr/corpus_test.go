package ocr

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/eval"
	"github.com/assay-pdf/assay/internal/corpustest"
	"github.com/assay-pdf/assay/merge"
	"github.com/assay-pdf/assay/output"
)

// The floors an OCR reading of the corpus's scans must reach. They come
// from what OCR of print is known to do, not from this engine's scores:
// Tesseract reads clean machine print at 200–300 dpi with 97–99% of the
// characters right, and the scans here (200 dpi renders of 10–12 pt text,
// with noise, blur, a few degrees of skew, and some languages read with
// a neighbour's model) cost a few points more. A reading with more than
// one character in seven wrong has lost something recognition noise does
// not explain: a line, a column, the page's rotation, its script.
const (
	// minTextSim is the least text similarity (1 - edit distance over
	// length, eval.TextSim) to the ground truth.
	minTextSim = 0.85
	// meanWordLength is about the letters of a word in the corpus's
	// languages (English 4.7, German 6); a word comes out whole only when
	// all its letters do.
	meanWordLength = 5
)

// minWordRecall is the share of ground-truth words a reading at the
// character floor still finds whole: minTextSim^meanWordLength (0.44).
var minWordRecall = math.Pow(minTextSim, meanWordLength)

// corpusDoc is a scanned document with its ground truth.
type corpusDoc struct {
	id, pdf, gt string
}

// scannedDocs lists the corpus's documents that need OCR: the generated
// set's scanned and mixed documents, and docling's OCR pages (upright and
// turned 90, 180 and 270 degrees), whose ground truth is docling's own
// Tesseract reading. ASSAY_OCR_CORPUS_DOCS keeps the ids holding it.
func scannedDocs(t *testing.T) []corpusDoc {
	t.Helper()
	c, err := eval.Load(corpustest.Dir(t, "generated"), eval.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	only := os.Getenv("ASSAY_OCR_CORPUS_DOCS")
	var docs []corpusDoc
	for _, d := range c.Docs {
		if (d.Category == "scanned" || d.Category == "mixed") && d.PDF != "" && strings.Contains(d.ID, only) {
			docs = append(docs, corpusDoc{d.ID, d.PDF, d.GT})
		}
	}
	gts, _ := filepath.Glob(filepath.Join(corpustest.Dir(t, "docling", "ocr"), "gt", "*.tesseract.full_page.md"))
	for _, gt := range gts {
		name := strings.TrimSuffix(filepath.Base(gt), ".tesseract.full_page.md")
		pdf := filepath.Join(filepath.Dir(filepath.Dir(gt)), "pdf", name+".pdf")
		if _, err := os.Stat(pdf); err == nil && strings.Contains("docling-"+name, only) {
			docs = append(docs, corpusDoc{"docling-" + name, pdf, gt})
		}
	}
	if len(docs) == 0 {
		t.Skip("no scanned documents in the corpus")
	}
	return docs
}

// TestCorpus reads the corpus's scanned documents with the engine as it
// is configured by default (backend auto) and checks every page is read
// and the text reaches the floors above. With ASSAY_OCR_CORPUS_OUT set it
// also writes each document's Markdown there, for
// python3 ../shared/score.py --batch.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("short: OCR of the corpus takes minutes")
	}
	docs := scannedDocs(t)
	e := engineFor(t, BackendAuto)
	out := os.Getenv("ASSAY_OCR_CORPUS_OUT")
	if out != "" {
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range docs {
		t.Run(d.id, func(t *testing.T) {
			md := readCorpusDoc(t, e, d.pdf)
			if out != "" {
				if err := os.WriteFile(filepath.Join(out, d.id+".md"), []byte(md), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			gt, err := os.ReadFile(d.gt)
			if err != nil {
				t.Fatal(err)
			}
			s := eval.Score(string(gt), md)
			t.Logf("text_sim %.3f, word recall %.3f", s.TextSim, s.WordRecall)
			if s.TextSim < minTextSim {
				t.Errorf("text similarity %.3f, want at least %.2f", s.TextSim, minTextSim)
			}
			if s.WordRecall < minWordRecall {
				t.Errorf("word recall %.3f, want at least %.2f", s.WordRecall, minWordRecall)
			}
		})
	}
}

// readCorpusDoc reads every page of pdf and returns the Markdown users
// get (headings, lists and tables; page headers and footers left out),
// failing t for a document error or a page that was not read.
func readCorpusDoc(t *testing.T, e *Engine, pdf string) string {
	t.Helper()
	n := pageCount(t, pdf)
	start := time.Now()
	byPage := map[int]core.PageResult{}
	for r, err := range e.Extract(context.Background(), &core.Request{Source: pdf, Pages: seq(n)}) {
		if err != nil {
			t.Fatalf("document error: %v", err)
		}
		if r.Status != core.StatusOK && r.Status != core.StatusDegraded {
			t.Errorf("page %d: %s: %v", r.Page.Number, r.Status, r.Err)
			continue
		}
		byPage[r.Page.Number] = r
	}
	if len(byPage) != n {
		t.Errorf("%d of %d pages read", len(byPage), n)
	}
	res := &merge.Result{Source: pdf}
	for p := 1; p <= n; p++ {
		if r, ok := byPage[p]; ok {
			res.Entries = append(res.Entries, merge.Entry{Number: p, Status: r.Status, Page: r.Page})
		}
	}
	var sb strings.Builder
	if err := output.Markdown(&sb, res, output.MarkdownOptions{}); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d pages in %v", n, time.Since(start).Round(time.Millisecond))
	return sb.String()
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i + 1
	}
	return s
}

func pageCount(t *testing.T, path string) int {
	t.Helper()
	e := engineFor(t, BackendTesseract)
	e.mu.Lock()
	r := e.renderer
	e.mu.Unlock()
	d, err := r.LoadFile(context.Background(), path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer d.Close()
	return d.NumPages()
}
