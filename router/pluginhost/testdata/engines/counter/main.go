// Command counter is a test engine that counts pages the way a hostile
// file can make a parser behave: a source whose name holds "hang" never
// answers (ignoring its context), one whose name holds "bloat" allocates
// without bound, and any other has 3 pages.
package main

import (
	"context"
	"iter"
	"os"
	"strings"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/sdk"
)

type engine struct{}

// Describe says, in its description, whether the host handed it a client
// certificate for mutual TLS.
func (engine) Describe(context.Context) (core.Info, error) {
	desc := "plain"
	if os.Getenv("PLUGIN_CLIENT_CERT") != "" {
		desc = "mutual TLS"
	}
	return core.Info{Name: "counter", Version: "1", Description: desc, Capabilities: []core.Capability{core.CapText}}, nil
}

func (engine) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		for _, p := range req.Pages {
			if !yield(core.PageResult{Page: core.Page{Number: p}, Status: core.StatusOK}, nil) {
				return
			}
		}
	}
}

// hoard keeps what bloat allocates reachable.
var hoard [][]byte

func (engine) CountPages(ctx context.Context, source string) (int, error) {
	switch {
	case strings.Contains(source, "hang"):
		for {
			time.Sleep(time.Hour)
		}
	case strings.Contains(source, "bloat"):
		for {
			b := make([]byte, 64<<20)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1
			}
			hoard = append(hoard, b)
		}
	}
	return 3, nil
}

func main() { sdk.Serve(engine{}) }
