package output

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/assay-pdf/assay/merge"
)

// Explain writes, for each page, what the router saw and did: the page's
// class and the facts behind it, the plan it got, every attempt with its
// score, time and reasons, and the winner.
func Explain(w io.Writer, res *merge.Result) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %d of %d pages, status %s", res.Source, len(res.Entries), res.PageCount, res.Status)
	if t, ok := res.Timings["analyze"]; ok {
		fmt.Fprintf(&sb, ", analysis %.1f ms", ms(t))
	}
	fmt.Fprintf(&sb, ", total %.1f ms\n", ms(res.Timings["total"]))
	if res.Err != nil {
		fmt.Fprintf(&sb, "  document error: %v\n", res.Err)
	}
	for _, e := range res.Entries {
		fmt.Fprintf(&sb, "page %d: %s", e.Number, e.Status)
		if e.Engine != "" {
			fmt.Fprintf(&sb, " by %s (score %.2f)", e.Engine, e.Quality.Score)
		}
		sb.WriteString("\n")
		if e.Class != "" {
			fmt.Fprintf(&sb, "  class    %s", e.Class)
			if e.Analysis != "" {
				fmt.Fprintf(&sb, ": %s", e.Analysis)
			}
			sb.WriteString("\n")
		}
		if len(e.Plan) > 0 {
			fmt.Fprintf(&sb, "  plan     %s\n", strings.Join(e.Plan, " → "))
		}
		for _, why := range e.PassedOver {
			fmt.Fprintf(&sb, "  passed   %s\n", why)
		}
		for i, a := range e.Attempts {
			writeAttempt(&sb, i+1, a)
		}
		if e.Engine == "" && e.Err != nil {
			fmt.Fprintf(&sb, "  result   no engine produced the page: %v\n", e.Err)
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// writeAttempt writes attempt n of a page: the engine and what it read,
// its status, score (a read of parts of the page has none of its own),
// time, stages and error, and the reasons for its score.
func writeAttempt(sb *strings.Builder, n int, a merge.Attempt) {
	what := a.Engine
	switch {
	case a.Reread:
		what += " (reread)"
	case a.Regions:
		what += " (regions)"
	}
	fmt.Fprintf(sb, "  try %d    %s: %s", n, what, a.Status)
	if !a.Regions {
		fmt.Fprintf(sb, ", score %.2f", a.Score)
	}
	fmt.Fprintf(sb, ", %.0f ms", ms(a.Elapsed))
	if len(a.Stages) > 0 {
		names := slices.Sorted(maps.Keys(a.Stages))
		parts := make([]string, len(names))
		for k, name := range names {
			parts[k] = fmt.Sprintf("%s %.1f", name, a.Stages[name])
		}
		fmt.Fprintf(sb, " (stages, ms: %s)", strings.Join(parts, ", "))
	}
	if a.Err != nil {
		fmt.Fprintf(sb, ", error: %s", strings.ReplaceAll(a.Err.Error(), "\n", " "))
	}
	sb.WriteString("\n")
	for _, r := range a.Reasons {
		fmt.Fprintf(sb, "           - %s\n", r)
	}
}
