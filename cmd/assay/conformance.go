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

// defaultCallTimeout bounds each call the suite makes of the engine: three
// pages of text, read by any engine worth running, including OCR on a slow
// machine. An engine that hangs fails after one such wait; the suite then
// skips the rules that would wait again.
const defaultCallTimeout = 20 * time.Second

// runBound is how many call timeouts a whole run may take before it is
// given up: the suite's calls are far fewer that could each wait that
// long, so only an engine that wedges the host's side outlasts it.
const runBound = 6

// conformance runs the engine contract suite (sdktest) against a built
// engine, in any language, through the plugin host, as assay runs it.
func conformance(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("conformance", flag.ContinueOnError)
	fl.SetOutput(stderr)
	timeout := fl.Duration("timeout", defaultCallTimeout, "fail a call of the engine that takes longer than `D` as hung")
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
	go func() { passed <- sdktest.Check(stdout, eng, sdktest.CallLimit(*timeout)) }()
	select {
	case ok := <-passed:
		if !ok {
			return exitFailed
		}
		return exitOK
	case <-time.After(runBound * *timeout):
		fmt.Fprintf(stdout, "FAIL the suite did not finish within %v\n", runBound**timeout)
		return exitFailed
	case <-ctx.Done():
		return exitFailed
	}
}
