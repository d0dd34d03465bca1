package sdktest

import (
	"bytes"
	"context"
	"fmt"
	"iter"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
)

// oneWord is a tiny engine: it counts the PDF's page objects and answers
// each page with what the suite's text PDF says on it (PageText), one
// word box each.
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
				if !yield(core.Failed(p, fmt.Errorf("%w: %w", core.ErrCanceled, ctx.Err())), nil) {
					return
				}
				continue
			case <-time.After(20 * time.Millisecond):
			}
			if p < 1 || p > n {
				if !yield(core.Failed(p, &core.EngineError{Engine: "oneword", Page: p, Err: core.ErrNoSuchPage}), nil) {
					return
				}
				continue
			}
			if !yield(core.PageResult{Page: textPage(p, PageText(p)), Status: core.StatusOK}, nil) {
				return
			}
		}
	}
}

// textPage is a US-letter page n holding text, a line of words per line.
func textPage(n int, text string) core.Page {
	const left, top, lineHeight, wordWidth = 72.0, 72.0, 14.0, 30.0
	b := core.Block{Kind: core.KindParagraph}
	for i, line := range strings.Split(text, "\n") {
		y := top + float64(i)*lineHeight
		var l core.Line
		for j, word := range strings.Fields(line) {
			x := left + float64(j)*wordWidth
			l.Words = append(l.Words, core.Word{Text: word, BBox: core.BBox{X0: x, Y0: y, X1: x + wordWidth - 4, Y1: y + 10}})
		}
		l.BBox = core.BBox{X0: left, Y0: y, X1: l.Words[len(l.Words)-1].BBox.X1, Y1: y + 10}
		b.Lines = append(b.Lines, l)
		b.BBox = b.BBox.Union(l.BBox)
	}
	return core.Page{Number: n, Width: 612, Height: 792, Blocks: []core.Block{b}}
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

// wrongPage answers each page with the text of the next one.
var wrongPage = rewriting{rewrite: func(r core.PageResult) core.PageResult {
	if r.Status == core.StatusOK {
		r.Page = textPage(r.Page.Number, PageText(r.Page.Number%TextPages+1))
	}
	return r
}}

// noise answers each page with mojibake in the page's boxes.
var noise = rewriting{rewrite: func(r core.PageResult) core.PageResult {
	if r.Status == core.StatusOK {
		r.Page = textPage(r.Page.Number, "Ã¤Â§ Ã©Â¨ GLYPH<12> (cid:4)\nÂ¶Ã¾ Ã±Ã¸")
	}
	return r
}}

// hangs answers nothing and ignores its context.
type hangs struct{ oneWord }

func (hangs) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) { select {} }
}

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

// crossed declares concurrent calls but keeps the pages of its latest
// call in one place: calls made at once answer each other's pages.
type crossed struct {
	oneWord
	mu    *sync.Mutex
	pages *[]int
}

func (crossed) Describe(context.Context) (core.Info, error) {
	return core.Info{Name: "crossed", Version: "0.0.1", Capabilities: []core.Capability{core.CapText, core.CapConcurrentCalls}}, nil
}

// crossedOverlap is how long a call of crossed waits before it reads, so
// that calls made at once overlap.
const crossedOverlap = 50 * time.Millisecond

func (e crossed) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		e.mu.Lock()
		*e.pages = req.Pages
		e.mu.Unlock()
		time.Sleep(crossedOverlap)
		e.mu.Lock()
		pages := *e.pages
		e.mu.Unlock()
		for r, err := range e.oneWord.Extract(ctx, &core.Request{Source: req.Source, Pages: pages, Options: req.Options}) {
			if !yield(r, err) {
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
		{"answers another page's text", wrongPage, []string{`ReadsText: page 1: found \d+% of the page's words`}},
		{"answers noise", noise, []string{`ReadsText: page 2: found 0% of the page's words \(want 80%, its number among them\); read "Ã¤Â§`}},
		{"answers under other numbers", misnumbered, []string{
			"BoxesInsidePage: page 1 answered 0 times",
			"page 4 answered 1 times but was not requested",
		}},
		{"answers nothing", silent{}, []string{
			"OnePerPage: page \\d answered 0 times",
			"BoxesInsidePage: page 1 answered 0 times",
			"PastEnd: page 7 answered 0 times",
		}},
		// A call answered with another's pages misses some of its own, or,
		// when the other's were a superset of its own, answers more.
		{"crosses concurrent calls", crossed{mu: new(sync.Mutex), pages: new([]int)}, []string{
			`ConcurrentCalls: page \d answered (0 times|\d times but was not requested)`,
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

// TestSuiteStopsAfterAHang: an engine that ignores its context fails
// Cancellation and hangs the next call; the suite says so once, within the
// call limit, and skips the rules after it rather than waiting on each.
func TestSuiteStopsAfterAHang(t *testing.T) {
	t.Parallel()
	const limit = 300 * time.Millisecond
	var buf bytes.Buffer
	start := time.Now()
	if Check(&buf, hangs{}, CallLimit(limit)) {
		t.Fatalf("the suite passed an engine that hangs:\n%s", buf.String())
	}
	said := buf.String()
	for _, w := range []string{
		"FAIL OnePerPage: the engine hangs: the call did not finish within 300ms",
		"skip BoxesInsidePage: not run: a call hung in OnePerPage",
		"skip PastEnd: not run: a call hung in OnePerPage",
	} {
		if !strings.Contains(said, w) {
			t.Errorf("the suite did not say %q:\n%s", w, said)
		}
	}
	// One hung call, not one per rule: the limit plus the grace the
	// suite gives a call that is past it.
	if took := time.Since(start); took > limit+collectGrace+time.Second {
		t.Errorf("the suite took %v on a hanging engine", took)
	}
}
