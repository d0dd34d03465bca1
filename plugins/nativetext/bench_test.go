package nativetext

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/assay-pdf/assay/core"
)

// BenchmarkExtract extracts every page of the docling and generated
// corpora once per iteration (router/analyze's BenchmarkAnalyze reads the
// same files).
func BenchmarkExtract(b *testing.B) {
	root := "../../../shared/corpus"
	if _, err := os.Stat(root); err != nil {
		b.Skip("no corpus")
	}
	var files []string
	for _, sub := range []string{"docling/pdf", "generated/pdf"} {
		fs, _ := filepath.Glob(filepath.Join(root, sub, "*.pdf"))
		files = append(files, fs...)
	}
	pages := make([]int, 1000)
	for i := range pages {
		pages[i] = i + 1
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			for _, err := range New().Extract(context.Background(), &core.Request{Source: f, Pages: pages}) {
				if err != nil {
					b.Fatal(f, err)
				}
			}
		}
	}
}

// BenchmarkExtractPapers extracts real papers of many pages (two-column
// text with included figures, annotations) from the robustness set: the
// generated documents above are small, and real papers allocate and sort
// more per page.
func BenchmarkExtractPapers(b *testing.B) {
	root := "../../../shared/corpus/robustness"
	names := []string{"tracemonkey_freetext.pdf", "comments.pdf", "pdkids.pdf", "calrgb.pdf"}
	for _, n := range names {
		if _, err := os.Stat(filepath.Join(root, n)); err != nil {
			b.Skip("no corpus")
		}
	}
	pages := map[string][]int{}
	for _, n := range names {
		count, err := New().CountPages(context.Background(), filepath.Join(root, n))
		if err != nil {
			b.Fatal(n, err)
		}
		for p := 1; p <= count; p++ {
			pages[n] = append(pages[n], p)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, n := range names {
			req := &core.Request{Source: filepath.Join(root, n), Pages: pages[n]}
			for r, err := range New().Extract(context.Background(), req) {
				if err != nil {
					b.Fatal(n, err)
				}
				if r.Status != core.StatusOK {
					b.Fatalf("%s page %d: %s", n, r.Page.Number, r.Status)
				}
			}
		}
	}
}
