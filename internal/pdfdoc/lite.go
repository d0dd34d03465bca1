package pdfdoc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/assay-pdf/assay/core"
)

// Bounds of the lazy reader.
const (
	maxXrefSections = 64         // sections followed through /Prev and /XRefStm
	maxXrefEntries  = 10_000_000 // entries of one section
	maxObjDepth     = 64         // nesting of arrays and dictionaries in one object
	maxRefChain     = 32         // objects being resolved at once (a /Length in an object stream...)
)

var errLite = errors.New("lazy reader: unsupported")

// OpenLazy opens the PDF at path like Open, but reads only the
// cross-reference table and the trailer up front; every other object is
// parsed when it is first resolved (and kept), and an object stream is
// decoded when an object in it is first needed. That makes opening a
// large document cost what is looked at, not what is in it: pdfcpu's
// Read, behind Open, parses every object of the file.
//
// It takes the fast path only for files it reads without repair: the
// header at byte 0, a sound startxref and cross-reference chain (tables,
// streams or both), no encryption, a catalog and at least one page. An
// object whose xref offset is wrong is looked up by scanning the file
// for its "N G obj" header (once per document). Anything else (and any
// panic) falls back to Open, so its errors, repairs and classification
// are exactly Open's.
func OpenLazy(ctx context.Context, path string, limits Limits) (*Document, error) {
	limits = limits.withDefaults()
	data, err := os.ReadFile(path)
	if err != nil {
		return Open(ctx, path, limits) // Open classifies the error
	}
	if ctx.Err() != nil {
		return nil, ContextError(ctx.Err())
	}
	if d := openLite(data, limits); d != nil {
		return d, nil
	}
	return openData(ctx, data, limits)
}

// openLite is the fast path of OpenLazy; nil when it does not apply.
func openLite(data []byte, limits Limits) (doc *Document) {
	defer func() {
		if recover() != nil {
			doc = nil
		}
	}()
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		return nil
	}
	r := &liteReader{
		data: data, limits: limits,
		xref:  map[int]xrefEntry{},
		cache: map[int]types.Object{},
		busy:  map[int]bool{},
		stms:  map[int]*objStm{},
	}
	if len(data) >= 8 {
		r.header = string(data[5:8])
	}
	if !knownVersion[r.header] {
		return nil
	}
	if err := r.readXref(); err != nil || r.trailer == nil {
		return nil
	}
	if r.trailer["Encrypt"] != nil {
		return nil
	}
	if _, ok := r.trailer["Root"].(types.IndirectRef); !ok {
		return nil
	}
	d := &Document{limits: limits, lite: r}
	cat := d.Catalog()
	if cat == nil {
		return nil
	}
	if v, ok := d.Deref(cat["Version"]).(types.Name); ok && knownVersion[string(v)] && r.header >= "1.4" {
		r.rootVersion = string(v)
	}
	count := d.walkPages()
	if len(d.leaves) == 0 {
		return nil
	}
	if count != len(d.leaves) {
		d.repairs = append(d.repairs, fmt.Sprintf("page count %d ignored (%d pages found)", count, len(d.leaves)))
	}
	return d
}

var knownVersion = map[string]bool{
	"1.0": true, "1.1": true, "1.2": true, "1.3": true, "1.4": true,
	"1.5": true, "1.6": true, "1.7": true, "2.0": true,
}

// xrefEntry is one cross-reference entry: a plain object at off, or the
// idx-th object of the object stream numbered stm.
type xrefEntry struct {
	off  int64
	stm  int
	idx  int
	kind byte // 'n' in use, 'c' compressed, 'f' free
}

// objStm is a decoded object stream: object i is numbered nums[i] and
// starts at offs[i] in data.
type objStm struct {
	data []byte
	nums []int
	offs []int
}

