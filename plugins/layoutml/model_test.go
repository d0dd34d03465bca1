package layoutml

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt/onnxtest"
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
