package tableformer

import (
	"cmp"
	"iter"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/textclean"
)

// sameLine: words of one cell whose centres are closer than this share
// of a word's height are on one line.
const sameLine = 0.5

// cellText joins a cell's words line by line, each line in reading
// order (right to left where most of its words are right-to-left), with
// a space between words and between lines, and none where a line of
// Chinese or Japanese goes on in the next (unspacedBreak).
func cellText(ws []word) string {
	if len(ws) == 0 {
		return ""
	}
	s := append([]word(nil), ws...)
	sort.SliceStable(s, func(i, j int) bool { return s[i].cy < s[j].cy })
	var parts []string
	for i := 0; i < len(s); {
		j := i + 1
		h := max(1, s[i].BBox.Height())
		for j < len(s) && s[j].cy-s[i].cy < sameLine*h {
			j++
		}
		ln := s[i:j]
		sort.SliceStable(ln, func(a, b int) bool { return ln[a].BBox.X0 < ln[b].BBox.X0 })
		if rtlWords(ln)*2 > len(ln) {
			for a, b := 0, len(ln)-1; a < b; a, b = a+1, b-1 {
				ln[a], ln[b] = ln[b], ln[a]
			}
		}
		for k, w := range ln {
			if k == 0 && len(parts) > 0 && unspacedBreak(parts[len(parts)-1], w.Text) {
				parts[len(parts)-1] += w.Text
				continue
			}
			parts = append(parts, w.Text)
		}
		i = j
	}
	return strings.Join(parts, " ")
}

// unspacedBreak says whether a cell's line that ends with word a and
// the line after it, starting with word b, break inside Chinese or
// Japanese text, which goes on with no space (textclean.Unspaced): a
// cell's '中诚信国际信' over '用评级有限责' is one name.
func unspacedBreak(a, b string) bool {
	last, _ := utf8.DecodeLastRuneInString(a)
	first, _ := utf8.DecodeRuneInString(b)
	return textclean.Unspaced(last) && textclean.Unspaced(first)
}

// JoinRows renumbers the rows of t by newRow (each row's new number, in
// order), one cell a slot: the texts of the cells that fall in one slot
// joined in row order as a cell's lines are (a space, none where Chinese
// or Japanese goes on: unspacedBreak), their boxes united. A caller that
// finds rows to be one by what the page draws around the table (the rules
// under a header whose titles wrap, nativetext) joins them so.
func JoinRows(t *core.Table, newRow []int) {
	rows := newRow[len(newRow)-1] + 1
	if rows == t.Rows {
		return
	}
	slices.SortStableFunc(t.Cells, func(a, b core.Cell) int { return cmp.Or(cmp.Compare(a.Row, b.Row), cmp.Compare(a.Col, b.Col)) })
	at := map[[2]int]int{}
	var cells []core.Cell
	for _, c := range t.Cells {
		c.Row = newRow[c.Row]
		k := [2]int{c.Row, c.Col}
		i, ok := at[k]
		if !ok {
			at[k] = len(cells)
			cells = append(cells, c)
			continue
		}
		m := &cells[i]
		switch {
		case m.Text == "":
			m.Text = c.Text
		case c.Text == "":
		case unspacedBreak(m.Text, c.Text):
			m.Text += c.Text
		default:
			m.Text += " " + c.Text
		}
		m.Header = m.Header || c.Header
		if m.BBox.Empty() {
			m.BBox = c.BBox
		} else if !c.BBox.Empty() {
			m.BBox = m.BBox.Union(c.BBox)
		}
	}
	t.Cells, t.Rows = cells, rows
}

// rtlWords counts the words with right-to-left letters.
func rtlWords(ws []word) int {
	n := 0
	for _, w := range ws {
		if strings.IndexFunc(w.Text, textclean.RightToLeft) >= 0 {
			n++
		}
	}
	return n
}

// strongLTR reports a letter of a left-to-right script.
func strongLTR(r rune) bool { return unicode.IsLetter(r) && !textclean.RightToLeft(r) }

// mostlyRTL reports texts with more of a right-to-left script than of a
// left-to-right one, counting each text once (figures count for
// neither).
func mostlyRTL(texts iter.Seq[string]) bool {
	rtl, ltr := 0, 0
	for s := range texts {
		switch {
		case strings.IndexFunc(s, textclean.RightToLeft) >= 0:
			rtl++
		case strings.IndexFunc(s, strongLTR) >= 0:
			ltr++
		}
	}
	return rtl > ltr
}

// mirrorRTL puts the columns of a right-to-left table in logical order:
// the rightmost column first.
func mirrorRTL(t *core.Table) {
	texts := func(yield func(string) bool) {
		for _, c := range t.Cells {
			if !yield(c.Text) {
				return
			}
		}
	}
	if !mostlyRTL(texts) {
		return
	}
	for i := range t.Cells {
		c := &t.Cells[i]
		c.Col = t.Cols - (c.Col + max(c.ColSpan, 1))
	}
	sortCells(t)
}

// sortCells orders cells row by row, left to right.
func sortCells(t *core.Table) {
	sort.SliceStable(t.Cells, func(i, j int) bool {
		if t.Cells[i].Row != t.Cells[j].Row {
			return t.Cells[i].Row < t.Cells[j].Row
		}
		return t.Cells[i].Col < t.Cells[j].Col
	})
}
