package nativetext

import (
	"context"
	"errors"
	"fmt"
	"math"
	"unicode"
	"unicode/utf8"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// glyph is one shown character in displayed page coordinates (points,
// top-left origin).
type glyph struct {
	text   string
	box    core.BBox
	ox, oy float64 // baseline origin
	ex, ey float64 // baseline end (origin + advance)
	dir    int     // 0, 90, 180, 270: direction of the baseline, clockwise
	size   float64 // font size in points on the page
	font   *font
	flags  core.WordFlags
	space  bool // an explicit space character
	mapped bool
	actual bool    // replaced by /ActualText
	seq    int     // drawing order
	cs     float64 // character spacing (Tc) on the page, in points
	// placed: the first glyph of a string that a show operator placed
	// on its own (Tj, ', " or a TJ's first string), not one that
	// follows the glyph before it by its advance or a TJ kern.
	placed  bool
	fakeDup bool
	white   bool   // filled white: hidden unless something painted shows it (dropHidden)
	fill    uint16 // the fill colour it is drawn in, numbered per page (interp.colorNumber)
}

type gstate struct {
	ctm      pdfdoc.Matrix
	font     *font
	fontSize float64
	tc, tw   float64
	th       float64 // horizontal scaling, 1 = 100 %
	tl       float64
	rise     float64
	tr       int

	fillWhite, strokeWhite bool
	// fillSpace, strokeSpace: how the components of the colour space
	// set last by cs or CS read (spaceOf).
	fillSpace, strokeSpace spaceKind
	fillColor              string // the fill colour's operands, to tell shades apart
	fill                   uint16 // fillColor's number on the page (interp.colorNumber)
	lineWidth              float64

	// clip bounds the clipping paths set (display coordinates) when
	// clipped; glyphs outside it are not seen (see visible).
	clip    core.BBox
	clipped bool
}

type mcFrame struct {
	actual    bool
	text      string
	start     int
	hasActual bool
	// off: the frame marks optional content the document turns off.
	off bool
}

var (
	errOpsLimit   = errors.New("operator limit reached")
	errGlyphLimit = errors.New("glyph limit reached")
)

// limitHit says whether err is a page's operator or glyph limit, which
// ends its reading but keeps what was read.
func limitHit(err error) bool {
	return errors.Is(err, errOpsLimit) || errors.Is(err, errGlyphLimit)
}

// halts says whether err, met while running a form or an appearance,
// ends the page's reading: a limit, or the request's end.
func (in *interp) halts(err error) bool {
	return limitHit(err) || in.ctx.Err() != nil
}

// maxGlyphsPerPage bounds the glyphs kept for one page.
const maxGlyphsPerPage = 2_000_000

// maxStateDepth and maxMarkedDepth bound the graphics state stack (q) and
// the marked-content stack (BDC): real content nests a few levels, and a
// hostile stream must not grow them without bound.
const (
	maxStateDepth  = 1024
	maxMarkedDepth = 256
)

// maxGlyphHint bounds the room a page's glyph slice starts with (see
// document.glyphHint): a dense page has some 10,000 glyphs, and a hostile
// one should not make every later page start with its size.
const maxGlyphHint = 1 << 15

// glyphRoom recycles pages' glyph slices: a page's slice goes back once
// its page is laid out (document.extract), and the next page of any
// document starts in it.
var glyphRoom room[glyph]

// interp runs the content stream of one page and collects its glyphs.
type interp struct {
	ctx    context.Context
	doc    *document
	page   *pdfdoc.Page
	opts   Options
	gs     gstate
	stack  []gstate
	tm     pdfdoc.Matrix
	tlm    pdfdoc.Matrix
	glyphs []glyph
	// lastSpace is the space glyph shown last, whose advance a kern taken
	// right after it may take back (kernSpace).
	lastSpace spaceMark
	// placeNext marks the next glyph emitted as placed.
	placeNext bool
	mc        []mcFrame
	ops       int
	forms     map[int]bool // forms being run, for the cycle guard
	depth     int
	codes     []code
	fonts     map[*types.Dict]map[string]*font

	unmapped  int
	invisible int
	// whites counts the glyphs filled white (glyph.white); hidden those
	// left out as no reader sees them (dropHidden, optional content
	// turned off). grounds are the
	// boxes painted on the page, over or under which white text may be
	// seen or be a layer for search (fills in a colour, images,
	// shadings), and groundsFull says there were more than maxGrounds.
	whites int
	hidden int
	// offDepth counts the marked-content frames open that mark optional
	// content turned off: while it is above 0 nothing drawn is seen.
	offDepth    int
	grounds     []core.BBox
	groundsFull bool
	limitHit    bool

	path []pathPt // the path under construction
	// pathBox bounds the path's points and control points (display
	// coordinates); clipNext is set by W: the path clips when it is
	// painted or discarded.
	pathBox  core.BBox
	clipNext bool
	edges    []edge      // painted rules and rectangle sides
	fills    []fillRect  // filled rectangles, turned into edges by finishFills
	images   []core.BBox // images drawn
	// marks are the boxes of the painted subpaths (drawings.go).
	marks  []drawMark
	dots   []dot             // small round or square marks painted (see noteDot)
	colors map[string]uint16 // the fill colours used, numbered from 1
	// imageRefs are the images' XObjects, nil for an inline image.
	imageRefs []types.Object
	// The page facts counted while interpreting (see core.Fact*).
	textOps, cidGlyphs, imageCount, pathOps, fillOps, smallFills int
	// imageSamples sums the samples of the image XObjects drawn (see
	// core.FactImageSamples).
	imageSamples float64
}

func newInterp(ctx context.Context, d *document, p *pdfdoc.Page, opts Options) *interp {
	return &interp{
		ctx:    ctx,
		doc:    d,
		page:   p,
		opts:   opts,
		gs:     gstate{ctm: pdfdoc.Identity, th: 1, fontSize: 0},
		tm:     pdfdoc.Identity,
		tlm:    pdfdoc.Identity,
		forms:  map[int]bool{},
		glyphs: glyphRoom.take(int(min(d.glyphHint.Load(), maxGlyphHint))),
	}
}

// run interprets content with the given resources.
func (in *interp) run(content []byte, res types.Dict) error {
	l := pdfdoc.NewLexer(content)
	l.RecycleArrays() // operands are done with at each operator
	var operands []pdfdoc.Token
	fontCache := map[string]*font{}
	for {
		o, ok, err := l.Next()
		if !ok {
			return nil
		}
		if err != nil {
			// Nesting limit: drop the operands and carry on.
			operands = operands[:0]
			l.Recycle()
			continue
		}
		if o.Kind != pdfdoc.KindOperator {
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
		if o.Str == "BI" {
			l.SkipInlineImage()
			in.addImage(nil)
			operands = operands[:0]
			l.Recycle()
			continue
		}
		if err := in.op(o.Str, operands, res, fontCache); err != nil {
			return err
		}
		operands = operands[:0]
		l.Recycle()
	}
}

func (in *interp) op(name string, ops []pdfdoc.Token, res types.Dict, fontCache map[string]*font) error {
	switch name {
	case "q", "Q", "cm":
		in.stateOp(name, ops)
	case "Tj", "'", "\"", "TJ":
		in.textOps++
		return in.showOp(name, ops)
	case "Do":
		if a := pdfdoc.Last(ops, 1); a[0].Kind == pdfdoc.KindName {
			return in.doXObject(a[0].Str, res)
		}
	case "gs":
		if a := pdfdoc.Last(ops, 1); a[0].Kind == pdfdoc.KindName {
			in.extGState(a[0].Str, res, fontCache)
		}
	case "BMC", "BDC", "EMC":
		in.markedOp(name, ops, res)
	case "sh":
		in.shade()
	case "cs", "CS":
		in.colorSpace(name, ops, res)
	default:
		if !in.textStateOp(name, ops, res, fontCache) {
			in.pathOp(name, ops)
		}
	}
	return nil
}

// stateOp runs q, Q and cm: the graphics state stack (bounded) and the
// current transformation matrix.
func (in *interp) stateOp(name string, ops []pdfdoc.Token) {
	switch name {
	case "q":
		if len(in.stack) < maxStateDepth {
			in.stack = append(in.stack, in.gs)
		}
	case "Q":
		if n := len(in.stack); n > 0 {
			in.gs = in.stack[n-1]
			in.stack = in.stack[:n-1]
		}
	case "cm":
		if m := matrixOf(ops); m.Finite() {
			in.gs.ctm = m.Mul(in.gs.ctm)
		}
	}
}

// matrixOf is the matrix of an operator's last six operands.
func matrixOf(ops []pdfdoc.Token) pdfdoc.Matrix {
	a := pdfdoc.Last(ops, 6)
	return pdfdoc.Matrix{pdfdoc.Num(a, 0), pdfdoc.Num(a, 1), pdfdoc.Num(a, 2), pdfdoc.Num(a, 3), pdfdoc.Num(a, 4), pdfdoc.Num(a, 5)}
}

// textStateOp runs the text object, text state and text positioning
// operators, and says whether name was one of them.
func (in *interp) textStateOp(name string, ops []pdfdoc.Token, res types.Dict, fontCache map[string]*font) bool {
	switch name {
	case "BT":
		in.tm, in.tlm = pdfdoc.Identity, pdfdoc.Identity
	case "ET":
	case "Tf":
		a := pdfdoc.Last(ops, 2)
		if a[0].Kind == pdfdoc.KindName {
			in.gs.font = in.font(a[0].Str, res, fontCache)
		}
		in.gs.fontSize = pdfdoc.Num(a, 1)
	case "Tc":
		in.gs.tc = pdfdoc.Num(pdfdoc.Last(ops, 1), 0)
	case "Tw":
		in.gs.tw = pdfdoc.Num(pdfdoc.Last(ops, 1), 0)
	case "Tz":
		in.gs.th = pdfdoc.Num(pdfdoc.Last(ops, 1), 0) / 100
	case "TL":
		in.gs.tl = pdfdoc.Num(pdfdoc.Last(ops, 1), 0)
	case "Ts":
		in.gs.rise = pdfdoc.Num(pdfdoc.Last(ops, 1), 0)
	case "Tr":
		in.gs.tr = int(pdfdoc.Num(pdfdoc.Last(ops, 1), 0))
	case "Td":
		a := pdfdoc.Last(ops, 2)
		in.moveLine(pdfdoc.Num(a, 0), pdfdoc.Num(a, 1))
	case "TD":
		a := pdfdoc.Last(ops, 2)
		in.gs.tl = -pdfdoc.Num(a, 1)
		in.moveLine(pdfdoc.Num(a, 0), pdfdoc.Num(a, 1))
	case "Tm":
		if m := matrixOf(ops); m.Finite() {
			in.tm, in.tlm = m, m
		}
	case "T*":
		in.moveLine(0, -in.gs.tl)
	default:
		return false
	}
	return true
}

// showOp runs the text showing operators Tj, ', " and TJ.
func (in *interp) showOp(name string, ops []pdfdoc.Token) error {
	in.placeNext = true // emit, the only place that reads it, clears it
	switch name {
	case "Tj":
		if a := pdfdoc.Last(ops, 1); a[0].Kind == pdfdoc.KindString {
			return in.show(a[0].Str)
		}
	case "'":
		in.moveLine(0, -in.gs.tl)
		if a := pdfdoc.Last(ops, 1); a[0].Kind == pdfdoc.KindString {
			return in.show(a[0].Str)
		}
	case "\"":
		a := pdfdoc.Last(ops, 3)
		in.gs.tw, in.gs.tc = pdfdoc.Num(a, 0), pdfdoc.Num(a, 1)
		in.moveLine(0, -in.gs.tl)
		if a[2].Kind == pdfdoc.KindString {
			return in.show(a[2].Str)
		}
	case "TJ":
		a := pdfdoc.Last(ops, 1)
		if a[0].Kind != pdfdoc.KindArray {
			return nil
		}
		for _, e := range a[0].Arr {
			switch e.Kind {
			case pdfdoc.KindString:
				if err := in.show(e.Str); err != nil {
					return err
				}
			case pdfdoc.KindNumber:
				in.kernSpace(e.Num)
				in.adjust(e.Num)
			}
		}
	}
	return nil
}

// markedOp runs BMC, BDC and EMC: marked-content spans (bounded), of which
// only /ActualText matters here, replacing the glyphs of its span.
func (in *interp) markedOp(name string, ops []pdfdoc.Token, res types.Dict) {
	switch name {
	case "BMC":
		in.mc = append(in.mc, mcFrame{start: len(in.glyphs)})
	case "BDC":
		f := mcFrame{start: len(in.glyphs)}
		a := pdfdoc.Last(ops, 2)
		var props map[string]pdfdoc.Token
		if a[1].Kind == pdfdoc.KindDict {
			props = a[1].Dict
		} else if a[1].Kind == pdfdoc.KindName {
			props = in.properties(a[1].Str, res)
		}
		if at, ok := props["ActualText"]; ok && at.Kind == pdfdoc.KindString {
			f.text = textString([]byte(at.Str))
			f.hasActual = !unknownText(f.text)
		}
		if a[0].Kind == pdfdoc.KindName && a[0].Str == "OC" && a[1].Kind == pdfdoc.KindName {
			f.off = !in.doc.shown(in.doc.Dict(res["Properties"])[a[1].Str])
		}
		if len(in.mc) < maxMarkedDepth {
			in.mc = append(in.mc, f)
			if f.off {
				in.offDepth++
			}
		}
	case "EMC":
		if n := len(in.mc); n > 0 {
			f := in.mc[n-1]
			in.mc = in.mc[:n-1]
			if f.off {
				in.offDepth--
			}
			if f.hasActual {
				in.applyActualText(f)
			}
		}
	}
}

// unknownText reports an ActualText that says only that its producer did
// not know the text: U+FFFD, with nothing but control characters beside
// it. A budget table's leader dots carry '\b' and a U+FFFD a dot; the
// dots drawn are the better text. An empty ActualText still means no
// text (a hyphen that breaks a word, a decoration), and one of control
// characters alone still replaces its glyphs.
func unknownText(s string) bool {
	unknown := false
	for _, r := range s {
		switch {
		case r == utf8.RuneError:
			unknown = true
		case !unicode.IsControl(r):
			return false
		}
	}
	return unknown
}

func (in *interp) moveLine(tx, ty float64) {
	in.tlm = advanced(in.tlm, tx, ty)
	in.tm = in.tlm
}

// adjust applies a TJ number: a displacement in thousandths of an em.
func (in *interp) adjust(n float64) {
	if math.IsNaN(n) || math.IsInf(n, 0) {
		return
	}
	fs := in.gs.fontSize
	if in.gs.font != nil && in.gs.font.vertical {
		in.tm = advanced(in.tm, 0, -n/1000*fs)
		return
	}
	in.tm = advanced(in.tm, -n/1000*fs*in.gs.th, 0)
}

func (in *interp) font(name string, res types.Dict, cache map[string]*font) *font {
	if f, ok := cache[name]; ok {
		return f
	}
	var f *font
	if fonts := in.doc.Dict(res["Font"]); fonts != nil {
		if o, ok := fonts[name]; ok {
			f = in.doc.loadFont(o)
		}
	}
	if f == nil {
		f = defaultFont(name)
	}
	cache[name] = f
	return f
}

func (in *interp) extGState(name string, res types.Dict, cache map[string]*font) {
	gsd := in.doc.Dict(in.doc.Dict(res["ExtGState"])[name])
	if gsd == nil {
		return
	}
	if a := in.doc.Array(gsd["Font"]); len(a) == 2 {
		f := in.doc.loadFont(a[0])
		if sz, ok := in.doc.Number(a[1]); ok && f != nil {
			in.gs.font, in.gs.fontSize = f, sz
		}
	}
}

func (in *interp) properties(name string, res types.Dict) map[string]pdfdoc.Token {
	pd := in.doc.Dict(in.doc.Dict(res["Properties"])[name])
	if pd == nil {
		return nil
	}
	if b, ok := in.doc.String(pd["ActualText"]); ok {
		return map[string]pdfdoc.Token{"ActualText": {Kind: pdfdoc.KindString, Str: string(b)}}
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
		f = defaultFont("")
		in.gs.font = f
	}
	gs := &in.gs
	fs := gs.fontSize
	th := gs.th
	in.codes = f.decode(s, in.codes)
	base := in.gs.ctm.Mul(in.page.ToDisplay)
	// The character spacing in page space: the glyphs of one string
	// advance Tm's translation only, so its scale is the string's.
	cs := 0.0
	if gs.tc > 0 {
		m := in.tm.Mul(base)
		cs = gs.tc * th * math.Hypot(m[0], m[1])
	}
	for _, c := range in.codes {
		w := f.width(c.v)
		if math.IsNaN(w) || math.IsInf(w, 0) {
			w = 0
		}
		// Text rendering matrix: [fs·th 0 0 fs 0 rise] × Tm × CTM (× page).
		trm := scaledTm(fs*th, fs, gs.rise, in.tm).Mul(base)
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
		text = privateUseText(text)
		wordSpace := 0.0
		if c.isWordSpace() {
			wordSpace = gs.tw
		}
		if in.markSpace(text, ok, f, w, wordSpace) {
			if err := in.emit(trm, gx0, gx1, gy0, gy1, w, text, ok, f, cs); err != nil {
				return err
			}
		}
		// Advance.
		if f.vertical {
			in.tm = advanced(in.tm, 0, -fs+gs.tc+wordSpace)
		} else {
			in.tm = advanced(in.tm, (w*fs+gs.tc+wordSpace)*th, 0)
		}
		in.lastSpace.tm = in.tm
	}
	return nil
}

// scaledTm is [sx 0 0 sy 0 rise] × tm, the product written out: show
// computes it for every glyph, and the zeros of the left matrix leave a
// third of a full product's work (the same values for a finite tm).
func scaledTm(sx, sy, rise float64, tm pdfdoc.Matrix) pdfdoc.Matrix {
	return pdfdoc.Matrix{sx * tm[0], sx * tm[1], sy * tm[2], sy * tm[3], rise*tm[2] + tm[4], rise*tm[3] + tm[5]}
}

// advanced is [1 0 0 1 tx ty] × tm, tm moved along its own axes: only
// its translation changes.
func advanced(tm pdfdoc.Matrix, tx, ty float64) pdfdoc.Matrix {
	tm[4] += tx*tm[0] + ty*tm[2]
	tm[5] += tx*tm[1] + ty*tm[3]
	return tm
}

// Glyph measures emit takes from the text rendering matrix.
const (
	// minAdvance is the advance (in glyph space) that gives a glyph of no
	// width a direction: the matrix's x axis.
	minAdvance = 0.01
	// maxUprightSlope is the rise over run of an advance that is still
	// upright: a line set along a steeper baseline is rotated text.
	maxUprightSlope = 0.02
)

// isSpace says whether a glyph of text (mapped: the font gave its text)
// is an explicit space character.
func isSpace(text string, mapped bool) bool {
	return mapped && (text == " " || text == "\u00a0" || text == "\u3000")
}

// A space glyph advances by its width and Tw, if a word space, and a
// kern after it in a TJ moves what follows further (Tc, which spaces
// every glyph alike, aside). Some producers set a word's letters in pieces
// and put a space between two of them with that advance taken back:
// pdfcpu's TheGoProgrammingLanguage sample draws 12,900 spaces, of which
// 4,450 advance 0-20% of their width (Tw -0.196 em on a space of 0.227,
// inside "family"), and the rest 70% or more (justified); it also kerns
// an NBSP back by more than its width inside the heading "Preface".
// Justification shrinks a space by a third at most. A space left with
// less than half of its width, and within maxCancelledSpace ems of no
// advance at all, shows no gap: it breaks no word and is not recorded.
// The sample's taken-back spaces advance -0.01 to 0.05 em, 98% of them
// within that bound. Tight spaces that are meant stay above it: 0.06 em
// before "S3182" in robustness's issue6127, 0.09 em before a colon in
// pdfcpu's T4, and 0.28 em for the spaces of a CID font without widths
// (every glyph 1 em) that a producer kerns back to their places
// (robustness's issue7074_reduced). A kern that moves the next glyph
// further back than that is a jump, not a space taken back. Only a space
// at least minSpaceWidth ems wide can be taken back: a font whose space
// is narrower leaves the spacing to positioning, and its spaces are kept
// as they are drawn.
const (
	minSpaceWidth     = 0.1
	maxCancelledSpace = 0.05
)

// cancelled says whether a space w ems wide that advances own ems has
// been taken back.
func cancelled(own, w float64) bool {
	return own < w/2 && math.Abs(own) < maxCancelledSpace
}

// markSpace says whether the glyph of text (mapped: the font gave it),
// w ems wide under word spacing tw, is to be recorded: not when it is a
// space whose advance is taken back (cancelled). A space that is recorded
// is marked as the last glyph shown, for a kern after it (kernSpace).
func (in *interp) markSpace(text string, mapped bool, f *font, w, tw float64) bool {
	in.lastSpace = spaceMark{}
	fs := in.gs.fontSize
	if !isSpace(text, mapped) || f.vertical || fs <= 0 || w < minSpaceWidth {
		return true
	}
	own := w + tw/fs
	if cancelled(own, w) {
		return false
	}
	in.lastSpace = spaceMark{at: len(in.glyphs) + 1, width: w, own: own}
	return true
}

// spaceMark is the space glyph shown last: at is its index in
// interp.glyphs plus one (0: none); width its width and own its advance
// without Tc, in ems; tm the text matrix after it.
type spaceMark struct {
	at         int
	width, own float64
	tm         pdfdoc.Matrix
}

// kernSpace drops the space glyph shown last when the kern n (thousandths
// of an em, as in TJ) is taken where that space ended, with no glyph
// shown and the text not placed anew since, and takes its advance back
// (cancelled). Whether the kern opens a TJ or follows a string in one,
// it moves the text from the same point.
func (in *interp) kernSpace(n float64) {
	sp := in.lastSpace
	in.lastSpace = spaceMark{}
	if sp.at == 0 || sp.at != len(in.glyphs) || sp.tm != in.tm || math.IsNaN(n) {
		return
	}
	if cancelled(sp.own-n/1000, sp.width) {
		in.glyphs = in.glyphs[:sp.at-1]
	}
}

// emit records one glyph drawn with the text rendering matrix trm: its
// cell gx0..gx1 × gy0..gy1 (glyph space) on the page, clipped to it; its
// origin and the end of its advance w; its direction, em size and flags.
// A glyph wholly off the page, or that the clip hides, is not recorded.
func (in *interp) emit(trm pdfdoc.Matrix, gx0, gx1, gy0, gy1, w float64, text string, mapped bool, f *font, cs float64) error {
	if !trm.Finite() {
		return nil
	}
	cell := cellBox(trm, gx0, gx1, gy0, gy1)
	clipped := cell.Intersect(core.BBox{X1: in.page.Width, Y1: in.page.Height})
	if clipped.Empty() || !in.visible(cell) {
		return nil
	}
	if len(in.glyphs) >= maxGlyphsPerPage {
		in.limitHit = true
		return errGlyphLimit
	}
	ox, oy := trm.Apply(0, 0)
	ex, ey := trm.Apply(max(w, minAdvance), 0)
	if f.vertical {
		ex, ey = trm.Apply(0, -1)
	}
	dir := writingDir(ex-ox, ey-oy)
	flags := in.glyphFlags(f, dir, ex-ox, ey-oy)
	space := isSpace(text, mapped)
	if in.offDepth > 0 {
		in.hidden++
		return nil
	}
	white := in.whiteGlyph(f)
	if white {
		in.whites++
	}
	if !mapped {
		text = "\ufffd"
		in.unmapped++
	}
	in.glyphs = append(in.glyphs, glyph{
		text: text, box: clipped, ox: ox, oy: oy, ex: ex, ey: ey, dir: dir,
		size: emSize(trm, f), font: f, flags: flags, space: space, mapped: mapped, seq: len(in.glyphs), cs: cs, fill: in.gs.fill,
		placed: in.placeNext, white: white,
	})
	in.placeNext = false
	return nil
}

// cellBox is the page box of the glyph cell gx0..gx1 × gy0..gy1 drawn
// with the finite matrix trm: the bounds of its four corners. Each bound
// is the corner that the signs of trm's factors pick, computed as Apply
// computes it: rounding keeps the order of products and sums, so that
// corner is the least (or greatest) of the four as computed, and no
// corner need be tried.
func cellBox(trm pdfdoc.Matrix, gx0, gx1, gy0, gy1 float64) core.BBox {
	xLo, xHi := pick(trm[0], gx0, gx1)
	yLo, yHi := pick(trm[2], gy0, gy1)
	b := core.BBox{X0: trm[0]*xLo + trm[2]*yLo + trm[4], X1: trm[0]*xHi + trm[2]*yHi + trm[4]}
	xLo, xHi = pick(trm[1], gx0, gx1)
	yLo, yHi = pick(trm[3], gy0, gy1)
	b.Y0, b.Y1 = trm[1]*xLo+trm[3]*yLo+trm[5], trm[1]*xHi+trm[3]*yHi+trm[5]
	return b
}

// pick orders the ends a, b of an interval by what a factor k makes of
// them: k·lo ≤ k·hi.
func pick(k, a, b float64) (lo, hi float64) {
	if a > b {
		a, b = b, a
	}
	if k < 0 {
		return b, a
	}
	return a, b
}

// writingDir is the direction, in degrees counterclockwise from the page's
// x axis and a multiple of 90, nearest to a glyph's advance dx, dy; an
// advance more than maxAxisSkew off every axis is oblique (obliqueDir).
func writingDir(dx, dy float64) int {
	ax, ay := math.Abs(dx), math.Abs(dy)
	if ax > maxAxisSkew*ay && ay > maxAxisSkew*ax {
		return obliqueDir(dx, dy)
	}
	switch {
	case ax >= ay && dx >= 0:
		return 0
	case ax >= ay:
		return 180
	case dy > 0:
		return 90
	default:
		return 270
	}
}

// Text drawn at a slant, as a diagonal watermark is, was laid out in the
// nearest axis's frame, where each of its glyphs sits on a baseline of its
// own: pdfcpu's watermark samples, at 55°, came out as forty fragments of
// one to three letters. A glyph whose advance is more than maxAxisSkew
// off every axis now has its own direction, its angle in whole degrees,
// and the glyphs of one slant are laid out together in a frame turned to
// it (frame). Text skewed less keeps its axis, whose baseline tolerance
// (baselineTol, in ems) holds a run of heldRun ems together up to that
// slope: two words, as a scan's OCR layer skewed by a degree or two
// holds them. The bound was the tangent of 10° at first; a booklet's
// exercise poster, set at 9.5°, read as fragments of its words
// ('Shou lder r', 'exerc ises') across the page's text.
const (
	heldRun     = 8
	maxAxisSkew = baselineTol / heldRun
)

// obliqueDir is the angle of the advance dx, dy in whole degrees, from 0
// to 359, measured as the axis directions are (90: down the page).
func obliqueDir(dx, dy float64) int {
	a := int(math.Round(math.Atan2(dy, dx) * 180 / math.Pi))
	return (a%360 + 360) % 360
}

// emSize is the height of one em on the page: the length of trm's y axis
// (its x axis for a vertical font), scaled by the font's size correction.
// trm is Finite, so the squares cannot overflow, and a square root costs
// a fifth of math.Hypot, which scales its arguments for any magnitude.
func emSize(trm pdfdoc.Matrix, f *font) float64 {
	x, y := trm[2], trm[3]
	if f.vertical {
		x, y = trm[0], trm[1]
	}
	return math.Sqrt(x*x+y*y) * f.sizeMul
}

// glyphFlags are the font's flags for a glyph written in direction dir
// with advance dx, dy, with what the graphics state adds: invisible text
// (rendering modes 3 and 7), and rotated text (any direction but upright,
// or an upright advance that slopes). It counts the glyphs of composite
// fonts and the invisible ones.
func (in *interp) glyphFlags(f *font, dir int, dx, dy float64) core.WordFlags {
	flags := f.flags
	if !f.simple {
		in.cidGlyphs++
	}
	if in.gs.tr == 3 || in.gs.tr == 7 {
		flags |= core.FlagInvisible
		in.invisible++
	}
	if dir != 0 && !f.vertical {
		flags |= core.FlagRotated
	} else if dir == 0 && math.Abs(dy) > maxUprightSlope*math.Abs(dx) {
		flags |= core.FlagRotated
	}
	return flags
}

func (in *interp) doXObject(name string, res types.Dict) error {
	xobjs := in.doc.Dict(res["XObject"])
	if xobjs == nil {
		return nil
	}
	ref, ok := xobjs[name]
	if !ok {
		return nil
	}
	xd := in.doc.Dict(ref)
	if xd == nil {
		return nil
	}
	if xd["OC"] != nil && !in.doc.shown(xd["OC"]) {
		// Optional content turned off: run, its glyphs counted as
		// hidden, nothing of it seen.
		in.offDepth++
		defer func() { in.offDepth-- }()
	}
	if st := in.doc.Name(xd["Subtype"]); st != "Form" {
		if st == "Image" {
			in.addImage(ref)
		}
		return nil
	}
	err := in.runForm(ref, xd, res)
	if in.halts(err) {
		return err
	}
	if err != nil {
		return fmt.Errorf("form %s: %w", name, err)
	}
	return nil
}

// runForm runs the form XObject ref (dictionary xd) in the current
// graphics state, after its /Matrix, with its resources or, lacking them,
// res; the state is restored after it. A form already running (a cycle)
// or beyond opts.MaxDepth is not run.
func (in *interp) runForm(ref types.Object, xd, res types.Dict) error {
	nr := pdfdoc.ObjNr(ref)
	if nr > 0 && in.forms[nr] {
		return nil // a cycle
	}
	if in.depth >= in.opts.MaxDepth {
		return nil
	}
	_, content, err := in.doc.Stream(ref)
	if err != nil || len(content) == 0 {
		return nil
	}
	saved := in.gs
	savedStack := len(in.stack)
	savedTm, savedTlm := in.tm, in.tlm
	if m := in.doc.Numbers(xd["Matrix"]); len(m) == 6 {
		fm := pdfdoc.Matrix{m[0], m[1], m[2], m[3], m[4], m[5]}
		if fm.Finite() {
			in.gs.ctm = fm.Mul(in.gs.ctm)
		}
	}
	fres := in.doc.Dict(xd["Resources"])
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
	return err
}
