package detect

import (
	"context"
	"fmt"

	"github.com/assay-pdf/assay/core"
)

// Detect finds the layout regions of each page, in runs of as many pages
// as the model takes at once. Every page needs an image and a page size.
// It checks ctx before and after each run and stops a run in flight when
// ctx ends.
func (o *ONNX) Detect(ctx context.Context, pages []Input) ([][]Region, error) {
	o.mu.RLock()
	defer o.mu.RUnlock()
	if o.fam == nil {
		return nil, fmt.Errorf("detect: Detect before Load: %w", core.ErrBadRequest)
	}
	if err := checkPages(pages); err != nil {
		return nil, err
	}
	out := make([][]Region, len(pages))
	batch := o.fam.spec().batch
	for start := 0; start < len(pages); start += batch {
		chunk := pages[start:min(start+batch, len(pages))]
		regions, err := o.detectRun(ctx, chunk)
		if err != nil {
			return nil, err
		}
		copy(out[start:], regions)
	}
	return out, nil
}

// checkPages refuses pages without an image or a size.
func checkPages(pages []Input) error {
	for _, p := range pages {
		if p.Image == nil || p.Image.Bounds().Empty() {
			return fmt.Errorf("detect: page %d has no image: %w", p.Page, core.ErrBadRequest)
		}
		if !(p.Width > 0 && p.Height > 0) {
			return fmt.Errorf("detect: page %d has size %vx%v: %w", p.Page, p.Width, p.Height, core.ErrBadRequest)
		}
	}
	return nil
}

// detectRun runs the model once on up to a batch of pages (a model with a
// fixed batch size gets the last page repeated to fill it).
func (o *ONNX) detectRun(ctx context.Context, pages []Input) ([][]Region, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("detect: %w", err)
	}
	s := o.fam.spec()
	run := pages
	for s.fixed && len(run) < s.batch {
		run = append(run[:len(run):len(run)], pages[len(pages)-1])
	}
	feeds, maps, err := o.fam.feed(run)
	if err != nil {
		return nil, err
	}
	outs, err := o.sess.Run(ctx, feeds, len(s.outputs))
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("detect: %w", err)
	}
	dets, err := o.fam.decode(outs, len(run))
	if err != nil {
		return nil, err
	}
	pp := s.post
	pp.labels = o.fam.labels(dets)
	regions := make([][]Region, len(pages))
	for i, p := range pages {
		regions[i] = post(dets[i], pp, maps[i], p.Width, p.Height)
	}
	return regions, nil
}
