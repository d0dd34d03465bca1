package layoutml

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/layoutml/detect"
	"github.com/assay-pdf/assay/plugins/tableformer/tablemodel"
)

// Stage batch sizes and queue depth when the options give none. A page is
// the unit of work: preprocess reads a batch of one page per core in
// parallel, a model gains from a few pages per run, the other stages
// gain nothing from batching.
const (
	defaultBatch      = 1
	defaultModelBatch = 4
	defaultQueue      = 4
	// defaultDocShare is the share of the time to the caller's deadline
	// that pages are fed for, when no document timeout is set: the rest
	// lets the pages in flight finish and be answered before the host's
	// deadline kills the process.
	defaultDocShare = 0.85
	// renderDPIMax bounds the resolution a detector's input size asks for.
	renderDPIMax = 300
)

// Options are the engine's settings, from Request.Options (or Configure).
type Options struct {
	// Model configures an ONNX layout detector; without a model file the
	// geometric layout is used.
	Model detect.ONNXConfig `json:"model,omitzero"`
	// TableModel configures an ONNX table structure model (SLANet) for the
	// table stage; without one, tables are built from rulings and
	// alignment only.
	TableModel tablemodel.Config `json:"table_model,omitzero"`
	// Batch is the batch size per stage: preprocess, ocr, layout, table,
	// assemble. Zero: 1, and 4 for a model's layout stage.
	Batch map[string]int `json:"batch,omitempty"`
	// Queue is the capacity of the channel between two stages (default 4):
	// a slow stage holds back the stages before it once it is full.
	Queue int `json:"queue,omitempty"`
	// DocumentTimeout stops feeding new pages after this long; pages in
	// flight finish and the rest are answered as timed out. Zero: 85% of
	// the time left to the caller's deadline, if it has one.
	DocumentTimeout Duration `json:"document_timeout,omitempty"`
}

// Duration is a time.Duration read from JSON as "2s" or as nanoseconds.
type Duration time.Duration

// UnmarshalJSON reads "1m30s" or a number of nanoseconds.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		v, err := time.ParseDuration(s)
		*d = Duration(v)
		return err
	}
	var n int64
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*d = Duration(n)
	return nil
}

// ParseOptions reads options JSON; empty input gives the defaults.
func ParseOptions(raw json.RawMessage) (Options, error) {
	var o Options
	t := bytes.TrimSpace(raw)
	if len(t) > 0 && !bytes.Equal(t, []byte("null")) {
		if err := json.Unmarshal(t, &o); err != nil {
			return o, fmt.Errorf("%w: layoutml options: %w", core.ErrBadRequest, err)
		}
	}
	if o.Queue <= 0 {
		o.Queue = defaultQueue
	}
	return o, nil
}

// modelKey is what of o decides the models Configure loads. Calls whose
// options differ elsewhere (a batch size, or a key the router adds per
// call: "workers", "coarse_images") keep the models loaded.
func (o Options) modelKey() string {
	k, _ := json.Marshal(struct {
		Model      detect.ONNXConfig
		TableModel tablemodel.Config
	}{o.Model, o.TableModel})
	return string(k)
}

// batch is the batch size of a stage.
func (o Options) batch(stage string) int {
	if n := o.Batch[stage]; n > 0 {
		return n
	}
	switch {
	case stage == stageLayout && o.Model.Model != "":
		return defaultModelBatch
	case stage == stagePreprocess:
		return max(defaultBatch, runtime.GOMAXPROCS(0))
	}
	return defaultBatch
}
