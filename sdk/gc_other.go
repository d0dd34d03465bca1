//go:build !linux

package sdk

// dataLimit: the host sets no memory limit on engine processes here.
func dataLimit() (uint64, bool) { return 0, false }
