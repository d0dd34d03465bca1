//go:build cgo

package detect

import (
	"context"
	"fmt"
	"strings"

	ort "github.com/yalue/onnxruntime_go"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
)

// session is an open onnxruntime session, safe for concurrent runs.
type session struct{ s *ort.DynamicAdvancedSession }

// inspectModel reads a model's inputs and outputs, and the label names of
// its Ultralytics "names" metadata if it has any.
func inspectModel(path string) (ins, outs []ioInfo, names []string, err error) {
	oi, oo, err := ort.GetInputOutputInfo(path)
	if err != nil {
		return nil, nil, nil, err
	}
	if meta, err := ort.GetModelMetadata(path); err == nil {
		if raw, ok, err := meta.LookupCustomMetadataMap("names"); err == nil && ok {
			names = parseNames(raw)
		}
		meta.Destroy()
	}
	return infos(oi), infos(oo), names, nil
}

func infos(ts []ort.InputOutputInfo) []ioInfo {
	out := make([]ioInfo, len(ts))
	for i, t := range ts {
		out[i] = ioInfo{name: t.Name, dims: t.Dimensions, tensor: t.OrtValueType == ort.ONNXTypeTensor, typ: elemName(t.DataType)}
		switch t.DataType {
		case ort.TensorElementDataTypeFloat, ort.TensorElementDataTypeDouble, ort.TensorElementDataTypeFloat16:
			out[i].elem = floatType
		case ort.TensorElementDataTypeInt64, ort.TensorElementDataTypeInt32:
			out[i].elem = intType
		}
	}
	return out
}

// elemName is an element type's short name ("float", "int64").
func elemName(t ort.TensorElementDataType) string {
	return strings.ToLower(strings.TrimPrefix(t.String(), "ONNX_TENSOR_ELEMENT_DATA_TYPE_"))
}

// openSession opens the model with the runtime's defaults for threads.
func openSession(path string, inputs, outputs []string, accel onnxrt.Accelerator) (session, onnxrt.Provider, error) {
	s, prov, err := onnxrt.NewSession(path, inputs, outputs, accel, nil)
	return session{s: s}, prov, err
}

func (s session) close() error {
	if s.s == nil {
		return nil
	}
	return s.s.Destroy()
}

// run runs the session on plain tensors and copies its nOut outputs back
// into plain tensors; ctx ending stops the run.
func (s session) run(ctx context.Context, feeds []tensor, nOut int) ([]tensor, error) {
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
		return nil, fmt.Errorf("detect: run options: %v: %w", err, core.ErrInternal)
	}
	defer ro.Destroy()
	stop := context.AfterFunc(ctx, func() { ro.Terminate() })
	defer stop()
	outs := make([]ort.Value, nOut)
	defer destroyAll(outs)
	if err := s.s.RunWithOptions(ins, outs, ro); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("detect: %w", ctx.Err())
		}
		return nil, fmt.Errorf("detect: onnx run: %v: %w", err, core.ErrInternal)
	}
	return fromValues(outs)
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
func newValue(t tensor) (ort.Value, error) {
	var v ort.Value
	var err error
	if t.f != nil {
		v, err = ort.NewTensor(ort.NewShape(t.shape...), t.f)
	} else {
		v, err = ort.NewTensor(ort.NewShape(t.shape...), t.i)
	}
	if err != nil {
		return nil, fmt.Errorf("detect: input tensor %v: %v: %w", t.shape, err, core.ErrInternal)
	}
	return v, nil
}

// fromValues copies output tensors of float32, int64 or int32 elements.
func fromValues(vs []ort.Value) ([]tensor, error) {
	out := make([]tensor, len(vs))
	for i, v := range vs {
		out[i].shape = v.GetShape().Clone()
		switch t := v.(type) {
		case *ort.Tensor[float32]:
			out[i].f = append(make([]float32, 0, len(t.GetData())), t.GetData()...)
		case *ort.Tensor[int64]:
			out[i].i = append(make([]int64, 0, len(t.GetData())), t.GetData()...)
		case *ort.Tensor[int32]:
			out[i].i = make([]int64, len(t.GetData()))
			for k, x := range t.GetData() {
				out[i].i[k] = int64(x)
			}
		default:
			return nil, fmt.Errorf("detect: output %d is a %T, want float32, int64 or int32 tensor: %w", i, v, core.ErrUnsupported)
		}
	}
	return out, nil
}
