package render

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klippa-app/go-pdfium"
	pdfiumerrors "github.com/klippa-app/go-pdfium/errors"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
	"github.com/klippa-app/go-pdfium/webassembly"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"

	"github.com/assay-pdf/assay/core"
)

// Errors of this package; the core sentinels are wrapped where they apply
// (core.ErrNotPDF, core.ErrEncrypted, core.ErrNoSuchPage, ...).
var (
	// ErrClosed is returned by calls on a closed Renderer or Doc.
	ErrClosed = errors.New("render: closed")
	// ErrBadDPI is returned for a DPI outside [MinDPI, MaxDPI].
	ErrBadDPI = errors.New("render: dpi out of range")
)

// DPI bounds accepted by RenderPage and RenderRegion.
const (
	MinDPI = 10
	MaxDPI = 1200
)

// MaxPixels bounds a single render (width × height), so that a page with an
// absurd MediaBox cannot exhaust memory: about a 2.5 m square at 72 dpi.
const MaxPixels = 60_000_000

// Config sets up a Renderer. The zero value is usable.
type Config struct {
	// CacheDir keeps wazero's compiled code between processes. Empty: a
	// directory "assay/wazero" under os.UserCacheDir(); "-": no cache.
	CacheDir string
	// Instances is the number of pdfium instances, and so of calls that run
	// at once. Zero: runtime.GOMAXPROCS(0), the cores this process may use.
	Instances int
	// MaxOpenDocs is how many documents each instance keeps open. Zero: 4.
	MaxOpenDocs int
	// StartTimeout bounds Open. Zero: 2 minutes.
	StartTimeout time.Duration
}

// Renderer owns a set of pdfium instances. It is safe for concurrent use.
type Renderer struct {
	cfg Config

	mu      sync.Mutex
	started bool
	closed  bool
	pool    pdfium.Pool
	cache   wazero.CompilationCache
	all     []*instance
	idle    chan *instance
	nextDoc atomic.Uint64
	// closedDocs are Doc ids closed by their owner; instances close their
	// handles on next use.
	closedDocs map[uint64]bool
}

// instance is one pdfium instance with the documents it has open.
type instance struct {
	p    pdfium.Pdfium
	docs map[uint64]*openDoc // by Doc.id
	tick uint64
}

type openDoc struct {
	ref  references.FPDF_DOCUMENT
	used uint64
}

// New makes a Renderer; it does no I/O. Call Open or let the first call
// start it, and Close when done.
func New(cfg Config) *Renderer {
	if cfg.Instances <= 0 {
		cfg.Instances = runtime.GOMAXPROCS(0)
	}
	if cfg.MaxOpenDocs <= 0 {
		cfg.MaxOpenDocs = 4
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 2 * time.Minute
	}
	return &Renderer{cfg: cfg}
}

// DefaultCacheDir is where the compilation cache goes when Config.CacheDir
// is empty.
func DefaultCacheDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("render: user cache dir: %w", err)
	}
	return filepath.Join(base, "assay", "wazero"), nil
}

// Open starts the pdfium instances. It is idempotent and safe to call from
// several goroutines; the calls that need instances call it themselves.
func (r *Renderer) Open(ctx context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return ErrClosed
	}
	if r.started {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}

	rc, cache := r.runtimeConfig()
	closeCache := func() {
		if cache != nil {
			cache.Close(context.Background())
		}
	}
	n := r.cfg.Instances
	pool, err := startPool(rc, n)
	if err != nil {
		closeCache()
		return fmt.Errorf("render: start pdfium: %w", err)
	}
	all, err := takeInstances(pool, n, r.cfg.StartTimeout)
	if err != nil {
		pool.Close()
		closeCache()
		return fmt.Errorf("render: start pdfium instance: %w", err)
	}
	r.pool, r.cache, r.all = pool, cache, all
	r.idle = make(chan *instance, n)
	for _, in := range all {
		r.idle <- in
	}
	r.started = true
	return nil
}

// runtimeConfig is the WebAssembly runtime's configuration, with the
// compilation cache in Config.CacheDir (DefaultCacheDir when empty, none
// when "-"), and that cache; nil when the directory cannot serve, which
// only makes the start slower.
func (r *Renderer) runtimeConfig() (wazero.RuntimeConfig, wazero.CompilationCache) {
	rc := wazero.NewRuntimeConfig().
		// pdfium's setjmp/longjmp is lowered to wasm exception handling.
		WithCoreFeatures(api.CoreFeaturesV2 | experimental.CoreFeaturesExceptionHandling)
	dir := r.cfg.CacheDir
	if dir == "" {
		if d, err := DefaultCacheDir(); err == nil {
			dir = d
		}
	}
	if dir == "" || dir == "-" || os.MkdirAll(dir, 0o755) != nil {
		return rc, nil
	}
	c, err := wazero.NewCompilationCacheWithDir(dir)
	if err != nil {
		return rc, nil
	}
	return rc.WithCompilationCache(c), c
}

// startPool starts go-pdfium's pool of at most n instances, none yet
// running.
func startPool(rc wazero.RuntimeConfig, n int) (pdfium.Pool, error) {
	return webassembly.Init(webassembly.Config{
		// Instances' memories grow in place (linearMemory).
		Context:       experimental.WithMemoryAllocator(context.Background(), linearMemory),
		MinIdle:       0,
		MaxIdle:       n,
		MaxTotal:      n,
		RuntimeConfig: rc,
		// No file system at all: documents are passed as bytes.
		FSConfig:     wazero.NewFSConfig(),
		Stdout:       discard{},
		Stderr:       discard{},
		ReuseWorkers: true,
	})
}

