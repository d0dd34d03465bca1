package pluginhost

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
)

// livesAfterDescribe describes the engine name in a new host (a new run)
// over cache, and says whether that started a process.
func livesAfterDescribe(t *testing.T, cache, name string, options []byte) (core.Info, bool) {
	t.Helper()
	e := engine(t, newHost(t, Config{InfoCache: cache}), name)
	info, err := e.DescribeWith(t.Context(), options)
	if err != nil {
		t.Fatal(err)
	}
	e.pool.mu.Lock()
	defer e.pool.mu.Unlock()
	return info, len(e.pool.live) > 0
}

// An engine that declares its answer stable is asked once per executable
// and options; later runs answer from the cache without a process.
// Engines that do not declare it are asked every run. Not parallel: it
// gives the shared test executable a new modification time, which keys
// the cache, and a test running beside it (TestInfoCacheUnusable) would
// find its own cached answer stale.
func TestInfoCache(t *testing.T) {
	cache := filepath.Join(t.TempDir(), "engines.json")
	info, started := livesAfterDescribe(t, cache, "sharedslow", nil)
	if !started || !info.Has(core.CapStableInfo) {
		t.Fatalf("first run: started %v, info %+v", started, info)
	}
	again, started := livesAfterDescribe(t, cache, "sharedslow", nil)
	if started || again.Name != "sharedslow" || !again.Has(core.CapConcurrentCalls) {
		t.Errorf("second run: started %v, info %+v; want the cached answer and no process", started, again)
	}
	if _, started := livesAfterDescribe(t, cache, "sharedslow", []byte(`{"page_ms":5}`)); !started {
		t.Error("other options answered from the cache")
	}
	for range 2 {
		if _, started := livesAfterDescribe(t, cache, "slow", nil); !started {
			t.Error("an engine without stable_info answered from the cache")
		}
	}
	// The cache holds the answer for the executable as it was: a rebuilt
	// one (a new modification time here) is asked again.
	bin := filepath.Join(binDir, ExecutablePrefix+"sharedslow")
	fi, err := os.Stat(bin)
	if err != nil {
		t.Fatal(err)
	}
	later := fi.ModTime().Add(time.Second)
	if err := os.Chtimes(bin, later, later); err != nil {
		t.Fatal(err)
	}
	if _, started := livesAfterDescribe(t, cache, "sharedslow", nil); !started {
		t.Error("a rebuilt executable answered from the cache")
	}
	if _, started := livesAfterDescribe(t, cache, "sharedslow", nil); started {
		t.Error("the rebuilt executable's answer was not kept")
	}
}

// A cache file that is not one, or cannot be written, is an empty cache:
// the engine is asked, and the run goes on.
func TestInfoCacheUnusable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.json")
	if err := os.WriteFile(garbage, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	blocked := filepath.Join(dir, "file", "engines.json") // a file where a directory should be
	if err := os.WriteFile(filepath.Join(dir, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cache := range []string{garbage, blocked} {
		for range 2 {
			if _, started := livesAfterDescribe(t, cache, "sharedslow", nil); !started && cache == blocked {
				t.Errorf("%s: answered from a cache that cannot be written", cache)
			}
		}
	}
	if _, started := livesAfterDescribe(t, garbage, "sharedslow", nil); started {
		t.Error("the garbage file was not replaced by a cache")
	}
}
