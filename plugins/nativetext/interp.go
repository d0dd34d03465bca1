package nativetext

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/core"
)

// glyph is one shown character in displayed page coordinates (points,
// top-left origin).
type glyph struct {
	text    string
	box     core.BBox
	ox, oy  float64 // baseline origin
	ex, ey  float64 // baseline end (origin + advance)
	dir     int     // 0, 90, 180, 270: direction of the baseline, clockwise
	size    float64 // font size in points on the page
	font    *font
	flags   core.WordFlags
	space   bool // an explicit space character
	mapped  bool
	actual  bool    // replaced by /ActualText
	seq     int     // drawing order
	cs      float64 // character spacing (Tc) on the page, in points
	fakeDup bool
}

type gstate struct {
	ctm      matrix
	font     *font
	fontSize float64
	tc, tw   float64
	th       float64 // horizontal scaling, 1 = 100 %
	tl       float64
	rise     float64
	tr       int
}

type mcFrame struct {
	actual    bool
	text      string
	start     int
	hasActual bool
}

var (
	errOpsLimit   = errors.New("operator limit reached")
	errGlyphLimit = errors.New("glyph limit reached")
)

// maxGlyphsPerPage bounds the glyphs kept for one page.
const maxGlyphsPerPage = 2_000_000

// interp runs the content stream of one page and collects its glyphs.
type interp struct {
	ctx    context.Context
	doc    *document
	page   *pageInfo
	opts   Options
	gs     gstate
	stack  []gstate
	tm     matrix
	tlm    matrix
	glyphs []glyph
	mc     []mcFrame
	ops    int
	forms  map[int]bool // forms being run, for the cycle guard
	depth  int
	codes  []code
	fonts  map[*types.Dict]map[string]*font

	unmapped  int
	invisible int
	limitHit  bool
}

func newInterp(ctx context.Context, d *document, p *pageInfo, opts Options) *interp {
	return &interp{
		ctx:   ctx,
		doc:   d,
		page:  p,
		opts:  opts,
		gs:    gstate{ctm: identity, th: 1, fontSize: 0},
		tm:    identity,
		tlm:   identity,
		forms: map[int]bool{},
	}
}

// run interprets content with the given resources.
func (in *interp) run(content []byte, res types.Dict) error {
	l := newLexer(content)
	var operands []obj
	fontCache := map[string]*font{}
	for {
		o, ok, err := l.next()
		if !ok {
			return nil
		}
		if err != nil {
			// Nesting limit: drop the operands and carry on.
			operands = operands[:0]
			continue
		}
		if o.kind != kOp {
			if len(operands) < 4096 {
				operands = append(operands, o)
			}
			continue
		}
		in.ops++
		if in.ops > in.opts.MaxOps {
			in.limitHit = true
			return errOpsLimit
		}
		if in.ops&1023 == 0 {
			if err := in.ctx.Err(); err != nil {
				return err
			}
		}
		if o.str == "BI" {
			l.skipInlineImage()
			operands = operands[:0]
			continue
		}
		if err := in.op(o.str, operands, res, fontCache); err != nil {
			return err
		}
		operands = operands[:0]
	}
}

func num(ops []obj, i int) float64 {
	if i < 0 || i >= len(ops) || ops[i].kind != kNum {
		return 0
	}
	v := ops[i].num
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}

// last returns the last n operands (fewer when missing, padded in front).
func last(ops []obj, n int) []obj {
	if len(ops) >= n {
		return ops[len(ops)-n:]
	}
	out := make([]obj, n)
	copy(out[n-len(ops):], ops)
	return out
}

