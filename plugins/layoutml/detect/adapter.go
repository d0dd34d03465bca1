package detect

import (
	"fmt"
	"slices"
	"strings"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
)

// maxBatch bounds the pages in one run for models with a free batch size.
const maxBatch = 4

// The layout of an image input [N, 3, H, W].
const (
	channels  = 3
	imageRank = 4
	dimBatch  = 0
	dimH      = 2
	dimW      = 3
)

// ioInfo describes one model input or output.
type ioInfo struct {
	name   string
	dims   []int64 // -1 (or 0) for a free dimension
	elem   int     // floatType, intType or anyType
	tensor bool
	typ    string // the element type's name, for messages
}

func (i ioInfo) String() string {
	if !i.tensor {
		return fmt.Sprintf("%q (not a tensor)", i.name)
	}
	return fmt.Sprintf("%q %s%v", i.name, i.typ, i.dims)
}

// tensor is a plain copy of an ONNX tensor.
type tensor = onnxrt.Tensor

// fromInfos converts the runtime's descriptions of inputs or outputs.
func fromInfos(ts []onnxrt.IOInfo) []ioInfo {
	out := make([]ioInfo, len(ts))
	for i, t := range ts {
		out[i] = ioInfo{name: t.Name, dims: t.Dims, tensor: t.Tensor, typ: t.Type}
		switch t.Elem {
		case onnxrt.FloatElem:
			out[i].elem = floatType
		case onnxrt.IntElem:
			out[i].elem = intType
		}
	}
	return out
}

// family is one output format: how pages become input tensors and how the
// output tensors become each page's raw detections.
type family interface {
	spec() *spec
	// feed builds a run's input tensors, in spec().inputs order, and how each
	// page's boxes map to page points.
	feed(pages []Input) ([]tensor, []toPage, error)
	// decode splits a run's outputs, in spec().outputs order, into n pages'
	// detections.
	decode(outs []tensor, n int) ([][]det, error)
	// labels names the classes of decoded detections.
	labels(dets [][]det) []string
}

// spec is what every family knows about a loaded model.
type spec struct {
	format  string
	inputs  []string // session inputs, in feed order
	outputs []string // session outputs, in decode order
	w, h    int      // model input size in pixels
	batch   int      // pages per run
	fixed   bool     // the model's batch size is fixed at batch
	norm    norm
	post    postParams
}

// modelInfo is what Load learnt about a model file.
type modelInfo struct {
	path       string
	ins, outs  []ioInfo
	names      []string    // labels from the model's metadata (Ultralytics "names")
	paddle     *paddleYAML // inference.yml beside the model, if any
	configured ONNXConfig
}

// newFamily picks the family for the config's format (guessed from the
// model for "auto") and checks that the model fits it.
func newFamily(mi modelInfo) (family, error) {
	format := mi.configured.Format
	if format == FormatAuto {
		format = guessFormat(mi.ins, mi.outs)
	}
	switch format {
	case FormatDocLayoutYOLO:
		return newYOLO(mi)
	case FormatPPDocLayout:
		return newPaddle(mi)
	case FormatDoclingRTDETR:
		return newDocling(mi)
	}
	return nil, fmt.Errorf("detect: model %s matches no known output format (doclayout-yolo, pp-doclayout, docling-rtdetr): %s: %w", mi.path, describe(mi), core.ErrUnsupported)
}

// guessFormat tells the formats apart by their input names and shapes;
// empty when none fits.
func guessFormat(ins, outs []ioInfo) string {
	switch {
	case findByName(ins, "im_shape") >= 0 || findByName(ins, "scale_factor") >= 0:
		return FormatPPDocLayout
	case findByName(ins, "orig_target_sizes") >= 0 || (len(ins) == 2 && len(outs) >= 3):
		return FormatDoclingRTDETR
	case len(ins) == 1 && isImage(ins[0]) && findByRank(outs, 3, anyType) >= 0:
		return FormatDocLayoutYOLO
	}
	return ""
}

// notFormat is the error for a model that lacks what a format needs.
func notFormat(mi modelInfo, format, what string) error {
	return fmt.Errorf("detect: model %s does not fit format %s (%s): %s: %w", mi.path, format, what, describe(mi), core.ErrUnsupported)
}

// describe lists a model's inputs and outputs for error messages.
func describe(mi modelInfo) string {
	var parts []string
	for _, in := range mi.ins {
		parts = append(parts, "input "+in.String())
	}
	for _, out := range mi.outs {
		parts = append(parts, "output "+out.String())
	}
	return strings.Join(parts, "; ")
}

// Element type classes of ioInfo.elem.
const (
	anyType = iota
	floatType
	intType
)

// findByName is the index of the tensor called name, -1 when none is.
func findByName(infos []ioInfo, name string) int {
	return slices.IndexFunc(infos, func(i ioInfo) bool { return i.name == name })
}

// findByRank is the index of the first tensor of that rank and element
// type class (anyType for any), -1 when none is.
func findByRank(infos []ioInfo, rank, class int) int {
	return slices.IndexFunc(infos, func(i ioInfo) bool {
		return i.tensor && len(i.dims) == rank && (class == anyType || i.elem == class)
	})
}

// isImage reports whether an input is a float [N, 3, H, W] tensor.
func isImage(i ioInfo) bool {
	d := i.dims
	return i.tensor && i.elem == floatType && len(d) == imageRank && (d[1] == channels || d[1] <= 0)
}

// geometry reads the input size and batch from an image input's dims: a
// fixed size wins (a different input_size is an error), else input_size,
// else def.
func geometry(mi modelInfo, in ioInfo, defW, defH int) (s spec, err error) {
	d, want := in.dims, mi.configured.InputSize
	s.w, s.h = defW, defH
	switch {
	case d[dimW] > 0 && d[dimH] > 0:
		s.w, s.h = int(d[dimW]), int(d[dimH])
		if want != 0 && (want != s.w || want != s.h) {
			return s, fmt.Errorf("detect: input_size %d, but model %s takes %dx%d images: %w", want, mi.path, s.w, s.h, core.ErrBadRequest)
		}
	case want != 0:
		s.w, s.h = want, want
	}
	s.batch = maxBatch
	if d[dimBatch] > 0 {
		s.batch, s.fixed = int(d[dimBatch]), true
	}
	return s, nil
}

// firstLabels is the first non-empty label list.
func firstLabels(lists ...[]string) []string {
	for _, l := range lists {
		if len(l) > 0 {
			return l
		}
	}
	return nil
}

// scoreOr is the configured score threshold, def when none is.
func scoreOr(cfg ONNXConfig, def float64) float64 {
	if cfg.ScoreThreshold > 0 {
		return cfg.ScoreThreshold
	}
	return def
}

// checkOutput checks that an output tensor has the rank a decoder expects
// and holds as many values as its shape says.
func checkOutput(t tensor, rank int, what string) error {
	n := int64(1)
	for _, d := range t.Shape {
		n *= d
	}
	if len(t.Shape) != rank || n < 0 || int64(t.Size()) != n {
		return fmt.Errorf("detect: %s output has shape %v (%d values), want rank %d: %w", what, t.Shape, t.Size(), rank, core.ErrInternal)
	}
	return nil
}
