package onnxrt

import "fmt"

// Tensor is a plain copy of an ONNX tensor, free of the runtime: float
// data in F, integer data in I (one of them is set). Models' inputs are
// built as Tensors and their outputs come back as Tensors, so code that
// prepares inputs and decodes outputs is pure Go and tested without the
// runtime.
type Tensor struct {
	Shape []int64
	F     []float32
	I     []int64
}

// At is element k as a float64, whichever the element type.
func (t Tensor) At(k int) float64 {
	if t.F != nil {
		return float64(t.F[k])
	}
	return float64(t.I[k])
}

// Size is the number of elements the data holds.
func (t Tensor) Size() int { return max(len(t.F), len(t.I)) }

// ElemClass is the class of a tensor's element type that input builders
// and output decoders care about.
type ElemClass int

// The element classes.
const (
	OtherElem ElemClass = iota
	FloatElem           // float, double, float16
	IntElem             // int64, int32
)

// IOInfo describes one model input or output.
type IOInfo struct {
	Name string
	// Dims are the dimensions; -1 (or 0) for a free one.
	Dims []int64
	// Tensor is false for sequences and maps.
	Tensor bool
	Elem   ElemClass
	// Type is the element type's short name ("float", "int64").
	Type string
}

func (i IOInfo) String() string {
	if !i.Tensor {
		return fmt.Sprintf("%q (not a tensor)", i.Name)
	}
	return fmt.Sprintf("%q %s%v", i.Name, i.Type, i.Dims)
}
