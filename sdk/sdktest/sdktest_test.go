package sdktest_test

import (
	"bytes"
	"context"
	"fmt"
	"iter"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/sdk/sdktest"
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
			yield(core.PageResult{}, &core.EngineError{Engine: "oneword", Err: fmt.Errorf("%w: %v", core.ErrNotFound, err)})
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
			w := core.Word{Text: fmt.Sprintf("page-%d", p), BBox: core.BBox{X0: 72, Y0: 72, X1: 140, Y1: 86}}
			page := core.Page{Number: p, Width: 612, Height: 792, Blocks: []core.Block{{
				Kind: core.KindParagraph, BBox: w.BBox, Lines: []core.Line{{BBox: w.BBox, Words: []core.Word{w}}},
			}}}
			if !yield(core.PageResult{Page: page, Status: core.StatusOK}, nil) {
				return
			}
		}
	}
}

func TestDirect(t *testing.T) { sdktest.Run(t, oneWord{}) }

func TestInMemory(t *testing.T) { sdktest.Run(t, sdktest.InMemory(t, oneWord{})) }

func TestTextPDF(t *testing.T) {
	p := sdktest.WriteTextPDF(t, t.TempDir())
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(pageObj.FindAll(b, -1)); n != sdktest.TextPages {
		t.Errorf("%d page objects, want %d", n, sdktest.TextPages)
	}
}

// broken breaks every rule the suite checks.
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

// TestSuiteCatchesBrokenEngine runs the suite on a broken engine in a
// child process and checks that it fails for the right reasons.
func TestSuiteCatchesBrokenEngine(t *testing.T) {
	if os.Getenv("SDKTEST_BROKEN") == "1" {
		sdktest.Run(t, broken{})
		return
	}
	if testing.Short() {
		t.Skip("short mode")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSuiteCatchesBrokenEngine$", "-test.v")
	cmd.Env = append(os.Environ(), "SDKTEST_BROKEN=1")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the suite passed a broken engine:\n%s", out)
	}
	for _, want := range []string{
		"want a name and a version",
		"answered 2 times",
		"outside the page box",
		"engine panicked: no file",
		"want failed with core.ErrNoSuchPage",
		"want a document error or every page failed",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("output:\n%s", out)
	}
}
