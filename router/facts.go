package router

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/router/analyze"
)

// Analyze counts the pages of the document at path and reads the facts
// of every page with the text engine, without laying them out: what
// `assay analyze` prints. Like Extract, it parses nothing itself.
func (r *Router) Analyze(ctx context.Context, path string) (*analyze.Report, error) {
	n, err := r.countPages(ctx, path)
	if err != nil {
		return nil, err
	}
	pages, _ := ParsePages("", n)
	facts := r.facts(ctx, path, pages)
	rep := &analyze.Report{Pages: n, Page: make([]analyze.Page, 0, len(pages))}
	for _, p := range pages {
		rep.Page = append(rep.Page, facts[p])
	}
	return rep, nil
}

// facts asks the text engine for the facts of pages, facts only (no
// layout), under the engine's deadline. Every page gets an entry: one
// the engine could not read, or did not answer, has Err set.
func (r *Router) facts(ctx context.Context, path string, pages []int) map[int]analyze.Page {
	out := make(map[int]analyze.Page, len(pages))
	failAll := func(why string) map[int]analyze.Page {
		for _, p := range pages {
			if _, ok := out[p]; !ok {
				out[p] = analyze.Page{Number: p, Err: why}
			}
		}
		return out
	}
	name := r.cfg.TextEngine
	e, err := r.engines.Engine(name)
	if err != nil {
		return failAll(err.Error())
	}
	opts, err := factsOnly(r.cfg.Options[name])
	if err != nil {
		return failAll(err.Error())
	}
	call, page := r.deadline(name, float64(len(pages)), 1)
	ctx, cancel := context.WithTimeout(ctx, call)
	defer cancel()
	req := &core.Request{Source: path, Pages: pages, Options: opts, PageTimeout: page}
	for pr, err := range e.Extract(ctx, req) {
		if err != nil {
			return failAll(err.Error())
		}
		if f, ok := analyze.FromResult(pr); ok {
			out[pr.Page.Number] = f
			continue
		}
		why := fmt.Sprintf("%s could not read the page", name)
		if pr.Err != nil {
			why = pr.Err.Error()
		}
		out[pr.Page.Number] = analyze.Page{Number: pr.Page.Number, Err: why}
	}
	return failAll(fmt.Sprintf("%s did not answer for the page", name))
}

// factsOnly adds "facts_only": true to an engine's options.
func factsOnly(opts json.RawMessage) (json.RawMessage, error) {
	return withOptions(opts, map[string]any{"facts_only": true})
}
