package memprofile

import (
	"runtime"
	"testing"
)

// Off stops the sampling, and GODEBUG=memprofilerate=N keeps the sampling
// it asks for. (Not parallel: both set the process's environment and
// sampling rate.)
func TestOff(t *testing.T) {
	defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)

	t.Setenv("GODEBUG", "")
	runtime.MemProfileRate = 4096
	Off()
	if runtime.MemProfileRate != 0 {
		t.Errorf("Off left the rate at %d", runtime.MemProfileRate)
	}

	t.Setenv("GODEBUG", "memprofilerate=4096")
	runtime.MemProfileRate = 4096
	Off()
	if runtime.MemProfileRate != 4096 {
		t.Errorf("with GODEBUG=memprofilerate=4096 the rate became %d", runtime.MemProfileRate)
	}
}