func (in *interp) op(name string, ops []obj, res types.Dict, fontCache map[string]*font) error {
	switch name {
	case "q":
		if len(in.stack) < 1024 {
			in.stack = append(in.stack, in.gs)
		}
	case "Q":
		if n := len(in.stack); n > 0 {
			in.gs = in.stack[n-1]
			in.stack = in.stack[:n-1]
		}
	case "cm":
		a := last(ops, 6)
		m := matrix{num(a, 0), num(a, 1), num(a, 2), num(a, 3), num(a, 4), num(a, 5)}
		if m.finite() {
			in.gs.ctm = m.mul(in.gs.ctm)
		}
	case "BT":
		in.tm, in.tlm = identity, identity
	case "ET":
	case "Tf":
		a := last(ops, 2)
		if a[0].kind == kName {
			in.gs.font = in.font(a[0].str, res, fontCache)
		}
		in.gs.fontSize = num(a, 1)
	case "Tc":
		in.gs.tc = num(last(ops, 1), 0)
	case "Tw":
		in.gs.tw = num(last(ops, 1), 0)
	case "Tz":
		in.gs.th = num(last(ops, 1), 0) / 100
	case "TL":
		in.gs.tl = num(last(ops, 1), 0)
	case "Ts":
		in.gs.rise = num(last(ops, 1), 0)
	case "Tr":
		in.gs.tr = int(num(last(ops, 1), 0))
	case "Td":
		a := last(ops, 2)
		in.moveLine(num(a, 0), num(a, 1))
	case "TD":
		a := last(ops, 2)
		in.gs.tl = -num(a, 1)
		in.moveLine(num(a, 0), num(a, 1))
	case "Tm":
		a := last(ops, 6)
		m := matrix{num(a, 0), num(a, 1), num(a, 2), num(a, 3), num(a, 4), num(a, 5)}
		if m.finite() {
			in.tm, in.tlm = m, m
		}
	case "T*":
		in.moveLine(0, -in.gs.tl)
	case "Tj":
		if a := last(ops, 1); a[0].kind == kStr {
			return in.show(a[0].str)
		}
	case "'":
		in.moveLine(0, -in.gs.tl)
		if a := last(ops, 1); a[0].kind == kStr {
			return in.show(a[0].str)
		}
	case "\"":
		a := last(ops, 3)
		in.gs.tw, in.gs.tc = num(a, 0), num(a, 1)
		in.moveLine(0, -in.gs.tl)
		if a[2].kind == kStr {
			return in.show(a[2].str)
		}
	case "TJ":
		a := last(ops, 1)
		if a[0].kind != kArray {
			return nil
		}
		for _, e := range a[0].arr {
			switch e.kind {
			case kStr:
				if err := in.show(e.str); err != nil {
					return err
				}
			case kNum:
				in.adjust(e.num)
			}
		}
	case "Do":
		if a := last(ops, 1); a[0].kind == kName {
			return in.doXObject(a[0].str, res)
		}
	case "gs":
		if a := last(ops, 1); a[0].kind == kName {
			in.extGState(a[0].str, res, fontCache)
		}
	case "BMC":
		in.mc = append(in.mc, mcFrame{start: len(in.glyphs)})
	case "BDC":
		f := mcFrame{start: len(in.glyphs)}
		a := last(ops, 2)
		var props map[string]obj
		if a[1].kind == kDict {
			props = a[1].dict
		} else if a[1].kind == kName {
			props = in.properties(a[1].str, res)
		}
		if at, ok := props["ActualText"]; ok && at.kind == kStr {
			f.hasActual = true
			f.text = textString([]byte(at.str))
		}
		if len(in.mc) < 256 {
			in.mc = append(in.mc, f)
		}
	case "EMC":
		if n := len(in.mc); n > 0 {
			f := in.mc[n-1]
			in.mc = in.mc[:n-1]
			if f.hasActual {
				in.applyActualText(f)
			}
		}
	}
	return nil
}

func (in *interp) moveLine(tx, ty float64) {
	in.tlm = translate(tx, ty).mul(in.tlm)
	in.tm = in.tlm
}

// adjust applies a TJ number: a displacement in thousandths of an em.
func (in *interp) adjust(n float64) {
	if math.IsNaN(n) || math.IsInf(n, 0) {
		return
	}
	fs := in.gs.fontSize
	if in.gs.font != nil && in.gs.font.vertical {
		in.tm = translate(0, -n/1000*fs).mul(in.tm)
		return
	}
	in.tm = translate(-n/1000*fs*in.gs.th, 0).mul(in.tm)
}

func (in *interp) font(name string, res types.Dict, cache map[string]*font) *font {
	if f, ok := cache[name]; ok {
		return f
	}
	var f *font
	if fonts := in.doc.dict(res["Font"]); fonts != nil {
		if o, ok := fonts[name]; ok {
			f = in.doc.loadFont(o)
		}
	}
	if f == nil {
		f = &font{simple: true, widthScale: 0.001, ascent: 0.8, descent: -0.2, sizeMul: 1, dw: 1000, name: name}
	}
	cache[name] = f
	return f
}

