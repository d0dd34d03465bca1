// Command slow is a test engine that takes 300 ms per page (or the
// option "page_ms"), honouring its context, and reports its pid in each
// page's stats ("pid"). Installed as assay-engine-sharedslow, it is
// "sharedslow" and declares core.CapConcurrentCalls and core.CapStableInfo.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/sdk"
)

type engine struct{}

func (engine) Describe(context.Context) (core.Info, error) {
	if strings.HasSuffix(filepath.Base(os.Args[0]), "sharedslow") {
		return core.Info{Name: "sharedslow", Version: "1", Capabilities: []core.Capability{core.CapConcurrentCalls, core.CapStableInfo}}, nil
	}
	return core.Info{Name: "slow", Version: "1"}, nil
}

func (engine) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	perPage := 300 * time.Millisecond
	var opts struct {
		PageMS int `json:"page_ms"`
	}
	if json.Unmarshal(req.Options, &opts) == nil && opts.PageMS > 0 {
		perPage = time.Duration(opts.PageMS) * time.Millisecond
	}
	return func(yield func(core.PageResult, error) bool) {
		for _, n := range req.Pages {
			select {
			case <-ctx.Done():
				return
			case <-time.After(perPage):
			}
			w := core.Word{Text: fmt.Sprintf("slow-%d", n), BBox: core.BBox{X0: 10, Y0: 10, X1: 50, Y1: 20}}
			r := core.PageResult{Status: core.StatusOK, Stats: map[string]float64{"pid": float64(os.Getpid())},
				Page: core.Page{Number: n, Width: 100, Height: 100, Blocks: []core.Block{{Kind: core.KindParagraph,
					BBox: w.BBox, Lines: []core.Line{{BBox: w.BBox, Words: []core.Word{w}}}}}}}
			if !yield(r, nil) {
				return
			}
		}
	}
}

func main() { sdk.Serve(engine{}) }
