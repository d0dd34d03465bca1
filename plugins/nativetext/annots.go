package nativetext

import (
	"math"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// Annotation flags (PDF 32000-1, 12.5.3) under which a viewer shows
// nothing.
const (
	annotHidden = 1 << 1
	annotNoView = 1 << 5
)

// maxAnnots is the most annotations of one page whose appearances are
// drawn; a page may list many thousands (a hostile file), and each is a
// content stream to run.
const maxAnnots = 2000

// annotations draws the normal appearance of each annotation of the page
// that a viewer shows: the values of form fields, free text, stamps. A
// filled form's answers are in its fields' appearances, not in the page's
// content. A link or a pop-up shows no text of its own, and an annotation
// flagged hidden or not to be viewed shows nothing.
//
// Only the text of the appearances is kept. Their borders, backgrounds
// and pictures are a widget's chrome, not the page's drawing: counted as
// page facts, the boxes of an empty form's fields made its page look like
// text drawn as paths, and sent it to OCR (robustness's textfields).
func (in *interp) annotations() error {
	annots := in.doc.Array(in.page.Dict["Annots"])
	if len(annots) == 0 {
		return nil
	}
	defer in.keepDrawing()()
	page := len(in.glyphs) // the glyphs of the page's own content
	for i, a := range annots {
		if i == maxAnnots {
			break
		}
		ad := in.doc.Dict(a)
		if ad == nil {
			continue
		}
		switch in.doc.Name(ad["Subtype"]) {
		case "Link", "Popup":
			continue
		}
		if f, ok := in.doc.Number(ad["F"]); ok && int64(f)&(annotHidden|annotNoView) != 0 {
			continue
		}
		if ad["OC"] != nil && !in.doc.shown(ad["OC"]) {
			continue // in optional content turned off
		}
		start := len(in.glyphs)
		var err error
		if f, ok := in.builtField(ad); ok {
			err = in.drawField(ad, f)
		} else {
			err = in.appearance(ad)
		}
		if in.halts(err) {
			return err
		}
		if repeatsPage(in.glyphs[:page], in.glyphs[start:]) {
			in.glyphs = in.glyphs[:start]
			in.lastSpace = spaceMark{}
		}
	}
	return nil
}

// appearance draws the normal appearance stream of the annotation ad
// (its /AP /N, or of a field with states the one its /AS names) into its
// /Rect, as PDF 32000-1, 12.5.5 places it: the form's /BBox, transformed
// by its /Matrix, is fitted to the rectangle.
func (in *interp) appearance(ad types.Dict) error {
	ap := in.doc.Dict(ad["AP"])
	if ap == nil {
		return nil
	}
	ref := ap["N"]
	if states := in.doc.Dict(ref); states != nil && in.doc.Name(states["Type"]) != "XObject" && states["BBox"] == nil {
		ref = states[in.doc.Name(ad["AS"])]
	}
	xd := in.doc.Dict(ref)
	rect := in.doc.Numbers(ad["Rect"])
	if xd == nil || len(rect) != 4 {
		return nil
	}
	fit, ok := fitAppearance(in.doc.Numbers(xd["BBox"]), in.doc.Numbers(xd["Matrix"]), rect)
	if !ok {
		return nil
	}
	saved, savedStack := in.gs, in.stack
	in.gs = gstate{ctm: fit, th: 1}
	in.stack = nil
	err := in.runForm(ref, xd, in.page.Resources)
	in.gs, in.stack = saved, savedStack
	return err
}

// repeatReach is how far around an appearance's text, in ems of its
// size, the page's own text is looked for.
const repeatReach = 0.5

// repeatsPage says whether the text an appearance drew (shown, not
// empty, spaces aside) is the page's own text there: the characters of
// the page's glyphs whose centres lie within repeatReach of its box, in
// drawing order, hold it. A push button that LaTeX's hyperref draws
// labels itself in the page's content and again in its appearance, at
// a slightly different scale, and the two copies of "Submit" read as
// "Submiitt". A field's value over an empty box, or a stamp over other
// words, is kept.
func repeatsPage(page, shown []glyph) bool {
	var want strings.Builder
	var box core.BBox
	size := 0.0
	for _, g := range shown {
		if g.space {
			continue
		}
		if want.Len() == 0 {
			box = g.box
		} else {
			box = box.Union(g.box)
		}
		want.WriteString(g.text)
		size = max(size, g.size)
	}
	if want.Len() == 0 {
		return false
	}
	reach := repeatReach * size
	box = core.BBox{X0: box.X0 - reach, Y0: box.Y0 - reach, X1: box.X1 + reach, Y1: box.Y1 + reach}
	var have strings.Builder
	for _, g := range page {
		cx, cy := (g.box.X0+g.box.X1)/2, (g.box.Y0+g.box.Y1)/2
		if !g.space && holds(box, cx, cy) {
			have.WriteString(g.text)
		}
	}
	return strings.Contains(have.String(), want.String())
}

// fitAppearance is the matrix that maps an appearance form's bounding box
// bbox, transformed by its matrix m (the identity when absent), onto the
// annotation's rectangle rect; the form's own matrix is applied before it
// (runForm). The form's box is mapped as a glyph's cell is (cellBox). ok
// is false when either box is empty or a number is not finite.
func fitAppearance(bbox, m, rect []float64) (pdfdoc.Matrix, bool) {
	if len(bbox) != 4 {
		return pdfdoc.Matrix{}, false
	}
	fm := pdfdoc.Identity
	if len(m) == 6 {
		fm = pdfdoc.Matrix{m[0], m[1], m[2], m[3], m[4], m[5]}
	}
	if !fm.Finite() {
		return pdfdoc.Matrix{}, false
	}
	b := cellBox(fm, bbox[0], bbox[2], bbox[1], bbox[3])
	rx0, rx1 := min(rect[0], rect[2]), max(rect[0], rect[2])
	ry0, ry1 := min(rect[1], rect[3]), max(rect[1], rect[3])
	// The box must have a width and a height, and finite ones: corners
	// that overflow (numbers near the float limit) are refused too.
	w, h := b.X1-b.X0, b.Y1-b.Y0
	if !(w > 0 && w <= math.MaxFloat64) || !(h > 0 && h <= math.MaxFloat64) || !(rx1 > rx0) || !(ry1 > ry0) {
		return pdfdoc.Matrix{}, false
	}
	sx, sy := (rx1-rx0)/w, (ry1-ry0)/h
	a := pdfdoc.Matrix{sx, 0, 0, sy, rx0 - b.X0*sx, ry0 - b.Y0*sy}
	if !a.Finite() {
		return pdfdoc.Matrix{}, false
	}
	return a, true
}

// keepDrawing notes what the page has drawn besides text (paths, rules,
// fills and images, and their counts as page facts), and returns a
// function that puts it back as it was.
func (in *interp) keepDrawing() func() {
	edges, fills, images, refs := len(in.edges), len(in.fills), len(in.images), len(in.imageRefs)
	pathOps, fillOps, smallFills := in.pathOps, in.fillOps, in.smallFills
	imageCount, imageSamples := in.imageCount, in.imageSamples
	return func() {
		in.edges, in.fills = in.edges[:edges], in.fills[:fills]
		in.images, in.imageRefs = in.images[:images], in.imageRefs[:refs]
		in.pathOps, in.fillOps, in.smallFills = pathOps, fillOps, smallFills
		in.imageCount, in.imageSamples = imageCount, imageSamples
	}
}
