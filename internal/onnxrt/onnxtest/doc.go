// Package onnxtest builds tiny ONNX models for tests, so that code running
// onnxruntime can be tested without downloading weights, and finds the
// runtime library that make deps installs.
//
// A Graph is written straight as an ONNX ModelProto with protowire (field
// numbers from onnx.proto): inputs and outputs with element types and
// dimensions (a negative dimension is symbolic), initializers, nodes with
// INT and INTS attributes, and metadata properties.
//
//	g := onnxtest.New("mean")
//	g.Input("x", onnxtest.Float, 1, 3, 8, 8)
//	g.Output("y", onnxtest.Float, 1, 1)
//	g.Node("ReduceMean", []string{"x"}, []string{"y"}, onnxtest.Ints("axes", 1, 2, 3))
//	path := g.Write(t, t.TempDir(), "mean.onnx")
//
// onnxruntime_go cannot read back a scalar output (a tensor without
// dimensions): give outputs at least one dimension.
//
// Runtime skips a test (with the reason) when libonnxruntime.so.1 is not
// installed, and otherwise loads it through internal/onnxrt.
package onnxtest
