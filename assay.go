package assay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/merge"
	"github.com/assay-pdf/assay/output"
	"github.com/assay-pdf/assay/plugins/nativetext"
	tfengine "github.com/assay-pdf/assay/plugins/tableformer/engine"
	"github.com/assay-pdf/assay/router"
	"github.com/assay-pdf/assay/router/pluginhost"
)

// Config says how to extract. The zero value extracts with the default
// plan and engines found on $ASSAY_PLUGIN_PATH.
type Config struct {
	// Engines, when set, is one chain of engine names every page goes
	// through in order ("nativetext", "ocr", "layoutml", "ocr:regions");
	// unset, each page follows the default plan for its class.
	Engines []string
	// EngineDirs are searched for assay-engine-NAME executables before
	// $ASSAY_PLUGIN_PATH.
	EngineDirs []string
	// Options per engine name, passed to the engine as JSON.
	Options map[string]json.RawMessage
	// Threshold is the page score below which a page goes on to the next
	// engine; 0: the router's default.
	Threshold float64
	// DocumentTimeout caps one document; 0: none but the ctx's.
	DocumentTimeout time.Duration
	// OCRPictures reads the pictures of pages with a text layer with OCR
	// too, into figure blocks (router.Plan.WithPictures); the default plan
	// leaves them to their captions.
	OCRPictures bool
}

// Extractor extracts PDFs. It is safe for concurrent use.
type Extractor struct {
	host *pluginhost.Host
	rt   *router.Router
	rc   router.Config
	// parent is the Extractor a Chain was made from: it owns the engines.
	parent *Extractor

	mu        sync.Mutex
	inProcess map[string]core.Engine
}

// inProcessEngines are the pure-Go engines run in the calling process
// when no executable of theirs is found.
var inProcessEngines = map[string]func() core.Engine{
	nativetext.Name: func() core.Engine { return nativetext.New() },
	"tableformer":   func() core.Engine { return tfengine.New() },
}

// Open makes an Extractor; it starts nothing (engine processes start on
// first use).
func Open(cfg Config) (*Extractor, error) {
	plan := router.DefaultPlan()
	if len(cfg.Engines) > 0 {
		for _, s := range cfg.Engines {
			if _, err := router.ParseStep(s); err != nil {
				return nil, fmt.Errorf("assay: %w: %w", core.ErrBadRequest, err)
			}
		}
		plan = router.FixedPlan(cfg.Engines)
	}
	if cfg.OCRPictures {
		plan = plan.WithPictures("ocr")
	}
	dirs := append(append([]string{}, cfg.EngineDirs...), filepath.SplitList(os.Getenv(pluginhost.EnvPluginPath))...)
	host := pluginhost.New(pluginhost.Config{Self: os.DevNull, Dirs: dirs})
	return New(router.Config{
		Plan:            plan,
		Threshold:       cfg.Threshold,
		DocumentTimeout: cfg.DocumentTimeout,
		Options:         cfg.Options,
	}, host), nil
}

// New makes an Extractor over a router configuration and a plugin host
// made elsewhere: what the assay command does, from its configuration
// files, environment and flags. The Extractor closes host.
func New(rc router.Config, host *pluginhost.Host) *Extractor {
	x := &Extractor{host: host, rc: rc, inProcess: map[string]core.Engine{}}
	x.rt = router.New(rc, router.RegistryFunc(x.engine))
	return x
}

// Chain is an Extractor that sends every page through engines in order
// (as Config.Engines), sharing x's engine processes; x's Close closes
// them, and the Chain's Close does nothing. An empty chain is x.
func (x *Extractor) Chain(engines []string) (*Extractor, error) {
	if len(engines) == 0 {
		return x, nil
	}
	for _, s := range engines {
		if _, err := router.ParseStep(s); err != nil {
			return nil, fmt.Errorf("assay: %w: %w", core.ErrBadRequest, err)
		}
	}
	owner := x
	if x.parent != nil {
		owner = x.parent
	}
	rc := x.rc
	rc.Plan = router.FixedPlan(engines)
	c := &Extractor{host: x.host, rc: rc, parent: owner}
	c.rt = router.New(rc, router.RegistryFunc(owner.engine))
	return c, nil
}

