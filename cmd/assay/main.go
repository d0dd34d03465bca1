package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/hugepages"
	"github.com/assay-pdf/assay/plugins/nativetext"
	tfengine "github.com/assay-pdf/assay/plugins/tableformer/engine"
	"github.com/assay-pdf/assay/sdk"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// Exit statuses.
const (
	exitOK       = 0
	exitFailed   = 1 // a document could not be read at all, or an internal error
	exitUsage    = 2
	exitDegraded = 3 // some page is not ok
)

// builtins are the engines compiled into this binary; each is served in its
// own process by re-executing the binary ("assay serve-engine NAME").
var builtins = map[string]func() core.Engine{
	"nativetext":  func() core.Engine { return nativetext.New() },
	"tableformer": func() core.Engine { return tfengine.New() },
}

func main() {
	hugepages.Heap() // first: the heap grows into what it marks
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "serve-engine":
		return serveEngine(args[1:], stderr)
	case renderPageCommand:
		if err := renderPage(context.Background(), args[1:]); err != nil {
			fmt.Fprintf(stderr, "assay: %v\n", err)
			return exitFailed
		}
		return exitOK
	case "version", "--version", "-v":
		fmt.Fprintf(stdout, "assay %s\n", version)
		return exitOK
	case "help", "--help", "-h":
		usage(stdout)
		return exitOK
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch args[0] {
	case "extract":
		return extract(ctx, args[1:], stdout, stderr)
	case "engines":
		return engines(ctx, args[1:], stdout, stderr)
	case "analyze":
		return analyzeCmd(ctx, args[1:], stdout, stderr)
	case "conformance":
		return conformance(ctx, args[1:], stdout, stderr)
	case "eval":
		return evalCmd(ctx, args[1:], stdout, stderr)
	case "serve":
		return serveCmd(ctx, args[1:], stderr)
	case "worker":
		return workerCmd(ctx, args[1:], stderr)
	}
	fmt.Fprintf(stderr, "assay: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprint(w, `Assay turns PDFs into faithful, structured text.

Usage:
  assay extract FILE|DIR... [flags]   extract text (Markdown, JSON or text)
  assay analyze FILE [--json]         what the router sees on each page, and its plan
  assay engines [--config FILE]       list engines and where they were found
  assay conformance PATH              check a built engine (any language) against the engine contract
  assay eval GT_DIR [PRED_DIR...]     score extractions against ground truth (--engines to extract first)
  assay serve [--listen ADDR] [--data-dir DIR] [--nats URL]
                                      the HTTP service, with durable jobs on NATS JetStream (embedded by default)
  assay worker --nats URL             pull page batches of the service's jobs from a NATS server
  assay version                       print the version

Run "assay extract --help" for the extract flags, "assay serve --help" for the service's.
`)
}

// serveEngine is how the binary serves one of its built-in engines when the
// plugin host re-executes it.
func serveEngine(args []string, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: assay serve-engine NAME")
		return exitUsage
	}
	mk, ok := builtins[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "assay: no built-in engine %q\n", args[0])
		return exitUsage
	}
	sdk.Serve(mk())
	return exitOK
}

// oneLine is an error as a single line for stderr.
func oneLine(err error) string {
	var ee *core.EngineError
	if errors.As(err, &ee) && ee.Err != nil {
		err = ee.Err
	}
	return err.Error()
}
