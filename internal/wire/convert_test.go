package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire/enginev1"
)

func samplePage() core.Page {
	return core.Page{
		Number: 3, Width: 612, Height: 792, Rotation: 90,
		Blocks: []core.Block{
			{Kind: core.KindHeading, Level: 1, BBox: core.BBox{X0: 72, Y0: 72, X1: 300, Y1: 96},
				Lines: []core.Line{{BBox: core.BBox{X0: 72, Y0: 72, X1: 300, Y1: 96}, Words: []core.Word{
					{Text: "Quarterly", BBox: core.BBox{X0: 72, Y0: 72, X1: 180, Y1: 96}, Font: "Helvetica-Bold", Size: 24, Flags: core.FlagBold},
					{Text: "Report", BBox: core.BBox{X0: 190, Y0: 72, X1: 300, Y1: 96}, Font: "Helvetica-Bold", Size: 24, Flags: core.FlagBold | core.FlagItalic, Confidence: 0.5},
				}}}},
			{Kind: core.KindTable, BBox: core.BBox{X0: 72, Y0: 120, X1: 540, Y1: 200},
				Table: &core.Table{Rows: 2, Cols: 2, Continues: true, Cells: []core.Cell{
					{Row: 0, Col: 0, Header: true, Text: "Region", BBox: core.BBox{X0: 72, Y0: 120, X1: 300, Y1: 160}},
					{Row: 0, Col: 1, Header: true, Text: "Q1"},
					{Row: 1, Col: 0, ColSpan: 2, RowSpan: 1, Text: "1,200"},
				}}},
			{Kind: core.KindFormula, Content: `E = mc^2`},
			{Kind: core.KindParagraph, BBox: core.BBox{X0: 72, Y0: 220, X1: 540, Y1: 250}, Continues: true,
				Lines: []core.Line{
					{BBox: core.BBox{X0: 72, Y0: 220, X1: 540, Y1: 232}, Words: []core.Word{
						{Text: "Sales", BBox: core.BBox{X0: 72, Y0: 220, X1: 100, Y1: 232}, Font: "Times-Roman", Size: 10},
						{Text: "grew", BBox: core.BBox{X0: 104, Y0: 220, X1: 130, Y1: 232}, Font: "Times-Italic", Size: 10, Flags: core.FlagItalic | core.FlagJoinNext},
					}},
					{BBox: core.BBox{X0: 72, Y0: 238, X1: 540, Y1: 250}},
					{BBox: core.BBox{X0: 72, Y0: 238, X1: 540, Y1: 250}, Words: []core.Word{
						{Text: "fünf", BBox: core.BBox{X0: 72, Y0: 238, X1: 98, Y1: 250}, Font: "Times-Roman", Size: 10},
					}},
				}},
		},
	}
}

func TestPageResultRoundTrip(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		in   core.PageResult
	}{
		{"ok", core.PageResult{Page: samplePage(), Status: core.StatusOK, Elapsed: 1500 * time.Microsecond, Stats: map[string]float64{"glyphs": 120, "unmapped_glyphs": 3}}},
		{"degraded", core.PageResult{Page: core.Page{Number: 1, Width: 10, Height: 10}, Status: core.StatusDegraded}},
		{"skipped", core.PageResult{Page: core.Page{Number: 2}, Status: core.StatusSkipped}},
		{"failed", core.PageResult{Page: core.Page{Number: 9}, Status: core.StatusFailed, Err: fmt.Errorf("page 9: %w", core.ErrNoSuchPage)}},
		{"timeout", core.PageResult{Page: core.Page{Number: 4}, Status: core.StatusTimeout, Err: core.ErrTimeout}},
		{"empty page", core.PageResult{Status: core.StatusOK}},
	}
	for _, tc := range cases {
		for _, words := range []Words{WordMessages, PackedWords} {
			t.Run(fmt.Sprintf("%s/%d", tc.name, words), func(t *testing.T) {
				roundTrip(t, tc.in, words)
			})
		}
	}
}

