// Command shifted is a test engine that numbers its answers wrong: it
// answers page n as page n+1, with the text "page n", as an engine with an
// off-by-one bug does.
package main

import (
	"context"
	"fmt"
	"iter"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/sdk"
)

type engine struct{}

func (engine) Describe(context.Context) (core.Info, error) {
	return core.Info{Name: "shifted", Version: "1", Capabilities: []core.Capability{core.CapText}}, nil
}

func (engine) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		for _, p := range req.Pages {
			w := core.Word{Text: fmt.Sprintf("page %d", p), BBox: core.BBox{X0: 72, Y0: 72, X1: 200, Y1: 84}}
			page := core.Page{Number: p + 1, Width: 612, Height: 792, Blocks: []core.Block{{
				Kind: core.KindParagraph, BBox: w.BBox, Lines: []core.Line{{BBox: w.BBox, Words: []core.Word{w}}},
			}}}
			if !yield(core.PageResult{Page: page, Status: core.StatusOK}, nil) {
				return
			}
		}
	}
}

func main() { sdk.Serve(engine{}) }
