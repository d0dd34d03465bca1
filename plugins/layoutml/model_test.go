package layoutml

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt/onnxtest"
)

// regionModel writes a docling RT-DETR-like model (labels with background
// first) that finds three regions on any page, in normalised page
// coordinates: a page header over the title of testdata/simple.pdf, a
// section header over its last line and text over its first paragraph.
// Scores depend on the input pixels times zero, so the render is read.
func regionModel(t *testing.T) string { return regionModelFor(t) }

// regionModelFor is regionModel for any test or benchmark.
func regionModelFor(t testing.TB) string {
	g := onnxtest.New("regions")
	g.Input("images", onnxtest.Float, -1, 3, 32, 32)
	g.Input("orig_target_sizes", onnxtest.Int64, -1, 2)
	g.Output("labels", onnxtest.Int64, -1, 3)
	g.Output("boxes", onnxtest.Float, -1, 3, 4)
	g.Output("scores", onnxtest.Float, -1, 3)
	g.Int64s("shape_n1", []int64{2}, -1, 1)
	g.Int64s("shape_n14", []int64{3}, -1, 1, 4)
	g.Floats("zeros", []int64{1, 3}, 0, 0, 0)
	g.Floats("score_base", []int64{1, 3}, 0.9, 0.9, 0.9)
	g.Int64s("label_base", []int64{1, 3}, 6, 8, 10) // Page-header, Section-header, Text
	g.Floats("norm_boxes", []int64{1, 3, 4},
		0.1, 0.06, 0.7, 0.1, // the title, y 54-76 of 792
		0.1, 0.48, 0.5, 0.5, // the last line, y 385-394
		0.1, 0.155, 0.7, 0.215) // the first paragraph, y 127-166
	g.Node("ReduceMean", []string{"images"}, []string{"m"}, onnxtest.Ints("axes", 1, 2, 3))
	g.Node("Reshape", []string{"m", "shape_n1"}, []string{"m2"})
	g.Node("Mul", []string{"m2", "zeros"}, []string{"z"})
	g.Node("Add", []string{"z", "score_base"}, []string{"scores"})
	g.Node("Cast", []string{"z"}, []string{"zi"}, onnxtest.Int("to", int64(onnxtest.Int64)))
	g.Node("Add", []string{"zi", "label_base"}, []string{"labels"})
	g.Node("Cast", []string{"orig_target_sizes"}, []string{"sf"}, onnxtest.Int("to", int64(onnxtest.Float)))
	g.Node("Concat", []string{"sf", "sf"}, []string{"sf4"}, onnxtest.Int("axis", 1))
	g.Node("Reshape", []string{"sf4", "shape_n14"}, []string{"sf4r"})
	g.Node("Mul", []string{"sf4r", "norm_boxes"}, []string{"boxes"})
	return g.Write(t, t.TempDir(), "regions.onnx")
}

func TestModelRegionsGiveBlockKinds(t *testing.T) {
	t.Parallel()
	lib := onnxtest.Runtime(t)
	opts, _ := json.Marshal(map[string]any{"model": map[string]any{
		"model": regionModel(t), "format": "docling-rtdetr", "accelerator": "cpu", "onnxruntime_lib": lib,
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
