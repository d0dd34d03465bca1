package nativetext

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// A borderless table's header, read with the rules the page draws about
// it: where its caption ends and its rows begin (captionOverRule), the
// tiers a rule under part of the table sets apart (partlyRuled), the
// columns an underlined group heading spans (spannedHeadings,
// joinUnderlined), the titles wrapped over lines that make one row
// (joinWrappedHeader), and a heading over the columns' groups, read
// alone before the table (headingAbove).

// spannedHeadings moves each cell that a rule under it spans over two
// columns or more to the first of them, spanning them all, where the
// others are empty in its row: a group's heading centred over its
// columns and underlined across them (MMWR's 'Black' and 'White' over
// 'no. | Rate | (95% CI)', us-025) lies within the middle column, and
// was read as its heading alone. The rule says which columns it heads:
// those whose middle it passes over. Headings only: a cell of the header,
// or over the table's first rule across; in the body a rule under a
// figure is a sum's. A rule under part of the table
// lies within underGap ems of the cell's foot, spans its words, and
// not acrossShare of the table.
func spannedHeadings(t *core.Table, box core.BBox, rules []edge, em float64) {
	spans := columnSpans(t)
	head := math.Inf(-1) // the foot of the header: its rule across, if any
	if ys := rulesAcross(rules, box); len(ys) > 0 {
		head = slices.Min(ys)
	}
	heading := func(c core.Cell) bool { return c.Header || c.BBox.Y1 <= head }
	joinUnderlined(t, box, rules, em, heading)
	taken := map[[2]int]bool{}
	for _, c := range t.Cells {
		for k := c.Col; c.Text != "" && k < c.Col+max(c.ColSpan, 1); k++ {
			taken[[2]int{c.Row, k}] = true
		}
	}
	for i := range t.Cells {
		c := &t.Cells[i]
		if c.Text == "" || c.BBox.Empty() || c.ColSpan > 1 || !heading(*c) {
			continue
		}
		first, last := spannedColumns(c.BBox, spans, box, rules, em)
		if first < 0 || first == last || c.Col < first || c.Col > last {
			continue
		}
		free := true
		for k := first; k <= last; k++ {
			free = free && (k == c.Col || !taken[[2]int{c.Row, k}])
		}
		if free {
			c.Col, c.ColSpan = first, last-first+1
		}
	}
}

// underGap is how far under a heading's foot, in ems, the rule that
// underlines it lies.
const underGap = 0.8

// spannedColumns are the first and last columns (spans) whose middles a
// rule underlining b passes over (spannedHeadings); -1 when none does.
func spannedColumns(b core.BBox, spans [][2]float64, box core.BBox, rules []edge, em float64) (first, last int) {
	r, ok := underline(b, box, rules, em)
	if !ok {
		return -1, -1
	}
	return columnsUnder(r, spans)
}

// columnsUnder are the first and last columns (spans) whose middles rule
// r passes over; -1 when none does.
func columnsUnder(r edge, spans [][2]float64) (first, last int) {
	first, last = -1, -1
	for k, s := range spans {
		if mid := (s[0] + s[1]) / 2; s[0] <= s[1] && mid > r.lo && mid < r.hi {
			if first < 0 {
				first = k
			}
			last = k
		}
	}
	return first, last
}

// wordSpace is the widest gap, in ems, between the pieces of a phrase
// that column boundaries cut (joinUnderlined): a word space, which
// justification may widen, not a gutter.
const wordSpace = 0.6

// wordSpaced reports whether the cells idx of t, in column order, each
// stand within wordSpace ems of the one before.
func wordSpaced(t *core.Table, idx []int, em float64) bool {
	for k := 1; k < len(idx); k++ {
		if t.Cells[idx[k]].BBox.X0-t.Cells[idx[k-1]].BBox.X1 > wordSpace*em {
			return false
		}
	}
	return true
}

