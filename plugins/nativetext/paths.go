package nativetext

import (
	"math"
	"slices"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// Limits on the graphics kept for one page.
const (
	maxEdgesPerPage  = 100_000
	maxImagesPerPage = 10_000
	maxPathPoints    = 1 << 16
)

// edge is an axis-aligned painted segment in display coordinates: a
// ruling line, or a side of a painted rectangle. Tables are found from
// them.
type edge struct {
	horiz  bool
	pos    float64 // y of a horizontal edge, x of a vertical one
	lo, hi float64 // extent along the edge
	fill   bool    // a side of a filled (not stroked) rectangle: shading
	// band is a fill side's rectangle across it: its extent in x for a
	// vertical side, in y for a horizontal one.
	band span
}

// pathPt is a point of the path under construction, in display
// coordinates.
type pathPt struct {
	x, y  float64
	start bool // starts a subpath
	curve bool // reached by a curve
}

// pathOp runs a path construction or painting operator, or a colour or
// line-width operator; it reports whether name was one.
func (in *interp) pathOp(name string, ops []pdfdoc.Token) bool {
	if pathOperators[name] {
		in.pathOps++
		if in.clipNext && !constructors[name] {
			in.setClip()
		}
	}
	switch name {
	case "m", "l":
		a := pdfdoc.Last(ops, 2)
		in.addPoint(pdfdoc.Num(a, 0), pdfdoc.Num(a, 1), name == "m", false)
	case "c":
		a := pdfdoc.Last(ops, 6)
		in.addPoint(pdfdoc.Num(a, 4), pdfdoc.Num(a, 5), false, true)
		in.reach(pdfdoc.Num(a, 0), pdfdoc.Num(a, 1))
		in.reach(pdfdoc.Num(a, 2), pdfdoc.Num(a, 3))
	case "v", "y":
		a := pdfdoc.Last(ops, 4)
		in.addPoint(pdfdoc.Num(a, 2), pdfdoc.Num(a, 3), false, true)
		in.reach(pdfdoc.Num(a, 0), pdfdoc.Num(a, 1))
	case "h":
		if s := in.subpathStart(); s >= 0 {
			p := in.path[s]
			in.path = append(in.path, pathPt{x: p.x, y: p.y})
		}
	case "re":
		a := pdfdoc.Last(ops, 4)
		x, y, w, h := pdfdoc.Num(a, 0), pdfdoc.Num(a, 1), pdfdoc.Num(a, 2), pdfdoc.Num(a, 3)
		in.addPoint(x, y, true, false)
		in.addPoint(x+w, y, false, false)
		in.addPoint(x+w, y+h, false, false)
		in.addPoint(x, y+h, false, false)
		in.addPoint(x, y, false, false)
	case "n":
		in.path = in.path[:0]
	case "S", "s":
		in.paint(false, true)
	case "f", "F", "f*":
		in.paint(true, false)
	case "B", "B*", "b", "b*":
		in.paint(true, true)
	case "W", "W*":
		// The path clips once it is painted or discarded (setClip).
		in.clipNext = true
	case "w":
		in.gs.lineWidth = pdfdoc.Num(pdfdoc.Last(ops, 1), 0)
	default:
		return in.colorOp(name, ops)
	}
	return true
}

// colorOp runs a colour operator, filling or stroking; it reports
// whether name was one.
func (in *interp) colorOp(name string, ops []pdfdoc.Token) bool {
	switch name {
	case "g", "rg", "k":
		in.gs.fillSpace = lightSpace
		in.gs.fillWhite = whiteColor(ops, lightSpace)
		in.setFill(colorKey(name, ops))
	case "sc", "scn":
		in.gs.fillWhite = whiteColor(ops, in.gs.fillSpace)
		in.setFill(colorKey(name, ops))
	case "G", "RG", "K":
		in.gs.strokeSpace = lightSpace
		in.gs.strokeWhite = whiteColor(ops, lightSpace)
	case "SC", "SCN":
		in.gs.strokeWhite = whiteColor(ops, in.gs.strokeSpace)
	default:
		return false
	}
	return true
}

// spaceKind is how a colour space's components read for whiteColor.
type spaceKind uint8

const (
	// lightSpace: gray, RGB (1 is white) and CMYK (0 is white), the
	// device spaces and the ICC-based ones with as many components.
	lightSpace spaceKind = iota
	// inkSpace: Separation and DeviceN, each component an amount of ink
	// (tint 1 is the colourant at full strength, 0 none).
	inkSpace
	// opaqueSpace: Indexed (a component is an index into a table), Lab
	// and the spaces not known here: no colour is judged white.
	opaqueSpace
)

// colorSpace runs cs or CS: the colour is the space's initial one, which
// paints (a Separation's or DeviceN's is full ink, a gray's black), and
// the space says how its components read (spaceOf).
func (in *interp) colorSpace(name string, ops []pdfdoc.Token, res types.Dict) {
	kind := lightSpace
	if a := pdfdoc.Last(ops, 1); a[0].Kind == pdfdoc.KindName {
		kind = in.spaceOf(a[0].Str, res)
	}
	if name == "cs" {
		in.gs.fillWhite, in.gs.fillSpace = false, kind
		in.setFill(colorKey(name, ops))
		return
	}
	in.gs.strokeWhite, in.gs.strokeSpace = false, kind
}

// spaceOf is how the components of the colour space named name in res
// read. A brochure strokes its table's rules and fills its header row in
// a Pantone Separation at tint 1: read as gray, that was white, and the
// table lost its grid. An Indexed colour's index read as gray was white
// from 1 up: the dark fill under a cover's white title was no ground for
// it (dropHidden).
func (in *interp) spaceOf(name string, res types.Dict) spaceKind {
	switch name {
	case "DeviceGray", "DeviceRGB", "DeviceCMYK", "Pattern", "G", "RGB", "CMYK":
		return lightSpace
	}
	arr := in.doc.Array(in.doc.Dict(res["ColorSpace"])[name])
	if len(arr) == 0 {
		return lightSpace
	}
	switch in.doc.Name(arr[0]) {
	case "Separation", "DeviceN":
		return inkSpace
	case "DeviceGray", "DeviceRGB", "DeviceCMYK", "CalGray", "CalRGB", "ICCBased", "Pattern":
		return lightSpace
	}
	return opaqueSpace
}

// setFill makes key the fill colour, numbered on the page.
func (in *interp) setFill(key string) {
	in.gs.fillColor = key
	in.gs.fill = in.colorNumber(key)
}

// pathOperators are the operators core.FactPathOps counts.
var pathOperators = map[string]bool{
	"m": true, "l": true, "c": true, "v": true, "y": true, "re": true, "h": true,
	"S": true, "s": true, "f": true, "F": true, "f*": true, "B": true, "B*": true, "b": true, "b*": true, "n": true,
}

// constructors are the path construction operators: any other path
// operator paints or discards the path, and a clip asked for by W takes
// effect there.
var constructors = map[string]bool{"m": true, "l": true, "c": true, "v": true, "y": true, "re": true, "h": true}

// setClip narrows the clip to the bounds of the path under construction
// (its points and its curves' control points, which hold the curves),
// which W made a clipping path. The bounds of a path that is not a
// rectangle hold more than it does, so the clip errs towards showing.
// A path cut short at maxPathPoints, or with no points, leaves the clip
// as it was.
func (in *interp) setClip() {
	in.clipNext = false
	if len(in.path) == 0 || len(in.path) >= maxPathPoints {
		return
	}
	b := in.pathBox
	if in.gs.clipped {
		b = clipOf(in.gs.clip, b)
	}
	in.gs.clip, in.gs.clipped = b, true
}

// clipOf is the overlap of two clip bounds; bounds that do not overlap
// leave a clip that shows nothing (an empty box at a's corner).
func clipOf(a, b core.BBox) core.BBox {
	c := core.BBox{X0: max(a.X0, b.X0), Y0: max(a.Y0, b.Y0), X1: min(a.X1, b.X1), Y1: min(a.Y1, b.Y1)}
	if c.X1 < c.X0 || c.Y1 < c.Y0 {
		return core.BBox{X0: a.X0, Y0: a.Y0, X1: a.X0, Y1: a.Y0}
	}
	return c
}

// clipSlack is how far, in points, a glyph's centre may lie outside the
// clip and still be seen: a clip drawn to a cell's or a line's bounds,
// rounded by its producer, keeps the glyphs drawn in it.
const clipSlack = 0.5

// visible reports whether the clip leaves a glyph with page cell box
// cell in sight: its centre is inside the clip. A cell that a clip's
// edge cuts is seen when most of it is; one beyond the clip (a table
// cell's text run on under the next cell, where the cell's clip hides
// it) is not.
func (in *interp) visible(cell core.BBox) bool {
	if !in.gs.clipped {
		return true
	}
	c := in.gs.clip
	cx, cy := (cell.X0+cell.X1)/2, (cell.Y0+cell.Y1)/2
	return cx >= c.X0-clipSlack && cx <= c.X1+clipSlack && cy >= c.Y0-clipSlack && cy <= c.Y1+clipSlack
}

// whiteColor reports whether a colour operator's operands, in a space
// of kind, set white (or near white): paint that cannot be seen on a
// white page. Components of ink are white when there is none of any.
func whiteColor(ops []pdfdoc.Token, kind spaceKind) bool {
	if kind == opaqueSpace {
		return false
	}
	n := 0
	var v [4]float64
	for _, o := range ops {
		if o.Kind == pdfdoc.KindName {
			return false // a pattern
		}
		if o.Kind == pdfdoc.KindNumber && n < 4 {
			v[n] = o.Num
			n++
		}
	}
	if kind == inkSpace {
		return n > 0 && max(v[0], v[1], v[2], v[3]) <= 0.03
	}
	switch n {
	case 1:
		return v[0] >= 0.97
	case 3:
		return v[0] >= 0.97 && v[1] >= 0.97 && v[2] >= 0.97
	case 4:
		return v[0] <= 0.03 && v[1] <= 0.03 && v[2] <= 0.03 && v[3] <= 0.03
	}
	return false
}

func (in *interp) addPoint(x, y float64, start, curve bool) {
	if len(in.path) >= maxPathPoints {
		return
	}
	m := in.gs.ctm.Mul(in.page.ToDisplay)
	dx, dy := m.Apply(x, y)
	if math.IsNaN(dx) || math.IsNaN(dy) || math.IsInf(dx, 0) || math.IsInf(dy, 0) {
		return
	}
	if len(in.path) == 0 {
		start = true
		in.pathBox = core.BBox{X0: dx, Y0: dy, X1: dx, Y1: dy}
	}
	in.extendPathBox(dx, dy)
	in.path = append(in.path, pathPt{x: dx, y: dy, start: start, curve: curve})
}

// reach adds a curve's control point (user space) to the bounds of the
// path under construction.
func (in *interp) reach(x, y float64) {
	if len(in.path) == 0 || len(in.path) >= maxPathPoints {
		return
	}
	dx, dy := in.gs.ctm.Mul(in.page.ToDisplay).Apply(x, y)
	if math.IsNaN(dx) || math.IsNaN(dy) || math.IsInf(dx, 0) || math.IsInf(dy, 0) {
		return
	}
	in.extendPathBox(dx, dy)
}

// extendPathBox grows the bounds of the path under construction to hold
// the display point x, y.
func (in *interp) extendPathBox(x, y float64) {
	b := &in.pathBox
	b.X0, b.Y0 = min(b.X0, x), min(b.Y0, y)
	b.X1, b.Y1 = max(b.X1, x), max(b.Y1, y)
}

func (in *interp) subpathStart() int {
	for i := len(in.path) - 1; i >= 0; i-- {
		if in.path[i].start {
			return i
		}
	}
	return -1
}

// paint turns the current path into edges: axis-aligned stroked segments,
// and the sides of filled rectangles (a thin filled rectangle is a rule).
func (in *interp) paint(fill, stroke bool) {
	defer func() { in.path = in.path[:0] }()
	if fill {
		in.countFill()
	}
	fill = fill && !in.gs.fillWhite && in.offDepth == 0
	stroke = stroke && !in.gs.strokeWhite && in.offDepth == 0
	if !fill && !stroke {
		return
	}
	if len(in.path) > 0 && (fill || stroke) {
		in.addGround(in.paintedBox(stroke))
	}
	for i := 0; i < len(in.path); {
		j := i + 1
		for j < len(in.path) && !in.path[j].start {
			j++
		}
		in.subpathEdges(in.path[i:j], fill, stroke)
		in.noteDot(in.path[i:j], fill)
		i = j
	}
}

func (in *interp) subpathEdges(sp []pathPt, fill, stroke bool) {
	if len(sp) < 2 {
		return
	}
	in.noteMark(sp)
	if r, ok := axisRect(sp); ok {
		w, h := r.X1-r.X0, r.Y1-r.Y0
		switch {
		case fill && min(w, h) <= maxRuleWidth && w != h:
			in.addEdge(midline(r))
			return
		case w > 3 && h > 3 && (w > 15 || h > 15) && !stroke:
			// A shaded area: its sides are edges where they can be seen
			// (see finishFills).
			in.addFill(r)
			return
		case w > 3 && h > 3 && (w > 15 || h > 15):
			// Small squares (check boxes, bullets) frame no cells.
			in.addEdge(edge{horiz: true, pos: r.Y0, lo: r.X0, hi: r.X1})
			in.addEdge(edge{horiz: true, pos: r.Y1, lo: r.X0, hi: r.X1})
			in.addEdge(edge{horiz: false, pos: r.X0, lo: r.Y0, hi: r.Y1})
			in.addEdge(edge{horiz: false, pos: r.X1, lo: r.Y0, hi: r.Y1})
			return
		}
	}
	if r, ok := ruleShape(sp); ok && fill {
		// A border drawn as a thin filled polygon: Chromium bevels a
		// table cell's borders where they meet, so each side is a
		// trapezoid a pixel wide, not a rectangle.
		in.addEdge(midline(r))
		return
	}
	if !stroke {
		return
	}
	for k := 1; k < len(sp); k++ {
		a, b := sp[k-1], sp[k]
		if b.curve {
			continue
		}
		switch {
		case math.Abs(a.y-b.y) < 0.5 && math.Abs(a.x-b.x) > 1:
			in.addEdge(edge{horiz: true, pos: (a.y + b.y) / 2, lo: min(a.x, b.x), hi: max(a.x, b.x)})
		case math.Abs(a.x-b.x) < 0.5 && math.Abs(a.y-b.y) > 1:
			in.addEdge(edge{horiz: false, pos: (a.x + b.x) / 2, lo: min(a.y, b.y), hi: max(a.y, b.y)})
		}
	}
}

// axisRect reports whether a subpath is an axis-aligned rectangle (four
// corners, optionally closed), and its box.
func axisRect(sp []pathPt) (core.BBox, bool) {
	n := len(sp)
	if n == 5 && math.Abs(sp[4].x-sp[0].x) < 0.01 && math.Abs(sp[4].y-sp[0].y) < 0.01 {
		n = 4
	}
	if n != 4 {
		return core.BBox{}, false
	}
	for k := 0; k < 4; k++ {
		a, b := sp[k], sp[(k+1)%4]
		if b.curve || (math.Abs(a.x-b.x) > 0.01 && math.Abs(a.y-b.y) > 0.01) {
			return core.BBox{}, false
		}
	}
	b := core.BBox{X0: sp[0].x, Y0: sp[0].y, X1: sp[0].x, Y1: sp[0].y}
	for _, p := range sp[1:4] {
		b.X0, b.X1 = min(b.X0, p.x), max(b.X1, p.x)
		b.Y0, b.Y1 = min(b.Y0, p.y), max(b.Y1, p.y)
	}
	return b, true
}

// maxRuleWidth is the widest, in points, that a filled shape is a rule
// drawn along its length.
const maxRuleWidth = 3

// midline is the rule that a filled box thinner one way than the other
// draws: along its length, through its middle.
func midline(r core.BBox) edge {
	if r.Y1-r.Y0 < r.X1-r.X0 {
		return edge{horiz: true, pos: (r.Y0 + r.Y1) / 2, lo: r.X0, hi: r.X1}
	}
	return edge{horiz: false, pos: (r.X0 + r.X1) / 2, lo: r.Y0, hi: r.Y1}
}

// ruleShape reports whether a subpath of straight sides, at most
// maxRuleCorners corners, fits a box at most maxRuleWidth points across
// and longer than it is wide (ruleLength times): a rule, whatever its
// corners' exact places. It returns the box.
func ruleShape(sp []pathPt) (core.BBox, bool) {
	if len(sp) > maxRuleCorners+1 {
		return core.BBox{}, false
	}
	b := core.BBox{X0: sp[0].x, Y0: sp[0].y, X1: sp[0].x, Y1: sp[0].y}
	for _, p := range sp[1:] {
		if p.curve {
			return core.BBox{}, false
		}
		b.X0, b.X1 = min(b.X0, p.x), max(b.X1, p.x)
		b.Y0, b.Y1 = min(b.Y0, p.y), max(b.Y1, p.y)
	}
	w, h := b.X1-b.X0, b.Y1-b.Y0
	return b, min(w, h) <= maxRuleWidth && max(w, h) > ruleLength*min(w, h) && max(w, h) > maxRuleWidth
}

// A rule drawn as a polygon has a few corners (a bevelled border has
// four, a mitred one six), and is many times longer than wide.
const (
	maxRuleCorners = 6
	ruleLength     = 4
)

func (in *interp) addEdge(e edge) {
	if len(in.edges) >= maxEdgesPerPage || e.hi-e.lo < 0.5 {
		return
	}
	// Keep only what lies on the page.
	if e.horiz && (e.pos < 0 || e.pos > in.page.Height) || !e.horiz && (e.pos < 0 || e.pos > in.page.Width) {
		return
	}
	in.edges = append(in.edges, e)
}

// countFill counts a filling of the current path, and whether the path is
// as small as a glyph outline (core.FactSmallFills), whatever its colour.
func (in *interp) countFill() {
	in.fillOps++
	if len(in.path) == 0 {
		return
	}
	x0, y0, x1, y1 := in.path[0].x, in.path[0].y, in.path[0].x, in.path[0].y
	for _, p := range in.path[1:] {
		x0, x1 = min(x0, p.x), max(x1, p.x)
		y0, y1 = min(y0, p.y), max(y1, p.y)
	}
	if x1-x0 <= core.OutlineMaxSize && y1-y0 <= core.OutlineMaxSize {
		in.smallFills++
	}
}

// addImage records the box of an image drawn with the current CTM (the
// unit square in user space), and its XObject (nil for an inline image).
func (in *interp) addImage(ref types.Object) {
	if in.offDepth > 0 {
		return
	}
	in.imageCount++
	in.imageSamples += in.samples(ref)
	if len(in.images) >= maxImagesPerPage {
		return
	}
	m := in.gs.ctm.Mul(in.page.ToDisplay)
	if !m.Finite() {
		return
	}
	b := core.BBox{X0: math.Inf(1), Y0: math.Inf(1), X1: math.Inf(-1), Y1: math.Inf(-1)}
	for _, p := range [4][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
		x, y := m.Apply(p[0], p[1])
		b.X0, b.X1 = min(b.X0, x), max(b.X1, x)
		b.Y0, b.Y1 = min(b.Y0, y), max(b.Y1, y)
	}
	b = b.Intersect(core.BBox{X1: in.page.Width, Y1: in.page.Height})
	if b.Empty() {
		return
	}
	in.images = append(in.images, b)
	in.imageRefs = append(in.imageRefs, ref)
	in.addGround(b)
}

// maxGrounds bounds the painted boxes a page keeps for dropHidden, and
// maxGroundChecks the white glyphs times those boxes it compares: past
// either no glyph is taken for hidden (a hostile page of a million white
// glyphs over thousands of fills is read as drawn, not compared for
// minutes).
const (
	maxGrounds      = 1 << 14
	maxGroundChecks = 1 << 26
)

// addGround notes box (display space) as painted: white text over it
// may be seen.
func (in *interp) addGround(box core.BBox) {
	if len(in.grounds) >= maxGrounds {
		in.groundsFull = true
		return
	}
	in.grounds = append(in.grounds, box)
}

// paintedBox is the bounds of the path under construction as painted:
// a stroke reaches half its width beyond the path (a caption's coloured
// band drawn as one thick stroke under its white title).
func (in *interp) paintedBox(stroke bool) core.BBox {
	b := in.pathBox
	if stroke {
		m := in.gs.ctm.Mul(in.page.ToDisplay)
		half := in.gs.lineWidth / 2 * math.Sqrt(math.Abs(m[0]*m[3]-m[1]*m[2]))
		if half > 0 && !math.IsInf(half, 0) && !math.IsNaN(half) {
			b = core.BBox{X0: b.X0 - half, Y0: b.Y0 - half, X1: b.X1 + half, Y1: b.Y1 + half}
		}
	}
	return b
}

// shade runs sh: a shading paints the clip, or the whole page.
func (in *interp) shade() {
	if in.offDepth > 0 {
		return
	}
	box := core.BBox{X1: in.page.Width, Y1: in.page.Height}
	if in.gs.clipped {
		box = in.gs.clip
	}
	in.addGround(box)
}

// whiteGlyph reports whether a glyph of font f is filled white, and only
// filled (rendering mode 0 or 4). A Type 3 glyph may paint in its own
// colour (d0), and is not judged.
func (in *interp) whiteGlyph(f *font) bool {
	return in.gs.fillWhite && (in.gs.tr == 0 || in.gs.tr == 4) && f.subtype != "Type3"
}

// dropHidden leaves out of the page's glyphs those filled white whose
// centres lie in nothing the page paints, before or after them: white
// text on the white page, which no reader sees. A report's caption sets
// its label 'Table 4.—' again in white at the start of each of its lines,
// to indent them as a hanging indent would (ICDAR US's us-002):
// pdftotext reads it four times. Hidden keywords and instructions set so
// are no text of the page either. White text on a dark fill or a picture
// is seen, and white text a scan is drawn over is the scan's layer for
// search: both are kept.
func (in *interp) dropHidden() {
	if in.whites == 0 || in.groundsFull || in.whites*len(in.grounds) > maxGroundChecks {
		return
	}
	out := in.glyphs[:0]
	for _, g := range in.glyphs {
		if g.white && !in.grounded(g.box) {
			in.hidden++
			continue
		}
		out = append(out, g)
	}
	in.glyphs = out
}

// grounded reports whether the centre of box lies in a box the page
// painted.
func (in *interp) grounded(box core.BBox) bool {
	cx, cy := (box.X0+box.X1)/2, (box.Y0+box.Y1)/2
	return slices.ContainsFunc(in.grounds, func(g core.BBox) bool { return holds(g, cx, cy) })
}

// samples is how many samples an image XObject holds: the larger of its
// own and its mask's (/SMask, or a stencil /Mask stream). Inline images
// (ref nil) are small by the spec's advice and count nothing.
func (in *interp) samples(ref types.Object) float64 {
	xd := in.doc.Dict(ref)
	if xd == nil {
		return 0
	}
	n := in.pixels(xd)
	for _, k := range []string{"SMask", "Mask"} {
		if md := in.doc.Dict(xd[k]); md != nil {
			n = max(n, in.pixels(md))
		}
	}
	return n
}

// pixels is an image dictionary's /Width × /Height, 0 when either is
// missing or not positive.
func (in *interp) pixels(d types.Dict) float64 {
	w, h, ok := in.doc.ImageSize(d)
	if !ok {
		return 0
	}
	return w * h
}
