package nativetext

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"sync"
	"unicode/utf16"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/core"
)

var disableConfigOnce sync.Once

// document is an open PDF. pdfcpu's Context is not safe for concurrent use
// (dereferencing decodes object streams lazily and updates the xref
// table), so every call into it goes through mu. Decoding a stream works
// on a copy of the stream dictionary and runs outside the lock.
type document struct {
	mu    sync.Mutex
	ctx   *model.Context
	pages int
	opts  Options

	fontMu sync.Mutex
	fonts  map[int]*font // by object number

	leaves []pageLeaf // the page tree's leaves in order
}

// pageLeaf is a page dictionary with the attributes it inherits.
type pageLeaf struct {
	dict      types.Dict
	resources types.Object
	mediaBox  types.Object
	cropBox   types.Object
	rotate    types.Object
}

// maxPages bounds the pages read from one page tree.
const maxPages = 100_000

// walkPages collects the page tree's leaves depth first, in order. It
// follows each node once (cycles and shared kids are skipped) and trusts
// no /Count.
func (d *document) walkPages() {
	var root types.Object
	_ = d.locked(func() error {
		ir, err := d.ctx.Pages()
		if err == nil && ir != nil {
			root = *ir
		}
		return nil
	})
	if root == nil {
		if cat := d.dict(d.ctx.Root); cat != nil {
			root = cat["Pages"]
		}
	}
	if root == nil {
		return
	}
	seen := map[int]bool{}
	var walk func(o types.Object, inh pageLeaf, depth int)
	walk = func(o types.Object, inh pageLeaf, depth int) {
		if depth > 64 || len(d.leaves) >= maxPages {
			return
		}
		if nr := objNr(o); nr > 0 {
			if seen[nr] {
				return
			}
			seen[nr] = true
		}
		n := d.dict(o)
		if n == nil {
			return
		}
		if v, ok := n["Resources"]; ok {
			inh.resources = v
		}
		if v, ok := n["MediaBox"]; ok {
			inh.mediaBox = v
		}
		if v, ok := n["CropBox"]; ok {
			inh.cropBox = v
		}
		if v, ok := n["Rotate"]; ok {
			inh.rotate = v
		}
		kids := d.array(n["Kids"])
		typ := d.name(n["Type"])
		if typ == "Page" || (kids == nil && typ != "Pages") {
			inh.dict = n
			d.leaves = append(d.leaves, inh)
			return
		}
		for _, k := range kids {
			walk(k, inh, depth+1)
		}
	}
	walk(root, pageLeaf{}, 0)
}

// openDocument reads path with pdfcpu in relaxed mode. Its errors wrap the
// core sentinels.
func openDocument(c context.Context, path string, opts Options) (doc *document, err error) {
	disableConfigOnce.Do(api.DisableConfigDir)
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%w: %w", core.ErrNotFound, err)
		}
		return nil, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, core.ErrEmptyFile
	}
	head := data
	if len(head) > 1024 {
		head = head[:1024]
	}
	hasHeader := bytes.Contains(head, []byte("%PDF"))
	if !hasHeader && !bytes.Contains(data, []byte(" obj")) {
		return nil, fmt.Errorf("%w: no PDF header", core.ErrNotPDF)
	}
	doc, err = readDocument(c, data, hasHeader, opts)
	if err == nil || errors.Is(err, core.ErrEncrypted) || c.Err() != nil {
		return doc, err
	}
	// Repairs: make pdfcpu rebuild the xref by scanning for objects, and
	// cut a truncated file back to its last complete object.
	var tries [][]byte
	if bytes.Contains(data, []byte("startxref")) {
		tries = append(tries, bytes.ReplaceAll(data, []byte("startxref"), []byte("startxre_")))
	}
	if i := bytes.LastIndex(data, []byte("endobj")); i > 0 && i+6 < len(data)-64 {
		cut := append([]byte(nil), data[:i+6]...)
		tries = append(tries, append(bytes.ReplaceAll(cut, []byte("startxref"), []byte("startxre_")), '\n'))
	}
	for _, t := range tries {
		if d2, err2 := readDocument(c, t, hasHeader, opts); err2 == nil {
			return d2, nil
		}
	}
	return nil, err
}

