package nativetext

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
	"github.com/assay-pdf/assay/internal/textclean"
	"github.com/assay-pdf/assay/plugins/tableformer"
)

// Layout tuning, in fractions of the font size.
const (
	baselineTol   = 0.4  // glyphs whose baselines differ less share a line
	wordGap       = 0.18 // a gap wider than this splits a word
	ocrWordGap    = 0.1  // the same before a word of an OCR layer (wordRuns)
	fontChangeGap = 0.12 // the same where the font changes (wordRuns)
	segmentGap    = 1.5  // a gap wider than this splits a line into segments
	minSegmentGap = 0.8  // ... and so may a narrower gap, down to this
	paraGap       = 0.55 // a blank gap wider than this starts a new block
	headingRatio  = 1.15 // a block this much larger than the body is a heading
	minColWidth   = 6.0  // a column must be at least this many ems wide
	minGutter     = 0.9  // a column gutter is at least this many ems wide
)

// frame maps display coordinates into a frame where a text direction
// reads left to right along x with lines stacked down y, and back.
type frame int

// axis says whether f is one of the four axis directions.
func (f frame) axis() bool { return f%90 == 0 }

// turned is the matrix of an oblique frame: a turn by minus its angle,
// which maps page coordinates into the frame, or with back the turn out
// of it.
func (f frame) turned(back bool) pdfdoc.Matrix {
	a := float64(f) * math.Pi / 180
	c, s := math.Cos(a), math.Sin(a)
	if back {
		return pdfdoc.Matrix{c, s, -s, c, 0, 0}
	}
	return pdfdoc.Matrix{c, -s, s, c, 0, 0}
}

// fwd maps page coordinates into the frame, where the frame's direction
// runs along x: a turn by minus its angle (the axis frames written out).
func (f frame) fwd(x, y float64) (float64, float64) {
	switch f {
	case 0:
		return x, y
	case 90:
		return y, -x
	case 180:
		return -x, -y
	case 270:
		return -y, x
	}
	return f.turned(false).Apply(x, y)
}

func (f frame) inv(x, y float64) (float64, float64) {
	switch f {
	case 0:
		return x, y
	case 90:
		return -y, x
	case 180:
		return -x, -y
	case 270:
		return y, -x
	}
	return f.turned(true).Apply(x, y)
}

// box is b mapped into the frame: for an oblique frame, the bounds of its
// four corners (cellBox).
func (f frame) box(b core.BBox) core.BBox {
	if !f.axis() {
		return cellBox(f.turned(false), b.X0, b.X1, b.Y0, b.Y1)
	}
	x0, y0 := f.fwd(b.X0, b.Y0)
	x1, y1 := f.fwd(b.X1, b.Y1)
	return core.BBox{X0: min(x0, x1), Y0: min(y0, y1), X1: max(x0, x1), Y1: max(y0, y1)}
}

func (f frame) unbox(b core.BBox) core.BBox {
	if !f.axis() {
		return cellBox(f.turned(true), b.X0, b.X1, b.Y0, b.Y1)
	}
	x0, y0 := f.inv(b.X0, b.Y0)
	x1, y1 := f.inv(b.X1, b.Y1)
	return core.BBox{X0: min(x0, x1), Y0: min(y0, y1), X1: max(x0, x1), Y1: max(y0, y1)}
}

// glyphBox is g's cell in the frame. In an oblique frame it is built from
// the glyph's baseline, its advance and its em, not from its page box:
// the bounds of a slanted cell on the page, turned back, are much wider
// than the cell, and the cells of one word would overlap.
func (f frame) glyphBox(g *glyph) core.BBox {
	if f.axis() {
		return f.box(g.box)
	}
	x0, y0 := f.fwd(g.ox, g.oy)
	x1, _ := f.fwd(g.ex, g.ey)
	asc, desc := defaultAscent, defaultDescent
	if g.font != nil {
		asc, desc = g.font.ascent, g.font.descent
	}
	return core.BBox{X0: min(x0, x1), Y0: y0 - asc*g.size, X1: max(x0, x1), Y1: y0 - desc*g.size}
}

// fg is a glyph in frame coordinates.
type fg struct {
	g      *glyph
	b      core.BBox
	ox, oy float64
}

// seg is a piece of a text line: glyphs on one baseline with no wide gap.
type seg struct {
	gl    []fg
	b     core.BBox // frame coordinates
	base  float64
	size  float64
	words []core.Word
	text  string
	rtl   bool
	fr    frame
	line  int // baseline cluster the segment came from
	// table, on a placeholder segment standing for a whole table in the
	// reading order, is the table's block.
	table *core.Block
	// occupant marks a segment that stands for a picture while the
	// reading order is made (occupants.go): it has no text.
	occupant bool
	// drawn marks a segment that labels a drawing (markDrawn).
	drawn bool
	// wraps marks a segment that ends at a picture's left edge or starts
	// at its right edge (markWraps): its line is as long as the picture
	// leaves room for.
	wraps bool
}

// layoutFacts are what the layout found that decides how a page is
// routed: the most columns of running text side by side, and the tables.
type layoutFacts struct {
	columns int
	tables  int
	repeats int // glyphs drawn again where they were (dedupe)
}

// layout turns glyphs into blocks in reading order.
func layout(glyphs []glyph, edges []edge, page core.BBox) []core.Block {
	blocks, _ := layoutPage(glyphs, edges, nil, page)
	return blocks
}

// layoutPage is layout, with the facts it found; pictures are the boxes
// of the page's images, which take their place in the reading order of
// upright text (occupants).
func layoutPage(glyphs []glyph, edges []edge, pictures []core.BBox, page core.BBox) ([]core.Block, layoutFacts) {
	return layoutDrawn(glyphs, edges, pictures, nil, page)
}

// layoutDrawn is layoutPage on a page with drawings (drawings.go) as
// well as images: the segments in and round a drawing are its labels
// (markDrawn).
func layoutDrawn(glyphs []glyph, edges []edge, pictures, drawn []core.BBox, page core.BBox) ([]core.Block, layoutFacts) {
	facts := layoutFacts{columns: 1}
	if len(glyphs) == 0 {
		return nil, facts
	}
	markStacked(glyphs)
	dropIdleSpaces(glyphs)
	joinDropCaps(glyphs)
	byDir, dirs := byDirection(glyphs)
	var all []*seg
	var ordered [][]*seg
	nextLine := 0
	var arena fgArena     // the segments' glyphs
	defer arena.release() // the blocks are copies
	for _, d := range dirs {
		segs, repeats := buildSegments(byDir[d], frame(d), &arena)
		facts.repeats += repeats
		if d == dirs[0] {
			segs = dropDotRules(dropLineNumbers(segs))
		}
		dirRoom.give(byDir[d]) // the segments hold framed copies (fg)
		all = append(all, segs...)
		// Ruled tables are read in the main direction's frame, and in
		// the page's: a sideways label in an upright table is no table.
		if fr := frame(d); fr.axis() && (d == 0 || d == dirs[0]) && len(edges) > 0 {
			segs = ruledTables(segs, edges, bodySize(segs), fr, &nextLine)
		}
		if frame(d) == 0 {
			markDrawn(segs, drawn, bodySize(segs))
		}
		ordered = append(ordered, orderFrame(segs, edges, pictures, frame(d), &facts))
	}
	body := bodySize(all)
	var blocks, slanted []core.Block
	for k, segs := range ordered {
		var fl floats
		if frame(dirs[k]) == 0 {
			fl = floats{pictures, edges}
		}
		if frame(dirs[k]).axis() {
			blocks = append(blocks, buildBlocks(segs, body, page, fl)...)
		} else {
			slanted = append(slanted, buildBlocks(segs, body, page, fl)...)
		}
	}
	// Text at a slant is artwork on the page (a watermark, a stamp, a
	// poster pictured askew): it reads after the text set along the
	// page's axes, however much of it there is.
	blocks = append(blocks, slanted...)
	blocks = keepCaptionsWithTables(blocks)
	unheadAside(blocks)
	for _, b := range blocks {
		if b.Kind == core.KindTable {
			facts.tables++
		}
	}
	return blocks, facts
}

// byDirection splits the glyphs with text by direction, and lists the
// directions, the main (most common) first. Counted first, so that each
// direction's slice is made at its size rather than grown from nothing
// (a sixteenth of the engine's allocation on papers). Glyphs of one
// slant take one direction (oneSlant).
func byDirection(glyphs []glyph) (map[int][]*glyph, []int) {
	count := directionCounts(glyphs)
	if to := oneSlant(count); to != nil {
		for i := range glyphs {
			if d, ok := to[glyphs[i].dir]; ok {
				glyphs[i].dir = d
			}
		}
	}
	byDir := make(map[int][]*glyph, len(count))
	for d, n := range count {
		byDir[d] = dirRoom.take(n)
	}
	// Glyphs come in runs of one direction: the map is read and written
	// where the direction changes, not for every glyph.
	var run []*glyph
	at := math.MinInt
	for i := range glyphs {
		g := &glyphs[i]
		if g.text == "" {
			continue
		}
		if g.dir != at {
			if at != math.MinInt {
				byDir[at] = run
			}
			at, run = g.dir, byDir[g.dir]
		}
		run = append(run, g)
	}
	if at != math.MinInt {
		byDir[at] = run
	}
	dirs := make([]int, 0, len(byDir))
	for d := range byDir {
		dirs = append(dirs, d)
	}
	sort.Slice(dirs, func(i, j int) bool {
		if len(byDir[dirs[i]]) != len(byDir[dirs[j]]) {
			return len(byDir[dirs[i]]) > len(byDir[dirs[j]])
		}
		return dirs[i] < dirs[j]
	})
	return byDir, dirs
}

// directionCounts counts the glyphs with text by direction. A page's
// glyphs have one to a few directions, each a whole degree: counted in an
// array, then kept in a map of those that occur, where a map's insert a
// glyph (with byDirection's append to a map's slice) had cost 4% of the
// page work of a 619-page book.
func directionCounts(glyphs []glyph) map[int]int {
	var degrees [360]int
	count := map[int]int{}
	for i := range glyphs {
		if glyphs[i].text == "" {
			continue
		}
		if d := glyphs[i].dir; d >= 0 && d < len(degrees) {
			degrees[d]++
		} else {
			count[d]++
		}
	}
	for d, n := range degrees {
		if n > 0 {
			count[d] += n
		}
	}
	return count
}

// oneSlant maps each oblique direction of count (glyphs by direction)
// that has a more common oblique neighbour, a degree either side, to the
// most common direction it reaches that way, and moves its count there;
// nil when there is none. A slant is measured in whole degrees, so text
// set at a half degree falls either side by rounding: a booklet's
// poster, at 9.5°, read as two frames of 9° and 10°, each line's end in
// the one and its start in the other. Slants a degree apart are one
// frame: a degree's turn moves the end of a line of 20 ems a third of an
// em, within a line's baseline tolerance.
func oneSlant(count map[int]int) map[int]int {
	var to map[int]int
	for d := range count {
		if frame(d).axis() {
			continue
		}
		at := d
		for {
			next := at
			for _, n := range [2]int{(at + 359) % 360, (at + 1) % 360} {
				if !frame(n).axis() && (count[n] > count[next] || count[n] == count[next] && n < next) {
					next = n
				}
			}
			if next == at {
				break
			}
			at = next
		}
		if at != d {
			if to == nil {
				to = map[int]int{}
			}
			to[d] = at
		}
	}
	for d, at := range to {
		count[at] += count[d]
		delete(count, d)
	}
	return to
}

// glyphKey is what a page's glyphs are sorted by (see sortedOnPage).
type glyphKey struct {
	oy, ox float64
	n      int
}

// The rooms recycle what a page's layout needs only while it runs: the
// glyphs of each direction, their sort keys and framed copies, glyph sizes
// for a median, and a segment's word runs.
var (
	dirRoom  room[*glyph]
	keyRoom  room[glyphKey]
	fgRoom   room[fg]
	sizeRoom room[float64]
	runRoom  room[[]fg]
)

// fgArena hands out the framed glyphs of one page's layout from one
// buffer, taken from fgRoom and given back (release) when the page's
// segments are no longer used.
type fgArena struct{ buf []fg }

// take is room for n framed glyphs. A buffer that must grow is replaced,
// not moved: what was taken from it stays valid.
func (a *fgArena) take(n int) []fg {
	if a.buf == nil {
		a.buf = fgRoom.take(n)
	}
	if cap(a.buf)-len(a.buf) < n {
		a.buf = make([]fg, 0, max(n, 2*cap(a.buf)))
	}
	start := len(a.buf)
	a.buf = a.buf[:start+n]
	return a.buf[start : start+n : start+n]
}

// release gives the buffer back; nothing taken from it may be used after.
func (a *fgArena) release() {
	fgRoom.give(a.buf)
	a.buf = nil
}

// sortedOnPage frames the glyphs and orders them by baseline, then
// across, then as given: a stable sort's order at an unstable sort's cost.
// Only the keys (24 bytes) are sorted, and the framed glyphs (56) placed
// once: a stable sort moves elements O(n log² n) times, and
// sort.SliceStable through reflection, which on a page of a few thousand
// glyphs was 8% of the engine's time.
func sortedOnPage(gs []*glyph, fr frame, arena *fgArena) []fg {
	keys := keyRoom.take(len(gs))
	for i, g := range gs {
		ox, oy := fr.fwd(g.ox, g.oy)
		keys = append(keys, glyphKey{oy: oy, ox: ox, n: i})
	}
	sortKeys(keys)
	fgs := arena.take(len(gs))
	for i, k := range keys {
		g := gs[k.n]
		fgs[i] = fg{g: g, b: fr.glyphBox(g), ox: k.ox, oy: k.oy}
	}
	keyRoom.give(keys)
	return fgs
}

// baselines appends to lines the baseline clusters of fgs (sorted by
// baseline): glyphs whose baselines lie within baselineTol of the first
// one's, in ems of the largest so far, so that superscripts and
// subscripts join their line.
func baselines(lines [][]fg, fgs []fg) [][]fg {
	first := len(lines)
	for i := 0; i < len(fgs); {
		ref := fgs[i].oy
		size := max(fgs[i].g.size, 1)
		j := i + 1
		for j < len(fgs) {
			s := max(size, fgs[j].g.size)
			if fgs[j].oy-ref > baselineTol*s {
				break
			}
			size = max(size, fgs[j].g.size)
			j++
		}
		lines = append(lines, fgs[i:j])
		i = j
	}
	return joinBaselines(lines, first)
}

// joinBaselines joins each cluster of lines from first on to the one
// before it when that one was measured from a superscript and their
// median baselines lie within baselineJitter of the larger glyphs: they
// are one line. A cluster is measured from its first glyph, and where that is
// a superscript raised by nearly the tolerance, the glyphs of its own
// line that lie a hair lower than the rest started a cluster of their
// own: in a Nature paper, 'chronic diseases' was cut from the rest of its
// line at the superscript after it, and the line went on as a list item,
// '3. More recently'. A cluster measured from a glyph of its own size is
// left alone: labels of a form or a chart a point or two apart are lines
// of their own. The clusters are consecutive pieces of one slice sorted
// by baseline, so a median is a middle glyph's, and joining two is
// widening the first.
//
// Where the cluster after such a line is not on its baseline as a whole,
// its glyphs that are (nearBaseline) join it: a link that a browser sets
// half a point lower than its line, clustered with another column's line
// a point lower still, had left its line there ('HTML5' over a sidebar's
// caption, and ', which allows for fast rendering speeds.[9]' read as a
// paragraph of its own).
func joinBaselines(lines [][]fg, first int) [][]fg {
	out := lines[:first]
	for _, ln := range lines[first:] {
		if k := len(out) - 1; k >= first {
			if sameBaseline(out[k], ln) {
				out[k] = out[k][:len(out[k])+len(ln)]
				continue
			}
			n := nearBaseline(out[k], ln)
			out[k] = out[k][:len(out[k])+n]
			if ln = ln[n:]; len(ln) == 0 {
				continue
			}
		}
		out = append(out, ln)
	}
	return out
}

// baselineJitter is how far apart, in ems, the baselines of the glyphs
// of one line may lie: rounding in the producer's positions. Labels of a
// chart or a form a point or two apart lie further.
const baselineJitter = 0.1

// superscriptSize is the largest share of its line's size that a
// superscript is set at: two thirds commonly in print (LaTeX 0.7, word
// processors 0.58-0.65), and on web pages printed by a browser CSS's
// 'smaller' (5/6) or 80% (Wikipedia), which a size computed from the
// text matrices puts a rounding either side of.
const superscriptSize = 0.84

// sameBaseline says whether cluster b, which follows a in one slice, lies
// on the baseline of a, measured from a superscript: their median
// baselines within baselineJitter of their largest glyph, and no glyph
// of one over a glyph of the other.
func sameBaseline(a, b []fg) bool {
	if !fromSuperscript(a, b) {
		return false
	}
	size := max(largest(a), largest(b))
	return b[len(b)/2].oy-a[len(a)/2].oy <= baselineJitter*size && !overlapInX(a, b)
}

// nearBaseline is how many of the first glyphs of cluster b, which
// follows a in one slice, lie on the baseline of a, measured from a
// superscript: within baselineJitter of a's median baseline, in ems of
// a's largest glyph, none over a glyph of a, and none of the rest of b
// within their extent across. The slice is sorted by baseline, so those
// glyphs lead b. The rest of b is another column's line beside them; a
// line's own subscripts lie among its glyphs, and stay with them.
func nearBaseline(a, b []fg) int {
	if !fromSuperscript(a, b) {
		return 0
	}
	limit := a[len(a)/2].oy + baselineJitter*largest(a)
	n := 0
	for n < len(b) && b[n].oy <= limit {
		n++
	}
	if n == 0 || overlapInX(a, b[:n]) {
		return 0
	}
	x0, x1 := xSpan(b[:n])
	for _, f := range b[n:] {
		if !f.g.space && f.b.X1 > x0 && f.b.X0 < x1 {
			return 0
		}
	}
	return n
}

// xSpan is the extent across of the glyphs of gs that are not spaces.
func xSpan(gs []fg) (x0, x1 float64) {
	x0, x1 = math.Inf(1), math.Inf(-1)
	for _, f := range gs {
		if !f.g.space {
			x0, x1 = min(x0, f.b.X0), max(x1, f.b.X1)
		}
	}
	return x0, x1
}

// fromSuperscript says whether clusters a and b are consecutive pieces
// of one slice, a measured from a superscript: its first glyph set
// smaller than its middle one.
func fromSuperscript(a, b []fg) bool {
	if len(a) == 0 || len(b) == 0 || cap(a) < len(a)+len(b) || &a[:len(a)+1][len(a)] != &b[0] {
		return false
	}
	return !a[0].g.space && a[0].g.size <= superscriptSize*a[len(a)/2].g.size
}

// largest is the size of the largest glyph of gs, at least 1.
func largest(gs []fg) float64 {
	size := 1.0
	for k := range gs {
		size = max(size, gs[k].g.size)
	}
	return size
}

// overlapInX says whether a glyph of b covers half or more of a glyph of
// a, or the other way round: the glyphs of one line follow one another,
// while two labels of a diagram a few points apart overlap, and read as
// one line their letters interleave ('BInytteecrpodreets' for
// 'Interpret' over 'Bytecodes'). Spaces are left out.
func overlapInX(a, b []fg) bool {
	spans := inkSpans(b)
	for k := range a {
		if !a[k].g.space && coveredBy([2]float64{a[k].b.X0, a[k].b.X1}, spans) {
			return true
		}
	}
	return false
}

// maxOverlapLook is how many of b's glyphs starting before a glyph of a
// ends overlapInX looks at: glyphs of one line do not nest, so only the
// last few can reach it.
const maxOverlapLook = 4

// bridgeRatio is how many times larger than the smallest glyphs of a
// baseline cluster its largest must be to have bridged lines of them: a
// superscript is two thirds of its line's size, a heading beside body
// text twice it at most on one baseline.
const bridgeRatio = 2.5

// unbridge splits the baseline clusters in which a few large glyphs
// bridged the baselines of several lines of small text. The tolerance of
// a cluster grows with its largest glyph, so a stamp or a watermark of
// 60 pt drawn across 11 pt body text (14 pt apart) took in the lines
// either side of its baseline, and the letters of all three read
// interleaved by x ("LLiinnee 78 ooff tthhee bbooddDyy"). Where the
// glyphs under a bridgeRatio-th of the largest's size form more than one
// baseline cluster of their own, or one that lies apart from the large
// glyphs' baseline, the small and the large glyphs are clustered apart;
// a large glyph on the one baseline of small text (a big initial, a
// heading's number) stays with it. Lines stay in baseline order.
func unbridge(lines [][]fg) [][]fg {
	var out [][]fg
	for li, ln := range lines {
		split := splitBridged(ln)
		if split == nil {
			if out != nil {
				out = append(out, ln)
			}
			continue
		}
		if out == nil {
			out = append(make([][]fg, 0, len(lines)+len(split)), lines[:li]...)
		}
		out = append(out, split...)
	}
	if out == nil {
		return lines
	}
	return out
}

// splitBridged is the cluster ln split into the baseline clusters of its
// small and of its large glyphs, in baseline order, or nil when its large
// glyphs bridged nothing (unbridge).
func splitBridged(ln []fg) [][]fg {
	least, most := math.Inf(1), 0.0
	for k := range ln {
		least, most = min(least, ln[k].g.size), max(most, ln[k].g.size)
	}
	switch {
	case most < overlaidSizeStep*max(least, 1):
		return nil // one size, spaces counted: none apart without them either
	case most < bridgeRatio*max(least, 1):
		return splitOverlaid(ln)
	}
	var small, large []fg
	for _, g := range ln {
		if g.g.size*bridgeRatio <= most {
			small = append(small, g)
		} else {
			large = append(large, g)
		}
	}
	lines := baselines(nil, small)
	if len(lines) == 0 || len(lines) == 1 && !apart(lines[0], large) {
		return nil
	}
	lines = baselines(lines, large)
	slices.SortStableFunc(lines, func(a, b []fg) int { return cmp.Compare(a[0].oy, b[0].oy) })
	return lines
}

// Text of two sizes drawn over each other on nearly one baseline is two
// lines, not one: a footer's 9 pt 'Wonderland' that a PDF editor stamped
// over the 5.5 pt 'All rights reserved.' (pdfbox's test.unc), a radio
// group's caption over its first button's label (pypdf's
// FormTestFromOo). Clustered as one baseline and read by x, their
// letters interleaved ('AllWrigohtnsdreeserrlvaedn', 'RdoRGdor1p1').
const (
	// overlaidSizeStep is how much larger than the smaller glyphs the
	// larger must be for the two to be told apart by size: a producer's
	// rounding of one size stays well under it.
	overlaidSizeStep = 1.15
	// minOverlaidGlyphs is the fewest glyphs of either size, one after
	// another, that glyphs of the other half cover for the two to be
	// drawn over each other: words over words. A formula's marks are
	// single glyphs: an accent over a letter beside its subscript, a sum
	// sign over its limits.
	minOverlaidGlyphs = 3
)

