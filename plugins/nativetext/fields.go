package nativetext

import (
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/internal/pdfdoc"
)

// Field flags (PDF 32000-1, 12.7.3.1, 12.7.4.3 and 12.7.4.4).
const (
	fieldMultiline = 1 << 12
	fieldPassword  = 1 << 13
	fieldCombo     = 1 << 17
)

// Measures of a field's value drawn as a viewer draws it when it builds
// the field's appearance itself.
const (
	// fieldPad is the room, in points, between a field's rectangle and
	// its text: a border's width and a point of space, as viewers leave.
	fieldPad = 2.0
	// fieldAutoSize is the size of a field's text whose /DA sets size 0
	// (fit the field) and whose field is taller than that (multi-line
	// fields, list boxes); a single line is fitted to its field's height
	// by fieldAutoFill, and never set larger than fieldAutoSize.
	fieldAutoSize = 12.0
	fieldAutoFill = 0.7
	// fieldLeading is the distance between the baselines of a
	// multi-line field's lines, in ems.
	fieldLeading = 1.15
	// fieldMissingWidth is the advance, in ems, of a character the
	// field's font has no code for: an average Latin letter's.
	fieldMissingWidth = 0.5
	// maxFieldLines is the most lines of one field drawn: a list box of
	// a hostile file may hold a million options, and no field shows
	// that many.
	maxFieldLines = 1000
	// maxFieldDepth is the most parents followed for a field's inherited
	// attributes: a hostile file may make the chain a cycle.
	maxFieldDepth = 32
)

// field is what a viewer needs of a form field's widget to draw its value:
// the attributes a widget inherits from the fields above it (12.7.3.1).
type field struct {
	kind  string // FT: Tx, Ch, Btn or Sig
	value types.Object
	flags int64
	da    string // default appearance: the operators that set the font
	quad  int    // Q: 0 left, 1 centred, 2 right
	opts  types.Array
	top   int // TI: a list box's first option shown
}

// fieldOf collects the attributes of the widget ad, each from the widget
// or the nearest field above it that sets it, and the form's default
// appearance and quadding where none does.
func (in *interp) fieldOf(ad types.Dict) field {
	form := in.doc.acroForm()
	f := field{
		kind:  in.doc.Name(in.inherited(ad, "FT")),
		value: in.inherited(ad, "V"),
		opts:  in.doc.Array(in.inherited(ad, "Opt")),
	}
	if n, ok := in.doc.Number(in.inherited(ad, "Ff")); ok {
		f.flags = int64(n)
	}
	da, ok := in.doc.String(in.inherited(ad, "DA"))
	if !ok {
		da, _ = in.doc.String(form["DA"])
	}
	f.da = string(da)
	q, ok := in.doc.Number(in.inherited(ad, "Q"))
	if !ok {
		q, _ = in.doc.Number(form["Q"])
	}
	f.quad = int(q)
	if n, ok := in.doc.Number(in.inherited(ad, "TI")); ok {
		f.top = int(n)
	}
	return f
}

// inherited is the value of key in the widget ad or in the nearest field
// above it that has one (nil: none).
func (in *interp) inherited(ad types.Dict, key string) types.Object {
	d := ad
	for range maxFieldDepth {
		if d == nil {
			return nil
		}
		if v, ok := d[key]; ok {
			return v
		}
		d = in.doc.Dict(d["Parent"])
	}
	return nil
}

// needAppearances reports whether the document's interactive form asks
// the viewer to build its fields' appearances (/NeedAppearances true):
// a form filled by a program that sets the fields' values and leaves
// their appearances as they were, empty or stale.
func (d *document) needAppearances() bool {
	b, ok := d.Deref(d.acroForm()["NeedAppearances"]).(types.Boolean)
	return ok && bool(b)
}

// acroForm is the document's interactive form dictionary, nil when it
// has none; every widget of every page asks for it.
func (d *document) acroForm() types.Dict {
	d.formOnce.Do(func() { d.form = d.Dict(d.Catalog()["AcroForm"]) })
	return d.form
}