func readDocument(c context.Context, data []byte, hasHeader bool, opts Options) (doc *document, err error) {
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, fmt.Errorf("%w: reader panic: %v", core.ErrDamaged, r)
		}
	}()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	conf.Limits.MaxDecodeBytes = opts.MaxStreamBytes
	if conf.Limits.MaxStreamBytes < opts.MaxStreamBytes {
		conf.Limits.MaxStreamBytes = opts.MaxStreamBytes
	}
	ctx, err := pdfcpu.ReadWithContext(c, bytes.NewReader(data), conf)
	if err != nil {
		if c.Err() != nil {
			return nil, ctxErr(c.Err())
		}
		err = classifyOpenError(err)
		if hasHeader && errors.Is(err, core.ErrNotPDF) {
			err = fmt.Errorf("%w: %s", core.ErrDamaged, strings.TrimPrefix(err.Error(), core.ErrNotPDF.Error()+": "))
		}
		return nil, err
	}
	if ctx == nil || ctx.XRefTable == nil {
		return nil, fmt.Errorf("%w: no cross-reference table", core.ErrDamaged)
	}
	doc = &document{ctx: ctx, opts: opts, fonts: map[int]*font{}}
	doc.walkPages()
	if len(doc.leaves) == 0 {
		return nil, fmt.Errorf("%w: no pages", core.ErrDamaged)
	}
	doc.pages = len(doc.leaves)
	return doc, nil
}

func classifyOpenError(err error) error {
	msg := strings.ToLower(err.Error())
	switch {
	case errors.Is(err, pdfcpu.ErrWrongPassword), strings.Contains(msg, "password"),
		strings.Contains(msg, "encrypt"):
		return fmt.Errorf("%w: %w", core.ErrEncrypted, err)
	case errors.Is(err, pdfcpu.ErrEmptyInput):
		return fmt.Errorf("%w: %w", core.ErrEmptyFile, err)
	case strings.Contains(msg, "header version"), strings.Contains(msg, "not a pdf"), strings.Contains(msg, "no pdf header"):
		return fmt.Errorf("%w: %w", core.ErrNotPDF, err)
	}
	return fmt.Errorf("%w: %w", core.ErrDamaged, err)
}

// locked runs f under the document lock, turning a panic in pdfcpu into an
// error.
func (d *document) locked(f func() error) (err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", core.ErrDamaged, r)
		}
	}()
	return f()
}

// deref resolves indirect references (a chain of them, bounded).
func (d *document) deref(o types.Object) types.Object {
	for i := 0; i < 8; i++ {
		ir, ok := o.(types.IndirectRef)
		if !ok {
			return o
		}
		var r types.Object
		if err := d.locked(func() error {
			var err error
			r, err = d.ctx.Dereference(ir)
			return err
		}); err != nil {
			return nil
		}
		o = r
	}
	return nil
}

func (d *document) dict(o types.Object) types.Dict {
	switch v := d.deref(o).(type) {
	case types.Dict:
		return v
	case types.StreamDict:
		return v.Dict
	}
	return nil
}

func (d *document) array(o types.Object) types.Array {
	a, _ := d.deref(o).(types.Array)
	return a
}

func (d *document) number(o types.Object) (float64, bool) {
	switch v := d.deref(o).(type) {
	case types.Integer:
		return float64(v), true
	case types.Float:
		f := float64(v)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, false
		}
		return f, true
	}
	return 0, false
}

func (d *document) name(o types.Object) string {
	n, _ := d.deref(o).(types.Name)
	return string(n)
}

// str returns the bytes of a string object.
func (d *document) str(o types.Object) ([]byte, bool) {
	switch v := d.deref(o).(type) {
	case types.StringLiteral:
		b, err := types.Unescape(v.Value())
		if err != nil {
			return []byte(v.Value()), true
		}
		return b, true
	case types.HexLiteral:
		b, err := v.Bytes()
		if err != nil {
			return nil, false
		}
		return b, true
	}
	return nil, false
}

// numbers reads an array of numbers; missing entries are 0.
func (d *document) numbers(o types.Object) []float64 {
	a := d.array(o)
	out := make([]float64, len(a))
	for i, x := range a {
		out[i], _ = d.number(x)
	}
	return out
}

// objNr is the object number of an indirect reference, 0 otherwise.
func objNr(o types.Object) int {
	if ir, ok := o.(types.IndirectRef); ok {
		return ir.ObjectNumber.Value()
	}
	return 0
}

var errTooLarge = fmt.Errorf("%w: stream larger than max_stream_bytes", core.ErrTooLarge)

