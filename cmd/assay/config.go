package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/knadh/koanf/parsers/yaml"
	"github.com/knadh/koanf/providers/env/v2"
	"github.com/knadh/koanf/providers/file"
	"github.com/knadh/koanf/providers/structs"
	"github.com/knadh/koanf/v2"

	"github.com/assay-pdf/assay"
	"github.com/assay-pdf/assay/output"
	"github.com/assay-pdf/assay/router"
)

// Config is everything the CLI can be told.
type Config struct {
	// Engines, when set, is one chain every page goes through in order,
	// whatever its class; unset, each page follows Plan.
	Engines []string `koanf:"engines"`
	// Plan maps page classes (blank, born_digital, image_only,
	// scanned_with_ocr_layer, mixed, broken_fonts, vector_text, default) to
	// their chains: engine names, "engine:regions" for a step that reads
	// only the page's images and adds their text to the page.
	Plan map[string][]string `koanf:"plan"`
	// Threshold is the page quality score below which a page goes to the
	// next engine and, at the end of the chain, is marked degraded.
	Threshold float64 `koanf:"threshold"`
	// Format of the output: md, json, text or chunks.
	Format string `koanf:"format"`
	// Chunks tune the chunks format.
	Chunks ChunksConfig `koanf:"chunks"`
	// PageMarkers puts <!-- page N --> comments in Markdown.
	PageMarkers bool `koanf:"page_markers"`
	// HeadersFooters keeps running headers and footers in Markdown.
	HeadersFooters bool `koanf:"headers_footers"`
	// Words adds lines and words with boxes to JSON.
	Words bool `koanf:"words"`
	// Workers is how many processes an engine that reads one call at a
	// time (OCR, layout models) runs at once; a text engine serves all
	// its calls in one process. The CLI keeps twice as many documents in
	// flight.
	Workers int `koanf:"workers"`
	// DocumentTimeout caps the time spent on one document (0: none).
	DocumentTimeout time.Duration `koanf:"document_timeout"`
	// Timeouts per engine ("default" for the rest): base plus per page.
	Timeouts map[string]TimeoutConfig `koanf:"timeouts"`
	// StartTimeout bounds an engine process's start and handshake.
	StartTimeout time.Duration `koanf:"start_timeout"`
	// Options per engine, passed to it as JSON.
	Options map[string]any `koanf:"options"`
	// Analysis: "text-first" (the text engine's reading gives each page's
	// facts) or "full" (scan the whole document before any engine runs).
	Analysis string `koanf:"analysis"`
	// RegionOCR lets OCR read parts of pages that have a text layer: their
	// pictures (the plan's "ocr:regions" steps) and their blocks that did
	// not decode (the reread); false leaves both as they are.
	RegionOCR bool `koanf:"region_ocr"`
	// OCRPictures adds an "ocr:regions" step to the chains of pages with a
	// text layer (router.Plan.WithPictures): their pictures are read too,
	// a chart's labels and a screenshot's text, into figure blocks.
	OCRPictures bool `koanf:"ocr_pictures"`
	// EstimatesFile keeps each engine's learnt time per page between runs
	// ("" for the user's cache directory, "none" to learn in memory only).
	EstimatesFile string `koanf:"estimates_file"`
	// EngineCache keeps, between runs, what engines whose answer depends
	// only on their executable and options said they are (layoutml
	// without a model: that its reading is nativetext's), so that a run
	// does not start them only to ask ("" for the user's cache
	// directory, "none" to keep nothing).
	EngineCache string `koanf:"engine_cache"`
	// Serve configures assay serve and assay worker.
	Serve ServeConfig `koanf:"serve"`
}

// engineCachePath is the file behind EngineCache, "" for none.
func (c Config) engineCachePath() string {
	switch c.EngineCache {
	case "none":
		return ""
	case "":
		dir, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(dir, "assay", "engines.json")
	}
	return c.EngineCache
}

// ChunksConfig tunes --format chunks.
type ChunksConfig struct {
	// Tokens bounds each chunk's tokens.
	Tokens int `koanf:"tokens"`
	// Overlap is how many tokens a chunk repeats from the one before when
	// both were cut from one section.
	Overlap int `koanf:"overlap"`
	// Encoding names the tokenizer's encoding (cl100k_base, o200k_base).
	Encoding string `koanf:"encoding"`
}

