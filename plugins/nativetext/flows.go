package nativetext

import (
	"cmp"
	"math"
	"slices"
)

// Columns whose paragraphs start where they will are flows of text, not
// a table. A table's row starts at one height in every column: the
// next row begins under the tallest cell of the one before, so a cell's
// first line stands beside another cell's first line or beside blank
// space. Two flows of text set side by side (a word processor's
// borderless table used to lay out two columns, as Google Docs exports
// it) each break into paragraphs at their own heights, and a paragraph
// of one column starts beside a line in the middle of the other's.
//
// A paragraph starts where a column's line stands further under the one
// before than the column's lines of one paragraph do: by paraGap ems
// (the blank that parts blocks) more than its closest pitch. A column
// whose lines all stand as far apart tells no paragraphs, and so never
// crosses (a dense table's rows, each a line). A start crosses another
// column where it faces (within minFacing ems) a line of that column
// that goes on a sentence: it stands at the column's closest pitch under
// a line that ends on no stop, and starts in lower case (runsOnLower).
// A table's column of values or labels starts each line afresh, even
// where its neighbour's blank cells leave gaps that look like
// paragraphs. minCrossings crossings make the group flows (one may be a
// cell of two paragraphs beside a wrapped one), if every column holds
// sentences: its median line has minProseWords words, and minCrossings
// of its lines go on a sentence. A table's headings, wrapped and set on
// the header's bottom, cross too, and so does a note in a cell spanning
// rows beside a column of commands (a calculator guide's 'Note: For
// information about graph pictures ...'); but the columns of names,
// figures and commands under them hold no sentences.
const minCrossings = 2

// A flowLine is one line of a column: its baseline, size, its first and
// last segments, and whether it starts a paragraph or goes on a sentence
// of the line before.
type flowLine struct {
	base, size    float64
	words         int
	first, last   *seg
	start, goesOn bool
}

// crossedFlows reports whether the columns (left to right) are flows of
// text: each holds sentences, and minCrossings paragraph starts or more,
// in any column, face lines that go on a sentence in another.
func crossedFlows(cols [][]*seg) bool {
	lines := make([][]flowLine, len(cols))
	for k, c := range cols {
		lines[k] = columnFlow(c)
		if goingOn(lines[k]) < minCrossings || medianWords(lines[k]) < minProseWords {
			return false
		}
	}
	crossings := 0
	for k, col := range lines {
		for _, l := range col {
			if !l.start {
				continue
			}
			for j, other := range lines {
				if j != k && facesRunOn(other, l) {
					crossings++
					break
				}
			}
		}
	}
	return crossings >= minCrossings
}

// facesRunOn reports whether the line of col nearest l's baseline, within
// minFacing ems, goes on a sentence.
func facesRunOn(col []flowLine, l flowLine) bool {
	best, d := -1, math.Inf(1)
	for i, o := range col {
		if dd := math.Abs(o.base - l.base); dd < d {
			best, d = i, dd
		}
	}
	return best >= 0 && d < minFacing*max(l.size, 1) && col[best].goesOn
}

// columnFlow lists a column's lines top to bottom (the segments of one
// baseline cluster together) and marks those that start a paragraph
// and those that go on a sentence.
func columnFlow(c []*seg) []flowLine {
	byLine := map[int]int{}
	var out []flowLine
	for _, s := range c {
		k, ok := byLine[s.line]
		if !ok {
			byLine[s.line] = len(out)
			out = append(out, flowLine{base: s.base, size: s.size, words: len(s.words), first: s, last: s})
			continue
		}
		l := &out[k]
		l.size, l.words = max(l.size, s.size), l.words+len(s.words)
		if s.b.X0 < l.first.b.X0 {
			l.first = s
		}
		if s.b.X1 > l.last.b.X1 {
			l.last = s
		}
	}
	slices.SortFunc(out, func(a, b flowLine) int { return cmp.Compare(a.base, b.base) })
	pitch := math.Inf(1)
	for i := 1; i < len(out); i++ {
		pitch = min(pitch, out[i].base-out[i-1].base)
	}
	for i := range out {
		if i == 0 {
			out[i].start = true
			continue
		}
		p, l := out[i-1], &out[i]
		step := l.base - p.base
		l.start = step > pitch+paraGap*max(l.size, 1)
		l.goesOn = !l.start && len(p.last.words) > 0 &&
			!endsSentence(p.last.words[len(p.last.words)-1].Text) && runsOnLower(p.last, l.first)
	}
	return out
}

// goingOn counts the lines of a column that go on a sentence.
func goingOn(lines []flowLine) int {
	n := 0
	for _, l := range lines {
		if l.goesOn {
			n++
		}
	}
	return n
}

// medianWords is the median count of words in a column's lines.
func medianWords(lines []flowLine) float64 {
	var n []float64
	for _, l := range lines {
		n = append(n, float64(l.words))
	}
	return median(n)
}
