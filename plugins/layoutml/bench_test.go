package layoutml

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
	"github.com/assay-pdf/assay/internal/onnxrt/onnxtest"
	"github.com/assay-pdf/assay/plugins/nativetext"
)

// bornDigital lists the generated corpus's born-digital documents.
func bornDigital(b *testing.B) []string {
	dir := corpustest.Dir(b, "generated", "pdf")
	all, _ := filepath.Glob(filepath.Join(dir, "*.pdf"))
	var out []string
	for _, f := range all {
		base := filepath.Base(f)
		if !strings.HasPrefix(base, "scanned") && !strings.HasPrefix(base, "corrupt") && !strings.HasPrefix(base, "mixed") {
			out = append(out, f)
		}
	}
	return out
}

// extractAll runs e over every page of every file and returns the pages.
func extractAll(b *testing.B, e core.Engine, files []string) (pages int, stageSum time.Duration) {
	all := make([]int, 200)
	for i := range all {
		all[i] = i + 1
	}
	for _, f := range files {
		for r, err := range e.Extract(context.Background(), &core.Request{Source: f, Pages: all}) {
			if err != nil {
				b.Fatal(f, err)
			}
			if r.Status == core.StatusOK {
				pages++
			}
			for _, ms := range r.Stages() {
				stageSum += time.Duration(ms * float64(time.Millisecond))
			}
		}
	}
	return pages, stageSum
}

// BenchmarkPagesPerSecond compares the geometric pipeline's pages per
// second with nativetext alone on the generated born-digital documents
// (target: at least half).
func BenchmarkPagesPerSecond(b *testing.B) {
	files := bornDigital(b)
	for _, c := range []struct {
		name string
		e    func() core.Engine
	}{
		{"nativetext", func() core.Engine { return nativetext.New() }},
		{"layoutml", func() core.Engine { return New() }},
	} {
		b.Run(c.name, func(b *testing.B) {
			pages := 0
			start := time.Now()
			for b.Loop() {
				n, _ := extractAll(b, c.e(), files)
				pages += n
			}
			b.ReportMetric(float64(pages)/time.Since(start).Seconds(), "pages/s")
		})
	}
}

// BenchmarkModelPipeline runs the pipeline with an ONNX layout model (the
// tiny test model: the work is the render and the text, the model run is
// cheap) over docling's multi-page papers and reports the sum of the
// pages' stage times over the wall time: above 1 means the stages
// overlapped.
func BenchmarkModelPipeline(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(corpustest.Dir(b, "docling", "pdf"), "*.pdf"))
	lib := onnxtest.Runtime(b)
	opts, _ := json.Marshal(map[string]any{"model": map[string]any{
		"model": regionModelFor(b), "format": "docling-rtdetr", "accelerator": "cpu", "onnxruntime_lib": lib,
	}})
	e := New()
	defer e.Close()
	if err := e.Configure(context.Background(), opts); err != nil {
		b.Fatal(err)
	}
	var sum time.Duration
	pages := 0
	start := time.Now()
	for b.Loop() {
		n, s := extractAll(b, e, files)
		pages, sum = pages+n, sum+s
	}
	wall := time.Since(start)
	b.ReportMetric(float64(pages)/wall.Seconds(), "pages/s")
	b.ReportMetric(sum.Seconds()/wall.Seconds(), "stage-sum/wall")
}
