// Package corpustest finds the shared test corpus for tests and
// benchmarks: ../shared/corpus beside the module root, which a developer
// checkout and CI have and a user's clone does not. Tests that read it
// skip cleanly when it is absent:
//
//	dir := corpustest.Dir(t, "generated")
package corpustest

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir is the folder sub (joined) of the shared corpus; it skips tb when the
// corpus or that folder is absent.
func Dir(tb testing.TB, sub ...string) string {
	tb.Helper()
	root, err := moduleRoot()
	if err != nil {
		tb.Skipf("module root not found: %v", err)
	}
	dir := filepath.Join(append([]string{root, "..", "shared", "corpus"}, sub...)...)
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("no shared corpus at %s", dir)
	}
	return dir
}

// moduleRoot is the nearest folder above the working directory holding
// go.mod (tests run in their package's folder).
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}
