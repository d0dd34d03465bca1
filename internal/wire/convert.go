package wire

import (
	"encoding/json"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire/enginev1"
)

// maxTableSlots bounds rows×cols of a table read from the wire so that a
// hostile peer cannot make core.Table.Grid allocate without limit.
const maxTableSlots = 1 << 20

// finite returns f, or 0 when f is NaN or infinite.
func finite(f float64) float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return f
}

// nonNeg returns f made finite and clamped at zero.
func nonNeg(f float64) float64 { return math.Max(0, finite(f)) }

// int32Of clamps n into the int32 range.
func int32Of(n int) int32 {
	switch {
	case n > math.MaxInt32:
		return math.MaxInt32
	case n < math.MinInt32:
		return math.MinInt32
	}
	return int32(n)
}

// InfoToProto converts an engine description.
func InfoToProto(i core.Info) *enginev1.DescribeResponse {
	caps := make([]string, len(i.Capabilities))
	for k, c := range i.Capabilities {
		caps[k] = string(c)
	}
	return &enginev1.DescribeResponse{
		Name:         i.Name,
		Version:      i.Version,
		Description:  i.Description,
		Capabilities: caps,
		Cost:         finite(i.Cost),
		SameAs:       i.SameAs,
	}
}

// InfoFromProto converts an engine description; nil gives the zero Info.
func InfoFromProto(m *enginev1.DescribeResponse) core.Info {
	if m == nil {
		return core.Info{}
	}
	var caps []core.Capability
	if len(m.GetCapabilities()) > 0 {
		caps = make([]core.Capability, len(m.GetCapabilities()))
		for k, c := range m.GetCapabilities() {
			caps[k] = core.Capability(c)
		}
	}
	return core.Info{
		Name:         m.GetName(),
		Version:      m.GetVersion(),
		Description:  m.GetDescription(),
		Capabilities: caps,
		Cost:         nonNeg(m.GetCost()),
		SameAs:       m.GetSameAs(),
	}
}

// RequestToProto converts a request, for a host: it says that the host
// reads packed words. PageTimeout travels in whole milliseconds, rounded
// up so that a positive bound never becomes "none".
func RequestToProto(r *core.Request) *enginev1.ExtractRequest {
	if r == nil {
		return &enginev1.ExtractRequest{}
	}
	pages := make([]int32, len(r.Pages))
	for k, p := range r.Pages {
		pages[k] = int32Of(p)
	}
	var ms int64
	if r.PageTimeout > 0 {
		ms = int64((r.PageTimeout + time.Millisecond - 1) / time.Millisecond)
	}
	return &enginev1.ExtractRequest{
		Source:        r.Source,
		Pages:         pages,
		Options:       []byte(r.Options),
		PageTimeoutMs: ms,
		PackedWords:   true, // PageFromProto reads them
	}
}

// maxTimeoutMs keeps a millisecond count from overflowing time.Duration.
const maxTimeoutMs = math.MaxInt64 / int64(time.Millisecond)

// RequestFromProto converts a request; nil gives an empty request.
func RequestFromProto(m *enginev1.ExtractRequest) *core.Request {
	r := &core.Request{Source: m.GetSource()}
	if len(m.GetPages()) > 0 {
		r.Pages = make([]int, len(m.GetPages()))
		for k, p := range m.GetPages() {
			r.Pages[k] = int(p)
		}
	}
	if o := m.GetOptions(); len(o) > 0 {
		r.Options = json.RawMessage(append([]byte(nil), o...))
	}
	if ms := m.GetPageTimeoutMs(); ms > 0 {
		r.PageTimeout = time.Duration(min(ms, maxTimeoutMs)) * time.Millisecond
	}
	return r
}

// ErrorToProto converts an error to its stable code and message; nil for
// nil.
func ErrorToProto(err error) *enginev1.Error {
	if err == nil {
		return nil
	}
	return &enginev1.Error{Code: core.Code(err), Message: validUTF8(err.Error())}
}

