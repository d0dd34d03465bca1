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
