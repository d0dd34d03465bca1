package tempdir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// lockName is the file in each Dir whose lock says its owner is alive.
const lockName = ".owner"

// Dir is a temporary directory owned by one open Dir in one process.
type Dir struct {
	path string
	lock *os.File
}

// Open makes a directory named prefix-* under parent ("" for
// os.TempDir()), owned by the returned Dir until Close. It first removes
// the directories named prefix-* whose owners have died; a directory it
// cannot remove is left for a later sweep.
func Open(parent, prefix string) (*Dir, error) {
	if parent == "" {
		parent = os.TempDir()
	}
	if prefix == "" || strings.ContainsAny(prefix, `/\*`) {
		return nil, fmt.Errorf("tempdir: bad prefix %q", prefix)
	}
	sweep(parent, prefix)
	// Made under a hidden name, locked, then named: a sweep sees only
	// locked directories.
	tmp, err := os.MkdirTemp(parent, "."+prefix+"-*")
	if err != nil {
		return nil, fmt.Errorf("tempdir: %w", err)
	}
	lock, err := lockFile(filepath.Join(tmp, lockName))
	if err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("tempdir: locking %s: %w", tmp, err)
	}
	path := filepath.Join(parent, strings.TrimPrefix(filepath.Base(tmp), "."))
	if err := os.Rename(tmp, path); err != nil {
		lock.Close()
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("tempdir: %w", err)
	}
	return &Dir{path: path, lock: lock}, nil
}

// Path is the directory's path.
func (d *Dir) Path() string { return d.path }

// CreateTemp creates a new file in the directory, as os.CreateTemp.
func (d *Dir) CreateTemp(pattern string) (*os.File, error) {
	return os.CreateTemp(d.path, pattern)
}

// Close removes the directory and what it holds, then lets go of it.
// Files still open in it are removed all the same (on unix).
func (d *Dir) Close() error {
	err := os.RemoveAll(d.path)
	return errors.Join(err, d.lock.Close())
}

// sweep removes the directories named prefix-* under parent whose owners
// have died, and reports how many it removed.
func sweep(parent, prefix string) int {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), prefix+"-") {
			continue
		}
		if removeIfOrphaned(filepath.Join(parent, e.Name())) {
			n++
		}
	}
	return n
}

// removeIfOrphaned removes dir if its lock file can be locked, holding
// the lock while it does. A directory without a lock file is not one of
// ours, or not yet: it is left alone.
func removeIfOrphaned(dir string) bool {
	f, err := os.Open(filepath.Join(dir, lockName))
	if err != nil {
		return false
	}
	defer f.Close()
	if !tryLock(f) {
		return false
	}
	return os.RemoveAll(dir) == nil
}