// liteReader resolves objects on demand. It is not safe for concurrent
// use: Document calls it under its lock.
type liteReader struct {
	data        []byte
	limits      Limits
	header      string
	rootVersion string
	xref        map[int]xrefEntry
	trailer     types.Dict
	cache       map[int]types.Object
	busy        map[int]bool
	stms        map[int]*objStm
	found       map[int]int64 // "N G obj" headers, from a scan made on the first bad offset
	// damaged is set by the first sign of damage in what was read: see
	// Document.Damaged.
	damaged bool
}

// Damaged reports whether a document that OpenLazy read on its fast path
// has met damage in the objects read so far: an object that is not at
// its xref offset or cannot be read, a stream whose /Length misses
// "endstream", objects nested past the limit. Open reads such files its
// own way (pdfcpu's repairs, "xref rebuilt"); a caller that must read
// exactly what Open reads opens the file again with Open. Always false
// for a document from Open.
func (d *Document) Damaged() bool {
	if d.lite == nil {
		return false
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.lite.damaged
}

func (r *liteReader) version() string {
	if r.rootVersion != "" {
		return r.rootVersion
	}
	return r.header
}

// resolve returns the object ir refers to; nil for a free or undefined
// object (as the spec asks), an error for one that cannot be read.
func (r *liteReader) resolve(ir types.IndirectRef) (types.Object, error) {
	n := ir.ObjectNumber.Value()
	if o, ok := r.cache[n]; ok {
		return o, nil
	}
	if r.busy[n] || len(r.busy) >= maxRefChain {
		return nil, fmt.Errorf("%w: object %d refers to itself", core.ErrDamaged, n)
	}
	r.busy[n] = true
	defer delete(r.busy, n)
	o, err := r.load(n)
	if err != nil {
		r.damaged = true
		return nil, err
	}
	r.cache[n] = o
	return o, nil
}

func (r *liteReader) load(n int) (types.Object, error) {
	e, ok := r.xref[n]
	if !ok || e.kind == 'f' {
		return nil, nil
	}
	if e.kind == 'c' {
		return r.compressed(n, e)
	}
	if o, err := r.parseAt(e.off, n); err == nil {
		return o, nil
	}
	// A wrong offset: find the object's header in the file.
	r.damaged = true
	if r.found == nil {
		r.found = scanObjects(r.data)
	}
	if off, ok := r.found[n]; ok {
		return r.parseAt(off, n)
	}
	return nil, fmt.Errorf("%w: object %d not found", core.ErrDamaged, n)
}

// scanObjects finds every "N G obj" header; a later one wins, as in an
// incremental update.
func scanObjects(data []byte) map[int]int64 {
	found := map[int]int64{}
	for i := 0; ; {
		j := bytes.Index(data[i:], []byte("obj"))
		if j < 0 {
			return found
		}
		at := i + j
		i = at + 3
		// Back over " G " and "N".
		k := at - 1
		for k >= 0 && isWhite(data[k]) {
			k--
		}
		ge := k + 1
		for k >= 0 && data[k] >= '0' && data[k] <= '9' {
			k--
		}
		if k+1 == ge || k < 0 || !isWhite(data[k]) {
			continue
		}
		for k >= 0 && isWhite(data[k]) {
			k--
		}
		ne := k + 1
		for k >= 0 && data[k] >= '0' && data[k] <= '9' {
			k--
		}
		if k+1 == ne || ne-(k+1) > 10 {
			continue
		}
		if k >= 0 && !isWhite(data[k]) && !isDelim(data[k]) {
			continue
		}
		if n, err := strconv.Atoi(string(data[k+1 : ne])); err == nil {
			found[n] = int64(k + 1)
		}
	}
}

// parseAt parses the indirect object "n G obj ..." at off.
func (r *liteReader) parseAt(off int64, n int) (types.Object, error) {
	if off < 0 || off >= int64(len(r.data)) {
		return nil, fmt.Errorf("%w: object %d: offset %d out of the file", core.ErrDamaged, n, off)
	}
	p := &objParser{b: r.data, pos: int(off)}
	num, ok1 := p.integer()
	_, ok2 := p.integer()
	if !ok1 || !ok2 || num != n || !p.keyword("obj") {
		return nil, fmt.Errorf("%w: object %d: no header at offset %d", core.ErrDamaged, n, off)
	}
	o := p.object(0)
	r.damaged = r.damaged || p.tooDeep
	if d, ok := o.(types.Dict); ok {
		save := p.pos
		if p.keyword("stream") {
			return r.stream(d, p.pos)
		}
		p.pos = save
	}
	return o, nil
}

// stream builds the stream whose data starts after the "stream" keyword
// at pos. The data is a slice of the file, not a copy.
func (r *liteReader) stream(d types.Dict, pos int) (types.Object, error) {
	b := r.data
	if pos < len(b) && b[pos] == '\r' {
		pos++
	}
	if pos < len(b) && b[pos] == '\n' {
		pos++
	}
	length := -1
	switch v := d["Length"].(type) {
	case types.Integer:
		length = v.Value()
	case types.IndirectRef:
		if o, err := r.resolve(v); err == nil {
			if i, ok := o.(types.Integer); ok {
				length = i.Value()
			}
		}
	}
	end := -1
	if length >= 0 && pos+length <= len(b) {
		j := pos + length
		for j < len(b) && isWhite(b[j]) {
			j++
		}
		if bytes.HasPrefix(b[j:], []byte("endstream")) {
			end = pos + length
		}
	}
	if end < 0 {
		r.damaged = true
		j := bytes.Index(b[pos:], []byte("endstream"))
		if j < 0 {
			return nil, fmt.Errorf("%w: stream without endstream", core.ErrDamaged)
		}
		end = pos + j
		if end > pos && b[end-1] == '\n' {
			end--
		}
		if end > pos && b[end-1] == '\r' {
			end--
		}
	}
	fp, err := r.filters(d)
	if err != nil {
		return nil, err
	}
	l := int64(end - pos)
	sd := types.NewStreamDict(d, int64(pos), &l, nil, fp)
	sd.Raw = b[pos:end:end]
	return sd, nil
}

// filterNames expands the abbreviated filter names.
var filterNames = map[string]string{
	"AHx": "ASCIIHexDecode", "A85": "ASCII85Decode", "LZW": "LZWDecode", "Fl": "FlateDecode",
	"RL": "RunLengthDecode", "CCF": "CCITTFaxDecode", "DCT": "DCTDecode",
}

// filters is the stream's filter pipeline as pdfcpu's decoder takes it.
func (r *liteReader) filters(d types.Dict) ([]types.PDFFilter, error) {
	deref := func(o types.Object) types.Object {
		if ir, ok := o.(types.IndirectRef); ok {
			o, _ = r.resolve(ir)
		}
		return o
	}
	f := deref(d["Filter"])
	if f == nil {
		return nil, nil
	}
	parms := deref(d["DecodeParms"])
	if parms == nil {
		parms = deref(d["DP"])
	}
	one := func(name types.Object, p types.Object) (types.PDFFilter, error) {
		n, ok := deref(name).(types.Name)
		if !ok {
			return types.PDFFilter{}, fmt.Errorf("%w: filter is not a name", core.ErrDamaged)
		}
		s := string(n)
		if full, ok := filterNames[s]; ok {
			s = full
		}
		pd, _ := deref(p).(types.Dict)
		return types.PDFFilter{Name: s, DecodeParms: pd}, nil
	}
	switch v := f.(type) {
	case types.Name:
		x, err := one(v, parms)
		if err != nil {
			return nil, err
		}
		return []types.PDFFilter{x}, nil
	case types.Array:
		pa, _ := parms.(types.Array)
		out := make([]types.PDFFilter, 0, len(v))
		for i, n := range v {
			var p types.Object
			if i < len(pa) {
				p = pa[i]
			}
			x, err := one(n, p)
			if err != nil {
				return nil, err
			}
			out = append(out, x)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%w: bad /Filter", core.ErrDamaged)
}

// decode decodes a stream the reader itself needs (xref and object
// streams) under the stream limit.
func (r *liteReader) decode(sd types.StreamDict) ([]byte, error) {
	d := &Document{limits: r.limits}
	if b, ok, err := d.inflate(&sd); ok {
		if err != nil || b == nil {
			return nil, fmt.Errorf("%w: cannot inflate", core.ErrDamaged)
		}
		return b, nil
	}
	if len(sd.FilterPipeline) == 0 {
		return sd.Raw, nil
	}
	err := func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("%w: decoder panic: %v", core.ErrDamaged, p)
			}
		}()
		return sd.DecodeWithLimit(r.limits.MaxStreamBytes)
	}()
	if err != nil {
		return nil, err
	}
	return sd.Content, nil
}