// ErrorFromProto rebuilds an error so that errors.Is finds the sentinel for
// its code; nil for nil or an empty message.
func ErrorFromProto(m *enginev1.Error) error {
	if m == nil {
		return nil
	}
	return core.FromWire(m.GetCode(), m.GetMessage())
}

var statusToProto = map[core.Status]enginev1.Status{
	core.StatusOK:       enginev1.Status_STATUS_OK,
	core.StatusDegraded: enginev1.Status_STATUS_DEGRADED,
	core.StatusFailed:   enginev1.Status_STATUS_FAILED,
	core.StatusTimeout:  enginev1.Status_STATUS_TIMEOUT,
	core.StatusSkipped:  enginev1.Status_STATUS_SKIPPED,
}

var statusFromProto = map[enginev1.Status]core.Status{
	enginev1.Status_STATUS_OK:       core.StatusOK,
	enginev1.Status_STATUS_DEGRADED: core.StatusDegraded,
	enginev1.Status_STATUS_FAILED:   core.StatusFailed,
	enginev1.Status_STATUS_TIMEOUT:  core.StatusTimeout,
	enginev1.Status_STATUS_SKIPPED:  core.StatusSkipped,
}

// PageResultToProto converts a page result, its words sent as words says.
// An unknown status goes out as STATUS_UNSPECIFIED, which the other side
// reads as a failure.
func PageResultToProto(r core.PageResult, words Words) *enginev1.PageResult {
	m := &enginev1.PageResult{
		Page:      PageToProto(&r.Page, words),
		Status:    statusToProto[r.Status],
		Error:     ErrorToProto(r.Err),
		ElapsedUs: max(0, r.Elapsed.Microseconds()),
	}
	if len(r.Stats) > 0 {
		m.Stats = make(map[string]float64, len(r.Stats))
		for k, v := range r.Stats {
			m.Stats[k] = v
		}
	}
	return m
}

// PageResultFromProto converts a page result from an untrusted peer. It
// keeps core's invariants: a failed or timed-out page always has an error,
// an ok or degraded page never has one, and an unknown status is a failure.
func PageResultFromProto(m *enginev1.PageResult) core.PageResult {
	r := core.PageResult{Page: PageFromProto(m.GetPage())}
	err := ErrorFromProto(m.GetError())
	st, known := statusFromProto[m.GetStatus()]
	switch {
	case !known:
		st = core.StatusFailed
		if err == nil {
			err = core.FromWire("internal", "engine sent page status "+m.GetStatus().String())
		}
	case st == core.StatusFailed && err == nil:
		err = core.FromWire("internal", "engine reported a failure without an error")
	case st == core.StatusTimeout && err == nil:
		err = core.FromWire("timeout", "")
	case st == core.StatusOK || st == core.StatusDegraded:
		err = nil
	}
	r.Status, r.Err = st, err
	if us := m.GetElapsedUs(); us > 0 {
		r.Elapsed = time.Duration(min(us, math.MaxInt64/int64(time.Microsecond))) * time.Microsecond
	}
	if len(m.GetStats()) > 0 {
		r.Stats = make(map[string]float64, len(m.GetStats()))
		for k, v := range m.GetStats() {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				r.Stats[k] = v
			}
		}
	}
	return r
}

// PageToProto converts a page, its words sent as words says; nil gives
// nil.
func PageToProto(p *core.Page, words Words) *enginev1.Page {
	if p == nil {
		return nil
	}
	m := &enginev1.Page{
		Number:   int32Of(p.Number),
		Width:    p.Width,
		Height:   p.Height,
		Rotation: int32Of(p.Rotation),
	}
	var pk *packer
	if words == PackedWords {
		pk = newPacker(wordCount(p))
	}
	if len(p.Blocks) > 0 {
		m.Blocks = make([]*enginev1.Block, len(p.Blocks))
		for k := range p.Blocks {
			m.Blocks[k] = blockToProto(&p.Blocks[k], pk)
		}
	}
	if pk != nil {
		m.Words = pk.done()
	}
	return m
}

