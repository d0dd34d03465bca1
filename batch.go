package assay

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/merge"
	"github.com/assay-pdf/assay/quality"
)

// A document spread over processes: cut its pages with Batches, extract
// each batch with ExtractPages (anywhere), carry each part between
// processes with Encode and Decode, and put the parts together with
// Join. The joined Result is the one Extract gives for the whole
// document, and writes the same output: engines judge pages in windows
// of core.PageWindow requested pages, and batches are those windows.

// Batches cuts pages (the pages of one request, in order) into runs of
// core.PageWindow pages, aligned on the first.
func Batches(pages []int) [][]int {
	var out [][]int
	for start := 0; start < len(pages); start += core.PageWindow {
		out = append(out, pages[start:min(start+core.PageWindow, len(pages))])
	}
	return out
}

// Join assembles the Results of a document's batches into the document's
// Result, named source, of a file of pageCount pages: pages in order, the
// worst page status, the engines in the order the parts first called
// them, and the parts' times added up.
func Join(source string, pageCount int, parts []*Result) *Result {
	var entries []merge.Entry
	var engines []string
	timings := map[string]time.Duration{}
	for _, p := range parts {
		if p == nil || p.Result == nil {
			continue
		}
		entries = append(entries, p.Entries...)
		for _, e := range p.Engines {
			if !slices.Contains(engines, e) {
				engines = append(engines, e)
			}
		}
		for k, d := range p.Timings {
			timings[k] += d
		}
	}
	res := merge.Document(source, entries)
	res.PageCount, res.Engines, res.Timings = pageCount, engines, timings
	return &Result{Result: res}
}

// Failed is a Result whose pages all failed with err: what a batch that
// could not be extracted (its worker died on it, or it was canceled)
// leaves in the ledger instead of its pages.
func Failed(source string, pages []int, err error) *Result {
	entries := make([]merge.Entry, 0, len(pages))
	for _, p := range pages {
		entries = append(entries, merge.Decide(p, []merge.Candidate{{Result: core.Failed(p, err)}}, 0))
	}
	return &Result{Result: merge.Document(source, entries)}
}

// DocID names a document in its chunk ids: name's base without its
// extension, and the first 8 hex digits of the SHA-256 of its content,
// so the same file gets the same ids wherever it is, and two files of
// one name get different ones.
func DocID(name string, content io.Reader) (string, error) {
	h := sha256.New()
	if _, err := io.Copy(h, content); err != nil {
		return "", fmt.Errorf("chunk ids: hashing %s: %w", name, err)
	}
	return DocIDOf(name, h.Sum(nil)), nil
}

// docIDHex is how many hex digits of the content's SHA-256 a chunk id
// holds.
const docIDHex = 8

// DocIDOf is DocID from the content's SHA-256, for callers that hashed
// it while they read it.
func DocIDOf(name string, sum []byte) string {
	base := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
	return fmt.Sprintf("%s-%x", base, sum)[:len(base)+1+docIDHex]
}

// storedResult is the encoding of a Result for Encode and Decode: every
// field the writers read, errors as their code and message.
type storedResult struct {
	Source    string                   `json:"source"`
	Status    core.Status              `json:"status"`
	PageCount int                      `json:"page_count"`
	Engines   []string                 `json:"engines,omitempty"`
	Timings   map[string]time.Duration `json:"timings,omitempty"`
	Err       *storedError             `json:"error,omitempty"`
	Entries   []storedEntry            `json:"entries"`
}

type storedError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

type storedEntry struct {
	Number   int             `json:"number"`
	Status   core.Status     `json:"status"`
	Engine   string          `json:"engine,omitempty"`
	Quality  quality.Report  `json:"quality"`
	Attempts []storedAttempt `json:"attempts"`
	Err      *storedError    `json:"error,omitempty"`
	Page     core.Page       `json:"page"`
	Class    string          `json:"class,omitempty"`
	Plan     []string        `json:"plan,omitempty"`
	Analysis string          `json:"analysis,omitempty"`
	Passed   []string        `json:"passed_over,omitempty"`
}

type storedAttempt struct {
	merge.Attempt
	Elapsed time.Duration  `json:"elapsed"`
	Err     *storedError   `json:"error,omitempty"`
	Quality quality.Report `json:"quality"`
}

func storeError(err error) *storedError {
	if err == nil {
		return nil
	}
	return &storedError{Code: core.Code(err), Message: err.Error()}
}

func (e *storedError) err() error {
	if e == nil {
		return nil
	}
	return core.FromWire(e.Code, e.Message)
}

// Encode writes r losslessly for Decode, in another process: the page
// model, the ledger, and errors as their code and message (errors.Is
// still finds the sentinel after Decode).
func (r *Result) Encode(w io.Writer) error {
	s := storedResult{Source: r.Source, Status: r.Status, PageCount: r.PageCount, Engines: r.Engines,
		Timings: r.Timings, Err: storeError(r.Err), Entries: make([]storedEntry, 0, len(r.Entries))}
	for _, e := range r.Entries {
		se := storedEntry{Number: e.Number, Status: e.Status, Engine: e.Engine, Quality: e.Quality, Err: storeError(e.Err),
			Page: e.Page, Class: e.Class, Plan: e.Plan, Analysis: e.Analysis, Passed: e.PassedOver}
		if e.Attempts != nil {
			se.Attempts = make([]storedAttempt, 0, len(e.Attempts))
		}
		for _, a := range e.Attempts {
			se.Attempts = append(se.Attempts, storedAttempt{Attempt: a, Elapsed: a.Elapsed, Err: storeError(a.Err), Quality: a.Quality})
		}
		s.Entries = append(s.Entries, se)
	}
	if err := json.NewEncoder(w).Encode(s); err != nil {
		return fmt.Errorf("assay: encoding a result: %w", err)
	}
	return nil
}

// Decode reads a Result written by Encode.
func Decode(rd io.Reader) (*Result, error) {
	var s storedResult
	if err := json.NewDecoder(rd).Decode(&s); err != nil {
		return nil, fmt.Errorf("assay: decoding a result: %w", err)
	}
	res := &merge.Result{Source: s.Source, Status: s.Status, PageCount: s.PageCount, Engines: s.Engines,
		Timings: maps.Clone(s.Timings), Err: s.Err.err(), Entries: make([]merge.Entry, 0, len(s.Entries))}
	if res.Timings == nil {
		res.Timings = map[string]time.Duration{}
	}
	for _, se := range s.Entries {
		e := merge.Entry{Number: se.Number, Status: se.Status, Engine: se.Engine, Quality: se.Quality, Err: se.Err.err(),
			Page: se.Page, Class: se.Class, Plan: se.Plan, Analysis: se.Analysis, PassedOver: se.Passed}
		if se.Attempts != nil {
			e.Attempts = make([]merge.Attempt, 0, len(se.Attempts))
		}
		for _, sa := range se.Attempts {
			a := sa.Attempt
			a.Elapsed, a.Err, a.Quality = sa.Elapsed, sa.Err.err(), sa.Quality
			e.Attempts = append(e.Attempts, a)
		}
		res.Entries = append(res.Entries, e)
	}
	return &Result{Result: res}, nil
}
