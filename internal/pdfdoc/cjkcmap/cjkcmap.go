package cjkcmap

import (
	"bytes"
	"compress/zlib"
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"
	"sync"
)

//go:embed *.bin.z
var files embed.FS

// Collection is one of the four Adobe CJK character collections.
type Collection int

// The collections, in the order of their tables.
const (
	GB1 Collection = iota
	CNS1
	Japan1
	Korea1
	numCollections
)

var collectionNames = [numCollections]string{"GB1", "CNS1", "Japan1", "Korea1"}

func (c Collection) String() string {
	if c >= 0 && c < numCollections {
		return "Adobe-" + collectionNames[c]
	}
	return fmt.Sprintf("Collection(%d)", int(c))
}

// CollectionOf returns the collection a CIDSystemInfo names (Registry
// "Adobe", Ordering "GB1", "CNS1", "Japan1" or "Korea1").
func CollectionOf(registry, ordering string) (Collection, bool) {
	if registry != "Adobe" {
		return 0, false
	}
	for i, n := range collectionNames {
		if n == ordering {
			return Collection(i), true
		}
	}
	return 0, false
}

// CodeRange is a code-space range: codes of len(Lo) bytes whose every byte
// lies between the corresponding bytes of Lo and Hi.
type CodeRange struct {
	Lo, Hi []byte
}

// Range maps the codes Lo..Hi (big-endian values) to CID + (code - Lo).
type Range struct {
	Lo, Hi, CID uint32
}

// CMap is a predefined encoding CMap, its usecmap chain resolved. Read only.
type CMap struct {
	Name       string
	Collection Collection
	Vertical   bool
	Space      []CodeRange
	Ranges     []Range // sorted by Lo, non-overlapping
}

// CID returns the CID of code; ok is false for codes the CMap does not map.
func (c *CMap) CID(code uint32) (cid uint32, ok bool) {
	rs := c.Ranges
	i := sort.Search(len(rs), func(i int) bool { return rs[i].Hi >= code })
	if i < len(rs) && rs[i].Lo <= code {
		return rs[i].CID + (code - rs[i].Lo), true
	}
	return 0, false
}

// Has reports whether name is a predefined CMap this package knows.
func Has(name string) bool {
	_, ok := cmapCollection[name]
	return ok
}

// Lookup returns the predefined CMap called name, nil when unknown (or
// when its data cannot be read, which a test guards against).
func Lookup(name string) *CMap {
	coll, ok := cmapCollection[name]
	if !ok {
		return nil
	}
	t, err := table(coll)
	if err != nil {
		return nil
	}
	return t.cmap(name)
}

// ToUnicode returns the Unicode value of a CID of collection c; ok is false
// when the collection has none for it.
func ToUnicode(c Collection, cid uint32) (rune, bool) {
	t, err := table(c)
	if err != nil || uint64(cid) >= uint64(len(t.uni)) || t.uni[cid] == 0 {
		return 0, false
	}
	return t.uni[cid], true
}

// collTable is one collection's decoded data. Its CMaps are resolved
// (their usecmap chains applied) at their first lookup: a collection has
// dozens, a document uses one or two, and resolving them all took 19 ms
// of a document's reading.
type collTable struct {
	raws map[string]*raw
	uni  []rune

	mu       sync.Mutex
	resolved map[string]*CMap
}

// cmap is the CMap called name, resolved; nil when the collection has
// none of that name.
func (t *collTable) cmap(name string) *CMap {
	t.mu.Lock()
	defer t.mu.Unlock()
	cm, ok := t.resolved[name]
	if !ok {
		cm = resolve(t.raws, name, 0)
		t.resolved[name] = cm
	}
	return cm
}

var tables [numCollections]func() (*collTable, error)

func init() {
	for i := range tables {
		c := Collection(i)
		tables[i] = sync.OnceValues(func() (*collTable, error) { return load(c) })
	}
}

func table(c Collection) (*collTable, error) {
	if c < 0 || c >= numCollections {
		return nil, fmt.Errorf("cjkcmap: unknown collection %d", int(c))
	}
	return tables[c]()
}

var errFormat = errors.New("cjkcmap: bad table")

// raw is a CMap as stored: its own ranges and the name of its parent.
type raw struct {
	cm      *CMap
	usecmap string
}

