package pdfdoc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"sync"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/recovered"
)

var disableConfigOnce sync.Once

// DefaultMaxStreamBytes is the stream limit used when Limits leaves it zero.
const DefaultMaxStreamBytes = 64 << 20

// MaxPages bounds the pages read from one page tree.
const MaxPages = 100_000

// maxTreeDepth bounds the nesting of the page tree.
const maxTreeDepth = 64

// Limits bound the work of reading one document.
type Limits struct {
	// MaxStreamBytes caps the decoded size of any one stream and of a
	// page's joined content. Zero or less: DefaultMaxStreamBytes.
	MaxStreamBytes int64
}

func (l Limits) withDefaults() Limits {
	if l.MaxStreamBytes <= 0 {
		l.MaxStreamBytes = DefaultMaxStreamBytes
	}
	return l
}

// Document is an open PDF. It is safe for concurrent use: pdfcpu's Context
// is not (dereferencing decodes object streams lazily and updates the xref
// table), so every call into it goes through one mutex. Decoding a stream
// works on a copy of the stream dictionary and runs outside the lock.
type Document struct {
	mu      sync.Mutex
	ctx     *model.Context
	limits  Limits
	leaves  []pageLeaf // the page tree's leaves in order
	repairs []string
}

// dereference resolves one indirect reference; the caller holds the lock.
func (d *Document) dereference(ir types.IndirectRef) (types.Object, error) {
	return d.ctx.Dereference(ir)
}

// pageLeaf is a page dictionary with the attributes it inherits.
type pageLeaf struct {
	dict types.Dict
	// damaged: the tree names this page, but its object is in the file
	// and cannot be read (see unreadable).
	damaged   bool
	resources types.Object
	mediaBox  types.Object
	cropBox   types.Object
	rotate    types.Object
}

// walkPages collects the page tree's leaves depth first, in order. It
// follows each node once (cycles and shared kids are skipped) and trusts
// no /Count. It returns the root's /Count, or -1 when there is none.
func (d *Document) walkPages() (count int) {
	count = -1
	root := d.pageTreeRoot()
	if root == nil {
		return count
	}
	if n, ok := d.Number(d.Dict(root)["Count"]); ok {
		count = int(max(-1, min(n, math.MaxInt32)))
	}
	d.walkNode(root, pageLeaf{}, 0, map[int]bool{})
	return count
}

// pageTreeRoot is the root of the page tree: the one pdfcpu found, else
// the catalog's /Pages; nil when there is neither.
func (d *Document) pageTreeRoot() types.Object {
	var root types.Object
	_ = d.locked(func() error {
		ir, err := d.ctx.Pages()
		if err == nil && ir != nil {
			root = *ir
		}
		return nil
	})
	if root == nil {
		if cat := d.Catalog(); cat != nil {
			root = cat["Pages"]
		}
	}
	return root
}

// walkNode adds the leaves under the page tree node o at depth, which
// inherits inh, to d.leaves. Nodes in seen (by object number) were
// walked already.
func (d *Document) walkNode(o types.Object, inh pageLeaf, depth int, seen map[int]bool) {
	if depth > maxTreeDepth || len(d.leaves) >= MaxPages {
		return
	}
	if nr := ObjNr(o); nr > 0 {
		if seen[nr] {
			return
		}
		seen[nr] = true
	}
	n := d.Dict(o)
	if n == nil {
		if depth > 0 && d.unreadable(o) {
			// A page whose object cannot be read keeps its place, so
			// that the pages after it keep their numbers (a renderer
			// may read it) and it is not lost without a record.
			d.leaves = append(d.leaves, pageLeaf{damaged: true})
		}
		return
	}
	inh.inherit(n)
	kids := d.Array(n["Kids"])
	typ := d.Name(n["Type"])
	if typ == "Page" || (kids == nil && typ != "Pages") {
		inh.dict = n
		d.leaves = append(d.leaves, inh)
		return
	}
	for _, k := range kids {
		d.walkNode(k, inh, depth+1, seen)
	}
}

// inherit takes the attributes the node n sets for the pages under it.
func (l *pageLeaf) inherit(n types.Dict) {
	if v, ok := n["Resources"]; ok {
		l.resources = v
	}
	if v, ok := n["MediaBox"]; ok {
		l.mediaBox = v
	}
	if v, ok := n["CropBox"]; ok {
		l.cropBox = v
	}
	if v, ok := n["Rotate"]; ok {
		l.rotate = v
	}
}

