package nativetext

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/corpustest"
)

func pageRange(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i + 1
	}
	return p
}

// run extracts up to maxPages pages of a file with a deadline, recording
// how the run went.
func runFile(t *testing.T, path string, maxPages int, timeout time.Duration) (pages []core.PageResult, docErr error) {
	t.Helper()
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
				if r.Status == core.StatusFailed {
					t.Errorf("page %d failed: %v", r.Page.Number, r.Err)
				}
				checkBoxes(t, r.Page)
			}
		})
	}
}

// TestCorpusRobustness runs every hostile file: no panic may escape, every
// file ends within its deadline, and every failure carries an error.
func TestCorpusRobustness(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	files, _ := filepath.Glob(filepath.Join(corpustest.Dir(t), "robustness", "*"))
	if len(files) == 0 {
		t.Skip("no robustness files")
	}
	var docErrs, pageErrs int
	for _, f := range files {
		start := time.Now()
		pages, err := runFile(t, f, 30, 30*time.Second)
		if el := time.Since(start); el > 30*time.Second {
			t.Errorf("%s: %v", filepath.Base(f), el)
		}
		if err != nil {
			docErrs++
			if core.Code(err) == "internal" {
				t.Errorf("%s: error without a sentinel: %v", filepath.Base(f), err)
			}
		}
		for _, r := range pages {
			if r.Status == core.StatusFailed {
				pageErrs++
				if r.Err == nil {
					t.Errorf("%s page %d: failed without an error", filepath.Base(f), r.Page.Number)
				}
				if strings.Contains(r.Err.Error(), "panic") {
					t.Logf("%s page %d: %v", filepath.Base(f), r.Page.Number, r.Err)
				}
			}
		}
	}
	t.Logf("%d files, %d document errors, %d failed pages", len(files), docErrs, pageErrs)
}
