package router

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/assay-pdf/assay/core"
)

// DocInfo is what the router learns about a document before planning.
type DocInfo struct {
	Pages int `json:"pages"`
}

// ErrNoCounter: no engine of the configuration can count a document's
// pages (none implements core.PageCounter).
var ErrNoCounter = errors.New("no engine counts pages")

// Open counts the pages of the file at path, and classifies a document
// that cannot be read at all: core.ErrNotFound, core.ErrEmptyFile,
// core.ErrNotPDF, core.ErrEncrypted or core.ErrDamaged, wrapped with the
// detail. The router never parses the file itself: it asks the text
// engine (a process the host can kill at the engine's base deadline),
// else the first engine of the plan that can count.
func (r *Router) Open(ctx context.Context, path string) (DocInfo, error) {
	n, err := r.countPages(ctx, path)
	return DocInfo{Pages: n}, err
}

// countPages asks the counting engines in turn, under each one's base
// deadline; the first document error ends the search.
func (r *Router) countPages(ctx context.Context, path string) (int, error) {
	tried := map[string]bool{}
	var last error
	for _, name := range r.counters() {
		if tried[name] {
			continue
		}
		tried[name] = true
		e, err := r.engines.Engine(name)
		if err != nil {
			last = err
			continue
		}
		pc, ok := e.(core.PageCounter)
		if !ok {
			continue
		}
		cctx, cancel := context.WithTimeout(ctx, r.timeout(name).Base)
		n, err := pc.CountPages(cctx, path)
		cancel()
		if err == nil || !errors.Is(err, core.ErrUnsupported) {
			return n, err
		}
		last = err
	}
	if last == nil {
		return 0, ErrNoCounter
	}
	return 0, fmt.Errorf("%w: %w", ErrNoCounter, last)
}

// counters lists the engines to ask for a page count: the text engine,
// then the engines of the plan in its order.
func (r *Router) counters() []string {
	names := []string{r.cfg.TextEngine}
	for _, c := range slices.Sorted(maps.Keys(r.cfg.Plan)) {
		for _, st := range r.cfg.Plan[c] {
			names = append(names, st.Engine)
		}
	}
	return names
}