// compressed reads object n from its object stream.
func (r *liteReader) compressed(n int, e xrefEntry) (types.Object, error) {
	s, err := r.objectStream(e.stm)
	if err != nil {
		return nil, err
	}
	i := e.idx
	if i < 0 || i >= len(s.nums) || s.nums[i] != n {
		i = -1
		for k, m := range s.nums {
			if m == n {
				i = k
				break
			}
		}
		if i < 0 {
			return nil, fmt.Errorf("%w: object %d not in object stream %d", core.ErrDamaged, n, e.stm)
		}
	}
	p := &objParser{b: s.data, pos: s.offs[i]}
	o := p.object(0)
	r.damaged = r.damaged || p.tooDeep
	return o, nil
}

func (r *liteReader) objectStream(m int) (*objStm, error) {
	if s, ok := r.stms[m]; ok {
		if s == nil {
			return nil, fmt.Errorf("%w: object stream %d unreadable", core.ErrDamaged, m)
		}
		return s, nil
	}
	r.stms[m] = nil
	o, err := r.resolve(types.IndirectRef{ObjectNumber: types.Integer(m)})
	if err != nil {
		return nil, err
	}
	sd, ok := o.(types.StreamDict)
	if !ok {
		return nil, fmt.Errorf("%w: object stream %d is not a stream", core.ErrDamaged, m)
	}
	data, err := r.decode(sd)
	if err != nil {
		return nil, err
	}
	count, _ := sd.Dict["N"].(types.Integer)
	first, _ := sd.Dict["First"].(types.Integer)
	if count < 0 || first < 0 || int(first) > len(data) || int(count) > len(data) {
		return nil, fmt.Errorf("%w: object stream %d: bad /N or /First", core.ErrDamaged, m)
	}
	s := &objStm{data: data}
	p := &objParser{b: data[:first]}
	for range int(count) {
		num, ok1 := p.integer()
		off, ok2 := p.integer()
		if !ok1 || !ok2 || off < 0 || int(first)+off >= len(data) {
			break
		}
		s.nums = append(s.nums, num)
		s.offs = append(s.offs, int(first)+off)
	}
	r.stms[m] = s
	return s, nil
}

