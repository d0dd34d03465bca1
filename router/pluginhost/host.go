package pluginhost

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire"
)

// Environment variables the host reads.
const (
	// EnvPluginPath lists extra plugin directories, colon-separated.
	EnvPluginPath = "ASSAY_PLUGIN_PATH"
	// EnvDebug, when set to anything, sends engine logs to stderr.
	EnvDebug = "ASSAY_DEBUG"
	// ExecutablePrefix starts the file name of an external engine.
	ExecutablePrefix = "assay-engine-"
	// ServeEngineCommand is the subcommand of the assay binary that serves
	// a built-in engine: `assay serve-engine NAME`.
	ServeEngineCommand = "serve-engine"
	// DefaultMaxCalls is how many Extract calls a process serves before it
	// is retired for a fresh one.
	DefaultMaxCalls = 1000
)

// ErrClosed is returned by a Host or Engine after Close.
var ErrClosed = errors.New("pluginhost: closed")

// ErrStart wraps failures to start an engine process (missing executable,
// failed handshake, start timeout). Such errors also match
// core.ErrEngineCrashed.
var ErrStart = errors.New("engine process did not start")

// Config says where engines are and how to run them. Zero values take the
// documented defaults.
type Config struct {
	// Self is the path of the running assay binary; default
	// os.Executable().
	Self string
	// Builtins are engine names compiled into Self, launched as
	// `Self serve-engine NAME`.
	Builtins []string
	// Dirs are searched for assay-engine-NAME executables, in order;
	// default: the directory of Self, then each entry of
	// $ASSAY_PLUGIN_PATH.
	Dirs []string
	// StartTimeout bounds starting one process; default 10s.
	StartTimeout time.Duration
	// Procs is how many calls an engine reads at once, each in a process
	// of its own, or all in one for an engine that declares
	// core.CapConcurrentCalls; default 1.
	Procs int
	// MaxCalls retires a process after it has served this many Extract
	// calls and starts a fresh one for the next, so a slow leak in an
	// engine (or in a C library under it) cannot grow without bound;
	// default DefaultMaxCalls, negative for never.
	MaxCalls int
	// Stderr receives engine logs; default io.Discard, or os.Stderr when
	// $ASSAY_DEBUG is set.
	Stderr io.Writer
	// MemoryLimit caps the data memory of every engine process, in bytes
	// (Linux RLIMIT_DATA: heap and private mappings): a file that makes a
	// parser allocate without bound ends its process, not the machine.
	// Default DefaultMemoryLimit; negative for none.
	MemoryLimit int64
	// Reattach names engines that an author serves in debug mode
	// (sdk.WithDebug), which the host attaches to instead of starting
	// one; they win over engines of the same name found elsewhere.
	// Default: $ASSAY_REATTACH_ENGINES (wire.EnvReattach), ignored when it
	// does not parse (check it with wire.ParseReattach first).
	Reattach map[string]wire.Reattach
	// InfoCache is a file where the host keeps, across runs, what engines
	// that declare core.CapStableInfo said they are, so that a run need
	// not start such an engine only to ask (layoutml without a model
	// says its reading is nativetext's). Default "": nothing is kept.
	InfoCache string
}

// DefaultMemoryLimit is the data memory an engine process may use: room
// for models and renders of large pages, far below what a runaway
// allocation reaches.
const DefaultMemoryLimit = 8 << 30

// Found is an engine that Discover found.
type Found struct {
	Name    string
	Path    string // the executable; Self for built-ins
	Builtin bool
	// Attached: an engine serving in debug mode, which the host attaches
	// to (Config.Reattach).
	Attached bool
}

// Described is an engine with what it says about itself, or why it could
// not say.
type Described struct {
	Found
	Info core.Info
	Err  error
}

// Host finds and runs engine processes. It is safe for concurrent use.
type Host struct {
	cfg    Config
	stderr io.Writer
	level  hclog.Level
	id     identities // mutual TLS with the engines
	infos  *infoCache

	mu      sync.Mutex
	engines map[string]*Engine
	closed  bool
}

// New makes a Host. It does no I/O: engines are found and started on
// demand.
func New(cfg Config) *Host {
	if cfg.MemoryLimit == 0 {
		cfg.MemoryLimit = DefaultMemoryLimit
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 10 * time.Second
	}
	if cfg.MaxCalls == 0 {
		cfg.MaxCalls = DefaultMaxCalls
	}
	if cfg.Procs <= 0 {
		cfg.Procs = 1
	}
	debug := os.Getenv(EnvDebug) != ""
	if cfg.Stderr == nil {
		cfg.Stderr = io.Discard
		if debug {
			cfg.Stderr = os.Stderr
		}
	}
	level := hclog.Info
	switch {
	case cfg.Stderr == io.Discard:
		level = hclog.Off
	case debug:
		level = hclog.Debug
	}
	return &Host{
		cfg:     cfg,
		stderr:  &lockedWriter{w: cfg.Stderr},
		level:   level,
		infos:   &infoCache{path: cfg.InfoCache},
		engines: map[string]*Engine{},
	}
}