// builtField reports whether the viewer builds the widget ad's
// appearance from its field's value rather than drawing its /AP: the
// form asks it to, or the widget has no appearance at all. Only text
// fields and choice fields show a value as text; a password field is
// drawn as its appearance draws it (masked), if at all.
func (in *interp) builtField(ad types.Dict) (field, bool) {
	if in.doc.Name(ad["Subtype"]) != "Widget" {
		return field{}, false
	}
	if !in.doc.needAppearances() && in.doc.Dict(ad["AP"])["N"] != nil {
		return field{}, false
	}
	f := in.fieldOf(ad)
	if f.kind == "Tx" && f.flags&fieldPassword != 0 {
		return field{}, false // its appearance masks it, and nothing else may show it
	}
	return f, f.kind == "Tx" || f.kind == "Ch"
}

// shownLines is the text a viewer shows in the field: a text field's
// value, a combo box's choice, a list box's options from the first shown.
func (in *interp) shownLines(f field) []string {
	switch {
	case f.kind == "Tx":
		return splitLines(in.doc.Text(f.value))
	case f.flags&fieldCombo != 0:
		chosen := in.doc.Text(f.value)
		if a := in.doc.Array(f.value); len(a) > 0 {
			chosen = in.doc.Text(a[0])
		}
		return splitLines(in.optionShown(f.opts, chosen))
	}
	var lines []string
	for i := max(f.top, 0); i < len(f.opts); i++ {
		lines = append(lines, in.optionText(f.opts[i]))
	}
	return lines
}

// optionText is the text an option of a choice field shows: the option
// itself, or the second of an [export, shown] pair.
func (in *interp) optionText(o types.Object) string {
	if pair := in.doc.Array(o); len(pair) == 2 {
		return in.doc.Text(pair[1])
	}
	return in.doc.Text(o)
}

// optionShown is the text shown for the value v of a choice field: the
// text of the option whose export value it is, or v itself.
func (in *interp) optionShown(opts types.Array, v string) string {
	for _, o := range opts {
		if pair := in.doc.Array(o); len(pair) == 2 && in.doc.Text(pair[0]) == v {
			return in.doc.Text(pair[1])
		}
	}
	return v
}

// splitLines parts a field's text at its line breaks (CR, LF or both).
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Split(strings.ReplaceAll(s, "\r", "\n"), "\n")
}

// drawField draws the text the field f shows into the widget ad's
// rectangle, as a viewer building its appearance would: in the font and
// size of the field's /DA, from the top of a multi-line field or list
// box, centred on a single line's height, placed by its quadding, and
// a multi-line field's words wrapped at its width.
func (in *interp) drawField(ad types.Dict, f field) error {
	rect := in.doc.Numbers(ad["Rect"])
	lines := in.shownLines(f)
	if len(rect) != 4 || len(lines) == 0 {
		return nil
	}
	x0, x1 := min(rect[0], rect[2]), max(rect[0], rect[2])
	y0, y1 := min(rect[1], rect[3]), max(rect[1], rect[3])
	saved, savedStack, savedTm := in.gs, in.stack, in.tm
	defer func() { in.gs, in.stack, in.tm = saved, savedStack, savedTm }()
	tall := len(lines) > 1 || f.flags&fieldMultiline != 0 || f.kind == "Ch" && f.flags&fieldCombo == 0
	fnt, size, err := in.fieldFont(ad, f, tall, y1-y0)
	if err != nil {
		return err
	}
	adv := advances(fnt)
	if tall && f.kind == "Tx" {
		lines = wrapLines(lines, adv, (x1-x0-2*fieldPad)/size)
	}
	base := y0 + ((y1-y0)-size*(fnt.ascent-fnt.descent))/2 - size*fnt.descent
	if tall {
		base = y1 - fieldPad - size*fnt.ascent
	}
	for i, ln := range lines {
		if base < y0-size || i == maxFieldLines {
			break // below the field: the viewer clips it
		}
		w := textAdvance(ln, adv) * size
		x := x0 + fieldPad
		switch f.quad {
		case 1:
			x = (x0 + x1 - w) / 2
		case 2:
			x = x1 - fieldPad - w
		}
		if err := in.showRunes(ln, fnt, adv, size, x, base); err != nil {
			return err
		}
		base -= fieldLeading * size
	}
	return nil
}

