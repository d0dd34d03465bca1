package nativetext

import "sync"

// room recycles slices of T from one page to the next (as *[]T in a
// sync.Pool): a page's glyphs, their sort keys and their framed copies
// were most of the bytes the engine allocated on real papers, and in a
// fresh engine process garbage is fresh memory the kernel must clear.
// Slices with room for more than maxGlyphHint elements are left to the
// collector, so that one hostile page does not keep its size.
//
// The *[]T that carries a slice into the pool is itself recycled (boxes):
// a new one for every slice given back was an allocation as frequent as
// the slices' use, which for the rooms that segments take from is once
// a segment.
type room[T any] struct{ pool, boxes sync.Pool }

// take is an empty slice with room for n elements at least. A pooled
// slice too small for n is dropped, so that the pool comes to hold the
// sizes pages need.
func (r *room[T]) take(n int) []T {
	p, ok := r.pool.Get().(*[]T)
	if !ok {
		return make([]T, 0, n)
	}
	s := *p
	*p = nil
	r.boxes.Put(p)
	if cap(s) < n {
		return make([]T, 0, n)
	}
	return s[:0]
}

// give returns s for reuse; nothing may use it after. Its elements are
// cleared, so that it holds no fonts or strings.
func (r *room[T]) give(s []T) {
	if cap(s) == 0 || cap(s) > maxGlyphHint {
		return
	}
	clear(s)
	p, ok := r.boxes.Get().(*[]T)
	if !ok {
		p = new([]T)
	}
	*p = s[:0]
	r.pool.Put(p)
}