// splitOverlaid is the cluster ln split into the baseline clusters of its
// smaller and its larger glyphs, in baseline order, where the two sizes
// are drawn over each other; nil where they are not.
func splitOverlaid(ln []fg) [][]fg {
	cut := sizeCut(ln)
	if cut == 0 {
		return nil
	}
	n := 0
	for k := range ln {
		if ln[k].g.size < cut {
			n++
		}
	}
	small, large := make([]fg, 0, n), make([]fg, 0, len(ln)-n)
	for _, g := range ln {
		if g.g.size < cut {
			small = append(small, g)
		} else {
			large = append(large, g)
		}
	}
	smallSpans, largeSpans := inkSpans(small), inkSpans(large)
	if overlaidRun(smallSpans, largeSpans) < minOverlaidGlyphs || overlaidRun(largeSpans, smallSpans) < minOverlaidGlyphs {
		return nil
	}
	lines := baselines(baselines(nil, small), large)
	slices.SortStableFunc(lines, func(a, b []fg) int { return cmp.Compare(a[0].oy, b[0].oy) })
	return lines
}

// sizeCut is the size that parts ln's glyphs into two sizes: the larger
// of the two sizes either side of the widest step (overlaidSizeStep or
// more) between the sizes its glyphs are set at; 0 where there is none.
func sizeCut(ln []fg) float64 {
	least, most := math.Inf(1), 0.0
	for k := range ln {
		if !ln[k].g.space {
			least, most = min(least, ln[k].g.size), max(most, ln[k].g.size)
		}
	}
	if most < overlaidSizeStep*max(least, 1) {
		return 0 // one size: most lines
	}
	sizes := make([]float64, 0, 4)
	for k := range ln {
		if s := ln[k].g.size; !ln[k].g.space && !slices.Contains(sizes, s) {
			sizes = append(sizes, s)
		}
	}
	slices.Sort(sizes)
	cut, step := 0.0, overlaidSizeStep
	for i := 1; i < len(sizes); i++ {
		if r := sizes[i] / max(sizes[i-1], 1); r >= step {
			cut, step = sizes[i], r
		}
	}
	return cut
}

// inkSpans is the x extents of gs's glyphs, spaces left out, in order
// of their left edges.
func inkSpans(gs []fg) [][2]float64 {
	spans := make([][2]float64, 0, len(gs))
	for k := range gs {
		if !gs[k].g.space {
			spans = append(spans, [2]float64{gs[k].b.X0, gs[k].b.X1})
		}
	}
	slices.SortFunc(spans, func(p, q [2]float64) int { return cmp.Compare(p[0], q[0]) })
	return spans
}

// overlaidRun is the most spans of a, one after another and each within
// a glyph's width of the one before (letters of words, not marks far
// apart), that a span of b covers by half the narrower's width or more.
func overlaidRun(a, b [][2]float64) int {
	best, run := 0, 0
	for k, g := range a {
		if !coveredBy(g, b) {
			run = 0
			continue
		}
		if run > 0 && g[0]-a[k-1][1] > max(g[1]-g[0], a[k-1][1]-a[k-1][0]) {
			run = 0
		}
		run++
		best = max(best, run)
	}
	return best
}

// coveredBy says whether a span of spans (in order of their left edges)
// covers g by half the narrower's width or more. Glyphs of one line do
// not nest, so only the last few spans that start before g ends can.
func coveredBy(g [2]float64, spans [][2]float64) bool {
	i, _ := slices.BinarySearchFunc(spans, g[1], func(p [2]float64, x float64) int { return cmp.Compare(p[0], x) })
	for j := i - 1; j >= 0 && j >= i-maxOverlapLook; j-- {
		sp := spans[j]
		if over := min(g[1], sp[1]) - max(g[0], sp[0]); over > 0 && over >= 0.5*min(g[1]-g[0], sp[1]-sp[0]) {
			return true
		}
	}
	return false
}

// apart says whether the small glyphs of one baseline (a cluster of its
// own) lie off the large glyphs' baseline by more than their own line's
// tolerance (baselineTol of their size): a line of small text under a
// title of 116 pt, 45 pt below its baseline, is within the title's
// tolerance but is no line of it ("SBmallTextig"). A big initial or a
// heading's number sits on the small text's baseline.
func apart(small, large []fg) bool {
	if len(large) == 0 {
		return false
	}
	size := 0.0
	for k := range small {
		size = max(size, small[k].g.size)
	}
	return math.Abs(medianBaseline(small)-medianBaseline(large)) > baselineTol*max(size, 1)
}

// medianBaseline is the median of the glyphs' baselines.
func medianBaseline(gs []fg) float64 {
	ys := make([]float64, len(gs))
	for k := range gs {
		ys[k] = gs[k].oy
	}
	return medianInPlace(ys)
}

// sortByLeft sorts a line's glyphs stably by their boxes' left edges.
func sortByLeft(line []fg) {
	if byLeft := func(a, b fg) int { return cmp.Compare(a.b.X0, b.b.X0) }; !sortRuns(line, byLeft, &fgRoom) {
		slices.SortStableFunc(line, byLeft)
	}
}

// buildSegments groups glyphs of one direction into line segments; it
// also counts the glyphs drawn again where they were (dedupe), which
// the segments hold once.
func buildSegments(gs []*glyph, fr frame, arena *fgArena) (_ []*seg, repeats int) {
	fgs := sortedOnPage(gs, fr, arena)
	seatAccents(fgs)
	lines := unbridge(baselines(nil, fgs))
	for li := range lines {
		sortByLeft(lines[li])
		ocrWordsApart(lines[li])
		lines[li] = composeMarks(lines[li])
		n := len(lines[li])
		lines[li] = dedupe(lines[li])
		repeats += n - len(lines[li])
		lines[li] = dropCoveredSpaces(lines[li])
	}
	cols := columnEdges(lines)
	var segs []*seg
	for li, ln := range lines {
		// Split at every gap that could be a column gutter: a wide one, or
		// a narrower one where the next column starts at an x that other
		// lines start at too. The reading order step joins the pieces of a
		// line again within a column.
		split := min(minGutter, segmentSplit(ln))
		first := len(segs)
		start := 0
		maxX := math.Inf(-1)
		ink := -1 // the last glyph before k that is not a space
		for k := range ln {
			if k > start {
				size := max(1, max(ln[k].g.size, ln[k-1].g.size))
				gap := ln[k].b.X0 - maxX
				if gap > split*size || gap > minCandidateGutter*size && !monoWordGap(ln, ink, k, gap) && cols.starts(li, ln[k].b.X0, size) {
					segs = append(segs, newSeg(ln[start:k], fr))
					start = k
					maxX = math.Inf(-1)
				}
			}
			if !ln[k].g.space {
				maxX = max(maxX, ln[k].b.X1)
				ink = k
			} else if maxX == math.Inf(-1) {
				maxX = ln[k].b.X0
			}
		}
		if start < len(ln) {
			segs = append(segs, newSeg(ln[start:], fr))
		}
		for _, sg := range segs[first:] {
			sg.line = li
		}
	}
	out := segs[:0]
	for _, s := range segs {
		if len(s.words) > 0 {
			out = append(out, s)
		}
	}
	return attachMarks(out, fr), repeats
}

// minTitledGaps is the fewest gaps of a line whose narrowest quarter
// tells its word spaces (segmentSplit): a table header's titles side by
// side, four columns or more, each gap between two a gutter.
const minTitledGaps = 6

// segmentSplit is the gap, in ems, that splits a baseline into segments:
// wider than segmentGap, or than a few of the line's typical word gaps.
func segmentSplit(ln []fg) float64 {
	var gaps []float64
	maxX := math.Inf(-1)
	for k := range ln {
		g := &ln[k]
		if k > 0 && !g.g.space && maxX > math.Inf(-1) {
			size := max(1, g.g.size)
			if gap := (g.b.X0 - maxX - ln[k-1].g.tracking()) / size; gap > wordGap {
				gaps = append(gaps, gap)
			}
		}
		if g.g.space {
			continue
		}
		maxX = max(maxX, g.b.X1)
	}
	if len(gaps) < 3 {
		return segmentGap
	}
	slices.Sort(gaps)
	typical := gaps[len(gaps)/2]
	if typical >= minSegmentGap && len(gaps) >= minTitledGaps && oneSize(ln) {
		// Most of the line's gaps part segments (a table's header, its
		// titles side by side): its word spaces are its narrowest.
		typical = gaps[(len(gaps)-1)/4]
	}
	return min(segmentGap, max(minSegmentGap, 2.5*typical))
}

// oneSize reports whether the glyphs of ln (not spaces) are all of one
// size (within sameSize): no index, no exponent, which a formula spaces
// as widely as a table spaces its titles.
func oneSize(ln []fg) bool {
	lo, hi := math.Inf(1), math.Inf(-1)
	for k := range ln {
		if g := ln[k].g; !g.space {
			lo, hi = min(lo, g.size), max(hi, g.size)
		}
	}
	return hi-lo <= sameSize*hi
}

// dedupe drops a glyph drawn again at (nearly) the same spot with the same
// text: fake bold, or shadows.
func dedupe(ln []fg) []fg {
	n := 0 // ln[:n] are the glyphs kept
	for k := range ln {
		g := &ln[k]
		if g.g.space || !drawnAgain(ln[:n], g) {
			if n != k {
				ln[n] = *g // most lines drop nothing: nothing to move
			}
			n++
		}
	}
	return ln[:n]
}

// maxSpaceCover is the share of a space glyph's width that a glyph drawn
// apart from it (more than maxDrawnNear glyphs before or after it) may
// cover before the space is no gap between words. The glyphs drawn just
// before and after a space are its words' own, and may cover it where a
// font's widths are wrong or a producer kerns the next word back.
const (
	maxSpaceCover = 0.5
	maxDrawnNear  = 2
)

// ocrWordsApart orders a line of an OCR layer (ln, sorted by x, every
// glyph invisible) word by word. An OCR layer places each word where the
// scan shows it, with its space after it, in a font whose widths are not
// the scan's: a word runs on past the start of the next, and sorted
// glyph by glyph the two words' letters and the space between them
// interleaved (a JSTOR review read 'grand plaisirq ue nous saluons la
// publicationd e cet ouvrage', 'C'ESTa vec'). A word is the glyphs from
// one placed by its show operator to the next placed one, in drawing
// order; words are ordered by where they start, and a word's glyphs by x.
// There the spaces are the recogniser's word breaks, and the glyphs'
// boxes nobody's sight. Visible text is read as it shows: a form's '1a',
// drawn '1 ' with an 'a' placed over the space, is one word.
func ocrWordsApart(ln []fg) {
	if len(ln) < 2 || slices.ContainsFunc(ln, func(f fg) bool { return !f.g.flags.Has(core.FlagInvisible) }) {
		return
	}
	type inWord struct {
		f        fg
		at, word int // its place in ln, its word
	}
	gs := make([]inWord, len(ln))
	for i, f := range ln {
		gs[i] = inWord{f: f, at: i}
	}
	slices.SortStableFunc(gs, func(a, b inWord) int { return cmp.Compare(a.f.g.seq, b.f.g.seq) })
	var start []float64 // where each word starts
	for k := range gs {
		if k == 0 || gs[k].f.g.placed {
			start = append(start, gs[k].f.b.X0)
		}
		gs[k].word = len(start) - 1
		start[gs[k].word] = min(start[gs[k].word], gs[k].f.b.X0)
	}
	// Back in ln's order, then word by word.
	slices.SortFunc(gs, func(a, b inWord) int { return cmp.Compare(a.at, b.at) })
	slices.SortStableFunc(gs, func(a, b inWord) int { return cmp.Compare(start[a.word], start[b.word]) })
	for i := range gs {
		ln[i] = gs[i].f
	}
}

// dropCoveredSpaces drops from ln (sorted by x) the space glyphs that
// glyphs other than spaces, drawn apart from them, cover by more than
// maxSpaceCover of their width. Report writers pad a table cell's text
// with spaces that run on under the next cells, where the cell's clip
// hides them (pdfplumber's ca-warn-report: a date and twenty spaces in a
// cell 66 pt wide); read with the next cell's digits they parted each
// digit from the next ("0 3 / 2 5 / 2 0 16"). A space over which
// something is drawn is not a blank between words.
func dropCoveredSpaces(ln []fg) []fg {
	covered := func(k int) bool {
		s := ln[k].b
		limit := maxSpaceCover * (s.X1 - s.X0)
		other := func(j int) bool {
			d := ln[j].g.seq - ln[k].g.seq
			return !ln[j].g.space && (d > maxDrawnNear || d < -maxDrawnNear)
		}
		for j := k + 1; j < len(ln) && ln[j].b.X0 < s.X1; j++ {
			if other(j) && min(s.X1, ln[j].b.X1)-ln[j].b.X0 > limit {
				return true
			}
		}
		for j := k - 1; j >= 0 && j >= k-maxCoverLook; j-- {
			if other(j) && ln[j].b.X1-max(s.X0, ln[j].b.X0) > limit {
				return true
			}
		}
		return false
	}
	var drop []int
	for k := range ln {
		if ln[k].g.space && covered(k) {
			drop = append(drop, k)
		}
	}
	if len(drop) == 0 {
		return ln
	}
	out := ln[:drop[0]]
	for i, k := range drop {
		end := len(ln)
		if i+1 < len(drop) {
			end = drop[i+1]
		}
		out = append(out, ln[k+1:end]...)
	}
	return out
}

// maxCoverLook is how many glyphs before a space dropCoveredSpaces looks
// at: a glyph that starts before the space and covers it is among the
// last few before it in x.
const maxCoverLook = 4

// drawnAgain reports whether g repeats one of the last glyphs kept: the
// same text at (nearly) the same spot. Position is compared first: it
// rules out almost every pair, without comparing strings.
func drawnAgain(kept []fg, g *fg) bool {
	for k := len(kept) - 1; k >= 0 && k >= len(kept)-4; k-- {
		p := &kept[k]
		w := max(p.b.X1-p.b.X0, 0.1)
		if math.Abs(p.b.X0-g.b.X0) < 0.3*w && math.Abs(p.oy-g.oy) < 0.1*max(1, g.g.size) && p.g.text == g.g.text {
			return true
		}
	}
	return false
}

// letterDirs counts the letters of text in right-to-left scripts
// (textclean.RightToLeft) and the other letters, which run left to right.
// Digits and punctuation count for neither: an Arabic comma after a
// number ('2023،') leaves the number's word one of no direction.
func letterDirs(text string) (rtl, ltr int) {
	for _, r := range text {
		switch {
		case r < utf8.RuneSelf:
			if c := r | 0x20; c >= 'a' && c <= 'z' { // an ASCII letter
				ltr++
			}
		case textclean.RightToLeft(r):
			rtl++
		case unicode.IsLetter(r):
			ltr++
		}
	}
	return rtl, ltr
}

// newSeg builds the words of a segment.
func newSeg(gl []fg, fr frame) *seg {
	s := &seg{gl: gl, fr: fr}
	// Dominant size and baseline: of the largest glyphs.
	sizes := sizeRoom.take(len(gl))
	rtl, ltr := 0, 0
	for k := range gl {
		g := gl[k].g
		sizes = append(sizes, g.size)
		r, l := letterDirs(g.text)
		rtl, ltr = rtl+r, ltr+l
	}
	s.size = medianInPlace(sizes)
	bases := sizes[:0] // sizes are spent: reuse their room
	for k := range gl {
		if gl[k].g.size >= 0.9*s.size {
			bases = append(bases, gl[k].oy)
		}
	}
	s.base = medianInPlace(bases)
	sizeRoom.give(bases)
	s.rtl = rtl > ltr

	runs := wordRuns(gl, runRoom.take(len(gl)/4+1))
	if rtl > 0 && ltr > 0 {
		runs = splitDirections(runs)
	}
	visual := drawnVisually(gl)
	s.words = make([]core.Word, 0, len(runs))
	for _, run := range runs {
		s.appendWords(run, visual)
	}
	runRoom.give(runs)
	if s.rtl {
		reorderRTL(s.words)
	} else if fr == 0 {
		s.words = textclean.JoinSpacedLetters(s.words)
	}
	switch {
	case len(s.words) > 0 && !fr.axis():
		s.b = obliqueBounds(gl)
	case len(s.words) > 0:
		b := s.fr.box(s.words[0].BBox)
		for i := 1; i < len(s.words); i++ {
			b = b.Union(s.fr.box(s.words[i].BBox))
		}
		s.b = b
	}
	s.text = (&core.Line{Words: s.words}).Text()
	return s
}

// maxTracking is the widest character spacing (Tc), in ems, that is
// taken for tracking and left out of the gap after a glyph: a word space
// is a quarter to a third of an em, and justification narrows it little
// below a fifth, so spacing narrower than that cannot stand for one.
// Wider spacing is judged as any gap is. A producer that sets words in
// pieces may space two words apart with Tc alone (pdfcpu's
// TheGoProgrammingLanguage sample draws the "tt" of "But there" with Tc
// 0.29 em); letters tracked that wide read as one-letter words, which
// textclean.JoinSpacedLetters rejoins. Spacing after a character of a
// script written without spaces (textclean.Unspaced) is tracking however
// wide: "中文姓名" spaced out on a form is one word, not four.
const maxTracking = 0.2

// tracking is the part of g's character spacing that is tracking
// (maxTracking), in points.
func (g *glyph) tracking() float64 {
	if g.cs <= maxTracking*g.size {
		return g.cs
	}
	if r, _ := utf8.DecodeRuneInString(g.text); textclean.Unspaced(r) {
		return g.cs
	}
	return 0
}

// obliqueBounds is the bounds, in an oblique frame, of the cells of gl's
// glyphs that are not spaces (frame.glyphBox): the words' page boxes,
// turned back, would be too wide.
func obliqueBounds(gl []fg) core.BBox {
	b := core.BBox{X0: math.Inf(1), Y0: math.Inf(1), X1: math.Inf(-1), Y1: math.Inf(-1)}
	for k := range gl {
		if !gl[k].g.space {
			b = core.BBox{X0: min(b.X0, gl[k].b.X0), Y0: min(b.Y0, gl[k].b.Y0), X1: max(b.X1, gl[k].b.X1), Y1: max(b.Y1, gl[k].b.Y1)}
		}
	}
	return b
}

// Where the font changes between two glyphs, a gap wider than
// fontChangeGap parts words: a word is set in one font, and TeX spaces a
// formula's operator names from their operands by a thin space, 1/6 em,
// under wordGap ("Rcosv" for R cos v in py-pdf's GeoTopo, "v =11" in
// icdar's eu-021). The pieces of one token that producers place 0.1-0.18
// em apart are in one font.
//
// An OCR layer (invisible text) draws each word the engine read as a
// string of its own, scaled to the word's box on the scan, with no space
// glyphs: the gaps between its strings are the scan's word spaces, which
// may be narrower than wordGap (0.14-0.18 em in pdfcpu's jphysiol
// sample, joined as "ofthe" before). Before a string placed on its own in
// an OCR layer a gap wider than ocrWordGap, a tenth of an em, parts
// words. Visible strings keep wordGap: producers that place a word in
// pieces leave 0.1-0.18 em between them, kerning or a code font's cells
// (docling's code_and_formula: "add (a , b )" under a tenth of an em).

// wordRuns appends to runs a segment's glyphs split into words: at a
// space glyph, or at a gap wider than wordGap ems (ocrWordGap,
// fontChangeGap, or a line's tight spaces: tightWordGap). A run holds no
// space glyph, so each is a contiguous stretch of gl and needs no copy.
func wordRuns(gl []fg, runs [][]fg) [][]fg {
	start := -1
	maxX := math.Inf(-1)
	tight, candidates := tightWordGap(gl)
	// Where the line as a whole does not space its words tight, a font's
	// stretch of it may: a bold caption set tight, 'Table 1 Composition
	// of the pretraining data', before body text spaced as usual on the
	// same line. A stretch holds no more tight gaps than the line.
	perFont := tight == wordGap && (candidates >= minTightGaps || candidates < 0) && mixedFonts(gl)
	stretchEnd := 0
	for k := range gl {
		g := &gl[k]
		if perFont && k >= stretchEnd {
			stretchEnd = fontStretchEnd(gl, k)
			tight, _ = tightWordGap(gl[k:stretchEnd])
		}
		if g.g.space {
			if start >= 0 {
				runs = append(runs, gl[start:k])
				start = -1
			}
			maxX = math.Inf(-1)
			continue
		}
		if start >= 0 {
			last := gl[k-1].g
			size := max(1, min(g.g.size, last.size))
			gapEm := tight
			if g.g.placed && g.g.flags&core.FlagInvisible != 0 {
				gapEm = ocrWordGap
			} else if g.g.font != last.font && !(start < k-1 && signedFigure(last.text, g.g.text)) {
				gapEm = fontChangeGap
			}
			gap := g.b.X0 - maxX - last.tracking()
			if gap > minTightGap*size && gap <= gapEm*size && (last.flags|g.g.flags)&core.FlagMonospace == 0 && sentenceBreak(last.text, g.g.text) {
				gapEm = minTightGap
			}
			if gap > gapEm*size && gap <= wordGap*size && ellipsisDot(last.text) && ellipsisDot(g.g.text) {
				gapEm = wordGap // an ellipsis's thin spaces
			}
			if gap > gapEm*size {
				runs = append(runs, gl[start:k])
				start = -1
			}
		}
		if start < 0 {
			start = k
		}
		maxX = max(maxX, g.b.X1)
	}
	if start >= 0 {
		runs = append(runs, gl[start:])
	}
	return runs
}

// mixedFonts reports whether gl's glyphs are of more than one font.
func mixedFonts(gl []fg) bool {
	for k := 1; k < len(gl); k++ {
		if gl[k].g.font != gl[0].g.font {
			return true
		}
	}
	return false
}

// fontStretchEnd is the end of the stretch of gl from k whose glyphs are
// of gl[k]'s font.
func fontStretchEnd(gl []fg, k int) int {
	j := k + 1
	for j < len(gl) && gl[j].g.font == gl[k].g.font {
		j++
	}
	return j
}

