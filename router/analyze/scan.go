package analyze

import (
	"context"
	"errors"
	"math"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
)

type gstate struct {
	ctm  pdfdoc.Matrix
	font *fontInfo
	tr   int
}

// scanner counts what a page's content stream draws. It keeps only the
// graphics state it needs: the CTM (for image and path boxes), the font
// and the text render mode.
type scanner struct {
	ctx      context.Context
	doc      *pdfdoc.Document
	page     *pdfdoc.Page
	opts     Options
	out      *Page
	docFonts map[int]*fontInfo // by object number, for the document
	glyphs   map[*fontInfo]int // glyphs per font on this page
	images   []core.BBox
	forms    map[int]bool // forms being run, for the cycle guard
	depth    int
	ops      int
	gs       gstate
	stack    []gstate

	// The path under construction, in displayed coordinates.
	pathBox  core.BBox
	pathOpen bool
	stopped  bool
}

var defaultFont = &fontInfo{Font: Font{Name: "(none)"}, codeLen: 1}

// run scans content with the given resources. It reads with
// Lexer.Scan, which copies nothing: names and numbers are read from the
// content bytes, strings are only counted.
func (s *scanner) run(content []byte, res types.Dict) {
	l := pdfdoc.NewLexer(content)
	fontCache := map[string]*fontInfo{}
	for !s.stopped {
		o, ok := l.Scan()
		if !ok {
			return
		}
		s.ops++
		if s.ops > s.opts.MaxOps {
			s.out.LimitHit = true
			s.stopped = true
			return
		}
		if s.ops&1023 == 0 && s.ctx.Err() != nil {
			s.stopped = true
			return
		}
		if string(o.Op) == "BI" {
			l.SkipInlineImage()
			s.out.Images++
			s.addImage()
			continue
		}
		if o.Dropped {
			o.Operands = nil // nested too deep: what was read is not trusted
		}
		s.op(o, res, fontCache)
	}
}

// arg is operand i of the last n operands; a missing one is null.
func arg(ops []pdfdoc.Operand, n, i int) pdfdoc.Operand {
	if j := len(ops) - n + i; j >= 0 && j < len(ops) {
		return ops[j]
	}
	return pdfdoc.Operand{}
}

// num is arg(ops, n, i) as a finite number, 0 otherwise.
func num(ops []pdfdoc.Operand, n, i int) float64 { return arg(ops, n, i).Num() }

func (s *scanner) op(o pdfdoc.ScanOp, res types.Dict, fontCache map[string]*fontInfo) {
	ops := o.Operands
	switch string(o.Op) {
	case "q":
		if len(s.stack) < 1024 {
			s.stack = append(s.stack, s.gs)
		}
	case "Q":
		if n := len(s.stack); n > 0 {
			s.gs = s.stack[n-1]
			s.stack = s.stack[:n-1]
		}
	case "cm":
		m := pdfdoc.Matrix{num(ops, 6, 0), num(ops, 6, 1), num(ops, 6, 2), num(ops, 6, 3), num(ops, 6, 4), num(ops, 6, 5)}
		if m.Finite() {
			s.gs.ctm = m.Mul(s.gs.ctm)
		}
	case "Tf":
		if a := arg(ops, 2, 0); a.Kind == pdfdoc.KindName {
			s.gs.font = s.font(a, res, fontCache)
		}
	case "Tr":
		s.gs.tr = int(num(ops, 1, 0))
	case "Tj", "'":
		s.show(arg(ops, 1, 0))
	case "\"":
		s.show(arg(ops, 3, 2))
	case "TJ":
		s.show(arg(ops, 1, 0)) // an array operand counts the strings in it
	case "Do":
		if a := arg(ops, 1, 0); a.Kind == pdfdoc.KindName {
			s.xobject(a.Name(), res)
		}
	case "m", "l":
		s.pathPoint(num(ops, 2, 0), num(ops, 2, 1))
	case "c":
		s.pathPoint(num(ops, 6, 0), num(ops, 6, 1))
		s.pathPoint(num(ops, 6, 2), num(ops, 6, 3))
		s.pathPoint(num(ops, 6, 4), num(ops, 6, 5))
	case "v", "y":
		s.pathPoint(num(ops, 4, 0), num(ops, 4, 1))
		s.pathPoint(num(ops, 4, 2), num(ops, 4, 3))
	case "re":
		x, y, w, h := num(ops, 4, 0), num(ops, 4, 1), num(ops, 4, 2), num(ops, 4, 3)
		s.pathPoint(x, y)
		s.pathPoint(x+w, y+h)
	case "h":
		s.out.PathOps++
	case "f", "F", "f*", "B", "B*", "b", "b*":
		s.out.PathOps++
		s.out.fills++
		if s.pathOpen && s.pathBox.Width() <= OutlineMaxSize && s.pathBox.Height() <= OutlineMaxSize {
			s.out.smallFills++
		}
		s.pathOpen = false
	case "S", "s", "n":
		s.out.PathOps++
		s.pathOpen = false
	}
}

