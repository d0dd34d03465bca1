package tablemodel

import (
	"fmt"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
)

// FormatSLANet is PaddleOCR's SLANet family (SLANet, SLANet_plus): one
// image in; per decoding step, the probabilities of the structure tokens
// and the cell's box out. FormatAuto picks it from the model's outputs.
const (
	FormatAuto   = "auto"
	FormatSLANet = "slanet"
)

// DefaultInputSize is SLANet's input side in pixels when the model does
// not fix one: the longer side of the table image is scaled to it.
const DefaultInputSize = 488

// Limits on the input size in pixels.
const (
	minInputSize = 32
	maxInputSize = 2048
)

// Config configures an ONNX table structure model. Zero values take the
// defaults said on each field.
type Config struct {
	// Model is the path of the .onnx file (required).
	Model string `json:"model"`
	// Format is "slanet" or "auto" (the default).
	Format string `json:"format,omitempty"`
	// Dict is a PaddleOCR table structure dictionary (one token per line)
	// for a model trained on another one; default: the dictionary of the
	// released SLANet and SLANet_plus models.
	Dict string `json:"dict,omitempty"`
	// Accelerator is "auto" (CUDA when available, else the CPU), "cpu" or
	// "cuda".
	Accelerator string `json:"accelerator,omitempty"`
	// InputSize is the input side in pixels for a model whose input size
	// is not fixed; default 488.
	InputSize int `json:"input_size,omitempty"`
	// RuntimeLib is libonnxruntime.so.1; default
	// <models_dir>/onnxruntime/libonnxruntime.so.1 (see internal/onnxrt).
	RuntimeLib string `json:"onnxruntime_lib,omitempty"`
}

// Enabled reports whether a model is configured.
func (c Config) Enabled() bool { return c.Model != "" }

// validate checks the values and fills the defaults that do not depend on
// the model.
func (c Config) validate() (Config, onnxrt.Accelerator, error) {
	if c.Model == "" {
		return c, "", fmt.Errorf("tablemodel: no model path: %w", core.ErrBadRequest)
	}
	switch c.Format {
	case "":
		c.Format = FormatAuto
	case FormatAuto, FormatSLANet:
	default:
		return c, "", fmt.Errorf("tablemodel: format %q (want slanet or auto): %w", c.Format, core.ErrBadRequest)
	}
	accel, err := onnxrt.ParseAccelerator(c.Accelerator)
	if err != nil {
		return c, "", fmt.Errorf("tablemodel: %w", err)
	}
	if c.InputSize != 0 && (c.InputSize < minInputSize || c.InputSize > maxInputSize) {
		return c, "", fmt.Errorf("tablemodel: input_size %d (want %d..%d): %w", c.InputSize, minInputSize, maxInputSize, core.ErrBadRequest)
	}
	if c.RuntimeLib == "" {
		c.RuntimeLib = onnxrt.LibPath("")
	}
	return c, accel, nil
}
