package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/assay-pdf/assay"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"golang.org/x/sync/errgroup"

	"github.com/assay-pdf/assay/eval"
)

// evalFlags are assay eval's options.
type evalFlags struct {
	chains     [][]string // --engines, once per chain
	out        string
	configPath string
	pdfDir     string
	asJSON     bool
	furniture  bool
	temporary  bool // out is a temporary folder, removed at the end
}

// evalRun is one set of predictions scored: an engine chain's, run here,
// or a folder's.
type evalRun struct {
	Engine  string         `json:"engine"`
	Dir     string         `json:"predictions,omitempty"`
	Missing int            `json:"missing"`
	Summary []eval.Summary `json:"summary"`
	Docs    []eval.Result  `json:"documents"`
	// temporary: Dir is removed when the command ends, so not reported.
	temporary bool
	// corpus is what is scored: for an extraction, the documents with a
	// PDF.
	corpus *eval.Corpus
}

// evalReport is what assay eval prints.
type evalReport struct {
	Corpus string    `json:"corpus"`
	NoGT   int       `json:"documents_without_ground_truth"`
	Runs   []evalRun `json:"engines"`
}

// planRun names the run of the configured plan, when neither predictions
// nor --engines are given.
const planRun = "plan"

// evalCmd scores extractions against ground truth with score.py's metrics:
// predictions already made (PRED_DIR), or made here by engine chains.
func evalCmd(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl, opts := newEvalFlagSet(stderr)
	if err := fl.Parse(reorder(args, fl)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fl.NArg() == 0 {
		fl.Usage()
		return exitUsage
	}
	corpus, err := eval.Load(fl.Arg(0), eval.LoadOptions{Furniture: opts.furniture, PDFDir: opts.pdfDir})
	if err != nil {
		fmt.Fprintf(stderr, "assay eval: %v\n", err)
		return exitFailed
	}
	if opts.out == "" {
		if opts.out, err = os.MkdirTemp("", "assay-eval-"); err != nil {
			fmt.Fprintf(stderr, "assay eval: a folder for the predictions: %v\n", err)
			return exitFailed
		}
		opts.temporary = true
		defer os.RemoveAll(opts.out)
	}
	runs, code := predictionRuns(ctx, corpus, fl.Args()[1:], opts, stderr)
	if code != exitOK {
		return code
	}
	rep := evalReport{Corpus: corpus.Dir, NoGT: corpus.NoGT}
	for _, r := range runs {
		if r, err = scoreRun(ctx, r); err != nil {
			fmt.Fprintf(stderr, "assay eval: %v\n", err)
			return exitFailed
		}
		if r.temporary {
			r.Dir = ""
		}
		rep.Runs = append(rep.Runs, r)
	}
	if opts.asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return exitFailed
		}
		return exitOK
	}
	printEval(stdout, rep)
	return exitOK
}

func newEvalFlagSet(stderr io.Writer) (*flag.FlagSet, *evalFlags) {
	opts := &evalFlags{}
	fl := flag.NewFlagSet("eval", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.Func("engines", "extract the corpus with this engine chain, comma-separated, and score it; repeat to compare chains", func(s string) error {
		chain := splitList(s)
		if len(chain) == 0 {
			return errors.New("name at least one engine")
		}
		opts.chains = append(opts.chains, chain)
		return nil
	})
	fl.StringVar(&opts.out, "out", "", "keep the extracted predictions in `DIR`/<chain>/<id>.md (default: a temporary folder)")
	fl.StringVar(&opts.configPath, "config", "", "config `FILE` for extraction (default ./assay.yaml when present)")
	fl.StringVar(&opts.pdfDir, "pdfs", "", "where the PDFs of a corpus without a manifest are, as `DIR`/<id>.pdf (default: beside each <id>.md)")
	fl.BoolVar(&opts.asJSON, "json", false, "print JSON: per engine, the summary and every document's scores")
	fl.BoolVar(&opts.furniture, "furniture", false, "score against the ground truth with running headers and footers, where the manifest has one, and keep them in extractions")
	fl.Usage = func() {
		fmt.Fprint(stderr, `Usage: assay eval GT_DIR [PRED_DIR...] [--engines CHAIN]... [flags]

Scores extracted Markdown against ground truth with the metrics of score.py,
per category and per engine. GT_DIR holds a manifest.json (ids, categories,
ground truth and PDFs, as ../shared/corpus/generated) or <id>.md ground truths
with <id>.pdf beside them; subfolders are categories. PRED_DIR holds
<id>.md predictions, or one such folder per engine. With --engines, or with
neither, the PDFs are extracted first (the configured plan by default).

Flags:
`)
		fl.PrintDefaults()
	}
	return fl, opts
}

// predictionRuns lists the folders to score: each PRED_DIR (or each of its
// engine subfolders), and the extractions of each chain.
func predictionRuns(ctx context.Context, c *eval.Corpus, predDirs []string, opts *evalFlags, stderr io.Writer) ([]evalRun, int) {
	var runs []evalRun
	for _, d := range predDirs {
		found, err := predictionFolders(c, d)
		if err != nil {
			fmt.Fprintf(stderr, "assay eval: %v\n", err)
			return nil, exitUsage
		}
		runs = append(runs, found...)
	}
	chains := opts.chains
	if len(chains) == 0 && len(predDirs) == 0 {
		chains = [][]string{nil} // the configured plan
	}
	var extractable *eval.Corpus
	if len(chains) > 0 {
		extractable = withPDF(c, stderr)
		if len(extractable.Docs) == 0 {
			fmt.Fprintf(stderr, "assay eval: no ground truth in %s has a PDF to extract\n", c.Dir)
			return nil, exitUsage
		}
	}
	for _, chain := range chains {
		r, err := extractRun(ctx, extractable, chain, opts, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "assay eval: %v\n", err)
			return nil, exitFailed
		}
		runs = append(runs, r)
	}
	return runs, exitOK
}

