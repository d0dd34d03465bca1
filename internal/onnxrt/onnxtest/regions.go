package onnxtest

import "testing"

// Detection is one fixed region an RTDETRRegions model finds: its class
// id and its box in coordinates normalised to the image (x0, y0, x1, y1).
type Detection struct {
	Label int64
	Box   [4]float32
}

// RTDETRRegions writes a model shaped like docling's RT-DETR layout export
// (inputs images [N,3,size,size] and orig_target_sizes [N,2]; outputs
// labels, boxes in original pixels and scores) that finds dets on any
// page with score 0.9. The pixels enter the scores times zero, so the
// runtime reads the render it is given.
func RTDETRRegions(t testing.TB, dir string, size int64, dets ...Detection) string {
	t.Helper()
	n := int64(len(dets))
	g := New("rtdetr-regions")
	g.Input("images", Float, -1, 3, size, size)
	g.Input("orig_target_sizes", Int64, -1, 2)
	g.Output("labels", Int64, -1, n)
	g.Output("boxes", Float, -1, n, 4)
	g.Output("scores", Float, -1, n)
	labels := make([]int64, n)
	scores := make([]float32, n)
	boxes := make([]float32, 0, 4*n)
	for i, d := range dets {
		labels[i], scores[i] = d.Label, 0.9
		boxes = append(boxes, d.Box[:]...)
	}
	g.Int64s("shape_n1", []int64{2}, -1, 1)
	g.Int64s("shape_n14", []int64{3}, -1, 1, 4)
	g.Floats("zeros", []int64{1, n}, make([]float32, n)...)
	g.Floats("score_base", []int64{1, n}, scores...)
	g.Int64s("label_base", []int64{1, n}, labels...)
	g.Floats("norm_boxes", []int64{1, n, 4}, boxes...)
	g.Node("ReduceMean", []string{"images"}, []string{"m"}, Ints("axes", 1, 2, 3))
	g.Node("Reshape", []string{"m", "shape_n1"}, []string{"m2"})
	g.Node("Mul", []string{"m2", "zeros"}, []string{"z"})
	g.Node("Add", []string{"z", "score_base"}, []string{"scores"})
	g.Node("Cast", []string{"z"}, []string{"zi"}, Int("to", int64(Int64)))
	g.Node("Add", []string{"zi", "label_base"}, []string{"labels"})
	g.Node("Cast", []string{"orig_target_sizes"}, []string{"sf"}, Int("to", int64(Float)))
	g.Node("Concat", []string{"sf", "sf"}, []string{"sf4"}, Int("axis", 1))
	g.Node("Reshape", []string{"sf4", "shape_n14"}, []string{"sf4r"})
	g.Node("Mul", []string{"sf4r", "norm_boxes"}, []string{"boxes"})
	return g.Write(t, dir, "regions.onnx")
}