// PageFromProto converts a page from an untrusted peer, its words sent
// either way (see Words); nil gives the zero page. Sizes are clamped at
// zero and a rotation that is not a multiple of 90 becomes 0.
func PageFromProto(m *enginev1.Page) core.Page {
	p := core.Page{
		Number:   int(m.GetNumber()),
		Width:    nonNeg(m.GetWidth()),
		Height:   nonNeg(m.GetHeight()),
		Rotation: rotation(m.GetRotation()),
	}
	var up *unpacker
	if m.GetWords() != nil {
		up = newUnpacker(m.GetWords())
	}
	if len(m.GetBlocks()) > 0 {
		p.Blocks = make([]core.Block, 0, len(m.GetBlocks()))
		for _, b := range m.GetBlocks() {
			if b != nil {
				p.Blocks = append(p.Blocks, blockFromProto(b, up))
			}
		}
	}
	return p
}

func rotation(r int32) int {
	n := int(r) % 360
	if n < 0 {
		n += 360
	}
	if n%90 != 0 {
		return 0
	}
	return n
}

func bboxToProto(b core.BBox) *enginev1.BBox {
	return &enginev1.BBox{X0: b.X0, Y0: b.Y0, X1: b.X1, Y1: b.Y1}
}

func bboxFromProto(m *enginev1.BBox) core.BBox {
	return finiteBox(m.GetX0(), m.GetY0(), m.GetX1(), m.GetY1())
}

// finiteBox is a box from a peer's corners, those that are not finite 0.
func finiteBox(x0, y0, x1, y1 float64) core.BBox {
	return core.BBox{X0: finite(x0), Y0: finite(y0), X1: finite(x1), Y1: finite(y1)}
}

// peerWord is a word as a peer sent it, in bounds: a size of 0 or more,
// a confidence in [0, 1].
func peerWord(w core.Word) core.Word {
	w.Size = nonNeg(w.Size)
	w.Confidence = math.Min(1, nonNeg(w.Confidence))
	return w
}

// blockToProto converts a block; pk, when not nil, packs its words.
func blockToProto(b *core.Block, pk *packer) *enginev1.Block {
	m := &enginev1.Block{
		Kind:      validUTF8(string(b.Kind)),
		Level:     int32Of(b.Level),
		Bbox:      bboxToProto(b.BBox),
		Content:   validUTF8(b.Content),
		TextFree:  b.TextFree,
		Continues: b.Continues,
	}
	if len(b.Lines) > 0 {
		m.Lines = make([]*enginev1.Line, len(b.Lines))
		for k := range b.Lines {
			m.Lines[k] = lineToProto(&b.Lines[k], pk)
		}
	}
	if b.Table != nil {
		m.Table = tableToProto(b.Table)
	}
	return m
}

// blockFromProto converts a block; up holds the page's packed words.
func blockFromProto(m *enginev1.Block, up *unpacker) core.Block {
	b := core.Block{
		Kind:      core.BlockKind(m.GetKind()),
		Level:     max(0, int(m.GetLevel())),
		BBox:      bboxFromProto(m.GetBbox()),
		Content:   m.GetContent(),
		TextFree:  m.GetTextFree(),
		Continues: m.GetContinues(),
	}
	if b.Kind == "" {
		b.Kind = core.KindParagraph
	}
	if len(m.GetLines()) > 0 {
		b.Lines = make([]core.Line, 0, len(m.GetLines()))
		for _, l := range m.GetLines() {
			if l != nil {
				b.Lines = append(b.Lines, lineFromProto(l, up))
			}
		}
	}
	if m.GetTable() != nil {
		b.Table = tableFromProto(m.GetTable())
	}
	return b
}

// lineToProto converts a line; pk, when not nil, packs its words.
func lineToProto(l *core.Line, pk *packer) *enginev1.Line {
	m := &enginev1.Line{Bbox: bboxToProto(l.BBox)}
	if pk != nil {
		m.PackedWords = uint32(len(l.Words))
		pk.add(l.Words)
		return m
	}
	if len(l.Words) > 0 {
		m.Words = make([]*enginev1.Word, len(l.Words))
		for k, w := range l.Words {
			m.Words[k] = &enginev1.Word{
				Text:       validUTF8(w.Text),
				Bbox:       bboxToProto(w.BBox),
				Font:       validUTF8(w.Font),
				Size:       w.Size,
				Flags:      uint32(w.Flags),
				Confidence: w.Confidence,
			}
		}
	}
	return m
}