// acrossWire is what a host reads of in, sent with its words as words
// says.
func acrossWire(t *testing.T, in core.PageResult, words Words) core.PageResult {
	t.Helper()
	b, err := proto.Marshal(PageResultToProto(in, words))
	if err != nil {
		t.Fatal(err)
	}
	var m enginev1.PageResult
	if err := proto.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return PageResultFromProto(&m)
}

// roundTrip sends in across the wire with its words as words says, and
// checks that the same result arrives.
func roundTrip(t *testing.T, in core.PageResult, words Words) {
	t.Helper()
	got := acrossWire(t, in, words)
	if (got.Err == nil) != (in.Err == nil) {
		t.Fatalf("err = %v, want %v", got.Err, in.Err)
	}
	if in.Err != nil {
		if got.Err.Error() != in.Err.Error() {
			t.Errorf("message = %q, want %q", got.Err, in.Err)
		}
		if core.Code(got.Err) != core.Code(in.Err) {
			t.Errorf("code = %q, want %q", core.Code(got.Err), core.Code(in.Err))
		}
		if !errors.Is(got.Err, core.Sentinel(core.Code(in.Err))) {
			t.Errorf("errors.Is lost the sentinel")
		}
	}
	got.Err, in.Err = nil, nil
	if !reflect.DeepEqual(got, in) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, in)
	}
}

func TestInfoRoundTrip(t *testing.T) {
	t.Parallel()
	in := core.Info{Name: "nativetext", Version: "1.2.3", Description: "text layer", Capabilities: []core.Capability{core.CapText, core.CapPageRange, "custom"}, Cost: 1}
	if got := InfoFromProto(InfoToProto(in)); !reflect.DeepEqual(got, in) {
		t.Errorf("got %+v, want %+v", got, in)
	}
	if got := InfoFromProto(InfoToProto(core.Info{})); !reflect.DeepEqual(got, core.Info{}) {
		t.Errorf("zero info: got %+v", got)
	}
}

func TestRequestRoundTrip(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		in   core.Request
		want core.Request
	}{
		{"full", core.Request{Source: "/a.pdf", Pages: []int{3, 1, 2}, Options: json.RawMessage(`{"dpi":300}`), PageTimeout: 2 * time.Second},
			core.Request{Source: "/a.pdf", Pages: []int{3, 1, 2}, Options: json.RawMessage(`{"dpi":300}`), PageTimeout: 2 * time.Second}},
		{"sub-millisecond timeout rounds up", core.Request{Source: "x", PageTimeout: 300 * time.Microsecond},
			core.Request{Source: "x", PageTimeout: time.Millisecond}},
		{"negative timeout is none", core.Request{PageTimeout: -time.Second}, core.Request{}},
		{"huge page clamps", core.Request{Pages: []int{1 << 40}}, core.Request{Pages: []int{math.MaxInt32}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := RequestFromProto(RequestToProto(&tc.in))
			if !reflect.DeepEqual(*got, tc.want) {
				t.Errorf("got %+v, want %+v", *got, tc.want)
			}
		})
	}
	if r := RequestFromProto(nil); r == nil || r.Source != "" {
		t.Errorf("nil request: %+v", r)
	}
}

func TestErrorRoundTrip(t *testing.T) {
	t.Parallel()
	sentinels := []error{core.ErrNotPDF, core.ErrEmptyFile, core.ErrEncrypted, core.ErrDamaged, core.ErrNoSuchPage,
		core.ErrTimeout, core.ErrCanceled, core.ErrEngineCrashed, core.ErrUnsupported, core.ErrNotFound,
		core.ErrBadRequest, core.ErrTooLarge, core.ErrInternal}
	for _, s := range sentinels {
		in := &core.EngineError{Engine: "x", Page: 2, Err: fmt.Errorf("reading: %w", s)}
		got := ErrorFromProto(ErrorToProto(in))
		if !errors.Is(got, s) {
			t.Errorf("%v: errors.Is lost across the wire", s)
		}
		if got.Error() != in.Error() {
			t.Errorf("message %q, want %q", got, in)
		}
	}
	if ErrorToProto(nil) != nil || ErrorFromProto(nil) != nil {
		t.Error("nil error must stay nil")
	}
	if err := ErrorFromProto(&enginev1.Error{Code: "from_the_future"}); !errors.Is(err, core.ErrInternal) {
		t.Errorf("unknown code: %v should match ErrInternal", err)
	}
}

