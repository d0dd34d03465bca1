// Command words is a well-behaved test engine: it counts a PDF's page
// objects and answers each page with one word. It passes sdktest.
package main

import (
	"bytes"
	"context"
	"fmt"
	"iter"
	"os"
	"regexp"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/sdk"
)

type engine struct{ name string }

var pageObj = regexp.MustCompile(`/Type\s*/Page[^s]`)

func (e engine) Describe(context.Context) (core.Info, error) {
	return core.Info{Name: e.name, Version: "1", Capabilities: []core.Capability{core.CapText}}, nil
}

func (e engine) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		b, err := os.ReadFile(req.Source)
		switch {
		case err != nil:
			yield(core.PageResult{}, fmt.Errorf("%w: %v", core.ErrNotFound, err))
			return
		case len(b) == 0:
			yield(core.PageResult{}, core.ErrEmptyFile)
			return
		case !bytes.HasPrefix(b, []byte("%PDF-")):
			yield(core.PageResult{}, core.ErrNotPDF)
			return
		}
		count := len(pageObj.FindAll(b, -1))
		for _, n := range req.Pages {
			select {
			case <-ctx.Done():
				return
			case <-time.After(10 * time.Millisecond):
			}
			if n < 1 || n > count {
				if !yield(core.Failed(n, core.ErrNoSuchPage), nil) {
					return
				}
				continue
			}
			w := core.Word{Text: fmt.Sprintf("%s-%d", e.name, n), BBox: core.BBox{X0: 72, Y0: 72, X1: 150, Y1: 86}}
			r := core.PageResult{Status: core.StatusOK, Page: core.Page{Number: n, Width: 612, Height: 792,
				Blocks: []core.Block{{Kind: core.KindParagraph, BBox: w.BBox, Lines: []core.Line{{BBox: w.BBox, Words: []core.Word{w}}}}}}}
			if !yield(r, nil) {
				return
			}
		}
	}
}

func main() {
	// Run with `serve-engine NAME` it doubles as a fake assay binary whose
	// built-in engine NAME answers with NAME-N words.
	if len(os.Args) == 3 && os.Args[1] == "serve-engine" {
		sdk.Serve(engine{name: os.Args[2]})
		return
	}
	if len(os.Args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: assay serve-engine NAME")
		os.Exit(2)
	}
	sdk.Serve(engine{name: "words"})
}
