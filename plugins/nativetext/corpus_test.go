package nativetext

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
	"github.com/assay-pdf/assay/internal/recovered"
)

func pageRange(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i + 1
	}
	return p
}

// hangGrace is how long past its deadline a run may go on before it is
// taken as hung: the engine answers a canceled page within moments.
const hangGrace = 5 * time.Second

// runFile extracts up to maxPages pages of a file with a deadline. It
// fails t, naming the file, for every panic a boundary recovered while
// the file was read (see internal/recovered), and stops t when the run
// outlives its deadline by hangGrace. Tests that call it must not run in
// parallel with each other, so that each panic is the file's.
func runFile(t *testing.T, path string, maxPages int, timeout time.Duration) ([]core.PageResult, error) {
	t.Helper()
	defer failOnRecovered(t, filepath.Base(path))()
	type outcome struct {
		pages []core.PageResult
		err   error
	}
	done := make(chan outcome, 1)
	go func() {
		pages, err := extractFile(path, maxPages, timeout)
		done <- outcome{pages, err}
	}()
	select {
	case out := <-done:
		return out.pages, out.err
	case <-time.After(timeout + hangGrace):
		t.Fatalf("%s: still running %v after its %v deadline", filepath.Base(path), hangGrace, timeout)
	}
	return nil, nil
}

// failOnRecovered watches for panics that a boundary recovers (see
// internal/recovered) until the function it returns is called, which
// fails t for each, naming what was read.
func failOnRecovered(t testing.TB, what string) func() {
	var mu sync.Mutex
	var panics []recovered.Panic
	stop := recovered.Watch(func(p recovered.Panic) {
		mu.Lock()
		defer mu.Unlock()
		panics = append(panics, p)
	})
	return func() {
		stop()
		mu.Lock()
		defer mu.Unlock()
		for _, p := range panics {
			t.Errorf("%s: a panic was recovered (%s): %v\n%s", what, p.Where, p.Value, firstLines(p.Stack, 40))
		}
	}
}

// extractFile extracts up to maxPages pages of a file with a deadline:
// the pages that exist, or the document error.
func extractFile(path string, maxPages int, timeout time.Duration) (pages []core.PageResult, docErr error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	for r, err := range New().Extract(ctx, &core.Request{Source: path, Pages: pageRange(maxPages)}) {
		if err != nil {
			return pages, err
		}
		if errors.Is(r.Err, core.ErrNoSuchPage) {
			continue
		}
		pages = append(pages, r)
	}
	return pages, nil
}

// doclingWords is the text of the first ten pages of one of docling's
// test files, its words joined by single spaces.
func doclingWords(t *testing.T, file string) string {
	t.Helper()
	pages, err := runFile(t, filepath.Join(corpustest.Dir(t), "docling", "pdf", file), 10, time.Minute)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var words []string
	for _, p := range pages {
		words = append(words, strings.Fields(p.Page.Text())...)
	}
	return strings.Join(words, " ")
}

func TestCorpusDocling(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpustest.Dir(t), "docling", "pdf", "*.pdf"))
	if len(files) == 0 {
		t.Skip("no docling PDFs")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			pages, err := runFile(t, f, 60, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if len(pages) == 0 {
				t.Fatal("no pages")
			}
			words := 0
			for _, r := range pages {
				if r.Status != core.StatusOK {
					t.Errorf("page %d: %s %v", r.Page.Number, r.Status, r.Err)
				}
				checkBoxes(t, r.Page)
				words += r.Page.Words()
			}
			if words == 0 {
				t.Error("no words")
			}
		})
	}
}

func TestCorpusGenerated(t *testing.T) {
	dir := filepath.Join(corpustest.Dir(t), "generated")
	raw, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Skip(err)
	}
	var m struct {
		Docs []struct {
			ID       string `json:"id"`
			Category string `json:"category"`
			Path     string `json:"path"`
			Expected struct {
				ExpectedError *string `json:"expected_error"`
			} `json:"expected"`
		} `json:"docs"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	codes := map[string]string{"encrypted": "encrypted", "not_pdf": "not_pdf", "empty": "empty_file", "malformed": "damaged"}
	for _, d := range m.Docs {
		if testing.Short() && d.Category != "corrupt" {
			continue
		}
		t.Run(d.ID, func(t *testing.T) {
			pages, err := runFile(t, filepath.Join(dir, d.Path), 20, time.Minute)
			if d.Expected.ExpectedError != nil && *d.Expected.ExpectedError == "truncated" {
				// Recovered as far as the file allows, or refused cleanly.
				if err != nil && core.Code(err) != "damaged" {
					t.Errorf("truncated: %v", err)
				}
				return
			}
			if d.Expected.ExpectedError != nil && *d.Expected.ExpectedError == "resource_limit" {
				limited := core.Code(err) == "too_large"
				for _, r := range pages {
					limited = limited || r.Stats["limit_hit"] > 0 || errors.Is(r.Err, core.ErrTooLarge)
				}
				if !limited {
					t.Errorf("resource limit not reported: %v", err)
				}
				return
			}
			if d.Expected.ExpectedError != nil {
				want := codes[*d.Expected.ExpectedError]
				if want == "" {
					want = *d.Expected.ExpectedError
				}
				if got := core.Code(err); got != want {
					t.Errorf("error %v (code %q), want code %q", err, got, want)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			for _, r := range pages {
				// A damaged file may hold a page object that cannot be
				// read: that page fails, coded, and keeps its place.
				damaged := d.Category == "corrupt" && errors.Is(r.Err, core.ErrDamaged)
				if r.Status == core.StatusFailed && !damaged {
					t.Errorf("page %d failed: %v", r.Page.Number, r.Err)
				}
				checkBoxes(t, r.Page)
			}
		})
	}
}

// TestCorpusRobustness runs every hostile file: a panic recovered at any
// boundary fails it (runFile), as does a file that outlives its deadline,
// a document error without a sentinel or a failed page without an error.
func TestCorpusRobustness(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	files, _ := filepath.Glob(filepath.Join(corpustest.Dir(t), "robustness", "*"))
	if len(files) == 0 {
		t.Skip("no robustness files")
	}
	const deadline = 30 * time.Second
	var docErrs, pageErrs int
	for _, f := range files {
		name := filepath.Base(f)
		start := time.Now()
		pages, err := runFile(t, f, 30, deadline)
		if el := time.Since(start); el > deadline+hangGrace {
			t.Errorf("%s: ended %v after its %v deadline", name, el-deadline, deadline)
		}
		if err != nil {
			docErrs++
			if core.Code(err) == "internal" {
				t.Errorf("%s: error without a sentinel: %v", name, err)
			}
		}
		for _, r := range pages {
			if r.Status == core.StatusFailed {
				pageErrs++
				if r.Err == nil {
					t.Errorf("%s page %d: failed without an error", name, r.Page.Number)
				}
			}
		}
	}
	t.Logf("%d files, %d document errors, %d failed pages", len(files), docErrs, pageErrs)
}