func TestFromProtoHostile(t *testing.T) {
	t.Parallel()
	nan, inf := math.NaN(), math.Inf(1)
	m := &enginev1.PageResult{
		Status:    enginev1.Status(42),
		ElapsedUs: -5,
		Stats:     map[string]float64{"bad": nan, "good": 1},
		Page: &enginev1.Page{Number: 1, Width: -3, Height: nan, Rotation: 45, Blocks: []*enginev1.Block{
			nil,
			{Level: -2, Bbox: &enginev1.BBox{X0: nan, Y0: inf, X1: -inf, Y1: 1},
				Lines: []*enginev1.Line{nil, {Words: []*enginev1.Word{nil, {Text: "w", Size: -1, Confidence: 7}}}},
				Table: &enginev1.Table{Rows: -1, Cols: math.MaxInt32, Cells: []*enginev1.Cell{nil, {Row: -1}, {Row: 1, Col: 1, RowSpan: -4}}}},
		}},
	}
	r := PageResultFromProto(m)
	if r.Status != core.StatusFailed || !errors.Is(r.Err, core.ErrInternal) {
		t.Errorf("unknown status: %v %v", r.Status, r.Err)
	}
	if r.Elapsed != 0 || len(r.Stats) != 1 {
		t.Errorf("elapsed %v stats %v", r.Elapsed, r.Stats)
	}
	p := r.Page
	if p.Width != 0 || p.Height != 0 || p.Rotation != 0 || len(p.Blocks) != 1 {
		t.Fatalf("page %+v", p)
	}
	b := p.Blocks[0]
	if b.Kind != core.KindParagraph || b.Level != 0 || b.BBox != (core.BBox{Y1: 1}) {
		t.Errorf("block %+v", b)
	}
	if w := b.Lines[0].Words[0]; w.Size != 0 || w.Confidence != 1 {
		t.Errorf("word %+v", w)
	}
	if tb := b.Table; tb.Rows*tb.Cols > maxTableSlots || len(tb.Cells) != 1 || tb.Cells[0].RowSpan != 0 {
		t.Errorf("table %d×%d %+v", tb.Rows, tb.Cols, tb.Cells)
	}
	_ = b.Table.Grid()
	if r := PageResultFromProto(nil); r.Status != core.StatusFailed || r.Err == nil {
		t.Errorf("nil result: %+v", r)
	}
	if r := PageResultFromProto(&enginev1.PageResult{Status: enginev1.Status_STATUS_OK, Error: &enginev1.Error{Code: "internal", Message: "x"}}); r.Err != nil {
		t.Errorf("ok page kept an error: %v", r.Err)
	}
	if r := PageResultFromProto(&enginev1.PageResult{Status: enginev1.Status_STATUS_TIMEOUT}); !errors.Is(r.Err, core.ErrTimeout) {
		t.Errorf("timeout page without error: %v", r.Err)
	}
}

