package detect

import (
	"fmt"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
)

// The output formats an ONNX model can have.
const (
	// FormatAuto picks the format from the model's input and output names and shapes.
	FormatAuto = "auto"
	// FormatDocLayoutYOLO: DocLayout-YOLO (YOLOv10 export, [N,K,6]) or a raw YOLOv8-style head ([N,4+C,K]).
	FormatDocLayoutYOLO = "doclayout-yolo"
	// FormatPPDocLayout: PaddleDetection exports of PP-DocLayout (PicoDet, RT-DETR) and PicoDet layout.
	FormatPPDocLayout = "pp-doclayout"
	// FormatDoclingRTDETR: docling's RT-DETR layout model (images, orig_target_sizes → labels, boxes, scores).
	FormatDoclingRTDETR = "docling-rtdetr"
)

// DefaultIOUThreshold is the overlap above which a box of the same class as
// a higher-scoring one is dropped, when the config gives none.
const DefaultIOUThreshold = 0.45

// Limits on the model input size in pixels.
const (
	minInputSize = 32
	maxInputSize = 4096
)

// ONNXConfig configures an ONNX layout detector. Zero values take the
// defaults said on each field.
type ONNXConfig struct {
	// Model is the path of the .onnx file (required).
	Model string `json:"model"`
	// Format is "doclayout-yolo", "pp-doclayout", "docling-rtdetr" or
	// "auto" (the default: chosen from the model's inputs and outputs).
	Format string `json:"format,omitempty"`
	// Accelerator is "auto" (the default: CUDA when available, else the
	// CPU), "cpu" or "cuda" (fails when CUDA is not available).
	Accelerator string `json:"accelerator,omitempty"`
	// ScoreThreshold drops weaker detections; default per format: 0.25
	// doclayout-yolo, 0.5 pp-doclayout (or the draw_threshold of its
	// inference.yml), 0.6 docling-rtdetr.
	ScoreThreshold float64 `json:"score_threshold,omitempty"`
	// IOUThreshold for the class-wise non-maximum suppression; default 0.45.
	IOUThreshold float64 `json:"iou_threshold,omitempty"`
	// Labels overrides the model's label names, indexed by class id.
	Labels []string `json:"labels,omitempty"`
	// InputSize is the square model input in pixels for models whose input
	// size is not fixed; default 1024 doclayout-yolo, 640 otherwise.
	InputSize int `json:"input_size,omitempty"`
	// RuntimeLib is libonnxruntime.so.1; default
	// <models_dir>/onnxruntime/libonnxruntime.so.1 (see internal/onnxrt).
	RuntimeLib string `json:"onnxruntime_lib,omitempty"`
}

// validate checks the values and fills the defaults that do not depend on
// the model.
func (c ONNXConfig) validate() (ONNXConfig, onnxrt.Accelerator, error) {
	if c.Model == "" {
		return c, "", fmt.Errorf("detect: no model path: %w", core.ErrBadRequest)
	}
	switch c.Format {
	case "":
		c.Format = FormatAuto
	case FormatAuto, FormatDocLayoutYOLO, FormatPPDocLayout, FormatDoclingRTDETR:
	default:
		return c, "", fmt.Errorf("detect: format %q (want doclayout-yolo, pp-doclayout, docling-rtdetr or auto): %w", c.Format, core.ErrBadRequest)
	}
	accel, err := onnxrt.ParseAccelerator(c.Accelerator)
	if err != nil {
		return c, "", fmt.Errorf("detect: %w", err)
	}
	if c.ScoreThreshold < 0 || c.ScoreThreshold > 1 {
		return c, "", fmt.Errorf("detect: score_threshold %v (want 0..1): %w", c.ScoreThreshold, core.ErrBadRequest)
	}
	if c.IOUThreshold < 0 || c.IOUThreshold > 1 {
		return c, "", fmt.Errorf("detect: iou_threshold %v (want 0..1): %w", c.IOUThreshold, core.ErrBadRequest)
	}
	if c.IOUThreshold == 0 {
		c.IOUThreshold = DefaultIOUThreshold
	}
	if c.InputSize != 0 && (c.InputSize < minInputSize || c.InputSize > maxInputSize) {
		return c, "", fmt.Errorf("detect: input_size %d (want %d..%d): %w", c.InputSize, minInputSize, maxInputSize, core.ErrBadRequest)
	}
	if c.RuntimeLib == "" {
		c.RuntimeLib = onnxrt.LibPath("")
	}
	return c, accel, nil
}
