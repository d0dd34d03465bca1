package onnxtest

import "testing"

// SLANetTable writes a model shaped like PaddleOCR's SLANet export (input
// x [N,3,size,size]; outputs boxes [N,L,8] and token probabilities
// [N,L,classes], in that order) that reads the same structure on any
// image: at step i, token tokens[i] with probability 0.9 and the
// quadrilateral quads[i] (normalised x1 y1 … x4 y4; steps beyond quads get
// zeros). The pixels enter the outputs times zero, so the runtime reads
// the image it is given.
func SLANetTable(t testing.TB, dir string, size int64, classes int, tokens []int, quads [][8]float32) string {
	t.Helper()
	l, c := int64(len(tokens)), int64(classes)
	probs := make([]float32, l*c)
	for i, tok := range tokens {
		for j := range classes {
			probs[int64(i)*c+int64(j)] = 0.1 / float32(classes-1)
		}
		probs[int64(i)*c+int64(tok)] = 0.9
	}
	boxes := make([]float32, l*8)
	for i, q := range quads {
		copy(boxes[i*8:], q[:])
	}
	g := New("slanet-table")
	g.Input("x", Float, -1, 3, size, size)
	g.Output("loc", Float, -1, l, 8)
	g.Output("probs", Float, -1, l, c)
	g.Int64s("shape_n11", []int64{3}, -1, 1, 1)
	g.Floats("zero", []int64{1}, 0)
	g.Floats("probs_base", []int64{1, l, c}, probs...)
	g.Floats("loc_base", []int64{1, l, 8}, boxes...)
	g.Node("ReduceMean", []string{"x"}, []string{"m"}, Ints("axes", 1, 2, 3))
	g.Node("Reshape", []string{"m", "shape_n11"}, []string{"m3"})
	g.Node("Mul", []string{"m3", "zero"}, []string{"z"})
	g.Node("Add", []string{"z", "probs_base"}, []string{"probs"})
	g.Node("Add", []string{"z", "loc_base"}, []string{"loc"})
	return g.Write(t, dir, "slanet.onnx")
}