// Options are the chunks writer's options for a document with id docID.
func (c ChunksConfig) Options(docID string) (output.ChunkOptions, error) {
	tok, err := output.NewTokenizer(c.Encoding)
	if err != nil {
		return output.ChunkOptions{}, fmt.Errorf("config: chunks.encoding: %w", err)
	}
	return output.ChunkOptions{MaxTokens: c.Tokens, Overlap: c.Overlap, Tokenizer: tok, DocID: docID}, nil
}

// TimeoutConfig is one engine's deadline rule.
type TimeoutConfig struct {
	Base    time.Duration `koanf:"base"`
	PerPage time.Duration `koanf:"per_page"`
}

// Defaults are the built-in settings.
func Defaults() Config {
	return Config{
		Plan:        planStrings(router.DefaultPlan()),
		Threshold:   router.DefaultThreshold,
		Format:      "md",
		Chunks:      ChunksConfig{Tokens: output.DefaultChunkTokens, Encoding: output.EncodingCl100k},
		PageMarkers: true,
		Workers:     2,
		Timeouts: map[string]TimeoutConfig{
			"default": {Base: router.DefaultBase, PerPage: router.DefaultPerPage},
			// OCR loads models on its first call and reads a dense page in
			// seconds (PaddleOCR: 5-10 s on two cores); learnt estimates
			// tighten this once the engine has been seen.
			"ocr": {Base: 30 * time.Second, PerPage: 30 * time.Second},
		},
		StartTimeout: 10 * time.Second,
		Analysis:     router.AnalysisTextFirst,
		RegionOCR:    true,
		// Maps must not be nil: koanf merges later layers into them.
		Options: map[string]any{},
		Serve:   defaultServe(),
	}
}

// DefaultConfigFile is read from the working directory when --config is
// not given and it exists.
const DefaultConfigFile = "assay.yaml"

// LoadConfig layers defaults, the config file, ASSAY_ environment
// variables and the flag values that were set (keys in koanf form).
func LoadConfig(path string, flags map[string]any) (cfg Config, err error) {
	defer func() {
		if r := recover(); r != nil {
			cfg, err = Config{}, fmt.Errorf("config: %v", r)
		}
	}()
	k := koanf.New(".")
	if err := k.Load(structs.Provider(Defaults(), "koanf"), nil); err != nil {
		return Config{}, err
	}
	explicit := path != ""
	if !explicit {
		path = DefaultConfigFile
	}
	if err := k.Load(file.Provider(path), yaml.Parser()); err != nil {
		if explicit || !errors.Is(err, fs.ErrNotExist) {
			return Config{}, fmt.Errorf("config %s: %w", path, err)
		}
	}
	if err := k.Load(env.Provider(".", env.Opt{Prefix: "ASSAY_", TransformFunc: envKey}), nil); err != nil {
		return Config{}, err
	}
	for key, v := range flags {
		if err := k.Set(key, v); err != nil {
			return Config{}, err
		}
	}
	if err := k.UnmarshalWithConf("", &cfg, koanf.UnmarshalConf{Tag: "koanf"}); err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	return cfg, cfg.validate()
}

// envKey maps ASSAY_TIMEOUTS__DEFAULT__BASE to timeouts.default.base and
// splits comma lists (ASSAY_ENGINES=nativetext,ocr). Variables that are not
// settings (ASSAY_PLUGIN_PATH, ASSAY_DEBUG) are skipped. Engine options
// (ASSAY_OPTIONS__OCR__DPI=300) are scalars by their look (optionValue).
func envKey(k, v string) (string, any) {
	k = strings.ToLower(strings.TrimPrefix(k, "ASSAY_"))
	switch k {
	case "plugin_path", "debug":
		return "", nil
	}
	k = strings.ReplaceAll(k, "__", ".")
	if k == "engines" {
		return k, splitList(v)
	}
	if strings.HasPrefix(k, "options.") {
		return k, optionValue(v)
	}
	return k, v
}