// unreadable reports whether o refers to an object that the file holds,
// in use and at an offset or in an object stream, but that could not be
// parsed (pdfcpu leaves its entry empty: nesting past its limits, a
// damaged dictionary). A reference to an object the file does not hold
// is not a damaged page but a dangling one.
func (d *Document) unreadable(o types.Object) bool {
	ir, ok := o.(types.IndirectRef)
	if !ok {
		return false
	}
	bad := false
	_ = d.locked(func() error {
		e, found := d.ctx.XRefTable.Find(ir.ObjectNumber.Value())
		bad = found && e != nil && !e.Free && e.Object == nil && (e.Offset != nil || e.Compressed)
		return nil
	})
	return bad
}

// Open reads the PDF at path with pdfcpu in relaxed mode, repairing what
// it can: a broken cross-reference table is rebuilt by scanning for
// objects, and a truncated file is cut back to its last complete object.
// An encrypted file opens when its user password is empty. Its errors wrap
// the core sentinels: ErrNotFound, ErrEmptyFile, ErrNotPDF, ErrEncrypted,
// ErrDamaged, and ErrTimeout or ErrCanceled when ctx ends first.
func Open(ctx context.Context, path string, limits Limits) (doc *Document, err error) {
	limits = limits.withDefaults()
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%w: %w", core.ErrNotFound, err)
		}
		return nil, err
	}
	return openData(ctx, data, limits)
}

// disableConfigDir keeps pdfcpu from reading or writing a configuration
// directory, as its api package's DisableConfigDir does. That package is not
// imported: it pulls in pdfcpu's form filling and go-runewidth, whose init
// builds a width table that cost every engine process about 14 ms of CPU at
// start.
func disableConfigDir() { model.ConfigPath = "disable" }

// openData is Open on the file's bytes; limits have their defaults.
func openData(ctx context.Context, data []byte, limits Limits) (doc *Document, err error) {
	disableConfigOnce.Do(disableConfigDir)
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, core.ErrEmptyFile
	}
	head := data
	if len(head) > 1024 {
		head = head[:1024]
	}
	headerAt := bytes.Index(head, []byte("%PDF"))
	hasHeader := headerAt >= 0
	if !hasHeader && !bytes.Contains(data, []byte(" obj")) {
		return nil, fmt.Errorf("%w: no PDF header", core.ErrNotPDF)
	}
	var notes []string
	switch {
	case !hasHeader:
		notes = append(notes, "no PDF header")
	case headerAt > 0:
		notes = append(notes, fmt.Sprintf("%d bytes of junk before the header", headerAt))
	}
	doc, err = read(ctx, data, hasHeader, limits)
	if err == nil || errors.Is(err, core.ErrEncrypted) || ctx.Err() != nil {
		if doc != nil {
			doc.repairs = append(notes, doc.repairs...)
		}
		return doc, err
	}
	// Repairs: make pdfcpu rebuild the xref by scanning for objects, and
	// cut a truncated file back to its last complete object.
	type try struct {
		data []byte
		note []string
	}
	var tries []try
	if bytes.Contains(data, []byte("startxref")) {
		tries = append(tries, try{bytes.ReplaceAll(data, []byte("startxref"), []byte("startxre_")), []string{"xref rebuilt"}})
	}
	if i := bytes.LastIndex(data, []byte("endobj")); i > 0 && i+6 < len(data)-64 {
		cut := append([]byte(nil), data[:i+6]...)
		tries = append(tries, try{
			append(bytes.ReplaceAll(cut, []byte("startxref"), []byte("startxre_")), '\n'),
			[]string{fmt.Sprintf("truncated at byte %d", i+6), "xref rebuilt"},
		})
	}
	for _, t := range tries {
		if d2, err2 := read(ctx, t.data, hasHeader, limits); err2 == nil {
			d2.repairs = append(append(notes, t.note...), d2.repairs...)
			return d2, nil
		}
	}
	return nil, err
}