func FuzzFromProto(f *testing.F) {
	for _, pr := range []core.PageResult{
		{Page: samplePage(), Status: core.StatusOK, Stats: map[string]float64{"glyphs": 3}},
		{Page: core.Page{Number: 2}, Status: core.StatusFailed, Err: core.ErrDamaged},
	} {
		for _, words := range []Words{WordMessages, PackedWords} {
			b, _ := proto.Marshal(&enginev1.ExtractResponse{Event: &enginev1.ExtractResponse_Page{Page: PageResultToProto(pr, words)}})
			f.Add(b)
		}
	}
	b, _ := proto.Marshal(&enginev1.ExtractResponse{Event: &enginev1.ExtractResponse_Error{Error: ErrorToProto(core.ErrEncrypted)}})
	f.Add(b)
	b, _ = proto.Marshal(RequestToProto(&core.Request{Source: "a.pdf", Pages: []int{1, 2}, PageTimeout: time.Second}))
	f.Add(b)
	b, _ = proto.Marshal(InfoToProto(core.Info{Name: "n", Version: "v", Capabilities: []core.Capability{core.CapOCR}}))
	f.Add(b)
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		var ev enginev1.ExtractResponse
		if proto.Unmarshal(data, &ev) == nil {
			if m := ev.GetPage(); m != nil || ev.GetError() == nil {
				r := PageResultFromProto(m)
				checkResult(t, r)
			}
			_ = ErrorFromProto(ev.GetError())
		}
		var req enginev1.ExtractRequest
		if proto.Unmarshal(data, &req) == nil {
			r := RequestFromProto(&req)
			if r.PageTimeout < 0 {
				t.Errorf("negative page timeout %v", r.PageTimeout)
			}
		}
		var info enginev1.DescribeResponse
		if proto.Unmarshal(data, &info) == nil {
			if i := InfoFromProto(&info); i.Cost < 0 || math.IsNaN(i.Cost) {
				t.Errorf("cost %v", i.Cost)
			}
		}
	})
}

func checkResult(t *testing.T, r core.PageResult) {
	t.Helper()
	switch r.Status {
	case core.StatusOK, core.StatusDegraded, core.StatusSkipped:
	case core.StatusFailed, core.StatusTimeout:
		if r.Err == nil {
			t.Errorf("%s page without error", r.Status)
		}
	default:
		t.Errorf("status %q", r.Status)
	}
	bad := func(b core.BBox) bool {
		for _, f := range []float64{b.X0, b.Y0, b.X1, b.Y1} {
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return true
			}
		}
		return false
	}
	p := r.Page
	if p.Width < 0 || p.Height < 0 || math.IsNaN(p.Width) || math.IsNaN(p.Height) || p.Rotation%90 != 0 || r.Elapsed < 0 {
		t.Errorf("page %+v", p)
	}
	for _, b := range p.Blocks {
		if bad(b.BBox) {
			t.Errorf("block box %+v", b.BBox)
		}
		for _, l := range b.Lines {
			for _, w := range l.Words {
				if bad(w.BBox) || w.Size < 0 || w.Confidence < 0 || w.Confidence > 1 {
					t.Errorf("word %+v", w)
				}
			}
		}
		if b.Table != nil {
			if b.Table.Rows < 0 || b.Table.Cols < 0 || b.Table.Rows*b.Table.Cols > maxTableSlots {
				t.Errorf("table %d×%d", b.Table.Rows, b.Table.Cols)
			}
			_ = b.Table.Grid()
		}
		_ = b.Text()
	}
	_ = p.Text()
}

// Strings that are not UTF-8 (a font name in a legacy encoding) cross the
// wire with U+FFFD in place of each run of bad bytes instead of failing
// the page.
func TestInvalidUTF8(t *testing.T) {
	t.Parallel()
	box := core.BBox{X0: 1, Y0: 1, X1: 9, Y1: 9}
	in := core.PageResult{Status: core.StatusOK, Page: core.Page{Number: 1, Blocks: []core.Block{
		{Kind: core.KindParagraph, BBox: box, Lines: []core.Line{{BBox: box, Words: []core.Word{{Text: "a\xff", Font: "\xcb\xce\xcc\xe5", BBox: box}}}}},
		{Kind: core.KindTable, Table: &core.Table{Rows: 1, Cols: 1, Cells: []core.Cell{{Text: "b\xfe"}}}},
	}}}
	for _, words := range []Words{WordMessages, PackedWords} {
		got := acrossWire(t, in, words)
		w := got.Page.Blocks[0].Lines[0].Words[0]
		if w.Text != "a\uFFFD" || w.Font != "\uFFFD" || got.Page.Blocks[1].Table.Cells[0].Text != "b\uFFFD" {
			t.Errorf("words %d: got word %q font %q cell %q", words, w.Text, w.Font, got.Page.Blocks[1].Table.Cells[0].Text)
		}
	}
}

