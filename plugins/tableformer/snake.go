package tableformer

import (
	"strings"

	"github.com/assay-pdf/assay/core"
)

// A long table of few columns is often set in bands side by side to fill
// the page, as a newspaper sets a column of text: a census table of the
// population by single year of age runs 'Age | Total population' three
// times across the page, ages 0-39 under the first pair, 40-79 under the
// second, 80-112 under the third (ICDAR 2013's us-035a). Read as one
// table of six columns, each row joins three ages that have nothing to do
// with each other ('Under 1 year | 3,533,692 | 40 years | 2,468,083 | 80
// years | 723,049'): a row is a record, and these are three.
//
// Unsnake reads such a table as the table it is: its header once, then
// the rows of the first band, of the second, and on. A table is set in
// bands when its header rows repeat one run of titles across its columns,
// two bands or more, and each band's first column holds labels (most of
// its filled body cells are no figures, minLabelShare). Columns of
// figures under repeated titles ('Male | Female | Male | Female' under
// two years) are a grouped header whose groups were read elsewhere, not
// bands. A body cell spanning rows or columns, or a header cell spanning
// bands, leaves the table as it is.

// minBandCols is the fewest columns of a band: a band is a table of its
// own, labels and what they label. Every column under one title ('Header
// | Header | Header' over 'Cell | Cell | Cell' in a placeholder table,
// the same formula in each cell of a grid) is a table of columns titled
// alike, not one column set in bands.
const minBandCols = 2

// minLabelShare is the share of a band's filled first-column body cells
// that must be labels (no figures) for the table to be read as bands.
const minLabelShare = 2.0 / 3

// Unsnake returns t read band after band when it is set in bands side by
// side (see above), else t.
func Unsnake(t *core.Table) *core.Table {
	if t == nil {
		return t
	}
	head := t.HeaderRows()
	if head == 0 || head >= t.Rows || spansBands(t, head) {
		return t
	}
	g := t.Grid()
	for k := minBandCols; 2*k <= t.Cols; k++ {
		if t.Cols%k == 0 && repeats(g[:head], k) && labelled(g[head:], k) {
			return bands(t, head, k)
		}
	}
	return t
}

// spansBands reports whether a body cell (below the head rows) spans
// rows or columns, or a header cell spans columns: a table whose cells
// cross where its bands would part is no table set in bands.
func spansBands(t *core.Table, head int) bool {
	for _, c := range t.Cells {
		if c.ColSpan > 1 || (c.Row >= head && c.RowSpan > 1) {
			return true
		}
	}
	return false
}

// repeats reports whether each header row repeats its first k titles
// across all its columns, and a band's titles are not all one: two
// differ (minBandCols).
func repeats(head [][]string, k int) bool {
	titles := map[string]bool{}
	for _, row := range head {
		if !repeatsEvery(row, k) {
			return false
		}
		for _, s := range row {
			if s = strings.TrimSpace(s); s != "" {
				titles[s] = true
			}
		}
	}
	return len(titles) >= minBandCols
}

// repeatsEvery reports whether each of cells holds the text (spaces
// trimmed) of the one k before it: a run of k titles repeated group
// after group (a table set in bands, a grouped header).
func repeatsEvery(cells []string, k int) bool {
	for c := k; c < len(cells); c++ {
		if strings.TrimSpace(cells[c]) != strings.TrimSpace(cells[c-k]) {
			return false
		}
	}
	return true
}

// labelled reports whether the first column of every band of k columns
// holds labels: minLabelShare of its filled body cells, some, are no
// figures.
func labelled(body [][]string, k int) bool {
	for b := 0; b < len(body[0]); b += k {
		filled, labels := 0, 0
		for _, row := range body {
			if s := strings.TrimSpace(row[b]); s != "" {
				filled++
				if !isNumber(s) {
					labels++
				}
			}
		}
		if filled == 0 || float64(labels) < minLabelShare*float64(filled) {
			return false
		}
	}
	return true
}

// bands is t read band after band, each k columns wide: the head rows
// of the first band, then each band's body rows that hold text, in
// order. Cells keep their boxes on the page.
func bands(t *core.Table, head, k int) *core.Table {
	rows := make([][]core.Cell, t.Rows)
	filled := make([][]bool, t.Rows) // row, band: holds text
	for r := range rows {
		filled[r] = make([]bool, t.Cols/k)
	}
	for _, c := range t.Cells {
		if c.Row < 0 || c.Row >= t.Rows || c.Col < 0 || c.Col >= t.Cols {
			continue
		}
		rows[c.Row] = append(rows[c.Row], c)
		if strings.TrimSpace(c.Text) != "" {
			filled[c.Row][c.Col/k] = true
		}
	}
	out := &core.Table{Cols: k, Continues: t.Continues}
	add := func(r, band int) {
		for _, c := range rows[r] {
			if c.Col/k == band {
				c.Row, c.Col = out.Rows, c.Col-band*k
				out.Cells = append(out.Cells, c)
			}
		}
		out.Rows++
	}
	for r := range head {
		add(r, 0)
	}
	for band := range t.Cols / k {
		for r := head; r < t.Rows; r++ {
			if filled[r][band] {
				add(r, band)
			}
		}
	}
	return out
}
