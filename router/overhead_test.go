package router_test

import (
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
	"github.com/assay-pdf/assay/plugins/nativetext"
	"github.com/assay-pdf/assay/router"
	"github.com/assay-pdf/assay/router/pluginhost"
)

// BenchmarkBrainOverhead measures what the router adds to nativetext on
// born-digital documents: for every PDF of ../shared/corpus/docling/pdf and
// generated/pdf, nativetext alone extracting every page (in process, keeping
// the pages as any caller of it would), then
// the router with the same engine in process and its default analysis,
// back to back so both see the same machine load. It reports
//
//	overhead-%    100 × (Σ router − Σ engine alone) / Σ engine alone (target < 5)
//	engine-ms/op  Σ nativetext alone per iteration
//	router-ms/op  Σ router per iteration
//
// The plugin package is imported here for this measurement only.
func BenchmarkBrainOverhead(b *testing.B) {
	files, counts := overheadCorpus(b)
	eng := nativetext.New()
	compareWithRouter(b, eng, files, counts, 0)
}

// BenchmarkBrainOverheadPlugin is BenchmarkBrainOverhead as Assay runs:
// nativetext in its own process behind the plugin host, called directly
// (the engine alone) and through the router, back to back per file.
func BenchmarkBrainOverheadPlugin(b *testing.B) {
	files, counts := overheadCorpus(b)
	dir := b.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(dir, pluginhost.ExecutablePrefix+"nativetext"), "../plugins/nativetext/cmd/assay-engine-nativetext")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("%v\n%s", err, out)
	}
	h := pluginhost.New(pluginhost.Config{Self: filepath.Join(dir, "none"), Dirs: []string{dir}})
	b.Cleanup(func() { _ = h.Close() })
	eng, err := h.Engine("nativetext")
	if err != nil {
		b.Fatal(err)
	}
	compareWithRouter(b, eng, files, counts, time.Minute)
}

// overheadCorpus lists the born-digital corpus PDFs and their page counts,
// skipping when ../shared/corpus is absent.
func overheadCorpus(b *testing.B) ([]string, []int) {
	root := corpustest.Dir(b)
	var files []string
	for _, sub := range []string{"docling/pdf", "generated/pdf"} {
		fs, _ := filepath.Glob(filepath.Join(root, sub, "*.pdf"))
		files = append(files, fs...)
	}
	counts := make([]int, len(files))
	counter := router.New(router.Config{}, router.RegistryFunc(func(string) (core.Engine, error) { return nativetext.New(), nil }))
	for i, f := range files {
		info, err := counter.Open(b.Context(), f)
		if err != nil {
			b.Fatal(f, err)
		}
		counts[i] = info.Pages
	}
	return files, counts
}

// compareWithRouter times, per file and back to back, eng extracting every
// page (keeping the pages, as any caller would) and the router doing the
// same through eng, and reports the router's overhead.
func compareWithRouter(b *testing.B, eng core.Engine, files []string, counts []int, pageTimeout time.Duration) {
	ctx := b.Context()
	reg := router.RegistryFunc(func(string) (core.Engine, error) { return eng, nil })
	rt := router.New(router.Config{Plan: router.FixedPlan([]string{"nativetext"}), Estimates: router.LoadEstimates("")}, reg)
	if _, err := rt.Extract(ctx, files[0], nil); err != nil { // start a plugin outside the timing
		b.Fatal(err)
	}
	var alone, routed time.Duration
	b.ResetTimer()
	for b.Loop() {
		for i, f := range files {
			pages, _ := router.ParsePages("", counts[i])
			t0 := time.Now()
			doc := make([]core.PageResult, 0, len(pages))
			for pr, err := range eng.Extract(ctx, &core.Request{Source: f, Pages: pages, PageTimeout: pageTimeout}) {
				if err != nil {
					b.Fatal(f, err)
				}
				doc = append(doc, pr)
			}
			t1 := time.Now()
			if _, err := rt.Extract(ctx, f, pages); err != nil {
				b.Fatal(f, err)
			}
			alone += t1.Sub(t0)
			routed += time.Since(t1)
			_ = doc
		}
	}
	b.ReportMetric(100*float64(routed-alone)/float64(alone), "overhead-%")
	b.ReportMetric(float64(alone.Milliseconds())/float64(b.N), "engine-ms/op")
	b.ReportMetric(float64(routed.Milliseconds())/float64(b.N), "router-ms/op")
}
