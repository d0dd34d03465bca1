package core

import (
	"context"
	"encoding/json"
	"iter"
	"slices"
	"strings"
	"time"
)

// Engine turns pages of a PDF into the document model.
//
// Engines run out of process behind the SDK, but the contract is the same in
// process: Describe says what the engine is; Extract yields one PageResult
// per requested page, in any order, as each page finishes. Extract honours
// ctx: when it is done the engine stops soon after (the conformance suite
// allows 500 ms). A page that fails is yielded with its status and error; a
// document the engine cannot read at all ends the sequence with an error
// (wrap ErrNotPDF, ErrEncrypted, ... so callers can branch with errors.Is).
type Engine interface {
	Describe(ctx context.Context) (Info, error)
	Extract(ctx context.Context, req *Request) iter.Seq2[PageResult, error]
}

// Closer is implemented by engines that hold resources (models, processes).
type Closer interface {
	Close() error
}

// PageCounter is implemented by engines that can say how many pages a
// document has. The router asks its text engine before planning, so that
// an untrusted file is parsed only in an engine process the host can
// kill. Errors are the document errors of Extract (ErrNotPDF,
// ErrEncrypted, ErrDamaged...).
type PageCounter interface {
	CountPages(ctx context.Context, source string) (int, error)
}

// Configurer is implemented by engines that take settings before their first
// Extract (model paths, languages). Heavy work such as loading models
// happens here, never in a constructor.
type Configurer interface {
	Configure(ctx context.Context, options json.RawMessage) error
}

// Capability names what an engine can do; the router plans with them.
type Capability string

// Known capabilities. Engines may declare others.
const (
	CapText      Capability = "text"       // reads a PDF's text layer
	CapOCR       Capability = "ocr"        // recognises text in rendered pages
	CapLayout    Capability = "layout"     // finds block roles and reading order
	CapTables    Capability = "tables"     // recovers table structure
	CapRegions   Capability = "regions"    // can work on parts of a page
	CapPageRange Capability = "page_range" // efficient on any subset of pages
	// CapConcurrentCalls: one process of the engine serves several
	// Extract calls at once, each as well as a process of its own would.
	// A host then starts one process for the calls in flight instead of
	// one per call.
	CapConcurrentCalls Capability = "concurrent_calls"
	// CapStableInfo: the engine's Info depends only on its executable
	// and its options, not on files, devices or the time, so a host may
	// keep it across runs and skip starting the engine only to ask.
	CapStableInfo Capability = "stable_info"
	// CapReread: the engine reads again, from the page's pixels, boxes of
	// text that another reading could not decode (options "mode":
	// "reread" with "regions"), a block each.
	CapReread Capability = "reread"
)

// Info describes an engine.
type Info struct {
	Name         string       `json:"name"`
	Version      string       `json:"version"`
	Description  string       `json:"description,omitempty"`
	Capabilities []Capability `json:"capabilities,omitempty"`
	// Cost is the engine's relative price per page (nativetext is 1); the
	// merge breaks ties in favour of the cheaper engine.
	Cost float64 `json:"cost,omitempty"`
	// SameAs names the engine whose reading this one, as configured,
	// would repeat: layoutml without a model lays pages out as
	// nativetext does. The router skips its steps on pages that engine
	// has read. Empty for an engine that reads in its own way.
	SameAs string `json:"same_as,omitempty"`
}

// Has reports whether the engine declares capability c.
func (i Info) Has(c Capability) bool {
	for _, x := range i.Capabilities {
		if x == c {
			return true
		}
	}
	return false
}

