package router

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Estimates learn how long each engine takes per page, as an exponentially
// weighted moving average over past calls, so deadlines fit the engine and
// the machine: a hang on a fast engine is caught in seconds, and a slow
// engine is not killed for being slow. The zero value learns in memory;
// LoadEstimates ties it to a small state file.
type Estimates struct {
	mu      sync.Mutex
	path    string
	Engines map[string]Estimate `json:"engines"`
}

// Estimate is one engine's learnt speed, in seconds per unit of work: one
// ordinary page (a letter-size page for engines that read images, a page
// of up to a few thousand glyphs for text engines).
type Estimate struct {
	SecondsPerPage float64 `json:"seconds_per_page"`
	Calls          int     `json:"calls"`
}

// estimateWeight is the weight of the newest observation.
const estimateWeight = 0.2

// DefaultEstimatesPath is the state file under the user's cache directory,
// or "" when there is none.
func DefaultEstimatesPath() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "assay", "estimates.json")
}

// LoadEstimates reads the state file at path; a missing or unreadable file
// starts empty (the estimates are a cache, not configuration).
func LoadEstimates(path string) *Estimates {
	e := &Estimates{path: path, Engines: map[string]Estimate{}}
	if path == "" {
		return e
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return e
	}
	var disk Estimates
	if json.Unmarshal(b, &disk) == nil {
		for k, v := range disk.Engines {
			if v.SecondsPerPage > 0 && !math.IsInf(v.SecondsPerPage, 0) {
				e.Engines[k] = v
			}
		}
	}
	return e
}

// Observe records a call to engine that did work units of work (pages,
// each weighed by what it holds; see Router) in elapsed.
func (e *Estimates) Observe(engine string, work float64, elapsed time.Duration) {
	if e == nil || work <= 0 || elapsed <= 0 || math.IsNaN(work) || math.IsInf(work, 0) {
		return
	}
	per := elapsed.Seconds() / work
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.Engines == nil {
		e.Engines = map[string]Estimate{}
	}
	cur := e.Engines[engine]
	if cur.Calls == 0 {
		cur.SecondsPerPage = per
	} else {
		cur.SecondsPerPage = (1-estimateWeight)*cur.SecondsPerPage + estimateWeight*per
	}
	cur.Calls++
	e.Engines[engine] = cur
}

// PerPage is the learnt time per unit of work (an ordinary page) of
// engine, false before any call.
func (e *Estimates) PerPage(engine string) (time.Duration, bool) {
	if e == nil {
		return 0, false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	cur, ok := e.Engines[engine]
	if !ok || cur.Calls == 0 {
		return 0, false
	}
	return time.Duration(cur.SecondsPerPage * float64(time.Second)), true
}

// Save writes the estimates to their state file atomically; without a
// path it does nothing.
func (e *Estimates) Save() error {
	if e == nil || e.path == "" {
		return nil
	}
	e.mu.Lock()
	b, err := json.MarshalIndent(struct {
		Engines map[string]Estimate `json:"engines"`
	}{e.Engines}, "", "  ")
	e.mu.Unlock()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(e.path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(e.path), ".estimates-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(b)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), e.path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
