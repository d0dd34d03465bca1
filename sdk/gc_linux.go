package sdk

import (
	"math"
	"syscall"
)

// dataLimit is the process's RLIMIT_DATA, the limit the host sets on
// engine processes; ok is false when there is none (RLIM_INFINITY is the
// largest value).
func dataLimit() (uint64, bool) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_DATA, &r); err != nil || r.Cur >= math.MaxInt64 {
		return 0, false
	}
	return r.Cur, true
}
