package router

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/merge"
	"github.com/assay-pdf/assay/quality"
)

// Registry hands out engines by name.
type Registry interface {
	Engine(name string) (core.Engine, error)
}

// RegistryFunc adapts a function to a Registry.
type RegistryFunc func(name string) (core.Engine, error)

// Engine calls f.
func (f RegistryFunc) Engine(name string) (core.Engine, error) { return f(name) }

// Timeout is an engine's deadline rule: Base plus PerPage for each page in
// the call. PerPage also bounds how long the engine may go without
// answering any page before the host treats it as hung.
type Timeout struct {
	Base    time.Duration
	PerPage time.Duration
}

// For is the deadline for a call with n pages.
func (t Timeout) For(n int) time.Duration { return t.Base + time.Duration(n)*t.PerPage }

// Config says how the router works. The zero value is usable once Chain
// names at least one engine.
type Config struct {
	// Chain lists the engines to try, in order, for every page.
	Chain []string
	// Threshold is the page score below which a page goes to the next
	// engine, and below which a final page is marked degraded.
	Threshold float64
	// Timeouts per engine name; engines not listed use DefaultTimeout.
	Timeouts       map[string]Timeout
	DefaultTimeout Timeout
	// DocumentTimeout caps the whole document; 0 means no cap beyond the
	// caller's context.
	DocumentTimeout time.Duration
	// Options per engine name, passed to the engine untouched.
	Options map[string]json.RawMessage
	// Estimates learn each engine's time per page; deadlines then follow
	// the learnt speed (with a wide margin) instead of Timeout.PerPage,
	// which stays the upper bound. Nil learns in memory only.
	Estimates *Estimates
}

// Defaults for Config fields left zero.
const (
	DefaultThreshold = 0.5
	DefaultBase      = 10 * time.Second
	DefaultPerPage   = 5 * time.Second
	// MinPerPage is the least time per page a learnt deadline allows.
	MinPerPage = time.Second
	// estimateMargin multiplies a learnt time per page into a deadline.
	estimateMargin = 5
)

// Router runs documents through engines.
type Router struct {
	cfg     Config
	engines Registry

	mu    sync.Mutex
	costs map[string]float64
}

// New makes a router; it does no I/O.
func New(cfg Config, engines Registry) *Router {
	if cfg.Threshold <= 0 {
		cfg.Threshold = DefaultThreshold
	}
	if cfg.DefaultTimeout.Base <= 0 {
		cfg.DefaultTimeout.Base = DefaultBase
	}
	if cfg.DefaultTimeout.PerPage <= 0 {
		cfg.DefaultTimeout.PerPage = DefaultPerPage
	}
	if cfg.Estimates == nil {
		cfg.Estimates = &Estimates{}
	}
	return &Router{cfg: cfg, engines: engines, costs: map[string]float64{}}
}

// ErrNoEngines means the configuration names no engine to run.
var ErrNoEngines = errors.New("no engines configured")

// Extract runs the chain over the selected pages of the PDF at path (nil
// pages: all of them). It returns an error, with a Result holding that
// error and no pages, only when the document cannot be read at all; page
// failures are entries in the Result.
func (r *Router) Extract(ctx context.Context, path string, pages []int) (*merge.Result, error) {
	start := time.Now()
	res := &merge.Result{Source: path, Status: core.StatusFailed, Timings: map[string]time.Duration{}}
	if len(r.cfg.Chain) == 0 {
		res.Err = ErrNoEngines
		return res, res.Err
	}
	info, err := Open(path)
	if err != nil {
		res.Err = err
		res.Timings["total"] = time.Since(start)
		return res, err
	}
	res.PageCount = info.Pages
	if pages == nil {
		pages, _ = ParsePages("", info.Pages)
	}
	if r.cfg.DocumentTimeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, r.cfg.DocumentTimeout)
		defer cancel()
	}

	cands := make(map[int][]merge.Candidate, len(pages))
	pending := slices.Clone(pages)
	for _, name := range r.cfg.Chain {
		if len(pending) == 0 {
			break
		}
		if ctx.Err() != nil {
			break
		}
		t0 := time.Now()
		got := r.attempt(ctx, name, path, pending)
		res.Timings[name] += time.Since(t0)
		res.Engines = append(res.Engines, name)
		var next []int
		for _, p := range pending {
			c := got[p]
			cands[p] = append(cands[p], c)
			if best := cands[p][merge.Best(cands[p])]; best.Quality.Score < r.cfg.Threshold {
				next = append(next, p)
			}
		}
		pending = next
	}

	entries := make([]merge.Entry, 0, len(pages))
	for _, p := range pages {
		if len(cands[p]) == 0 {
			// The document's deadline ran out before any engine saw the page.
			cands[p] = append(cands[p], merge.Candidate{Engine: "", Result: core.Failed(p, fmt.Errorf("%w: document deadline passed before the page was tried", core.ErrTimeout))})
		}
		entries = append(entries, merge.Decide(p, cands[p], r.cfg.Threshold))
	}
	out := merge.Document(path, entries)
	out.PageCount, out.Engines, out.Timings = res.PageCount, res.Engines, res.Timings
	out.Timings["total"] = time.Since(start)
	return out, nil
}

