package layoutml

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt/onnxtest"
	"github.com/assay-pdf/assay/plugins/layoutml/detect"
)

// regionModelFor writes a docling RT-DETR-like model (labels with
// background first) that finds three regions on any page: a page header
// over the title of testdata/simple.pdf (y 54-76 of 792), a section header
// over its last line (y 385-394) and text over its first paragraph
// (y 127-166).
func regionModelFor(t testing.TB) string {
	return onnxtest.RTDETRRegions(t, t.TempDir(), 32,
		onnxtest.Detection{Label: 6, Box: [4]float32{0.1, 0.06, 0.7, 0.1}},     // Page-header
		onnxtest.Detection{Label: 8, Box: [4]float32{0.1, 0.48, 0.5, 0.5}},     // Section-header
		onnxtest.Detection{Label: 10, Box: [4]float32{0.1, 0.155, 0.7, 0.215}}) // Text
}

func TestModelRegionsGiveBlockKinds(t *testing.T) {
	t.Parallel()
	lib := onnxtest.Runtime(t)
	opts, _ := json.Marshal(map[string]any{"model": map[string]any{
		"model": regionModelFor(t), "format": "docling-rtdetr", "accelerator": "cpu", "onnxruntime_lib": lib,
	}})
	e := New()
	defer e.Close()
	ctx := context.Background()
	if err := e.Configure(ctx, opts); err != nil {
		t.Fatal(err)
	}
	info, _ := e.Describe(ctx)
	if !strings.Contains(info.Description, "docling-rtdetr on cpu") {
		t.Errorf("description %q does not name the detector and provider", info.Description)
	}
	res := collectPages(t, e, &core.Request{Source: testdata("simple.pdf"), Pages: []int{1}})
	if len(res) != 1 || res[0].Status != core.StatusOK {
		t.Fatalf("answers %+v", res)
	}
	kinds := map[string]core.BlockKind{}
	for _, b := range res[0].Page.Blocks {
		kinds[strings.Join(strings.Fields(b.Text()), " ")] = b.Kind
	}
	for text, want := range map[string]core.BlockKind{
		"Quarterly Extraction Report":                     core.KindPageHeader,
		"Prepared by the extraction team, November 2026.": core.KindHeading,
		"2. Findings": core.KindHeading, // in no region: the geometric kind stays
	} {
		if got := kinds[text]; got != want {
			t.Errorf("%q is %q; want %q (blocks %v)", text, got, want, kinds)
		}
	}
	if res[0].Stats["regions"] != 3 {
		t.Errorf("regions stat %v; want 3", res[0].Stats["regions"])
	}
}

// TestOptionsBesideTheModelKeepItLoaded: the router adds keys to a call's
// options ("workers", "coarse_images") that differ from call to call; the
// detector loaded for the same model settings stays, and another model
// replaces it.
func TestOptionsBesideTheModelKeepItLoaded(t *testing.T) {
	t.Parallel()
	lib := onnxtest.Runtime(t)
	model := map[string]any{"model": regionModelFor(t), "format": "docling-rtdetr", "accelerator": "cpu", "onnxruntime_lib": lib}
	e := New()
	defer e.Close()
	ctx := context.Background()
	configure := func(opts map[string]any) *detect.ONNX {
		t.Helper()
		raw, _ := json.Marshal(opts)
		if err := e.Configure(ctx, raw); err != nil {
			t.Fatal(err)
		}
		e.mu.Lock()
		defer e.mu.Unlock()
		return e.model
	}
	first := configure(map[string]any{"model": model})
	if first == nil {
		t.Fatal("no detector loaded")
	}
	for _, extra := range []map[string]any{
		{"model": model, "workers": 1},
		{"model": model, "workers": 2, "coarse_images": []int{1}},
		{"model": model, "batch": map[string]int{"layout": 2}, "queue": 8},
	} {
		if got := configure(extra); got != first {
			t.Errorf("options %v reloaded the detector", extra)
		}
	}
	other := map[string]any{"model": regionModelFor(t), "format": "docling-rtdetr", "accelerator": "cpu", "onnxruntime_lib": lib}
	if got := configure(map[string]any{"model": other}); got == first || got == nil {
		t.Error("another model file did not replace the detector")
	}
}
