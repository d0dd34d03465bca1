package tablemodel

import (
	"context"
	"fmt"
	"image"
	"math"
	"os"
	"sync"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/onnxrt"
)

// The layout of the image input [N, 3, H, W].
const (
	channels  = 3
	imageRank = 4
	outRank   = 3
)

// ONNX is a table structure model run with onnxruntime. Load opens it
// once; Recognize may then be called from many goroutines.
type ONNX struct {
	cfg Config

	mu    sync.RWMutex // Load and Close write; Recognize reads
	sess  *onnxrt.Session
	vocab []string
	size  int // input side in pixels
	// probsFirst: the probabilities are the first output, boxes second.
	probsFirst bool
	prov       onnxrt.Provider
}

// NewONNX makes a model for cfg; it does no I/O (see Load).
func NewONNX(cfg Config) *ONNX { return &ONNX{cfg: cfg} }

// Load checks the config, loads the runtime and opens the model. It does
// nothing once loaded. A missing model, or one whose inputs and outputs
// are not SLANet's, gives an error wrapping core.ErrUnsupported; a bad
// config one wrapping core.ErrBadRequest.
func (o *ONNX) Load(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("tablemodel: %w", err)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.sess != nil {
		return nil
	}
	cfg, accel, err := o.cfg.validate()
	if err != nil {
		return err
	}
	vocab := vocabulary(releasedDict())
	if cfg.Dict != "" {
		d, err := readDict(cfg.Dict)
		if err != nil {
			return err
		}
		vocab = vocabulary(d)
	}
	if st, err := os.Stat(cfg.Model); err != nil || st.IsDir() {
		return fmt.Errorf("tablemodel: table model %s not found (set model to an .onnx file): %w", cfg.Model, core.ErrUnsupported)
	}
	if err := onnxrt.Load(cfg.RuntimeLib); err != nil {
		return fmt.Errorf("tablemodel: %w", err)
	}
	io, err := inspect(cfg, len(vocab))
	if err != nil {
		return err
	}
	sess, prov, err := onnxrt.Open(cfg.Model, []string{io.input}, io.outputs, accel)
	if err != nil {
		return fmt.Errorf("tablemodel: %w", err)
	}
	o.cfg, o.sess, o.vocab, o.size, o.probsFirst, o.prov = cfg, sess, vocab, io.size, io.probsFirst, prov
	return nil
}

// modelIO is what Load learns of a model's inputs and outputs.
type modelIO struct {
	input      string
	outputs    []string
	size       int
	probsFirst bool
}

// inspect finds the image input and the two outputs: the boxes (last
// dimension 8 or 4) and the token probabilities (last dimension the
// vocabulary's size, or free).
func inspect(cfg Config, classes int) (modelIO, error) {
	ins, outs, err := onnxrt.Inspect(cfg.Model)
	if err != nil {
		return modelIO{}, fmt.Errorf("tablemodel: table model %s is not a readable ONNX model: %v: %w", cfg.Model, err, core.ErrUnsupported)
	}
	if len(ins) != 1 || !ins[0].Tensor || ins[0].Elem != onnxrt.FloatElem || len(ins[0].Dims) != imageRank {
		return modelIO{}, fmt.Errorf("tablemodel: %s: inputs %v, want one float image [N,3,H,W]: %w", cfg.Model, ins, core.ErrUnsupported)
	}
	if len(outs) != 2 || len(outs[0].Dims) != outRank || len(outs[1].Dims) != outRank {
		return modelIO{}, fmt.Errorf("tablemodel: %s: outputs %v, want structure probabilities [N,L,C] and boxes [N,L,8]: %w", cfg.Model, outs, core.ErrUnsupported)
	}
	io := modelIO{input: ins[0].Name, outputs: []string{outs[0].Name, outs[1].Name}, size: inputSize(ins[0].Dims, cfg.InputSize)}
	last0, last1 := outs[0].Dims[2], outs[1].Dims[2]
	io.probsFirst = last0 == int64(classes) || (last1 == quadLen || last1 == rectLen) && last0 != quadLen && last0 != rectLen
	probs := last1
	if io.probsFirst {
		probs = last0
	}
	if probs > 0 && probs != int64(classes) {
		return modelIO{}, fmt.Errorf("tablemodel: %s has %d structure classes, the dictionary gives %d (set dict to the model's dictionary): %w", cfg.Model, probs, classes, core.ErrUnsupported)
	}
	return io, nil
}