// optionValue is an engine option's value from the environment: a
// number or true/false as such, a string otherwise, and a string in
// double quotes as the string inside them. The settings of Config are
// typed and converted when they are decoded; an engine's options go to it
// as JSON, where the string "300" is not the number its options want.
func optionValue(v string) any {
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		return v[1 : len(v)-1]
	}
	switch v {
	case "true":
		return true
	case "false":
		return false
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
		return f
	}
	return v
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func (c Config) validate() error {
	switch c.Format {
	case "md", "markdown", "json", "text", "txt", "chunks":
	default:
		return fmt.Errorf("config: format %q: want md, json, text or chunks", c.Format)
	}
	if err := c.Chunks.validate(); err != nil {
		return err
	}
	if len(c.Engines) == 0 && len(c.Plan) == 0 {
		return errors.New("config: name at least one engine (engines, or plan)")
	}
	if c.Threshold < 0 || c.Threshold > 1 {
		return fmt.Errorf("config: threshold %v: want a value in [0,1]", c.Threshold)
	}
	if c.Analysis != router.AnalysisTextFirst && c.Analysis != router.AnalysisFull {
		return fmt.Errorf("config: analysis %q: want %s or %s", c.Analysis, router.AnalysisTextFirst, router.AnalysisFull)
	}
	if c.Workers < 1 {
		return fmt.Errorf("config: workers %d: want at least 1", c.Workers)
	}
	return c.Serve.validate()
}

// Router is the router's view of the configuration.
func (c Config) Router() (router.Config, error) {
	plan := router.FixedPlan(c.Engines)
	if len(c.Engines) == 0 {
		var err error
		if plan, err = router.ParsePlan(c.Plan); err != nil {
			return router.Config{}, fmt.Errorf("config: %w", err)
		}
	}
	if c.OCRPictures {
		plan = plan.WithPictures("ocr")
	}
	if !c.RegionOCR {
		plan = plan.WithoutRegions()
	}
	rc := router.Config{
		NoReread:        !c.RegionOCR,
		Plan:            plan,
		Threshold:       c.Threshold,
		DocumentTimeout: c.DocumentTimeout,
		Analysis:        c.Analysis,
		Timeouts:        map[string]router.Timeout{},
		Options:         map[string]json.RawMessage{},
	}
	for name, t := range c.Timeouts {
		rt := router.Timeout{Base: t.Base, PerPage: t.PerPage}
		if name == "default" {
			rc.DefaultTimeout = rt
			continue
		}
		rc.Timeouts[name] = rt
	}
	switch c.EstimatesFile {
	case "none":
	case "":
		rc.Estimates = router.LoadEstimates(router.DefaultEstimatesPath())
	default:
		rc.Estimates = router.LoadEstimates(c.EstimatesFile)
	}
	for name, o := range c.Options {
		b, err := json.Marshal(o)
		if err != nil {
			return rc, fmt.Errorf("config: options.%s: %w", name, err)
		}
		rc.Options[name] = b
	}
	return rc, nil
}

// Output is how results are written, but for the chunks' document id,
// which names each document (see assay.DocID).
func (c Config) Output() assay.Output {
	o := assay.Output{Format: c.Format, PageMarkers: c.PageMarkers, HeadersFooters: c.HeadersFooters, Words: c.Words}
	o.Chunks, _ = c.Chunks.Options("") // validate checked the encoding
	return o
}

// validate checks the chunk bounds and the encoding.
func (c ChunksConfig) validate() error {
	if !slices.Contains(output.Encodings, c.Encoding) {
		return fmt.Errorf("config: chunks.encoding %q: want one of %v", c.Encoding, output.Encodings)
	}
	if err := (output.ChunkOptions{MaxTokens: c.Tokens, Overlap: c.Overlap}).Check(); err != nil {
		return fmt.Errorf("config: %w", err)
	}
	return nil
}

func planStrings(p router.Plan) map[string][]string {
	m := make(map[string][]string, len(p))
	for class, steps := range p {
		for _, s := range steps {
			m[class] = append(m[class], s.String())
		}
	}
	return m
}
