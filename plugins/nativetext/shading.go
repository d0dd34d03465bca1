package nativetext

import (
	"sort"
	"strconv"
	"strings"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// Shading: producers paint a table's header band, its zebra stripes or a
// single cell with filled rectangles, often several per cell (an inset
// for the text, one rectangle per line). The sides of a shaded area
// frame cells where they can be seen, against the page or another
// colour; where a rectangle meets another of the same colour the seam is
// invisible, and a cell border there would split one cell in two.

// Limits and tolerances of the shading pass.
const (
	// maxFillsPerPage: beyond this many filled rectangles (a bitmap
	// drawn as vector cells) every side is kept without the seam test.
	maxFillsPerPage = 4000
	// seamTol, in points: rectangles this close meet (producers leave
	// rounding gaps well under a point between the pieces of one area).
	seamTol = 1.0
)

// fillRect is a filled rectangle and its colour.
type fillRect struct {
	box   core.BBox
	color string
}

// colorKey names a fill colour by its operator and operands.
func colorKey(op string, ops []pdfdoc.Token) string {
	var sb strings.Builder
	sb.WriteString(op)
	for _, o := range ops {
		sb.WriteByte(' ')
		if o.Kind == pdfdoc.KindNumber {
			sb.WriteString(strconv.FormatFloat(o.Num, 'g', 4, 64))
		} else {
			sb.WriteString(o.Str)
		}
	}
	return sb.String()
}

// maxColors bounds the fill colours numbered on a page; the rest share
// the last number.
const maxColors = 1<<16 - 1

// colorNumber is the number of the fill colour key on the page, from 1
// in the order of first use; 0 is the initial colour (no operator yet).
func (in *interp) colorNumber(key string) uint16 {
	if n, ok := in.colors[key]; ok {
		return n
	}
	if in.colors == nil {
		in.colors = map[string]uint16{}
	}
	n := uint16(min(len(in.colors)+1, maxColors))
	in.colors[key] = n
	return n
}

// addFill records a filled rectangle in the current fill colour.
func (in *interp) addFill(r core.BBox) {
	if len(in.fills) >= maxEdgesPerPage {
		return
	}
	in.fills = append(in.fills, fillRect{box: r, color: in.gs.fillColor})
}

// finishFills turns the filled rectangles into edges: each side that
// does not lie inside or against a rectangle of the same colour.
func (in *interp) finishFills() {
	fills := in.fills
	in.fills = nil
	check := len(fills) <= maxFillsPerPage
	for i, f := range fills {
		b := f.box
		sides := []edge{
			{horiz: true, pos: b.Y0, lo: b.X0, hi: b.X1, fill: true, band: span{b.Y0, b.Y1}},
			{horiz: true, pos: b.Y1, lo: b.X0, hi: b.X1, fill: true, band: span{b.Y0, b.Y1}},
			{horiz: false, pos: b.X0, lo: b.Y0, hi: b.Y1, fill: true, band: span{b.X0, b.X1}},
			{horiz: false, pos: b.X1, lo: b.Y0, hi: b.Y1, fill: true, band: span{b.X0, b.X1}},
		}
		for k, e := range sides {
			if check && sealed(fills, i, e, k%2 == 0) {
				continue
			}
			in.addEdge(e)
		}
	}
}

// sealed reports whether the outside of side e of fills[i] (before it
// when low, after it otherwise) is painted, along e's whole length, by
// other rectangles of the same colour.
func sealed(fills []fillRect, i int, e edge, low bool) bool {
	probe := e.pos + seamTol
	if low {
		probe = e.pos - seamTol
	}
	var cover [][2]float64
	for j, o := range fills {
		if j == i || o.color != fills[i].color {
			continue
		}
		lo, hi, a, b := o.box.Y0, o.box.Y1, o.box.X0, o.box.X1
		if !e.horiz {
			lo, hi, a, b = o.box.X0, o.box.X1, o.box.Y0, o.box.Y1
		}
		if probe >= lo-seamTol && probe <= hi+seamTol && b > e.lo && a < e.hi {
			cover = append(cover, [2]float64{a, b})
		}
	}
	return covers(cover, e.lo, e.hi)
}

// covers reports whether intervals cover [lo, hi] with gaps under
// seamTol.
func covers(iv [][2]float64, lo, hi float64) bool {
	sort.Slice(iv, func(a, b int) bool { return iv[a][0] < iv[b][0] })
	x := lo
	for _, v := range iv {
		if v[0] > x+seamTol {
			return false
		}
		if v[1] > x {
			x = v[1]
		}
	}
	return x >= hi-seamTol
}
