//go:build cgo

package onnxrt_test

import (
	"math"
	"os"
	"path/filepath"
	"slices"
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

// The outputs Best adds are the first index of the largest probability
// of each step and that probability, as a loop over the model's own
// output finds them.
func TestBestComputesArgmax(t *testing.T) {
	onnxtest.Runtime(t)
	t.Parallel()
	best := onnxrt.Best{Output: "p", Axis: 2}
	fused, _, err := onnxrt.Fuse(classifier().Bytes(), best)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "m.onnx")
	if err := os.WriteFile(path, fused, 0o644); err != nil {
		t.Fatal(err)
	}
	names := []string{"p", best.ClassOutput(), best.ScoreOutput()}
	s, _, err := onnxrt.NewSession(path, []string{"x"}, names, onnxrt.CPU, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Destroy()
	// Step 3 has two equal scores (classes 1 and 4): the first wins.
	x := ramp(5*7, 0.37)
	x[3*7+1], x[3*7+4] = 9, 9
	in, err := ort.NewTensor(ort.NewShape(1, 5, 7), x)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Destroy()
	outs := []ort.Value{nil, nil, nil}
	if err := s.Run([]ort.Value{in}, outs); err != nil {
		t.Fatal(err)
	}
	defer func() {
		for _, o := range outs {
			o.Destroy()
		}
	}()
	probs := outs[0].(*ort.Tensor[float32]).GetData()
	classes, ok := outs[1].(*ort.Tensor[int64])
	scores, ok2 := outs[2].(*ort.Tensor[float32])
	if !ok || !ok2 {
		t.Fatalf("outputs %T, %T: want int64 and float32", outs[1], outs[2])
	}
	if sh := classes.GetShape(); !slices.Equal(sh, ort.NewShape(1, 5)) {
		t.Errorf("class shape %v, want [1 5]", sh)
	}
	for step := range 5 {
		row := probs[step*7 : (step+1)*7]
		k := 0
		for j := range row {
			if row[j] > row[k] {
				k = j
			}
		}
		if got := classes.GetData()[step]; got != int64(k) || scores.GetData()[step] != row[k] {
			t.Errorf("step %d: best %d (%g), want %d (%g)", step, got, scores.GetData()[step], k, row[k])
		}
	}
	if classes.GetData()[3] != 1 {
		t.Errorf("tie at step 3 went to class %d, want the first (1)", classes.GetData()[3])
	}
}
