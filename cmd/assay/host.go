package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire"
	"github.com/assay-pdf/assay/router"
	"github.com/assay-pdf/assay/router/pluginhost"
)

func newHost(cfg Config) (*pluginhost.Host, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("finding the assay binary to serve built-in engines: %w", err)
	}
	names := make([]string, 0, len(builtins))
	for n := range builtins {
		names = append(names, n)
	}
	slices.Sort(names)
	hc := pluginhost.Config{
		Self:         self,
		Builtins:     names,
		StartTimeout: cfg.StartTimeout,
		Procs:        cfg.Workers,
		InfoCache:    cfg.engineCachePath(),
	}
	if os.Getenv("ASSAY_DEBUG") != "" {
		hc.Stderr = os.Stderr
	}
	// Engines an author serves in debug mode (sdk.WithDebug).
	if hc.Reattach, err = wire.ParseReattach(os.Getenv(wire.EnvReattach)); err != nil {
		return nil, err
	}
	return pluginhost.New(hc), nil
}

// checkEngines reports, before any file is read, the usage errors of the
// engines a run names: an engine of the --engines chain that no executable
// answers to, or one that says it has another name; and, in a plan from
// config, an engine that is neither found nor one Assay ships (a typo; a
// shipped engine that is not installed is the ledger's business, page by
// page).
func checkEngines(ctx context.Context, h *pluginhost.Host, chain []string, plan router.Plan) error {
	known := map[string]bool{}
	var names []string
	for _, f := range h.Discover() {
		if !known[f.Name] {
			known[f.Name] = true
			names = append(names, f.Name)
		}
	}
	unknown := func(name, where string) error {
		return fmt.Errorf("unknown engine %q in %s (known: %s)", name, where, strings.Join(names, ", "))
	}
	for _, step := range chain {
		s, err := router.ParseStep(step)
		if err != nil {
			return err
		}
		if !known[s.Engine] {
			return unknown(s.Engine, "--engines")
		}
		e, err := h.Engine(s.Engine)
		if err != nil {
			return err
		}
		if _, err := e.Describe(ctx); errors.Is(err, core.ErrBadRequest) {
			return err
		}
	}
	if len(chain) > 0 {
		return nil
	}
	shipped := map[string]bool{}
	for _, steps := range router.DefaultPlan() {
		for _, s := range steps {
			shipped[s.Engine] = true
		}
	}
	for _, class := range slices.Sorted(maps.Keys(plan)) {
		for _, s := range plan[class] {
			if !known[s.Engine] && !shipped[s.Engine] {
				return unknown(s.Engine, "the plan for "+class)
			}
		}
	}
	return nil
}

func registry(h *pluginhost.Host) router.Registry {
	return router.RegistryFunc(func(name string) (core.Engine, error) {
		e, err := h.Engine(name)
		if err != nil {
			return nil, err
		}
		return e, nil
	})
}

func engines(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("engines", flag.ContinueOnError)
	fl.SetOutput(stderr)
	configPath := fl.String("config", "", "config `FILE`")
	asJSON := fl.Bool("json", false, "print JSON")
	if err := fl.Parse(args); err != nil {
		return exitUsage
	}
	cfg, err := LoadConfig(*configPath, nil)
	if err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return exitUsage
	}
	host, err := newHost(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return exitFailed
	}
	defer host.Close()
	rc, err := cfg.Router()
	if err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return exitUsage
	}
	// Each engine is configured as an extraction would configure it, so
	// that it says what it will use (layoutml: the detector and whether
	// it runs on the CPU or CUDA).
	described, err := host.DescribeWith(ctx, rc.Options)
	if err != nil {
		fmt.Fprintf(stderr, "assay: %v\n", err)
		return exitFailed
	}
	if *asJSON {
		writeEnginesJSON(stdout, described)
		return exitOK
	}
	return writeEnginesTable(stdout, described)
}

// engineRow is one engine in `assay engines --json`.
type engineRow struct {
	Name         string            `json:"name"`
	Version      string            `json:"version,omitempty"`
	Description  string            `json:"description,omitempty"`
	Capabilities []core.Capability `json:"capabilities,omitempty"`
	Cost         float64           `json:"cost,omitempty"`
	Path         string            `json:"path"`
	Builtin      bool              `json:"builtin"`
	Attached     bool              `json:"attached,omitempty"`
	Error        string            `json:"error,omitempty"`
}

// writeEnginesJSON prints the engines as a JSON array.
func writeEnginesJSON(w io.Writer, described []pluginhost.Described) {
	rows := make([]engineRow, 0, len(described))
	for _, d := range described {
		r := engineRow{Name: d.Name, Version: d.Info.Version, Description: d.Info.Description, Capabilities: d.Info.Capabilities,
			Cost: d.Info.Cost, Path: d.Path, Builtin: d.Builtin, Attached: d.Attached}
		if d.Err != nil {
			r.Error = d.Err.Error()
		}
		rows = append(rows, r)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(rows)
}

// writeEnginesTable prints the engines as a table; an engine that could
// not say what it is makes the status degraded.
func writeEnginesTable(w io.Writer, described []pluginhost.Described) int {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tVERSION\tCAPABILITIES\tFOUND\tDESCRIPTION")
	code := exitOK
	for _, d := range described {
		where := d.Path
		switch {
		case d.Builtin:
			where = "built in (" + d.Path + ")"
		case d.Attached:
			where = "attached (" + wire.EnvReattach + ")"
		}
		if d.Err != nil {
			fmt.Fprintf(tw, "%s\t-\terror: %s\t%s\t\n", d.Name, oneLine(d.Err), where)
			code = exitDegraded
			continue
		}
		caps := make([]string, len(d.Info.Capabilities))
		for i, c := range d.Info.Capabilities {
			caps[i] = string(c)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", d.Name, d.Info.Version, strings.Join(caps, ","), where, d.Info.Description)
	}
	_ = tw.Flush()
	return code
}
