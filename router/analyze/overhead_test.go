package analyze

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
	"github.com/assay-pdf/assay/plugins/nativetext"
)

// overheadFiles are the born-digital corpora the target is
// stated on.
func overheadFiles(tb testing.TB) []string {
	root := corpustest.Dir(tb)
	var files []string
	for _, sub := range []string{"docling/pdf", "generated/pdf"} {
		fs, _ := filepath.Glob(filepath.Join(root, sub, "*.pdf"))
		files = append(files, fs...)
	}
	if len(files) == 0 {
		tb.Skip("no corpus PDFs")
	}
	return files
}

// extractAll runs the nativetext engine in process over every page.
func extractAll(ctx context.Context, path string, pages []int) error {
	for _, err := range nativetext.New().Extract(ctx, &core.Request{Source: path, Pages: pages}) {
		if err != nil {
			return err
		}
	}
	return nil
}

// BenchmarkOverhead measures what the target means: for every
// file, the time of Document against the time of nativetext extracting
// all its pages (in process, so without the plugin's start-up and wire,
// which only make the ratio smaller). Each iteration times both, one
// after the other, per file, so that both see the same machine load. It
// reports
//
//	overhead-%      100 × Σ analysis / Σ extraction (the target: < 5)
//	worst-file-%    the largest per-file ratio, over the per-file sums
//	analyze-ms/op   Σ analysis per iteration
//	extract-ms/op   Σ extraction per iteration
//
// and, with -v, the five worst files. This is a measurement only: the
// plugin package is imported by this test for it and nowhere else.
func BenchmarkOverhead(b *testing.B) {
	files := overheadFiles(b)
	ctx := context.Background()
	pages := make([][]int, len(files))
	for i, f := range files {
		rep, err := Document(ctx, f, Options{})
		if err != nil {
			b.Fatal(f, err)
		}
		for n := 1; n <= rep.Pages; n++ {
			pages[i] = append(pages[i], n)
		}
		if err := extractAll(ctx, f, pages[i]); err != nil { // warm up
			b.Fatal(f, err)
		}
	}
	an := make([]time.Duration, len(files))
	ex := make([]time.Duration, len(files))
	for b.Loop() {
		for i, f := range files {
			start := time.Now()
			if _, err := Document(ctx, f, Options{}); err != nil {
				b.Fatal(f, err)
			}
			mid := time.Now()
			if err := extractAll(ctx, f, pages[i]); err != nil {
				b.Fatal(f, err)
			}
			an[i] += mid.Sub(start)
			ex[i] += time.Since(mid)
		}
	}
	var sa, se time.Duration
	type row struct {
		file  string
		ratio float64
	}
	rows := make([]row, len(files))
	for i := range files {
		sa += an[i]
		se += ex[i]
		rows[i] = row{filepath.Base(files[i]), float64(an[i]) / float64(ex[i])}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].ratio > rows[j].ratio })
	n := float64(b.N)
	b.ReportMetric(100*float64(sa)/float64(se), "overhead-%")
	b.ReportMetric(100*rows[0].ratio, "worst-file-%")
	b.ReportMetric(float64(sa.Milliseconds())/n, "analyze-ms/op")
	b.ReportMetric(float64(se.Milliseconds())/n, "extract-ms/op")
	var sb strings.Builder
	for _, r := range rows[:min(5, len(rows))] {
		fmt.Fprintf(&sb, "\n  %-36s %5.1f%%", r.file, 100*r.ratio)
	}
	b.Logf("worst files:%s", sb.String())
}