// takeInstances starts n instances of pool, each within timeout; on a
// failure it closes those it started.
func takeInstances(pool pdfium.Pool, n int, timeout time.Duration) ([]*instance, error) {
	all := make([]*instance, 0, n)
	for range n {
		p, err := pool.GetInstance(timeout)
		if err != nil {
			for _, in := range all {
				in.p.Close()
			}
			return nil, err
		}
		all = append(all, &instance{p: p, docs: map[uint64]*openDoc{}})
	}
	return all, nil
}

// Close frees every instance and the runtime. Calls in flight finish
// first. Close is idempotent.
func (r *Renderer) Close() error {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil
	}
	r.closed = true
	started := r.started
	r.mu.Unlock()
	if !started {
		return nil
	}
	// Take every instance back, so no call is still using one.
	var errs []error
	for range r.all {
		in := <-r.idle
		for id, od := range in.docs {
			in.p.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: od.ref})
			delete(in.docs, id)
		}
		if err := in.p.Close(); err != nil {
			errs = append(errs, err)
		}
	}
	if err := r.pool.Close(); err != nil {
		errs = append(errs, err)
	}
	if r.cache != nil {
		if err := r.cache.Close(context.Background()); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// acquire borrows an instance, starting the Renderer if needed.
func (r *Renderer) acquire(ctx context.Context) (*instance, error) {
	if err := r.Open(ctx); err != nil {
		return nil, err
	}
	select {
	case in := <-r.idle:
		r.mu.Lock()
		closed := r.closed
		r.mu.Unlock()
		if closed {
			r.idle <- in
			return nil, ErrClosed
		}
		return in, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (r *Renderer) release(in *instance) { r.idle <- in }

// with runs fn on a borrowed instance with d open on it, and returns when
// it ends or when ctx does. When it returns an error, fn may still be
// running: the caller must not read what fn writes.
func (r *Renderer) with(ctx context.Context, d *Doc, fn func(p pdfium.Pdfium, doc references.FPDF_DOCUMENT) error) (err error) {
	if d == nil || d.closed.Load() {
		return ErrClosed
	}
	if d.r != r {
		return fmt.Errorf("render: document belongs to another renderer: %w", core.ErrBadRequest)
	}
	in, err := r.acquire(ctx)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		r.release(in)
		return err
	}
	// pdfium cannot be stopped inside a call, and takes seconds over some
	// pages (a huge soft mask decoded for every time it is drawn). The
	// call runs on its own goroutine, which gives the instance back when
	// it ends; when ctx ends first, the caller is answered at once.
	// (wazero's WithCloseOnContextDone would stop the call, but makes
	// every render two to four times slower.)
	done := make(chan error, 1)
	go func() {
		defer r.release(in)
		done <- in.call(d, r.cfg.MaxOpenDocs, fn)
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		select {
		case err := <-done:
			return err
		default:
		}
		reason := core.ErrCanceled
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			reason = core.ErrTimeout
		}
		return fmt.Errorf("render: pdfium left working: %w: %w", reason, ctx.Err())
	}
}

// call runs fn on in with d open. A panic inside pdfium is turned into an
// error wrapping core.ErrInternal.
func (in *instance) call(d *Doc, maxDocs int, fn func(p pdfium.Pdfium, doc references.FPDF_DOCUMENT) error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("render: pdfium panic: %v: %w", p, core.ErrInternal)
		}
	}()
	ref, err := in.open(d, maxDocs)
	if err != nil {
		return err
	}
	return fn(in.p, ref)
}

// open returns d's handle on this instance, opening it (and closing the
// least recently used document, and any closed ones) as needed.
func (in *instance) open(d *Doc, max int) (references.FPDF_DOCUMENT, error) {
	in.tick++
	for id, od := range in.docs {
		if d.r.docClosed(id) {
			in.p.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: od.ref})
			delete(in.docs, id)
		}
	}
	if od, ok := in.docs[d.id]; ok {
		od.used = in.tick
		return od.ref, nil
	}
	for len(in.docs) >= max {
		var oldID uint64
		var old *openDoc
		for id, od := range in.docs {
			if old == nil || od.used < old.used {
				oldID, old = id, od
			}
		}
		in.p.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: old.ref})
		delete(in.docs, oldID)
	}
	req := &requests.OpenDocument{File: &d.data}
	if d.password != "" {
		pw := d.password
		req.Password = &pw
	}
	resp, err := in.p.OpenDocument(req)
	if err != nil {
		return "", openError(err)
	}
	in.docs[d.id] = &openDoc{ref: resp.Document, used: in.tick}
	return resp.Document, nil
}

// openError maps pdfium's open errors onto core sentinels.
func openError(err error) error {
	switch {
	case errors.Is(err, pdfiumerrors.ErrPassword), errors.Is(err, pdfiumerrors.ErrSecurity):
		return fmt.Errorf("render: %w: %v", core.ErrEncrypted, err)
	case errors.Is(err, pdfiumerrors.ErrFormat):
		return fmt.Errorf("render: %w: %v", core.ErrDamaged, err)
	case errors.Is(err, pdfiumerrors.ErrFile):
		return fmt.Errorf("render: %w: %v", core.ErrNotPDF, err)
	}
	return fmt.Errorf("render: open: %w: %v", core.ErrDamaged, err)
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// clampPixels checks a render's size against MaxPixels.
func clampPixels(wPt, hPt, scale float64) error {
	w, h := math.Ceil(wPt*scale), math.Ceil(hPt*scale)
	if w < 1 || h < 1 {
		return fmt.Errorf("render: empty page or region: %w", core.ErrBadRequest)
	}
	if w*h > MaxPixels {
		return fmt.Errorf("render: %.0f×%.0f pixels: %w", w, h, core.ErrTooLarge)
	}
	return nil
}

// Image is a convenience alias used in signatures.
type Image = image.Image