// readXref reads the cross-reference chain from startxref.
func (r *liteReader) readXref() error {
	b := r.data
	tail := b[max(0, len(b)-2048):]
	i := bytes.LastIndex(tail, []byte("startxref"))
	if i < 0 {
		return errLite
	}
	p := &objParser{b: tail, pos: i + len("startxref")}
	off, ok := p.integer()
	if !ok {
		return errLite
	}
	seen := map[int]bool{}
	for off > 0 {
		if seen[off] || len(seen) >= maxXrefSections {
			return errLite
		}
		seen[off] = true
		trailer, err := r.section(off, seen)
		if err != nil {
			return err
		}
		if r.trailer == nil {
			r.trailer = trailer
		} else {
			for _, k := range []string{"Root", "Info", "Encrypt"} {
				if r.trailer[k] == nil && trailer[k] != nil {
					r.trailer[k] = trailer[k]
				}
			}
		}
		prev, _ := trailer["Prev"].(types.Integer)
		off = int(prev)
	}
	return nil
}

// section reads the xref section at off (a table or a stream) into
// r.xref, newer sections first: an entry already there is kept.
func (r *liteReader) section(off int, seen map[int]bool) (types.Dict, error) {
	if off < 0 || off >= len(r.data) {
		return nil, errLite
	}
	local := map[int]xrefEntry{}
	var trailer types.Dict
	p := &objParser{b: r.data, pos: off}
	if p.keyword("xref") {
		if err := p.xrefTable(local); err != nil {
			return nil, err
		}
		if !p.keyword("trailer") {
			return nil, errLite
		}
		d, ok := p.object(0).(types.Dict)
		if !ok {
			return nil, errLite
		}
		trailer = d
		// A hybrid file: the stream completes this section.
		if x, ok := d["XRefStm"].(types.Integer); ok && !seen[int(x)] {
			seen[int(x)] = true
			stm := map[int]xrefEntry{}
			if _, err := r.xrefStream(int(x), stm); err == nil {
				for n, e := range stm {
					if old, ok := local[n]; !ok || old.kind == 'f' {
						local[n] = e
					}
				}
			}
		}
	} else {
		d, err := r.xrefStream(off, local)
		if err != nil {
			return nil, err
		}
		trailer = d
	}
	for n, e := range local {
		if _, ok := r.xref[n]; !ok {
			r.xref[n] = e
		}
	}
	return trailer, nil
}