// stream returns the decoded content of a stream object and its dictionary.
func (d *document) stream(o types.Object) (types.Dict, []byte, error) {
	var sd *types.StreamDict
	err := d.locked(func() error {
		o := o
		for i := 0; i < 8; i++ {
			ir, ok := o.(types.IndirectRef)
			if !ok {
				break
			}
			r, err := d.ctx.Dereference(ir)
			if err != nil {
				return err
			}
			o = r
		}
		v, ok := o.(types.StreamDict)
		if !ok {
			return errors.New("not a stream")
		}
		sd = &v // a copy: decoding fills its Content only
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if sd.Content != nil {
		return sd.Dict, sd.Content, nil
	}
	if content, ok, err := d.inflate(sd); ok {
		return sd.Dict, content, err
	}
	err = func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("%w: decoder panic: %v", core.ErrDamaged, r)
			}
		}()
		return sd.DecodeWithLimit(d.opts.MaxStreamBytes)
	}()
	if err != nil {
		if strings.Contains(strings.ToLower(err.Error()), "limit") || strings.Contains(err.Error(), "exceed") {
			return sd.Dict, nil, errTooLarge
		}
		// A damaged filter: keep what was decoded, if anything.
		if sd.Content == nil {
			return sd.Dict, nil, err
		}
	}
	if int64(len(sd.Content)) > d.opts.MaxStreamBytes {
		return sd.Dict, nil, errTooLarge
	}
	return sd.Dict, sd.Content, nil
}

// inflate decodes streams whose filters are all FlateDecode without a
// predictor. Unlike pdfcpu's decoder it keeps the bytes inflated before a
// corruption, so a damaged content stream still gives its first part.
// ok is false when the stream needs pdfcpu's filters.
func (d *document) inflate(sd *types.StreamDict) (content []byte, ok bool, err error) {
	if len(sd.FilterPipeline) == 0 {
		return nil, false, nil
	}
	for _, f := range sd.FilterPipeline {
		if f.Name != "FlateDecode" && f.Name != "Fl" {
			return nil, false, nil
		}
		if f.DecodeParms != nil {
			if p := f.DecodeParms.IntEntry("Predictor"); p != nil && *p > 1 {
				return nil, false, nil
			}
		}
	}
	b := sd.Raw
	for range sd.FilterPipeline {
		out, err := inflateLimited(b, d.opts.MaxStreamBytes)
		if err != nil {
			if errors.Is(err, core.ErrTooLarge) {
				return nil, true, err
			}
			// Keep the prefix; later filters cannot run on it reliably.
			return out, true, nil
		}
		b = out
	}
	return b, true, nil
}

// inflateLimited inflates zlib (or raw deflate) data up to limit bytes.
func inflateLimited(b []byte, limit int64) ([]byte, error) {
	var r io.Reader
	if zr, err := zlib.NewReader(bytes.NewReader(b)); err == nil {
		r = zr
	} else {
		r = flate.NewReader(bytes.NewReader(b))
	}
	var out bytes.Buffer
	n, err := io.Copy(&out, io.LimitReader(r, limit+1))
	if n > limit {
		return nil, errTooLarge
	}
	if err != nil {
		return out.Bytes(), err
	}
	return out.Bytes(), nil
}

// pageInfo is what the interpreter needs of a page.
type pageInfo struct {
	dict      types.Dict
	resources types.Dict
	box       types.Rectangle // crop box in user space
	rotate    int             // 0, 90, 180, 270
	width     float64         // displayed size
	height    float64
	toDisplay matrix // user space → displayed top-left coordinates
	limitHit  bool   // a stream was skipped for its size
}