// lineFromProto converts a line: its Word messages, then its packed words
// from up (a peer should send one or the other).
func lineFromProto(m *enginev1.Line, up *unpacker) core.Line {
	l := core.Line{BBox: bboxFromProto(m.GetBbox())}
	packed := up.take(m.GetPackedWords())
	if len(m.GetWords()) == 0 {
		l.Words = packed
		return l
	}
	l.Words = make([]core.Word, 0, len(m.GetWords())+len(packed))
	for _, w := range m.GetWords() {
		if w == nil {
			continue
		}
		l.Words = append(l.Words, peerWord(core.Word{
			Text:       w.GetText(),
			BBox:       bboxFromProto(w.GetBbox()),
			Font:       w.GetFont(),
			Size:       w.GetSize(),
			Flags:      core.WordFlags(w.GetFlags()),
			Confidence: w.GetConfidence(),
		}))
	}
	l.Words = append(l.Words, packed...)
	return l
}

func tableToProto(t *core.Table) *enginev1.Table {
	m := &enginev1.Table{Rows: int32Of(t.Rows), Cols: int32Of(t.Cols), Continues: t.Continues}
	if len(t.Cells) > 0 {
		m.Cells = make([]*enginev1.Cell, len(t.Cells))
		for k, c := range t.Cells {
			m.Cells[k] = &enginev1.Cell{
				Row:     int32Of(c.Row),
				Col:     int32Of(c.Col),
				RowSpan: int32Of(c.RowSpan),
				ColSpan: int32Of(c.ColSpan),
				Header:  c.Header,
				Bbox:    bboxToProto(c.BBox),
				Text:    validUTF8(c.Text),
			}
		}
	}
	return m
}

// tableFromProto converts a table from an untrusted peer. Cells at
// negative positions are dropped; the grid grows to hold every cell; a grid
// of more than maxTableSlots slots shrinks to the cells' extent and, if that
// is still too large, to 1024×1024, dropping the cells outside.
func tableFromProto(m *enginev1.Table) *core.Table {
	rows, cols := max(0, int(m.GetRows())), max(0, int(m.GetCols()))
	extRows, extCols := 0, 0
	for _, c := range m.GetCells() {
		if c == nil || c.GetRow() < 0 || c.GetCol() < 0 {
			continue
		}
		extRows = max(extRows, int(c.GetRow())+1)
		extCols = max(extCols, int(c.GetCol())+1)
	}
	rows, cols = max(rows, extRows), max(cols, extCols)
	if rows*cols > maxTableSlots {
		rows, cols = extRows, extCols
	}
	if rows*cols > maxTableSlots {
		rows, cols = min(rows, 1024), min(cols, 1024)
	}
	t := &core.Table{Rows: rows, Cols: cols, Continues: m.GetContinues()}
	if len(m.GetCells()) > 0 {
		t.Cells = make([]core.Cell, 0, len(m.GetCells()))
		for _, c := range m.GetCells() {
			if c == nil || c.GetRow() < 0 || c.GetCol() < 0 || int(c.GetRow()) >= rows || int(c.GetCol()) >= cols {
				continue
			}
			t.Cells = append(t.Cells, core.Cell{
				Row:     int(c.GetRow()),
				Col:     int(c.GetCol()),
				RowSpan: max(0, int(c.GetRowSpan())),
				ColSpan: max(0, int(c.GetColSpan())),
				Header:  c.GetHeader(),
				BBox:    bboxFromProto(c.GetBbox()),
				Text:    c.GetText(),
			})
		}
	}
	return t
}

// validUTF8 replaces each run of bytes of s that are not UTF-8 with U+FFFD:
// protobuf refuses to marshal such a string, and one font name in a legacy
// encoding would fail a whole page.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