// splitDirections parts each run where its letters change direction: a
// letter written right to left (textclean.RightToLeft) beside one written
// left to right. A line of Arabic or Hebrew drawn as it shows puts a
// Latin word against its neighbour wherever the spaces fall by the
// bidirectional algorithm (docling's right_to_left_01 shows 'Pythonمن',
// its space on Python's other side), and one word of both scripts can be
// put in no order that reads: each part is a word of its own direction.
// Digits and punctuation stay with the letters before them.
func splitDirections(runs [][]fg) [][]fg {
	var out [][]fg
	for i, run := range runs {
		start, dir := 0, 0 // dir: 1 left to right, -1 right to left, 0 none yet
		for k := range run {
			d := 0
			switch r, l := letterDirs(run[k].g.text); {
			case r > 0 && l == 0:
				d = -1
			case l > 0 && r == 0:
				d = 1
			}
			if d == 0 {
				continue
			}
			if dir != 0 && d != dir {
				if out == nil {
					out = append(make([][]fg, 0, len(runs)+1), runs[:i]...)
				}
				out = append(out, run[start:k])
				start = k
			}
			dir = d
		}
		if out != nil {
			out = append(out, run[start:])
		}
	}
	if out == nil {
		return runs
	}
	return out
}

// signedFigure reports whether glyph b, after glyph a, is a figure after
// a sign: a minus or plus drawn from a symbol font before the figures of
// another ('mmol m⁻³' where 3B2 takes the raised minus from a font of its
// own, 0.15 em before the '3'). Where the sign is glued to the glyph
// before it (wordRuns asks), it is the figure's: only the line's word gap
// parts them, not the tighter cut where fonts change. A sign set apart
// from what precedes it is an operator between two terms ('n − 1',
// '11.21 ± 0.74'), spaced alike on both sides, and keeps the cut.
func signedFigure(a, b string) bool {
	switch a {
	case "−", "-", "+", "±", "∓":
		r, _ := utf8.DecodeRuneInString(b)
		return r >= '0' && r <= '9'
	}
	return false
}

// sentenceBreak reports whether glyph b, after glyph a, starts a
// sentence where a ends one: a stop, a question or exclamation mark, or
// a closing quote or bracket, before a capital or an opening quote. A
// typesetter that kerns the stop into the word before it may leave less
// than wordGap between the sentences, no space glyph, and a gap still
// wider than minTightGap, pdftotext's cut (pdf.js's freeculture, set in
// QuarkXPress: 'day. His' 0.17 em apart, read 'day.His' 350 times). An
// abbreviation's letters ('U.S.A.') follow its stops with no gap, and
// code in a fixed-pitch font ('lp.Detectron2LayoutModel') is left to
// its cells.
func sentenceBreak(a, b string) bool {
	ra, _ := utf8.DecodeLastRuneInString(a)
	rb, _ := utf8.DecodeRuneInString(b)
	return strings.ContainsRune(".!?)]\"'”’", ra) && (unicode.IsUpper(rb) || strings.ContainsRune("“‘\"(", rb))
}

// A line set tight, justified by narrowing its word spaces, may space
// its words less than wordGap apart: an Elsevier paper's 'there is a
// need to consider the annual flow regime as the' put 0.168-0.175 em
// between its words, its letters 0-0.006 em apart, and no space glyphs,
// and read 'thereisaneedtoconsidertheannualflowregimeasthe'. A word
// processor that places each word by itself spaces them unevenly: a
// court opinion's 'under the Federal Tort Claims Act' 0.12-0.18 em apart
// beside a sentence's space of 0.47, 'medical history of diabetes' set
// so before words parted by space glyphs. Either way the letters are
// set close, and a line's gaps fall into two clusters far apart: words
// in the wider one, from minTightGap up.
const (
	// minTightGap is the narrowest gap, in ems, that such a line's word
	// spaces may have: pdftotext's cut, and under the thinnest spaces of
	// justified text.
	minTightGap = 0.1
	// minTightGaps is the fewest gaps from minTightGap to wordGap on the
	// line: one line of running text has several words.
	minTightGaps = 3
	// tightSpread is how much wider than the widest tight gap the
	// narrowest gap from wordGap may be for both to be the line's word
	// spaces, spread evenly across wordGap. A line whose ordinary spaces
	// stand apart from fewer thin ones (a formula's 'P M R', 1/6 em
	// apart, beside word spaces of a third of an em) keeps them joined.
	tightSpread = 1.25
	// letterShare is how much narrower than the word spaces the line's
	// other gaps must all be: between letters, nothing to speak of.
	letterShare = 0.3
)

// tightWordGap is the gap, in ems, that parts words on a segment of
// glyphs: wordGap, or under it where minTightGaps or more gaps between
// letters or digits lie from minTightGap to wordGap and they part words:
// every narrower gap (between letters) is letterShare of them at most,
// and as many as they are (a chart's axis of two-digit labels 0.14 em
// apart after single digits spaced wider has one each), most of the
// glyphs they part are no single letters (a word spaced out, a lecture's
// 'e l s e'), and they outnumber the gaps from wordGap or run on into
// them (tightSpread). Fewer such gaps part words where they run on into
// minTightGaps or more from wordGap (tightSpread): a paper that places
// each word with Td, justified a little over wordGap, left one space of
// 0.169 em among spaces of 0.193-0.205 and read 'performancevariations'
// (OSDI's Bigtable paper). A space glyph parts words where it stands, and
// the gaps beside it are not measured. Words part halfway between the two
// clusters, but for an ellipsis's dots (ellipsisDot, in wordRuns). tight
// is how many gaps between letters or digits lie from minTightGap to
// wordGap; -1 where a glyph of a code font ended the count.
func tightWordGap(gl []fg) (em float64, tight int) {
	lo, hi, minWide := math.Inf(1), 0.0, math.Inf(1) // the tight gaps' range, the narrowest wider one
	wide, singles := 0, 0
	letters, inWords := 0.0, 0 // the widest gap under minTightGap, and how many
	run := 0                   // glyphs since a space glyph or a gap from minTightGap
	maxX := math.Inf(-1)
	for k := range gl {
		g := &gl[k]
		if g.g.font != nil && g.g.font.flags&core.FlagMonospace != 0 {
			return wordGap, -1 // a code font's cells part its words
		}
		if g.g.space {
			maxX, run = math.Inf(-1), 0
			continue
		}
		if !math.IsInf(maxX, -1) {
			gap := (g.b.X0 - maxX - gl[k-1].g.tracking()) / max(1, min(g.g.size, gl[k-1].g.size))
			switch {
			case gap >= wordGap:
				wide, minWide, run = wide+1, min(minWide, gap), 0
			case gap >= minTightGap:
				if wordChar(gl[k-1].g.text) && wordChar(g.g.text) {
					lo, hi, tight = min(lo, gap), max(hi, gap), tight+1
					if run == 1 {
						singles++
					}
				}
				run = 0
			default:
				letters, inWords = max(letters, gap), inWords+1
			}
		}
		run++
		maxX = max(maxX, g.b.X1)
	}
	few := tight < minTightGaps
	if few && !(tight > 0 && wide >= minTightGaps && minWide <= tightSpread*hi) {
		return wordGap, tight // too few to learn a width from, and none beside the line's spaces
	}
	if (!few && 2*singles > tight) || inWords < tight || letters > letterShare*lo {
		return wordGap, tight // not words of letters set close: a word spaced out, a row of marks
	}
	if tight <= wide && minWide > tightSpread*hi {
		return wordGap, tight // thin spaces among fewer ordinary ones: a formula's
	}
	return lo - (lo-letters)/2, tight
}

// ellipsisDot reports whether a glyph's text is a dot that an ellipsis
// is set with, one glyph per dot: TeX's \ldots puts a thin space,
// under wordGap, between full stops (or centred dots, \cdots).
func ellipsisDot(t string) bool { return t == "." || t == "·" || t == "⋅" }