// self is the assay binary's path, "" when it cannot be known.
func (h *Host) self() string {
	if h.cfg.Self != "" {
		return h.cfg.Self
	}
	p, err := os.Executable()
	if err != nil {
		return ""
	}
	return p
}

// dirs are the directories to search, in order.
func (h *Host) dirs(self string) []string {
	if h.cfg.Dirs != nil {
		return h.cfg.Dirs
	}
	var dirs []string
	if self != "" {
		dirs = append(dirs, filepath.Dir(self))
	}
	return append(dirs, filepath.SplitList(os.Getenv(EnvPluginPath))...)
}

// reattach is Config.Reattach, or $ASSAY_REATTACH_ENGINES read.
func (h *Host) reattach() (map[string]wire.Reattach, error) {
	if h.cfg.Reattach != nil {
		return h.cfg.Reattach, nil
	}
	return wire.ParseReattach(os.Getenv(wire.EnvReattach))
}

// Discover lists the engines: those served in debug mode to attach to
// (Config.Reattach), built-ins, then assay-engine-NAME executables in the
// directories in order (by file name within one directory). The first
// engine of a name wins.
func (h *Host) Discover() []Found {
	self := h.self()
	seen := map[string]bool{}
	var out []Found
	attached, _ := h.reattach() // a value that does not parse attaches nothing
	for _, name := range slices.Sorted(maps.Keys(attached)) {
		seen[name] = true
		out = append(out, Found{Name: name, Attached: true})
	}
	for _, name := range h.cfg.Builtins {
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, Found{Name: name, Path: self, Builtin: true})
	}
	searched := map[string]bool{}
	for _, dir := range h.dirs(self) {
		if dir == "" || searched[filepath.Clean(dir)] {
			continue
		}
		searched[filepath.Clean(dir)] = true
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, ent := range entries {
			name, ok := strings.CutPrefix(ent.Name(), ExecutablePrefix)
			if !ok || name == "" || seen[name] || strings.HasSuffix(name, "~") {
				continue
			}
			path := filepath.Join(dir, ent.Name())
			fi, err := os.Stat(path)
			if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 {
				continue
			}
			seen[name] = true
			out = append(out, Found{Name: name, Path: path})
		}
	}
	return out
}

// Describe starts every engine Discover finds, asks what it is, and
// returns the answers in Discover's order, each with its own error. The
// processes stay in their engines' pools for later use. The error is ctx's
// when it ended first.
func (h *Host) Describe(ctx context.Context) ([]Described, error) {
	return h.DescribeWith(ctx, nil)
}

// DescribeWith is Describe with each engine first configured with its
// options (options[name], when present), so that engines say what they
// will use: the model, the accelerator.
func (h *Host) DescribeWith(ctx context.Context, options map[string]json.RawMessage) ([]Described, error) {
	found := h.Discover()
	out := make([]Described, len(found))
	var wg sync.WaitGroup
	for i, f := range found {
		out[i].Found = f
		e, err := h.engine(f)
		if err != nil {
			out[i].Err = err
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i].Info, out[i].Err = e.DescribeWith(ctx, options[f.Name])
		}()
	}
	wg.Wait()
	return out, ctx.Err()
}

// Engine returns the supervised engine called name, the same one on every
// call. The error wraps core.ErrNotFound when no engine has that name.
func (h *Host) Engine(name string) (*Engine, error) {
	h.mu.Lock()
	e, ok := h.engines[name]
	closed := h.closed
	h.mu.Unlock()
	switch {
	case closed:
		return nil, ErrClosed
	case ok:
		return e, nil
	}
	for _, f := range h.Discover() {
		if f.Name == name {
			return h.engine(f)
		}
	}
	return nil, fmt.Errorf("pluginhost: engine %q: %w", name, core.ErrNotFound)
}

// engine returns the Engine for f's name, making it from f if needed.
func (h *Host) engine(f Found) (*Engine, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, ErrClosed
	}
	if e, ok := h.engines[f.Name]; ok {
		return e, nil
	}
	e := newEngine(h, f)
	h.engines[f.Name] = e
	return e, nil
}

// Close kills every engine process and waits for them to be gone. Engines
// handed out before fail with ErrClosed afterwards.
func (h *Host) Close() error {
	h.mu.Lock()
	h.closed = true
	engines := make([]*Engine, 0, len(h.engines))
	for _, e := range h.engines {
		engines = append(engines, e)
	}
	h.mu.Unlock()
	var wg sync.WaitGroup
	for _, e := range engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = e.Close()
		}()
	}
	wg.Wait()
	return nil
}

// lockedWriter serialises writes from the many loggers and stdio streams
// that share the configured Stderr.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