// engine is the named engine: an engine process when an executable is
// found, else a pure-Go engine in process.
func (x *Extractor) engine(name string) (core.Engine, error) {
	e, err := x.host.Engine(name)
	if err == nil {
		return e, nil
	}
	mk, ok := inProcessEngines[name]
	if !ok {
		return nil, err
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if in, ok := x.inProcess[name]; ok {
		return in, nil
	}
	in := mk()
	x.inProcess[name] = in
	return in, nil
}

// Close stops the engine processes and the in-process engines.
func (x *Extractor) Close() error {
	if x.parent != nil {
		return nil
	}
	err := x.host.Close()
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, e := range x.inProcess {
		if c, ok := e.(core.Closer); ok {
			err = errors.Join(err, c.Close())
		}
	}
	return err
}

// Extract extracts the PDF at path. The error is set, with a Result that
// records it, only when the document cannot be read at all (not a PDF,
// encrypted, damaged beyond repair...); a page that fails is an entry of
// the Result.
func (x *Extractor) Extract(ctx context.Context, path string) (*Result, error) {
	return x.ExtractPages(ctx, path, nil)
}

// ExtractPages is Extract of some pages (1-based; nil: all); see Pages.
func (x *Extractor) ExtractPages(ctx context.Context, path string, pages []int) (*Result, error) {
	res, err := x.rt.Extract(ctx, path, pages)
	if res == nil {
		return nil, err
	}
	return &Result{Result: res}, err
}

// Pages counts the pages of the PDF at path (in an engine process, or in
// process with the pure-Go reader), with the document errors of Extract.
func (x *Extractor) Pages(ctx context.Context, path string) (int, error) {
	info, err := x.rt.Open(ctx, path)
	return info.Pages, err
}

// ExtractReader extracts the PDF read from r, through a temporary file
// (engines read files), removed before it returns.
func (x *Extractor) ExtractReader(ctx context.Context, r io.Reader) (*Result, error) {
	f, err := os.CreateTemp("", "assay-*.pdf")
	if err != nil {
		return nil, fmt.Errorf("assay: %w", err)
	}
	defer os.Remove(f.Name())
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("assay: copying the PDF: %w", err)
	}
	return x.Extract(ctx, f.Name())
}

// Result is one document's pages, each with its ledger entry: status,
// engine, score and the attempts that led to it.
type Result struct {
	*merge.Result
}

// Markdown is the document as Markdown, without page markers and running
// headers and footers.
func (r *Result) Markdown() (string, error) {
	var buf bytes.Buffer
	err := output.Markdown(&buf, r.Result, output.MarkdownOptions{})
	return buf.String(), err
}

// Text is the document as plain text.
func (r *Result) Text() (string, error) {
	var buf bytes.Buffer
	err := output.Text(&buf, r.Result)
	return buf.String(), err
}

// Chunks are the document cut for retrieval (see output.ChunkOptions;
// the zero value: 512 cl100k tokens, no overlap).
func (r *Result) Chunks(opts output.ChunkOptions) ([]output.Chunk, error) {
	return output.BuildChunks(r.Result, opts)
}

// EngineInfo is one engine an Extractor can run, as it describes itself.
type EngineInfo struct {
	core.Info
	// Path is the executable; Builtin marks an engine of the assay binary.
	Path    string
	Builtin bool
	// Err is why the engine could not start or describe itself.
	Err error
}

// Engines starts every engine found (configured as an extraction would
// configure it) and asks each to describe itself.
func (x *Extractor) Engines(ctx context.Context) ([]EngineInfo, error) {
	described, err := x.host.DescribeWith(ctx, x.rc.Options)
	if err != nil {
		return nil, fmt.Errorf("assay: %w", err)
	}
	out := make([]EngineInfo, 0, len(described))
	for _, d := range described {
		info := d.Info
		if info.Name == "" {
			info.Name = d.Name
		}
		out = append(out, EngineInfo{Info: info, Path: d.Path, Builtin: d.Builtin, Err: d.Err})
	}
	names := slices.Sorted(maps.Keys(inProcessEngines))
	for _, name := range names {
		if slices.ContainsFunc(out, func(e EngineInfo) bool { return e.Name == name }) {
			continue
		}
		e, err := x.engine(name)
		if err != nil {
			continue
		}
		info, err := e.Describe(ctx)
		if info.Name == "" {
			info.Name = name
		}
		out = append(out, EngineInfo{Info: info, Builtin: true, Err: err})
	}
	return out, nil
}

// EngineNames are the names of the engines x can run, found on disk or
// in process, without starting any.
func (x *Extractor) EngineNames() []string {
	var names []string
	for _, f := range x.host.Discover() {
		if !slices.Contains(names, f.Name) {
			names = append(names, f.Name)
		}
	}
	for name := range inProcessEngines {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}