// wordChar reports whether a glyph's text ends or starts a word: a letter
// or a digit. The thin spaces TeX sets between the dots of an ellipsis
// ('09/06. . . $5.00') are no word spaces to learn from.
func wordChar(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// drawnVisually reports whether the producer drew the glyphs left to right
// (visual order) rather than in logical order.
func drawnVisually(gl []fg) bool {
	inc, dec := 0, 0
	for i := 1; i < len(gl); i++ {
		if gl[i].g.seq > gl[i-1].g.seq {
			inc++
		} else {
			dec++
		}
	}
	return inc >= dec
}

func (s *seg) word(run []fg, visual bool) core.Word {
	rtlWord := false
	n := 0 // bytes of the word's text
	{
		rtl, ltr := 0, 0
		for k := range run {
			t := run[k].g.text
			n += len(t)
			r, l := letterDirs(t)
			rtl, ltr = rtl+r, ltr+l
		}
		rtlWord = rtl > 0 && rtl >= ltr
	}
	order := run
	if rtlWord {
		order = make([]fg, len(run))
		copy(order, run)
		if visual {
			// Drawn left to right: logical order is right to left, but
			// for the numbers, which read left to right as drawn.
			slices.Reverse(order)
			numbersForward(order, arabicLetters(order))
		} else {
			slices.SortStableFunc(order, func(a, b fg) int { return cmp.Compare(a.g.seq, b.g.seq) })
		}
	}
	var sb strings.Builder
	sb.Grow(n)
	b := run[0].g.box
	size := 0.0
	var flags core.WordFlags = ^core.WordFlags(0)
	for k := range order {
		g := order[k].g
		sb.WriteString(g.text)
		b = b.Union(g.box)
		size = max(size, g.size)
		flags &= g.flags
	}
	fontName := wordFont(run)
	// Super- and subscripts: smaller glyphs off the segment's baseline.
	var oy float64
	for k := range run {
		oy += run[k].oy
	}
	oy /= float64(len(run))
	if size < markRatio*s.size && len(run) < 12 {
		switch s.scriptAt(oy) {
		case raised:
			flags |= core.FlagSuperscript
		case lowered:
			flags |= core.FlagSubscript
		}
	}
	if s.fr != 0 {
		flags |= core.FlagRotated
	}
	text := textclean.Clean(sb.String())
	text = strings.TrimSpace(text)
	return core.Word{Text: text, BBox: b, Font: fontName, Size: round2(size), Flags: flags}
}

// numbersForward turns back, in a word's glyphs put right to left, each
// number, which reads left to right in text written right to left: a
// section '15(ב)(4)' drawn as it shows would read '51(ב)(4)'. A number is
// its digits, with a separator that stands between two digits ('3.5',
// '1,234', '12:30'), and, unless the word's letters are Arabic, the
// signs that end a figure beside them ('15%', '$20'): the bidirectional
// algorithm (UAX #9, rules W2 to W7) takes digits after Arabic letters
// for Arabic numbers, which such signs do not join, and digits after
// Hebrew for European numbers, which they do.
func numbersForward(order []fg, arabic bool) {
	class := func(k int) bidi.Class {
		r, _ := utf8.DecodeRuneInString(order[k].g.text)
		p, _ := bidi.LookupRune(r)
		return p.Class()
	}
	digit := func(k int) bool { c := class(k); return c == bidi.EN || c == bidi.AN }
	joins := func(k int) bool {
		switch class(k) {
		case bidi.EN, bidi.AN:
			return true
		case bidi.ET:
			return !arabic
		case bidi.CS:
			return k > 0 && k+1 < len(order) && digit(k-1) && digit(k+1)
		case bidi.ES:
			return !arabic && k > 0 && k+1 < len(order) && digit(k-1) && digit(k+1)
		}
		return false
	}
	for i := 0; i < len(order); {
		j := i
		figures := false
		for j < len(order) && joins(j) {
			figures = figures || digit(j)
			j++
		}
		if figures {
			slices.Reverse(order[i:j])
		}
		i = max(j, i+1)
	}
}

// arabicLetters reports whether glyphs hold a letter of the Arabic script.
func arabicLetters(glyphs []fg) bool {
	for k := range glyphs {
		for _, r := range glyphs[k].g.text {
			if unicode.Is(unicode.Arabic, r) && unicode.IsLetter(r) {
				return true
			}
		}
	}
	return false
}

// numberSign reports a sign that joins the digits either side of it into
// one number: a decimal point or comma, a thousands separator, a colon,
// a slash (the Arabic decimal and thousands separators too).
func numberSign(r rune) bool {
	return strings.ContainsRune(".,:/٫٬", r)
}

// wordFont names the font most of a word's glyphs are drawn in; ties go
// to the first name in byte order. Words hold few glyphs and fewer fonts,
// so counting by a scan beats a map.
func wordFont(run []fg) string {
	if f := oneFont(run); f != nil {
		return f.name
	}
	best, name := 0, ""
	for i, g := range run {
		f := g.g.font
		if f == nil {
			continue
		}
		seen := false
		for _, p := range run[:i] {
			if p.g.font == f {
				seen = true
				break
			}
		}
		if seen {
			continue
		}
		n := 0
		for _, q := range run[i:] {
			if q.g.font == f {
				n++
			}
		}
		if n > best || (n == best && f.name < name) {
			best, name = n, f.name
		}
	}
	return name
}

// oneFont is the font every glyph of run is drawn in, or nil when they
// are not all drawn in one (or run is empty).
func oneFont(run []fg) *font {
	if len(run) == 0 {
		return nil
	}
	f := run[0].g.font
	for k := 1; k < len(run); k++ {
		if run[k].g.font != f {
			return nil
		}
	}
	return f
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

// reorderRTL puts the words of a right-to-left line in logical order:
// right to left, except that runs of left-to-right words keep their order.
// Such a run is a word of Latin (or other left-to-right) letters, with the
// numbers beside it: 'Python 3.9'. Numbers among words written right to
// left, or alone, read right to left, word by word, as the
// bidirectional algorithm orders them (UAX #9, rules W7 and N1): a table's
// row of figures '2022 900,000 8%' shows its first cell on the right.
func reorderRTL(ws []core.Word) {
	slices.SortStableFunc(ws, func(a, b core.Word) int { return cmp.Compare(b.BBox.X0, a.BBox.X0) })
	arabicNumbers(ws)
	ltr := leftToRightRuns(ws)
	for i := 0; i < len(ws); {
		if !ltr[i] {
			i++
			continue
		}
		j := i
		for j < len(ws) && ltr[j] {
			j++
		}
		slices.Reverse(ws[i:j])
		endsAround(ws[i:j])
		i = j
	}
}

// leftToRightRuns marks the words of ws, sorted right to left, that read
// left to right: words of letters of such scripts (and none written right
// to left), and the numbers next to them.
func leftToRightRuns(ws []core.Word) []bool {
	ltr := make([]bool, len(ws))
	for i := range ws {
		r, l := letterDirs(ws[i].Text)
		ltr[i] = l > 0 && r == 0
	}
	number := func(i int) bool {
		t := ws[i].Text
		return !ltr[i] && strings.IndexFunc(t, unicode.IsLetter) < 0 && strings.IndexFunc(t, unicode.IsDigit) >= 0
	}
	for i := 1; i < len(ws); i++ {
		ltr[i] = ltr[i] || ltr[i-1] && number(i)
	}
	for i := len(ws) - 2; i >= 0; i-- {
		ltr[i] = ltr[i] || ltr[i+1] && number(i)
	}
	return ltr
}

// endsAround puts in logical order the signs at the two ends of a run of
// left-to-right words in a right-to-left line (run in its own order).
// Between the run and the line's right-to-left text the signs take the
// line's direction: a full stop after 'SmartPay' at the end of an Arabic
// sentence shows left of it ('.SmartPay'), and one before '.NET' right of
// it. Brackets are drawn mirrored there, and their text is the logical
// one.
func endsAround(run []core.Word) {
	first, last := &run[0], &run[len(run)-1]
	lead := len(first.Text) - len(strings.TrimLeft(first.Text, runEndSigns))
	trail := len(last.Text) - len(strings.TrimRight(last.Text, runEndSigns))
	if lead == 0 && trail == 0 || lead == len(first.Text) || trail == len(last.Text) {
		return
	}
	before, after := first.Text[:lead], last.Text[len(last.Text)-trail:]
	first.Text = first.Text[lead:]
	last.Text = last.Text[:len(last.Text)-trail]
	first.Text = after + first.Text
	last.Text += before
}

// runEndSigns are the signs that endsAround moves: stops, commas, colons,
// question and exclamation marks (Latin and Arabic), brackets and quotes.
const runEndSigns = ".,:;!?،؛؟()[]{}\"'«»“”"

// arabicNumbers puts into logical order the numbers of a line written
// right to left, its words in logical order, that follow Arabic letters.
// After Arabic letters the bidirectional algorithm takes European digits
// for Arabic numbers (UAX #9, rule W2), which a percent sign does not
// join: '15%' is shown '%15', the sign left of the digits, and drawn so.
// After Hebrew or Latin letters the digits stay European and the sign
// joins them ('15%' shown as written). A word of digits and signs, no
// letters, after an Arabic word is read back: its digit runs ('3.5',
// '1,234') keep their order, the signs between them read right to left.
// A bracket's text is already the logical one ('(' that the page shows
// mirrored), so '2024(' reads '(2024'.
func arabicNumbers(ws []core.Word) {
	arabic := false
	for i := range ws {
		t := ws[i].Text
		if k := strings.IndexFunc(t, unicode.IsLetter); k >= 0 {
			r, _ := utf8.DecodeRuneInString(t[k:])
			arabic = unicode.Is(unicode.Arabic, r)
			continue
		}
		if arabic && strings.ContainsFunc(t, unicode.IsDigit) && strings.ContainsFunc(t, func(r rune) bool { return !unicode.IsDigit(r) }) {
			ws[i].Text = arabicNumber(t)
		}
	}
}

// arabicNumber is the logical order of t, a number drawn as an Arabic
// number among signs (see arabicNumbers).
func arabicNumber(t string) string {
	rs := []rune(t)
	var parts []string
	for i := 0; i < len(rs); {
		j := i + 1
		if unicode.IsDigit(rs[i]) {
			for j < len(rs) && (unicode.IsDigit(rs[j]) || j+1 < len(rs) && numberSign(rs[j]) && unicode.IsDigit(rs[j+1])) {
				j++
			}
			parts = append(parts, string(rs[i:j]))
		} else {
			parts = append(parts, string(rs[i]))
		}
		i = j
	}
	slices.Reverse(parts)
	return strings.Join(parts, "")
}

// medianInPlace is median for a slice the caller no longer needs in its
// order: it sorts v rather than a copy.
func medianInPlace(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	slices.Sort(v) // NaNs first, as sort.Float64s orders them
	return v[len(v)/2]
}

// median is the upper median of v, which it leaves in its order.
func median(v []float64) float64 {
	return medianInPlace(slices.Clone(v))
}

// bodySize is the font size carrying the most characters.
func bodySize(segs []*seg) float64 {
	var t runTally[float64]
	for _, s := range segs {
		for i := range s.words {
			w := &s.words[i]
			t.add(math.Round(w.Size*2)/2, utf8.RuneCountInString(w.Text))
		}
	}
	best, bestN := 0.0, -1
	for sz, n := range t.done() {
		if n > bestN || (n == bestN && sz < best) {
			best, bestN = sz, n
		}
	}
	return best
}

// runTally counts what comes in runs of one key (the sizes of a page's
// words, glyph after glyph): a run goes into the map once, not a value at
// a time. A key unequal to itself (NaN) starts a run of its own.
type runTally[K comparable] struct {
	counts map[K]int
	have   bool
	key    K
	run    int
}

// add counts n for key k.
func (t *runTally[K]) add(k K, n int) {
	if t.have && k == t.key {
		t.run += n
		return
	}
	t.flush()
	t.have, t.key, t.run = true, k, n
}

// done counts the last run and returns the counts (nil for none).
func (t *runTally[K]) done() map[K]int {
	t.flush()
	t.have = false
	return t.counts
}

func (t *runTally[K]) flush() {
	if !t.have {
		return
	}
	if t.counts == nil {
		t.counts = map[K]int{}
	}
	t.counts[t.key] += t.run
}

// minPartRules is the fewest rules across each of two tables set side by
// side: one over its rows and one under them.
const minPartRules = 2

// partByRules parts a group that reads as one table at an inner gutter
// that its horizontal rules stop at on both sides: two tables set side
// by side, each ruled across its own rows and none across both (tabula's
// AnimalSounds1: two tables of animals and their sounds, their rows at
// different heights, read as one table whose rows mixed the two). Rules
// count when they lie within an em of the group's height and cover half
// of their side at least. It returns the two sides, or nil.
func partByRules(group []*seg, gut []span, rx0, rx1, em float64, rules []edge) [][]*seg {
	if len(rules) == 0 {
		return nil
	}
	box := group[0].b
	for _, s := range group[1:] {
		box = box.Union(s.b)
	}
	for _, g := range gut {
		if !g.inner(rx0, rx1) {
			continue
		}
		mid := (g.a + g.b) / 2
		left, right, crossed := 0, 0, false
		for _, r := range rules {
			if r.pos < box.Y0-em || r.pos > box.Y1+em {
				continue
			}
			switch {
			case r.lo < mid && r.hi > mid:
				crossed = true
			case r.hi <= mid && r.hi-r.lo >= (mid-rx0)/2:
				left++
			case r.lo >= mid && r.hi-r.lo >= (rx1-mid)/2:
				right++
			}
		}
		if !crossed && left >= minPartRules && right >= minPartRules {
			l, r := partSegs(group, func(s *seg) bool { return (s.b.X0+s.b.X1)/2 < mid })
			return [][]*seg{l, r}
		}
	}
	return nil
}

// partSegs parts segs, in their order, into those in (by in) and the
// others.
func partSegs(segs []*seg, in func(*seg) bool) (yes, no []*seg) {
	for _, s := range segs {
		if in(s) {
			yes = append(yes, s)
		} else {
			no = append(no, s)
		}
	}
	return yes, no
}

// verticalWriting reports whether most words of segs are set in
// vertical writing (CJK columns, top to bottom): a poem's short columns,
// turned into the frame where they read as lines, line up as a table's
// rows would (pdfminer's jo, Miyazawa's 'Haru to Shura', read as a pipe
// table when borderless tables were looked for in every axis frame).
// A table printed sideways is horizontal writing turned.
func verticalWriting(segs []*seg) bool {
	vertical, all := 0, 0
	for _, s := range segs {
		for _, w := range s.words {
			all++
			if w.Flags.Has(core.FlagVertical) {
				vertical++
			}
		}
	}
	return 2*vertical > all
}

// orderFrame puts the segments of frame fr in reading order: the
// upright frame's band by band between rows of panels (panelBands),
// among the page's pictures.
func orderFrame(segs []*seg, edges []edge, pictures []core.BBox, fr frame, facts *layoutFacts) []*seg {
	rules := uprightRules(edges, fr)
	if fr != 0 {
		return orderSegments(segs, rules, nil, facts)
	}
	bands := panelBands(segs, edges, pictures)
	if len(bands) == 1 {
		return orderSegments(segs, rules, pictures, facts)
	}
	var out []*seg
	for _, b := range bands {
		out = append(out, orderSegments(b, rules, picturesIn(pictures, b), facts)...)
	}
	return out
}

// picturesIn are the pictures whose middle lies within the vertical
// extent of segs.
func picturesIn(pictures []core.BBox, segs []*seg) []core.BBox {
	if len(segs) == 0 {
		return nil
	}
	y0, y1 := segs[0].b.Y0, segs[0].b.Y1
	for _, s := range segs[1:] {
		y0, y1 = min(y0, s.b.Y0), max(y1, s.b.Y1)
	}
	var out []core.BBox
	for _, p := range pictures {
		if m := (p.Y0 + p.Y1) / 2; m >= y0 && m <= y1 {
			out = append(out, p)
		}
	}
	return out
}

// uprightRules are the horizontal rules of edges, stroked, for the
// upright frame; none for another (a sideways table is ruled in its
// own).
func uprightRules(edges []edge, fr frame) []edge {
	if fr != 0 {
		return nil
	}
	var out []edge
	for _, e := range edges {
		if e.horiz && !e.fill {
			out = append(out, e)
		}
	}
	return out
}

// orderSegments puts segments in reading order with a recursive XY cut:
// horizontal slabs, grouped while they share a column gutter; a group
// with a gutter splits into columns read left to right. Pictures set in
// a column take their place in it (occupants).
func orderSegments(segs []*seg, rules []edge, pictures []core.BBox, facts *layoutFacts) []*seg {
	if len(segs) == 0 {
		return nil
	}
	em := bodySize(segs)
	if em <= 0 {
		em = 10
	}
	markWraps(segs, pictures, em)
	var out []*seg
	if occ := occupants(segs, pictures, em); len(occ) > 0 {
		xyCut(append(segs[:len(segs):len(segs)], occ...), em, 0, &out, rules, facts)
		return withoutOccupants(out)
	}
	xyCut(segs, em, 0, &out, rules, facts)
	return out
}

type span struct{ a, b float64 }

func xyCut(segs []*seg, em float64, depth int, out *[]*seg, rules []edge, facts *layoutFacts) {
	if len(segs) <= 1 || depth > 40 {
		emitRows(segs, out)
		return
	}
	rx0, rx1 := xExtent(segs)
	slabs := ySlabs(segs)
	jx0, jx1 := justifiedMeasure(slabs, rx0, rx1)
	var typed typedTables
	for i := 0; i < len(slabs); {
		if n := readRecords(slabs, i, rx0, rx1, em, out); n > 0 {
			i += n
			continue
		}
		j, gut := growGroup(slabs, i, rx0, rx1, em, rules)
		if readAlone(slabs, i, j, gut, rx0, rx1, em, rules) || justifiedRows(slabs[i:j], jx0, jx1) {
			emitRowsIn(slabs[i], jx0, jx1, out)
			i++
			continue
		}
		group := slices.Concat(slabs[i:j]...)
		cols, tabular := groupColumns(slabs, i, j, group, gut, rx0, rx1, em, rules)
		if len(cols) > 1 && !tabular && leadsColumns(slabs, i, j, rx0, rx1, em, rules) {
			emitRowsIn(slabs[i], jx0, jx1, out)
			i++
			continue
		}
		if t, end := tableOf(slabs, i, j, group, tabular, em, rules); t.tb != nil {
			emitTable(t, group[0].fr, em, depth, out, rules, facts)
			j = end
		} else if parts := sideColumn(cols); parts != nil && !tabular {
			for _, p := range parts {
				xyCut(p, em, depth+1, out, rules, facts)
			}
		} else if len(cols) > 1 && !tabular {
			facts.columns = max(facts.columns, textColumns(cols))
			for _, c := range cols {
				xyCut(shedOccupants(c), em, depth+1, out, rules, facts)
			}
		} else {
			// No split: a table typed in a fixed-pitch font (typedTable)
			// starts here, or read the first slab and look for a group
			// again from the next one (a short last line of a paragraph
			// must not swallow the table or columns below it).
			if n := typed.table(segs, slabs, i, out); n > 0 {
				i += n
				continue
			}
			emitRowsIn(slabs[i], jx0, jx1, out)
			i++
			continue
		}
		i = j
	}
}

// joinedRules are the horizontal rules strictly between y0 and y1, the
// pieces of each joined: a web table's cells each draw their own piece of
// the border under them, end to end (within pieceSlack).
func joinedRules(rules []edge, y0, y1 float64) []edge {
	var hs []edge
	for _, r := range rules {
		if r.horiz && r.pos > y0 && r.pos < y1 {
			hs = append(hs, r)
		}
	}
	if len(hs) < 2 {
		return hs
	}
	slices.SortFunc(hs, func(a, b edge) int { return cmp.Or(cmp.Compare(a.pos, b.pos), cmp.Compare(a.lo, b.lo)) })
	out := hs[:1]
	for _, r := range hs[1:] {
		if last := &out[len(out)-1]; r.pos-last.pos <= pieceSlack && r.lo <= last.hi+pieceSlack {
			last.hi = max(last.hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

// pieceSlack is how far apart, in points, the pieces of one rule may lie,
// across it and along it.
const pieceSlack = 0.5

// ruledRowsAhead is how many slabs under a table's header rule
// headsRuledRows looks through for another rule.
const ruledRowsAhead = 4

// headsRuledRows reports whether slab j is the header of a table ruled
// row by row, set apart from the slabs over it: a rule across the gutters
// g2 runs under it, another under one of the next slabs, and the blank
// over it is wider than apartRows times the rows' usual gap. The slabs
// over it are no part of the table, though their gaps line up with its
// columns: an invoice's letterhead, two blocks side by side over the
// table of its items, read as two columns that cut the table in two.
func headsRuledRows(slabs [][]*seg, j int, g2 []span, rx0, rx1 float64, rules []edge) bool {
	if j == 0 || j+2 >= len(slabs) || !ruledAcross(rules, slabBottom(slabs[j]), slabTop(slabs[j+1]), g2, rx0, rx1) {
		return false
	}
	end := min(j+1+ruledRowsAhead, len(slabs)-1)
	var gaps []float64
	ruled := false
	for k := j; k < end; k++ {
		gaps = append(gaps, slabTop(slabs[k+1])-slabBottom(slabs[k]))
		ruled = ruled || k > j && ruledAcross(rules, slabBottom(slabs[k]), slabTop(slabs[k+1]), g2, rx0, rx1)
	}
	return ruled && slabTop(slabs[j])-slabBottom(slabs[j-1]) > apartRows*max(medianInPlace(gaps), 0)
}

// readAlone says whether slab i, whose group of slabs sharing gutters
// gut ends at j, is read as rows by itself: a title in a gutter
// (titleInGutter) or a lone line over columns (loneLineOver).
func readAlone(slabs [][]*seg, i, j int, gut []span, rx0, rx1, em float64, rules []edge) bool {
	return i+1 < len(slabs) && titleInGutter(slabs[i], slabs[i+1]) || loneLineOver(slabs, i, j, gut, rx0, rx1, em, rules)
}

// monoRow says whether slab is a line of fixed-pitch pieces. Where it
// shares its gaps with no other slab, they are the spaces of a listing
// (a comment set beside its code), no gutter (sideBySide).
func monoRow(slab []*seg) bool {
	return len(slab) > 1 && !slices.ContainsFunc(slab, func(s *seg) bool { return !monospace(s.words) })
}

// listingRow says whether slab is a line of a listing whose gaps are its
// own spaces, not a gutter: fixed-pitch pieces, the last a comment
// (commentMark) or the first a line's number. A listing's comments are
// set in a column of their own beside the code (tracemonkey's assembly,
// each instruction and its '// load primes from the trace activation
// record'); read as a column, they came after all the code. Fixed-pitch
// text beside a listing that is no comment (a program's output in a
// panel of its own) stays a column.
func listingRow(slab []*seg) bool {
	if !monoRow(slab) {
		return false
	}
	first, last := slab[0], slab[0]
	for _, s := range slab[1:] {
		if s.b.X0 < first.b.X0 {
			first = s
		}
		if s.b.X0 > last.b.X0 {
			last = s
		}
	}
	return commentMark(last.text) || strings.TrimFunc(first.text, unicode.IsDigit) == ""
}

// commentMark says whether s starts with the mark of a comment in the
// common languages: '//', '/*', '#', '%', ';', '--'.
func commentMark(s string) bool {
	for _, m := range []string{"//", "/*", "#", "%", ";", "--"} {
		if strings.HasPrefix(s, m) {
			return true
		}
	}
	return false
}

// justifiedRows says whether the slabs of a group, in a column set
// justified to jx0..jx1 (justifiedMeasure; NaN: none), are read as rows:
// a group of one line, whose wide gaps are word gaps and no gutter, or
// lines each set justified whose word gaps happen to overlap, as a
// narrow column's lines of two or three words do, one under another
// (wordRow), with lines of one piece among them (a paragraph's short
// last line) that are lines whatever the gaps.
func justifiedRows(group [][]*seg, jx0, jx1 float64) bool {
	if math.IsNaN(jx0) || len(group) == 1 {
		return !math.IsNaN(jx0)
	}
	for k := range group {
		if len(group[k]) > 1 && !wordRow(group, k, jx0, jx1) {
			return false
		}
	}
	return true
}

// groupColumns splits group, the segments of slabs[i:j] sharing the
// gutters gut, into columns when some slab has text on both sides of one
// (sideBySide), and says whether they are a table's; two tables ruled
// apart side by side (partByRules) are two columns, each read on its own.
func groupColumns(slabs [][]*seg, i, j int, group []*seg, gut []span, rx0, rx1, em float64, rules []edge) ([][]*seg, bool) {
	if !sideBySide(slabs[i:j], gut, rx0, rx1) {
		return nil, false
	}
	cols, tabular := columns(slabs, i, j, group, gut, em)
	if tabular {
		if parts := partByRules(group, gut, rx0, rx1, em, rules); len(parts) > 1 {
			return parts, false
		}
	}
	return cols, tabular
}

// growGroup groups the slabs from slabs[i] on while they share a column
// gutter inside the region rx0..rx1 (a heading over the columns ends the
// group: spanningHeading). It returns the end of the group (exclusive)
// and the gutters its slabs share.
func growGroup(slabs [][]*seg, i int, rx0, rx1, em float64, rules []edge) (int, []span) {
	gut := gaps(slabs[i], rx0, rx1, em)
	j := i + 1
	for j < len(slabs) && len(gut) > 0 {
		g2 := intersect(gut, gaps(slabs[j], rx0, rx1, em), em)
		if innerGutters(g2, rx0, rx1) == 0 || closedByRule(slabs, i, j, gut, g2, rx0, rx1, em, rules) {
			break
		}
		if j+1 < len(slabs) && spanningHeading(slabs[j], slabs[j+1], g2, em) && !headingGoesOn(slabs[j-1], slabs[j]) {
			break
		}
		if headsRuledRows(slabs, j, g2, rx0, rx1, rules) || tableNote(slabs[j], gut, g2) {
			break
		}
		gut = g2
		j++
	}
	return j, gut
}

// noteLabels open the notes and sources set under a table ('NOTE: Some
// data have been revised from previously published figures.', 'SOURCE:
// U.S. Department of Education'), in the languages of the corpora read.
var noteLabels = []string{"note", "notes", "source", "sources", "quelle", "quellen", "anmerkung", "fuente", "fuentes", "nota", "notas", "remarque"}

// tableNote reports whether slab, one phrase that closes some of the
// gutters the group has shared (gut, leaving g2), is a table's note: it
// opens with a note's label and a colon or a full stop. NCES's Table
// A-3 (ICDAR 2013's us-019) ends with a note one line long that closes
// four of the table's five gutters; the group went on through it, lost
// its columns and was not read as a table, its cells a paragraph each.
func tableNote(slab []*seg, gut, g2 []span) bool {
	if len(slab) != 1 || len(g2) >= len(gut) {
		return false
	}
	head, _, ok := strings.Cut(slab[0].text, ":")
	if !ok {
		head, _, ok = strings.Cut(slab[0].text, ".")
	}
	return ok && slices.Contains(noteLabels, strings.ToLower(strings.TrimSpace(head)))
}

// closedByRule reports whether the columns of running text that slabs
// i..j-1 form (sharing the gutters gut) end at a horizontal rule between
// slab j-1 and slab j that crosses every inner gutter (g2) they would
// share with slab j. Text does not run on under a rule drawn across its
// gutter: a table set across a page of two columns (MinerU's demo1,
// page 6), ruled over its rows, whose gaps between its columns of figures
// line up with the text's gutter, had been split at it into two halves
// read with the two columns of text. The rows of a table over its rules
// (a header over a midrule) are not running text, and the rule leaves
// them to the table. Nor does a table run on under its last rule into
// columns of text whose gutter its own gaps line up with (a journal's
// table across the top of a page of two columns, CERMINE's example3):
// rows that make a table over the rule, and columns of running text
// under it (tableOverText), are two groups.
func closedByRule(slabs [][]*seg, i, j int, gut, g2 []span, rx0, rx1, em float64, rules []edge) bool {
	if !ruledAcross(rules, slabBottom(slabs[j-1]), slabTop(slabs[j]), g2, rx0, rx1) {
		return false
	}
	return runningColumns(slabs, i, j, gut, em) || tableOverText(slabs, i, j, gut, rx0, rx1, em, rules)
}

// tableOverText reports whether slabs[i:j], sharing the gutters gut, are
// the columns of a table, and the slabs from j on a group of columns of
// running text (runningColumns) each of whose lines run on as sentences
// do (runsOn). Under a header's midrule the group runs on through the
// table's body into whatever text follows it, and rows of figures can be
// as long as a clause; but the column where the rows' labels stand
// starts its lines in capitals and figures, and does not run on.
func tableOverText(slabs [][]*seg, i, j int, gut []span, rx0, rx1, em float64, rules []edge) bool {
	if _, tabular := columns(slabs, i, j, slices.Concat(slabs[i:j]...), gut, em); !tabular {
		return false
	}
	end, under := growGroup(slabs, j, rx0, rx1, em, rules)
	cols, tabular := columns(slabs, j, end, slices.Concat(slabs[j:end]...), under, em)
	if tabular || len(cols) < 2 {
		return false
	}
	for _, c := range cols {
		if !proseColumn(c) || !runsOn([][]*seg{c}) {
			return false
		}
	}
	return true
}

// acrossShare is the least share of the region's width that a rule
// across its columns spans: a table's rules run across the page's text,
// where the strokes of a drawing beside the text cross a gutter too.
const acrossShare = 0.75

// ruledAcross reports whether a horizontal rule between y0 and y1 spans
// acrossShare of rx0..rx1 and crosses every inner gutter of gut.
func ruledAcross(rules []edge, y0, y1 float64, gut []span, rx0, rx1 float64) bool {
	for _, r := range joinedRules(rules, y0, y1) {
		if r.hi-r.lo < acrossShare*(rx1-rx0) {
			continue
		}
		across := true
		for _, g := range gut {
			if g.inner(rx0, rx1) && (r.lo > g.a || r.hi < g.b) {
				across = false
				break
			}
		}
		if across {
			return true
		}
	}
	return false
}

// innerGutters counts the gutters of g that lie inside rx0..rx1, not at
// its edges.
func innerGutters(g []span, rx0, rx1 float64) int {
	n := 0
	for _, x := range g {
		if x.inner(rx0, rx1) {
			n++
		}
	}
	return n
}

// inner reports whether the gap lies inside rx0..rx1, touching neither
// edge: a gutter between columns, not a margin.
func (g span) inner(rx0, rx1 float64) bool { return g.a > rx0+0.01 && g.b < rx1-0.01 }

// leftOf reports whether box b ends at or before the gap.
func (g span) leftOf(b core.BBox) bool { return b.X1 <= g.a+0.01 }

// rightOf reports whether box b starts at or after the gap.
func (g span) rightOf(b core.BBox) bool { return b.X0 >= g.b-0.01 }

// titleInGutter reports whether slab, one line alone, stands within a gap
// of the slab under it, with text of that slab on both sides of it: the
// last line of a title centred over two blocks side by side ('AGENDA'
// over a school district's address and the meeting's date), read before
// them, not a column of one line between them.
func titleInGutter(slab, next []*seg) bool {
	if len(slab) != 1 || len(next) < 2 {
		return false
	}
	s := slab[0]
	left, right := false, false
	for _, o := range next {
		switch {
		case o.b.X1 <= s.b.X0:
			left = true
		case o.b.X0 >= s.b.X1:
			right = true
		default:
			return false
		}
	}
	return left && right
}

// columns splits group, the segments of slabs[i:j] sharing the gutters
// gut, at the gutters that are real (realGutters, less the indents).
func columns(slabs [][]*seg, i, j int, group []*seg, gut []span, em float64) ([][]*seg, bool) {
	return splitColumns(group, realGutters(group, dropIndents(slabs, i, j, gut), em), em)
}

// leadsColumns reports whether slabs[i], one segment alone at the top of
// a group of text columns that ends at j, is read before columns that the
// slabs under it start: without it they group on beyond j, so it crosses
// their gutter, and are columns of running text (proseColumn). A table's
// group, or labels beside figures, stay whole.
//
// A date centred under a title shares a gap with the slabs below, where
// an 'Abstract' heading stands left of the second column's first lines;
// read as columns of that gap, the heading came before the date, and the
// second column's first lines before the abstract.
func leadsColumns(slabs [][]*seg, i, j int, rx0, rx1, em float64, rules []edge) bool {
	if len(slabs[i]) != 1 || j >= len(slabs) || j < i+2 {
		return false
	}
	next, gut := growGroup(slabs, i+1, rx0, rx1, em, rules)
	if next <= j {
		return false
	}
	return runningColumns(slabs, i+1, next, gut, em)
}

// runningColumns reports whether slabs[i:j], sharing the gutters gut,
// split into two columns or more, each of running text (proseColumn).
func runningColumns(slabs [][]*seg, i, j int, gut []span, em float64) bool {
	cols, tabular := columns(slabs, i, j, slices.Concat(slabs[i:j]...), gut, em)
	if tabular || len(cols) < 2 {
		return false
	}
	for _, c := range cols {
		if !proseColumn(c) {
			return false
		}
	}
	return true
}

// sideBySide reports whether some slab of a group holds text on both
// sides of one of its inner gutters: columns stand side by side, and
// their lines share slabs. Lines that each keep to one side (a date
// centred under a title, then a heading at the left margin) share the
// gap between them with no slab across it; they are read top to bottom,
// a slab at a time. A line of a listing (listingRow), and a group of one
// fixed-pitch line (monoRow), hold their own spaces, no gutter.
func sideBySide(group [][]*seg, gut []span, rx0, rx1 float64) bool {
	for _, g := range gut {
		if !g.inner(rx0, rx1) {
			continue
		}
		for _, slab := range group {
			if listingRow(slab) || len(group) == 1 && monoRow(slab) {
				continue
			}
			left, right := false, false
			for _, s := range slab {
				left = left || g.leftOf(s.b)
				right = right || g.rightOf(s.b)
			}
			if left && right {
				return true
			}
		}
	}
	return false
}

// loneLineOver reports whether slabs[i], one line alone, is a title read
// before the table below it rather than grouped with it: without it the
// slabs below (up to j at least) share more gutters than with it (gut),
// and are a table. A table's title, or a line of prose over it, is
// shorter than the table and crosses some of its column gutters, so only
// the gutters beyond its ends were left to the group, which then split
// the table into text columns at them (camelot's budget: the last two of
// nine columns were cut off as a column of their own, and the rest read
// one value a line). A line over text columns, or over slabs that are no
// table without it, stays in the group.
func loneLineOver(slabs [][]*seg, i, j int, gut []span, rx0, rx1, em float64, rules []edge) bool {
	if len(slabs[i]) != 1 || j < i+3 {
		return false
	}
	j2, gut2 := growGroup(slabs, i+1, rx0, rx1, em, rules)
	if j2 < j || innerGutters(gut2, rx0, rx1) <= innerGutters(gut, rx0, rx1) {
		return false
	}
	group := slices.Concat(slabs[i+1 : j2]...)
	_, tabular := splitColumns(group, realGutters(group, dropIndents(slabs, i+1, j2, gut2), em), em)
	return tabular
}

// textColumns counts the columns of running text among cols: those with
// at least two lines. A line split at a wide gap (a running header with
// the page number at the far end, a label and its value) is not columns.
func textColumns(cols [][]*seg) int {
	n := 0
	for _, c := range cols {
		lines := map[int]bool{}
		for _, s := range c {
			lines[s.line] = true
		}
		if len(lines) >= 2 {
			n++
		}
	}
	return n
}

// spanningHeading reports whether slab, lying wholly in one column of the
// gutters gut, is a heading over the columns rather than a heading inside
// one: it is set larger than the body (a bold body-size line may as well
// be a table's section row), every other column is blank beside it,
// and the slab right below it has lines of running text (at least a
// column's minimum width, unlike a table's cells) in more than one
// column. A heading
// inside a column has the neighbouring column's text running beside it; a
// heading with blank space across the page and columns starting again
// under it opens a new section, and the columns above it end there.
func spanningHeading(slab, next []*seg, gut []span, em float64) bool {
	if columnsUsed(slab, gut, 0) != 1 || columnsUsed(next, gut, minColWidth*em) < 2 {
		return false
	}
	for _, s := range slab {
		if s.size < headingRatio*em {
			return false
		}
	}
	return true
}

// headingGoesOn reports whether each line of slab goes on from a line of
// the slab above: set at its size, starting at its left edge, less than
// an em below it. A heading of several lines set in one column beside
// the other's text (a report's title over a list of its sections) ends
// in a line that has blank beside it, and is no heading over the columns
// there: its first lines are in the group above.
func headingGoesOn(above, slab []*seg) bool {
	for _, s := range slab {
		em := max(1, s.size)
		if !slices.ContainsFunc(above, func(a *seg) bool {
			return math.Abs(a.size-s.size) <= sameSize*em && math.Abs(a.b.X0-s.b.X0) <= em &&
				s.b.Y0 >= a.b.Y1 && s.b.Y0-a.b.Y1 < em
		}) {
			return false
		}
	}
	return true
}

// maxBoldHeadingWords is the most words a body-size bold line may have and
// still be taken for a heading.
const maxBoldHeadingWords = 12

// columnsUsed counts the columns, between the gutters gut, in which the
// segments of slab extend at least minWidth (the pieces of a justified
// line split at wide spaces count together).
func columnsUsed(slab []*seg, gut []span, minWidth float64) int {
	type extent struct{ a, b float64 }
	cols := map[int]extent{}
	for _, s := range slab {
		c := 0
		for _, g := range gut {
			if s.b.X0 >= g.b {
				c++
			}
		}
		e, ok := cols[c]
		if !ok {
			e = extent{s.b.X0, s.b.X1}
		}
		cols[c] = extent{min(e.a, s.b.X0), max(e.b, s.b.X1)}
	}
	n := 0
	for _, e := range cols {
		if e.b-e.a >= minWidth {
			n++
		}
	}
	return n
}

// xExtent is the leftmost and rightmost x of segs (+Inf and -Inf for
// none).
func xExtent(segs []*seg) (x0, x1 float64) {
	x0, x1 = math.Inf(1), math.Inf(-1)
	for _, s := range segs {
		x0, x1 = min(x0, s.b.X0), max(x1, s.b.X1)
	}
	return x0, x1
}

// ySlabs splits segments into horizontal bands separated by blank space.
func ySlabs(segs []*seg) [][]*seg {
	s := append([]*seg(nil), segs...)
	slices.SortStableFunc(s, func(a, b *seg) int { return cmp.Compare(a.b.Y0, b.b.Y0) })
	var slabs [][]*seg
	start := 0
	bottom := math.Inf(-1)
	for i, x := range s {
		// Allow a small overlap: boxes from ascent/descent touch.
		if i > start && x.b.Y0 > bottom-0.15*max(1, x.size) {
			slabs = append(slabs, s[start:i])
			start = i
			bottom = math.Inf(-1)
		}
		bottom = max(bottom, x.b.Y1)
	}
	slabs = append(slabs, s[start:])
	return slabs
}

// gaps are the empty x intervals of a slab inside [rx0, rx1], at least
// minGutter ems wide and not touching the region's edges.
func gaps(slab []*seg, rx0, rx1, em float64) []span {
	iv := make([]span, 0, len(slab))
	for _, s := range slab {
		iv = append(iv, span{s.b.X0, s.b.X1})
	}
	// Spans that start together may come in either order: the gap before
	// them and the reach after them are the same.
	slices.SortFunc(iv, func(p, q span) int { return cmp.Compare(p.a, q.a) })
	var out []span
	x := rx0
	for _, v := range iv {
		if v.a-x >= minCandidateGutter*em {
			out = append(out, span{x, v.a})
		}
		x = max(x, v.b)
	}
	if rx1-x >= minCandidateGutter*em {
		out = append(out, span{x, rx1})
	}
	// Keep only internal gaps.
	res := out[:0]
	for _, g := range out {
		if g.inner(rx0, rx1) {
			res = append(res, g)
		} else if g.a > rx0+0.01 || g.b < rx1-0.01 {
			// A gap touching one edge may still hold a gutter inside it
			// for other slabs; keep it, splitColumns checks both sides.
			res = append(res, g)
		}
	}
	return res
}

func intersect(a, b []span, em float64) []span {
	var out []span
	for _, x := range a {
		for _, y := range b {
			lo, hi := max(x.a, y.a), min(x.b, y.b)
			if hi-lo >= minCandidateGutter*em {
				out = append(out, span{lo, hi})
			}
		}
	}
	return out
}

// splitColumns splits a group at its gutters into columns read left to
// right (right to left when the text is mostly right-to-left). Gutters
// that would leave a column narrower than minColWidth ems are dropped.
//
// tabular reports columns that are the columns of a table: cols are then
// the table's columns, left to right.
func splitColumns(group []*seg, gut []span, em float64) (cols [][]*seg, tabular bool) {
	if len(gut) == 0 {
		return [][]*seg{group}, false
	}
	sort.Slice(gut, func(i, j int) bool { return gut[i].a < gut[j].a })
	cuts := make([]float64, 0, len(gut))
	for _, g := range gut {
		cuts = append(cuts, (g.a+g.b)/2)
	}
	for len(cuts) > 0 {
		cols := make([][]*seg, len(cuts)+1)
		for _, s := range group {
			c := sort.SearchFloat64s(cuts, (s.b.X0+s.b.X1)/2)
			cols[c] = append(cols[c], s)
		}
		// Drop cuts with an empty side.
		var keep []float64
		var res [][]*seg
		narrow := -1
		for i, c := range cols {
			if len(c) == 0 {
				continue
			}
			if len(res) > 0 {
				keep = append(keep, cuts[i-1])
			}
			if narrow < 0 && narrowColumn(c, em) {
				narrow = len(res)
			}
			res = append(res, c)
		}
		if len(res) < 2 {
			return [][]*seg{group}, false
		}
		if narrow >= 0 && narrowTable(res, em) && !crossedFlows(res) {
			return res, true
		}
		if narrow < 0 {
			if looksTabular(res) && !crossedFlows(res) && !drawnColumn(res) {
				return res, true
			}
			if rtlShare(group) > 0.5 {
				for a, b := 0, len(res)-1; a < b; a, b = a+1, b-1 {
					res[a], res[b] = res[b], res[a]
				}
			}
			return res, false
		}
		// Merge the narrow column with a neighbour: drop the cut between.
		k := narrow
		if k == len(res)-1 {
			k--
		}
		keep = append(keep[:k], keep[k+1:]...)
		cuts = keep
	}
	return [][]*seg{group}, false
}

// narrowTable reports whether columns of which some are narrow are a
// table's: tables have narrow columns of figures and codes, where text
// has no column narrower than minColWidth. Figures of one width fill
// their narrow column, so short lines are no evidence here; the cells of
// a row share their baseline as in any table. Narrow columns also come from
// rivers in a few lines of justified text, and from list markers and line
// numbers beside running text. So besides looking tabular, a table's
// columns are set apart by wide gutters; it has minFullRows rows with
// text in every column (a river runs through a few justified lines, and
// lines that share its gaps seldom fill every column); its columns do
// not read on from line to line like the lines of a paragraph (the
// labels of a diagram's boxes, broken over lines, do); and it has two
// columns that are not running text, not counting a narrow first one (the
// markers of a list of short items).
func narrowTable(cols [][]*seg, em float64) bool {
	if !alignedRows(cols) || !(wideApart(cols, em) || denseGrid(cols)) || fullRows(cols) < minFullRows || runsOn(cols) {
		return false
	}
	values := 0
	for i, c := range cols {
		if i == 0 && narrowColumn(c, em) || proseColumn(c) {
			continue
		}
		values++
	}
	return values >= minValueColumns
}

// minFullRows is the number of rows with text in every column that a
// table with narrow columns has at least.
const minFullRows = 3

// A dense grid is a table whose gutters need not be wide: at least
// minGridColumns columns, and minGridRows lines, at least half of its
// lines, with text in every column. A statement of accounts sets its
// columns of figures 1.5 to 2 ems apart (camelot's budget: nine columns,
// 39 of 40 rows full). A river in justified text runs through a few lines
// and parts them in two; list markers and line numbers make one narrow
// column beside the text.
const (
	minGridColumns = 3
	minGridRows    = 5
)

// denseGrid reports whether cols are a dense grid.
func denseGrid(cols [][]*seg) bool {
	if len(cols) < minGridColumns {
		return false
	}
	lines := map[int]bool{}
	for _, c := range cols {
		for _, s := range c {
			lines[s.line] = true
		}
	}
	full := fullRows(cols)
	return full >= minGridRows && 2*full >= len(lines)
}

// fullRows counts the lines that have a segment in every column.
func fullRows(cols [][]*seg) int {
	lo := math.MaxInt
	for _, c := range cols {
		for _, s := range c {
			lo = min(lo, s.line)
		}
	}
	// A key a segment: its line above, its column below, so that sorted
	// keys run line by line, each line's columns in order.
	var keys []uint64
	for ci, c := range cols {
		for _, s := range c {
			keys = append(keys, uint64(s.line-lo)<<32|uint64(ci))
		}
	}
	slices.Sort(keys)
	n := 0
	for i := 0; i < len(keys); {
		j, in := i+1, 1
		for ; j < len(keys) && keys[j]>>32 == keys[i]>>32; j++ {
			if keys[j] != keys[j-1] {
				in++
			}
		}
		if in == len(cols) {
			n++
		}
		i = j
	}
	return n
}

// runsOn reports whether more than half of the steps from one line to
// the next within the columns go on in lower case, as a sentence broken
// over lines does; a column of values starts its lines afresh.
func runsOn(cols [][]*seg) bool {
	steps, on := 0, 0
	for _, c := range cols {
		first := map[int]*seg{}
		var lines []int
		for _, s := range c {
			if f, ok := first[s.line]; !ok || s.b.X0 < f.b.X0 {
				if !ok {
					lines = append(lines, s.line)
				}
				first[s.line] = s
			}
		}
		sort.Slice(lines, func(i, j int) bool { return first[lines[i]].base < first[lines[j]].base })
		for _, l := range lines[1:] {
			steps++
			if r, _ := utf8.DecodeRuneInString(first[l].text); unicode.IsLower(r) {
				on++
			}
		}
	}
	return steps > 0 && 2*on > steps
}

// minValueColumns is the number of columns of values (not running text,
// not list markers) that a table with narrow columns has at least.
const minValueColumns = 2

// wideApart reports whether every two neighbouring columns (in order
// left to right) are at least wideGutter ems apart.
func wideApart(cols [][]*seg, em float64) bool {
	prevX1 := math.Inf(-1)
	for _, c := range cols {
		x0, x1 := math.Inf(1), math.Inf(-1)
		for _, s := range c {
			x0, x1 = min(x0, s.b.X0), max(x1, s.b.X1)
		}
		if x0-prevX1 < wideGutter*em {
			return false
		}
		prevX1 = x1
	}
	return true
}

// narrowColumn reports whether a column is narrower than a text column.
func narrowColumn(c []*seg, em float64) bool {
	x0, x1 := math.Inf(1), math.Inf(-1)
	for _, s := range c {
		x0, x1 = min(x0, s.b.X0), max(x1, s.b.X1)
	}
	return x1-x0 < minColWidth*em
}

// looksTabular reports whether columns are the columns of a table or form
// rather than of running text: not every column is running text
// (proseColumn), and either they are a dense grid whose lines do not run
// on from one to the next as sentences do (cells of one length fill their
// columns as lines of text do: a salary table's ranges, "$9,595–$17,992"),
// or in some column the lines do not fill the column's width (cells of
// varying length) and most segments share their baseline with a segment
// of another column; or every column is mostly figures, sharing
// baselines (figureColumns). Tables are read row by row.
func looksTabular(cols [][]*seg) bool {
	if figureColumns(cols) && alignedRows(cols) {
		return true
	}
	prose := 0
	for _, c := range cols {
		if proseColumn(c) {
			prose++
		}
	}
	if prose == len(cols) {
		return flushRightColumn(cols) && alignedRows(cols)
	}
	if denseGrid(cols) && !runsOn(cols) {
		return true
	}
	short := false
	for _, c := range cols {
		if shortLines(c) {
			short = true
		}
	}
	return short && alignedRows(cols)
}

// A column of text set flush right, its left edge ragged, beside
// another whose lines share its baselines is a table's column of values
// however long they are: running text in columns is set flush left or
// justified. A summary of forecast assumptions (ICDAR 2013's us-019)
// sets 'Census Bureau projection: average annual growth rate of 0.1%'
// flush right beside '18- to 24-year-old population'; both read as
// prose, and the two columns read one after the other, each
// assumption apart from its variable. A column is flush right over
// minFlushLines lines or more when its lines end within flushTol ems of
// one another and start raggedSpread ems apart or more.
const (
	minFlushLines = 4
	flushTol      = 0.5
	raggedSpread  = 3.0
)

// flushRightColumn reports whether a column other than the first is set
// flush right with a ragged left edge.
func flushRightColumn(cols [][]*seg) bool {
	for _, c := range cols[1:] {
		if flushRight(c) {
			return true
		}
	}
	return false
}

// flushRight reports whether the lines of c end together and start
// apart (see flushRightColumn): most lines (minFlushShare) end within
// flushTol ems of the rightmost, and fewer than half start within it of
// any one line's start, the starts spanning raggedSpread ems. Justified
// text ends together too, and starts together.
func flushRight(c []*seg) bool {
	lines := lineSpans(c)
	if len(lines) < minFlushLines {
		return false
	}
	em := 0.0
	for _, s := range c {
		em = max(em, s.size)
	}
	right, lo, hi := math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, e := range lines {
		right = max(right, e.b)
		lo, hi = min(lo, e.a), max(hi, e.a)
	}
	ends, starts := 0, 0
	for _, e := range lines {
		if right-e.b <= flushTol*em {
			ends++
		}
		together := 0
		for _, o := range lines {
			if math.Abs(o.a-e.a) <= flushTol*em {
				together++
			}
		}
		starts = max(starts, together)
	}
	n := float64(len(lines))
	return float64(ends) >= minFlushShare*n && 2*starts < len(lines) && hi-lo >= raggedSpread*em
}

// minFlushShare is the share of a flush-right column's lines that end
// together: a heading or a note may stand apart.
const minFlushShare = 0.8

// figureColumns reports whether every column's words are at least half
// figures (figureWords): the groups of a table's columns that a wide
// gutter parts ('Connecticut 34,573 35,515 ...' beside '51,228 51,650
// ...', the actual years and the projected ones of NCES's Table 14), whose
// lines are as long as a clause and read as prose by their length.
func figureColumns(cols [][]*seg) bool {
	for _, c := range cols {
		words, figures := 0, 0
		for _, s := range c {
			words += len(s.words)
			figures += countFigures(s.words)
		}
		if words == 0 || 2*figures < words {
			return false
		}
	}
	return len(cols) > 1
}

// minAlignedRows is the share of a table's segments that share their
// baseline with a segment of another column: the cells of a row.
const minAlignedRows = 0.6

// shortLines reports whether the median line of a column fills less than
// fullLine of the column's width. In a column of running text (its lines
// go on from one to the next: runsOn) a line that wraps round a picture
// (markWraps) fills what the picture leaves of it: text set round a
// photograph is short beside it for the photograph's sake, where a
// table's cells are short for their own. A chart's labels beside its
// bars end at a picture too, each a name of its own.
func shortLines(c []*seg) bool {
	lines := lineSpans(c)
	x0, x1 := math.Inf(1), math.Inf(-1)
	for _, e := range lines {
		x0, x1 = min(x0, e.a), max(x1, e.b)
	}
	wraps := map[int]bool{}
	for _, s := range c {
		if s.wraps {
			wraps[s.line] = true
		}
	}
	if len(wraps) > 0 && !runsOn([][]*seg{c}) {
		clear(wraps) // a chart's labels against its bars
	}
	var fill []float64
	for l, e := range lines {
		if wraps[l] {
			fill = append(fill, 1) // as long as the picture beside it lets it be
			continue
		}
		fill = append(fill, (e.b-e.a)/max(1, x1-x0))
	}
	return len(fill) >= 2 && median(fill) < fullLine
}

// lineSpans is the extent across of each line of c (its segments of one
// baseline cluster together).
func lineSpans(c []*seg) map[int]span {
	lines := make(map[int]span, len(c))
	for _, s := range c {
		e, ok := lines[s.line]
		if !ok {
			e = span{s.b.X0, s.b.X1}
		}
		lines[s.line] = span{min(e.a, s.b.X0), max(e.b, s.b.X1)}
	}
	return lines
}

// fullLine is the share of its column's width from which a line fills it.
const fullLine = 0.8

// alignedRows reports whether at least minAlignedRows of the segments
// share their baseline with a segment of another column. It stops as
// soon as the count decides it either way: each segment is looked for in
// every other column.
func alignedRows(cols [][]*seg) bool {
	total := 0
	for _, c := range cols {
		total += len(c)
	}
	if total == 0 {
		return false // no segments: none aligned
	}
	aligned, left := 0, total
	for ci, c := range cols {
		for _, s := range c {
			left--
			if alignedElsewhere(cols, ci, s) {
				aligned++
				if float64(aligned)/float64(total) >= minAlignedRows {
					return true
				}
			} else if float64(aligned+left)/float64(total) < minAlignedRows {
				return false
			}
		}
	}
	return float64(aligned)/float64(total) >= minAlignedRows
}

// alignedElsewhere reports whether a column other than ci has a segment
// on s's baseline (within 0.3 of the larger size).
func alignedElsewhere(cols [][]*seg, ci int, s *seg) bool {
	for cj, d := range cols {
		if cj == ci {
			continue
		}
		for _, t := range d {
			if math.Abs(t.base-s.base) < 0.3*max(1, max(s.size, t.size)) {
				return true
			}
		}
	}
	return false
}

// The median line of a column of running text holds a clause: at least
// minProseWords words and minProseChars characters, even in a narrow
// newspaper column; a table cell holds a value or a short label. A table
// with a column of descriptions still has other columns of values.
const (
	minProseWords = 3
	minProseChars = 20
)

// proseColumn reports whether a column reads as running text: its median
// line (its segments on one baseline together) is as long as a clause.
func proseColumn(c []*seg) bool {
	type piece struct{ line, words, chars int }
	pieces := make([]piece, len(c))
	for i, s := range c {
		pieces[i] = piece{s.line, len(s.words), utf8.RuneCountInString(s.text)}
	}
	slices.SortFunc(pieces, func(a, b piece) int { return cmp.Compare(a.line, b.line) })
	var w, ch []float64
	for i := 0; i < len(pieces); {
		words, chars, j := 0, 0, i
		for ; j < len(pieces) && pieces[j].line == pieces[i].line; j++ {
			words, chars = words+pieces[j].words, chars+pieces[j].chars
		}
		w, ch = append(w, float64(words)), append(ch, float64(chars))
		i = j
	}
	if len(w) < minAlignLines {
		return false
	}
	return medianInPlace(w) >= minProseWords && medianInPlace(ch) >= minProseChars
}

// rtlShare is the share of segments that read right to left.
func rtlShare(segs []*seg) float64 {
	if len(segs) == 0 {
		return 0
	}
	n := 0
	for _, s := range segs {
		if s.rtl {
			n++
		}
	}
	return float64(n) / float64(len(segs))
}

// emitRows outputs segments top to bottom, left to right within a row
// (right to left for right-to-left rows). Pieces of one baseline that
// were split at wide gaps are joined again unless the gap is very wide.
func emitRows(segs []*seg, out *[]*seg) {
	emitRowsIn(segs, math.NaN(), math.NaN(), out)
}

// emitRowsIn is emitRows for the segments of a region that spans rx0 to
// rx1 across, where a row whose pieces fill the region from edge to edge
// is one line set justified (justifiedLine).
func emitRowsIn(segs []*seg, rx0, rx1 float64, out *[]*seg) {
	s := append([]*seg(nil), segs...)
	slices.SortStableFunc(s, func(a, b *seg) int { return cmp.Compare(a.b.Y0, b.b.Y0) })
	for len(s) > 0 {
		var row []*seg
		row, s = nextRow(s)
		slices.SortStableFunc(row, func(a, b *seg) int { return cmp.Compare(a.b.X0, b.b.X0) })
		row = joinPieces(row)
		if justifiedLine(row, rx0, rx1) {
			row = []*seg{joinRow(row)}
		}
		rtl := 0
		for _, x := range row {
			if x.rtl {
				rtl++
			}
		}
		if rtl*2 > len(row) {
			for a, b := 0, len(row)-1; a < b; a, b = a+1, b-1 {
				row[a], row[b] = row[b], row[a]
			}
		}
		*out = append(*out, row...)
	}
}

// nextRow parts the first row off s (segments sorted by their tops): the
// first segment and those that start within its height and overlap the
// row's, on its baseline (sameRow); it returns the row and the segments
// left, in order. A segment in the row's height but off its baseline (a
// brace spanning three lines, whose box is tall) is left for a later
// row without ending this one.
func nextRow(s []*seg) (row, rest []*seg) {
	first := s[0]
	row = []*seg{first}
	bottom := first.b.Y1
	k := 1
	for ; k < len(s); k++ {
		c := s[k]
		if c.b.Y0 >= bottom-0.15*max(1, c.size) || c.b.Y0 >= first.b.Y0+0.5*max(1, first.size) {
			break
		}
		if !sameRow(first, c) {
			rest = append(rest, c)
			continue
		}
		row = append(row, c)
		bottom = max(bottom, c.b.Y1)
	}
	if len(rest) == 0 {
		return row, s[k:]
	}
	return row, append(rest, s[k:]...)
}

// A row's segments overlap in height; its first one's top decides how
// far down the others may start. A segment far taller than its type
// (maxBoxEms of its size: an OCR layer's word box, Google Books' scan of
// British Husbandry setting 'former chiefly composed of gypsum' in 2.95
// pt type in a box of 6.9 pt that reaches over the line above) overlaps
// the line above by its box alone, and its line was read in the middle
// of that one. Such a segment is in a row only with segments whose
// baselines lie within maxRowDrop ems of its own: one a whole em lower
// is the next line's. Segments of ordinary boxes keep the overlap alone,
// which holds a formula's limits with its sign.
const (
	maxBoxEms  = 1.8
	maxRowDrop = 1.0
)

// sameRow reports whether segment b may be in the row of segment a by
// their baselines: unless one of them is a tall box, always.
func sameRow(a, b *seg) bool {
	if !tallBox(a) && !tallBox(b) {
		return true
	}
	return math.Abs(a.base-b.base) < maxRowDrop*max(1, a.size, b.size)
}

// tallBox reports whether s is more than maxBoxEms of its size tall.
func tallBox(s *seg) bool {
	return s.b.Height() > maxBoxEms*max(1, s.size)
}

// Pieces of one baseline in one column are joined into a line across a
// gap of at most joinGap ems, or, set in a fixed-pitch font, of
// monoJoinCells of their cells: half a line of a listing 80 characters
// wide, which comments lined up after code stay within; labels at the
// far sides of a drawing are farther apart.
const (
	joinGap       = 2.5
	monoJoinCells = 40
)

// maxJustifiedGap is the widest gap, in ems, between the words of a
// line set justified in a narrow column: three words in a column of
// fifteen ems leave gaps of three ems and more (the generated corpus's
// three-column pages), which joinGap leaves apart.
const maxJustifiedGap = 6.0

// minJustifiedShare is the share of a region's slabs that must be lines
// of one piece filling it from edge to edge for the region to be a
// column set justified, whose other rows may be its lines split at wide
// word gaps (justifiedLine). A row of labels or captions spread across a
// region (three pictures' titles side by side) is not such a column.
const minJustifiedShare = 0.3

// justifiedMeasure is rx0..rx1 when the region's slabs show a column set
// justified to that measure, and NaN, NaN otherwise: at least
// marginLines slabs are one segment from edge to edge (within half an
// em), and those with the rows that read as a justified line split at
// its word gaps (wordRow) are minJustifiedShare of them. In a narrow
// column of long words most lines are such rows (the generated
// three-column pages); rows of labels are spaced otherwise, and the
// rows of columns side by side start their pieces where the rows beside
// them do.
func justifiedMeasure(slabs [][]*seg, rx0, rx1 float64) (float64, float64) {
	full := 0
	for _, sl := range slabs {
		if len(sl) != 1 {
			continue
		}
		if sl[0].table == nil && fillsMeasure(sl[0].b, sl[0].size, rx0, rx1) {
			full++
		}
	}
	if full < marginLines {
		return math.NaN(), math.NaN()
	}
	need := minJustifiedShare * float64(len(slabs))
	justified := full
	for k := 0; k < len(slabs) && float64(justified) < need; k++ {
		if len(slabs[k]) > 1 && wordRow(slabs, k, rx0, rx1) {
			justified++
		}
	}
	if float64(justified) < need {
		return math.NaN(), math.NaN()
	}
	return rx0, rx1
}

// wordRow reports whether slab k of slabs, of several pieces, is a line
// set justified to rx0..rx1 (spreadLine) whose pieces do not all start
// where pieces of the slab above or below it start (alignedStarts): word
// gaps fall anywhere, while a gutter between columns is where their
// lines start, row after row.
func wordRow(slabs [][]*seg, k int, rx0, rx1 float64) bool {
	if !spreadLine(slabs[k], rx0, rx1) {
		return false
	}
	return (k == 0 || !alignedStarts(slabs[k], slabs[k-1])) && (k+1 == len(slabs) || !alignedStarts(slabs[k], slabs[k+1]))
}

// spreadLine reports whether the pieces of a slab, in any order, are a
// line set justified to rx0..rx1 (justifiedLine), as they stand or once
// pieces close together are joined (joinPieces). Pieces that join into
// one segment from edge to edge are such a line when there are three or
// more of them with even gaps (a line of words in two sizes, whose sizes
// justifiedLine does not mix); two leave no gaps to compare (a heading
// and a label beside it).
func spreadLine(sl []*seg, rx0, rx1 float64) bool {
	row := slices.SortedStableFunc(slices.Values(sl), func(a, b *seg) int { return cmp.Compare(a.b.X0, b.b.X0) })
	if justifiedLine(row, rx0, rx1) {
		return true
	}
	joined := joinPieces(row)
	if len(joined) > 1 {
		return justifiedLine(joined, rx0, rx1)
	}
	return len(row) >= 3 && fillsMeasure(joined[0].b, joined[0].size, rx0, rx1) && evenGaps(row)
}

// fillsMeasure says whether box b of text set at size points runs from
// rx0 to rx1, within half an em at either end.
func fillsMeasure(b core.BBox, size, rx0, rx1 float64) bool {
	half := 0.5 * max(1, size)
	return b.X0 <= rx0+half && b.X1 >= rx1-half
}

// evenGaps reports whether the gaps between the pieces of row, sorted
// across, differ by equalGap ems of its smallest size at most.
func evenGaps(row []*seg) bool {
	size := math.Inf(1)
	for _, x := range row {
		size = min(size, max(1, x.size))
	}
	least, most := gapRange(row)
	return most-least <= equalGap*size
}

// alignedStarts reports whether every piece of a but its leftmost
// starts within startTol ems of where a piece of b starts, as the lines
// of columns side by side do; a few of the words of two lines may start
// one under another by chance, all of them hardly ever.
func alignedStarts(a, b []*seg) bool {
	left := slices.MinFunc(a, func(x, y *seg) int { return cmp.Compare(x.b.X0, y.b.X0) })
	for _, x := range a {
		if x != left && !slices.ContainsFunc(b, func(y *seg) bool { return math.Abs(x.b.X0-y.b.X0) <= startTol*max(1, x.size) }) {
			return false
		}
	}
	return true
}

// startTol is how near, in ems, two lines' pieces start when they start
// at one edge: a column's lines start on one point.
const startTol = 0.1

// justifiedLine reports whether the pieces of row, from one baseline,
// are the words of a line set justified that the gaps between them
// split: pieces of one size filling the region rx0..rx1 from edge to
// edge (within half an em); three or more, the gaps between them equal
// (within equalGap), as justification spreads a line's space, and none
// wider than maxJustifiedGap; or two words, whose one gap has nothing to
// compare with, but which fill half the measure at least (a line of
// columns side by side holds more words in each, and a typesetter does
// not stretch a line's space past its words' width; a heading with a
// label at the far margin leaves more). Labels set along a row, notes
// side by side, and a heading with a note at the margin are spaced
// otherwise.
func justifiedLine(row []*seg, rx0, rx1 float64) bool {
	if len(row) < 2 || math.IsNaN(rx0) {
		return false
	}
	first, last := row[0], row[len(row)-1]
	size := max(1, first.size)
	if !fillsMeasure(core.BBox{X0: first.b.X0, X1: last.b.X1}, first.size, rx0, rx1) {
		return false
	}
	for _, x := range row {
		if x.line != first.line || x.table != nil || x.occupant || math.Abs(x.size-first.size) > sameSize*size {
			return false
		}
	}
	least, most := gapRange(row)
	if len(row) == 2 {
		return len(first.words) == 1 && len(last.words) == 1 && most <= first.b.Width()+last.b.Width()
	}
	return most <= maxJustifiedGap*size && most-least <= equalGap*size
}

// gapRange is the least and the greatest gap between neighbours of row,
// sorted across.
func gapRange(row []*seg) (least, most float64) {
	least, most = math.Inf(1), math.Inf(-1)
	for k := 1; k < len(row); k++ {
		gap := row[k].b.X0 - row[k-1].b.X1
		least, most = min(least, gap), max(most, gap)
	}
	return least, most
}

// equalGap, in ems, is how far the gaps of a justified line may differ:
// rounding, and a word's side bearings.
const equalGap = 0.5

// joinRow is the pieces of row joined into one segment.
func joinRow(row []*seg) *seg {
	var gl []fg
	for _, x := range row {
		gl = append(gl, x.gl...)
	}
	m := newSeg(gl, row[0].fr)
	m.line = row[0].line
	return m
}

// joinPieces joins neighbouring segments of a row (sorted by x) that came
// from the same baseline.
func joinPieces(row []*seg) []*seg {
	out := row[:0:0]
	for _, x := range row {
		if n := len(out); n > 0 {
			p := out[n-1]
			size := max(1, max(p.size, x.size))
			reach := joinGap * size
			if monospace(p.words) && monospace(x.words) && len(x.gl) > 0 {
				// Fixed-pitch text is laid out with spaces: an indent
				// after a line number, or comments lined up in a column,
				// leave wide gaps inside one line.
				reach = max(reach, monoJoinCells*(x.gl[0].b.X1-x.gl[0].b.X0))
			}
			if p.line == x.line && x.b.X0-p.b.X1 <= reach && x.b.X0 >= p.b.X1-0.5*size {
				gl := make([]fg, 0, len(p.gl)+len(x.gl))
				gl = append(append(gl, p.gl...), x.gl...)
				m := newSeg(gl, p.fr)
				m.line = p.line
				if len(m.words) > 0 {
					out[n-1] = m
					continue
				}
			}
		}
		out = append(out, x)
	}
	return out
}

var enumRe = func(s string) bool {
	// "1." "12)" "a)" "iv." "(a)" "[12]"
	if cjkEnum(s) || citeNumber(s) {
		return true
	}
	t := strings.TrimPrefix(s, "(")
	n := 0
	for _, r := range t {
		if unicode.IsDigit(r) || (unicode.IsLetter(r) && unicode.IsLower(r)) {
			n++
			continue
		}
		break
	}
	if n == 0 || n > 3 || n >= len(t) {
		return false
	}
	rest := t[n:]
	if !(strings.HasPrefix(rest, ".") || strings.HasPrefix(rest, ")")) {
		return false
	}
	alpha := strings.IndexFunc(t[:n], unicode.IsLetter) >= 0
	digit := strings.IndexFunc(t[:n], unicode.IsDigit) >= 0
	if alpha && digit {
		return false
	}
	if alpha && n > 1 && strings.Trim(t[:n], "ivx") != "" {
		return false
	}
	return len(rest) == 1
}

// citeNumber reports whether w is a reference list's number: one to
// three digits in square brackets ('[12]'), as IEEE and ACM number their
// references. A reference list read as one paragraph ran its entries
// together ('...2002. [2] D. Scharstein ...').
func citeNumber(w string) bool {
	inner, ok := strings.CutPrefix(w, "[")
	if !ok {
		return false
	}
	inner, ok = strings.CutSuffix(inner, "]")
	return ok && len(inner) >= 1 && len(inner) <= 3 && strings.TrimFunc(inner, unicode.IsDigit) == ""
}

// cjkNumerals are the digits of Chinese and Japanese numbering.
const cjkNumerals = "〇零一二三四五六七八九十百千两"

// cjkEnum reports whether w numbers an item the way Chinese and Japanese
// texts do: a number in parentheses, half or full width ('(四)',
// '（十二）'), a number before an enumeration comma ('三、', '2、'), an
// article or a clause ('第十四条', '第二款': a chapter or a section,
// '第二章', names a title, not an item), or a circled number ('③'). A
// regulation's items and articles ran together into one paragraph
// ('...有一定威信。第十四条 工会经费...').
func cjkEnum(w string) bool {
	if r, n := utf8.DecodeRuneInString(w); n == len(w) && r >= '①' && r <= '⑳' {
		return true
	}
	numeral := func(s string) bool {
		return s != "" && strings.TrimFunc(s, func(r rune) bool { return strings.ContainsRune(cjkNumerals, r) || unicode.IsDigit(r) }) == ""
	}
	for _, p := range [][2]string{{"(", ")"}, {"（", "）"}} {
		if inner, ok := strings.CutPrefix(w, p[0]); ok {
			if inner, ok = strings.CutSuffix(inner, p[1]); ok && numeral(inner) && strings.ContainsAny(inner, cjkNumerals) {
				return true
			}
		}
	}
	if inner, ok := strings.CutSuffix(w, "、"); ok && numeral(inner) {
		return true
	}
	if inner, ok := strings.CutPrefix(w, "第"); ok {
		for _, unit := range []string{"条", "款"} {
			if n, ok := strings.CutSuffix(inner, unit); ok && numeral(n) {
				return true
			}
		}
	}
	return false
}

func isBullet(w string) bool {
	return textclean.Bullet(w) || enumRe(w)
}

// buildBlocks groups ordered segments into blocks.
func buildBlocks(segs []*seg, body float64, page core.BBox, fl floats) []core.Block {
	var blocks []core.Block
	var cur []*seg
	lead := pageLeading(segs, body)
	lead.heads = subheadFaces(segs, body)
	lead.floats = fl
	marks := pictureMarks(segs, fl.pictures)
	flush := func() {
		if len(cur) == 0 {
			return
		}
		first := len(blocks)
		for _, broken := range splitBroken(cur) {
			start := 0
			for _, c := range hangingCuts(broken) {
				blocks = append(blocks, makeBlock(broken[start:c], body, page))
				start = c
			}
			blocks = append(blocks, makeBlock(broken[start:], body, page))
		}
		if marks[cur[0]] && blocks[first].Kind == core.KindParagraph {
			blocks[first].Kind = core.KindListItem // its bullet a picture
		}
		cur = nil
	}
	for _, s := range segs {
		if s.table != nil {
			flush()
			tb := *s.table
			tb.BBox = clampBox(tb.BBox, page)
			tb.Table = tableformer.Unsnake(tb.Table)
			blocks = append(blocks, tb)
			continue
		}
		if len(cur) > 0 && (marks[s] || startsNewBlock(cur, s, &lead)) {
			flush()
		}
		cur = append(cur, s)
	}
	flush()
	unheadText(blocks)
	markLeadLines(blocks, body)
	markCapsHeadings(blocks, body)
	markNumberedHeadings(blocks, body)
	markCode(blocks)
	markFaceHeadings(blocks, body, lead.heads)
	unheadStatements(blocks)
	blocks = joinContentsEntries(blocks, page)
	loneDashes(blocks)
	nestListItems(blocks)
	return blocks
}

// loneDashes makes a paragraph of a list item marked with a dash that no
// list item stands beside, before or after: a table's legend ('— Not
// available.' under NCES's tables, us-018 and us-019) or a line of
// dialogue, whose dash is text. Written as a list item, its dash gave way
// to the writer's list mark, and the symbol it explains was lost. Dashes
// mark lists of several items; a list of one with a dash reads the same
// as a paragraph keeping it.
func loneDashes(blocks []core.Block) {
	for i := range blocks {
		b := &blocks[i]
		if !listItem(b) || !dash(b.Lines[0].Words[0].Text) {
			continue
		}
		before := i > 0 && blocks[i-1].Kind == core.KindListItem
		after := i+1 < len(blocks) && blocks[i+1].Kind == core.KindListItem
		if !before && !after {
			b.Kind = core.KindParagraph
		}
	}
}

// dash reports whether a list mark is a dash.
func dash(mark string) bool {
	switch mark {
	case "-", "–", "—":
		return true
	}
	return false
}

// A list's items nest by their indents: an item set in from the one
// before it by more than nestTol and at most maxNestStep ems starts a
// level under it, and one set back out returns to the level whose indent
// it shares. Browsers indent a level by 2.5 to 3 ems, word processors by
// a quarter or half an inch; an item farther in, or above the one before
// it, belongs to another list (the next column's).
const (
	nestTol     = 0.5
	maxNestStep = 4.0
)

// itemStart is where the text of list item b starts after its marker:
// items of one level align their text, whatever the width of their
// markers ('9.' and '10.' set flush right). rtl says that the item runs
// right to left, and then x is its right edge turned negative, so that
// further in is larger either way.
func itemStart(b *core.Block) (x float64, rtl bool) {
	ws := b.Lines[0].Words
	if len(ws) < 2 {
		return b.BBox.X0, false
	}
	rtl = ws[1].BBox.X1 <= ws[0].BBox.X0
	return forward(ws[1].BBox, rtl).X0, rtl
}

// nestListItems sets the level of each list item in a run of items that
// follow one another down the page (0: the outermost). A run holding an
// item whose lines are not set from the left (leftSet) keeps one level:
// in text set flush right or centred the items' starts say nothing.
func nestListItems(blocks []core.Block) {
	for i := 0; i < len(blocks); {
		j := i + 1
		if listItem(&blocks[i]) {
			for j < len(blocks) && listItem(&blocks[j]) && blocks[j].BBox.Y0 >= blocks[j-1].BBox.Y0 {
				j++
			}
			if !slices.ContainsFunc(blocks[i:j], func(b core.Block) bool { return !leftSet(&b) }) {
				nestRun(blocks[i:j])
			}
		}
		i = j
	}
}

// listItem reports a list item with words.
func listItem(b *core.Block) bool {
	return b.Kind == core.KindListItem && len(b.Lines) > 0 && len(b.Lines[0].Words) > 0
}

// nestRun sets the levels of a run of list items by their indents.
func nestRun(run []core.Block) {
	var indents []float64 // the start of each open level
	for i := range run {
		b := &run[i]
		em := max(1, b.Lines[0].Words[0].Size)
		x, _ := itemStart(b)
		if len(indents) > 0 && (x < indents[0]-nestTol*em || x > indents[len(indents)-1]+maxNestStep*em) {
			indents = indents[:0]
		}
		for len(indents) > 0 && x < indents[len(indents)-1]-nestTol*em {
			indents = indents[:len(indents)-1]
		}
		if len(indents) == 0 || x > indents[len(indents)-1]+nestTol*em {
			indents = append(indents, x)
		}
		b.Level = len(indents) - 1
	}
}

// leftSet reports whether the lines of list item b after its first start
// where its text starts or where its marker does, within nestTol ems, as
// an item set from its start's side has them (the right, for an item
// written right to left).
func leftSet(b *core.Block) bool {
	em := max(1, b.Lines[0].Words[0].Size)
	text, rtl := itemStart(b)
	marker := forward(b.Lines[0].Words[0].BBox, rtl).X0
	for _, l := range b.Lines[1:] {
		if len(l.Words) == 0 {
			continue
		}
		x := forward(l.Words[0].BBox, rtl).X0
		if math.Abs(x-text) > nestTol*em && math.Abs(x-marker) > nestTol*em {
			return false
		}
	}
	return true
}

// minTextLines: a paragraph of this many lines is running text, and its
// size a size of the page's running text.
const minTextLines = 5

// unheadText makes paragraphs again of the headings told by size alone
// (two lines or more, not bold) set in the size of a paragraph of running
// text on the page (minTextLines). Small print in a box or a note can
// make the page's body size smaller than its running text (a school
// board's agenda under a box of rules for the public), and every short
// paragraph of the running text was a heading.
func unheadText(blocks []core.Block) {
	var heads []int
	for i := range blocks {
		if b := &blocks[i]; b.Kind == core.KindHeading && len(b.Lines) >= 2 && blockFlags(b)&core.FlagBold == 0 {
			heads = append(heads, i)
		}
	}
	if len(heads) == 0 {
		return
	}
	var sizes []float64
	for i := range blocks {
		if b := &blocks[i]; b.Kind == core.KindParagraph && len(b.Lines) >= minTextLines {
			sizes = append(sizes, wordSize(b))
		}
	}
	for _, i := range heads {
		b := &blocks[i]
		size := wordSize(b)
		for _, t := range sizes {
			if math.Abs(size-t) <= bodySizeTol*t {
				b.Kind, b.Level = core.KindParagraph, 0
				break
			}
		}
	}
}

// unheadAside makes paragraphs again of the headings set across the
// page's text: every word turned (FlagRotated) on a page whose words are
// mostly upright. arXiv stamps its identifier up the left margin of a
// paper's first page in 20 pt ('arXiv:2004.04906v3 [cs.CL] 30 Sep 2020'),
// which made it the paper's first heading, and every section after it
// its subsections. A page set sideways as a whole keeps its headings.
func unheadAside(blocks []core.Block) {
	if turned, all := turnedWords(blocks); 2*turned >= all {
		return
	}
	for i := range blocks {
		if b := &blocks[i]; b.Kind == core.KindHeading && allTurned(b) {
			b.Kind, b.Level = core.KindParagraph, 0
		}
	}
}

// turnedWords counts the words of blocks, and those of them that are
// turned (FlagRotated: a baseline that is not horizontal).
func turnedWords(blocks []core.Block) (turned, all int) {
	for i := range blocks {
		for _, l := range blocks[i].Lines {
			for _, w := range l.Words {
				all++
				if w.Flags.Has(core.FlagRotated) {
					turned++
				}
			}
		}
	}
	return turned, all
}

// allTurned reports whether a block has words, and every one of them is
// turned.
func allTurned(b *core.Block) bool {
	n := 0
	for _, l := range b.Lines {
		for _, w := range l.Words {
			if !w.Flags.Has(core.FlagRotated) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// wordSize is the median size of a block's words, those of a known size
// (0 when none is).
func wordSize(b *core.Block) float64 {
	var sizes []float64
	for _, l := range b.Lines {
		for _, w := range l.Words {
			if w.Size > 0 {
				sizes = append(sizes, w.Size)
			}
		}
	}
	if len(sizes) == 0 {
		return 0
	}
	return medianInPlace(sizes)
}

// blockFlags is the flags every word of a block has.
func blockFlags(b *core.Block) core.WordFlags {
	var words []core.Word
	for _, l := range b.Lines {
		words = append(words, l.Words...)
	}
	return lineFlags(words)
}

// minCodeLines is the fewest lines of a block of code: a single line in a
// fixed-pitch font is as often a label, a file name or a command quoted
// in the text, and reads as well as a paragraph.
const minCodeLines = 2

// minCodeSigns is the share of a listing's characters (spaces aside)
// that are the signs of code: brackets, braces, parentheses, operators,
// semicolons. Prose set in a typewriter face (a letter, a court filing)
// has next to none of them, only its punctuation: robustness's
// issue19971, a paragraph in Courier New, has none; tracemonkey's
// assembly listing 9%, docling's code_and_formula 14%.
const minCodeSigns = 0.03

// markCode makes a block of code of each paragraph whose lines are all
// set in a fixed-pitch font (core.FlagMonospace), at least minCodeLines
// of them, with the signs of code (codeSigns): a listing, whose line
// breaks are its own (Markdown writes it fenced, a line a line), where a
// paragraph's lines would be run together.
func markCode(blocks []core.Block) {
	for i := range blocks {
		b := &blocks[i]
		if b.Kind != core.KindParagraph || len(b.Lines) < minCodeLines {
			continue
		}
		code := true
		for _, l := range b.Lines {
			if !monospace(l.Words) {
				code = false
				break
			}
		}
		if code && codeSigns(b.Lines) >= minCodeSigns && !mostlyCJK(b.Lines) {
			b.Kind = core.KindCode
			b.Content = gridText(b.Lines)
		}
	}
}

// A block's words stand on one grid of cells when words holding no more
// than maxOffGrid of its characters start more than maxGridSlip of a
// cell away from a whole number of cells from the grid's origin (a
// listing's line numbers may be set smaller, off the grid of its code).
// The cell is the median width per character of words of at least
// minCellRunes, whose boxes hold their glyphs' character spacing (a word
// of one character lacks it). A face named fixed-pitch may be drawn with
// wider spaces (docling's code_and_formula), and a block turned on the
// page has word boxes as wide as its lines are high: neither stands on a
// grid, and their words are joined by single spaces.
const (
	maxGridSlip  = 0.25
	maxOffGrid   = 0.2
	minCellRunes = 4
)

// gridText is the text of fixed-pitch lines with their spaces: each
// word is written at the cell of the grid where it stands, counted from
// the grid's origin (the leftmost word's edge, moved by gridPhase), so
// that a listing keeps its indents and the columns of its comments (a
// line's first word is written at its cell too: the indent). It is ""
// when the words do not stand on one grid.
func gridText(lines []core.Line) string {
	cell, x0 := gridCell(lines)
	if cell <= 0 {
		return ""
	}
	x0 += gridPhase(lines, cell, x0) * cell
	var sb strings.Builder
	runes, off := 0, 0
	for i, l := range lines {
		if i > 0 {
			sb.WriteByte('\n')
		}
		col := 0
		for k, w := range l.Words {
			pos := (w.BBox.X0 - x0) / cell
			at := max(0, int(math.Round(pos)))
			n := utf8.RuneCountInString(w.Text)
			runes += n
			if math.Abs(pos-float64(at)) > maxGridSlip {
				off += n
			}
			pad := at - col
			if k > 0 {
				pad = max(pad, 1)
			}
			pad = max(pad, 0)
			sb.WriteString(strings.Repeat(" ", pad))
			sb.WriteString(w.Text)
			col += pad + n
		}
	}
	if float64(off) > maxOffGrid*float64(runes) {
		return ""
	}
	return sb.String()
}

// phaseBins is how finely gridPhase tells apart the offsets of words.
const phaseBins = 10

// gridPhase is the share of a cell by which the grid that most of the
// characters of lines stand on lies right of x0's: a listing's numbers
// and its code are often two columns of a table, each padded on its own.
func gridPhase(lines []core.Line, cell, x0 float64) float64 {
	var bins [phaseBins]int
	for _, l := range lines {
		for _, w := range l.Words {
			f := math.Mod((w.BBox.X0-x0)/cell, 1)
			bins[min(phaseBins-1, max(0, int(f*phaseBins)))] += utf8.RuneCountInString(w.Text)
		}
	}
	best := 0
	for i, n := range bins {
		if n > bins[best] {
			best = i
		}
	}
	return (float64(best) + 0.5) / phaseBins
}

// gridCell is the cell of fixed-pitch lines (see maxGridSlip) and the
// left edge of their leftmost word; cell is 0 without words.
func gridCell(lines []core.Line) (cell, x0 float64) {
	var long, all []float64
	x0 = math.Inf(1)
	for _, l := range lines {
		for _, w := range l.Words {
			n := utf8.RuneCountInString(w.Text)
			if n == 0 {
				continue
			}
			all = append(all, w.BBox.Width()/float64(n))
			if n >= minCellRunes {
				long = append(long, w.BBox.Width()/float64(n))
			}
			x0 = min(x0, w.BBox.X0)
		}
	}
	switch {
	case len(long) > 0:
		return medianInPlace(long), x0
	case len(all) > 0:
		return medianInPlace(all), x0
	}
	return 0, 0
}

// codeSigns is the share of the characters of lines, spaces aside, that
// are signs of code: brackets, operators, and the dashes that start a
// command's option ('--deploy-hook', '-v'), which prose does not put
// before a letter at a word's start.
func codeSigns(lines []core.Line) float64 {
	signs, all := 0, 0
	for _, l := range lines {
		for _, w := range l.Words {
			opt := optionDashes(w.Text)
			signs += len(opt) - len(strings.TrimLeft(opt, "-"))
			for _, r := range w.Text {
				all++
				if strings.ContainsRune("{}[]()<>=;+*/\\|&#$%^~_", r) {
					signs++
				}
			}
		}
	}
	return float64(signs) / float64(max(all, 1))
}

// mostlyCJK reports whether most of the letters of lines are Han, kana or
// Hangul (isCJK): text in those scripts is set a character an em, in
// faces fixed-pitch by design, and its brackets and slashes ('{100}<001>
// 织构', '0°/90°方位') are no code's. A Chinese citation page's abstracts
// were fenced as listings.
func mostlyCJK(lines []core.Line) bool {
	letters, cjk := 0, 0
	for _, l := range lines {
		for _, w := range l.Words {
			for _, r := range w.Text {
				if unicode.IsLetter(r) {
					letters++
					if isCJK(r) {
						cjk++
					}
				}
			}
		}
	}
	return 2*cjk > letters
}

// optionDashes is word where it is a command's option, one or two dashes
// and a letter ('--deploy-hook', '-v'), else "".
func optionDashes(word string) string {
	rest := strings.TrimPrefix(strings.TrimPrefix(word, "-"), "-")
	r, _ := utf8.DecodeRuneInString(rest)
	if len(rest) == len(word) || !unicode.IsLetter(r) {
		return ""
	}
	return word
}

// monospace says whether words are set in a fixed-pitch font: the first
// and at least minFixedShare of their characters. A listing's string or
// comment in a script its font lacks is set in another font ('Hello,
// 世界' in Meiryo after Consolas), and does not make the line prose; a
// line of prose with a name in Courier in it is prose. An OCR layer's
// font says nothing of the scan's (a fixed-pitch one is common: pdfcpu's
// jphysiol sample), so its words are never monospace.
func monospace(words []core.Word) bool {
	if len(words) == 0 || !showsFixedPitch(words[0].Flags) {
		return false
	}
	fixed, all := 0, 0
	for i := range words {
		n := utf8.RuneCountInString(words[i].Text)
		all += n
		if showsFixedPitch(words[i].Flags) {
			fixed += n
		} else if words[i].Flags&core.FlagInvisible != 0 {
			return false
		}
	}
	return float64(fixed) >= minFixedShare*float64(all)
}

// minFixedShare is the least share of a line's characters set in a
// fixed-pitch font for the line to be set in one (monospace).
const minFixedShare = 0.75

// showsFixedPitch says whether flags mark text set in a fixed-pitch font that
// shows it: not an OCR layer (see monospace).
func showsFixedPitch(flags core.WordFlags) bool {
	return flags&(core.FlagMonospace|core.FlagInvisible) == core.FlagMonospace
}

// markLeadLines makes a heading of each paragraph that is one italic line
// of body size set tight over the paragraph it leads: no blank space
// between them, the same left edge. Italic alone does not make a heading
// the way bold does (makeBlock): a byline, a date or a caption is italic
// too, but stands apart from the text under it or leads a table; and a
// heading starts with a capital or a number, not a bracket.
func markLeadLines(blocks []core.Block, body float64) {
	for i := 0; i+1 < len(blocks); i++ {
		b, next := &blocks[i], &blocks[i+1]
		if b.Kind != core.KindParagraph || len(b.Lines) != 1 || next.Kind != core.KindParagraph || len(next.Lines) == 0 {
			continue
		}
		words := b.Lines[0].Words
		text := b.Text()
		first, _ := utf8.DecodeRuneInString(text)
		if len(words) == 0 || !unicode.IsUpper(first) && !unicode.IsDigit(first) {
			continue
		}
		if lineFlags(words) != core.FlagItalic || lineFlags(next.Lines[0].Words)&core.FlagItalic != 0 {
			continue
		}
		size := words[0].Size
		if !headingLine(text, len(words), size, body) {
			continue
		}
		if next.BBox.Y0-b.BBox.Y1 > paraGap*size || math.Abs(next.BBox.X0-b.BBox.X0) > size {
			continue
		}
		b.Kind = core.KindHeading
		b.Level = -int(math.Round(size * 10)) // replaced by a rank later
	}
}

// markCapsHeadings makes a heading of each paragraph that is one line
// in capitals shaped like a heading (headingLine) over a paragraph or a
// list item of two lines or more, not in capitals: a section's title set
// in capitals at the body's size, plain ('I. INTRODUCTION', 'IV. RESULTS',
// 'REFERENCES' in IEEE papers, whose capitals are small caps), which no
// size, weight or slant tells. A contents entry is not one.
func markCapsHeadings(blocks []core.Block, body float64) {
	for i := 0; i+1 < len(blocks); i++ {
		b, next := &blocks[i], &blocks[i+1]
		if b.Kind != core.KindParagraph || len(b.Lines) != 1 || next.Kind != core.KindParagraph && next.Kind != core.KindListItem || len(next.Lines) < 2 {
			continue
		}
		words := b.Lines[0].Words
		text := b.Text()
		if len(words) == 0 || !inCapitals(words) || inCapitals(next.Lines[0].Words) || leaders(words) || strings.HasSuffix(text, "!") {
			continue // an exclamation in capitals is a shout, not a title
		}
		size := lineSize(words)
		if !headingLine(text, len(words), size, body) {
			continue
		}
		b.Kind = core.KindHeading
		b.Level = -int(math.Round(size * 10)) // replaced by a rank later
	}
}

// minCapsWord is the fewest letters of the longest word of a line in
// capitals: initials and codes ('A. B.', 'ID 42') are no title.
const minCapsWord = 3

// inCapitals reports whether the letters of words are all capitals, one
// word holding minCapsWord letters or more, among no symbols: a formula
// ('∆PCO2 = 0,75 ∆HCO3–'), a code ('%FDF-1.2') or a copyright line in
// capitals is no title.
func inCapitals(words []core.Word) bool {
	longest := 0
	for _, w := range words {
		n := 0
		for _, r := range w.Text {
			if unicode.IsSymbol(r) || unicode.Is(unicode.Co, r) || strings.ContainsRune("%=+<>#*", r) {
				return false
			}
			if !unicode.IsLetter(r) {
				continue
			}
			if !unicode.IsUpper(r) {
				return false
			}
			n++
		}
		longest = max(longest, n)
	}
	return longest >= minCapsWord
}

// markNumberedHeadings makes a heading of each list item that is one
// bold line shaped like a heading (headingLine), numbered ('5. LEVÉE DE
// LA SÉANCE'), between blocks that are not such items, over a paragraph
// that is not bold or over a heading (a section's title over its first
// subsection's, '2. MATERIAL AND METHODS' over '2.1. Study site'): a
// numbered section's title, where a list's items, bold or not, come in
// runs. A contents line (leader dots, a page number
// last) is not a title.
func markNumberedHeadings(blocks []core.Block, body float64) {
	boldItem := func(i int) bool {
		if i < 0 || i >= len(blocks) {
			return false
		}
		b := &blocks[i]
		if b.Kind != core.KindListItem || len(b.Lines) != 1 {
			return false
		}
		words := b.Lines[0].Words
		last := words[len(words)-1].Text
		return len(words) > 1 && enumRe(words[0].Text) && lineFlags(words)&core.FlagBold != 0 &&
			headingLine(b.Text(), spacedWords(words), words[0].Size, body) &&
			!strings.Contains(b.Text(), "....") && strings.TrimFunc(last, unicode.IsDigit) != "" // not a contents line
	}
	for i := range blocks {
		if !boldItem(i) || boldItem(i-1) || boldItem(i+1) || i+1 == len(blocks) {
			continue
		}
		next := &blocks[i+1]
		plain := next.Kind == core.KindParagraph && len(next.Lines) > 0 && lineFlags(next.Lines[0].Words)&core.FlagBold == 0
		if !plain && next.Kind != core.KindHeading {
			continue
		}
		b := &blocks[i]
		b.Kind = core.KindHeading
		b.Level = -int(math.Round(b.Lines[0].Words[0].Size * 10)) // replaced by a rank later
	}
}

// A heading set at body size: one line, bold (makeBlock) or italic
// (markLeadLines).
const (
	maxHeadingLineChars = 100  // a longer line is a sentence
	bodySizeTol         = 0.15 // relative: the line's size is the body's within this
)

// headingLine reports a line of text (words words, size points) shaped
// like a heading at body size: at most maxBoldHeadingWords words and
// maxHeadingLineChars characters, not ending a sentence, the body's size.
func headingLine(text string, words int, size, body float64) bool {
	return body > 0 && words <= maxBoldHeadingWords && utf8.RuneCountInString(text) < maxHeadingLineChars &&
		!strings.HasSuffix(text, ".") && math.Abs(size-body) < bodySizeTol*body
}

// boldHead reports whether the lines of a block so far, two or more, are
// a heading set bold at the text's size with no space under it: every
// word bold, maxBoldHeadingWords words at most. The plain line under
// them starts the text ('Module Two: Initial Planning and Step 1:' and
// 'Concept Development' over 'This module considers immediate actions').
// One bold line is told apart above.
func boldHead(cur []*seg) bool {
	return len(cur) >= 2 && allBold(cur) && segsWords(cur) <= maxBoldHeadingWords
}

// allBold reports whether every word of segs is bold.
func allBold(segs []*seg) bool {
	for _, s := range segs {
		if lineFlags(s.words)&core.FlagBold == 0 {
			return false
		}
	}
	return true
}

// mostlyBold reports whether most of the letters of words are bold: the
// weight a reader sees in a line. A title's first line with one word in
// another face ('LayoutParser:' over 'Learning Based Document Image
// Analysis', both bold at 14 pt) is as bold as its second, and the two
// stay one block.
func mostlyBold(words []core.Word) bool {
	bold, all := 0, 0
	for i := range words {
		n := utf8.RuneCountInString(words[i].Text)
		all += n
		if words[i].Flags.Has(core.FlagBold) {
			bold += n
		}
	}
	return 2*bold > all
}

// lineFlags is the bold and italic flags that every word has.
func lineFlags(words []core.Word) core.WordFlags {
	if len(words) == 0 {
		return 0
	}
	f := core.FlagBold | core.FlagItalic
	for i := range words {
		f &= words[i].Flags
	}
	return f
}

// numberRunsOn reports whether the number that starts line s ('(1)',
// '[12]', '3.') is the next word of running text rather than an item's
// number: the lines so far are running text whose last line fills their
// measure and leaves its sentence open ('TABLEFORMER is' over '(1)
// strictly invariant to ...', 'as shown in' over '[12] and'). A block of
// one line has no measure to fill: its line must be a line of prose
// (proseLineWidth ems or more), as a paragraph's first line is ('...
// trogiodacha glass' over '140. Crustum little ...'), and no list item
// of its own (an item of one long line over the next item); a list's
// title ('Steps to follow') is shorter. A list's items follow a line
// that ends short or ends a sentence, or the list's own first line.
func numberRunsOn(cur []*seg, s *seg) bool {
	if !enumRe(s.words[0].Text) {
		return false
	}
	p := cur[len(cur)-1]
	if len(p.words) == 0 || !midSentence(p.words[len(p.words)-1].Text) || leaders(p.words) {
		return false // a contents line is no running text
	}
	if len(cur) == 1 {
		return !isBullet(p.words[0].Text) && p.b.Width() >= proseLineWidth*max(1, p.size) && s.b.X0 <= p.b.X0+indentMin*max(1, p.size)
	}
	return !endsShort(cur)
}

func startsNewBlock(cur []*seg, s *seg, lead *leading) bool {
	p := cur[len(cur)-1]
	size := max(1, max(p.size, s.size))
	// Jumped up or far down, or sideways.
	if s.b.Y0 < p.b.Y0+0.3*size {
		return true
	}
	// Code: lines in a fixed-pitch font run on from one another whatever
	// their indent and length (a closing brace may stand left of the line
	// above it, not under it), and end where prose starts. A listing set
	// smaller than the text keeps the text's line pitch, so its lines
	// stand up to codeGap apart when they show the signs of code
	// (minCodeSigns; labels of a form set in Courier do not).
	pm, sm := monospace(p.words), monospace(s.words)
	code := pm && sm && s.size == p.size && s.b.X0 >= blockLeft(cur)-size
	if gap := s.b.Y0 - p.b.Y1; gap > paraGap*size && !lead.continues(cur[0], p, s, gap) &&
		!(code && gap <= codeGap*size && listing(cur, s)) {
		return true
	}
	if code {
		return false
	}
	if s.b.X0 > p.b.X1 || s.b.X1 < p.b.X0 {
		return true
	}
	// Size change; a bold heading's ends at a smaller step (boldSizeStep).
	r := s.size / max(0.1, p.size)
	step := sizeStep
	if allBold(cur[len(cur)-1:]) && max(p.size, s.size) <= maxTextHeadingSize*lead.body {
		step = boldSizeStep
	}
	if (r > step || r < 1/step) && !smallCapsRun(p, s) && !sizeRunsOn(cur, p, s) {
		return true
	}
	if pm != sm {
		return true
	}
	if len(s.words) > 1 && isBullet(s.words[0].Text) && !numberRunsOn(cur, s) {
		return true
	}
	if contentsEntry(p) {
		return true
	}
	if indented(cur, s) || faceBreak(cur, p, s, lead.heads) {
		return true
	}
	// A block's first line set in from both ends of the next, a line of
	// prose width, by more than a first line's indent: a line centred
	// over the text (a section's title set in italics without space
	// below it), not the paragraph's first line. A title's lines centred
	// one over another stay together, and so does a caption's label over
	// its text ('TABLE I' over the table's title).
	if oneLine(cur) && s.b.Width() >= proseLineWidth*size && !numberedLabel(cur) {
		if l := lineBox(cur); l.X0-s.b.X0 > indentMax*size && s.b.X1-l.X1 > indentMax*size {
			return true
		}
	}
	return weightBreak(cur, p, s)
}

// weightBreak reports whether line s, under p at the end of the block
// cur, starts a block by its weight or slant: a heading-like first line
// followed by text of another weight or slant (two lines both mostly
// bold stay together); a line wholly bold or italic after a paragraph's
// short last line (a heading set without space above it); plain text
// under a bold heading of two lines or more (boldHead).
func weightBreak(cur []*seg, p, s *seg) bool {
	ps, ss := lineFlags(p.words), lineFlags(s.words)
	if len(cur) == 1 && spacedWords(p.words) <= maxBoldHeadingWords && !boldRunsOn(ps, s) &&
		(ps&core.FlagBold != ss&core.FlagBold && !(mostlyBold(p.words) && mostlyBold(s.words)) || ps == core.FlagItalic && ss == 0) {
		return true
	}
	if ss != 0 && ss != ps && (endsShort(cur) || len(cur) == 1 && labelAfterSentence(p, s)) {
		return true
	}
	return boldHead(cur) && ss&core.FlagBold == 0 && !mostlyBold(s.words)
}

// labelAfterSentence reports whether line s, wholly in another weight or
// slant than the one-line block p over it, opens a block of its own
// where p's end cannot be judged short (a block of one line has no
// right edge but its own): p ends a sentence ('.', '!', '?'), and s,
// of a heading's length at most, starts with a capital or a dash ('—').
// A theorem's label under the last line of a proof ('… eine Gerade in C
// ist.' over a bold 'Definition 66'), a quotation's source, a form's
// lettered section. A colon or an abbreviation's point followed by an
// italic line in lower case or figures ('monitoring:' over
// 'recommendations for …', 'Vol.' over '438: 293-296.') goes on.
func labelAfterSentence(p, s *seg) bool {
	if len(s.words) == 0 || spacedWords(s.words) > maxBoldHeadingWords || !strings.ContainsRune(".!?。！？", lastSign(lastWord(p))) {
		return false
	}
	first := s.words[0].Text
	return startsUpper(first) || strings.HasPrefix(first, "—")
}

// boldRunsOn reports whether a bold phrase goes on from a line wholly
// bold (flags ps) into line s, which starts with a bold word in lower
// case: a heading run into its paragraph ('Age (or combined ages) at
// annuity' over 'starting date. If you are the retiree, ...'), one
// block, not a heading over a paragraph that starts mid-phrase.
func boldRunsOn(ps core.WordFlags, s *seg) bool {
	return ps&core.FlagBold != 0 && len(s.words) > 0 && s.words[0].Flags&core.FlagBold != 0 && startsLower(s.words[0].Text)
}

// A line of a paragraph ends where its next word would not fit. A line
// that ends a sentence short of its block's right edge by more than the
// next line's first word (and a space, and fitSlack for a ragged right
// edge set to look even) was broken by hand: the end of a paragraph set
// without a gap or an indent, a line of a definition or an address. The
// right edge is the one at least marginLines of the block's full lines
// (fullLineWidth) end at (a line that runs past the margin, a long
// address, does not move it), else its widest line's. A block without
// such a margin, of minRaggedLines lines or more, whose median line fills
// less than fullLine of its width, is a ragged list (a contents, a list
// of names): each of its lines was broken by hand, though they end no
// sentence and its widest are as wide as the block.
//
// Only lines that start at one left edge are cut (a centred title's are
// not), never lines of code or of figures (a chart's ticks), and never
// before a line that starts in lower case: its words run on. A block with
// a line that ends short inside a sentence, its next word in lower case,
// was broken by hand throughout (to flow around a picture that is no
// longer there, robustness's pdkids), and is not cut at all.
const (
	spaceWidth     = 0.25 // ems: a word space
	fitSlack       = 1.0  // ems
	minRaggedLines = 5    // fewer lines: the median is one line's fill
)

// splitBroken cuts the lines of a block where a line was broken by hand
// (fitSlack). A line may be several segments on one baseline (a justified
// line's words set wide apart); right-to-left lines are not cut.
func splitBroken(cur []*seg) [][]*seg {
	lines := blockLines(cur)
	if len(lines) < 2 {
		return [][]*seg{cur}
	}
	right, ragged := blockEdge(lines)
	var cuts []int
	for i := 1; i < len(lines); i++ {
		p, s := lines[i-1], lines[i]
		em := max(1, p.size)
		if len(s.words) == 0 || math.Abs(s.b.X0-p.b.X0) > em || p.rtl || s.rtl || monospace(p.words) && monospace(s.words) ||
			figureWords(p.words) && figureWords(s.words) {
			continue
		}
		fits := p.b.X1+s.words[0].BBox.Width()+(spaceWidth+fitSlack)*em < right
		if startsLower(s.words[0].Text) {
			if fits {
				return [][]*seg{cur} // broken short inside a sentence
			}
			continue
		}
		if ragged || fits && endsSentence(p.last) {
			cuts = append(cuts, s.at)
		}
	}
	var out [][]*seg
	start := 0
	for _, c := range cuts {
		out = append(out, cur[start:c])
		start = c
	}
	return append(out, cur[start:])
}

// endsSentence reports whether a word ends a sentence or a clause: its
// last sign, closing quotes and brackets aside, is one of .!?:;
// (or their full-width forms).
func endsSentence(word string) bool {
	return strings.ContainsRune(".!?:;。！？：；", lastSign(word))
}

// lastSign is the last sign of a word, closing quotes and brackets aside.
func lastSign(word string) rune {
	r, _ := utf8.DecodeLastRuneInString(strings.TrimRight(word, "\"'”’)]}»"))
	return r
}

// figureWords reports whether at least half of words are figures.
func figureWords(words []core.Word) bool {
	return 2*countFigures(words) >= len(words)
}

// startsLower reports whether text starts with a lower-case letter.
func startsLower(text string) bool {
	r, _ := utf8.DecodeRuneInString(text)
	return unicode.IsLower(r)
}

// startsUpper reports whether text starts with a capital letter.
func startsUpper(text string) bool {
	r, _ := utf8.DecodeRuneInString(text)
	return unicode.IsUpper(r)
}

// blockLine is one line of a block: its segments' box, the first
// segment's words, size and direction, the last segment's last word, and
// where it starts in the block.
type blockLine struct {
	b     core.BBox
	words []core.Word
	size  float64
	rtl   bool
	last  string
	at    int
}

// blockLines groups the segments of a block by the baseline they came
// from.
func blockLines(cur []*seg) []blockLine {
	var out []blockLine
	for i, c := range cur {
		if n := len(out); n > 0 && cur[i-1].line == c.line {
			l := &out[n-1]
			if c.b.X0 < l.b.X0 {
				l.words = c.words
			}
			if c.b.X1 > l.b.X1 {
				l.last = lastWord(c)
			}
			l.b = l.b.Union(c.b)
			l.rtl = l.rtl || c.rtl
			continue
		}
		out = append(out, blockLine{b: c.b, words: c.words, size: c.size, rtl: c.rtl, last: lastWord(c), at: i})
	}
	return out
}

// lastWord is the text of a segment's last word.
func lastWord(s *seg) string {
	if len(s.words) == 0 {
		return ""
	}
	return s.words[len(s.words)-1].Text
}

// blockEdge is the right edge of a block's lines, and whether they are a
// ragged list (splitBroken).
func blockEdge(cur []blockLine) (right float64, ragged bool) {
	em := max(1, cur[0].size)
	var ends []float64
	x0, widest := math.Inf(1), 0.0
	for _, c := range cur {
		x0, widest = min(x0, c.b.X0), max(widest, c.b.X1)
		if c.b.Width() >= fullLineWidth*em {
			ends = append(ends, c.b.X1)
		}
	}
	slices.Sort(ends)
	for i := len(ends) - 1; i >= marginLines-1; i-- {
		if ends[i]-ends[i-marginLines+1] <= em {
			return ends[i], false
		}
	}
	if len(cur) < minRaggedLines {
		return widest, false
	}
	fill := make([]float64, 0, len(cur))
	for _, c := range cur {
		fill = append(fill, (c.b.X1-x0)/max(1, widest-x0))
	}
	return widest, median(fill) < fullLine
}

// listing reports whether the lines of cur and s show the signs of code
// (minCodeSigns).
func listing(cur []*seg, s *seg) bool {
	lines := make([]core.Line, 0, len(cur)+1)
	for _, c := range append(cur[:len(cur):len(cur)], s) {
		lines = append(lines, core.Line{Words: c.words})
	}
	return codeSigns(lines) >= minCodeSigns
}

// codeGap is the widest blank gap, in ems of a listing's size, between
// two of its lines: a listing set at two thirds of the text's size on the
// text's pitch leaves 0.7 em; a blank line in it leaves more than an em.
const codeGap = 0.9

// sizeStep is the ratio of sizes at which a line's size changes.
const sizeStep = 1.12

// boldSizeStep is sizeStep after a bold line of a heading's size near the
// text's (maxTextHeadingSize times the body or less). Sections and
// subsections step down their sizes by less than sizeStep (LaTeX's 12,
// 10.95 and 10 pt: 1.096 and 1.095; an AAAI paper's 'Experiments' at
// 11.96 pt over 'Experimental Settings' at 10.91 over a run-in 'Datasets
// and Pre-processing.' at 9.96 read as one paragraph), while a
// paragraph's lines keep one size. A display title's lines may be set in
// sizes of their own (a cover's 33 and 30 pt lines), and stay one.
const (
	boldSizeStep       = 1.05
	maxTextHeadingSize = 1.5
)

// sizeRunsOn reports whether the size changes between lines p and s of
// a paragraph's text that runs on: a phrase set larger or smaller inside
// the text, which the generated typography pages set over whole lines.
// The lines stand as the lines of a justified paragraph do (onMeasure):
// p starts and ends where the line above it does, s starts there, with
// no more blank above it than above p. And either the phrase goes on
// across the break (s starts at the size p ends with) or s ends where p
// does. A heading stands under a paragraph's short last line, or under
// space, and so does a note in small print under a signature; the lines
// of a title or a list of names are set ragged or aligned on one side.
func sizeRunsOn(cur []*seg, p, s *seg) bool {
	if len(cur) < 2 || len(p.words) == 0 || len(s.words) == 0 || !onMeasure(cur[len(cur)-2], p, s) {
		return false
	}
	last, first := p.words[len(p.words)-1].Size, s.words[0].Size
	if first > 0 && math.Abs(first-last) < (sizeStep-1)*last {
		return true
	}
	return math.Abs(s.b.X1-p.b.X1) <= edgeTol*min(p.size, s.size)
}

// onMeasure reports whether lines a, p and s, one under another, keep a
// justified paragraph's measure and pitch: p is a line of prose
// (proseLineWidth ems of the smallest size or more) that starts and
// ends within edgeTol ems of a, s starts there too, and the blank over s
// is at most pitchTol ems more than the blank over p. Short lines that
// start and end together are a list (a chart of sizes, one a line).
func onMeasure(a, p, s *seg) bool {
	em := min(a.size, p.size, s.size)
	tol := edgeTol * em
	return p.b.Width() >= proseLineWidth*em &&
		math.Abs(a.b.X0-p.b.X0) <= tol && math.Abs(a.b.X1-p.b.X1) <= tol && math.Abs(s.b.X0-p.b.X0) <= tol &&
		s.b.Y0-p.b.Y1 <= p.b.Y0-a.b.Y1+pitchTol*em
}

// edgeTol is how far apart, in ems, two lines of a justified paragraph
// may start or end: on one point, give or take a hyphen or a stop hung
// in the margin.
const edgeTol = 0.5

// pitchTol is how much more blank, in ems, may stand over a line set in
// another size than over the line above it in one paragraph: the
// larger letters' ascent or descent moves a line's box by about a fifth
// of the sizes' difference, while a heading or a note in small print
// stands under a third of an em more or over (the Federal Register's
// filing note under its signature: 0.4).
const pitchTol = 0.25

// smallCapsRun reports whether the sizes of lines p and s differ only by
// a run of small capitals inside a line of text: every word smaller than
// the larger of the two sizes is in capitals, in a line that also holds
// words of that size. A run-in lead in small capitals ('FOR FURTHER
// INFORMATION CONTACT: Ian' in the Federal Register) makes a line's
// median size a step smaller than the line after it, though the text
// runs on. A line wholly in small capitals (a heading) is a size change.
func smallCapsRun(p, s *seg) bool {
	big := max(p.size, s.size)
	caps := 0
	for _, l := range []*seg{p, s} {
		small, full := 0, 0
		for _, w := range l.words {
			if w.Size*sizeStep >= big {
				full++
				continue
			}
			if strings.IndexFunc(w.Text, unicode.IsLower) >= 0 {
				return false
			}
			if strings.IndexFunc(w.Text, unicode.IsUpper) >= 0 {
				caps++
			} else if strings.IndexFunc(w.Text, unicode.IsLetter) >= 0 {
				return false // a script without capitals
			}
			small++
		}
		if small > 0 && full == 0 {
			return false
		}
	}
	return caps > 0
}

// maxLabelWords is the most words of a numbered label: 'Table 3',
// 'TABLE IV', 'Abbildung 1.4:'.
const maxLabelWords = 3

// numberedLabel reports whether the words of cur are a caption's label:
// a few words, the last a number, in figures or roman numerals.
func numberedLabel(cur []*seg) bool {
	var words []core.Word
	for _, c := range cur {
		words = append(words, c.words...)
	}
	if len(words) < 2 || len(words) > maxLabelWords || words[len(words)-2].Flags.Has(core.FlagJoinNext) {
		return false // 'Z' and a subscript '2' end in no label's number
	}
	last := strings.TrimRight(words[len(words)-1].Text, ".:")
	return last != "" && (strings.Trim(last, "0123456789.") == "" || strings.Trim(last, "IVXLC") == "")
}

// oneLine reports whether the segments of cur share one baseline.
func oneLine(cur []*seg) bool {
	for _, c := range cur {
		if c.line != cur[0].line {
			return false
		}
	}
	return true
}

// lineBox is the box of the last line of cur, whose segments (the words
// of a justified line set wide apart, a change of font) share a baseline.
func lineBox(cur []*seg) core.BBox {
	p := cur[len(cur)-1]
	b := p.b
	for i := len(cur) - 2; i >= 0 && cur[i].line == p.line; i-- {
		b = b.Union(cur[i].b)
	}
	return b
}

// blockLeft is the left edge of the block's lines so far.
func blockLeft(cur []*seg) float64 {
	left := cur[0].b.X0
	for _, c := range cur[1:] {
		left = min(left, c.b.X0)
	}
	return left
}

// endsShort reports a block whose last line ends shortBy ems or more
// before the block's right edge (left edge, where that line is written
// right to left): the last line of a paragraph.
func endsShort(cur []*seg) bool {
	p := cur[len(cur)-1]
	end := forward(p.b, p.rtl).X1
	right := end
	for _, c := range cur {
		right = max(right, forward(c.b, p.rtl).X1)
	}
	return end < right-shortBy*max(1, p.size)
}

// A paragraph's first line indented from its column's margin.
const (
	indentMin = 0.7 // ems: less is a line's own wobble
	indentMax = 4.0 // ems: more is text set around something
	marginTol = 0.3 // ems: lines this close start at one margin
	shortBy   = 1.0 // ems: a paragraph's last line ends this short of the block's right edge
)

// indented reports a line s that starts a paragraph by its indent: the
// block so far runs along one left margin after its first line (which
// may be indented itself), its last line ends short of the block's right
// edge, and s starts indentMin to indentMax ems in from that margin. A
// block of one line gives no margin to measure from; a hanging indent
// (the lines after the first indented) is not a margin; and code, whose
// indents are its syntax, is left alone. Lines written right to left
// start at the right margin, and are indented from it.
func indented(cur []*seg, s *seg) bool {
	if len(cur) < 2 || len(s.words) == 0 || s.words[0].Flags.Has(core.FlagMonospace) {
		return false
	}
	p := cur[len(cur)-1]
	em := max(1, p.size)
	rtl := p.rtl && s.rtl
	margin := forward(p.b, rtl).X0
	for _, c := range cur[openingLines(cur, rtl, em):] {
		if math.Abs(forward(c.b, rtl).X0-margin) > marginTol*em {
			return false
		}
	}
	return endsShort(cur) && anIndent(forward(s.b, rtl).X0-margin, em)
}

// openingLines is how many lines open the block cur at its first line's
// start: the first, and each after it that starts where it does below a
// line that ends short of the block's right edge (shortBy), though the
// block's other lines start elsewhere. A one-line paragraph (a formula,
// a label) indented as the next paragraph's first line is, has no margin
// to tell that paragraph by, and the two were read as one block; the
// lines the block runs along after them are its margin (indented).
func openingLines(cur []*seg, rtl bool, em float64) int {
	x, right := forward(cur[0].b, rtl).X0, math.Inf(-1)
	for _, c := range cur {
		right = max(right, forward(c.b, rtl).X1)
	}
	n := 1
	for n < len(cur)-1 && math.Abs(forward(cur[n].b, rtl).X0-x) <= marginTol*em && forward(cur[n-1].b, rtl).X1 < right-shortBy*em {
		n++
	}
	return n
}

// anIndent reports whether a line standing in points in from a margin,
// at a size of em points, is set in by a paragraph's indent (indentMin
// to indentMax ems).
func anIndent(in, em float64) bool {
	return in >= indentMin*em && in <= indentMax*em
}

// noteReference reports whether a line opens with a note's mark set
// small and raised before the note's text ('*Corresponding author.
// Tel./fax: ...' under a paper's first page, the asterisk at two thirds
// of the text's size), not a list's bullet, which is set at its items'
// size: read as a bullet, the mark was lost ('- Corresponding author.').
func noteReference(words []core.Word) bool {
	w, next := words[0], words[1]
	return noteSymbol(w.Text) &&
		w.Size > 0 && w.Size < markRatio*next.Size && w.BBox.Y1 < next.BBox.Y1-scriptRaise*next.Size
}

func makeBlock(segs []*seg, body float64, page core.BBox) core.Block {
	b := core.Block{Kind: core.KindParagraph}
	var sizes []float64
	chars := 0
	for i, s := range segs {
		ln := core.Line{Words: s.words}
		ln.BBox = clampBox(s.fr.unbox(s.b), page)
		for k := range ln.Words {
			ln.Words[k].BBox = clampBox(ln.Words[k].BBox, page)
		}
		if i == 0 {
			b.BBox = ln.BBox
		} else {
			b.BBox = b.BBox.Union(ln.BBox)
		}
		b.Lines = append(b.Lines, ln)
		sizes = append(sizes, s.size)
		chars += len([]rune(s.text))
	}
	first := segs[0]
	size := medianInPlace(sizes)
	// Size decides before a leading number: "1. Summary" set larger than
	// the body is a numbered heading, not a list item. A bullet decides
	// before size: a slide's items are set larger than its notes.
	switch {
	case len(segs) == 1 && contentsEntry(first):
		// A contents entry names a heading; it is not one.
	case len(first.words) > 1 && noteReference(first.words):
		// A note's mark, not a list's bullet: the paragraph keeps it.
	case len(first.words) > 1 && isBullet(first.words[0].Text) && !enumRe(first.words[0].Text):
		b.Kind = core.KindListItem
	case body > 0 && size >= headingRatio*body && len(segs) <= 4 && chars < 300 && hasLetter(segs) && !filledField(first, body) && !sentences(segs) && !formulaLines(segs) && !figureLines(segs):
		b.Kind = core.KindHeading
	case len(first.words) > 1 && isBullet(first.words[0].Text):
		b.Kind = core.KindListItem
	case boldLines(segs) && hasLetter(segs) && headingLine(segsText(segs), segsWords(segs), first.size, body):
		b.Kind = core.KindHeading
	}
	if b.Kind == core.KindHeading {
		b.Level = -int(math.Round(size * 10)) // replaced by a rank later
	}
	return b
}

// minSentenceLines is the fewest lines of a block that sentences
// (running text) make a paragraph whatever its size.
const minSentenceLines = 3

// sentences reports whether segs, the lines of a block, are running text:
// minSentenceLines lines or more that end a sentence and hold the end of
// another before it, a word ending in '.', '!' or '?' with a capital
// after it. A heading names what follows and does not run on from one
// sentence to the next; a caption's label ('Table A4-12. Projected
// Average ...') ends one inside, but the title after it ends without a
// stop. A page whose body size is its tables' smaller print made the
// paragraph between two of them a heading by its size (tabula's
// spanning_cells: 'Table A4-13 summarizes the projections ... as
// indicated in Table 3-5.').
func sentences(segs []*seg) bool {
	if len(segs) < minSentenceLines {
		return false
	}
	words := segWords(segs)
	if len(words) == 0 || !stops(words[len(words)-1].Text) {
		return false
	}
	for k := 0; k+1 < len(words)-1; k++ {
		if stops(words[k].Text) && startsUpper(words[k+1].Text) {
			return true
		}
	}
	return false
}

// stops reports whether a word ends a sentence: its last sign, closing
// quotes and brackets aside, is '.', '!' or '?' (or their full-width
// forms).
func stops(word string) bool {
	return strings.ContainsRune(".!?。！？", lastSign(word))
}

// maxBoldHeadingLines is the most lines of a heading told by its weight
// at the text's size: a title that wraps once ('Module One - Introduction
// to Product' over 'Development and Quality Assurance').
const maxBoldHeadingLines = 2

// boldLines reports whether segs, the lines of a block, are at most
// maxBoldHeadingLines, at one size, every word bold.
func boldLines(segs []*seg) bool {
	if len(segs) > maxBoldHeadingLines {
		return false
	}
	for _, s := range segs {
		if s.size != segs[0].size {
			return false
		}
	}
	return allBold(segs)
}

// segsText is the text of segs, a space between them.
func segsText(segs []*seg) string {
	texts := make([]string, len(segs))
	for i, s := range segs {
		texts[i] = s.text
	}
	return strings.Join(texts, " ")
}

// segsWords counts the words of segs.
func segsWords(segs []*seg) int {
	n := 0
	for _, s := range segs {
		n += len(s.words)
	}
	return n
}

// filledField reports whether a line is a form's field filled in: a
// label of a few words (maxLabelWords) at the body's size ending in a
// colon, and its value ('Age: 1 Year 9 Months', 'Race or Ethnicity:
// African American/Black', the values typed in over the form larger than
// the labels). The value's size made the line a heading.
func filledField(first *seg, body float64) bool {
	for k, w := range first.words {
		if k > maxLabelWords || math.Abs(w.Size-body) > bodySizeTol*body {
			return false
		}
		if strings.HasSuffix(w.Text, ":") {
			return k+1 < len(first.words)
		}
	}
	return false
}

func hasLetter(segs []*seg) bool {
	for _, s := range segs {
		if strings.IndexFunc(s.text, unicode.IsLetter) >= 0 {
			return true
		}
	}
	return false
}

// A display formula is set larger than the text around it, as a heading
// is, and is none: 'eiπ + 1 = 0' and 'a2 + b2 = c2' on a slide of
// famous equations (olmOCR's mathfuncs) were level-two headings over
// their cards' titles. A line is a formula's when it holds a relation or
// an operator of calculus (mathSigns) and no run of more than
// maxSymbolLetters letters: symbols are a letter or two, and a title
// that names an equation ('E = mc² in practice') has words.
const (
	mathSigns        = "=<>≤≥≠≈≡∈∑∏∫∮∂∇√±×÷⋅"
	maxSymbolLetters = 3
)

// formulaLines reports whether every line of segs is a formula's.
func formulaLines(segs []*seg) bool {
	for _, s := range segs {
		if !strings.ContainsAny(s.text, mathSigns) || longestLetterRun(s.text) > maxSymbolLetters {
			return false
		}
	}
	return len(segs) > 0
}

// figureLines reports whether most of the words of segs that hold a
// letter or a digit are figures, minValueFigures of them or more: a
// heading names what follows in words,
// where a test page's caption of its parameters ('WhitePoint [ 0.9505
// 1.0000 1.0890 ] ... Gamma [ 1.8000 1.8000 1.8000 ]', set larger than
// the labels of its swatches) is values. 'Table 3' and '1. Introduction'
// are half figures, and headings.
func figureLines(segs []*seg) bool {
	var words []core.Word
	for _, s := range segs {
		for _, w := range s.words {
			if strings.ContainsFunc(w.Text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
				words = append(words, w)
			}
		}
	}
	n := countFigures(words)
	return n >= minValueFigures && 2*n > len(words)
}

// minValueFigures is the fewest figures of a block of values: a date
// ('October 14, 1998'), a numbered heading ('1. Heading 1') or a phone
// number set large hold fewer.
const minValueFigures = 4

// longestLetterRun is the length, in letters, of the longest run of
// letters in s.
func longestLetterRun(s string) int {
	best, run := 0, 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// holds reports whether the point x, y lies in b, its sides included.
func holds(b core.BBox, x, y float64) bool {
	return x >= b.X0 && x <= b.X1 && y >= b.Y0 && y <= b.Y1
}

// assignHeadingLevels turns heading sizes into levels 1..6 by rank.
func assignHeadingLevels(blocks []core.Block, body float64) {
	var sizes []int
	seen := map[int]bool{}
	for _, b := range blocks {
		if b.Kind == core.KindHeading && !seen[b.Level] {
			seen[b.Level] = true
			sizes = append(sizes, b.Level)
		}
	}
	sort.Ints(sizes) // most negative = largest first
	rank := map[int]int{}
	for i, s := range sizes {
		rank[s] = min(i+1, 6)
	}
	for i := range blocks {
		if blocks[i].Kind == core.KindHeading {
			blocks[i].Level = rank[blocks[i].Level]
		}
	}
}

func clampBox(b core.BBox, page core.BBox) core.BBox {
	b.X0 = max(page.X0, min(b.X0, page.X1))
	b.X1 = max(page.X0, min(b.X1, page.X1))
	b.Y0 = max(page.Y0, min(b.Y0, page.Y1))
	b.Y1 = max(page.Y0, min(b.Y1, page.Y1))
	return b
}

// isCJK reports whether r is a Han, kana, Hangul or CJK punctuation /
// full-width character: scripts that are written vertically. It is
// textclean.Unspaced with Hangul, full and half width.
func isCJK(r rune) bool {
	return textclean.Unspaced(r) || unicode.Is(unicode.Hangul, r) || (r >= 0xFFA0 && r <= 0xFFDC)
}

// dropIdleSpaces blanks the space glyphs drawn between two CJK characters
// of one line that leave no gap between them: some writers follow every
// Chinese character with a space and then place the next character over
// it, which would part each character into a word of its own. Chinese
// and Japanese put no spaces between words, and this space moves nothing.
// Korean does space its words, so Hangul keeps its spaces.
func dropIdleSpaces(glyphs []glyph) {
	cjkAt := func(s string, last bool) bool {
		r, _ := utf8.DecodeRuneInString(s)
		if last {
			r, _ = utf8.DecodeLastRuneInString(s)
		}
		return s != "" && textclean.Unspaced(r)
	}
	for i := 1; i+1 < len(glyphs); i++ {
		g, prev, next := &glyphs[i], &glyphs[i-1], &glyphs[i+1]
		if !g.space || g.dir != 0 || prev.dir != 0 || next.dir != 0 || prev.space || next.space {
			continue
		}
		size := max(1, min(prev.size, next.size))
		if !cjkAt(prev.text, true) || !cjkAt(next.text, false) || math.Abs(next.oy-prev.oy) > baselineTol*size {
			continue
		}
		if next.box.X0-prev.box.X1 < wordGap*size {
			g.text = ""
		}
	}
}

// markStacked finds vertical writing drawn with upright horizontal glyphs,
// each placed below the previous one (how browsers print vertical CJK),
// and gives those glyphs the vertical direction (90: top to bottom, lines
// right to left), so that a column reads as one line.
func markStacked(glyphs []glyph) {
	stacked := func(a, b *glyph) bool {
		if a.dir != 0 || b.dir != 0 || a.space || b.space {
			return false
		}
		size := max(1, max(a.size, b.size))
		dy := b.oy - a.oy
		if math.Abs(b.ox-a.ox) > 0.3*size || dy < 0.5*size || dy > 1.8*size {
			return false
		}
		ra, rb := []rune(a.text), []rune(b.text)
		return len(ra) > 0 && len(rb) > 0 && (isCJK(ra[0]) || isCJK(rb[0]))
	}
	for i := 0; i+1 < len(glyphs); {
		j := i
		for j+1 < len(glyphs) && stacked(&glyphs[j], &glyphs[j+1]) {
			j++
		}
		if j-i >= 2 {
			for k := i; k <= j; k++ {
				g := &glyphs[k]
				g.dir = 90
				// The baseline runs down the middle of the column.
				cx := (g.box.X0 + g.box.X1) / 2
				g.ox, g.ex = cx, cx
				g.oy, g.ey = g.box.Y0, g.box.Y1
				g.flags = (g.flags | core.FlagVertical) &^ core.FlagRotated
			}
			i = j + 1
			continue
		}
		i++
	}
}
