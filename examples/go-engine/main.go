// Command assay-engine-shout is a complete Assay engine: it reads a PDF's
// text layer with nativetext and answers every word in capitals. Build it
// as assay-engine-shout next to assay (or on ASSAY_PLUGIN_PATH), then:
//
//	assay conformance ./assay-engine-shout
//	assay extract report.pdf --engines shout
package main

import (
	"context"
	"iter"
	"strings"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/nativetext"
	"github.com/assay-pdf/assay/sdk"
)

// shout is the engine: Describe says what it is, Extract answers each
// requested page exactly once, as the text engine it wraps reads it.
type shout struct{ text *nativetext.Engine }

func (shout) Describe(context.Context) (core.Info, error) {
	return core.Info{Name: "shout", Version: "1.0.0", Description: "the text layer, in capitals",
		Capabilities: []core.Capability{core.CapText, core.CapPageRange}, Cost: 1}, nil
}

func (s shout) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		for r, err := range s.text.Extract(ctx, req) {
			if err != nil { // the whole document failed: say so once, and stop
				yield(core.PageResult{}, err)
				return
			}
			for b := range r.Page.Blocks {
				for l := range r.Page.Blocks[b].Lines {
					for w := range r.Page.Blocks[b].Lines[l].Words {
						word := &r.Page.Blocks[b].Lines[l].Words[w]
						word.Text = strings.ToUpper(word.Text)
					}
				}
			}
			if !yield(r, nil) {
				return
			}
		}
	}
}

func main() { sdk.Serve(shout{text: nativetext.New()}) }