// xrefTable reads the subsections after "xref".
func (p *objParser) xrefTable(into map[int]xrefEntry) error {
	for {
		p.skip()
		if p.pos >= len(p.b) || p.b[p.pos] < '0' || p.b[p.pos] > '9' {
			return nil
		}
		start, ok1 := p.integer()
		count, ok2 := p.integer()
		if !ok1 || !ok2 || start < 0 || count < 0 || count > maxXrefEntries || count > (len(p.b)-p.pos)/18+1 {
			return errLite
		}
		for k := range count {
			off, ok1 := p.integer()
			_, ok2 := p.integer()
			p.skip()
			if !ok1 || !ok2 || p.pos >= len(p.b) {
				return errLite
			}
			kind := p.b[p.pos]
			p.pos++
			switch kind {
			case 'n':
				if off == 0 { // an in-use entry at offset 0 is a placeholder
					kind = 'f'
				}
			case 'f':
			default:
				return errLite
			}
			if _, ok := into[start+k]; !ok {
				into[start+k] = xrefEntry{off: int64(off), kind: kind}
			}
		}
	}
}

// xrefStream reads the cross-reference stream object at off; it returns
// the stream's dictionary, which is the section's trailer.
func (r *liteReader) xrefStream(off int, into map[int]xrefEntry) (types.Dict, error) {
	p := &objParser{b: r.data, pos: off}
	n, ok1 := p.integer()
	_, ok2 := p.integer()
	if !ok1 || !ok2 || !p.keyword("obj") {
		return nil, errLite
	}
	o, err := r.parseAt(int64(off), n)
	if err != nil {
		return nil, errLite
	}
	sd, ok := o.(types.StreamDict)
	if !ok || sd.Dict["Type"] != types.Name("XRef") {
		return nil, errLite
	}
	data, err := r.decode(sd)
	if err != nil {
		return nil, errLite
	}
	wa, _ := sd.Dict["W"].(types.Array)
	if len(wa) != 3 {
		return nil, errLite
	}
	var w [3]int
	row := 0
	for i, x := range wa {
		v, ok := x.(types.Integer)
		if !ok || v < 0 || v > 8 {
			return nil, errLite
		}
		w[i] = int(v)
		row += w[i]
	}
	if row == 0 {
		return nil, errLite
	}
	size, _ := sd.Dict["Size"].(types.Integer)
	index := []int{0, int(size)}
	if ia, ok := sd.Dict["Index"].(types.Array); ok {
		index = index[:0]
		for _, x := range ia {
			v, ok := x.(types.Integer)
			if !ok {
				return nil, errLite
			}
			index = append(index, int(v))
		}
	}
	field := func(b []byte, def int) int {
		if len(b) == 0 {
			return def
		}
		v := 0
		for _, c := range b {
			v = v<<8 | int(c)
		}
		return v
	}
	pos := 0
	for k := 0; k+1 < len(index); k += 2 {
		start, count := index[k], index[k+1]
		if start < 0 || count < 0 || count > maxXrefEntries {
			return nil, errLite
		}
		for j := range count {
			if pos+row > len(data) {
				return nil, errLite
			}
			rec := data[pos : pos+row]
			pos += row
			t := field(rec[:w[0]], 1)
			f2 := field(rec[w[0]:w[0]+w[1]], 0)
			f3 := field(rec[w[0]+w[1]:], 0)
			var e xrefEntry
			switch t {
			case 0:
				e = xrefEntry{kind: 'f'}
			case 1:
				e = xrefEntry{kind: 'n', off: int64(f2)}
				if f2 == 0 {
					e.kind = 'f'
				}
			case 2:
				e = xrefEntry{kind: 'c', stm: f2, idx: f3}
			default:
				continue // reserved types are null objects
			}
			if _, ok := into[start+j]; !ok {
				into[start+j] = e
			}
		}
	}
	return sd.Dict, nil
}

