package nativetext

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"
)

// waitQueued waits until n pages wait for a core.
func waitQueued(t *testing.T, tr *turns, n int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		tr.mu.Lock()
		q := tr.wait.Len()
		tr.mu.Unlock()
		if q == n {
			return
		}
	}
	t.Fatalf("%d pages never came to wait", n)
}

// A freed core goes to the oldest call's first waiting page, whatever
// order the pages came to wait in.
func TestTurnsOldestCallFirst(t *testing.T) {
	t.Parallel()
	tr := &turns{}
	tr.once.Do(func() {}) // one core, taken below
	tr.free = 1
	ctx := context.Background()
	if err := tr.acquire(ctx, 9, 0); err != nil {
		t.Fatal(err)
	}
	type key struct{ call, page uint64 }
	waiting := []key{{3, 1}, {2, 5}, {3, 0}, {2, 4}}
	var mu sync.Mutex
	var got []key
	var wg sync.WaitGroup
	for i, k := range waiting {
		wg.Go(func() {
			if err := tr.acquire(ctx, k.call, k.page); err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			got = append(got, k)
			mu.Unlock()
			tr.release()
		})
		waitQueued(t, tr, i+1)
	}
	tr.release()
	wg.Wait()
	want := []key{{2, 4}, {2, 5}, {3, 0}, {3, 1}}
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			t.Fatalf("cores went to %v, want %v", got, want)
		}
	}
	if tr.free != 1 || tr.wait.Len() != 0 {
		t.Errorf("after all: %d free, %d waiting; want 1 and 0", tr.free, tr.wait.Len())
	}
}

// A page whose context ends while it waits gives up its place: it
// returns the context's error, takes no core, and the next core goes to
// the page behind it.
func TestTurnsCanceledWaiter(t *testing.T) {
	t.Parallel()
	tr := &turns{}
	tr.once.Do(func() {})
	tr.free = 1
	if err := tr.acquire(context.Background(), 1, 0); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	gaveUp := make(chan error, 1)
	go func() { gaveUp <- tr.acquire(ctx, 1, 1) }()
	waitQueued(t, tr, 1)
	got := make(chan error, 1)
	go func() { got <- tr.acquire(context.Background(), 2, 0) }()
	waitQueued(t, tr, 2)
	cancel()
	if err := <-gaveUp; !errors.Is(err, context.Canceled) {
		t.Fatalf("a canceled waiter got %v", err)
	}
	tr.release()
	select {
	case err := <-got:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the core went to the canceled page")
	}
	tr.release()
	if tr.free != 1 {
		t.Errorf("%d cores free after all, want 1", tr.free)
	}
}

// A page of a call already canceled takes no core, even a free one.
func TestTurnsCanceledCallTakesNoCore(t *testing.T) {
	t.Parallel()
	tr := &turns{}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := tr.acquire(ctx, 1, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("a canceled call's page got %v", err)
	}
	if err := tr.acquire(context.Background(), 2, 0); err != nil {
		t.Fatal(err)
	}
	tr.release()
	if want := max(1, runtime.GOMAXPROCS(0)); tr.free != want {
		t.Errorf("%d cores free after all, want %d", tr.free, want)
	}
}