// Packed words are the page's words in columns: far fewer messages than
// words, and lines that share one array without sharing their growth.
func TestPackedWords(t *testing.T) {
	t.Parallel()
	in := samplePage()
	m := PageToProto(&in, PackedWords)
	pw := m.GetWords()
	words, text := wordCount(&in)
	if pw == nil || len(pw.GetEnds()) != words || len(pw.GetText()) != text || len(pw.GetFontNames()) != 3 || pw.GetConfidence() == nil {
		t.Fatalf("packed %+v", pw)
	}
	for _, b := range m.GetBlocks() {
		for _, l := range b.GetLines() {
			if len(l.GetWords()) != 0 {
				t.Errorf("a packed line also sent %d Word messages", len(l.GetWords()))
			}
		}
	}
	got := PageFromProto(m)
	para := got.Blocks[3]
	first := para.Lines[0].Words
	next := para.Lines[2].Words[0]
	_ = append(first, core.Word{Text: "appended"})
	if para.Lines[2].Words[0] != next {
		t.Errorf("appending to a line's words changed the next line's: %+v", para.Lines[2].Words[0])
	}
	plain := core.Page{Blocks: []core.Block{{Lines: []core.Line{{Words: []core.Word{{Text: "x"}}}}}}}
	if c := PageToProto(&plain, PackedWords).GetWords().GetConfidence(); c != nil {
		t.Errorf("confidences sent for a page without any: %v", c)
	}
}

// A peer's packed words can disagree with its lines and with themselves;
// the host keeps what it can and never reads out of bounds.
func TestPackedWordsHostile(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	m := &enginev1.Page{
		Words: &enginev1.PackedWords{
			Text:      "abcdé",
			Ends:      []uint32{2, 1, 5, 99},
			Boxes:     []float64{1, 2, 3, nan, 5},
			FontNames: []string{"F"},
			Font:      []uint32{0, 7},
			Size:      []float64{-3},
			Confidence: []float64{
				2,
			},
		},
		Blocks: []*enginev1.Block{{Lines: []*enginev1.Line{
			{PackedWords: 1},
			{PackedWords: 2, Words: []*enginev1.Word{{Text: "w"}}},
			{PackedWords: 1 << 31},
			{PackedWords: 1},
		}}},
	}
	p := PageFromProto(m)
	lines := p.Blocks[0].Lines
	count := func(l core.Line) int { return len(l.Words) }
	if count(lines[0]) != 1 || count(lines[1]) != 3 || count(lines[2]) != 1 || count(lines[3]) != 0 {
		t.Fatalf("words per line: %d %d %d %d", count(lines[0]), count(lines[1]), count(lines[2]), count(lines[3]))
	}
	w0 := lines[0].Words[0]
	if w0.Text != "ab" || w0.BBox != (core.BBox{X0: 1, Y0: 2, X1: 3}) || w0.Font != "F" || w0.Size != 0 || w0.Confidence != 1 {
		t.Errorf("first word %+v", w0)
	}
	// An end before its start gives an empty word; an end inside "é"
	// gives U+FFFD for the broken bytes; an end past the text stops there.
	texts := []string{lines[1].Words[1].Text, lines[1].Words[2].Text, lines[2].Words[0].Text}
	if texts[0] != "" || texts[1] != "cd\uFFFD" || texts[2] != "\uFFFD" {
		t.Errorf("texts %q", texts)
	}
	if lines[1].Words[2].Font != "" {
		t.Errorf("font index out of range gave %q", lines[1].Words[2].Font)
	}
	checkResult(t, core.PageResult{Page: p, Status: core.StatusOK})
}
