package pluginhost

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestSharedPoolTakesSpareCalls checks the pool's admission: n calls at
// once while the engine reads one call a process (or is not known yet),
// and n more once it shares its process; every call given back frees one.
func TestSharedPoolTakesSpareCalls(t *testing.T) {
	t.Parallel()
	const n = 2
	pl := newPool(n, nil, func() {})
	admit := func(want int) {
		t.Helper()
		for i := range want {
			if err := pl.takeSlot(t.Context()); err != nil {
				t.Fatalf("call %d of %d not admitted: %v", i+1, want, err)
			}
		}
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
		defer cancel()
		if err := pl.takeSlot(ctx); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("call %d admitted (err %v); want it to wait", want+1, err)
		}
		if got := pl.busy(); got != want {
			t.Errorf("busy = %d, want %d", got, want)
		}
		for range want {
			pl.freeSlot()
		}
		if got := pl.busy(); got != 0 {
			t.Errorf("after every call ended, busy = %d", got)
		}
	}
	admit(n)
	pl.share(false)
	admit(n)
	pl.share(true)
	admit(2 * n)
}
