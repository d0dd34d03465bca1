package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/assay-pdf/assay"
	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/merge"
	"github.com/assay-pdf/assay/output"
	"github.com/assay-pdf/assay/router"
)

// explainMu keeps the explanations of documents run in parallel whole.
var explainMu sync.Mutex

func extract(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	tuneBatchGC()
	fl, ef := extractFlags(stderr)
	if err := fl.Parse(reorder(args, fl)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fl.NArg() == 0 {
		fmt.Fprintln(stderr, "assay extract: name at least one PDF or directory")
		return exitUsage
	}
	cfg, err := LoadConfig(ef.config, ef.overrides(fl))
	if err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return exitUsage
	}
	files, err := inputs(fl.Args())
	if err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return exitFailed
	}
	if len(files) > 1 && ef.outDir == "" {
		fmt.Fprintf(stderr, "assay extract: %d documents need --out DIR (one output file each)\n", len(files))
		return exitUsage
	}
	x, rc, code := newExtractor(ctx, cfg, stderr)
	if x == nil {
		return code
	}
	closeEngines := sync.OnceValue(x.Close)
	defer closeEngines()
	if ef.outDir != "" {
		if err := os.MkdirAll(ef.outDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "assay: %v\n", err)
			return exitFailed
		}
	}
	code = extractAll(ctx, x, cfg, ef, files, closeEngines, stdout, stderr)
	if err := rc.Estimates.Save(); err != nil && os.Getenv("ASSAY_DEBUG") != "" {
		fmt.Fprintf(stderr, "assay: saving engine time estimates: %v\n", err)
	}
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "assay: interrupted")
		return worse(code, exitFailed)
	}
	return code
}

// extractArgs are extract's flags.
type extractArgs struct {
	format, outDir, pages, engines, config  string
	noMarkers, words, noRegionOCR, pictures bool
	chunkTokens, chunkOverlap               int
	chunkEncoding                           string
	quiet, explain                          bool
	debugDir                                string
}

// extractFlags defines extract's flags on a new flag set.
func extractFlags(stderr io.Writer) (*flag.FlagSet, *extractArgs) {
	ef := &extractArgs{}
	fl := flag.NewFlagSet("extract", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.StringVar(&ef.format, "format", "", "output format: md, json, text or chunks (JSON Lines for retrieval; default md)")
	fl.StringVar(&ef.outDir, "out", "", "write one file per document into `DIR` (required for several documents)")
	fl.StringVar(&ef.pages, "pages", "", "pages to extract, e.g. 1-3,7 or 10- (default all)")
	fl.StringVar(&ef.engines, "engines", "", "engine chain, comma-separated (default from config: nativetext)")
	fl.StringVar(&ef.config, "config", "", "config `FILE` (default ./assay.yaml when present)")
	fl.BoolVar(&ef.noMarkers, "no-page-markers", false, "leave out <!-- page N --> comments in Markdown")
	fl.BoolVar(&ef.words, "words", false, "include lines and words with boxes in JSON")
	fl.BoolVar(&ef.noRegionOCR, "no-region-ocr", false, "leave the undecodable blocks of pages with a text layer unread, and their pictures with --ocr-pictures (no OCR of parts of pages)")
	fl.BoolVar(&ef.pictures, "ocr-pictures", false, "read the pictures of pages with a text layer too (charts' labels, screenshots), into figure blocks")
	fl.IntVar(&ef.chunkTokens, "chunk-tokens", 0, "with --format chunks: the most tokens in a chunk (default 512)")
	fl.IntVar(&ef.chunkOverlap, "chunk-overlap", 0, "with --format chunks: tokens a chunk repeats from the one before in the same section (default 0)")
	fl.StringVar(&ef.chunkEncoding, "chunk-encoding", "", "with --format chunks: the token encoding, cl100k_base or o200k_base (default cl100k_base)")
	fl.BoolVar(&ef.quiet, "quiet", false, "no progress line on a terminal")
	fl.StringVar(&ef.debugDir, "debug-dir", "", "write into `DIR`/<document>/ a picture of every page with its blocks drawn, and index.html with each page's ledger entry")
	fl.BoolVar(&ef.explain, "explain", false, "print on stderr, per page, the analysis, the plan, every attempt with its score and reasons, and the winner")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "Usage: assay extract FILE|DIR... [flags]\n\nFlags:")
		fl.PrintDefaults()
	}
	return fl, ef
}

// overrides are the config keys the flags given on the command line set.
func (ef *extractArgs) overrides(fl *flag.FlagSet) map[string]any {
	set := map[string]any{}
	fl.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "format":
			set["format"] = ef.format
		case "engines":
			set["engines"] = splitList(ef.engines)
		case "no-page-markers":
			set["page_markers"] = !ef.noMarkers
		case "words":
			set["words"] = ef.words
		case "no-region-ocr":
			set["region_ocr"] = !ef.noRegionOCR
		case "ocr-pictures":
			set["ocr_pictures"] = ef.pictures
		case "chunk-tokens":
			set["chunks.tokens"] = ef.chunkTokens
		case "chunk-overlap":
			set["chunks.overlap"] = ef.chunkOverlap
		case "chunk-encoding":
			set["chunks.encoding"] = ef.chunkEncoding
		}
	})
	return set
}

