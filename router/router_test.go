package router

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/pdfdoc/pdftest"
	"github.com/assay-pdf/assay/plugins/nativetext"
	"github.com/assay-pdf/assay/router/analyze"
)

const fivePages = "../testdata/pages.pdf"

// fake is an in-process engine whose answer per page is scripted.
type fake struct {
	name  string
	cost  float64
	text  func(page int) string
	delay time.Duration
	caps  []core.Capability
	stats func(page int) map[string]float64
	// sameAs is the engine whose reading this one says it repeats.
	sameAs string

	mu    sync.Mutex
	asked [][]int
}

func (f *fake) Describe(context.Context) (core.Info, error) {
	return core.Info{Name: f.name, Version: "test", Cost: f.cost, Capabilities: f.caps, SameAs: f.sameAs}, nil
}

func (f *fake) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	f.mu.Lock()
	f.asked = append(f.asked, append([]int(nil), req.Pages...))
	f.mu.Unlock()
	return func(yield func(core.PageResult, error) bool) {
		for _, p := range req.Pages {
			select {
			case <-ctx.Done():
				return
			case <-time.After(f.delay):
			}
			w := core.Word{Text: f.text(p), BBox: core.BBox{X0: 10, Y0: 10, X1: 50, Y1: 20}}
			page := core.Page{Number: p, Width: 595, Height: 842, Blocks: []core.Block{{Kind: core.KindParagraph, Lines: []core.Line{{Words: []core.Word{w}}}}}}
			var stats map[string]float64
			if f.stats != nil {
				stats = f.stats(p)
			}
			if !yield(core.PageResult{Page: page, Status: core.StatusOK, Stats: stats}, nil) {
				return
			}
		}
	}
}

// CountPages counts with nativetext's reader, as the engine processes do:
// the router never opens a file itself.
func (f *fake) CountPages(ctx context.Context, source string) (int, error) {
	return nativetext.New().CountPages(ctx, source)
}

func registry(engines ...*fake) Registry {
	return withText(RegistryFunc(func(name string) (core.Engine, error) {
		for _, e := range engines {
			if e.name == name {
				return e, nil
			}
		}
		return nil, fmt.Errorf("%w: engine %q", core.ErrNotFound, name)
	}))
}

// withText serves nativetext, in process, when reg has no engine of that
// name: the router asks the text engine to count pages and for facts, as
// assay (which always has nativetext built in) does.
func withText(reg Registry) Registry {
	return RegistryFunc(func(name string) (core.Engine, error) {
		e, err := reg.Engine(name)
		if err != nil && name == "nativetext" {
			return nativetext.New(), nil
		}
		return e, err
	})
}

func TestEscalatesOnlyLowPages(t *testing.T) {
	native := &fake{name: "native", cost: 1, text: func(p int) string {
		if p == 2 || p == 4 {
			return "(cid:12)(cid:13)(cid:14)"
		}
		return fmt.Sprintf("page%d", p)
	}}
	ocr := &fake{name: "ocr", cost: 5, text: func(p int) string { return fmt.Sprintf("ocr%d", p) }}
	r := New(Config{Plan: FixedPlan([]string{"native", "ocr"})}, registry(native, ocr))
	res, err := r.Extract(t.Context(), fivePages, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Entries) != 5 || res.PageCount != 5 {
		t.Fatalf("want 5 entries, got %d (count %d)", len(res.Entries), res.PageCount)
	}
	if len(ocr.asked) != 1 || fmt.Sprint(ocr.asked[0]) != "[2 4]" {
		t.Fatalf("ocr should see only pages 2 and 4, saw %v", ocr.asked)
	}
	for _, e := range res.Entries {
		wantEngine := "native"
		if e.Number == 2 || e.Number == 4 {
			wantEngine = "ocr"
			if len(e.Attempts) != 2 {
				t.Errorf("page %d: want 2 attempts, got %d", e.Number, len(e.Attempts))
			}
		} else if len(e.Attempts) != 1 {
			t.Errorf("clean page %d was sent to %d engines", e.Number, len(e.Attempts))
		}
		if e.Engine != wantEngine || e.Status != core.StatusOK {
			t.Errorf("page %d: engine %q status %s, want %q ok", e.Number, e.Engine, e.Status, wantEngine)
		}
	}
	if res.Status != core.StatusOK {
		t.Fatalf("document status %s", res.Status)
	}
}