// pathPoint adds a path construction point (user space) to the path box.
func (s *scanner) pathPoint(x, y float64) {
	s.out.PathOps++
	x, y = s.gs.ctm.Mul(s.page.ToDisplay).Apply(x, y)
	if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return
	}
	if !s.pathOpen {
		s.pathBox = core.BBox{X0: x, Y0: y, X1: x, Y1: y}
		s.pathOpen = true
		return
	}
	s.pathBox.X0, s.pathBox.X1 = math.Min(s.pathBox.X0, x), math.Max(s.pathBox.X1, x)
	s.pathBox.Y0, s.pathBox.Y1 = math.Min(s.pathBox.Y0, y), math.Max(s.pathBox.Y1, y)
}

// show counts a text-showing operator and the glyphs of its operand: a
// string, or the strings of a TJ array, each string's bytes divided by
// the font's code length (rounded up).
func (s *scanner) show(t pdfdoc.Operand) {
	s.out.TextOps++
	if t.Kind != pdfdoc.KindString && t.Kind != pdfdoc.KindArray {
		return
	}
	f := s.gs.font
	if f == nil {
		f = defaultFont
	}
	n := t.Bytes
	if f.codeLen == 2 {
		n = t.Codes2
	}
	if n == 0 {
		return
	}
	s.out.Glyphs += n
	if s.gs.tr == 3 || s.gs.tr == 7 {
		s.out.InvisibleGlyphs += n
	}
	s.glyphs[f] += n
}

// font resolves a Tf name; cache is keyed by the name as written.
func (s *scanner) font(o pdfdoc.Operand, res types.Dict, cache map[string]*fontInfo) *fontInfo {
	if f, ok := cache[string(o.Raw)]; ok {
		return f
	}
	name := o.Name()
	f := defaultFont
	if fonts := s.doc.Dict(res["Font"]); fonts != nil {
		if ref, ok := fonts[name]; ok {
			nr := pdfdoc.ObjNr(ref)
			if df, ok := s.docFonts[nr]; ok && nr > 0 {
				f = df
			} else if fd := s.doc.Dict(ref); fd != nil {
				f = describeFont(s.doc, name, fd)
				if nr > 0 {
					s.docFonts[nr] = f
				}
			}
		}
	}
	cache[string(o.Raw)] = f
	return f
}

// xobject handles Do: an image adds its box, a form is scanned.
func (s *scanner) xobject(name string, res types.Dict) {
	ref, ok := s.doc.Dict(res["XObject"])[name]
	if !ok {
		return
	}
	xd := s.doc.Dict(ref)
	if xd == nil {
		return
	}
	switch s.doc.Name(xd["Subtype"]) {
	case "Image":
		s.out.Images++
		s.addImage()
	case "Form":
		nr := pdfdoc.ObjNr(ref)
		if (nr > 0 && s.forms[nr]) || s.depth >= s.opts.MaxFormDepth {
			return
		}
		_, content, err := s.doc.Stream(ref)
		if err != nil || len(content) == 0 {
			if err != nil && errors.Is(err, core.ErrTooLarge) {
				s.out.LimitHit = true
			}
			return
		}
		saved, savedStack := s.gs, len(s.stack)
		if m := s.doc.Numbers(xd["Matrix"]); len(m) == 6 {
			fm := pdfdoc.Matrix{m[0], m[1], m[2], m[3], m[4], m[5]}
			if fm.Finite() {
				s.gs.ctm = fm.Mul(s.gs.ctm)
			}
		}
		fres := s.doc.Dict(xd["Resources"])
		if fres == nil {
			fres = res
		}
		if nr > 0 {
			s.forms[nr] = true
		}
		s.depth++
		s.run(content, fres)
		s.depth--
		if nr > 0 {
			delete(s.forms, nr)
		}
		s.gs = saved
		if len(s.stack) > savedStack {
			s.stack = s.stack[:savedStack]
		}
	}
}

// addImage records the box of the unit square under the CTM, clipped to
// the page.
func (s *scanner) addImage() {
	m := s.gs.ctm.Mul(s.page.ToDisplay)
	if !m.Finite() {
		return
	}
	var b core.BBox
	for i, c := range [4][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
		x, y := m.Apply(c[0], c[1])
		if i == 0 {
			b = core.BBox{X0: x, Y0: y, X1: x, Y1: y}
			continue
		}
		b.X0, b.X1 = math.Min(b.X0, x), math.Max(b.X1, x)
		b.Y0, b.Y1 = math.Min(b.Y0, y), math.Max(b.Y1, y)
	}
	b = b.Intersect(core.BBox{X1: s.page.Width, Y1: s.page.Height})
	if b.Empty() {
		return
	}
	if len(s.images) < 4*maxUnionBoxes {
		s.images = append(s.images, b)
	}
}