// newExtractor builds the router and engine host for cfg. On failure it
// returns a nil extractor and the exit status, having said why on stderr.
func newExtractor(ctx context.Context, cfg Config, stderr io.Writer) (*assay.Extractor, router.Config, int) {
	rc, err := cfg.Router()
	if err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return nil, rc, exitUsage
	}
	host, err := newHost(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return nil, rc, exitFailed
	}
	if err := checkEngines(ctx, host, cfg.Engines, rc.Plan); err != nil {
		host.Close()
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return nil, rc, exitUsage
	}
	return assay.New(rc, host), rc, exitOK
}

// docsPerWorker is how many documents extractAll keeps in flight per
// worker: while one is scored, merged and written, or waits on an engine
// that reads one call at a time, the other keeps a text engine (which
// serves several calls in one process) reading. Engines that read one
// call at a time still run cfg.Workers processes (pluginhost's Procs).
const docsPerWorker = 2

// extractAll extracts files, docsPerWorker × cfg.Workers at a time, and
// returns the worst exit status among them. Once the last document is
// read it calls closeEngines, in a goroutine it waits for, so that the
// engines exit (and hand their memory back) while the last outputs are
// written.
func extractAll(ctx context.Context, x *assay.Extractor, cfg Config, ef *extractArgs, files []string, closeEngines func() error, stdout, stderr io.Writer) int {
	names := outputNames(files, extension(cfg.Format))
	codes := make([]int, len(files))
	// The progress line is for runs that write files: on stdout it would
	// mix with the output's own terminal.
	prog := newProgress(stderr, len(files), ef.quiet || ef.outDir == "" || ef.explain)
	var unread atomic.Int64
	unread.Store(int64(len(files)))
	var closing sync.WaitGroup
	defer closing.Wait()
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(docsPerWorker * cfg.Workers)
	for _, i := range largestFirst(files) {
		g.Go(func() error {
			r := readOne(gctx, x, files[i], ef.pages, stderr)
			if unread.Add(-1) == 0 {
				closing.Go(func() { _ = closeEngines() })
			}
			out := outputTo{dir: ef.outDir, name: names[i], explain: ef.explain, debugDir: ef.debugDir, stdout: stdout}
			var n int
			codes[i], n = writeOne(gctx, r, cfg, out, stderr)
			prog.done(n)
			return nil
		})
	}
	_ = g.Wait()
	prog.finish()
	code := exitOK
	for _, c := range codes {
		code = worse(code, c)
	}
	return code
}

// largestFirst is the order in which extractAll starts files: the largest
// first, files of one size in the order given (a file that cannot be
// read counts as empty). A long document started last would read alone
// at the end of the run, its engine calls sized for a busy machine
// (pluginhost.Engine.Workers), while the others stand idle; started
// first, it reads while the other workers take the short ones (longest
// first, the greedy rule of scheduling, with a file's size standing for
// its work).
func largestFirst(files []string) []int {
	size := make([]int64, len(files))
	order := make([]int, len(files))
	for i, f := range files {
		order[i] = i
		if st, err := os.Stat(f); err == nil {
			size[i] = st.Size()
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(size[b], size[a]) })
	return order
}

// worse orders exit statuses: failed > degraded > ok.
func worse(a, b int) int {
	rank := func(c int) int {
		switch c {
		case exitOK:
			return 0
		case exitDegraded:
			return 1
		}
		return 2
	}
	if rank(b) > rank(a) {
		return b
	}
	return a
}

// extractOne reads the document at path and writes its output; it
// returns the exit status and the number of pages.
func extractOne(ctx context.Context, x *assay.Extractor, cfg Config, path, pageSpec string, out outputTo, stderr io.Writer) (code, pages int) {
	r := readOne(ctx, x, path, pageSpec, stderr)
	return writeOne(ctx, r, cfg, out, stderr)
}

// outputTo says where a document's output goes: the file name in dir, or
// stdout when dir is ""; and what else is written beside it.
type outputTo struct {
	dir, name string
	explain   bool   // the routing, on stderr
	debugDir  string // pictures of the pages with their blocks
	stdout    io.Writer
}

// docRead is a document read: its result, or the error and the exit status
// that stopped it before there was one to write.
type docRead struct {
	path string
	res  *merge.Result
	err  error
	code int // when nonzero, nothing is written
}

