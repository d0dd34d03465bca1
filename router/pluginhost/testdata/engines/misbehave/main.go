// Command misbehave is a test engine that answers pages in order: pages 1
// and 5 (and any above 5) with a word, page 2 with a panic, page 3 by
// hanging forever (ignoring its context) and page 4 by exiting with
// status 3.
package main

import (
	"context"
	"fmt"
	"iter"
	"os"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/sdk"
)

type engine struct{}

func (engine) Describe(context.Context) (core.Info, error) {
	return core.Info{Name: "misbehave", Version: "1"}, nil
}

func (engine) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		for _, n := range req.Pages {
			switch n {
			case 2:
				panic("misbehave: boom on page 2")
			case 3:
				for {
					time.Sleep(time.Hour)
				}
			case 4:
				os.Exit(3)
			}
			if !yield(word(n, fmt.Sprintf("page-%d", n)), nil) {
				return
			}
		}
	}
}

func word(n int, text string) core.PageResult {
	w := core.Word{Text: text, BBox: core.BBox{X0: 10, Y0: 10, X1: 50, Y1: 20}}
	return core.PageResult{Status: core.StatusOK, Page: core.Page{Number: n, Width: 100, Height: 100,
		Blocks: []core.Block{{Kind: core.KindParagraph, BBox: w.BBox, Lines: []core.Line{{BBox: w.BBox, Words: []core.Word{w}}}}}}}
}

func main() { sdk.Serve(engine{}) }
