//go:build !unix

package tempdir

import "os"

// lockFile creates path. Without flock the lock is the file alone.
func lockFile(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_RDWR, 0o600)
}

// tryLock never takes a lock here: no directory is swept.
func tryLock(*os.File) bool { return false }
