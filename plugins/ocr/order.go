package ocr

import (
	"maps"
	"slices"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// pageOrder passes on a document's pages as they are read, but holds a
// page until the page before it, when that was asked for too, has been
// passed on: a table that runs over from that page is marked as its
// continuation (tableformer.JoinPages: Continues, and its repeated header
// rows), which writers need in order to print the parts as one table.
// Pages are read in page order, so a page waits at most for the one
// started before it.
type pageOrder struct {
	order  []int // the pages asked for, in the order asked
	asked  map[int]bool
	passed map[int]bool
	held   map[int]core.PageResult
	prev   map[int]*core.Page // the page last passed on, when usable
}

func newPageOrder(pages []int) *pageOrder {
	o := &pageOrder{order: pages, asked: map[int]bool{}, passed: map[int]bool{}, held: map[int]core.PageResult{}, prev: map[int]*core.Page{}}
	for _, p := range pages {
		o.asked[p] = true
	}
	return o
}

// add takes one page's result and returns the results now to pass on,
// in page order.
func (o *pageOrder) add(res core.PageResult) []core.PageResult {
	p := res.Page.Number
	if o.asked[p-1] && !o.passed[p-1] {
		o.held[p] = res
		return nil
	}
	return o.release(res)
}

// release passes res on, then the held pages that follow it.
func (o *pageOrder) release(res core.PageResult) []core.PageResult {
	p := res.Page.Number
	var out []core.PageResult
	for {
		out = append(out, o.pass(res))
		next, ok := o.held[p+1]
		if !ok {
			return out
		}
		delete(o.held, p+1)
		res, p = next, p+1
	}
}

// pass marks res as passed on, joining its first table to the last of
// the page before.
func (o *pageOrder) pass(res core.PageResult) core.PageResult {
	p := res.Page.Number
	o.passed[p] = true
	usable := res.Status == core.StatusOK || res.Status == core.StatusDegraded
	if prev := o.prev[p-1]; prev != nil && usable {
		tableformer.JoinPages([]*core.Page{prev, &res.Page})
	}
	delete(o.prev, p-1)
	if usable {
		page := res.Page
		o.prev[p] = &page
	}
	return res
}

// flush returns the results still held, in page order: the pages before
// them were never answered.
func (o *pageOrder) flush() []core.PageResult {
	var out []core.PageResult
	for _, p := range slices.Sorted(maps.Keys(o.held)) {
		if res, ok := o.held[p]; ok {
			delete(o.held, p)
			out = append(out, o.release(res)...)
		}
	}
	return out
}

// unanswered are failed results, with err, for the pages asked for and
// not passed on, in the order asked.
func (o *pageOrder) unanswered(err error) []core.PageResult {
	var out []core.PageResult
	for _, p := range o.order {
		if !o.passed[p] {
			o.passed[p] = true
			out = append(out, core.Failed(p, err))
		}
	}
	return out
}
