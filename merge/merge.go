package merge

import (
	"cmp"
	"slices"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/quality"
)

// Candidate is one engine's answer for one page, with its score.
type Candidate struct {
	Engine string
	Cost   float64 // the engine's relative price per page
	// Preferred marks the engine the page's plan names first: it wins a
	// tie on score over other engines, whatever their cost (a layout
	// engine planned for a page with tables scores like the text engine
	// whose words it reads, and is there for what the score cannot see).
	Preferred bool
	Result    core.PageResult
	Quality   quality.Report
}

// Usable reports whether the candidate carries a page worth keeping: ok
// or degraded.
func (c Candidate) Usable() bool {
	return c.Result.Status == core.StatusOK || c.Result.Status == core.StatusDegraded
}

// Best returns the index of the best candidate: a usable result before an
// unusable one, then the higher score, then a page with blocks before an
// empty one, then the engine the plan prefers, then the cheaper engine,
// then the earlier attempt. It returns -1 for no candidates.
//
// At equal scores only pages without text tie in what they hold: a
// reading that kept the page's figure still says more of it than one
// that found nothing, whichever engine the plan tried first.
func Best(cands []Candidate) int {
	best := -1
	for i, c := range cands {
		if best < 0 || better(c, cands[best]) {
			best = i
		}
	}
	return best
}

const scoreEpsilon = 1e-9

func better(a, b Candidate) bool {
	if a.Usable() != b.Usable() {
		return a.Usable()
	}
	if d := a.Quality.Score - b.Quality.Score; d > scoreEpsilon || d < -scoreEpsilon {
		return d > 0
	}
	if ae, be := len(a.Result.Page.Blocks) == 0, len(b.Result.Page.Blocks) == 0; ae != be {
		return be
	}
	if a.Preferred != b.Preferred {
		return a.Preferred
	}
	return a.Cost < b.Cost
}

// Attempt is one engine call's outcome for one page, as the ledger shows it.
type Attempt struct {
	Engine  string         `json:"engine"`
	Status  core.Status    `json:"status"`
	Score   float64        `json:"score"`
	Reasons []string       `json:"reasons,omitempty"`
	Elapsed time.Duration  `json:"-"`
	Err     error          `json:"-"`
	Quality quality.Report `json:"-"`
	// Regions is set for an attempt that read only image regions of the
	// page to add to the winner, not to compete with it.
	Regions bool `json:"regions,omitempty"`
	// Reread (with Regions) is set for an attempt that read again the
	// blocks of the winner whose text did not decode.
	Reread bool `json:"reread,omitempty"`
	// Stages are the milliseconds the page spent in each stage of the
	// engine's pipeline, for engines that report them (layoutml).
	Stages map[string]float64 `json:"stages_ms,omitempty"`
}

// Entry is the ledger line for one page.
type Entry struct {
	Number   int            `json:"number"`
	Status   core.Status    `json:"status"`
	Engine   string         `json:"engine,omitempty"` // the winner; "" when no engine produced the page
	Quality  quality.Report `json:"quality"`
	Attempts []Attempt      `json:"attempts"`
	Err      error          `json:"-"` // why the page is failed or timed out
	Page     core.Page      `json:"-"`
	// Class is what the analysis made of the page ("born_digital",
	// "image_only", ...), Plan the steps it was given, and Analysis a short
	// account of the facts behind the class, for --explain.
	Class    string   `json:"class,omitempty"`
	Plan     []string `json:"plan,omitempty"`
	Analysis string   `json:"-"`
	// PassedOver are the steps of the plan not run, each with why
	// ("layoutml: its reading would repeat nativetext's").
	PassedOver []string `json:"passed_over,omitempty"`
}

// Decide picks the winner among a page's candidates and writes its ledger
// entry. A usable winner whose score is below threshold, or that its
// engine answered degraded, is degraded; with no usable candidate the
// page takes the best failure's status and error.
func Decide(number int, cands []Candidate, threshold float64) Entry {
	e := Entry{Number: number, Page: core.Page{Number: number}, Attempts: make([]Attempt, 0, len(cands))}
	for _, c := range cands {
		e.Attempts = append(e.Attempts, Attempt{
			Engine:  c.Engine,
			Status:  c.Result.Status,
			Score:   c.Quality.Score,
			Reasons: c.Quality.Reasons,
			Elapsed: c.Result.Elapsed,
			Err:     c.Result.Err,
			Quality: c.Quality,
		})
	}
	i := Best(cands)
	if i < 0 {
		e.Status = core.StatusSkipped
		return e
	}
	w := cands[i]
	e.Quality = w.Quality
	if !w.Usable() {
		e.Status = w.Result.Status
		if e.Status == "" {
			e.Status = core.StatusFailed
		}
		e.Err = w.Result.Err
		if w.Result.Page.Width > 0 {
			e.Page = w.Result.Page
		}
		e.Page.Number = number
		return e
	}
	e.Engine = w.Engine
	e.Page = w.Result.Page
	e.Page.Number = number
	e.Status = core.StatusOK
	if w.Quality.Score < threshold || w.Result.Status == core.StatusDegraded {
		// An engine that says its own reading is incomplete or unsure (a
		// page cut at a limit, a second reader without fonts, OCR of
		// little confidence) is believed, whatever the text scores.
		e.Status = core.StatusDegraded
	}
	return e
}

// Result is a merged document: its pages and the ledger behind them.
type Result struct {
	Source  string      `json:"source"`
	Status  core.Status `json:"status"` // the worst page status
	Entries []Entry     `json:"pages"`
	// PageCount is the number of pages in the file, which may exceed
	// len(Entries) when only some pages were asked for.
	PageCount int `json:"page_count"`
	// Engines are the engines that were called, in the order of first call.
	Engines []string `json:"engines"`
	// Timings: "total", "analyze", and one entry per engine with its wall
	// time.
	Timings map[string]time.Duration `json:"-"`
	// Err is why the document could not be read at all (then Status is
	// failed and Entries is empty).
	Err error `json:"-"`
}

// Document assembles ledger entries, sorted by page number, into a Result
// whose status is the worst of its pages'.
func Document(source string, entries []Entry) *Result {
	r := &Result{Source: source, Status: core.StatusOK, Entries: entries}
	slices.SortStableFunc(r.Entries, func(a, b Entry) int { return cmp.Compare(a.Number, b.Number) })
	for _, e := range r.Entries {
		if e.Status.Rank() > r.Status.Rank() && e.Status != core.StatusSkipped {
			r.Status = e.Status
		}
	}
	return r
}

// Pages is the document model of the result, one page per entry.
func (r *Result) Pages() core.Document {
	d := core.Document{Source: r.Source, Pages: make([]core.Page, len(r.Entries))}
	for i, e := range r.Entries {
		d.Pages[i] = e.Page
	}
	return d
}