// objParser parses PDF objects (not content streams) into pdfcpu's types.
type objParser struct {
	b       []byte
	pos     int
	tooDeep bool // nesting passed maxObjDepth: what was deeper is dropped
}

func (p *objParser) skip() {
	for p.pos < len(p.b) {
		c := p.b[p.pos]
		if isWhite(c) {
			p.pos++
			continue
		}
		if c == '%' {
			for p.pos < len(p.b) && p.b[p.pos] != '\n' && p.b[p.pos] != '\r' {
				p.pos++
			}
			continue
		}
		return
	}
}

// keyword consumes the keyword kw when it is next, followed by a
// delimiter, white space or the end.
func (p *objParser) keyword(kw string) bool {
	p.skip()
	if !bytes.HasPrefix(p.b[p.pos:], []byte(kw)) {
		return false
	}
	e := p.pos + len(kw)
	if e < len(p.b) && !isWhite(p.b[e]) && !isDelim(p.b[e]) {
		return false
	}
	p.pos = e
	return true
}

// integer reads an unsigned decimal integer (at most 18 digits).
func (p *objParser) integer() (int, bool) {
	p.skip()
	start := p.pos
	v := 0
	for p.pos < len(p.b) && p.b[p.pos] >= '0' && p.b[p.pos] <= '9' && p.pos-start < 18 {
		v = v*10 + int(p.b[p.pos]-'0')
		p.pos++
	}
	return v, p.pos > start
}

// object parses one object; nil for null and for what cannot be parsed
// (which is skipped).
func (p *objParser) object(depth int) types.Object {
	p.skip()
	if p.pos >= len(p.b) {
		return nil
	}
	c := p.b[p.pos]
	switch {
	case c == '/':
		return types.Name(p.name())
	case c == '(':
		return types.StringLiteral(p.literal())
	case c == '<' && p.pos+1 < len(p.b) && p.b[p.pos+1] == '<':
		p.pos += 2
		return p.dict(depth)
	case c == '<':
		return types.HexLiteral(p.hex())
	case c == '[':
		p.pos++
		return p.array(depth)
	case c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9'):
		return p.number()
	case c == ']' || c == '>' || c == ')' || c == '{' || c == '}':
		p.pos++
		return nil
	}
	start := p.pos
	for p.pos < len(p.b) && !isWhite(p.b[p.pos]) && !isDelim(p.b[p.pos]) {
		p.pos++
	}
	switch string(p.b[start:p.pos]) {
	case "true":
		return types.Boolean(true)
	case "false":
		return types.Boolean(false)
	case "endobj", "stream", "endstream", "obj":
		p.pos = len(p.b) // the object ended early
	}
	return nil
}