// underline is the rule under part of the table in box that underlines
// b: within underGap ems under its foot, spanning its words, and less
// than acrossShare of the table.
func underline(b, box core.BBox, rules []edge, em float64) (edge, bool) {
	for _, r := range joinedRules(rules, b.Y1, b.Y1+underGap*em) {
		if r.lo <= b.X0+pieceSlack && r.hi >= b.X1-pieceSlack && r.hi-r.lo < acrossShare*box.Width() {
			return r, true
		}
	}
	return edge{}, false
}

// joinUnderlined makes one cell of the cells of a heading's row that one
// rule underlines together, each a word space from the next: a group's
// heading centred over two columns lies across the gutter between them
// and was cut at its word space, PIRLS's 'All items' over 'Number' and
// 'Percent' read 'All | items' (us-021). The first cell takes their
// text, in column order, and their box; the others are left empty, for
// spannedHeadings to span. Cells a gutter apart over one rule are cells
// (a form's rows of marks, each underlined).
func joinUnderlined(t *core.Table, box core.BBox, rules []edge, em float64, heading func(core.Cell) bool) {
	type key struct {
		row     int
		pos, lo float64
	}
	groups := map[key][]int{}
	var keys []key
	for i, c := range t.Cells {
		if c.Text == "" || c.BBox.Empty() || c.ColSpan > 1 || !heading(c) {
			continue
		}
		if r, ok := underline(c.BBox, box, rules, em); ok {
			k := key{c.Row, r.pos, r.lo}
			if groups[k] == nil {
				keys = append(keys, k)
			}
			groups[k] = append(groups[k], i)
		}
	}
	for _, k := range keys {
		idx := groups[k]
		if len(idx) < 2 {
			continue
		}
		slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(t.Cells[a].Col, t.Cells[b].Col) })
		if !wordSpaced(t, idx, em) {
			continue
		}
		first := &t.Cells[idx[0]]
		for _, i := range idx[1:] {
			c := &t.Cells[i]
			first.Text += " " + c.Text
			first.BBox = first.BBox.Union(c.BBox)
			c.Text, c.BBox = "", core.BBox{}
		}
	}
}

// partlyRuled reports whether a rule between heights y0 and y1 underlines
// part of the table in box: it lies within the table's sides and spans
// less than acrossShare of its width. Such a rule sets a group's heading
// off from the headings of the columns it spans (NCES's 'Number of
// teachers' over 'Control' over 'Public | Private', us-018): the lines
// over the header are its upper tiers. Text the columns' gutters ran
// into (a letterhead, an address) draws no rule under part of them.
func partlyRuled(rules []edge, box core.BBox, y0, y1 float64) bool {
	for _, r := range joinedRules(rules, y0, y1) {
		if r.lo >= box.X0-pieceSlack && r.hi <= box.X1+pieceSlack && r.hi-r.lo < acrossShare*box.Width() {
			return true
		}
	}
	return false
}

// captionOverRule is where a table starts whose first rule across it
// (rulesAcross), of two or more, has over it only rows of one cell: the
// end of its caption, the line of a title wrapped short enough to fit
// within one column ('domain and process: 2011' under 'Table A-3. Number
// and percentage distribution of reading items in the PIRLS assessment,
// by content', us-021), which the first line, across the columns, did
// not take with it. A table's rows over its top rule hold its header's
// cells, a row of several, unless the row is a caption's line that opens
// with its label, whose words the columns' gutters part (captionLine). A
// line ruled above as closely as below is a row between rules: a
// section's label inside a table cut there (Qwen2's 'Coding' between two
// midrules), not its caption, where it is not labelled so: a journal
// rules its captions above and below (CERMINE's example3).
func captionOverRule(t *core.Table, box core.BBox, rules []edge) (float64, bool) {
	ys := rulesAcross(rules, box)
	if len(ys) < minRowRules {
		return 0, false
	}
	first := slices.Min(ys)
	cells := map[int]int{}
	lead := map[int]*core.Cell{} // each row's leftmost cell over the rule
	under, top := false, first
	for i := range t.Cells {
		c := &t.Cells[i]
		if c.BBox.Empty() || c.Text == "" {
			continue
		}
		if (c.BBox.Y0+c.BBox.Y1)/2 > first {
			under = true
			continue
		}
		cells[c.Row]++
		if l := lead[c.Row]; l == nil || c.Col < l.Col {
			lead[c.Row] = c
		}
		top = min(top, c.BBox.Y0)
	}
	captioned := false
	for r, n := range cells {
		switch {
		case captionLine(lead[r].Text):
			captioned = true
		case n > 1:
			return 0, false
		}
	}
	if !under || len(cells) == 0 {
		return 0, false
	}
	if !captioned && len(rulesAcross(rules, core.BBox{X0: box.X0, X1: box.X1, Y0: 2*top - first, Y1: top})) > 0 {
		return 0, false
	}
	return first, true
}

