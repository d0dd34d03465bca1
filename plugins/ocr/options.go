package ocr

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/assay-pdf/assay/core"
)

// Backend names.
const (
	BackendAuto      = "auto"
	BackendTesseract = "tesseract"
	BackendPaddle    = "paddle"
)

// Modes.
const (
	ModePage    = "page"
	ModeRegions = "regions"
	ModeCheck   = "check"
	// ModeReread reads, as text, boxes of the page's text whose text
	// layer could not be decoded (core.CapReread): no text check, and
	// each box yields one block of the lines read inside it.
	ModeReread = "reread"
)

// EnvModelsDir names the models directory when the options do not.
const EnvModelsDir = "ASSAY_MODELS_DIR"

// SystemModelsDir is the last place looked for models.
const SystemModelsDir = "/usr/local/share/assay/models"

// DefaultDPI is the render resolution when the options give none.
const DefaultDPI = 200

// Options are the engine's settings, given to Configure and, per request,
// in core.Request.Options (which override the configured ones field by
// field).
type Options struct {
	// Backend: "tesseract", "paddle" or "auto" (the default: tesseract,
	// and paddle for Chinese pages or when tesseract is missing).
	Backend string `json:"backend,omitempty"`
	// Languages are Tesseract language packs to read with ("pol", "ces",
	// "chi_sim", ...), before the model of the script OSD finds on the
	// page. Empty: the script's model alone.
	Languages []string `json:"languages,omitempty"`
	// DPI of the renders; default 200.
	DPI float64 `json:"dpi,omitempty"`
	// ModelsDir holds onnxruntime/ and paddleocr/; default: $ASSAY_MODELS_DIR,
	// else models/ next to the executable, else /usr/local/share/assay/models.
	ModelsDir string `json:"models_dir,omitempty"`
	// ONNXRuntimeLib is the path of libonnxruntime.so.1; default
	// <models_dir>/onnxruntime/libonnxruntime.so.1.
	ONNXRuntimeLib string `json:"onnxruntime_lib,omitempty"`
	// TessdataDir overrides Tesseract's data directory.
	TessdataDir string `json:"tessdata_dir,omitempty"`
	// Mode: "page" (default), "regions", "reread" or "check".
	Mode string `json:"mode,omitempty"`
	// Regions maps a page number ("3") to the boxes to read on it, in
	// points with a top-left origin, for modes "regions" and "reread".
	Regions map[string][]core.BBox `json:"regions,omitempty"`
	// Scripts maps a page number to the scripts of its regions, one a
	// box ("Hangul", "Han", "Cyrillic", ... as package quality names
	// them), for mode "reread": the caller read them from the text of the
	// blocks, and each is read with its script's model, without a
	// script check.
	Scripts map[string][]string `json:"scripts,omitempty"`
	// Lines maps a page number to the boxes of each region's lines, one
	// list a box in the order of Regions, for mode "reread": a region is
	// read with only the print inside its lines' boxes, the rest of its
	// box painted white, so that the line of another block that its box
	// overlaps (a paragraph that ends where another block goes on along
	// the same line) is not read into it. A region without lines is read
	// whole.
	Lines map[string][][]core.BBox `json:"lines,omitempty"`
	// Orientation turns OSD on or off (default on).
	Orientation *bool `json:"orientation,omitempty"`
	// Workers bounds the pages a call reads at once; default GOMAXPROCS.
	// The router sets it for each call to the cores the call may use
	// (pluginhost.Engine.Workers): with two documents read at once on two
	// cores, each call reads one page at a time. The Tesseract workers,
	// each with its own models, number GOMAXPROCS (or Workers when more)
	// whatever a call asks.
	Workers int `json:"workers,omitempty"`
	// CoarseImages are pages whose images are drawn without smoothing
	// (render.Options.CoarseImages): the router names those whose images
	// hold far more samples than any render of the page.
	CoarseImages []int `json:"coarse_images,omitempty"`
}