// attempt asks one engine for pages and returns one scored candidate per
// page, whatever the engine did.
func (r *Router) attempt(ctx context.Context, name, path string, pages []int) map[int]merge.Candidate {
	got := make(map[int]merge.Candidate, len(pages))
	fail := func(p int, err error) {
		got[p] = r.candidate(name, core.Failed(p, &core.EngineError{Engine: name, Page: p, Err: err}))
	}
	eng, err := r.engines.Engine(name)
	if err != nil {
		for _, p := range pages {
			fail(p, err)
		}
		return got
	}
	cost := r.cost(ctx, name, eng)
	callTimeout, pageTimeout := r.deadline(name, len(pages))
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	req := &core.Request{Source: path, Pages: pages, Options: r.cfg.Options[name], PageTimeout: pageTimeout}
	start := time.Now()
	want := make(map[int]bool, len(pages))
	for _, p := range pages {
		want[p] = true
	}
	err = func() (err error) {
		defer func() {
			if v := recover(); v != nil {
				err = fmt.Errorf("%w: panic in engine client: %v", core.ErrEngineCrashed, v)
			}
		}()
		for pr, err := range eng.Extract(ctx, req) {
			if err != nil {
				return err
			}
			n := pr.Page.Number
			if !want[n] {
				continue // an answer for a page nobody asked for, or a second one
			}
			delete(want, n)
			if pr.Status == "" {
				pr.Status = core.StatusOK
			}
			c := r.candidate(name, pr)
			c.Cost = cost
			got[n] = c
		}
		return nil
	}()
	if err == nil && len(want) == 0 {
		r.cfg.Estimates.Observe(name, len(pages), time.Since(start))
	}
	for _, p := range pages {
		if !want[p] {
			continue
		}
		switch {
		case err != nil:
			fail(p, err)
		case ctx.Err() != nil:
			fail(p, fmt.Errorf("%w: no answer before the deadline", core.ErrTimeout))
		default:
			fail(p, fmt.Errorf("%w: the engine did not answer this page", core.ErrEngineCrashed))
		}
	}
	return got
}

func (r *Router) candidate(name string, pr core.PageResult) merge.Candidate {
	return merge.Candidate{Engine: name, Result: pr, Quality: quality.Score(pr, quality.Hints{})}
}

// deadline is the time allowed for a call to engine name with n pages, and
// the longest it may go without answering a page: the configured base plus
// a per-page allowance, which is the learnt time per page with a wide
// margin once the engine has been seen, never more than the configured
// per-page time.
func (r *Router) deadline(name string, n int) (call, page time.Duration) {
	to := r.timeout(name)
	per := to.PerPage
	if est, ok := r.cfg.Estimates.PerPage(name); ok {
		per = min(max(estimateMargin*est, MinPerPage), to.PerPage)
	}
	return to.Base + time.Duration(n)*per, to.Base + per
}

func (r *Router) timeout(name string) Timeout {
	if t, ok := r.cfg.Timeouts[name]; ok && t.Base > 0 {
		if t.PerPage <= 0 {
			t.PerPage = r.cfg.DefaultTimeout.PerPage
		}
		return t
	}
	return r.cfg.DefaultTimeout
}

// cost asks an engine once for its relative price per page.
func (r *Router) cost(ctx context.Context, name string, eng core.Engine) float64 {
	r.mu.Lock()
	c, ok := r.costs[name]
	r.mu.Unlock()
	if ok {
		return c
	}
	ctx, cancel := context.WithTimeout(ctx, r.cfg.DefaultTimeout.Base)
	defer cancel()
	if info, err := eng.Describe(ctx); err == nil {
		c = info.Cost
	}
	r.mu.Lock()
	r.costs[name] = c
	r.mu.Unlock()
	return c
}