func load(c Collection) (*collTable, error) {
	z, err := files.ReadFile(fmt.Sprintf("%s.bin.z", lower(collectionNames[c])))
	if err != nil {
		return nil, fmt.Errorf("cjkcmap: %w", err)
	}
	zr, err := zlib.NewReader(bytes.NewReader(z))
	if err != nil {
		return nil, fmt.Errorf("cjkcmap: %w", err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("cjkcmap: %w", err)
	}
	return decode(c, b)
}

// decode reads a collection's table (format in gen_cjkcmap.go).
func decode(c Collection, b []byte) (t *collTable, err error) {
	r := &reader{b: b}
	if !bytes.HasPrefix(b, []byte("CJKC1")) {
		return nil, errFormat
	}
	r.pos = 5
	n := r.uv()
	if n > 1<<12 {
		return nil, errFormat
	}
	raws := map[string]*raw{}
	for i := uint64(0); i < n && r.err == nil; i++ {
		cm := &CMap{Collection: c}
		cm.Name = r.str()
		cm.Vertical = r.uv() == 1
		use := r.str()
		ns := r.uv()
		for k := uint64(0); k < ns && r.err == nil; k++ {
			l := int(r.uv())
			if l < 1 || l > 4 {
				r.err = errFormat
				break
			}
			cm.Space = append(cm.Space, CodeRange{Lo: r.bytes(l), Hi: r.bytes(l)})
		}
		nr := r.uv()
		if nr > 1<<20 {
			return nil, errFormat
		}
		cm.Ranges = make([]Range, 0, nr)
		prev := uint64(0)
		for k := uint64(0); k < nr && r.err == nil; k++ {
			lo := prev + r.uv()
			hi := lo + r.uv()
			cid := r.uv()
			if hi > 0xFFFFFFFF || cid > 0xFFFFFFFF {
				r.err = errFormat
				break
			}
			cm.Ranges = append(cm.Ranges, Range{uint32(lo), uint32(hi), uint32(cid)})
			prev = hi
		}
		raws[cm.Name] = &raw{cm, use}
	}
	nc := r.uv()
	if nc > 1<<17 {
		return nil, errFormat
	}
	uni := make([]rune, 0, nc)
	prev := int64(0)
	for k := uint64(0); k < nc && r.err == nil; k++ {
		v := r.uv()
		d := int64(v>>1) ^ -int64(v&1)
		prev += d
		if prev < 0 || prev > 0x10FFFF {
			return nil, errFormat
		}
		uni = append(uni, rune(prev))
	}
	if r.err != nil {
		return nil, r.err
	}
	return &collTable{raws: raws, uni: uni, resolved: map[string]*CMap{}}, nil
}

// resolve returns the CMap called name with its usecmap chain applied: the
// parent's ranges under its own, its own code space (the parent's when it
// has none).
func resolve(raws map[string]*raw, name string, depth int) *CMap {
	rw := raws[name]
	if rw == nil {
		return nil
	}
	if rw.usecmap == "" || depth > 4 {
		return rw.cm
	}
	p := resolve(raws, rw.usecmap, depth+1)
	if p == nil {
		return rw.cm
	}
	cm := *rw.cm
	if len(cm.Space) == 0 {
		cm.Space = p.Space
	}
	cm.Ranges = Overlay(p.Ranges, rw.cm.Ranges)
	return &cm
}

// Overlay returns the ranges of base with those of top laid over them:
// where both map a code, top wins. Both inputs must be sorted and
// non-overlapping; so is the result.
func Overlay(base, top []Range) []Range {
	out := make([]Range, 0, len(base)+len(top))
	j := 0
	for _, b := range base {
		// Cut b around the top ranges that overlap it.
		for j < len(top) && top[j].Hi < b.Lo {
			j++
		}
		lo := uint64(b.Lo)
		for k := j; k < len(top) && top[k].Lo <= b.Hi; k++ {
			t := top[k]
			if uint64(t.Lo) > lo {
				out = append(out, Range{uint32(lo), t.Lo - 1, b.CID + (uint32(lo) - b.Lo)})
			}
			lo = uint64(t.Hi) + 1
		}
		if lo <= uint64(b.Hi) {
			out = append(out, Range{uint32(lo), b.Hi, b.CID + (uint32(lo) - b.Lo)})
		}
	}
	out = append(out, top...)
	sort.Slice(out, func(a, b int) bool { return out[a].Lo < out[b].Lo })
	return out
}

type reader struct {
	b   []byte
	pos int
	err error
}

func (r *reader) uv() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.pos:])
	if n <= 0 {
		r.err = errFormat
		return 0
	}
	r.pos += n
	return v
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || n < 0 || r.pos+n > len(r.b) {
		r.err = errFormat
		return nil
	}
	out := r.b[r.pos : r.pos+n : r.pos+n]
	r.pos += n
	return out
}

func (r *reader) str() string {
	n := r.uv()
	if n > 256 {
		r.err = errFormat
		return ""
	}
	return string(r.bytes(int(n)))
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
