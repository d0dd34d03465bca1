package tableformer

import (
	"slices"
	"strings"

	"github.com/assay-pdf/assay/core"
)

// A grouped header repeats its columns' titles group after group ('2009 |
// 2010 | 2009 | 2010', 'No. | Rate | (95% CI)' twice), and over each group
// sets the group's heading, centred over its columns. A heading without
// a rule under it is cut by the columns' gutters at its word spaces, or
// lies within one of its columns: the USGS's abrasives summary (ICDAR
// 2013's us-026) read 'Fused | aluminum oxide | Silicon | carbide' over
// its four years.

// minGroupCols is the fewest columns of a group of repeated titles.
const minGroupCols = 2

// headingSpace is the widest gap between the pieces of one heading, as a
// share of their lines' height: a word space, which justification may
// widen; headings of their own stand further apart.
const headingSpace = 0.6

// SpanGroupHeadings joins, over each group of the columns whose titles
// the row under it repeats (a run of minGroupCols titles or more, two
// groups at least, the titles of one group not all alike), the row's
// cells in the group into one heading spanning it: two cells or more,
// each a word space from the next (headingSpace), none spanning columns
// already nor reaching across the group's sides. A heading whole in one
// cell is left where it stands. Rows of the header only: over the first
// row whose first cell and another hold text, with a figure.
func SpanGroupHeadings(t *core.Table) {
	if t == nil {
		return
	}
	g := t.Grid()
	body := slices.IndexFunc(g, func(row []string) bool {
		return strings.TrimSpace(row[0]) != "" && slices.ContainsFunc(row[1:], isNumber)
	})
	for r := 0; r+1 < body; r++ {
		if first, k, n := repeatedTitles(g[r+1]); n >= 2 {
			for i := range n {
				spanGroup(t, r, first+i*k, first+(i+1)*k-1)
			}
		}
	}
}

// repeatedTitles finds in row the longest run of titles repeated group
// after group to its end: the first column, the group's width k and the
// groups n; n is 0 where there is none.
func repeatedTitles(row []string) (first, k, n int) {
	for start := 0; start < len(row); start++ {
		for k = minGroupCols; start+2*k <= len(row); k++ {
			if (len(row)-start)%k != 0 || !titledGroups(row[start:], k) {
				continue
			}
			return start, k, (len(row) - start) / k
		}
	}
	return 0, 0, 0
}

// titledGroups reports whether cells repeat their first k texts, every
// one not blank, two of them differing.
func titledGroups(cells []string, k int) bool {
	if !repeatsEvery(cells, k) {
		return false
	}
	differ := false
	for _, s := range cells[:k] {
		if strings.TrimSpace(s) == "" {
			return false
		}
		differ = differ || strings.TrimSpace(s) != strings.TrimSpace(cells[0])
	}
	return differ
}

// spanGroup makes the cells of row r with text from column lo to hi one
// cell spanning them all, its text theirs in column order (see
// SpanGroupHeadings).
func spanGroup(t *core.Table, r, lo, hi int) {
	var in []int
	for i, c := range t.Cells {
		if c.Row != r {
			continue
		}
		end := c.Col + max(c.ColSpan, 1) - 1
		if c.Text == "" || end < lo || c.Col > hi {
			continue
		}
		if c.Col < lo || end > hi || c.ColSpan > 1 {
			return // a heading over more than the group, or placed already
		}
		in = append(in, i)
	}
	if len(in) < 2 {
		return // a heading whole, over the columns it stands over
	}
	slices.SortFunc(in, func(a, b int) int { return t.Cells[a].Col - t.Cells[b].Col })
	for k := 1; k < len(in); k++ {
		a, b := t.Cells[in[k-1]].BBox, t.Cells[in[k]].BBox
		if b.X0-a.X1 > headingSpace*max(a.Height(), b.Height()) {
			return // two headings, not one cut at its word space
		}
	}
	head := t.Cells[in[0]]
	for _, i := range in[1:] {
		head.Text += " " + t.Cells[i].Text
		head.BBox = head.BBox.Union(t.Cells[i].BBox)
	}
	head.Col, head.ColSpan = lo, hi-lo+1
	// The heading is stored once, at its first slot; the row's other
	// cells in the group go.
	t.Cells = slices.DeleteFunc(t.Cells, func(c core.Cell) bool { return c.Row == r && c.Col >= lo && c.Col <= hi })
	t.Cells = append(t.Cells, head)
}
