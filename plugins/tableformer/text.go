package tableformer

import (
	"cmp"
	"math"
	"slices"
	"sort"

	"github.com/assay-pdf/assay/core"
)

// Text geometry, as fractions of a line's height or of the em.
const (
	// lineOverlap: a word belongs to the line above when it reaches more
	// than this share of its height up into it (ascenders and
	// descenders of neighbouring lines overlap a little; words of one
	// line overlap almost wholly).
	lineOverlap = 0.3
	// gutterEm: a column gutter is at least this many ems wide (and
	// minGutterPt points). Word spaces are a quarter to a third of an
	// em, justified ones rarely more than two thirds; gutters between
	// columns are wider.
	gutterEm    = 0.8
	minGutterPt = 4.0
	// gutterStep is the resolution, in points, of the gutter scan.
	gutterStep = 0.5
	// maxGutterSpan bounds the scan (points); wider regions are not
	// tables on any page size.
	maxGutterSpan = 5000.0
	// gutterCrossShare: at most this share of a table's rows may cross a
	// column gutter (a spanning group header, a title row); more, and the
	// gap is not a gutter.
	gutterCrossShare = 1.0 / 8
)

// word is a word with its centre. It points at the caller's word, which
// the package only reads: the analysis copies, sorts and groups words
// many times over (lines, bands, cells), and a pointer and two numbers
// move at a quarter of the cost of the whole word with its strings.
type word struct {
	*core.Word
	cx, cy float64
}

// span is an interval of positions.
type span struct{ a, b float64 }

// prepare gives words their centres, dropping empty ones, and makes one
// word of a word and the script glued to it (gluedScript): a cell's
// 'Level' and its raised note '14' are placed as one word, as drawn,
// not as two of which the raised one reads on a line of its own.
func prepare(words []core.Word) []word {
	out := make([]word, 0, len(words))
	for i := 0; i < len(words); i++ {
		w := &words[i]
		if w.Text == "" || w.BBox.Empty() {
			continue
		}
		if i+1 < len(words) && gluedScript(w, &words[i+1]) {
			joined := *w
			for i+1 < len(words) && gluedScript(&joined, &words[i+1]) {
				next := &words[i+1]
				joined.Text += next.Text
				joined.BBox = joined.BBox.Union(next.BBox)
				joined.Flags = joined.Flags&^core.FlagJoinNext | next.Flags&core.FlagJoinNext
				i++
			}
			w = &joined
		}
		out = append(out, word{Word: w, cx: (w.BBox.X0 + w.BBox.X1) / 2, cy: (w.BBox.Y0 + w.BBox.Y1) / 2})
	}
	return out
}

// gluedScript reports whether b goes on from a in a's line: a is joined
// to the word after it (core.FlagJoinNext) and b starts where a ends,
// beside it, not at the start of the next line (a word broken there).
func gluedScript(a, b *core.Word) bool {
	if !a.Flags.Has(core.FlagJoinNext) || b.Text == "" {
		return false
	}
	h := max(a.BBox.Height(), b.BBox.Height())
	beside := math.Abs(b.BBox.X0-a.BBox.X1) <= gluedGap*h
	overlap := min(a.BBox.Y1, b.BBox.Y1) - max(a.BBox.Y0, b.BBox.Y0)
	return beside && overlap > 0
}

// gluedGap is the widest gap, in heights of the taller word, between a
// word and the script glued to it: they were drawn as one word.
const gluedGap = 0.25

// wordsEm is em when positive, else the median height of the words'
// fonts.
func wordsEm(ws []word, em float64) float64 {
	if em > 0 {
		return em
	}
	var sizes []float64
	for _, w := range ws {
		if w.Size > 0 {
			sizes = append(sizes, w.Size)
		} else {
			sizes = append(sizes, w.BBox.Height())
		}
	}
	if len(sizes) == 0 {
		return 10
	}
	sort.Float64s(sizes)
	return max(1, sizes[len(sizes)/2])
}

// wordsBox is the box of the words.
func wordsBox(ws []word) core.BBox {
	b := emptyBox()
	for _, w := range ws {
		b = b.Union(w.BBox)
	}
	return b
}

