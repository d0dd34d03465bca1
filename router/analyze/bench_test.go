package analyze

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/assay-pdf/assay/internal/corpustest"
)

// BenchmarkAnalyze analyses every PDF of the docling and generated
// corpora once per iteration. Compare with nativetext's BenchmarkExtract,
// which extracts the same files.
func BenchmarkAnalyze(b *testing.B) {
	root := corpustest.Dir(b)
	var files []string
	for _, sub := range []string{"docling/pdf", "generated/pdf"} {
		fs, _ := filepath.Glob(filepath.Join(root, sub, "*.pdf"))
		files = append(files, fs...)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			if _, err := Document(context.Background(), f, Options{}); err != nil {
				b.Fatal(f, err)
			}
		}
	}
}
