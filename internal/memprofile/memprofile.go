package memprofile

import (
	"os"
	"runtime"
	"strings"
)

// Off sets runtime.MemProfileRate to 0, unless GODEBUG names a
// memprofilerate.
func Off() {
	if !strings.Contains(os.Getenv("GODEBUG"), "memprofilerate=") {
		runtime.MemProfileRate = 0
	}
}