func read(c context.Context, data []byte, hasHeader bool, limits Limits) (doc *Document, err error) {
	defer func() {
		if r := recover(); r != nil {
			recovered.Note("pdfdoc: read", r)
			doc, err = nil, fmt.Errorf("%w: reader panic: %v", core.ErrDamaged, r)
		}
	}()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	conf.Limits.MaxDecodeBytes = limits.MaxStreamBytes
	if conf.Limits.MaxStreamBytes < limits.MaxStreamBytes {
		conf.Limits.MaxStreamBytes = limits.MaxStreamBytes
	}
	ctx, err := pdfcpu.ReadWithContext(c, bytes.NewReader(data), conf)
	if err != nil {
		if c.Err() != nil {
			return nil, ContextError(c.Err())
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
	doc = &Document{ctx: ctx, limits: limits}
	count := doc.walkPages()
	damaged := 0
	for _, l := range doc.leaves {
		if l.damaged {
			damaged++
		}
	}
	if damaged == len(doc.leaves) {
		// No page to read: the repairs, and the second parser, may do
		// better than a document of failed pages.
		return nil, fmt.Errorf("%w: no pages", core.ErrDamaged)
	}
	if count != len(doc.leaves) {
		doc.repairs = append(doc.repairs, fmt.Sprintf("page count %d ignored (%d pages found)", count, len(doc.leaves)))
	}
	if damaged > 0 {
		doc.repairs = append(doc.repairs, fmt.Sprintf("%d page objects cannot be read", damaged))
	}
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

// ContextError turns a context error into the matching core sentinel:
// ErrTimeout for a deadline, ErrCanceled otherwise (both wrap err).
func ContextError(err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%w: %w", core.ErrTimeout, err)
	}
	return fmt.Errorf("%w: %w", core.ErrCanceled, err)
}

// NumPages is the number of leaves found in the page tree.
func (d *Document) NumPages() int { return len(d.leaves) }

// Repairs says what was repaired to read the file ("xref rebuilt",
// "truncated at byte N", ...), in the order it was done; nil for a sound
// file.
func (d *Document) Repairs() []string { return append([]string(nil), d.repairs...) }

// Encrypted reports whether the file is encrypted (it opened, so with the
// empty user password).
func (d *Document) Encrypted() bool {
	return d.ctx.Encrypt != nil || d.ctx.E != nil
}

// Version is the PDF version the file declares ("1.7"), the catalog's
// /Version taking precedence over the header; "" when unknown.
func (d *Document) Version() (v string) {
	_ = d.locked(func() error {
		if d.ctx.HeaderVersion != nil || d.ctx.RootVersion != nil {
			v = d.ctx.VersionString()
		}
		return nil
	})
	return v
}

// Catalog is the document catalog, nil when it cannot be read.
func (d *Document) Catalog() types.Dict {
	if d.ctx.Root == nil {
		return nil
	}
	return d.Dict(*d.ctx.Root) // Root is a *IndirectRef: Dict needs the value
}

// Info is the trailer's document information dictionary, nil when absent.
func (d *Document) Info() types.Dict {
	if d.ctx.Info == nil {
		return nil
	}
	return d.Dict(*d.ctx.Info)
}

// locked runs f under the document lock, turning a panic in pdfcpu into an
// error.
func (d *Document) locked(f func() error) (err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	defer func() {
		if r := recover(); r != nil {
			recovered.Note("pdfdoc: object", r)
			err = fmt.Errorf("%w: %v", core.ErrDamaged, r)
		}
	}()
	return f()
}

// Deref resolves indirect references (a chain of them, bounded); nil when
// the object cannot be read.
func (d *Document) Deref(o types.Object) types.Object {
	for i := 0; i < 8; i++ {
		ir, ok := o.(types.IndirectRef)
		if !ok {
			return o
		}
		var r types.Object
		if err := d.locked(func() error {
			var err error
			r, err = d.dereference(ir)
			return err
		}); err != nil {
			return nil
		}
		o = r
	}
	return nil
}

// Dict resolves o to a dictionary (a stream's dictionary included), nil
// otherwise.
func (d *Document) Dict(o types.Object) types.Dict {
	switch v := d.Deref(o).(type) {
	case types.Dict:
		return v
	case types.StreamDict:
		return v.Dict
	}
	return nil
}

// Array resolves o to an array, nil otherwise.
func (d *Document) Array(o types.Object) types.Array {
	a, _ := d.Deref(o).(types.Array)
	return a
}

// Number resolves o to a finite number; ok is false otherwise.
func (d *Document) Number(o types.Object) (float64, bool) {
	switch v := d.Deref(o).(type) {
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

// Name resolves o to a name (without the slash), "" otherwise.
func (d *Document) Name(o types.Object) string {
	n, _ := d.Deref(o).(types.Name)
	return string(n)
}

// String resolves o to the bytes of a string object (literal or hex); ok
// is false for any other object. It does not decode text strings: see Text.
func (d *Document) String(o types.Object) ([]byte, bool) {
	switch v := d.Deref(o).(type) {
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

// Text resolves o to a text string (UTF-16 with a byte-order mark or
// PDFDocEncoding, as pdfcpu decodes them), "" when it is none.
func (d *Document) Text(o types.Object) (s string) {
	o = d.Deref(o)
	if o == nil {
		return ""
	}
	_ = d.locked(func() error {
		var err error
		s, err = model.Text(o)
		return err
	})
	return s
}

// Numbers reads an array of numbers; missing entries are 0.
func (d *Document) Numbers(o types.Object) []float64 {
	a := d.Array(o)
	out := make([]float64, len(a))
	for i, x := range a {
		out[i], _ = d.Number(x)
	}
	return out
}

// ObjNr is the object number of an indirect reference, 0 otherwise.
func ObjNr(o types.Object) int {
	if ir, ok := o.(types.IndirectRef); ok {
		return ir.ObjectNumber.Value()
	}
	return 0
}

// ErrStreamTooLarge is returned for a stream whose decoded size passes
// Limits.MaxStreamBytes. It wraps core.ErrTooLarge.
var ErrStreamTooLarge = fmt.Errorf("%w: stream larger than max_stream_bytes", core.ErrTooLarge)

// Stream returns the decoded content of a stream object and its
// dictionary. A damaged filter gives what was decoded before the damage,
// when there is any; a stream over the limit gives ErrStreamTooLarge.
func (d *Document) Stream(o types.Object) (types.Dict, []byte, error) {
	sd, err := d.streamDict(o)
	if err != nil {
		return nil, nil, err
	}
	return d.decode(sd)
}

// streamDict resolves o to a copy of a stream object, whose decoding
// fills its Content only.
func (d *Document) streamDict(o types.Object) (*types.StreamDict, error) {
	var sd *types.StreamDict
	err := d.locked(func() error {
		o := o
		for i := 0; i < 8; i++ {
			ir, ok := o.(types.IndirectRef)
			if !ok {
				break
			}
			r, err := d.dereference(ir)
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
	return sd, err
}

// decode decodes sd's content with its filters.
func (d *Document) decode(sd *types.StreamDict) (types.Dict, []byte, error) {
	if sd.Content != nil {
		return sd.Dict, sd.Content, nil
	}
	if content, ok, err := d.inflate(sd); ok {
		return sd.Dict, content, err
	}
	err := func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				recovered.Note("pdfdoc: stream decoder", r)
				err = fmt.Errorf("%w: decoder panic: %v", core.ErrDamaged, r)
			}
		}()
		return sd.DecodeWithLimit(d.limits.MaxStreamBytes)
	}()
	if err != nil {
		if strings.Contains(strings.ToLower(err.Error()), "limit") || strings.Contains(err.Error(), "exceed") {
			return sd.Dict, nil, ErrStreamTooLarge
		}
		// A damaged filter: keep what was decoded, if anything.
		if sd.Content == nil {
			return sd.Dict, nil, err
		}
	}
	if int64(len(sd.Content)) > d.limits.MaxStreamBytes {
		return sd.Dict, nil, ErrStreamTooLarge
	}
	return sd.Dict, sd.Content, nil
}

// inflate decodes streams whose filters are all FlateDecode without a
// predictor. Unlike pdfcpu's decoder it keeps the bytes inflated before a
// corruption, so a damaged content stream still gives its first part.
// ok is false when the stream needs pdfcpu's filters.
func (d *Document) inflate(sd *types.StreamDict) (content []byte, ok bool, err error) {
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
		out, err := inflateLimited(b, d.limits.MaxStreamBytes)
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

// Page is one page as the content interpreters need it.
type Page struct {
	Number    int
	Dict      types.Dict      // the page dictionary
	Resources types.Dict      // inherited resources; never nil
	Box       types.Rectangle // the visible box (crop box within the media box) in user space
	Rotate    int             // 0, 90, 180 or 270, clockwise
	Width     float64         // displayed size, rotation applied, in points
	Height    float64
	ToDisplay Matrix // user space → displayed top-left coordinates
	// LimitHit is set by Contents when a stream was skipped for its size.
	LimitHit bool
}

// Page returns page n (1-based); core.ErrNoSuchPage when there is none.
// Each call returns a new Page.
func (d *Document) Page(n int) (*Page, error) {
	if n < 1 || n > len(d.leaves) {
		return nil, core.ErrNoSuchPage
	}
	leaf := d.leaves[n-1]
	if leaf.damaged {
		return nil, fmt.Errorf("%w: its page object cannot be read", core.ErrDamaged)
	}
	p := &Page{Number: n, Dict: leaf.dict, Resources: d.Dict(leaf.resources)}
	if p.Resources == nil {
		p.Resources = types.Dict{}
	}
	mb, cb := d.rect(leaf.mediaBox), d.rect(leaf.cropBox)
	rotF, _ := d.Number(leaf.rotate)
	box := types.Rectangle{LL: types.Point{X: 0, Y: 0}, UR: types.Point{X: 612, Y: 792}}
	if mb != nil && validRect(*mb) {
		box = normRect(*mb)
	}
	if cb != nil && validRect(*cb) {
		c := normRect(*cb)
		ix := types.Rectangle{
			LL: types.Point{X: max(box.LL.X, c.LL.X), Y: max(box.LL.Y, c.LL.Y)},
			UR: types.Point{X: min(box.UR.X, c.UR.X), Y: min(box.UR.Y, c.UR.Y)},
		}
		if ix.Width() > 1 && ix.Height() > 1 {
			box = ix
		}
	}
	p.Box = box
	rot := int(rotF)
	rot = ((rot % 360) + 360) % 360
	rot = rot / 90 * 90
	p.Rotate = rot
	w, h := box.Width(), box.Height()
	// Unrotated top-left coordinates: u = x - x0, v = y1 - y.
	base := Matrix{1, 0, 0, -1, -box.LL.X, box.UR.Y}
	var r Matrix
	switch rot {
	case 90: // (u, v) → (h - v, u)
		r = Matrix{0, 1, -1, 0, h, 0}
		p.Width, p.Height = h, w
	case 180: // (u, v) → (w - u, h - v)
		r = Matrix{-1, 0, 0, -1, w, h}
		p.Width, p.Height = w, h
	case 270: // (u, v) → (v, w - u)
		r = Matrix{0, -1, 1, 0, 0, w}
		p.Width, p.Height = h, w
	default:
		r = Identity
		p.Width, p.Height = w, h
	}
	p.ToDisplay = base.Mul(r)
	return p, nil
}

func (d *Document) rect(o types.Object) *types.Rectangle {
	if o == nil {
		return nil
	}
	a := d.Numbers(o)
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
		LL: types.Point{X: min(r.LL.X, r.UR.X), Y: min(r.LL.Y, r.UR.Y)},
		UR: types.Point{X: max(r.LL.X, r.UR.X), Y: max(r.LL.Y, r.UR.Y)},
	}
}

// Contents returns the page's content, its streams joined by newlines. A
// stream over the limit is skipped and sets p.LimitHit; when nothing is
// left the error is ErrStreamTooLarge. When no stream could be decoded
// the error wraps core.ErrDamaged.
func (d *Document) Contents(p *Page) ([]byte, error) {
	c := p.Dict["Contents"]
	if c == nil {
		return nil, nil
	}
	var parts []types.Object
	if a := d.Array(c); a != nil {
		parts = a
	} else {
		parts = []types.Object{c}
	}
	var buf bytes.Buffer
	var firstErr error
	for _, part := range parts {
		_, b, err := d.Stream(part)
		if err != nil {
			if errors.Is(err, core.ErrTooLarge) {
				p.LimitHit = true
				continue
			}
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if int64(buf.Len()+len(b)) > d.limits.MaxStreamBytes {
			p.LimitHit = true
			break
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	if buf.Len() == 0 && p.LimitHit {
		return nil, ErrStreamTooLarge
	}
	if buf.Len() == 0 && firstErr != nil {
		return nil, fmt.Errorf("%w: content stream: %w", core.ErrDamaged, firstErr)
	}
	return buf.Bytes(), nil
}