// A phrase repeated over a page is what a text layer draws, but a loop when
// a recogniser writes it: only the second reading is sent on.
func TestRepeatsAreALoopOnlyForRecognisers(t *testing.T) {
	sheet := func(int) string { return strings.Repeat("OA + OB + OC = u ", 40) }
	for _, tc := range []struct {
		name      string
		caps      []core.Capability
		escalated bool
	}{
		{"text layer", []core.Capability{core.CapText}, false},
		{"recogniser", []core.Capability{core.CapOCR}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first := &fake{name: "first", cost: 1, caps: tc.caps, text: sheet}
			next := &fake{name: "next", cost: 5, text: func(int) string { return "The next reading." }}
			r := New(Config{Plan: FixedPlan([]string{"first", "next"})}, registry(first, next))
			res, err := r.Extract(t.Context(), fivePages, []int{1})
			if err != nil {
				t.Fatal(err)
			}
			if got := len(next.asked) > 0; got != tc.escalated {
				t.Errorf("sent on: %v, want %v (attempts %+v)", got, tc.escalated, res.Entries[0].Attempts)
			}
		})
	}
}

func TestKeepsBestWhenChainEnds(t *testing.T) {
	bad := &fake{name: "bad", cost: 1, text: func(int) string { return "\ufffd\ufffd\ufffd ok" }}
	r := New(Config{Plan: FixedPlan([]string{"bad"})}, registry(bad))
	res, err := r.Extract(t.Context(), fivePages, []int{1, 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Entries) != 2 || res.Entries[1].Number != 3 {
		t.Fatalf("entries %+v", res.Entries)
	}
	for _, e := range res.Entries {
		if e.Status != core.StatusDegraded || e.Engine != "bad" || e.Quality.Score >= DefaultThreshold {
			t.Errorf("page %d: %s by %q score %.2f", e.Number, e.Status, e.Engine, e.Quality.Score)
		}
	}
	if res.Status != core.StatusDegraded {
		t.Fatalf("document status %s", res.Status)
	}
}

func TestSlowEngineTimesOutAndChainGoesOn(t *testing.T) {
	slow := &fake{name: "slow", cost: 1, delay: time.Hour, text: func(int) string { return "never" }}
	good := &fake{name: "good", cost: 2, text: func(p int) string { return "good" }}
	r := New(Config{Plan: FixedPlan([]string{"slow", "good"}), Timeouts: map[string]Timeout{"slow": {Base: 200 * time.Millisecond, PerPage: time.Millisecond}}}, registry(slow, good))
	start := time.Now()
	res, err := r.Extract(t.Context(), fivePages, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("took %v", d)
	}
	for _, e := range res.Entries {
		if e.Engine != "good" || e.Attempts[0].Status != core.StatusTimeout {
			t.Errorf("page %d: engine %q first attempt %s", e.Number, e.Engine, e.Attempts[0].Status)
		}
	}
}

func TestUnknownEngineFailsPages(t *testing.T) {
	r := New(Config{Plan: FixedPlan([]string{"missing"})}, registry())
	res, err := r.Extract(t.Context(), fivePages, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Entries {
		if e.Status != core.StatusFailed || !errors.Is(e.Err, core.ErrNotFound) {
			t.Errorf("page %d: %s %v", e.Number, e.Status, e.Err)
		}
	}
}

func TestUnreadableDocuments(t *testing.T) {
	tests := []struct {
		file string
		want error
	}{
		{"../testdata/bad/empty.pdf", core.ErrEmptyFile},
		{"../testdata/bad/image.pdf", core.ErrNotPDF},
		{"../testdata/bad/encrypted.pdf", core.ErrEncrypted},
		{"../testdata/bad/header-only.pdf", core.ErrDamaged},
		{"../testdata/bad/no-such-file.pdf", core.ErrNotFound},
	}
	ok := &fake{name: "ok", text: func(int) string { return "x" }}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			res, err := New(Config{Plan: FixedPlan([]string{"ok"})}, registry(ok)).Extract(t.Context(), tt.file, nil)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if res == nil || res.Status != core.StatusFailed || len(res.Entries) != 0 {
				t.Fatalf("result %+v", res)
			}
		})
	}
}

