package nativetext

import (
	"cmp"
	"slices"
)

// A page draws its text mostly in reading order: line after line, each
// from left to right. Sorted by baseline and then by x (sortedOnPage), its
// glyphs are already in order but for a few places: where the second
// column starts again at the top, where a running header is drawn last,
// at a superscript. sortKeys finds those ascending runs and merges them,
// a pass over the keys for each doubling of run length, instead of
// sorting from scratch. Keys drawn in no order make many short runs; past
// one run for every minRunLength keys they are sorted outright.
//
// The order is total (n, the drawing order, breaks every tie), so the
// result is the same whichever way it is reached.
const minRunLength = 8

// compareKeys orders glyph keys by baseline, then x, then drawing order.
func compareKeys(a, b glyphKey) int {
	if c := cmp.Compare(a.oy, b.oy); c != 0 {
		return c
	}
	if c := cmp.Compare(a.ox, b.ox); c != 0 {
		return c
	}
	return cmp.Compare(a.n, b.n)
}

// sortKeys sorts keys by compareKeys.
func sortKeys(keys []glyphKey) {
	var local [64]int
	starts := runStarts(keys, local[:0])
	switch {
	case starts == nil:
		slices.SortFunc(keys, compareKeys)
		return
	case len(starts) == 1:
		return
	}
	scratch := keyRoom.take(len(keys))[:len(keys)]
	defer keyRoom.give(scratch)
	src, dst := keys, scratch
	for len(starts) > 1 {
		starts = mergePairs(src, dst, starts)
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
}

// runStarts appends to starts the index at which each ascending run of
// keys begins; nil when there are more than one for every minRunLength
// keys.
func runStarts(keys []glyphKey, starts []int) []int {
	if len(keys) == 0 {
		return append(starts, 0)
	}
	most := len(keys)/minRunLength + 1
	starts = append(starts, 0)
	for i := 1; i < len(keys); i++ {
		if compareKeys(keys[i], keys[i-1]) < 0 {
			if len(starts) == most {
				return nil
			}
			starts = append(starts, i)
		}
	}
	return starts
}

// mergePairs merges the runs of src that begin at starts, two by two,
// into dst, and returns where the merged runs begin (in starts' room).
func mergePairs(src, dst []glyphKey, starts []int) []int {
	next := starts[:0]
	for i := 0; i < len(starts); i += 2 {
		lo := starts[i]
		mid, hi := len(src), len(src)
		if i+1 < len(starts) {
			mid = starts[i+1]
		}
		if i+2 < len(starts) {
			hi = starts[i+2]
		}
		merge(src[lo:mid], src[mid:hi], dst[lo:hi])
		next = append(next, lo)
	}
	return next
}

// merge merges the sorted a and b into out, len(a)+len(b) long.
func merge(a, b, out []glyphKey) {
	i, j, k := 0, 0, 0
	for i < len(a) && j < len(b) {
		if compareKeys(b[j], a[i]) < 0 {
			out[k] = b[j]
			j++
		} else {
			out[k] = a[i]
			i++
		}
		k++
	}
	k += copy(out[k:], a[i:])
	copy(out[k:], b[j:])
}