func (d *document) page(n int) (*pageInfo, error) {
	if n < 1 || n > len(d.leaves) {
		return nil, core.ErrNoSuchPage
	}
	leaf := d.leaves[n-1]
	p := &pageInfo{dict: leaf.dict, resources: d.dict(leaf.resources)}
	if p.resources == nil {
		p.resources = types.Dict{}
	}
	mb, cb := d.rect(leaf.mediaBox), d.rect(leaf.cropBox)
	rotF, _ := d.number(leaf.rotate)
	inh := &struct {
		MediaBox, CropBox *types.Rectangle
		Rotate            int
	}{mb, cb, int(rotF)}
	box := types.Rectangle{LL: types.Point{X: 0, Y: 0}, UR: types.Point{X: 612, Y: 792}}
	if inh != nil && inh.MediaBox != nil && validRect(*inh.MediaBox) {
		box = normRect(*inh.MediaBox)
	}
	if inh != nil && inh.CropBox != nil && validRect(*inh.CropBox) {
		c := normRect(*inh.CropBox)
		ix := types.Rectangle{
			LL: types.Point{X: math.Max(box.LL.X, c.LL.X), Y: math.Max(box.LL.Y, c.LL.Y)},
			UR: types.Point{X: math.Min(box.UR.X, c.UR.X), Y: math.Min(box.UR.Y, c.UR.Y)},
		}
		if ix.Width() > 1 && ix.Height() > 1 {
			box = ix
		}
	}
	p.box = box
	rot := 0
	if inh != nil {
		rot = inh.Rotate
	}
	rot = ((rot % 360) + 360) % 360
	rot = rot / 90 * 90
	p.rotate = rot
	w, h := box.Width(), box.Height()
	// Unrotated top-left coordinates: u = x - x0, v = y1 - y.
	base := matrix{1, 0, 0, -1, -box.LL.X, box.UR.Y}
	var r matrix
	switch rot {
	case 90: // (u, v) → (h - v, u)
		r = matrix{0, 1, -1, 0, h, 0}
		p.width, p.height = h, w
	case 180: // (u, v) → (w - u, h - v)
		r = matrix{-1, 0, 0, -1, w, h}
		p.width, p.height = w, h
	case 270: // (u, v) → (v, w - u)
		r = matrix{0, -1, 1, 0, 0, w}
		p.width, p.height = h, w
	default:
		r = identity
		p.width, p.height = w, h
	}
	p.toDisplay = base.mul(r)
	return p, nil
}

func (d *document) rect(o types.Object) *types.Rectangle {
	if o == nil {
		return nil
	}
	a := d.numbers(o)
	if len(a) != 4 {
		return nil
	}
	return types.NewRectangle(a[0], a[1], a[2], a[3])
}

func validRect(r types.Rectangle) bool {
	for _, v := range []float64{r.LL.X, r.LL.Y, r.UR.X, r.UR.Y} {
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e6 {
			return false
		}
	}
	return math.Abs(r.UR.X-r.LL.X) >= 1 && math.Abs(r.UR.Y-r.LL.Y) >= 1
}

func normRect(r types.Rectangle) types.Rectangle {
	return types.Rectangle{
		LL: types.Point{X: math.Min(r.LL.X, r.UR.X), Y: math.Min(r.LL.Y, r.UR.Y)},
		UR: types.Point{X: math.Max(r.LL.X, r.UR.X), Y: math.Max(r.LL.Y, r.UR.Y)},
	}
}

// contents returns the page's content, its streams joined by white space.
func (d *document) contents(p *pageInfo) ([]byte, error) {
	c := p.dict["Contents"]
	if c == nil {
		return nil, nil
	}
	var parts []types.Object
	if a := d.array(c); a != nil {
		parts = a
	} else {
		parts = []types.Object{c}
	}
	var buf bytes.Buffer
	var firstErr error
	for _, part := range parts {
		_, b, err := d.stream(part)
		if err != nil {
			if errors.Is(err, core.ErrTooLarge) {
				p.limitHit = true
				continue
			}
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if int64(buf.Len()+len(b)) > d.opts.MaxStreamBytes {
			p.limitHit = true
			break
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	if buf.Len() == 0 && p.limitHit {
		return nil, errTooLarge
	}
	if buf.Len() == 0 && firstErr != nil {
		return nil, fmt.Errorf("%w: content stream: %w", core.ErrDamaged, firstErr)
	}
	return buf.Bytes(), nil
}

// textString decodes a PDF text string: UTF-16 with a byte-order mark,
// UTF-8 with one, or PDFDocEncoding.
func textString(b []byte) string {
	switch {
	case len(b) >= 2 && b[0] == 0xFE && b[1] == 0xFF:
		return utf16String(b[2:])
	case len(b) >= 2 && b[0] == 0xFF && b[1] == 0xFE:
		u := make([]uint16, 0, len(b)/2)
		for i := 2; i+1 < len(b); i += 2 {
			u = append(u, uint16(b[i+1])<<8|uint16(b[i]))
		}
		return string(utf16.Decode(u))
	case len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF:
		return string(b[3:])
	}
	var sb strings.Builder
	for _, c := range b {
		if n := pdfDocEncoding[c]; n != "" {
			if s, ok := glyphNameToUnicode(n); ok {
				sb.WriteString(s)
				continue
			}
		}
		if c < 0x80 || c >= 0xA0 {
			sb.WriteRune(rune(c))
		}
	}
	return sb.String()
}
