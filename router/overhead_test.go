package router_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/nativetext"
	"github.com/assay-pdf/assay/router"
)

// BenchmarkBrainOverhead measures what the router adds to nativetext on
// born-digital documents: for every PDF of ../shared/corpus/docling/pdf and
// generated/pdf, nativetext alone extracting every page (in process), then
// the router with the same engine in process and its default analysis,
// back to back so both see the same machine load. It reports
//
//	overhead-%    100 × (Σ router − Σ engine alone) / Σ engine alone (target < 5)
//	engine-ms/op  Σ nativetext alone per iteration
//	router-ms/op  Σ router per iteration
//
// The plugin package is imported here for this measurement only.
func BenchmarkBrainOverhead(b *testing.B) {
	var files []string
	for _, sub := range []string{"docling/pdf", "generated/pdf"} {
		fs, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpus", sub, "*.pdf"))
		files = append(files, fs...)
	}
	if len(files) == 0 {
		b.Skip("../shared/corpus is absent")
	}
	ctx := b.Context()
	counts := make([]int, len(files))
	for i, f := range files {
		info, err := router.Open(ctx, f)
		if err != nil {
			b.Fatal(f, err)
		}
		counts[i] = info.Pages
	}
	eng := nativetext.New()
	reg := router.RegistryFunc(func(string) (core.Engine, error) { return eng, nil })
	rt := router.New(router.Config{Plan: router.FixedPlan([]string{"nativetext"}), Estimates: router.LoadEstimates("")}, reg)
	var alone, routed time.Duration
	b.ResetTimer()
	for b.Loop() {
		for i, f := range files {
			pages, _ := router.ParsePages("", counts[i])
			t0 := time.Now()
			for _, err := range eng.Extract(ctx, &core.Request{Source: f, Pages: pages}) {
				if err != nil {
					b.Fatal(f, err)
				}
			}
			t1 := time.Now()
			if _, err := rt.Extract(ctx, f, pages); err != nil {
				b.Fatal(f, err)
			}
			alone += t1.Sub(t0)
			routed += time.Since(t1)
		}
	}
	b.ReportMetric(100*float64(routed-alone)/float64(alone), "overhead-%")
	b.ReportMetric(float64(alone.Milliseconds())/float64(b.N), "engine-ms/op")
	b.ReportMetric(float64(routed.Milliseconds())/float64(b.N), "router-ms/op")
}