// namedAtMost is how many documents a warning names.
const namedAtMost = 5

// withPDF is the documents of c that have a PDF to extract; it says on
// stderr which are left out.
func withPDF(c *eval.Corpus, stderr io.Writer) *eval.Corpus {
	kept := *c
	kept.Docs = nil
	var ids []string
	for _, d := range c.Docs {
		if d.PDF == "" {
			ids = append(ids, d.ID)
			continue
		}
		kept.Docs = append(kept.Docs, d)
	}
	if len(ids) == 0 {
		return &kept
	}
	more := ""
	if len(ids) > namedAtMost {
		more = fmt.Sprintf(" and %d more", len(ids)-namedAtMost)
		ids = ids[:namedAtMost]
	}
	fmt.Fprintf(stderr, "assay eval: no PDF for %s%s (looked beside the .md and in --pdfs): not extracted, not scored\n", strings.Join(ids, ", "), more)
	return &kept
}

// predictionFolders is dir when it holds a prediction for some document,
// else each subfolder of it that does, named after the folder.
func predictionFolders(c *eval.Corpus, dir string) ([]evalRun, error) {
	if holdsPredictions(c, dir) {
		return []evalRun{{Engine: filepath.Base(filepath.Clean(dir)), Dir: dir, corpus: c}}, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("predictions: %w", err)
	}
	var runs []evalRun
	for _, e := range entries {
		sub := filepath.Join(dir, e.Name())
		if e.IsDir() && holdsPredictions(c, sub) {
			runs = append(runs, evalRun{Engine: e.Name(), Dir: sub, corpus: c})
		}
	}
	if len(runs) == 0 {
		return nil, fmt.Errorf("%s holds no <id>.md for any document of %s, nor folders that do", dir, c.Dir)
	}
	return runs, nil
}

func holdsPredictions(c *eval.Corpus, dir string) bool {
	for _, d := range c.Docs {
		if _, err := os.Stat(predictionPath(dir, d.ID)); err == nil {
			return true
		}
	}
	return false
}

func predictionPath(dir, id string) string {
	return filepath.Join(dir, filepath.FromSlash(id)+".md")
}

// scoreRun scores r's folder and summarises it per category.
func scoreRun(ctx context.Context, r evalRun) (evalRun, error) {
	results, err := r.corpus.ScoreDir(ctx, r.Dir)
	if err != nil {
		return r, fmt.Errorf("scoring %s: %w", r.Engine, err)
	}
	r.Docs, r.Summary = results, eval.Summarize(results)
	for _, d := range results {
		if d.Missing {
			r.Missing++
		}
	}
	return r, nil
}

