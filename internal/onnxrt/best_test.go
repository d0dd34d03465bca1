package onnxrt_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/assay-pdf/assay/internal/onnxrt"
	"github.com/assay-pdf/assay/internal/onnxrt/onnxtest"
)

// classifier is a recogniser's head at opset 9: scores over 7 classes for
// each of 5 steps, made probabilities by Softmax (output "p").
func classifier() *onnxtest.Graph {
	g := onnxtest.New("head")
	g.SetOpset(9)
	g.Input("x", onnxtest.Float, 1, 5, 7)
	g.Output("p", onnxtest.Float, 1, 5, 7)
	g.Floats("s", nil, 3)
	g.Node("Mul", []string{"x", "s"}, []string{"m"})
	g.Node("Softmax", []string{"m"}, []string{"p"}, onnxtest.Int("axis", 2))
	return g
}

// Best adds an ArgMax and a ReduceMax of the output it names, as two more
// outputs after the model's own.
func TestFuseAddsBest(t *testing.T) {
	t.Parallel()
	best := onnxrt.Best{Output: "p", Axis: 2}
	fused, st, err := onnxrt.Fuse(classifier().Bytes(), best)
	if err != nil {
		t.Fatal(err)
	}
	if st != (onnxrt.FuseStats{Best: 1}) {
		t.Errorf("stats %+v", st)
	}
	want := map[string]int{"Mul": 1, "Softmax": 1, "ArgMax": 1, "ReduceMax": 1}
	if got := opCounts(t, fused); !maps.Equal(got, want) {
		t.Errorf("operators %v, want %v", got, want)
	}
	ins, outs, err := onnxrt.Names(fused)
	if err != nil || !slices.Equal(ins, []string{"x"}) || !slices.Equal(outs, []string{"p", "p/argmax", "p/max"}) {
		t.Errorf("names %v → %v, %v", ins, outs, err)
	}
	if best.ClassOutput() != "p/argmax" || best.ScoreOutput() != "p/max" {
		t.Errorf("output names %q %q", best.ClassOutput(), best.ScoreOutput())
	}
}

// A Best Fuse cannot add is an error, not a model without it.
func TestFuseRefusesBadBest(t *testing.T) {
	t.Parallel()
	model := classifier().Bytes()
	for _, b := range []onnxrt.Best{
		{Output: "q", Axis: 2},  // no such output
		{Output: "m", Axis: 2},  // a value, but not an output
		{Output: "p", Axis: -1}, // opset 9 counts axes from 0
	} {
		if _, _, err := onnxrt.Fuse(model, b); err == nil {
			t.Errorf("%+v: no error", b)
		}
	}
	if _, _, err := onnxrt.Fuse(model, onnxrt.Best{Output: "p", Axis: 2}, onnxrt.Best{Output: "p", Axis: 2}); err == nil {
		t.Error("the same Best twice: no error")
	}
}