// inputSize is the model's fixed square side, else the configured one,
// else the default.
func inputSize(dims []int64, configured int) int {
	if h, w := dims[2], dims[3]; h > 0 && h == w {
		return int(h)
	}
	if configured > 0 {
		return configured
	}
	return DefaultInputSize
}

// ImageSize is the side in pixels the model reads a table image at: a
// render of about this size on its longer side loses nothing.
func (o *ONNX) ImageSize() int {
	o.mu.RLock()
	defer o.mu.RUnlock()
	if o.size > 0 {
		return o.size
	}
	return max(o.cfg.InputSize, DefaultInputSize)
}

// Provider is the execution provider in use ("cpu" or "cuda"); empty
// before Load.
func (o *ONNX) Provider() string {
	o.mu.RLock()
	defer o.mu.RUnlock()
	return string(o.prov)
}

// Close releases the session; a later Load opens it again.
func (o *ONNX) Close() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	err := o.sess.Close()
	o.sess, o.prov = nil, ""
	if err != nil {
		return fmt.Errorf("tablemodel: close: %w", err)
	}
	return nil
}

// Result is a table's structure as the model read it: rows, columns,
// spans, header cells and cell boxes in page points, without text.
type Result struct {
	Table *core.Table
	// Score is the mean probability of the structure tokens, 0..1.
	Score float64
}

// Recognize reads the structure of the table in img, the render of
// region on its page. The cells have boxes but no text: tableformer.Fill
// puts the page's words in them.
func (o *ONNX) Recognize(ctx context.Context, img image.Image, region core.BBox) (Result, error) {
	o.mu.RLock()
	defer o.mu.RUnlock()
	if o.sess == nil {
		return Result{}, fmt.Errorf("tablemodel: not loaded: %w", core.ErrInternal)
	}
	b := img.Bounds()
	if b.Dx() <= 0 || b.Dy() <= 0 {
		return Result{}, fmt.Errorf("tablemodel: empty image: %w", core.ErrBadRequest)
	}
	outs, err := o.sess.Run(ctx, []onnxrt.Tensor{feed(img, o.size)}, 2)
	if err != nil {
		return Result{}, err
	}
	probs, loc := outs[0], outs[1]
	if !o.probsFirst {
		probs, loc = loc, probs
	}
	steps, score, err := decode(probs, loc, 0, o.vocab)
	if err != nil {
		return Result{}, err
	}
	g, err := layout(steps)
	if err != nil {
		return Result{}, err
	}
	return Result{Table: g.table(region), Score: score}, nil
}

// feed paints img into a [1, 3, size, size] input as SLANet was trained:
// the longer side scaled to size, the image at the top left, the rest
// padded with values that normalise to zero, ImageNet normalisation in
// BGR order.
func feed(img image.Image, size int) onnxrt.Tensor {
	b := img.Bounds()
	r := float64(size) / math.Max(float64(b.Dx()), float64(b.Dy()))
	w := max(1, min(size, int(math.Round(float64(b.Dx())*r))))
	h := max(1, min(size, int(math.Round(float64(b.Dy())*r))))
	data := make([]float32, channels*size*size)
	n := onnxrt.ImageNetNorm
	n.BGR = true
	onnxrt.Paint(data, img, size, size, image.Rect(0, 0, w, h), n.Neutral(), n)
	return onnxrt.Tensor{Shape: []int64{1, channels, int64(size), int64(size)}, F: data}
}