// extractRun extracts every document that has a PDF with chain (nil: the
// configured plan) into Markdown files to score, as assay extract would.
func extractRun(ctx context.Context, c *eval.Corpus, chain []string, opts *evalFlags, stderr io.Writer) (evalRun, error) {
	set := map[string]any{"format": "md"}
	if chain != nil {
		set["engines"] = chain
	}
	if opts.furniture {
		set["headers_footers"] = true
	}
	cfg, err := LoadConfig(opts.configPath, set)
	if err != nil {
		return evalRun{}, err
	}
	name := planRun
	if len(cfg.Engines) > 0 {
		name = strings.Join(cfg.Engines, ",")
	}
	dir := filepath.Join(opts.out, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return evalRun{}, fmt.Errorf("a folder for the predictions: %w", err)
	}
	if err := extractCorpus(ctx, c, cfg, dir, stderr); err != nil {
		return evalRun{}, err
	}
	return evalRun{Engine: name, Dir: dir, temporary: opts.temporary, corpus: c}, nil
}

// extractCorpus writes dir/<id>.md for every document of c with a PDF.
func extractCorpus(ctx context.Context, c *eval.Corpus, cfg Config, dir string, stderr io.Writer) error {
	rc, err := cfg.Router()
	if err != nil {
		return err
	}
	host, err := newHost(cfg)
	if err != nil {
		return err
	}
	x := assay.New(rc, host)
	defer x.Close()
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(cfg.Workers)
	for _, d := range c.Docs {
		if d.PDF == "" {
			continue
		}
		name := filepath.FromSlash(d.ID) + ".md"
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			return err
		}
		g.Go(func() error {
			// A document that fails is reported on stderr and scored as
			// an empty prediction.
			_, _ = extractOne(gctx, x, cfg, d.PDF, "", outputTo{dir: dir, name: name, stdout: io.Discard}, stderr)
			return nil
		})
	}
	_ = g.Wait()
	if err := rc.Estimates.Save(); err != nil && os.Getenv("ASSAY_DEBUG") != "" {
		fmt.Fprintf(stderr, "assay: saving engine time estimates: %v\n", err)
	}
	return ctx.Err()
}

// reportMetrics are the columns of the text report; --json has them all.
var reportMetrics = []eval.Metric{eval.TextSim, eval.ReadingOrder, eval.WordRecall, eval.WordPrecision,
	eval.TableCells, eval.TableTEDS, eval.HeadingF1}

// printEval writes one row per category and engine, the categories in the
// corpus's order, then the totals, then what was missing.
func printEval(w io.Writer, rep evalReport) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	header := []string{"category", "engine", "n"}
	for _, m := range reportMetrics {
		header = append(header, string(m))
	}
	fmt.Fprintln(tw, strings.Join(append(header, "recall_ok"), "\t"))
	for _, category := range categories(rep.Runs) {
		for _, r := range rep.Runs {
			for _, s := range r.Summary {
				if s.Category == category {
					fmt.Fprintln(tw, summaryRow(r.Engine, s))
				}
			}
		}
	}
	_ = tw.Flush()
	for _, r := range rep.Runs {
		if r.Missing > 0 {
			fmt.Fprintf(w, "%s: %d of %d predictions missing, scored as empty\n", r.Engine, r.Missing, len(r.Docs))
		}
		if r.Dir != "" {
			fmt.Fprintf(w, "%s: predictions in %s\n", r.Engine, r.Dir)
		}
	}
	if rep.NoGT > 0 {
		fmt.Fprintf(w, "%d documents of the manifest have no ground truth and are not scored\n", rep.NoGT)
	}
}

// categories is every run's categories in the order they first appear, the
// totals last: an extraction scores only the documents with a PDF, so runs
// may not have the same ones.
func categories(runs []evalRun) []string {
	var order []string
	seen := map[string]bool{eval.AllCategories: true}
	for _, r := range runs {
		for _, s := range r.Summary {
			if !seen[s.Category] {
				seen[s.Category] = true
				order = append(order, s.Category)
			}
		}
	}
	return append(order, eval.AllCategories)
}

func summaryRow(engine string, s eval.Summary) string {
	cells := []string{s.Category, engine, fmt.Sprint(s.N)}
	for _, m := range reportMetrics {
		v, ok := s.Mean[m]
		if !ok {
			cells = append(cells, "-")
			continue
		}
		cells = append(cells, fmt.Sprintf("%.3f", v))
	}
	recall := "-"
	if s.RecallChecked > 0 {
		recall = fmt.Sprintf("%d/%d", s.RecallOK, s.RecallChecked)
	}
	return strings.Join(append(cells, recall), "\t")
}
