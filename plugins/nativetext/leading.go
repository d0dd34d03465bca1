package nativetext

import (
	"math"
	"slices"
)

// Loose leading. Chinese and Japanese text, and text set double-spaced,
// leave more blank space between the lines of one paragraph than paraGap
// allows (an em box over a line height of 1.8 leaves 0.8 em), so that
// every line would be a paragraph of its own. Where a page's lines show
// two kinds of gap, the lines' own and a wider one between paragraphs,
// a gap of the first kind after a full line continues the paragraph.
const (
	leadingStep    = 0.4 // ems: a paragraph gap is at least this much wider than a line gap
	leadingSamples = 4   // gaps a page needs to show its line gap
	leadingMax     = 3.0 // ems: wider gaps are not between lines of text
	fullLineSlack  = 2.0 // ems: a full line ends this close to its column's right edge
	sameSize       = 0.1 // relative: lines of one paragraph have one size within this
	fullLineWidth  = 8.0 // ems: the least width of a line that fills a column
	marginLines    = 3   // full lines that end at one edge make it a right margin
)

// leading is what a page's line gaps say: the widest gap, in ems, that
// may lie between two lines of one paragraph (paraGap where the lines sit
// close or show one kind of gap only), and, where it is wider, the page's
// segments, whose column margins tell a full line from a paragraph's last
// (found for the lines continues asks about, once each).
type leading struct {
	gap   float64
	segs  []*seg
	right map[*seg]float64
}

// pageLeading measures the gaps between segments that follow each other
// down one column (the next below the last, sharing its left edge and
// its size) in the reading order segs.
func pageLeading(segs []*seg) leading {
	var gaps []float64
	for i := 1; i < len(segs); i++ {
		p, s := segs[i-1], segs[i]
		if p.table != nil || s.table != nil {
			continue
		}
		em := max(1, p.size)
		if math.Abs(s.size-p.size) > sameSize*em || math.Abs(s.b.X0-p.b.X0) > em {
			continue
		}
		if g := (s.b.Y0 - p.b.Y1) / em; g >= 0 && g < leadingMax {
			gaps = append(gaps, g)
		}
	}
	l := leading{gap: paraGap}
	if len(gaps) < leadingSamples {
		return l
	}
	slices.Sort(gaps)
	line := gaps[len(gaps)/4]
	if line <= paraGap {
		return l
	}
	i, _ := slices.BinarySearch(gaps, line+leadingStep)
	if i == len(gaps) {
		return l // one kind of gap only: lines, or one-line paragraphs
	}
	l.gap = (line + gaps[i]) / 2
	l.segs, l.right = segs, map[*seg]float64{}
	return l
}

// columnRight is the right margin of the text that starts where s starts
// (within an em): the rightmost edge that at least marginLines lines of
// fullLineWidth ems or more end at (within an em). Text without such a
// margin (labels, a form, a ragged list), and a table, has 0.
func columnRight(segs []*seg, s *seg) float64 {
	if s.table != nil {
		return 0
	}
	em := max(1, s.size)
	var ends []float64
	for _, o := range segs {
		if o.table == nil && math.Abs(o.b.X0-s.b.X0) <= em && o.b.Width() >= fullLineWidth*em {
			ends = append(ends, o.b.X1)
		}
	}
	slices.Sort(ends)
	for i := len(ends) - 1; i >= marginLines-1; i-- {
		if ends[i]-ends[i-marginLines+1] <= em {
			return ends[i]
		}
	}
	return 0
}

// rightOf is columnRight of p, found once.
func (l *leading) rightOf(p *seg) float64 {
	r, ok := l.right[p]
	if !ok {
		r = columnRight(l.segs, p)
		l.right[p] = r
	}
	return r
}

// continues reports whether a gap of gap points between the line p and
// the line s keeps s in p's paragraph: within the page's line gap, after
// a line that runs to its column's right margin, and not indented.
func (l *leading) continues(p, s *seg, gap float64) bool {
	em := max(1, p.size)
	if l.segs == nil || gap > l.gap*em || s.b.X0-p.b.X0 >= indentMin*em || p.b.Width() < fullLineWidth*em {
		return false
	}
	r := l.rightOf(p)
	return r > 0 && p.b.X1 >= r-fullLineSlack*em
}
