package nativetext

import (
	"cmp"
	"slices"
)

// A page draws its text mostly in reading order: line after line, each
// from left to right. Sorted by baseline and then by x (sortedOnPage), its
// glyphs are already in order but for a few places: where the second
// column starts again at the top, where a running header is drawn last,
// at a superscript. And a line's glyphs, in that order, stand in order of
// their left edges but where baselines a hair apart interleave their
// words, or a raised mark stands out. sortRuns finds those ascending runs
// and merges them, a pass for each doubling of run length, instead of
// sorting from scratch. Values drawn in no order make many short runs;
// past one run for every minRunLength values they are left to a sort
// from scratch.
//
// A run ends where a value is less than the one before it, and a merge
// takes from the earlier run on a tie, so sortRuns is stable: the order it
// gives is that of any stable sort.
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

// sortKeys sorts keys by compareKeys (a total order: n, the drawing
// order, breaks every tie).
func sortKeys(keys []glyphKey) {
	if !sortRuns(keys, compareKeys, &keyRoom) {
		slices.SortFunc(keys, compareKeys)
	}
}

// sortRuns sorts s stably by compare where its ascending runs are few
// (one for every minRunLength values or fewer), merging them through a
// buffer from r, and reports whether it did.
func sortRuns[T any](s []T, compare func(a, b T) int, r *room[T]) bool {
	var local [64]int
	starts := runStarts(s, compare, local[:0])
	switch {
	case starts == nil:
		return false
	case len(starts) == 1:
		return true
	}
	scratch := r.take(len(s))[:len(s)]
	defer r.give(scratch)
	src, dst := s, scratch
	for len(starts) > 1 {
		starts = mergePairs(src, dst, starts, compare)
		src, dst = dst, src
	}
	if &src[0] != &s[0] {
		copy(s, src)
	}
	return true
}

// runStarts appends to starts the index at which each ascending run of s
// begins; nil when there are more than one for every minRunLength values.
func runStarts[T any](s []T, compare func(a, b T) int, starts []int) []int {
	if len(s) == 0 {
		return append(starts, 0)
	}
	most := len(s)/minRunLength + 1
	starts = append(starts, 0)
	for i := 1; i < len(s); i++ {
		if compare(s[i], s[i-1]) < 0 {
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
func mergePairs[T any](src, dst []T, starts []int, compare func(a, b T) int) []int {
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
		merge(src[lo:mid], src[mid:hi], dst[lo:hi], compare)
		next = append(next, lo)
	}
	return next
}

// merge merges the sorted a and b into out, len(a)+len(b) long, taking
// from a on a tie.
func merge[T any](a, b, out []T, compare func(a, b T) int) {
	i, j, k := 0, 0, 0
	for i < len(a) && j < len(b) {
		if compare(b[j], a[i]) < 0 {
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
