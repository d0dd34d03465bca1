package router_test

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/router"
	"github.com/assay-pdf/assay/router/pluginhost"
)

// hostWith builds the named test engines from the plugin host's testdata
// and serves them through a real plugin host, so the router works against
// processes that can crash, hang and be killed.
func hostWith(t *testing.T, names ...string) router.Registry {
	t.Helper()
	if testing.Short() {
		t.Skip("builds engine binaries")
	}
	dir := t.TempDir()
	for _, n := range names {
		out := filepath.Join(dir, pluginhost.ExecutablePrefix+n)
		cmd := exec.Command("go", "build", "-o", out, "./pluginhost/testdata/engines/"+n)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("building %s: %v\n%s", n, err, b)
		}
	}
	// The text engine counts the pages, in its own process, as in assay.
	native := exec.Command("go", "build", "-o", filepath.Join(dir, pluginhost.ExecutablePrefix+"nativetext"), "../plugins/nativetext/cmd/assay-engine-nativetext")
	if b, err := native.CombinedOutput(); err != nil {
		t.Fatalf("building nativetext: %v\n%s", err, b)
	}
	h := pluginhost.New(pluginhost.Config{Self: filepath.Join(dir, "none"), Dirs: []string{dir}, StartTimeout: 10 * time.Second})
	t.Cleanup(func() { _ = h.Close() })
	return router.RegistryFunc(func(name string) (core.Engine, error) {
		e, err := h.Engine(name)
		if err != nil {
			return nil, err
		}
		return e, nil
	})
}

// A hanging engine is killed within its deadline plus a second, and its
// pages go on to the next engine with the time that is left.
func TestHangingEngineIsKilledAndChainGoesOn(t *testing.T) {
	reg := hostWith(t, "hang", "words")
	deadline := 1500 * time.Millisecond
	r := router.New(router.Config{
		Plan:      router.FixedPlan([]string{"hang", "words"}),
		Timeouts:  map[string]router.Timeout{"hang": {Base: deadline, PerPage: time.Millisecond}},
		Estimates: router.LoadEstimates(""),
	}, reg)
	start := time.Now()
	res, err := r.Extract(t.Context(), "../testdata/pages.pdf", nil)
	if err != nil {
		t.Fatal(err)
	}
	hangTime := res.Timings["hang"]
	if limit := deadline + 5*time.Millisecond + time.Second; hangTime > limit {
		t.Fatalf("the hanging engine held the run for %v, more than its deadline plus a second (%v)", hangTime, limit)
	}
	for _, e := range res.Entries {
		// The stand-in engine answers one word where the page draws a
		// hundred glyphs, so its pages may be degraded; what matters is
		// that they came from it.
		if e.Engine != "words" || e.Status.Rank() > core.StatusDegraded.Rank() || len(e.Attempts) != 2 || e.Attempts[0].Status != core.StatusTimeout {
			t.Errorf("page %d: %s by %q, attempts %+v", e.Number, e.Status, e.Engine, e.Attempts)
		}
	}
	t.Logf("hang engine %v, whole run %v", hangTime, time.Since(start))
}

// An engine that panics on page 2, hangs on page 3 and exits on page 4
// costs exactly those pages; the next engine reads only them.
func TestCrashingEnginePagesEscalate(t *testing.T) {
	reg := hostWith(t, "misbehave", "words")
	r := router.New(router.Config{
		Plan:      router.FixedPlan([]string{"misbehave", "words"}),
		Timeouts:  map[string]router.Timeout{"misbehave": {Base: 1500 * time.Millisecond, PerPage: 500 * time.Millisecond}},
		Estimates: router.LoadEstimates(""),
	}, reg)
	res, err := r.Extract(t.Context(), "../testdata/pages.pdf", nil)
	if err != nil {
		t.Fatal(err)
	}
	wantFirst := map[int]core.Status{1: core.StatusOK, 2: core.StatusFailed, 3: core.StatusTimeout, 4: core.StatusFailed, 5: core.StatusOK}
	for _, e := range res.Entries {
		if got := e.Attempts[0].Status; got != wantFirst[e.Number] {
			t.Errorf("page %d: first attempt %s, want %s (%v)", e.Number, got, wantFirst[e.Number], e.Attempts[0].Err)
		}
		wantEngine := "misbehave"
		if wantFirst[e.Number] != core.StatusOK {
			wantEngine = "words"
		}
		if e.Status.Rank() > core.StatusDegraded.Rank() || e.Engine != wantEngine {
			t.Errorf("page %d: %s by %q, want a result by %q", e.Number, e.Status, e.Engine, wantEngine)
		}
		if text := e.Page.Text(); !strings.HasSuffix(text, fmt.Sprint(e.Number)) {
			t.Errorf("page %d text %q", e.Number, text)
		}
	}
}

// An engine that answers page n as page n+1 keeps none of its answers:
// the call is a protocol fault, every page's attempt by it fails with
// engine_protocol, and the next engine reads every page.
func TestMisnumberingEngineKeepsNoAnswer(t *testing.T) {
	reg := hostWith(t, "shifted", "words")
	r := router.New(router.Config{Plan: router.FixedPlan([]string{"shifted", "words"}), Estimates: router.LoadEstimates("")}, reg)
	res, err := r.Extract(t.Context(), "../testdata/pages.pdf", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Entries) != 5 {
		t.Fatalf("%d entries", len(res.Entries))
	}
	for _, e := range res.Entries {
		first := e.Attempts[0]
		if first.Engine != "shifted" || first.Status != core.StatusFailed || core.Code(first.Err) != "engine_protocol" {
			t.Errorf("page %d: first attempt %s %s %v; want shifted failed with engine_protocol", e.Number, first.Engine, first.Status, first.Err)
		}
		if e.Engine != "words" {
			t.Errorf("page %d kept %s's answer", e.Number, e.Engine)
		}
	}
}