// panicky is an in-process engine that panics while streaming page 2.
type panicky struct{ fake }

func (p *panicky) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	inner := p.fake.Extract(ctx, req)
	return func(yield func(core.PageResult, error) bool) {
		for r, err := range inner {
			if r.Page.Number == 2 {
				panic("engine bug on page 2")
			}
			if !yield(r, err) {
				return
			}
		}
	}
}

// A panic inside an in-process engine is recovered at the router's
// boundary: the pages it had not answered fail and go on to the next engine.
func TestPanickingEngineIsContained(t *testing.T) {
	bad := &panicky{fake{name: "bad", cost: 1, text: func(p int) string { return fmt.Sprintf("bad%d", p) }}}
	good := &fake{name: "good", cost: 2, text: func(p int) string { return fmt.Sprintf("good%d", p) }}
	reg := RegistryFunc(func(name string) (core.Engine, error) {
		if name == "bad" {
			return bad, nil
		}
		return good, nil
	})
	res, err := New(Config{Plan: FixedPlan([]string{"bad", "good"})}, reg).Extract(t.Context(), fivePages, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Entries {
		want := "good"
		if e.Number == 1 {
			want = "bad"
		}
		if e.Engine != want || e.Status != core.StatusOK {
			t.Errorf("page %d: %s by %q, want ok by %q", e.Number, e.Status, e.Engine, want)
		}
		if e.Number > 1 && !errors.Is(e.Attempts[0].Err, core.ErrEngineCrashed) {
			t.Errorf("page %d: first attempt error %v", e.Number, e.Attempts[0].Err)
		}
	}
}

// In text-first analysis the text engine's reading gives each page its
// class: a page it finds image-covered and empty goes on to OCR, the others
// stop after one call.
func TestTextFirstClassesPagesFromTheTextEngine(t *testing.T) {
	native := &fake{name: "nativetext", cost: 1, caps: []core.Capability{core.CapText},
		text: func(p int) string {
			if p == 2 {
				return ""
			}
			return fmt.Sprintf("This is the body text of page number %d.", p)
		},
		stats: func(p int) map[string]float64 {
			if p == 2 {
				return map[string]float64{"glyphs": 0, "image_coverage": 1}
			}
			return map[string]float64{"glyphs": 40, "image_coverage": 0}
		}}
	ocr := &fake{name: "ocr", cost: 20, caps: []core.Capability{core.CapOCR}, text: func(p int) string { return fmt.Sprintf("scanned%d", p) }}
	res, err := New(Config{}, registry(native, ocr)).Extract(t.Context(), fivePages, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(native.asked) != 1 || len(ocr.asked) != 1 || fmt.Sprint(ocr.asked[0]) != "[2]" {
		t.Fatalf("calls: nativetext %v, ocr %v", native.asked, ocr.asked)
	}
	for _, e := range res.Entries {
		wantClass, wantEngine, wantAttempts := "born_digital", "nativetext", 1
		if e.Number == 2 {
			wantClass, wantEngine, wantAttempts = "image_only", "ocr", 2
		}
		if e.Class != wantClass || e.Engine != wantEngine || len(e.Attempts) != wantAttempts || e.Status != core.StatusOK {
			t.Errorf("page %d: class %s, %s by %s, %d attempts", e.Number, e.Class, e.Status, e.Engine, len(e.Attempts))
		}
	}
}

func TestLayoutPagesGoToTheLayoutEngine(t *testing.T) {
	// The text engine's first reading finds tables on page 3 and two
	// columns on page 4: those pages are planned for the layout engine,
	// which reads them although the first reading passed, and wins the tie
	// on score because the plan names it first. The other pages cost one
	// call.
	body := func(p int) string { return fmt.Sprintf("This is the body text of page number %d.", p) }
	native := &fake{name: "nativetext", cost: 1, caps: []core.Capability{core.CapText}, text: body,
		stats: func(p int) map[string]float64 {
			s := map[string]float64{"glyphs": 40, "image_coverage": 0, "columns": 1}
			switch p {
			case 3:
				s["tables"] = 1
			case 4:
				s["columns"] = 2
			}
			return s
		}}
	layout := &fake{name: "layoutml", cost: 2, caps: []core.Capability{core.CapText, core.CapLayout}, text: body}
	ocr := &fake{name: "ocr", cost: 20, caps: []core.Capability{core.CapOCR}, text: body}
	res, err := New(Config{}, registry(native, layout, ocr)).Extract(t.Context(), fivePages, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(layout.asked) != 1 || fmt.Sprint(layout.asked[0]) != "[3 4]" || len(ocr.asked) != 0 {
		t.Fatalf("calls: layoutml %v, ocr %v; want layoutml [3 4] once, no ocr", layout.asked, ocr.asked)
	}
	for _, e := range res.Entries {
		wantClass, wantEngine, wantAttempts := "born_digital", "nativetext", 1
		if e.Number == 3 || e.Number == 4 {
			wantClass, wantEngine, wantAttempts = "complex_layout", "layoutml", 2
		}
		if e.Class != wantClass || e.Engine != wantEngine || len(e.Attempts) != wantAttempts || e.Status != core.StatusOK {
			t.Errorf("page %d: class %s, %s by %s, %d attempts; want %s by %s, %d attempts",
				e.Number, e.Class, e.Status, e.Engine, len(e.Attempts), wantClass, wantEngine, wantAttempts)
		}
	}
}

// blocksFake answers every page with the blocks its script gives for
// the request's options, and records those options.
type blocksFake struct {
	name   string
	caps   []core.Capability
	blocks func(options string) []core.Block

	mu      sync.Mutex
	options []string
}

func (f *blocksFake) Describe(context.Context) (core.Info, error) {
	return core.Info{Name: f.name, Version: "test", Cost: 1, Capabilities: f.caps}, nil
}

func (f *blocksFake) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	f.mu.Lock()
	f.options = append(f.options, string(req.Options))
	f.mu.Unlock()
	return func(yield func(core.PageResult, error) bool) {
		for _, p := range req.Pages {
			page := core.Page{Number: p, Width: 595, Height: 842, Blocks: f.blocks(string(req.Options))}
			if !yield(core.PageResult{Page: page, Status: core.StatusOK}, nil) {
				return
			}
		}
	}
}

// tableFake answers every page with one table block of the given cell
// text over the same box, under a paragraph (head, or a default when
// empty), and records the options it was given.
func tableFake(name, cell, head string, caps ...core.Capability) *blocksFake {
	return &blocksFake{name: name, caps: caps, blocks: func(string) []core.Block {
		box := core.BBox{X0: 50, Y0: 100, X1: 400, Y1: 300}
		tb := core.Block{Kind: core.KindTable, BBox: box, Table: &core.Table{Rows: 1, Cols: 2, Cells: []core.Cell{
			{Row: 0, Col: 0, Text: cell}, {Row: 0, Col: 1, Text: "cell two of the table"},
		}}}
		text := cmp.Or(head, "A page with a table and enough words to pass.")
		top := core.Block{Kind: core.KindParagraph, BBox: core.BBox{X0: 50, Y0: 40, X1: 400, Y1: 60},
			Lines: []core.Line{{Words: []core.Word{{Text: text}}}}}
		return []core.Block{top, tb}
	}}
}

// byName serves scripted engines by their names.
func byName(engines ...*blocksFake) Registry {
	return RegistryFunc(func(name string) (core.Engine, error) {
		for _, e := range engines {
			if e.name == name {
				return e, nil
			}
		}
		return nil, core.ErrNotFound
	})
}

func TestTableRegionStepRebuildsTheTables(t *testing.T) {
	// A region step of an engine that rebuilds tables is given the boxes
	// of the best answer's tables, and its tables replace them.
	text := tableFake("text", "first reading", "", core.CapText)
	tables := tableFake("tables", "rebuilt", "", core.CapTables, core.CapRegions)
	plan := Plan{DefaultClass: {{Engine: "text"}, {Engine: "tables", Regions: true}}}
	reg := byName(text, tables)
	res, err := New(Config{Plan: plan, Analysis: AnalysisFull}, withText(reg)).Extract(t.Context(), fivePages, []int{2})
	if err != nil {
		t.Fatal(err)
	}
	if len(tables.options) != 1 || !strings.Contains(tables.options[0], `"2":[{"x0":50,"y0":100,"x1":400,"y1":300}]`) {
		t.Fatalf("table engine options %q; want the table's box for page 2", tables.options)
	}
	e := res.Entries[0]
	var got string
	for _, b := range e.Page.Blocks {
		if b.Kind == core.KindTable {
			got = b.Table.Cells[0].Text
		}
	}
	if got != "rebuilt" || e.Engine != "text+tables" {
		t.Errorf("table cell %q, engine %q; want the rebuilt table, text+tables", got, e.Engine)
	}
}

// A text layer's reading with the tables of a region step put in is
// scored as the text layer's: a phrase the page prints over and over is
// no loop there either.
func TestMergedReadingIsScoredAsItsEngines(t *testing.T) {
	t.Parallel()
	sheet := strings.Repeat("OA + OB + OC = u ", 40)
	text := tableFake("text", "first reading", sheet, core.CapText)
	tables := tableFake("tables", "rebuilt", sheet, core.CapTables, core.CapRegions)
	plan := Plan{DefaultClass: {{Engine: "text"}, {Engine: "tables", Regions: true}}}
	reg := byName(text, tables)
	res, err := New(Config{Plan: plan, Analysis: AnalysisFull}, withText(reg)).Extract(t.Context(), fivePages, []int{2})
	if err != nil {
		t.Fatal(err)
	}
	e := res.Entries[0]
	if e.Engine != "text+tables" || e.Status != core.StatusOK || e.Quality.Score != e.Attempts[0].Score {
		t.Errorf("%s by %s, score %.3f (%v), the text layer's alone %.3f: want the same, ok",
			e.Status, e.Engine, e.Quality.Score, e.Quality.Reasons, e.Attempts[0].Score)
	}
}

// An explicit chain that does not start with the text engine runs in its
// order: the first engine reads every page first, and the facts come
// from the text engine's facts-only reading, not from a text-first read.
func TestExplicitChainRunsInItsOrder(t *testing.T) {
	upper := &fake{name: "upper", cost: 1, caps: []core.Capability{core.CapText}, text: func(p int) string {
		return fmt.Sprintf("THIS IS THE BODY TEXT OF PAGE NUMBER %d.", p)
	}}
	native := &fake{name: "nativetext", cost: 1, caps: []core.Capability{core.CapText}, text: func(p int) string {
		return fmt.Sprintf("This is the body text of page number %d.", p)
	}}
	res, err := New(Config{Plan: FixedPlan([]string{"upper", "nativetext"})}, registry(upper, native)).Extract(t.Context(), fivePages, nil)
	if err != nil {
		t.Fatal(err)
	}
	// nativetext is asked once, for the facts alone; no page is read by it.
	if len(upper.asked) != 1 || len(native.asked) != 1 {
		t.Fatalf("calls: upper %v, nativetext %v; want one each", upper.asked, native.asked)
	}
	for _, e := range res.Entries {
		if e.Engine != "upper" || len(e.Attempts) != 1 || e.Attempts[0].Engine != "upper" {
			t.Errorf("page %d read by %s in %d attempts %+v; want upper, first and only", e.Number, e.Engine, len(e.Attempts), e.Attempts)
		}
	}
}

// Without a region step nobody reads what the text engine finds in
// pictures, so it is asked not to look; with one it looks at the pictures
// of pages whose images cover as much as a page the region step reads.
// The caller's options are left as they were.
func TestPictureCheckFollowsTheRegionSteps(t *testing.T) {
	t.Parallel()
	mine := map[string]json.RawMessage{"nativetext": json.RawMessage(`{"max_ops":100}`)}
	everyPage := Plan{DefaultClass: {{Engine: "nativetext"}, {Engine: "ocr", Regions: true}}}
	for _, c := range []struct {
		plan     Plan
		none     bool
		coverage float64
	}{
		{DefaultPlan(), true, 0},
		{Plan{"mixed": {{Engine: "nativetext"}, {Engine: "ocr", Regions: true}}, DefaultClass: {{Engine: "nativetext"}}}, false, analyze.MixedCoverage},
		{DefaultPlan().WithPictures("ocr"), false, 0},
		{DefaultPlan().WithPictures("ocr").WithoutRegions(), true, 0},
		{FixedPlan([]string{"nativetext", "ocr"}), true, 0},
		{everyPage, false, 0},
	} {
		r := New(Config{Plan: c.plan, Options: mine}, nil)
		var got struct {
			MaxOps         int     `json:"max_ops"`
			NoPictureCheck bool    `json:"no_picture_check"`
			Coverage       float64 `json:"picture_check_coverage"`
		}
		if err := json.Unmarshal(r.cfg.Options["nativetext"], &got); err != nil || got.NoPictureCheck != c.none || got.Coverage != c.coverage || got.MaxOps != 100 {
			t.Errorf("plan %v: nativetext options %s (%v); want no_picture_check %v, picture_check_coverage %v and max_ops kept",
				c.plan, r.cfg.Options["nativetext"], err, c.none, c.coverage)
		}
	}
	if string(mine["nativetext"]) != `{"max_ops":100}` {
		t.Errorf("the caller's options changed: %s", mine["nativetext"])
	}
}

// A step whose engine says its reading would repeat the text engine's
// (a layout engine without a model) is passed over on pages the text
// engine has read; the same engine reading in its own way is asked.
func TestStepThatRepeatsAReadingIsPassedOver(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		sameAs string
		asked  bool
	}{
		{"nativetext", false},
		{"", true},
	} {
		layout := &fake{name: "layout", cost: 2, sameAs: c.sameAs, text: func(p int) string { return fmt.Sprintf("layout%d", p) }}
		plan := Plan{DefaultClass: {{Engine: "nativetext"}}, "born_digital": {{Engine: "layout"}, {Engine: "nativetext"}}}
		res, err := New(Config{Plan: plan}, registry(layout)).Extract(t.Context(), fivePages, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(layout.asked) > 0; got != c.asked {
			t.Errorf("same_as %q: layout asked %v; want asked %v", c.sameAs, layout.asked, c.asked)
		}
		for _, e := range res.Entries {
			if e.Status != core.StatusOK {
				t.Errorf("same_as %q: page %d %s", c.sameAs, e.Page.Number, e.Status)
			}
			if passed := len(e.PassedOver) > 0; passed == c.asked || passed && e.PassedOver[0] != "layout: its reading would repeat nativetext's" {
				t.Errorf("same_as %q: page %d passed over %q", c.sameAs, e.Number, e.PassedOver)
			}
		}
	}
}

// TestEnginesAreAskedOneWindowAtATime checks that escalated pages of a
// long document reach the next engine one window of the request at a
// time, counted from the request's first page: a request cut into those
// windows (assay serve's batches) asks the engine the same questions.
func TestEnginesAreAskedOneWindowAtATime(t *testing.T) {
	t.Parallel()
	weak := func(p int) bool { return p%5 == 0 }
	native := &fake{name: "native", cost: 1, text: func(p int) string {
		if weak(p) {
			return "(cid:12)(cid:13)(cid:14)"
		}
		return fmt.Sprintf("page%d", p)
	}}
	ocr := &fake{name: "ocr", cost: 5, text: func(p int) string { return fmt.Sprintf("ocr%d", p) }}
	path := pdftest.Report(80).Write(t)
	ask := func(pages []int) [][]int {
		native.asked, ocr.asked = nil, nil
		r := New(Config{Plan: FixedPlan([]string{"native", "ocr"})}, registry(native, ocr))
		if _, err := r.Extract(t.Context(), path, pages); err != nil {
			t.Fatal(err)
		}
		return ocr.asked
	}
	from := func(first, last int) []int {
		var out []int
		for p := first; p <= last; p++ {
			out = append(out, p)
		}
		return out
	}
	whole := ask(nil)
	if fmt.Sprint(whole) != "[[5 10 15 20 25 30] [35 40 45 50 55 60] [65 70 75 80]]" {
		t.Errorf("the whole document asked ocr %v", whole)
	}
	var cut [][]int
	for _, w := range [][]int{from(1, 32), from(33, 64), from(65, 80)} {
		cut = append(cut, ask(w)...)
	}
	if fmt.Sprint(cut) != fmt.Sprint(whole) {
		t.Errorf("windows asked ocr %v, the whole document %v", cut, whole)
	}
	if got := ask(from(10, 45)); fmt.Sprint(got) != "[[10 15 20 25 30 35 40] [45]]" {
		t.Errorf("pages 10-45 asked ocr %v: windows count from the first page asked", got)
	}
}

// overlapping is an engine that counts its calls in flight.
type overlapping struct {
	*fake
	mu       sync.Mutex
	now, max int
}

func (o *overlapping) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		o.mu.Lock()
		o.now++
		o.max = max(o.max, o.now)
		o.mu.Unlock()
		defer func() {
			o.mu.Lock()
			o.now--
			o.mu.Unlock()
		}()
		for r, err := range o.fake.Extract(ctx, req) {
			if !yield(r, err) {
				return
			}
		}
	}
}