// Request asks an engine for some pages of one file.
type Request struct {
	// Source is the path of the PDF on a file system the engine can read.
	Source string `json:"source"`
	// Pages are the 1-based pages wanted, in the order the caller prefers.
	// An engine answers each of them exactly once.
	Pages []int `json:"pages"`
	// Options are engine-specific settings, a JSON object opaque to the
	// host. The router adds keys an engine may use or ignore: "workers",
	// how many pages the call should read at once (its share of the cores
	// while other calls run), unless the configured options set it;
	// "coarse_images", pages whose images may be drawn without smoothing;
	// "mode": "regions" with "regions", the picture boxes to read;
	// "mode": "reread" with "regions", the boxes of text blocks whose
	// characters the text layer could not decode, and "scripts", the
	// script of each page's text (CapReread).
	Options json.RawMessage `json:"options,omitempty"`
	// PageTimeout is how long the caller is prepared to wait for any one
	// page. Engines may use it to bound their own work; the host treats an
	// engine that answers no page for this long as hung. Zero: no bound but
	// the context's deadline.
	PageTimeout time.Duration `json:"page_timeout,omitempty"`
}

// PageWindow is how many requested pages, counted from the first of a
// request, an engine judges together in its document pass (running
// headers and footers, heading levels, tables continued over pages,
// words broken across pages). A request cut into runs of PageWindow
// pages, aligned on its first page, reads each page as the whole request
// would: assay serve spreads a document over workers by these runs.
const PageWindow = 32

// Status is the outcome of a page.
type Status string

// Page statuses, from best to worst.
const (
	StatusOK       Status = "ok"       // text extracted and it passed the quality threshold
	StatusDegraded Status = "degraded" // text extracted, but below the quality threshold, or incomplete or unsure by its engine's word
	StatusFailed   Status = "failed"   // the engine reported an error or crashed
	StatusTimeout  Status = "timeout"  // the engine did not answer in time
	StatusSkipped  Status = "skipped"  // not asked for, or nothing to do
)

// Rank orders statuses from best (0) to worst.
func (s Status) Rank() int {
	switch s {
	case StatusOK:
		return 0
	case StatusDegraded:
		return 1
	case StatusSkipped:
		return 2
	case StatusTimeout:
		return 3
	default:
		return 4
	}
}

// PageResult is an engine's answer for one page.
type PageResult struct {
	Page   Page   `json:"page"`
	Status Status `json:"status"`
	// Err is why the page failed; nil when Status is ok or degraded.
	Err error `json:"-"`
	// Elapsed is the engine's own time on this page.
	Elapsed time.Duration `json:"elapsed"`
	// Stats are engine measurements the scorers may use, such as
	// "glyphs" or "unmapped_glyphs" (glyphs with no Unicode value).
	// Keys starting with StageStatPrefix are the milliseconds the page
	// spent in a stage of the engine's pipeline.
	Stats map[string]float64 `json:"stats,omitempty"`
}

// StageStatPrefix starts the Stats keys that carry a page's milliseconds
// in one stage of an engine's pipeline ("stage_ms.layout"); the page's
// ledger entry shows them per attempt.
const StageStatPrefix = "stage_ms."

// Stages are the page's milliseconds per pipeline stage, from its Stats;
// nil when the engine reports none.
func (r PageResult) Stages() map[string]float64 {
	var out map[string]float64
	for k, v := range r.Stats {
		if name, ok := strings.CutPrefix(k, StageStatPrefix); ok {
			if out == nil {
				out = map[string]float64{}
			}
			out[name] = v
		}
	}
	return out
}

// NoteStatPrefix starts the Stats keys whose rest is a sentence for the
// page's ledger: something the engine could not do well and how to fix
// it ("note.no Tesseract model for the Hebrew script: install
// tesseract-ocr-script-hebr"). The value is 1; the scorers list the
// sentences among the page's reasons.
const NoteStatPrefix = "note."

// Notes are the sentences of the page's note keys, sorted; nil when there
// are none.
func (r PageResult) Notes() []string {
	var out []string
	for k := range r.Stats {
		if s, ok := strings.CutPrefix(k, NoteStatPrefix); ok && s != "" {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

// Failed is a PageResult for a page that could not be extracted.
func Failed(page int, err error) PageResult {
	st := StatusFailed
	if IsTimeout(err) {
		st = StatusTimeout
	}
	return PageResult{Page: Page{Number: page}, Status: st, Err: err}
}
