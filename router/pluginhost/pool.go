package pluginhost

import (
	"context"
	"sync"
)

// pool holds the processes of one engine: at most cap(slots) calls hold
// them at a time, idle ones are reused.
//
// A process serves one call at a time, unless the pool is shared (the
// engine declares core.CapConcurrentCalls): then a call joins a process
// that serves others, and the pool starts a process only when none lives
// or is starting. A text engine's process costs about as much CPU to
// start as it spends on a small document, and one process serves two
// documents' calls as well as two would.
//
// A shared pool also takes cap(spare) calls more: they cost the process
// goroutines, not processes. A call on a short document spends much of
// its time in steps that use one core (opening the file, a page or two,
// sending the answer), so more of them at once keep the cores busy: over
// 41 generated documents of 1-3 pages, four calls at once took 0.17 s
// where two took 0.185 s, for the same CPU.
//
// Until the pool knows whether the engine shares (see share), a call waits
// for a start under way rather than make one of its own: a run's first
// calls arrive together, before anyone has asked the engine what it is.
// The engine's launch answers that question as its first process starts.
type pool struct {
	launch func() (*proc, error)
	// lost is called for each process that died or had to be killed.
	lost func()

	slots chan struct{} // one token per call that holds a process or waits for one
	spare chan struct{} // more tokens, for calls on a shared pool only
	// maxCalls retires a process after that many checkouts (<= 0: never).
	maxCalls int

	mu     sync.Mutex
	idle   []*proc
	live   map[*proc]struct{}
	closed bool
	wg     sync.WaitGroup // launchers still running
	// shared: calls join a busy process (see pool); known: share has
	// been called. starting counts the starts under way; started is
	// closed, and replaced, when one ends.
	shared   bool
	known    bool
	starting int
	started  chan struct{}
}

func newPool(n int, launch func() (*proc, error), lost func()) *pool {
	return &pool{launch: launch, lost: lost, slots: make(chan struct{}, n), spare: make(chan struct{}, n),
		live: map[*proc]struct{}{}, started: make(chan struct{})}
}

// share makes calls join busy processes from now on, or stops them.
func (pl *pool) share(on bool) {
	pl.mu.Lock()
	pl.shared, pl.known = on, true
	pl.mu.Unlock()
}

// knows reports whether share has been called.
func (pl *pool) knows() bool {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return pl.known
}

// acquire checks out a process, starting one when none is idle (or, in
// a shared pool, none lives). It waits for a free slot, and for a start,
// only as long as ctx allows.
func (pl *pool) acquire(ctx context.Context) (*proc, error) {
	if err := pl.takeSlot(ctx); err != nil {
		return nil, err
	}
	for {
		p, wait, err := pl.checkout()
		switch {
		case err != nil:
			pl.freeSlot()
			return nil, err
		case p != nil:
			if p.exited() {
				pl.drop(p)
				continue
			}
			return p, nil
		case wait != nil:
			select {
			case <-wait:
				continue
			case <-ctx.Done():
				pl.freeSlot()
				return nil, ctx.Err()
			}
		}
		break // checkout counted a start
	}
	p, err := pl.start(ctx)
	if err != nil {
		pl.freeSlot()
		return nil, err
	}
	return p, nil
}

// checkout, under mu, hands out an idle process, or in a shared pool a
// busy one; or says to wait for the start under way in a shared pool, or
// in one not known to be unshared; or, with neither, counts a start for
// the caller to make (all nil).
func (pl *pool) checkout() (p *proc, wait <-chan struct{}, err error) {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	if pl.closed {
		return nil, nil, ErrClosed
	}
	if pl.shared {
		for q := range pl.live {
			if q.holders > 0 && (pl.maxCalls <= 0 || q.calls < pl.maxCalls) {
				q.holders++
				q.calls++
				return q, nil, nil
			}
		}
	}
	if n := len(pl.idle); n > 0 {
		p = pl.idle[n-1]
		pl.idle = pl.idle[:n-1]
		p.holders, p.calls = 1, p.calls+1
		return p, nil, nil
	}
	if (pl.shared || !pl.known) && pl.starting > 0 {
		return nil, pl.started, nil
	}
	pl.wg.Add(1) // under mu, so that close cannot be waiting yet
	pl.starting++
	return nil, nil, nil
}

