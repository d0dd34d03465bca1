//go:build cgo

package onnxrt

import (
	"context"
	"fmt"
	"strings"

	ort "github.com/yalue/onnxruntime_go"

	"github.com/assay-pdf/assay/core"
)

// Session is an open model, safe for concurrent runs, that takes and
// gives plain Tensors.
type Session struct{ s *ort.DynamicAdvancedSession }

// Open opens the model at path for the named inputs and outputs on the
// accelerator (see NewSession), with the runtime's defaults for threads.
// Load must have succeeded.
func Open(path string, inputs, outputs []string, accel Accelerator) (*Session, Provider, error) {
	s, prov, err := NewSession(path, inputs, outputs, accel, nil)
	if err != nil {
		return nil, prov, err
	}
	return &Session{s: s}, prov, nil
}

// Close releases the session.
func (s *Session) Close() error {
	if s == nil || s.s == nil {
		return nil
	}
	err := s.s.Destroy()
	s.s = nil
	return err
}

// Run runs the model on feeds, in the session's input order, and copies
// its nOut outputs back into Tensors; ctx ending stops the run. A failed
// run wraps core.ErrInternal, an ended ctx its error.
func (s *Session) Run(ctx context.Context, feeds []Tensor, nOut int) ([]Tensor, error) {
	ins := make([]ort.Value, 0, len(feeds))
	defer destroyAll(ins)
	for _, f := range feeds {
		v, err := newValue(f)
		if err != nil {
			return nil, err
		}
		ins = append(ins, v)
	}
	ro, err := ort.NewRunOptions()
	if err != nil {
		return nil, fmt.Errorf("onnxrt: run options: %v: %w", err, core.ErrInternal)
	}
	defer ro.Destroy()
	stop := context.AfterFunc(ctx, func() { ro.Terminate() })
	defer stop()
	outs := make([]ort.Value, nOut)
	defer destroyAll(outs)
	if err := s.s.RunWithOptions(ins, outs, ro); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("onnxrt: %w", ctx.Err())
		}
		return nil, fmt.Errorf("onnxrt: run: %v: %w", err, core.ErrInternal)
	}
	return fromValues(outs)
}

// Inspect reads a model's inputs and outputs without opening a session.
func Inspect(path string) (ins, outs []IOInfo, err error) {
	oi, oo, err := ort.GetInputOutputInfo(path)
	if err != nil {
		return nil, nil, err
	}
	return infos(oi), infos(oo), nil
}

// Metadata is the value of a model's custom metadata key, if it has one.
func Metadata(path, key string) (string, bool) {
	meta, err := ort.GetModelMetadata(path)
	if err != nil {
		return "", false
	}
	defer meta.Destroy()
	v, ok, err := meta.LookupCustomMetadataMap(key)
	return v, ok && err == nil
}

func infos(ts []ort.InputOutputInfo) []IOInfo {
	out := make([]IOInfo, len(ts))
	for i, t := range ts {
		out[i] = IOInfo{Name: t.Name, Dims: t.Dimensions, Tensor: t.OrtValueType == ort.ONNXTypeTensor, Type: elemName(t.DataType)}
		switch t.DataType {
		case ort.TensorElementDataTypeFloat, ort.TensorElementDataTypeDouble, ort.TensorElementDataTypeFloat16:
			out[i].Elem = FloatElem
		case ort.TensorElementDataTypeInt64, ort.TensorElementDataTypeInt32:
			out[i].Elem = IntElem
		}
	}
	return out
}

// elemName is an element type's short name ("float", "int64").
func elemName(t ort.TensorElementDataType) string {
	return strings.ToLower(strings.TrimPrefix(t.String(), "ONNX_TENSOR_ELEMENT_DATA_TYPE_"))
}

// destroyAll frees the values that were made (nil ones are skipped).
func destroyAll(vs []ort.Value) {
	for _, v := range vs {
		if v != nil {
			v.Destroy()
		}
	}
}

// newValue makes an onnxruntime tensor of a plain one.
func newValue(t Tensor) (ort.Value, error) {
	var v ort.Value
	var err error
	if t.F != nil {
		v, err = ort.NewTensor(ort.NewShape(t.Shape...), t.F)
	} else {
		v, err = ort.NewTensor(ort.NewShape(t.Shape...), t.I)
	}
	if err != nil {
		return nil, fmt.Errorf("onnxrt: input tensor %v: %v: %w", t.Shape, err, core.ErrInternal)
	}
	return v, nil
}

// fromValues copies output tensors of float32, int64 or int32 elements.
func fromValues(vs []ort.Value) ([]Tensor, error) {
	out := make([]Tensor, len(vs))
	for i, v := range vs {
		out[i].Shape = v.GetShape().Clone()
		switch t := v.(type) {
		case *ort.Tensor[float32]:
			out[i].F = append(make([]float32, 0, len(t.GetData())), t.GetData()...)
		case *ort.Tensor[int64]:
			out[i].I = append(make([]int64, 0, len(t.GetData())), t.GetData()...)
		case *ort.Tensor[int32]:
			out[i].I = make([]int64, len(t.GetData()))
			for k, x := range t.GetData() {
				out[i].I[k] = int64(x)
			}
		default:
			return nil, fmt.Errorf("onnxrt: output %d is a %T, want float32, int64 or int32 tensor: %w", i, v, core.ErrUnsupported)
		}
	}
	return out, nil
}