// TestNextWindowWhileTheLastIsScored: an engine that serves calls at once
// is asked for a long document's next window while the last is read (two
// windows in flight, never more); one that serves a call at a time is
// asked for one window at a time. Either way each window is asked once
// and every page is read.
func TestNextWindowWhileTheLastIsScored(t *testing.T) {
	t.Parallel()
	path := pdftest.Report(100).Write(t)
	for _, c := range []struct {
		caps []core.Capability
		want int
	}{
		{[]core.Capability{core.CapText, core.CapConcurrentCalls}, 2},
		{[]core.Capability{core.CapText}, 1},
	} {
		eng := &overlapping{fake: &fake{name: "native", cost: 1, caps: c.caps, delay: time.Millisecond,
			text: func(p int) string { return fmt.Sprintf("page%d", p) }}}
		reg := RegistryFunc(func(name string) (core.Engine, error) {
			if name == "native" {
				return eng, nil
			}
			return nil, fmt.Errorf("no engine %q", name)
		})
		res, err := New(Config{Plan: FixedPlan([]string{"native"})}, reg).Extract(t.Context(), path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if eng.max != c.want {
			t.Errorf("capabilities %v: %d windows in flight at most, want %d", c.caps, eng.max, c.want)
		}
		asked := slices.Clone(eng.asked)
		slices.SortFunc(asked, func(a, b []int) int { return a[0] - b[0] })
		if fmt.Sprint(asked) != fmt.Sprint([][]int{pageRange(1, 32), pageRange(33, 64), pageRange(65, 96), pageRange(97, 100)}) {
			t.Errorf("capabilities %v: windows asked %v", c.caps, asked)
		}
		for _, e := range res.Entries {
			if e.Status != core.StatusOK || e.Page.Text() != fmt.Sprintf("page%d", e.Number) {
				t.Errorf("capabilities %v: page %d %s %q", c.caps, e.Number, e.Status, e.Page.Text())
			}
		}
	}
}

func pageRange(first, last int) []int {
	var out []int
	for p := first; p <= last; p++ {
		out = append(out, p)
	}
	return out
}