// drop forgets a checked-out process that has exited, counting it lost
// once, whoever of its holders finds it so.
func (pl *pool) drop(p *proc) {
	if pl.discard(p) {
		pl.lost()
	}
}

// takeSlot waits for a slot, or in a shared pool for a slot or a spare
// one, as long as ctx allows.
func (pl *pool) takeSlot(ctx context.Context) error {
	pl.mu.Lock()
	spare := pl.spare
	if !pl.shared {
		spare = nil // never ready
	}
	pl.mu.Unlock()
	select {
	case pl.slots <- struct{}{}:
		return nil
	case spare <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// busy is the number of calls that hold a process or wait for one.
func (pl *pool) busy() int { return len(pl.slots) + len(pl.spare) }

// freeSlot gives back a slot this goroutine holds; it never blocks. The
// tokens of both channels count the calls under way, whichever a call
// took, so any one held may go.
func (pl *pool) freeSlot() {
	select {
	case <-pl.spare:
	default:
		<-pl.slots
	}
}

// start launches a process in the background so that the caller can give
// up when ctx ends; a process that arrives after that is killed. The
// caller's checkout has counted the start.
func (pl *pool) start(ctx context.Context) (*proc, error) {
	type result struct {
		p   *proc
		err error
	}
	ch := make(chan result)
	go func() {
		defer pl.wg.Done()
		p, err := pl.launch()
		if !pl.register(p, err) {
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

// register ends a start that checkout counted: a process p joins the
// live ones, held by the caller, unless the start failed (err) or the
// pool has closed (false: the caller kills p).
func (pl *pool) register(p *proc, err error) bool {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	pl.starting--
	close(pl.started)
	pl.started = make(chan struct{})
	if err != nil {
		return true
	}
	if pl.closed {
		return false
	}
	pl.live[p] = struct{}{}
	p.holders, p.calls = 1, 1
	return true
}

// discard kills p and forgets it; false when it was forgotten already.
func (pl *pool) discard(p *proc) bool {
	p.kill()
	pl.mu.Lock()
	defer pl.mu.Unlock()
	_, live := pl.live[p]
	delete(pl.live, p)
	return live
}

// release checks p back in: a healthy process that no other call holds
// goes back to the idle list (or retires after maxCalls), one that others
// hold serves on; any other is killed (and counted as lost), and the
// calls it still serves see their streams break.
func (pl *pool) release(p *proc, healthy bool) {
	defer pl.freeSlot()
	healthy = healthy && !p.exited()
	pl.mu.Lock()
	p.holders--
	if !healthy || pl.closed {
		pl.mu.Unlock()
		if pl.discard(p) && !healthy {
			pl.lost()
		}
		return
	}
	if p.holders > 0 {
		pl.mu.Unlock()
		return
	}
	if pl.maxCalls > 0 && p.calls >= pl.maxCalls {
		// Retired, not lost: shut it down gracefully without holding the
		// caller, and let the next checkout start a fresh one.
		delete(pl.live, p)
		pl.wg.Add(1)
		pl.mu.Unlock()
		go func() { defer pl.wg.Done(); p.shutdown() }()
		return
	}
	pl.idle = append(pl.idle, p)
	pl.mu.Unlock()
}

// close shuts idle processes down gracefully, kills busy ones, and waits
// for every launcher.
func (pl *pool) close() {
	pl.mu.Lock()
	pl.closed = true
	close(pl.started) // checkouts waiting for a start find the pool closed
	pl.started = make(chan struct{})
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