// captionLine reports whether text, a row's first cell, opens with a
// numbered label ('Table 1 A summary of'): a caption's line, whose words
// the table's gutters part into cells where it runs across them (a
// journal's 'Table 1 A summary of relevant ACE substrates and
// inhibitors' over its five columns, CERMINE's example3).
func captionLine(text string) bool {
	var words []core.Word
	for w := range strings.FieldsSeq(text) {
		words = append(words, core.Word{Text: w})
	}
	return labelled(words)
}

// joinWrappedHeader makes one row of the lines of a borderless table's
// header that wrap its titles: the rows over the last rule across the
// table above its first row of figures hold words only (a group's label
// may stand under the rule: 'Male'), and a row of them joins the one
// over it where no rule lies between them and each
// column's text in both is set alike (left, right or centre within
// alignSlack ems: a title's lines keep its alignment). NTP's
// 'Weight / Relative / to / Controls (%)' beside 'Body / Weight / (g)'
// (us-037) read as five rows. A group's heading centred over its
// columns ('Top-20' over 'NQ', 'TriviaQA', 'WQ TREC', 'SQuAD' in DPR's
// table) is set otherwise than the title under it, and stays a row; an
// underlined one is parted by its rule.
func joinWrappedHeader(t *core.Table, box core.BBox, rules []edge, em float64) {
	grid := t.Grid()
	body := slices.IndexFunc(grid, func(row []string) bool { return slices.ContainsFunc(row, tableformer.IsFigure) })
	if body < 2 {
		return
	}
	top, bottom := rowExtents(t)
	mid := func(r int) float64 { return (top[r] + bottom[r]) / 2 }
	ys := rulesAcross(rules, core.BBox{X0: box.X0, X1: box.X1, Y0: mid(0), Y1: mid(body)})
	if len(ys) == 0 {
		return
	}
	foot := slices.Max(ys) // the header's rule, over the first figures
	head := 0
	for head < body && mid(head) < foot {
		head++
	}
	if head < 2 || head > maxTitleLines {
		return
	}
	newRow := make([]int, t.Rows)
	for r := 1; r < t.Rows; r++ {
		newRow[r] = newRow[r-1] + 1
		if r < head && titleLines(t, r, em) && len(joinedRules(rules, mid(r-1), mid(r))) == 0 {
			newRow[r] = newRow[r-1]
		}
	}
	tableformer.JoinRows(t, newRow)
}

// maxTitleLines is the most lines of a header joinWrappedHeader joins: a
// title wraps over a few lines (Exhibit 19's three, TIMSS's five);
// more rows over a table's first figure are rows (an IRS manual's codes
// and their Y and N).
const maxTitleLines = 6

// goesOnTitle reports whether a first column's text goes on the title
// over it: in lower case ('concentration (g)'), or with its unit in
// brackets ('(ppm)' under 'Concentration', us-037), not a number's ('(1)').
func goesOnTitle(s string) bool {
	if rest, ok := strings.CutPrefix(s, "("); ok {
		r, _ := utf8.DecodeRuneInString(rest)
		return unicode.IsLetter(r) || r == '%'
	}
	return startsLower(s)
}

