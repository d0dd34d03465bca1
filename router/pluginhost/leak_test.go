package pluginhost

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
)

// TestCloseLeavesNoGoroutines checks that every goroutine the host and
// go-plugin start for crashed, hung and healthy processes is gone after
// Close.
func TestCloseLeavesNoGoroutines(t *testing.T) {
	before := runtime.NumGoroutine()
	h := New(Config{Self: selfPath, Dirs: []string{binDir}})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, name := range []string{"misbehave", "slow"} {
		e, err := h.Engine(name)
		if err != nil {
			t.Fatal(err)
		}
		for range e.Extract(ctx, &core.Request{Pages: []int{1, 2, 3, 4, 5}, PageTimeout: time.Second}) {
		}
	}
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	var after int
	for range 40 {
		if after = runtime.NumGoroutine(); after <= before {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	buf := make([]byte, 1<<20)
	t.Errorf("%d goroutines before, %d after Close:\n%s", before, after, buf[:runtime.Stack(buf, true)])
}
