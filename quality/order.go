package quality

import (
	"unicode"

	"github.com/assay-pdf/assay/core"
)

// Order rates the reading order of a page from its boxes, 1 when lines
// read top to bottom within blocks, words left to right within lines (right
// to left for Arabic and Hebrew), and the page jumps back up only about as
// often as it has columns. It returns the count of backward steps too.
// Tables and figures are not judged: a table is read by its grid, and a
// figure's words are its labels, in no order of reading (a bar chart's
// axis from 25% down to 0%, then its bars' values; region OCR of one
// such chart took a report's page from 1 to 0.80).
func Order(p *core.Page) (float64, int) {
	var steps, back int
	// Jumps back up the page between consecutive lines, across blocks:
	// one per column or float is expected; many more mean interleaved
	// columns.
	lines, jumps := 0, 0
	var last core.BBox // the previous line's box, across blocks
	for i := range p.Blocks {
		b := &p.Blocks[i]
		if b.Kind == core.KindTable || b.Kind == core.KindFigure {
			continue
		}
		for j := range b.Lines {
			l := &b.Lines[j]
			if lines > 0 {
				if h := max(last.Height(), l.BBox.Height()); h > 0 && l.BBox.Y0 < last.Y0-1.5*h {
					jumps++
				}
			}
			lines++
			last = l.BBox
			if j > 0 {
				steps++
				prev := b.Lines[j-1].BBox
				if h := l.BBox.Height(); h > 0 && l.BBox.Y0 < prev.Y0-h && !sideBySide(prev, l.BBox) {
					back++
				}
			}
			if len(l.Words) < 2 {
				continue
			}
			rtl := lineRTL(l)
			for k := 1; k < len(l.Words); k++ {
				steps++
				a, c := l.Words[k-1].BBox, l.Words[k].BBox
				h := max(a.Height(), c.Height())
				if !rtl && c.X0 < a.X0-h || rtl && c.X1 > a.X1+h {
					back++
				}
			}
		}
	}
	allowed := 4 + lines/15
	if jumps > allowed {
		back += jumps - allowed
		steps += jumps - allowed
	}
	if steps == 0 {
		return 1, 0
	}
	return clamp(1 - 2*float64(back)/float64(steps)), back
}

// sideBySide reports whether two line boxes share a baseline band but not
// x-range: cells or columns, not a line that runs backwards.
func sideBySide(a, b core.BBox) bool {
	return a.Intersect(core.BBox{X0: a.X0, Y0: b.Y0, X1: a.X1, Y1: b.Y1}).Height() > 0 && (b.X0 >= a.X1 || a.X0 >= b.X1)
}

// lineRTL reports whether most letters of a line are Arabic or Hebrew.
func lineRTL(l *core.Line) bool {
	rtl, ltr := 0, 0
	for i := range l.Words {
		for _, r := range l.Words[i].Text {
			if r < 0x80 {
				if r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' {
					ltr++
				}
				continue
			}
			switch {
			case unicode.In(r, unicode.Arabic, unicode.Hebrew):
				rtl++
			case unicode.IsLetter(r):
				ltr++
			}
		}
	}
	return rtl > ltr
}