func (p *objParser) dict(depth int) types.Object {
	d := types.Dict{}
	if depth >= maxObjDepth {
		p.tooDeep = true
		p.skipTo(">>")
		return d
	}
	for {
		p.skip()
		if p.pos >= len(p.b) {
			return d
		}
		if p.b[p.pos] == '>' && p.pos+1 < len(p.b) && p.b[p.pos+1] == '>' {
			p.pos += 2
			return d
		}
		if p.b[p.pos] != '/' {
			before := p.pos
			p.object(depth + 1) // junk: skip it
			if p.pos == before {
				p.pos++
			}
			continue
		}
		k := p.name()
		v := p.object(depth + 1)
		if v != nil {
			d[k] = v
		}
	}
}

func (p *objParser) array(depth int) types.Object {
	a := types.Array{}
	if depth >= maxObjDepth {
		p.tooDeep = true
		p.skipTo("]")
		return a
	}
	for {
		p.skip()
		if p.pos >= len(p.b) {
			return a
		}
		if p.b[p.pos] == ']' {
			p.pos++
			return a
		}
		before := p.pos
		o := p.object(depth + 1)
		if p.pos == before {
			p.pos++
			continue
		}
		a = append(a, o)
	}
}

// skipTo skips past the next occurrence of s (past the nesting limit).
func (p *objParser) skipTo(s string) {
	i := bytes.Index(p.b[p.pos:], []byte(s))
	if i < 0 {
		p.pos = len(p.b)
		return
	}
	p.pos += i + len(s)
}

// number reads an integer, a real, or an indirect reference "N G R".
func (p *objParser) number() types.Object {
	start := p.pos
	p.pos++
	real := p.b[start] == '.'
	for p.pos < len(p.b) {
		c := p.b[p.pos]
		if c >= '0' && c <= '9' || c == '-' || c == '+' {
			p.pos++
			continue
		}
		if c == '.' {
			real = true
			p.pos++
			continue
		}
		break
	}
	s := string(p.b[start:p.pos])
	if !real {
		if v, err := strconv.Atoi(s); err == nil {
			if v >= 0 {
				save := p.pos
				if g, ok := p.integer(); ok && p.keyword("R") {
					return types.IndirectRef{ObjectNumber: types.Integer(v), GenerationNumber: types.Integer(g)}
				}
				p.pos = save
			}
			return types.Integer(v)
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		v = parseLooseNumber(s)
	}
	return types.Float(v)
}

func (p *objParser) name() string {
	l := Lexer{b: p.b, pos: p.pos}
	s := l.name()
	p.pos = l.pos
	return s
}

// literal returns a literal string's bytes as written (escapes kept), as
// pdfcpu's StringLiteral holds them.
func (p *objParser) literal() string {
	p.pos++ // '('
	start := p.pos
	depth := 1
	for p.pos < len(p.b) {
		c := p.b[p.pos]
		p.pos++
		switch c {
		case '\\':
			p.pos++
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return string(p.b[start : p.pos-1])
			}
		}
	}
	p.pos = min(p.pos, len(p.b))
	return string(p.b[start:p.pos])
}

// hex returns a hex string's digits (white space dropped, an odd digit
// padded with 0), as pdfcpu's HexLiteral holds them.
func (p *objParser) hex() string {
	p.pos++ // '<'
	var out []byte
	for p.pos < len(p.b) {
		c := p.b[p.pos]
		p.pos++
		if c == '>' {
			break
		}
		if _, ok := unhex(c); ok {
			out = append(out, c)
		}
	}
	if len(out)%2 == 1 {
		out = append(out, '0')
	}
	return string(out)
}
