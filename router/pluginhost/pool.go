package pluginhost

import (
	"context"
	"sync"
)

// pool holds the processes of one engine: at most cap(slots) exist at a
// time, idle ones are reused.
type pool struct {
	launch func() (*proc, error)
	// lost is called for each process that died or had to be killed.
	lost func()

	slots chan struct{} // one token per process in use or being started
	// maxCalls retires a process after that many checkouts (<= 0: never).
	maxCalls int

	mu     sync.Mutex
	idle   []*proc
	live   map[*proc]struct{}
	closed bool
	wg     sync.WaitGroup // launchers still running
}

func newPool(n int, launch func() (*proc, error), lost func()) *pool {
	return &pool{launch: launch, lost: lost, slots: make(chan struct{}, n), live: map[*proc]struct{}{}}
}

// acquire checks out a process, starting one when none is idle. It waits
// for a free slot, and for a start, only as long as ctx allows.
func (pl *pool) acquire(ctx context.Context) (*proc, error) {
	select {
	case pl.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	for {
		pl.mu.Lock()
		if pl.closed {
			pl.mu.Unlock()
			pl.freeSlot()
			return nil, ErrClosed
		}
		if n := len(pl.idle); n > 0 {
			p := pl.idle[n-1]
			pl.idle = pl.idle[:n-1]
			pl.mu.Unlock()
			if p.exited() {
				pl.discard(p)
				pl.lost()
				continue
			}
			p.calls++
			return p, nil
		}
		pl.wg.Add(1) // under mu, so that close cannot be waiting yet
		pl.mu.Unlock()
		break
	}
	p, err := pl.start(ctx)
	if err != nil {
		pl.freeSlot()
		return nil, err
	}
	p.calls++
	return p, nil
}

// busy is the number of processes checked out or being started.
func (pl *pool) busy() int { return len(pl.slots) }

// freeSlot gives back a slot this goroutine holds; it never blocks.
func (pl *pool) freeSlot() { <-pl.slots }

// start launches a process in the background so that the caller can give
// up when ctx ends; a process that arrives after that is killed. The
// caller has done pl.wg.Add(1).
func (pl *pool) start(ctx context.Context) (*proc, error) {
	type result struct {
		p   *proc
		err error
	}
	ch := make(chan result)
	go func() {
		defer pl.wg.Done()
		p, err := pl.launch()
		if err == nil && !pl.register(p) {
			p.kill()
			p, err = nil, ErrClosed
		}
		select {
		case ch <- result{p, err}:
		case <-ctx.Done():
			if p != nil {
				pl.discard(p)
			}
		}
	}()
	select {
	case r := <-ch:
		return r.p, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (pl *pool) register(p *proc) bool {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	if pl.closed {
		return false
	}
	pl.live[p] = struct{}{}
	return true
}

// discard kills p and forgets it.
func (pl *pool) discard(p *proc) {
	p.kill()
	pl.mu.Lock()
	delete(pl.live, p)
	pl.mu.Unlock()
}

// release checks p back in: a healthy process goes back to the idle
// list, any other is killed (and counted as lost).
func (pl *pool) release(p *proc, healthy bool) {
	defer pl.freeSlot()
	if healthy && !p.exited() && pl.maxCalls > 0 && p.calls >= pl.maxCalls {
		// Retired, not lost: shut it down gracefully without holding the
		// caller, and let the next checkout start a fresh one.
		pl.mu.Lock()
		delete(pl.live, p)
		pl.wg.Add(1)
		pl.mu.Unlock()
		go func() { defer pl.wg.Done(); p.shutdown() }()
		return
	}
	if healthy && !p.exited() {
		pl.mu.Lock()
		if !pl.closed {
			pl.idle = append(pl.idle, p)
			pl.mu.Unlock()
			return
		}
		pl.mu.Unlock()
		pl.discard(p)
		return
	}
	pl.discard(p)
	pl.lost()
}

// close shuts idle processes down gracefully, kills busy ones, and waits
// for every launcher.
func (pl *pool) close() {
	pl.mu.Lock()
	pl.closed = true
	idle := pl.idle
	pl.idle = nil
	isIdle := map[*proc]bool{}
	for _, p := range idle {
		isIdle[p] = true
	}
	var busy []*proc
	for p := range pl.live {
		if !isIdle[p] {
			busy = append(busy, p)
		}
	}
	pl.mu.Unlock()

	var wg sync.WaitGroup
	for _, p := range busy {
		wg.Add(1)
		go func() { defer wg.Done(); p.kill() }()
	}
	for _, p := range idle {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.shutdown()
			pl.mu.Lock()
			delete(pl.live, p)
			pl.mu.Unlock()
		}()
	}
	wg.Wait()
	pl.wg.Wait()
}
