package detect

import (
	"context"
	"fmt"
	"os"
	"sync"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
)

// ONNX is a layout detector running an ONNX model with onnxruntime. Load
// opens the model once; Detect may then be called from many goroutines.
type ONNX struct {
	cfg ONNXConfig

	mu   sync.RWMutex // Load and Close write; Detect reads
	sess *onnxrt.Session
	fam  family // nil until loaded
	prov onnxrt.Provider
}

var (
	_ Detector    = (*ONNX)(nil)
	_ ImageNeeder = (*ONNX)(nil)
)

// NewONNX makes a detector for cfg; it does no I/O (see Load).
func NewONNX(cfg ONNXConfig) *ONNX { return &ONNX{cfg: cfg} }

// Load checks the config, loads the runtime and opens the model, choosing
// the output adapter. It does nothing once loaded. A missing or unreadable
// model, or one that fits no format, gives an error wrapping
// core.ErrUnsupported; a bad config one wrapping core.ErrBadRequest.
func (o *ONNX) Load(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("detect: %w", err)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.fam != nil {
		return nil
	}
	cfg, accel, err := o.cfg.validate()
	if err != nil {
		return err
	}
	if st, err := os.Stat(cfg.Model); err != nil || st.IsDir() {
		return fmt.Errorf("detect: layout model %s not found (set model to an .onnx file): %w", cfg.Model, core.ErrUnsupported)
	}
	if err := onnxrt.Load(cfg.RuntimeLib); err != nil {
		return fmt.Errorf("detect: %w", err)
	}
	mi, err := inspect(cfg)
	if err != nil {
		return err
	}
	fam, err := newFamily(mi)
	if err != nil {
		return err
	}
	s := fam.spec()
	sess, prov, err := onnxrt.Open(cfg.Model, s.inputs, s.outputs, accel)
	if err != nil {
		return fmt.Errorf("detect: %w", err)
	}
	o.cfg, o.sess, o.fam, o.prov = cfg, sess, fam, prov
	return nil
}

// inspect reads a model's inputs, outputs and label metadata.
func inspect(cfg ONNXConfig) (modelInfo, error) {
	mi := modelInfo{path: cfg.Model, configured: cfg}
	ins, outs, err := onnxrt.Inspect(cfg.Model)
	mi.ins, mi.outs = fromInfos(ins), fromInfos(outs)
	if raw, ok := onnxrt.Metadata(cfg.Model, "names"); ok {
		mi.names = parseNames(raw)
	}
	if err != nil {
		return mi, fmt.Errorf("detect: layout model %s is not a readable ONNX model: %v: %w", cfg.Model, err, core.ErrUnsupported)
	}
	mi.paddle = readPaddleYAML(cfg.Model)
	return mi, nil
}

// ImageSize is the render size the model wants, in pixels on the longer
// side: the model's input size (known after Load; before it, the
// configured input_size or the default of the configured format).
func (o *ONNX) ImageSize() int {
	o.mu.RLock()
	defer o.mu.RUnlock()
	if o.fam != nil {
		s := o.fam.spec()
		return max(s.w, s.h)
	}
	switch {
	case o.cfg.InputSize > 0:
		return o.cfg.InputSize
	case o.cfg.Format == FormatDocLayoutYOLO:
		return yoloSize
	case o.cfg.Format == FormatPPDocLayout:
		return paddleSize
	case o.cfg.Format == FormatDoclingRTDETR:
		return doclingSize
	}
	return yoloSize
}

// Provider is the execution provider in use ("cpu" or "cuda"); empty
// before Load.
func (o *ONNX) Provider() string {
	o.mu.RLock()
	defer o.mu.RUnlock()
	return string(o.prov)
}

// Format is the output format in use; empty before Load.
func (o *ONNX) Format() string {
	o.mu.RLock()
	defer o.mu.RUnlock()
	if o.fam == nil {
		return ""
	}
	return o.fam.spec().format
}

// Close releases the session; a later Load opens it again.
func (o *ONNX) Close() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.fam == nil {
		return nil
	}
	err := o.sess.Close()
	o.sess, o.fam, o.prov = nil, nil, ""
	if err != nil {
		return fmt.Errorf("detect: close: %w", err)
	}
	return nil
}
