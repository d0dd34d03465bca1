package ocr

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/merge"
	"github.com/assay-pdf/assay/output"
)

// TestCorpus writes Markdown for the scanned documents of ../shared/corpus,
// one folder per backend, for python3 ../shared/score.py --batch. It runs
// only when ASSAY_OCR_CORPUS_OUT names the output folder (make
// bench-quality sets it).
func TestCorpus(t *testing.T) {
	out := os.Getenv("ASSAY_OCR_CORPUS_OUT")
	if out == "" {
		t.Skip("set ASSAY_OCR_CORPUS_OUT to write the corpus predictions")
	}
	root := filepath.Join("..", "..", "..", "shared", "corpus")
	if d := os.Getenv("ASSAY_CORPUS"); d != "" {
		root = d
	}
	raw, err := os.ReadFile(filepath.Join(root, "generated", "manifest.json"))
	if err != nil {
		t.Skipf("no corpus: %v", err)
	}
	var m struct {
		Docs []struct {
			ID, Category, Path string
			Pages              int
		}
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	type doc struct{ id, path string }
	var docs []doc
	only := os.Getenv("ASSAY_OCR_CORPUS_DOCS") // a substring of the ids to run
	for _, d := range m.Docs {
		if (d.Category == "scanned" || d.Category == "mixed") && strings.Contains(d.ID, only) {
			docs = append(docs, doc{d.ID, filepath.Join(root, "generated", d.Path)})
		}
	}
	ocrPDFs, _ := filepath.Glob(filepath.Join(root, "docling", "ocr", "pdf", "*.pdf"))
	for _, p := range ocrPDFs {
		if !strings.Contains("docling-"+filepath.Base(p), only) {
			continue
		}
		docs = append(docs, doc{"docling-" + strings.TrimSuffix(filepath.Base(p), ".pdf"), p})
	}
	backends := []string{BackendTesseract, BackendPaddle}
	if b := os.Getenv("ASSAY_OCR_BACKENDS"); b != "" {
		backends = strings.Split(b, ",")
	}
	for _, backend := range backends {
		e := engineFor(t, backend)
		dir := filepath.Join(out, backend)
		os.MkdirAll(dir, 0o755)
		var pages int
		start := time.Now()
		for _, d := range docs {
			n := pageCount(t, d.path)
			req := &core.Request{Source: d.path, Pages: seq(n)}
			docStart := time.Now()
			byPage := map[int]core.PageResult{}
			for res, err := range e.Extract(context.Background(), req) {
				if err != nil {
					t.Errorf("%s: %v", d.id, err)
					break
				}
				byPage[res.Page.Number] = res
				pages++
			}
			// The Markdown writer, as users get it: headings, lists and
			// pipe tables, page headers and footers left out.
			res := &merge.Result{Source: d.path}
			for p := 1; p <= n; p++ {
				if r, ok := byPage[p]; ok {
					res.Entries = append(res.Entries, merge.Entry{Number: p, Status: r.Status, Page: r.Page})
				}
			}
			var sb strings.Builder
			if err := output.Markdown(&sb, res, output.MarkdownOptions{}); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, d.id+".md"), []byte(sb.String()), 0o644)
			t.Logf("%s %s: %d pages in %v", backend, d.id, n, time.Since(docStart).Round(time.Millisecond))
		}
		t.Logf("%s: %d pages in %v (%.2f s/page, pages in parallel)", backend, pages, time.Since(start), time.Since(start).Seconds()/float64(pages))
	}
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i + 1
	}
	return s
}

func pageCount(t *testing.T, path string) int {
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