// textLines splits words into lines by their vertical extent: a new line
// starts where no word of the line above reaches down. Lines are top to
// bottom; bounds are the boundaries between them.
//
// The lines are runs of one sorted copy of ws, each capped at its end.
func textLines(ws []word) (lines [][]word, bounds []float64) {
	s := slices.Clone(ws)
	slices.SortStableFunc(s, func(a, b word) int { return cmp.Compare(a.BBox.Y0, b.BBox.Y0) })
	bottom := math.Inf(-1)
	start := 0
	for i := range s {
		w := &s[i]
		h := w.BBox.Height()
		if i > 0 && w.BBox.Y0 > bottom-lineOverlap*h {
			bounds = append(bounds, (w.BBox.Y0+bottom)/2)
			bottom = math.Inf(-1)
			lines = append(lines, s[start:i:i])
			start = i
		}
		bottom = max(bottom, w.BBox.Y1)
	}
	if len(s) > 0 {
		lines = append(lines, s[start:len(s):len(s)])
	}
	return lines, bounds
}

// gutterWidth is the narrowest gap that separates columns.
func gutterWidth(em float64) float64 { return max(gutterEm*em, minGutterPt) }

// phrases splits a line's words at gaps of at least gap points: the
// pieces that may be cells of different columns.
func phrases(line []word, gap float64) [][]word {
	s := append([]word(nil), line...)
	sort.SliceStable(s, func(i, j int) bool { return s[i].BBox.X0 < s[j].BBox.X0 })
	var out [][]word
	right := math.Inf(-1)
	for _, w := range s {
		if len(out) == 0 || w.BBox.X0-right >= gap {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], w)
		right = max(right, w.BBox.X1)
	}
	return out
}

// gutters finds column gutters: x ranges inside [x0, x1], between text,
// at least gutterWidth wide, that the words of at most gutterCrossShare
// of the rows (cut by rowB) cover.
func gutters(ws []word, rowB []float64, x0, x1, minW float64) []span {
	at, _ := gutterRuns(ws, rowB, x0, x1, minW)
	return at
}

// gutterRuns is gutters, each narrowed to its widest stretch of least
// cover (at), and the free runs they were narrowed from (runs).
func gutterRuns(ws []word, rowB []float64, x0, x1, minW float64) (at, runs []span) {
	if x1-x0 <= 0 || x1-x0 > maxGutterSpan {
		return nil, nil
	}
	n := int((x1-x0)/gutterStep) + 1
	cover := make([]int, n)
	last := make([]int, n)
	for i := range last {
		last[i] = -1
	}
	s := append([]word(nil), ws...)
	rowOf := func(y float64) int { return sort.SearchFloat64s(rowB, y) }
	sort.SliceStable(s, func(i, j int) bool { return rowOf(s[i].cy) < rowOf(s[j].cy) })
	for _, w := range s {
		r := rowOf(w.cy)
		a, b := int((w.BBox.X0-x0)/gutterStep), int((w.BBox.X1-x0)/gutterStep)
		for k := max(a, 0); k <= b && k < n; k++ {
			if last[k] != r {
				last[k] = r
				cover[k]++
			}
		}
	}
	return freeRuns(cover, int(gutterCrossShare*float64(len(rowB)+1)), x0, minW)
}

// freeRuns are the runs of bins covered at most limit times that have
// text on both sides and are at least minW wide, each narrowed to its
// widest stretch of least cover (at): a header cell that reaches into a
// gutter (the one row allowed to cross it) must not have the column
// boundary drawn through it.
func freeRuns(cover []int, limit int, x0, minW float64) (at, runs []span) {
	start := -1
	seenText := false
	for k := 0; k <= len(cover); k++ {
		free := k < len(cover) && cover[k] <= limit
		if free && start < 0 {
			start = k
		}
		if !free && start >= 0 {
			if seenText && k < len(cover) && float64(k-start)*gutterStep >= minW {
				a, b := leastCovered(cover[start:k])
				at = append(at, span{x0 + float64(start+a)*gutterStep, x0 + float64(start+b)*gutterStep})
				runs = append(runs, span{x0 + float64(start)*gutterStep, x0 + float64(k)*gutterStep})
			}
			start = -1
		}
		if k < len(cover) && cover[k] > 0 {
			seenText = true
		}
	}
	return at, runs
}

// leastCovered is the widest stretch [a, b) of bins with the run's least
// cover.
func leastCovered(run []int) (int, int) {
	low := run[0]
	for _, c := range run {
		low = min(low, c)
	}
	ba, bb := 0, 0
	for i := 0; i < len(run); {
		if run[i] != low {
			i++
			continue
		}
		j := i
		for j < len(run) && run[j] == low {
			j++
		}
		if j-i > bb-ba {
			ba, bb = i, j
		}
		i = j
	}
	return ba, bb
}