// readOne extracts the document at path, the pages pageSpec names (all
// when "").
func readOne(ctx context.Context, x *assay.Extractor, path, pageSpec string, stderr io.Writer) docRead {
	var sel []int
	if pageSpec != "" {
		count, err := x.Pages(ctx, path)
		if err != nil {
			fmt.Fprintf(stderr, "assay: %s: %s\n", path, oneLine(err))
			return docRead{path: path, code: exitFailed}
		}
		if sel, err = router.ParsePages(pageSpec, count); err != nil {
			fmt.Fprintf(stderr, "assay: %s: %v\n", path, err)
			return docRead{path: path, code: exitUsage}
		}
	}
	r, err := x.ExtractPages(ctx, path, sel)
	rd := docRead{path: path, err: err}
	if r != nil {
		rd.res = r.Result
	}
	return rd
}

// writeOne writes what readOne read, and returns the exit status and the
// number of pages.
func writeOne(ctx context.Context, r docRead, cfg Config, out outputTo, stderr io.Writer) (code, pages int) {
	if r.code != exitOK {
		return r.code, 0
	}
	path, res, err := r.path, r.res, r.err
	if res != nil {
		pages = len(res.Entries)
		if out.debugDir != "" {
			dir := filepath.Join(out.debugDir, strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)))
			if derr := writeDebug(ctx, dir, res); derr != nil {
				fmt.Fprintf(stderr, "assay: %s: debug pictures: %v\n", path, derr)
			}
		}
	}
	if out.explain && res != nil {
		var buf bytes.Buffer
		_ = output.Explain(&buf, res)
		explainMu.Lock()
		_, _ = stderr.Write(buf.Bytes())
		explainMu.Unlock()
	}
	code = exitOK
	if err != nil {
		fmt.Fprintf(stderr, "assay: %s: %s\n", path, oneLine(err))
		code = exitFailed
		if cfg.Format != "json" {
			return code, pages // nothing to write; JSON still records the failure
		}
	} else if res.Status != core.StatusOK {
		code = exitDegraded
		fmt.Fprintf(stderr, "assay: %s: %s\n", path, summary(res))
	}
	var buf bytes.Buffer
	if err := write(&buf, res, cfg); err != nil {
		fmt.Fprintf(stderr, "assay: %s: %v\n", path, err)
		return exitFailed, pages
	}
	if out.dir == "" {
		if _, err := out.stdout.Write(buf.Bytes()); err != nil {
			return exitFailed, pages
		}
		return code, pages
	}
	if err := os.WriteFile(filepath.Join(out.dir, out.name), buf.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return exitFailed, pages
	}
	return code, pages
}

// summary counts pages by status for the one line printed on stderr when a
// document is not entirely ok.
func summary(res *merge.Result) string {
	counts := map[core.Status]int{}
	for _, e := range res.Entries {
		counts[e.Status]++
	}
	var parts []string
	for _, s := range []core.Status{core.StatusOK, core.StatusDegraded, core.StatusFailed, core.StatusTimeout, core.StatusSkipped} {
		if counts[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[s], s))
		}
	}
	return fmt.Sprintf("%d pages: %s", len(res.Entries), strings.Join(parts, ", "))
}

func write(w io.Writer, res *merge.Result, cfg Config) error {
	o := cfg.Output()
	if cfg.Format == "chunks" {
		f, err := os.Open(res.Source)
		if err != nil {
			return fmt.Errorf("chunk ids: %w", err)
		}
		defer f.Close()
		id, err := assay.DocID(res.Source, f)
		if err != nil {
			return err
		}
		if o.Chunks, err = cfg.Chunks.Options(id); err != nil {
			return err
		}
	}
	return (&assay.Result{Result: res}).Write(w, o)
}

func extension(format string) string {
	switch format {
	case "json":
		return ".json"
	case "chunks":
		return ".chunks.jsonl"
	case "text", "txt":
		return ".txt"
	}
	return ".md"
}

// inputs expands directories into the PDFs below them, in lexical order.
func inputs(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			// Let the router report a missing file as a document error.
			files = append(files, a)
			continue
		}
		if !st.IsDir() {
			files = append(files, a)
			continue
		}
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".pdf") {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// outputNames gives each input a distinct output file name: its base name
// with ext, numbered when two inputs share a base name.
func outputNames(files []string, ext string) []string {
	names := make([]string, len(files))
	used := map[string]bool{}
	for i, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		name := base + ext
		for n := 2; used[name]; n++ {
			name = fmt.Sprintf("%s-%d%s", base, n, ext)
		}
		used[name] = true
		names[i] = name
	}
	return names
}

// reorder moves flags after positional arguments to the front, so that
// "assay extract a.pdf --format json" works as users expect.
func reorder(args []string, fl *flag.FlagSet) []string {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := fl.Lookup(name); f != nil {
			if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() {
				continue
			}
			if i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
		}
	}
	return append(flags, pos...)
}
