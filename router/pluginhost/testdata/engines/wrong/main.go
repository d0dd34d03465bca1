// Command wrong is a test engine that reads the text layer with nativetext
// and breaks the engine contract in one way, chosen by its file name
// (assay-engine-<way>), so that one build serves every way:
//
//   - skip: leaves out the last page it is asked for;
//   - panic: panics on page 2;
//   - garbage: answers every page with mojibake in place of its words;
//   - sleepy: ignores cancellation: the first page of each call takes
//     0.7 s of work that never looks at its context, longer than the
//     500 ms an engine has to stop.
//
// Under any other name (say, plain) it keeps the contract.
package main

import (
	"context"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/plugins/nativetext"
	"github.com/assay-pdf/assay/sdk"
)

const sleepyWork = 700 * time.Millisecond

type engine struct {
	way  string
	text *nativetext.Engine
}

func (e engine) Describe(context.Context) (core.Info, error) {
	return core.Info{Name: e.way, Version: "1", Capabilities: []core.Capability{core.CapText}}, nil
}

func (e engine) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		pages := req.Pages
		if e.way == "skip" && len(pages) > 0 {
			pages = pages[:len(pages)-1]
		}
		for i, n := range pages {
			if e.way == "panic" && n == 2 {
				panic("wrong: boom on page 2")
			}
			if e.way == "sleepy" && i == 0 {
				time.Sleep(sleepyWork) // work that never looks at ctx
			}
			one := *req
			one.Pages = []int{n}
			for r, err := range e.text.Extract(context.WithoutCancel(ctx), &one) {
				if e.way == "garbage" {
					garble(&r.Page)
				}
				if !yield(r, err) || err != nil {
					return
				}
			}
		}
	}
}

// garble replaces each word with mojibake of the same length.
func garble(p *core.Page) {
	for b := range p.Blocks {
		for l := range p.Blocks[b].Lines {
			for w := range p.Blocks[b].Lines[l].Words {
				word := &p.Blocks[b].Lines[l].Words[w]
				word.Text = strings.Repeat("Ã¾", max(1, len(word.Text)/2))
			}
		}
	}
}

func main() {
	way := strings.TrimPrefix(filepath.Base(os.Args[0]), "assay-engine-")
	sdk.Serve(engine{way: way, text: nativetext.New()})
}
