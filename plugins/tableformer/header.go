package tableformer

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/assay-pdf/assay/core"
)

// numericShare: a column is numeric when at least this share of its
// filled body cells are numbers. Tables mix in dashes, "n/a" and notes;
// two thirds still tells a column of figures from one of labels.
const numericShare = 2.0 / 3

// markHeader marks the table's header rows. The first row is a header
// unless it reads as data: every column of figures has a figure in it
// too. A header goes on down through rows that sit under a header cell
// spanning columns or rows and leave the first column empty (the second
// line of a grouped header: "2016" over "H1", "H2").
func markHeader(t *core.Table) {
	g := t.Grid()
	if len(g) < 2 || firstRowIsData(t, g) {
		return
	}
	rows := 1
	for rows < len(g)-1 && continuesHeader(t, g, rows) {
		rows++
	}
	for i := range t.Cells {
		t.Cells[i].Header = t.Cells[i].Row < rows
	}
}

// firstRowIsData reports whether the first row has a figure in every
// column of figures (and there is one).
func firstRowIsData(t *core.Table, g [][]string) bool {
	numericCols := 0
	for c := 0; c < t.Cols; c++ {
		if !numericColumn(g[1:], c) {
			continue
		}
		numericCols++
		if !isNumber(g[0][c]) {
			return false
		}
	}
	return numericCols > 0
}

// numericColumn reports whether most filled cells of column c are
// numbers.
func numericColumn(rows [][]string, c int) bool {
	filled, nums := 0, 0
	for _, r := range rows {
		if s := strings.TrimSpace(r[c]); s != "" {
			filled++
			if isNumber(s) {
				nums++
			}
		}
	}
	return filled > 0 && float64(nums) >= numericShare*float64(filled)
}

// continuesHeader reports whether row r, below header rows, is one too:
// its first cell is empty and a header cell above spans columns or
// reaches down into it.
func continuesHeader(t *core.Table, g [][]string, r int) bool {
	if strings.TrimSpace(g[r][0]) != "" {
		return false
	}
	for _, c := range t.Cells {
		if c.Row >= r {
			continue
		}
		if c.ColSpan > 1 || c.Row+max(c.RowSpan, 1) > r {
			return true
		}
	}
	return false
}

// IsFigure reports text that is a figure, as table structure counts
// figures (isNumber).
func IsFigure(s string) bool { return isNumber(s) }

// isNumber reports text that is a figure: digits with separators, signs,
// a percent or currency sign, brackets or a footnote mark, such as
// "1,204", "-3.5 %", "(12)", "€ 40", "12.3*".
func isNumber(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	digits, letters := 0, 0
	for _, r := range s {
		switch {
		case unicode.IsDigit(r):
			digits++
		case unicode.IsLetter(r):
			letters++
		}
	}
	return digits > 0 && letters <= 1 && digits >= letters*3
}

// minAxisTicks: a column of at least this many evenly spaced figures is
// a chart's axis (three are often a table's years).
const minAxisTicks = 4

// chartAxes reports a table whose columns are a chart's axis labels: a
// column of figures that fall by one step from row to row (450, 400, ...,
// -50), and no other column with text in half the rows. Charts drawn side
// by side line their labels up like a table's columns; a real table with a
// running number column has other columns filled beside it.
//
// A value axis drawn upright puts its larger values higher, so its labels
// read down the page fall. Figures that rise by one step down the page
// count the rows: running numbers, consecutive years, a numbered list
// set out in columns (tabula's MultiColumn: six columns 1..24, 100..123,
// 200..223 and 25.., 124.., 224.. beside them, each of them evenly
// spaced, and the whole page was taken for charts).
func chartAxes(t *core.Table) bool {
	g := t.Grid()
	axis, other := false, false
	for c := 0; c < t.Cols; c++ {
		var vals []float64
		filled := 0
		for r := range g {
			s := strings.TrimSpace(g[r][c])
			if s == "" {
				continue
			}
			filled++
			if v, ok := parseFigure(s); ok {
				vals = append(vals, v)
			}
		}
		switch {
		case len(vals) >= minAxisTicks && filled-len(vals) <= 1 && falling(vals):
			axis = true
		case 2*filled >= len(g):
			other = true
		}
	}
	return axis && !other
}

// falling reports values in arithmetic progression with a step below
// zero.
func falling(v []float64) bool {
	step := v[1] - v[0]
	if step >= 0 {
		return false
	}
	for i := 2; i < len(v); i++ {
		if d := v[i] - v[i-1]; d-step > 1e-6*max(1, -step) || step-d > 1e-6*max(1, -step) {
			return false
		}
	}
	return true
}

// figureMarks drops a figure's thousands separators and turns the minus
// sign into a hyphen for strconv. It is built once: a Replacer builds its
// lookup tables at its first use, which cost more than the figures it
// reads.
var figureMarks = strings.NewReplacer(",", "", " ", "", "\u2009", "", "\u202f", "", "\u2212", "-")

// figureStart reports whether s, once figureMarks have done, may be a
// number strconv.ParseFloat reads: it opens, past a sign, with a figure,
// a point, or the first letter of "inf" or "nan".
func figureStart(s string) bool {
	signed := false
	for _, r := range s {
		switch {
		case r == ',' || r == ' ' || r == '\u2009' || r == '\u202f':
			continue // figureMarks drop them
		case !signed && (r == '+' || r == '-' || r == '\u2212'):
			signed = true
			continue
		}
		return r >= '0' && r <= '9' || strings.ContainsRune(".iInN", r)
	}
	return false
}

// parseFigure reads a plain figure: an optional sign, digits with
// thousands separators (comma, thin or normal space), a decimal point,
// an optional percent sign.
func parseFigure(s string) (float64, bool) {
	s = strings.TrimSuffix(strings.TrimSpace(s), "%")
	if !figureStart(s) {
		return 0, false // most words are no figure: spare the copies below
	}
	s = figureMarks.Replace(s)
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}
