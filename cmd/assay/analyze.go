package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/assay-pdf/assay/router"
	"github.com/assay-pdf/assay/router/analyze"
)

// analyzeCmd prints what the router learns about a PDF before extracting
// it, and the plan it would run for each page.
func analyzeCmd(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fl.SetOutput(stderr)
	asJSON := fl.Bool("json", false, "print JSON")
	configPath := fl.String("config", "", "config `FILE`")
	enginesFlag := fl.String("engines", "", "engine chain, comma-separated (overrides the plan)")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "Usage: assay analyze FILE [--json]\n\nFlags:")
		fl.PrintDefaults()
	}
	if err := fl.Parse(reorder(args, fl)); err != nil {
		return exitUsage
	}
	if fl.NArg() != 1 {
		fl.Usage()
		return exitUsage
	}
	set := map[string]any{}
	if *enginesFlag != "" {
		set["engines"] = splitList(*enginesFlag)
	}
	cfg, err := LoadConfig(*configPath, set)
	if err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return exitUsage
	}
	rc, err := cfg.Router()
	if err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return exitUsage
	}
	path := fl.Arg(0)
	host, err := newHost(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return exitFailed
	}
	defer host.Close()
	rep, err := router.New(rc, registry(host)).Analyze(ctx, path)
	if err != nil {
		fmt.Fprintf(stderr, "assay: %s: %s\n", path, oneLine(err))
		return exitFailed
	}
	plans := make([][]string, len(rep.Page))
	for i, p := range rep.Page {
		for _, s := range rc.Plan.Chain(string(p.Class())) {
			plans[i] = append(plans[i], s.String())
		}
	}
	if *asJSON {
		return writeAnalysisJSON(stdout, rep, plans)
	}
	rep.Text(stdout)
	fmt.Fprintln(stdout, "\nplan:")
	for i, p := range rep.Page {
		fmt.Fprintf(stdout, "  page %d (%s): %v\n", p.Number, p.Class(), plans[i])
	}
	return exitOK
}

// writeAnalysisJSON writes the report rep as indented JSON, each page
// with its class and the plan's steps for it (plans, in page order).
func writeAnalysisJSON(w io.Writer, rep *analyze.Report, plans [][]string) int {
	type page struct {
		analyze.Page
		Class string   `json:"class"`
		Plan  []string `json:"plan"`
	}
	out := struct {
		*analyze.Report
		Page []page `json:"page"`
	}{Report: rep}
	for i, p := range rep.Page {
		out.Page = append(out.Page, page{Page: p, Class: string(p.Class()), Plan: plans[i]})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return exitFailed
	}
	return exitOK
}
