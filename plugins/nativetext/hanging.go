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

// hangingCuts is where a block set as a list with hanging indents is
// cut into its entries: before each line at the outer edge (see above),
// as indices into cur. It is nil for any other block.
func hangingCuts(cur []*seg) []int {
	if len(cur) < minHangingEntries+1 || !hangsFrom(cur[0], cur[1]) {
		return nil // most blocks: told without grouping their lines
	}
	lines := blockLines(cur)
	if len(lines) < minHangingEntries+1 {
		return nil
	}
	em := max(1, lines[0].size)
	outer, inner := lines[0].b.X0, lines[1].b.X0
	if !anIndent(inner-outer, em) {
		return nil
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
			return nil
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
			return nil
		case at(lines[i+1], inner):
			wrapped++
		}
	}
	if wrapped < minHangingEntries {
		return nil
	}
	return cuts
}

// hangsFrom reports whether segment s, the one after a block's first,
// may start the block's hanging lines: it is on a line of its own, set
// indentMin to indentMax ems in from the first, or on the first line.
func hangsFrom(first, s *seg) bool {
	if s.line == first.line {
		return true
	}
	return anIndent(s.b.X0-first.b.X0, max(1, first.size))
}