// alignSlack is how far, in ems, the edges or middles of a wrapped
// title's lines may lie apart.
const alignSlack = 0.5

// titleLines reports whether row r of t goes on the titles of the row
// over it (joinWrappedHeader): no cell of either spans, both have a cell
// with a box, in each column where both have text the two are set alike,
// and where both have a first column's text the lower goes on the upper's
// (goesOnTitle: 'Inhibitor / concentration (g)'): rows each labelled
// there are rows of their own (Qwen2's 'Architecture', '# Act Params',
// '# Params' over its benchmarks, values such as 'MoE' and '12B').
func titleLines(t *core.Table, r int, em float64) bool {
	above, below := map[int]core.BBox{}, map[int]core.BBox{}
	first := map[int]string{}
	for _, c := range t.Cells {
		if c.Row != r && c.Row != r-1 {
			continue
		}
		if c.Col == 0 {
			first[c.Row] = c.Text
		}
		if c.RowSpan > 1 || c.ColSpan > 1 {
			return false
		}
		if c.Text == "" || c.BBox.Empty() {
			continue
		}
		if c.Row == r {
			below[c.Col] = c.BBox
		} else {
			above[c.Col] = c.BBox
		}
	}
	if len(above) == 0 || len(below) == 0 {
		return false
	}
	if _, ok := above[0]; ok && first[r] != "" && !goesOnTitle(first[r]) {
		return false // labelled rows: 'Architecture', '# Act Params'
	}
	tol := alignSlack * em
	for k, a := range above {
		b, ok := below[k]
		if ok && math.Abs(a.X0-b.X0) > tol && math.Abs(a.X1-b.X1) > tol && math.Abs(a.X0+a.X1-b.X0-b.X1) > 2*tol {
			return false
		}
	}
	return true
}

// maxHeadingAbove is how far over a borderless table's top, in ems, the
// foot of a heading over its groups may stand: a line and its leading.
const maxHeadingAbove = 2.0

// headingAbove adds to t, as a header row over the others, the heading s
// that the layout read just before it: one phrase over the table's top
// (within maxHeadingAbove ems), underlined by a rule (underGap) that
// passes over the middles of two columns or more and leaves the first
// out, s centred over it. A heading over the groups of a table's columns
// ('Race' over 'American Indian/Alaska Native', 'Asian/Pacific Islander',
// 'Black' and 'White', each over 'No. | Rate | (95% CI)', MMWR's us-025)
// stands alone on its line, so the XY cut read it before the table's
// group began, as a heading of the page. A caption or a section heading
// is not underlined over the columns and beside the stub.
func headingAbove(s *seg, t *core.Table, box core.BBox, rules []edge, em float64) bool {
	if s == nil || s.table != nil || s.fr != 0 || len(s.words) == 0 || s.b.Y1 > box.Y0 || box.Y0-s.b.Y1 > maxHeadingAbove*em {
		return false
	}
	r, ok := underRule(s.b, rules, em)
	spans := columnSpans(t)
	if !ok || len(spans) < 3 || r.lo <= spans[0][1] || !centredOver(s.b, r.lo, r.hi) {
		return false
	}
	first, last := columnsUnder(r, spans)
	if first < 1 || last <= first {
		return false
	}
	prependRow(t, core.Cell{Col: first, ColSpan: last - first + 1, Header: true, BBox: s.b, Text: s.text})
	return true
}

// underRule is the rule within underGap ems under b's foot that spans
// its words.
func underRule(b core.BBox, rules []edge, em float64) (edge, bool) {
	for _, r := range joinedRules(rules, b.Y1, b.Y1+underGap*em) {
		if r.lo <= b.X0+pieceSlack && r.hi >= b.X1-pieceSlack {
			return r, true
		}
	}
	return edge{}, false
}