// fieldFont sets the graphics state as the field's default appearance
// does, and returns its font and size: for size 0, fieldAutoSize, or on a
// single line of a field height points high, the size that fits it.
func (in *interp) fieldFont(ad types.Dict, f field, tall bool, height float64) (*font, float64, error) {
	in.gs = gstate{ctm: pdfdoc.Identity, th: 1}
	in.stack = nil
	// What the default appearance would draw besides is no part of the
	// field.
	drawn := len(in.glyphs)
	if err := in.run([]byte(f.da), in.fieldResources(ad)); err != nil {
		return nil, 0, err
	}
	in.glyphs = in.glyphs[:drawn]
	fnt := in.gs.font
	if fnt == nil {
		fnt = defaultFont("")
	}
	size := in.gs.fontSize
	if size <= 0 {
		size = fieldAutoSize
		if !tall {
			size = min(fieldAutoSize, fieldAutoFill*height)
		}
	}
	return fnt, size, nil
}

// fieldResources is where the fonts of the widget's /DA are found: its
// own /DR, or the form's.
func (in *interp) fieldResources(ad types.Dict) types.Dict {
	if dr := in.doc.Dict(ad["DR"]); dr != nil {
		return dr
	}
	if dr := in.doc.Dict(in.doc.acroForm()["DR"]); dr != nil {
		return dr
	}
	return in.page.Resources
}

// advances maps each character a simple font has a code for to the
// code's width in ems; other characters advance fieldMissingWidth.
func advances(f *font) map[rune]float64 {
	adv := map[rune]float64{}
	if !f.simple {
		return adv
	}
	for c := range uint32(256) {
		t, ok := f.text(c)
		if !ok {
			continue
		}
		rs := []rune(t)
		if len(rs) != 1 {
			continue
		}
		if _, seen := adv[rs[0]]; !seen {
			adv[rs[0]] = f.width(c)
		}
	}
	return adv
}

// runeAdvance is the width of r in ems by adv.
func runeAdvance(r rune, adv map[rune]float64) float64 {
	if w, ok := adv[r]; ok && w > 0 {
		return w
	}
	return fieldMissingWidth
}

// textAdvance is the width of s in ems by adv.
func textAdvance(s string, adv map[rune]float64) float64 {
	w := 0.0
	for _, r := range s {
		w += runeAdvance(r, adv)
	}
	return w
}

// wrapLines breaks each line at spaces so that none is wider than width
// ems, as a multi-line field wraps its text; a word wider than the field
// stands alone on its line.
func wrapLines(lines []string, adv map[rune]float64, width float64) []string {
	var out []string
	space := runeAdvance(' ', adv)
	for _, ln := range lines {
		cur, w := "", 0.0
		for _, word := range strings.Fields(ln) {
			ww := textAdvance(word, adv)
			if cur != "" && w+space+ww > width {
				out = append(out, cur)
				cur, w = "", 0
			}
			if cur != "" {
				cur += " "
				w += space
			}
			cur += word
			w += ww
		}
		out = append(out, cur)
	}
	return out
}

// showRunes draws s in font f, whose characters advance by adv, at size,
// its baseline starting at x, y in default user space: the glyphs of a
// value no content stream draws.
func (in *interp) showRunes(s string, f *font, adv map[rune]float64, size, x, y float64) error {
	base := in.page.ToDisplay
	tm := pdfdoc.Matrix{1, 0, 0, 1, x, y}
	for _, r := range s {
		w := runeAdvance(r, adv)
		trm := scaledTm(size, size, 0, tm).Mul(base)
		if err := in.emit(trm, 0, w, f.descent, f.ascent, w, string(r), true, f, 0); err != nil {
			return err
		}
		tm = advanced(tm, w*size, 0)
	}
	return nil
}
