package tableformer

import (
	"cmp"
	"math"
	"slices"
)

// Two columns of figures may stand a word space apart where their widest
// figures meet, narrower than any gutter: MMWR's 'No.' and 'Rate' ('39,385
// 181.2', 'Rate' and '(95% CI)' ('1,060.5 (1,021.9–1,099.1)'), read as one
// column whose cells held two figures each. A word space in prose parts
// words of all kinds at places that differ from line to line; between two
// columns of figures it parts two figures on every line, at one place.

// Figure pairs (figurePairs).
const (
	// minPairLines: a column parts in two where at least this many lines
	// hold two figures in it,
	minPairLines = 4
	// pairShare: and at least this share of the body's lines with words
	// in it.
	pairShare = 0.8
)

// figurePairs is, for each column of cols (a slot between its bounds),
// the gap in the body's lines that parts two figures on each line holding
// two figures alone there: where minPairLines lines or more, pairShare of
// the body's lines with words there (under the header), do, no word of
// another body line lies across the gap, the header's last line has
// words on both sides of it, a title each ('No. | Rate'), and not on
// every line of two figures is the right one a group of three digits
// after digits (a number typed with a space between its groups:
// thousandsGroup). A count and its parenthesised
// total under one title ('No. of studies (participants)': '2 (235)') are
// one column's.
func figurePairs(lines [][]word, cols []bound) []span {
	var out []span
	for k := 0; k <= len(cols); k++ {
		if g, ok := pairGap(lines, cols, k); ok {
			out = append(out, g)
		}
	}
	return out
}

// pairGap is figurePairs' gap in slot k of cols, if there is one. The
// lines over the first line of two figures are the header: its lowest
// line with words in the slot must title both columns, and the lines
// over that one may lie across the gap (a group's heading over both,
// 'Coronary heart disease' over 'No. | Rate | (95% CI)').
func pairGap(lines [][]word, cols []bound, k int) (span, bool) {
	gap := span{math.Inf(-1), math.Inf(1)}
	var head, body [][]word // the other lines' words in slot k, over the first pair and under it
	pairs, groups := 0, 0
	for _, ln := range lines {
		var in []word
		for _, w := range ln {
			if slotOf(cols, w.cx) == k {
				in = append(in, w)
			}
		}
		if len(in) == 0 {
			continue
		}
		slices.SortFunc(in, func(a, b word) int { return cmp.Compare(a.BBox.X0, b.BBox.X0) })
		if len(in) != 2 || !isNumber(in[0].Text) || !isNumber(in[1].Text) {
			if pairs == 0 {
				head = append(head, in)
			} else {
				body = append(body, in)
			}
			continue
		}
		gap = span{max(gap.a, in[0].BBox.X1), min(gap.b, in[1].BBox.X0)}
		pairs++
		if thousandsGroup(in[0].Text, in[1].Text) {
			groups++
		}
	}
	if pairs < minPairLines || float64(pairs) < pairShare*float64(pairs+len(body)) || groups == pairs || gap.b <= gap.a || len(head) == 0 {
		return span{}, false
	}
	// A title set in another face may reach a little into the gap: a
	// word lies across it where it covers its middle.
	mid := (gap.a + gap.b) / 2
	for _, ln := range body {
		if left, right := sides(ln, mid); !left && !right {
			return span{}, false
		}
	}
	left, right := sides(head[len(head)-1], mid)
	return gap, left && right
}

// sides reports whether words lie wholly left of x and wholly right of
// it; both false where one lies across it.
func sides(ln []word, x float64) (left, right bool) {
	for _, w := range ln {
		if w.BBox.X0 < x && w.BBox.X1 > x {
			return false, false
		}
		left, right = left || w.BBox.X1 <= x, right || w.BBox.X0 >= x
	}
	return left, right
}
