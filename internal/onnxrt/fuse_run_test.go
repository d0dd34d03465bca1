//go:build cgo

package onnxrt_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	ort "github.com/yalue/onnxruntime_go"

	"github.com/assay-pdf/assay/internal/onnxrt"
	"github.com/assay-pdf/assay/internal/onnxrt/onnxtest"
)

// The fused block computes what the block as exported computes, at both
// opsets, to float rounding.
func TestFusedBlockComputesTheSame(t *testing.T) {
	onnxtest.Runtime(t)
	t.Parallel()
	x := ramp(2*6*7, 0.09)
	for _, opset := range []int64{13, 14} {
		model := lcnetBlock(opset).Bytes()
		fused, _, err := onnxrt.Fuse(model)
		if err != nil {
			t.Fatal(err)
		}
		want := runBlock(t, model, x)
		got := runBlock(t, fused, x)
		for name := range want {
			worst, scale := 0.0, 0.0
			for i := range want[name] {
				worst = math.Max(worst, math.Abs(float64(got[name][i]-want[name][i])))
				scale = math.Max(scale, math.Abs(float64(want[name][i])))
			}
			if worst > 1e-6*scale || scale < 1 {
				t.Errorf("opset %d, %s: fused differs by up to %g in values up to %g", opset, name, worst, scale)
			}
		}
	}
}

// runBlock runs an lcnetBlock model on x and returns its outputs y and z.
func runBlock(t *testing.T, model []byte, x []float32) map[string][]float32 {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m.onnx")
	if err := os.WriteFile(path, model, 0o644); err != nil {
		t.Fatal(err)
	}
	s, _, err := onnxrt.NewSession(path, []string{"x"}, []string{"y", "z"}, onnxrt.CPU, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Destroy()
	in, err := ort.NewTensor(ort.NewShape(1, 2, 6, 7), x)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Destroy()
	outs := []ort.Value{nil, nil}
	if err := s.Run([]ort.Value{in}, outs); err != nil {
		t.Fatal(err)
	}
	res := map[string][]float32{}
	for i, name := range []string{"y", "z"} {
		res[name] = append([]float32(nil), outs[i].(*ort.Tensor[float32]).GetData()...)
		outs[i].Destroy()
	}
	return res
}
