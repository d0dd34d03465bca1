package nativetext

import (
	"container/heap"
	"context"
	"runtime"
	"sync"
)

// turns gives an engine's cores to the pages of its calls, oldest call
// first, a page at a time per core.
//
// The host keeps several documents in flight, and a call's results go
// back only when its window of pages is read (the document pass needs all
// of them). With every call's pages sharing the cores, the calls in
// flight all finished together: the host then had their pages to score
// and write at once while the engine waited for its next calls, and in a
// batch the cores idled between such waves. Oldest first, a call
// finishes as soon as it could alone, and the host scores and writes it
// while the engine reads the next. The router asks for a long document a
// window of pages a call (core.PageWindow), so a long document does not
// hold the cores for all of its pages while shorter calls wait.
type turns struct {
	once sync.Once
	mu   sync.Mutex
	free int       // cores not given out
	wait turnQueue // pages waiting, oldest call and first page first
}

// A turn is a page waiting for a core.
type turn struct {
	call, page uint64
	ready      chan struct{} // closed when the page has a core
	granted    bool          // set with ready, under turns.mu
	gone       bool          // the page's context ended while it waited
}

// acquire waits for a core for page of call (calls numbered in order of
// arrival), or for ctx to end. After a nil error the caller must release.
func (t *turns) acquire(ctx context.Context, call, page uint64) error {
	if err := ctx.Err(); err != nil {
		return err // a call already canceled reads no more pages
	}
	t.once.Do(func() { t.free = max(1, runtime.GOMAXPROCS(0)) })
	t.mu.Lock()
	if t.free > 0 {
		t.free--
		t.mu.Unlock()
		return nil
	}
	w := &turn{call: call, page: page, ready: make(chan struct{})}
	heap.Push(&t.wait, w)
	t.mu.Unlock()
	select {
	case <-w.ready:
		return nil
	case <-ctx.Done():
	}
	t.mu.Lock()
	granted := w.granted
	w.gone = true
	t.mu.Unlock()
	if granted {
		t.release() // it came as ctx ended: pass it on
	}
	return ctx.Err()
}

// release gives a core back: to the oldest page still waiting, else to
// the free ones.
func (t *turns) release() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for t.wait.Len() > 0 {
		w := heap.Pop(&t.wait).(*turn)
		if w.gone {
			continue
		}
		w.granted = true
		close(w.ready)
		return
	}
	t.free++
}

// turnQueue orders waiting pages by call, then page (container/heap).
type turnQueue []*turn

func (q turnQueue) Len() int { return len(q) }
func (q turnQueue) Less(i, j int) bool {
	if q[i].call != q[j].call {
		return q[i].call < q[j].call
	}
	return q[i].page < q[j].page
}
func (q turnQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *turnQueue) Push(x any)   { *q = append(*q, x.(*turn)) }
func (q *turnQueue) Pop() any {
	old := *q
	w := old[len(old)-1]
	old[len(old)-1] = nil
	*q = old[:len(old)-1]
	return w
}
