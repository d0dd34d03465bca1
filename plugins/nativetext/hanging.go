package nativetext

import "math"

// A list set with hanging indents (a paper's references, a glossary, an
// index) starts each entry at the column's margin and sets the entry's
// other lines in from it. With no space between entries, the whole list
// was one paragraph ('Bosch, J.M., 1979. ... 29–37.' ran on into 'Bosch,
// J.M., Von Gadow, K., 1990. ...').
//
// The lines of such a block start at two edges: the outer one, where its
// first line starts, and an inner one indentMin to indentMax ems in. An
// entry's first line, when the entry goes on to the inner edge, was
// wrapped: it runs to the block's right edge. An entry of one line, at
// the outer edge with the next entry's first line under it, ends short.
// Paragraphs set with their first lines indented, run together where
// indented could not part them, do not match: their lines at the outer
// edge run on to one another full, and a short last line stands before
// an indented first line.

// minHangingEntries is the fewest entries that go on to the inner edge
// which make a block a list of entries with hanging indents.
const minHangingEntries = 2

// splitHanging cuts the lines of a block set as a list with hanging
// indents before each line at the outer edge (see above); any other
// block is returned whole.
func splitHanging(cur []*seg) [][]*seg {
	whole := [][]*seg{cur}
	lines := blockLines(cur)
	if len(lines) < minHangingEntries+1 {
		return whole
	}
	em := max(1, lines[0].size)
	outer, inner := lines[0].b.X0, lines[1].b.X0
	if in := inner - outer; in < indentMin*em || in > indentMax*em {
		return whole
	}
	right := lines[0].b.X1
	for _, l := range lines {
		right = max(right, l.b.X1)
	}
	at := func(l blockLine, x float64) bool { return math.Abs(l.b.X0-x) <= marginTol*em }
	var cuts []int
	wrapped := 0
	for i, l := range lines {
		if l.rtl || len(l.words) == 0 || monospace(l.words) || !at(l, outer) && !at(l, inner) {
			return whole
		}
		if !at(l, outer) {
			continue
		}
		if i > 0 {
			cuts = append(cuts, l.at)
		}
		if i+1 == len(lines) {
			break
		}
		full := l.b.X1 >= right-shortBy*em
		switch {
		case at(lines[i+1], inner) && !full, at(lines[i+1], outer) && full:
			return whole
		case at(lines[i+1], inner):
			wrapped++
		}
	}
	if wrapped < minHangingEntries {
		return whole
	}
	out := make([][]*seg, 0, len(cuts)+1)
	start := 0
	for _, c := range cuts {
		out = append(out, cur[start:c])
		start = c
	}
	return append(out, cur[start:])
}
