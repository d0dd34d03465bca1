package nativetext

import (
	"math"

	"github.com/assay-pdf/assay/core"
)

// A chart or a diagram drawn with paths has labels (its ticks, its
// axes' titles, a legend, its boxes' names) that line up by chance with
// the lines of the prose beside it, a row to each, and were read as a
// table of the two (GROBID's submission_161: a plot's ticks beside a
// paper's column, each tick a row with a line of the text). An image is
// one object; a drawing is many painted subpaths, found again as the
// clusters of those that touch (within drawingReach points): a drawing
// when it holds minDrawingMarks subpaths or more and minBent of them bend
// over minBentLength points (a plotted line, a curve, an arrow drawn
// aslant). Rules run across and down the page only, and rectangles (a
// cell's shading or frame, a box round a note) are left out: a table's
// grid, a bar chart's bars or a form's boxes make no drawing, and a shape
// drawn over a table (an annotation's ellipse) does not join its cells.
// The segments in and round a drawing are its labels (markDrawn), and a
// split of which a column is mostly labels is no table (drawnColumn),
// unless the page is mostly its drawings (maxDrawnShare).
const (
	drawingReach    = 2.0
	minDrawingMarks = 8
	// minBentLength is the least size, in points, of a subpath that
	// bends for it to plot or point: a check box's or a radio button's
	// circle, a marker or a bullet are the size of a letter.
	minBentLength = 24.0
	// minBent of a drawing's subpaths bend at least.
	minBent = 2
	// maxMarks bounds the clustering, which compares the marks that
	// share a cell of a grid (markCells): a page of more painted subpaths
	// (a map, a detailed plot) has its drawings left unfound.
	maxMarks = 4000
)

// drawMark is a painted subpath: its box (display space) and whether it
// bends over minBentLength points or more.
type drawMark struct {
	box  core.BBox
	bent bool
}

// noteMark notes the painted subpath sp (display space), unless it is a
// rectangle: a cell's shading or frame, a box round a note, which a
// drawing's marks touching it would join to the drawing.
func (in *interp) noteMark(sp []pathPt) {
	if len(in.marks) > maxMarks {
		return
	}
	if _, ok := axisRect(sp); ok {
		return
	}
	b := core.BBox{X0: sp[0].x, Y0: sp[0].y, X1: sp[0].x, Y1: sp[0].y}
	bent := false
	for k, p := range sp {
		b.X0, b.X1 = min(b.X0, p.x), max(b.X1, p.x)
		b.Y0, b.Y1 = min(b.Y0, p.y), max(b.Y1, p.y)
		if k > 0 && (p.curve || math.Abs(p.x-sp[k-1].x) > 0.5 && math.Abs(p.y-sp[k-1].y) > 0.5) {
			bent = true
		}
	}
	in.marks = append(in.marks, drawMark{box: b, bent: bent && math.Hypot(b.Width(), b.Height()) >= minBentLength})
}

// drawings are the boxes of the page's drawings (see above), from its
// marks.
func drawings(marks []drawMark) []core.BBox {
	if len(marks) < minDrawingMarks || len(marks) > maxMarks {
		return nil
	}
	parent := make([]int, len(marks))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for _, cell := range markCells(marks) {
		for a, i := range cell {
			for _, j := range cell[a+1:] {
				if near(marks[i].box, marks[j].box, drawingReach) {
					parent[find(i)] = find(j)
				}
			}
		}
	}
	type cluster struct {
		box     core.BBox
		n, bent int
	}
	clusters := map[int]*cluster{}
	var roots []int
	for i, m := range marks {
		r := find(i)
		c, ok := clusters[r]
		if !ok {
			c = &cluster{box: m.box}
			clusters[r] = c
			roots = append(roots, r)
		}
		c.box = c.box.Union(m.box)
		c.n++
		if m.bent {
			c.bent++
		}
	}
	var out []core.BBox
	for _, r := range roots {
		if c := clusters[r]; c.n >= minDrawingMarks && c.bent >= minBent {
			out = append(out, c.box)
		}
	}
	return out
}

// markCell is the side, in points, of the grid cells markCells sorts
// marks into: two marks near each other share a cell, and only marks
// that share one are compared.
const markCell = 64.0

// markCells lists, for each cell of a grid over the page, the marks whose
// box (grown by drawingReach) reaches into it.
func markCells(marks []drawMark) map[[2]int][]int {
	cells := map[[2]int][]int{}
	for i, m := range marks {
		x0, y0 := int(math.Floor((m.box.X0-drawingReach)/markCell)), int(math.Floor((m.box.Y0-drawingReach)/markCell))
		x1, y1 := int(math.Floor((m.box.X1+drawingReach)/markCell)), int(math.Floor((m.box.Y1+drawingReach)/markCell))
		if x1-x0 > maxMarkCells || y1-y0 > maxMarkCells {
			x1, y1 = x0+maxMarkCells, y0+maxMarkCells // a box across the page: its corner's cells
		}
		for x := x0; x <= x1; x++ {
			for y := y0; y <= y1; y++ {
				cells[[2]int{x, y}] = append(cells[[2]int{x, y}], i)
			}
		}
	}
	return cells
}

// maxMarkCells bounds the cells one mark is sorted into along each axis.
const maxMarkCells = 32

// near reports whether boxes a and b overlap or lie within d of each
// other.
func near(a, b core.BBox, d float64) bool {
	return a.X0 <= b.X1+d && b.X0 <= a.X1+d && a.Y0 <= b.Y1+d && b.Y0 <= a.Y1+d
}

// A drawing's labels stand in it and round it: a chart's ticks and its
// axes' titles outside its frame. markDrawn marks the segments (segs,
// whose body size is em) whose middle lies within drawnLabelReach ems of
// a drawing and that are no wider than it, not prose beside it.
const drawnLabelReach = 1.5

func markDrawn(segs []*seg, drawn []core.BBox, em float64) {
	if len(drawn) == 0 {
		return
	}
	r := drawnLabelReach * em
	reaches := make([]core.BBox, len(drawn))
	for i, d := range drawn {
		reaches[i] = core.BBox{X0: d.X0 - r, Y0: d.Y0 - r, X1: d.X1 + r, Y1: d.Y1 + r}
	}
	var labels []*seg
	for _, s := range segs {
		cx, cy := (s.b.X0+s.b.X1)/2, (s.b.Y0+s.b.Y1)/2
		for i, d := range drawn {
			if holds(reaches[i], cx, cy) && s.b.Width() <= d.Width() {
				labels = append(labels, s)
				break
			}
		}
	}
	if float64(len(labels)) > maxDrawnShare*float64(len(segs)) {
		return // the page is its drawings: no prose beside them to part from
	}
	for _, s := range labels {
		s.drawn = true
	}
}

// maxDrawnShare is the largest share of a page's segments that its
// drawings' labels hold: a page of notes sketched by hand, or a slide
// that is all diagram, has no text beside its drawings, and is laid out
// as before.
const maxDrawnShare = 0.5

// minDrawnShare is the share of a column's segments that, labelling a
// drawing, make it the drawing's column rather than a table's: a chart's
// ticks and titles line up by chance with the lines of the prose beside
// it, a row to each.
const minDrawnShare = 0.5

// drawnColumn reports whether a column of cols is mostly a drawing's
// labels.
func drawnColumn(cols [][]*seg) bool {
	for _, c := range cols {
		n := 0
		for _, s := range c {
			if s.drawn {
				n++
			}
		}
		if len(c) > 0 && float64(n) >= minDrawnShare*float64(len(c)) {
			return true
		}
	}
	return false
}
