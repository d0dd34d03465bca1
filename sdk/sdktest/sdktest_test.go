package sdktest

import (
	"bytes"
	"context"
	"fmt"
	"iter"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
)

// oneWord is a tiny engine: it counts the PDF's page objects and answers
// each page with one word naming it.
type oneWord struct{}

var pageObj = regexp.MustCompile(`/Type\s*/Page[^s]`)

func (oneWord) Describe(context.Context) (core.Info, error) {
	return core.Info{Name: "oneword", Version: "0.0.1", Capabilities: []core.Capability{core.CapText}}, nil
}

func (oneWord) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		b, err := os.ReadFile(req.Source)
		switch {
		case err != nil:
			yield(core.PageResult{}, &core.EngineError{Engine: "oneword", Err: fmt.Errorf("%w: %w", core.ErrNotFound, err)})
			return
		case len(b) == 0:
			yield(core.PageResult{}, &core.EngineError{Engine: "oneword", Err: core.ErrEmptyFile})
			return
		case !bytes.HasPrefix(b, []byte("%PDF-")):
			yield(core.PageResult{}, &core.EngineError{Engine: "oneword", Err: core.ErrNotPDF})
			return
		}
		n := len(pageObj.FindAll(b, -1))
		for _, p := range req.Pages {
			select {
			case <-ctx.Done():
				yield(core.Failed(p, fmt.Errorf("%w: %w", core.ErrCanceled, ctx.Err())), nil)
				continue
			case <-time.After(20 * time.Millisecond):
			}
			if p < 1 || p > n {
				if !yield(core.Failed(p, &core.EngineError{Engine: "oneword", Page: p, Err: core.ErrNoSuchPage}), nil) {
					return
				}
				continue
			}
			if !yield(core.PageResult{Page: wordPage(p, fmt.Sprintf("page-%d", p)), Status: core.StatusOK}, nil) {
				return
			}
		}
	}
}

// wordPage is a US-letter page n holding one word.
func wordPage(n int, word string) core.Page {
	w := core.Word{Text: word, BBox: core.BBox{X0: 72, Y0: 72, X1: 140, Y1: 86}}
	return core.Page{Number: n, Width: 612, Height: 792, Blocks: []core.Block{{
		Kind: core.KindParagraph, BBox: w.BBox, Lines: []core.Line{{BBox: w.BBox, Words: []core.Word{w}}},
	}}}
}

func TestDirect(t *testing.T) {
	t.Parallel()
	Run(t, oneWord{})
}

func TestInMemory(t *testing.T) {
	t.Parallel()
	Run(t, InMemory(t, oneWord{}))
}

func TestTextPDF(t *testing.T) {
	t.Parallel()
	p := WriteTextPDF(t, t.TempDir())
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(pageObj.FindAll(b, -1)); n != TextPages {
		t.Errorf("%d page objects, want %d", n, TextPages)
	}
}

// record runs the suite on e as assay conformance does (Check) and
// returns whether it failed and what it said.
func record(t *testing.T, e core.Engine) (failed bool, said string) {
	t.Helper()
	var buf bytes.Buffer
	ok := Check(&buf, e)
	return !ok, buf.String()
}

// TestRecorderPassesGoodEngine: the recorder itself fails nothing that
// keeps the contract, so the failures below are the suite's.
func TestRecorderPassesGoodEngine(t *testing.T) {
	t.Parallel()
	if failed, said := record(t, oneWord{}); failed {
		t.Errorf("the suite failed a good engine:\n%s", said)
	}
}

// rewriting is oneWord with each page result it answers passed through
// rewrite: an engine that keeps every rule but the one rewrite breaks.
type rewriting struct {
	oneWord
	rewrite func(core.PageResult) core.PageResult
}

func (e rewriting) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		for r, err := range e.oneWord.Extract(ctx, req) {
			if err == nil {
				r = e.rewrite(r)
			}
			if !yield(r, err) {
				return
			}
		}
	}
}

// skipper answers every page of a PDF it can read as skipped.
var skipper = rewriting{rewrite: func(r core.PageResult) core.PageResult {
	if r.Status != core.StatusOK {
		return r
	}
	return core.PageResult{Page: core.Page{Number: r.Page.Number}, Status: core.StatusSkipped}
}}

// blank answers every page ok, with nothing on it, though it claims to
// read text.
var blank = rewriting{rewrite: func(r core.PageResult) core.PageResult {
	if r.Status == core.StatusOK {
		r.Page.Blocks = nil
	}
	return r
}}

// misnumbered answers each page under the number of the next one.
var misnumbered = rewriting{rewrite: func(r core.PageResult) core.PageResult {
	r.Page.Number++
	return r
}}

// silent reads the file and answers nothing.
type silent struct{ oneWord }

func (silent) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {}
}

// broken breaks every other rule the suite checks.
type broken struct{ oneWord }

func (broken) Describe(context.Context) (core.Info, error) { return core.Info{Name: "broken"}, nil }

func (broken) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		if _, err := os.Stat(req.Source); err != nil {
			panic("no file")
		}
		for _, p := range req.Pages {
			w := core.Word{Text: "x", BBox: core.BBox{X0: 10, Y0: 10, X1: 900, Y1: 20}}
			r := core.PageResult{Status: core.StatusOK, Page: core.Page{Number: p, Width: 612, Height: 792,
				Blocks: []core.Block{{Lines: []core.Line{{Words: []core.Word{w}}}}}}}
			if !yield(r, nil) || !yield(r, nil) {
				return
			}
		}
	}
}

// TestSuiteCatchesBadEngines runs the suite on engines that each break
// the contract in one way and checks that it fails them, for that reason.
func TestSuiteCatchesBadEngines(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		engine core.Engine
		want   []string // regular expressions
	}{
		{"skips every page", skipper, []string{
			`OnePerPage: page \d: status skipped`,
			"BoxesInsidePage: page 1: status skipped",
			"PastEnd: page 2: status skipped",
		}},
		{"reads nothing", blank, []string{"ReadsText: no words on 3 pages"}},
		{"answers under other numbers", misnumbered, []string{
			"BoxesInsidePage: page 1 answered 0 times",
			"page 4 answered 1 times but was not requested",
		}},
		{"answers nothing", silent{}, []string{
			"OnePerPage: page \\d answered 0 times",
			"BoxesInsidePage: page 1 answered 0 times",
			"PastEnd: page 7 answered 0 times",
		}},
		{"broken", broken{}, []string{
			"want a name and a version",
			"answered 2 times",
			"outside the page box",
			"engine panicked: no file",
			"want failed with core\\.ErrNoSuchPage",
			"want a document error or every page failed",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			failed, said := record(t, c.engine)
			if !failed {
				t.Fatalf("the suite passed the engine:\n%s", said)
			}
			for _, w := range c.want {
				if !regexp.MustCompile(w).MatchString(said) {
					t.Errorf("the suite did not say %q", w)
				}
			}
			if t.Failed() {
				t.Logf("the suite said:\n%s", said)
			}
		})
	}
}