func (in *interp) extGState(name string, res types.Dict, cache map[string]*font) {
	gsd := in.doc.dict(in.doc.dict(res["ExtGState"])[name])
	if gsd == nil {
		return
	}
	if a := in.doc.array(gsd["Font"]); len(a) == 2 {
		f := in.doc.loadFont(a[0])
		if sz, ok := in.doc.number(a[1]); ok && f != nil {
			in.gs.font, in.gs.fontSize = f, sz
		}
	}
}

func (in *interp) properties(name string, res types.Dict) map[string]obj {
	pd := in.doc.dict(in.doc.dict(res["Properties"])[name])
	if pd == nil {
		return nil
	}
	if b, ok := in.doc.str(pd["ActualText"]); ok {
		return map[string]obj{"ActualText": {kind: kStr, str: string(b)}}
	}
	return nil
}

// applyActualText replaces the glyphs drawn in a marked-content span with
// one glyph carrying the span's ActualText.
func (in *interp) applyActualText(f mcFrame) {
	if f.start > len(in.glyphs) {
		return
	}
	span := in.glyphs[f.start:]
	if len(span) == 0 {
		return
	}
	g := span[0]
	for _, s := range span[1:] {
		g.box = g.box.Union(s.box)
		g.ex, g.ey = s.ex, s.ey
	}
	for _, s := range span {
		if !s.mapped && !s.space {
			in.unmapped--
		}
	}
	g.text = f.text
	g.mapped, g.actual = true, true
	g.space = f.text == " "
	in.glyphs = append(in.glyphs[:f.start], g)
}

// show draws a string with the current font.
func (in *interp) show(s string) error {
	f := in.gs.font
	if f == nil {
		f = &font{simple: true, widthScale: 0.001, ascent: 0.8, descent: -0.2, sizeMul: 1, dw: 1000}
		in.gs.font = f
	}
	gs := &in.gs
	fs := gs.fontSize
	th := gs.th
	in.codes = f.decode(s, in.codes)
	base := in.gs.ctm.mul(in.page.toDisplay)
	for _, c := range in.codes {
		w := f.width(c.v)
		if math.IsNaN(w) || math.IsInf(w, 0) {
			w = 0
		}
		// Text rendering matrix: [fs·th 0 0 fs 0 rise] × Tm × CTM (× page).
		trm := matrix{fs * th, 0, 0, fs, 0, gs.rise}.mul(in.tm).mul(base)
		var gx0, gx1, gy0, gy1 float64
		if f.vertical {
			gx0, gx1, gy0, gy1 = -0.5, 0.5, -1, 0
		} else {
			gx0, gx1, gy0, gy1 = 0, w, f.descent, f.ascent
		}
		if gx1-gx0 < 0.05 {
			gx1 = gx0 + 0.05
		}
		text, ok := f.text(c.v)
		cs := 0.0
		if gs.tc > 0 {
			m := in.tm.mul(base)
			cs = gs.tc * th * math.Hypot(m[0], m[1])
		}
		if err := in.emit(trm, gx0, gx1, gy0, gy1, w, text, ok, f, cs); err != nil {
			return err
		}
		// Advance.
		wordSpace := 0.0
		if c.isWordSpace() {
			wordSpace = gs.tw
		}
		if f.vertical {
			in.tm = translate(0, -fs+gs.tc+wordSpace).mul(in.tm)
		} else {
			tx := (w*fs + gs.tc + wordSpace) * th
			in.tm = translate(tx, 0).mul(in.tm)
		}
	}
	return nil
}

