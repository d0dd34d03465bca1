package nativetext

import (
	"cmp"
	"math"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
)

// A drop cap is a paragraph's first letter set several lines tall beside
// it. Drawn as a glyph of its own on the baseline of a later line, it
// would be read as a word of that line (or a line of its own), the rest
// of the first word elsewhere.
const (
	// dropCapRatio: a drop cap is at least this many times the body size.
	dropCapRatio = 2.0
	// dropCapReach: the text beside it starts within this many body ems
	// of its right side.
	dropCapReach = 1.5
	// dropCapAlign: the tops of its capital and of the first line's
	// capitals are within this many body ems (typesetters align them).
	dropCapAlign = 0.6
	// capHeight is the height of a capital, in ems, for that alignment.
	capHeight = 0.7
	// dropCapAloneEms: no other large glyph on its baseline within this
	// many of its own ems (else it is a large word, a heading).
	dropCapAloneEms = 3
)

// joinDropCaps puts every drop cap at the start of the first line beside
// it, at that line's size, so that the layout reads it as the first
// letter of the paragraph's first word.
func joinDropCaps(gs []glyph) {
	body := glyphBody(gs)
	if body <= 0 {
		return
	}
	for i := range gs {
		g := &gs[i]
		if !dropCapCandidate(gs, i, body) {
			continue
		}
		j := firstLineBeside(gs, g, body)
		if j < 0 {
			continue
		}
		h := gs[j]
		w := (g.box.X1 - g.box.X0) * h.size / g.size
		g.size = h.size
		g.box = core.BBox{X0: h.box.X0 - w, Y0: h.box.Y0, X1: h.box.X0, Y1: h.box.Y1}
		g.ox, g.oy, g.ex, g.ey = h.box.X0-w, h.oy, h.box.X0, h.ey
		g.cs = 0
	}
}

// glyphBody is the median size of the horizontal glyphs that draw text
// (the upper median, as medianInPlace takes it). Glyphs come in runs of
// one size, and a page has few sizes: each run is counted into a tally
// of sizes, which is walked in order to the middle glyph, rather than a
// page of sizes sorted.
func glyphBody(gs []glyph) float64 {
	var t runTally[float64]
	n := 0
	for i := range gs {
		if g := &gs[i]; g.dir == 0 && !g.space && g.text != "" {
			t.add(g.size, 1)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	type count struct {
		size float64
		n    int
	}
	var counts []count
	for s, k := range t.done() {
		counts = append(counts, count{s, k})
	}
	slices.SortFunc(counts, func(a, b count) int { return cmp.Compare(a.size, b.size) }) // NaNs first, as medianInPlace sorts
	k := n / 2
	for _, c := range counts {
		if k < c.n {
			return c.size
		}
		k -= c.n
	}
	return counts[len(counts)-1].size
}

// dropCapCandidate reports whether gs[i] is a single large letter with no
// other large glyph on its baseline nearby.
func dropCapCandidate(gs []glyph, i int, body float64) bool {
	g := &gs[i] // glyphs are read in place: a copy is 140 bytes
	if g.size < dropCapRatio*body || g.dir != 0 || g.flags.Has(core.FlagRotated) {
		return false
	}
	if r, n := utf8.DecodeRuneInString(g.text); n != len(g.text) || !unicode.IsLetter(r) {
		return false
	}
	for k := range gs {
		o := &gs[k]
		if k == i || o.size < 0.8*g.size || math.Abs(o.oy-g.oy) > 0.3*g.size {
			continue
		}
		if math.Abs(o.ox-g.ox) < dropCapAloneEms*g.size {
			return false
		}
	}
	return true
}

// firstLineBeside is the index of the glyph that starts the first line
// beside the drop cap g: the leftmost body-sized glyph starting within
// dropCapReach ems right of g whose capital top is level with g's; -1
// when there is none.
func firstLineBeside(gs []glyph, g *glyph, body float64) int {
	top := g.oy - capHeight*g.size
	best := -1
	for k := range gs {
		h := &gs[k]
		if h.dir != 0 || h.flags.Has(core.FlagRotated) || h.space || h.size >= g.size/dropCapRatio*1.5 {
			continue
		}
		if h.box.X0 < g.box.X1-0.2*body || h.box.X0 > g.box.X1+dropCapReach*body {
			continue
		}
		if math.Abs((h.oy-capHeight*h.size)-top) > dropCapAlign*body {
			continue
		}
		if best < 0 || h.box.X0 < gs[best].box.X0 {
			best = k
		}
	}
	return best
}
