package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/assay-pdf/assay/router/pluginhost"
	"github.com/assay-pdf/assay/sdk/sdktest"
)

// defaultConformanceTimeout bounds a whole conformance run: the suite's
// own calls are bounded far below it, so only an engine that wedges its
// process outlasts it.
const defaultConformanceTimeout = 2 * time.Minute

// conformance runs the engine contract suite (sdktest) against a built
// engine, in any language, through the plugin host, as assay runs it.
func conformance(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("conformance", flag.ContinueOnError)
	fl.SetOutput(stderr)
	timeout := fl.Duration("timeout", defaultConformanceTimeout, "give up on the run after `D`")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "Usage: assay conformance PATH [--timeout D]\n\nPATH is an engine executable named assay-engine-NAME.\n\nFlags:")
		fl.PrintDefaults()
	}
	if err := fl.Parse(reorder(args, fl)); err != nil {
		return exitUsage
	}
	if fl.NArg() != 1 {
		fl.Usage()
		return exitUsage
	}
	path, err := filepath.Abs(fl.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return exitUsage
	}
	name, ok := strings.CutPrefix(filepath.Base(path), pluginhost.ExecutablePrefix)
	if st, err := os.Stat(path); !ok || name == "" || err != nil || st.IsDir() {
		fmt.Fprintf(stderr, "assay conformance: %s is not an engine executable named %sNAME\n", fl.Arg(0), pluginhost.ExecutablePrefix)
		return exitUsage
	}
	host := pluginhost.New(pluginhost.Config{Self: os.DevNull, Dirs: []string{filepath.Dir(path)}})
	defer host.Close()
	eng, err := host.Engine(name)
	if err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return exitFailed
	}
	passed := make(chan bool, 1)
	go func() { passed <- sdktest.Check(stdout, eng) }()
	select {
	case ok := <-passed:
		if !ok {
			return exitFailed
		}
		return exitOK
	case <-time.After(*timeout):
		fmt.Fprintf(stdout, "FAIL the suite did not finish within %v\n", *timeout)
		return exitFailed
	case <-ctx.Done():
		return exitFailed
	}
}
