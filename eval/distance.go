package eval

import "math/bits"

// The distances are exact and bit-parallel: the shorter sequence is laid
// out over machine words, one bit a position, and each element of the
// longer sequence updates every word once, O(n·m/64) word operations.
// Levenshtein follows Myers (1999) in Hyyrö's formulation for the global
// distance, with the words joined by the horizontal delta each passes to
// the next; the LCS follows Allison and Dix as Hyyrö (2004) writes it.
// Both agree with plain dynamic programming (see distance_test.go).

const wordBits = 64

// denseShare decides, per element of the shorter sequence, how its match
// vector is stored: an element at no fewer than words/denseShare positions
// keeps a whole vector; a rarer one keeps its positions and has its vector
// written into a scratch buffer when it is looked up. Dense vectors for
// every element would cost distinct elements × words, which for the word
// tokens of a long document runs to hundreds of megabytes.
const denseShare = 8

// matchVectors is Myers' Peq table: for each element of the shorter
// sequence, the bit vector of the positions where it occurs.
type matchVectors struct {
	words   int
	dense   map[int32][]uint64
	sparse  map[int32][]int
	scratch []uint64 // the vector of the last sparse element looked up
	filled  []int    // the positions set in scratch
	zero    []uint64
}

func newMatchVectors(b []int32) *matchVectors {
	words := (len(b) + wordBits - 1) / wordBits
	pos := make(map[int32][]int)
	for i, c := range b {
		pos[c] = append(pos[c], i)
	}
	mv := &matchVectors{
		words:   words,
		dense:   make(map[int32][]uint64),
		sparse:  make(map[int32][]int),
		scratch: make([]uint64, words),
		zero:    make([]uint64, words),
	}
	for c, ps := range pos {
		if len(ps)*denseShare < words {
			mv.sparse[c] = ps
			continue
		}
		v := make([]uint64, words)
		for _, i := range ps {
			v[i/wordBits] |= 1 << (i % wordBits)
		}
		mv.dense[c] = v
	}
	return mv
}

// of is the match vector of c, valid until the next call.
func (mv *matchVectors) of(c int32) []uint64 {
	if v, ok := mv.dense[c]; ok {
		return v
	}
	for _, i := range mv.filled {
		mv.scratch[i/wordBits] = 0
	}
	mv.filled = mv.sparse[c]
	if len(mv.filled) == 0 {
		return mv.zero
	}
	for _, i := range mv.filled {
		mv.scratch[i/wordBits] |= 1 << (i % wordBits)
	}
	return mv.scratch
}

// levenshtein is the edit distance (insertions, deletions, substitutions,
// each costing one) between a and b.
func levenshtein(a, b []int32) int {
	if len(a) < len(b) {
		a, b = b, a
	}
	m := len(b)
	if m == 0 {
		return len(a)
	}
	peq := newMatchVectors(b)
	words := peq.words
	pv := make([]uint64, words) // vertical deltas +1, one bit a row
	mv := make([]uint64, words) // vertical deltas -1
	for w := range pv {
		pv[w] = ^uint64(0)
	}
	lastHigh := uint64(1) << ((m - 1) % wordBits)
	score := m
	for _, c := range a {
		eq := peq.of(c)
		// Row 0 of the table is 0, 1, 2, ...: each column enters the first
		// word one higher than the last.
		carry := 1
		for w := 0; w < words; w++ {
			high := uint64(1) << (wordBits - 1)
			if w == words-1 {
				high = lastHigh
			}
			carry = myersStep(&pv[w], &mv[w], eq[w], carry, high)
		}
		score += carry
	}
	return score
}

// myersStep advances one word of the vertical delta vectors by one column.
// hin is the horizontal delta (-1, 0, +1) at the row below the word; the
// result is the delta at the row marked by high, the word's last.
func myersStep(pv, mv *uint64, eq uint64, hin int, high uint64) int {
	p, m := *pv, *mv
	xv := eq | m
	if hin < 0 {
		eq |= 1
	}
	xh := (((eq & p) + p) ^ p) | eq
	ph := m | ^(xh | p)
	mh := p & xh
	hout := 0
	if ph&high != 0 {
		hout = 1
	} else if mh&high != 0 {
		hout = -1
	}
	ph <<= 1
	mh <<= 1
	if hin < 0 {
		mh |= 1
	} else if hin > 0 {
		ph |= 1
	}
	*pv = mh | ^(xv | ph)
	*mv = ph & xv
	return hout
}

// lcsLength is the length of a longest common subsequence of a and b.
func lcsLength(a, b []int32) int {
	if len(a) < len(b) {
		a, b = b, a
	}
	m := len(b)
	if m == 0 {
		return 0
	}
	peq := newMatchVectors(b)
	v := make([]uint64, peq.words) // a zero bit: a row the LCS has used
	for w := range v {
		v[w] = ^uint64(0)
	}
	for _, c := range a {
		eq := peq.of(c)
		var carry uint64
		for w := range v {
			u := v[w] & eq[w]
			// (v + u) | (v - u); u is a subset of v, so v - u borrows nothing.
			var sum uint64
			sum, carry = bits.Add64(v[w], u, carry)
			v[w] = sum | (v[w] &^ u)
		}
	}
	ones := 0
	for w, x := range v {
		if w == len(v)-1 && m%wordBits != 0 {
			x &= 1<<(m%wordBits) - 1
		}
		ones += bits.OnesCount64(x)
	}
	return m - ones
}

// textSimilarity is 1 - levenshtein / the longer length; two empty
// sequences are alike, one empty and one not are not.
func textSimilarity(a, b []int32) float64 {
	la, lb := len(a), len(b)
	if la == 0 && lb == 0 {
		return 1
	}
	if la == 0 || lb == 0 {
		return 0
	}
	return 1 - float64(levenshtein(a, b))/float64(max(la, lb))
}

// nidSimilarity is the normalised indel similarity:
// 1 - (la + lb - 2·LCS) / (la + lb).
func nidSimilarity(a, b []int32) float64 {
	la, lb := len(a), len(b)
	if la+lb == 0 {
		return 1
	}
	return 1 - float64(la+lb-2*lcsLength(a, b))/float64(la+lb)
}
