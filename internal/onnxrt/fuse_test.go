package onnxrt_test

import (
	"maps"
	"slices"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/assay-pdf/assay/internal/onnxrt"
	"github.com/assay-pdf/assay/internal/onnxrt/onnxtest"
)

// lcnetBlock writes, at opset, the shapes Paddle2ONNX gives a PP-LCNetV3
// block, constants first: a padded convolution, a scale and shift per
// channel, x·clip(x+3, 0, 6)/6, a scale and shift per tensor, then a
// pointwise convolution (output "y") and a padded depthwise one ("z").
func lcnetBlock(opset int64) *onnxtest.Graph {
	g := onnxtest.New("lcnet")
	g.SetOpset(opset)
	g.Input("x", onnxtest.Float, 1, 2, 6, 7)
	g.Output("y", onnxtest.Float, 1, 3, 6, 7)
	g.Output("z", onnxtest.Float, 1, 4, 6, 7)
	g.Floats("w", []int64{4, 2, 3, 3}, ramp(72, 0.05)...)
	g.Floats("b", []int64{4}, 0.1, -0.2, 0.3, 0)
	g.Floats("s", []int64{1}, 1.7)
	g.Floats("t", []int64{4, 1, 1}, 0.5, -1, 2, 0.25)
	g.Floats("three", nil, 3)
	g.Floats("zero", nil, 0)
	g.Floats("six", nil, 6)
	g.Floats("s2", []int64{1}, 0.8)
	g.Floats("t2", []int64{1}, -0.3)
	g.Floats("pw", []int64{3, 4, 1, 1}, ramp(12, -0.1)...)
	g.Floats("dw", []int64{4, 1, 3, 3}, ramp(36, 0.03)...)
	g.Node("Conv", []string{"x", "w", "b"}, []string{"c"}, onnxtest.Ints("pads", 1, 1, 1, 1), onnxtest.Ints("kernel_shape", 3, 3))
	g.Node("Mul", []string{"s", "c"}, []string{"m"})
	g.Node("Add", []string{"m", "t"}, []string{"a"})
	g.Node("Add", []string{"a", "three"}, []string{"a3"})
	g.Node("Clip", []string{"a3", "zero", "six"}, []string{"cl"})
	g.Node("Mul", []string{"a", "cl"}, []string{"hm"})
	g.Node("Div", []string{"hm", "six"}, []string{"h"})
	g.Node("Mul", []string{"s2", "h"}, []string{"m2"})
	g.Node("Add", []string{"m2", "t2"}, []string{"a2"})
	g.Node("Conv", []string{"a2", "pw"}, []string{"y"}, onnxtest.Ints("kernel_shape", 1, 1))
	g.Node("Mul", []string{"s2", "h"}, []string{"m3"})
	g.Node("Add", []string{"m3", "t2"}, []string{"a3b"})
	g.Node("Conv", []string{"a3b", "dw"}, []string{"z"}, onnxtest.Ints("pads", 1, 1, 1, 1), onnxtest.Ints("kernel_shape", 3, 3), onnxtest.Int("group", 4))
	return g
}

// ramp is n values stepping by step around zero.
func ramp(n int, step float32) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = step * float32(i-n/2)
	}
	return out
}

// opCounts counts the operators of a model's graph.
func opCounts(t *testing.T, model []byte) map[string]int {
	t.Helper()
	counts := map[string]int{}
	graph := message(t, model, 7)
	for _, n := range messages(t, graph, 1) {
		counts[string(message(t, n, 4))]++
	}
	return counts
}

func message(t *testing.T, b []byte, num protowire.Number) []byte {
	t.Helper()
	all := messages(t, b, num)
	if len(all) == 0 {
		t.Fatalf("no field %d", num)
	}
	return all[len(all)-1]
}

func messages(t *testing.T, b []byte, num protowire.Number) [][]byte {
	t.Helper()
	var out [][]byte
	for len(b) > 0 {
		n, typ, k := protowire.ConsumeTag(b)
		if k < 0 {
			t.Fatal(protowire.ParseError(k))
		}
		b = b[k:]
		m := protowire.ConsumeFieldValue(n, typ, b)
		if m < 0 {
			t.Fatal(protowire.ParseError(m))
		}
		if n == num && typ == protowire.BytesType {
			v, _ := protowire.ConsumeBytes(b)
			out = append(out, v)
		}
		b = b[m:]
	}
	return out
}