func (in *interp) emit(trm matrix, gx0, gx1, gy0, gy1, w float64, text string, mapped bool, f *font, cs float64) error {
	if !trm.finite() {
		return nil
	}
	xs := [4]float64{}
	ys := [4]float64{}
	xs[0], ys[0] = trm.apply(gx0, gy0)
	xs[1], ys[1] = trm.apply(gx1, gy0)
	xs[2], ys[2] = trm.apply(gx0, gy1)
	xs[3], ys[3] = trm.apply(gx1, gy1)
	b := core.BBox{X0: xs[0], Y0: ys[0], X1: xs[0], Y1: ys[0]}
	for i := 1; i < 4; i++ {
		b.X0, b.X1 = math.Min(b.X0, xs[i]), math.Max(b.X1, xs[i])
		b.Y0, b.Y1 = math.Min(b.Y0, ys[i]), math.Max(b.Y1, ys[i])
	}
	// Drop glyphs fully outside the page; clip the others.
	pb := core.BBox{X0: 0, Y0: 0, X1: in.page.width, Y1: in.page.height}
	clipped := b.Intersect(pb)
	if clipped.Empty() {
		return nil
	}
	if len(in.glyphs) >= maxGlyphsPerPage {
		in.limitHit = true
		return errGlyphLimit
	}
	ox, oy := trm.apply(0, 0)
	ex, ey := trm.apply(math.Max(w, 0.01), 0)
	if f.vertical {
		ex, ey = trm.apply(0, -1)
	}
	dx, dy := ex-ox, ey-oy
	dir := 0
	switch {
	case math.Abs(dx) >= math.Abs(dy) && dx >= 0:
		dir = 0
	case math.Abs(dx) >= math.Abs(dy):
		dir = 180
	case dy > 0:
		dir = 90
	default:
		dir = 270
	}
	// Size: the height of one em on the page.
	hx, hy := trm[2], trm[3]
	size := math.Hypot(hx, hy) * f.sizeMul
	if f.vertical {
		size = math.Hypot(trm[0], trm[1]) * f.sizeMul
	}
	flags := f.flags
	if in.gs.tr == 3 || in.gs.tr == 7 {
		flags |= core.FlagInvisible
		in.invisible++
	}
	if dir != 0 && !f.vertical {
		flags |= core.FlagRotated
	} else if dir == 0 && math.Abs(dy) > 0.02*math.Abs(dx) {
		flags |= core.FlagRotated
	}
	space := false
	if mapped && (text == " " || text == "\u00a0" || text == "\u3000") {
		space = true
	}
	if !mapped {
		text = "\ufffd"
		in.unmapped++
	}
	in.glyphs = append(in.glyphs, glyph{
		text: text, box: clipped, ox: ox, oy: oy, ex: ex, ey: ey, dir: dir,
		size: size, font: f, flags: flags, space: space, mapped: mapped, seq: len(in.glyphs), cs: cs,
	})
	return nil
}

func (in *interp) doXObject(name string, res types.Dict) error {
	xobjs := in.doc.dict(res["XObject"])
	if xobjs == nil {
		return nil
	}
	ref, ok := xobjs[name]
	if !ok {
		return nil
	}
	nr := objNr(ref)
	if nr > 0 && in.forms[nr] {
		return nil // a cycle
	}
	if in.depth >= in.opts.MaxDepth {
		return nil
	}
	xd := in.doc.dict(ref)
	if xd == nil || in.doc.name(xd["Subtype"]) != "Form" {
		return nil
	}
	_, content, err := in.doc.stream(ref)
	if err != nil || len(content) == 0 {
		return nil
	}
	saved := in.gs
	savedStack := len(in.stack)
	savedTm, savedTlm := in.tm, in.tlm
	if m := in.doc.numbers(xd["Matrix"]); len(m) == 6 {
		fm := matrix{m[0], m[1], m[2], m[3], m[4], m[5]}
		if fm.finite() {
			in.gs.ctm = fm.mul(in.gs.ctm)
		}
	}
	fres := in.doc.dict(xd["Resources"])
	if fres == nil {
		fres = res
	}
	if nr > 0 {
		in.forms[nr] = true
	}
	in.depth++
	err = in.run(content, fres)
	in.depth--
	if nr > 0 {
		delete(in.forms, nr)
	}
	in.gs = saved
	if len(in.stack) > savedStack {
		in.stack = in.stack[:savedStack]
	}
	in.tm, in.tlm = savedTm, savedTlm
	if errors.Is(err, errOpsLimit) || errors.Is(err, errGlyphLimit) || in.ctx.Err() != nil {
		return err
	}
	if err != nil {
		return fmt.Errorf("form %s: %w", name, err)
	}
	return nil
}
