// Command hang is a test engine that hangs on every page, ignoring its
// context. If the request's options name a "pidfile", it writes its pid
// there first.
package main

import (
	"context"
	"encoding/json"
	"iter"
	"os"
	"strconv"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/sdk"
)

type engine struct{}

func (engine) Describe(context.Context) (core.Info, error) {
	return core.Info{Name: "hang", Version: "1"}, nil
}

func (engine) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		var opts struct {
			PIDFile string `json:"pidfile"`
		}
		_ = json.Unmarshal(req.Options, &opts)
		if opts.PIDFile != "" {
			_ = os.WriteFile(opts.PIDFile, []byte(strconv.Itoa(os.Getpid())), 0o644)
		}
		for {
			time.Sleep(time.Hour)
		}
	}
}

func main() { sdk.Serve(engine{}) }