func TestFuseRewritesLCNetBlocks(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		opset int64
		want  map[string]int
	}{
		// Each step is counted once: the per-channel affine folds into the
		// first conv, the hard-swish is one op (or two), the per-tensor
		// affine folds into the pointwise conv and, but for its shift,
		// into the depthwise one.
		{13, map[string]int{"Conv": 3, "HardSigmoid": 1, "Mul": 1, "Add": 1, "Constant": 7}},
		{14, map[string]int{"Conv": 3, "HardSwish": 1, "Add": 1, "Constant": 7}},
	} {
		model := lcnetBlock(tc.opset).Bytes()
		fused, st, err := onnxrt.Fuse(model)
		if err != nil {
			t.Fatal(err)
		}
		if st != (onnxrt.FuseStats{Affine: 1, Input: 2, HardSwish: 1}) {
			t.Errorf("opset %d: stats %+v", tc.opset, st)
		}
		if got := opCounts(t, fused); !maps.Equal(got, tc.want) {
			t.Errorf("opset %d: operators %v, want %v", tc.opset, got, tc.want)
		}
		ins, outs, err := onnxrt.Names(fused)
		if err != nil || !slices.Equal(ins, []string{"x"}) || !slices.Equal(outs, []string{"y", "z"}) {
			t.Errorf("opset %d: names %v → %v, %v", tc.opset, ins, outs, err)
		}
	}
}

// A graph Fuse has nothing to do in comes back as it was; bytes that are
// no model are an error.
func TestFuseLeavesOtherModels(t *testing.T) {
	t.Parallel()
	g := onnxtest.New("mean")
	g.Input("x", onnxtest.Float, 1, 4)
	g.Output("y", onnxtest.Float, 1, 1)
	g.Floats("s", nil, 2)
	g.Node("Mul", []string{"s", "x"}, []string{"m"}) // a scale, but no conv
	g.Node("ReduceMean", []string{"m"}, []string{"y"}, onnxtest.Ints("axes", 1))
	model := g.Bytes()
	got, st, err := onnxrt.Fuse(model)
	if err != nil || st.Total() != 0 || !slices.Equal(got, model) {
		t.Errorf("fuse changed a model it has nothing to do in: %+v, %v", st, err)
	}
	for _, bad := range [][]byte{nil, []byte("not a model at all"), {0x3a, 0x05, 0x0a}} {
		if _, _, err := onnxrt.Fuse(bad); err == nil {
			t.Errorf("fuse %q: no error", bad)
		}
		if ins, outs, err := onnxrt.Names(bad); err == nil {
			t.Errorf("names %v → %v from %q", ins, outs, bad)
		}
	}
}

// Fuse never panics, and what it rewrites still parses, with the outputs
// a Best added. (Names reads a model with inputs and outputs; one without,
// as a fuzzed model may be, it cannot read before Fuse either.)
func FuzzFuse(f *testing.F) {
	f.Add(lcnetBlock(13).Bytes())
	f.Add(lcnetBlock(14).Bytes())
	f.Add([]byte("not a model"))
	f.Add(classifier().Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _, unnamed := onnxrt.Names(b)
		if out, _, err := onnxrt.Fuse(b, onnxrt.Best{Output: "p", Axis: 2}); err == nil && unnamed == nil {
			if _, outs, err := onnxrt.Names(out); err != nil || !slices.Contains(outs, "p/argmax") {
				t.Fatalf("best added, yet the outputs are %v (%v)", outs, err)
			}
		}
		out, st, err := onnxrt.Fuse(b)
		if err != nil || st.Total() == 0 {
			return
		}
		if _, _, err := onnxrt.Names(out); err != nil {
			if _, _, before := onnxrt.Names(b); before == nil {
				t.Fatalf("names lost by the rewrite: %v", err)
			}
		}
	})
}