// backendKey is what of o decides which models the backends load: two
// configurations with the same key can share them.
func (o Options) backendKey() string {
	k, _ := json.Marshal(struct {
		Backend, ModelsDir, ONNXRuntimeLib, TessdataDir string
		Languages                                       []string
	}{o.Backend, o.ModelsDir, o.ONNXRuntimeLib, o.TessdataDir, o.Languages})
	return string(k)
}

// merge lays o's set fields over base.
func (base Options) merge(o Options) Options {
	if o.Backend != "" {
		base.Backend = o.Backend
	}
	if len(o.Languages) > 0 {
		base.Languages = o.Languages
	}
	if o.DPI != 0 {
		base.DPI = o.DPI
	}
	if o.ModelsDir != "" {
		base.ModelsDir = o.ModelsDir
	}
	if o.ONNXRuntimeLib != "" {
		base.ONNXRuntimeLib = o.ONNXRuntimeLib
	}
	if o.TessdataDir != "" {
		base.TessdataDir = o.TessdataDir
	}
	if o.Mode != "" {
		base.Mode = o.Mode
	}
	if o.Scripts != nil {
		base.Scripts = o.Scripts
	}
	if o.Regions != nil {
		base.Regions = o.Regions
	}
	if o.Lines != nil {
		base.Lines = o.Lines
	}
	if o.Orientation != nil {
		base.Orientation = o.Orientation
	}
	if o.Workers != 0 {
		base.Workers = o.Workers
	}
	if o.CoarseImages != nil {
		base.CoarseImages = o.CoarseImages
	}
	return base
}

func parseOptions(raw json.RawMessage) (Options, error) {
	var o Options
	if len(raw) == 0 || string(raw) == "null" {
		return o, nil
	}
	if err := json.Unmarshal(raw, &o); err != nil {
		return o, fmt.Errorf("ocr: options: %w: %v", core.ErrBadRequest, err)
	}
	return o, nil
}

// validate checks the values and fills defaults.
func (o Options) validate() (Options, error) {
	switch o.Backend {
	case "":
		o.Backend = BackendAuto
	case BackendAuto, BackendTesseract, BackendPaddle:
	default:
		return o, fmt.Errorf("ocr: backend %q (want tesseract, paddle or auto): %w", o.Backend, core.ErrBadRequest)
	}
	switch o.Mode {
	case "":
		o.Mode = ModePage
	case ModePage, ModeRegions, ModeReread, ModeCheck:
	default:
		return o, fmt.Errorf("ocr: mode %q (want page, regions, reread or check): %w", o.Mode, core.ErrBadRequest)
	}
	if o.DPI == 0 {
		o.DPI = DefaultDPI
	}
	if o.DPI < 50 || o.DPI > 600 {
		return o, fmt.Errorf("ocr: dpi %v (want 50..600): %w", o.DPI, core.ErrBadRequest)
	}
	for k, boxes := range o.Regions {
		if n, err := strconv.Atoi(k); err != nil || n < 1 {
			return o, fmt.Errorf("ocr: regions key %q is not a page number: %w", k, core.ErrBadRequest)
		}
		for _, b := range boxes {
			if b.Empty() {
				return o, fmt.Errorf("ocr: empty region %+v on page %s: %w", b, k, core.ErrBadRequest)
			}
		}
	}
	if o.ModelsDir == "" {
		o.ModelsDir = defaultModelsDir()
	}
	if o.ONNXRuntimeLib == "" {
		o.ONNXRuntimeLib = filepath.Join(o.ModelsDir, "onnxruntime", "libonnxruntime.so.1")
	}
	return o, nil
}

func (o Options) orientation() bool { return o.Orientation == nil || *o.Orientation }

// defaultModelsDir: $ASSAY_MODELS_DIR, else models/ next to the executable
// when it exists, else SystemModelsDir.
func defaultModelsDir() string {
	if d := os.Getenv(EnvModelsDir); d != "" {
		return d
	}
	if exe, err := os.Executable(); err == nil {
		for _, d := range []string{
			filepath.Join(filepath.Dir(exe), "models"),
			filepath.Join(filepath.Dir(exe), "..", "models"), // bin/assay-engine-ocr in a checkout
		} {
			if st, err := os.Stat(d); err == nil && st.IsDir() {
				return d
			}
		}
	}
	return SystemModelsDir
}
