package pluginhost

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"

	"github.com/assay-pdf/assay/core"
)

// maxCachedInfos bounds the entries of the info cache file: a few engines
// times the option sets a user runs them with.
const maxCachedInfos = 64

// infoCache remembers, across runs, what engines that declare
// core.CapStableInfo said they are: such an answer depends only on the
// executable and the options, so a run can skip starting the engine to
// ask. An entry holds for one executable as it was (path, size,
// modification time) and one set of options; a rebuilt engine is asked
// again. The file is a cache: a missing or unreadable one is empty, and
// a failed write is no error.
type infoCache struct {
	path string // "" keeps nothing

	mu      sync.Mutex
	loaded  bool
	entries []cachedInfo
}

// cachedInfo is one entry of the file.
type cachedInfo struct {
	Path    string    `json:"path"`
	Size    int64     `json:"size"`
	ModTime int64     `json:"mod_time_ns"`
	Options string    `json:"options_sha256"`
	Info    core.Info `json:"info"`
}

// cacheKey is f's executable as it is now, with options; false when f has no
// file to stat (an attached engine).
func cacheKey(f Found, options []byte) (cachedInfo, bool) {
	if f.Attached || f.Path == "" {
		return cachedInfo{}, false
	}
	fi, err := os.Stat(f.Path)
	if err != nil {
		return cachedInfo{}, false
	}
	sum := sha256.Sum256(options)
	return cachedInfo{Path: f.Path, Size: fi.Size(), ModTime: fi.ModTime().UnixNano(), Options: hex.EncodeToString(sum[:])}, true
}

// same reports whether two entries are for one executable and options.
func (c cachedInfo) same(o cachedInfo) bool {
	return c.Path == o.Path && c.Size == o.Size && c.ModTime == o.ModTime && c.Options == o.Options
}

// get is what f, configured with options, said it was, if it said so
// for its executable as it is now and declared the answer stable. A
// builtin engine's answer is kept under its own name in the assay binary.
func (c *infoCache) get(f Found, options []byte) (core.Info, bool) {
	if c == nil || c.path == "" {
		return core.Info{}, false
	}
	k, ok := cacheKey(f, options)
	if !ok {
		return core.Info{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.load()
	for _, e := range c.entries {
		if e.same(k) && e.Info.Name == f.Name && e.Info.Has(core.CapStableInfo) {
			return e.Info, true
		}
	}
	return core.Info{}, false
}

// put keeps info, when it declares itself stable, in place of any older
// entry for f's executable with the same options, and writes the file.
func (c *infoCache) put(f Found, options []byte, info core.Info) {
	if c == nil || c.path == "" || !info.Has(core.CapStableInfo) {
		return
	}
	k, ok := cacheKey(f, options)
	if !ok {
		return
	}
	k.Info = info
	c.mu.Lock()
	defer c.mu.Unlock()
	c.load()
	kept := []cachedInfo{k}
	for _, e := range c.entries {
		older := e.Path == k.Path && e.Options == k.Options && e.Info.Name == info.Name
		if !older && len(kept) < maxCachedInfos {
			kept = append(kept, e)
		}
	}
	c.entries = kept
	c.save()
}

// load reads the file once; under mu.
func (c *infoCache) load() {
	if c.loaded {
		return
	}
	c.loaded = true
	b, err := os.ReadFile(c.path)
	if err != nil {
		return
	}
	var entries []cachedInfo
	if json.Unmarshal(b, &entries) == nil {
		c.entries = entries
	}
}

// save writes the entries to a temporary file beside the cache and
// renames it over, so that a run never reads half a file; under mu.
func (c *infoCache) save() {
	b, err := json.MarshalIndent(c.entries, "", "  ")
	if err != nil {
		return
	}
	dir := filepath.Dir(c.path)
	if os.MkdirAll(dir, 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(dir, filepath.Base(c.path)+".*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(b)
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), c.path) != nil {
		_ = os.Remove(tmp.Name())
	}
}
