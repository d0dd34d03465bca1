package pluginhost

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire"
)

// Engine is a supervised engine: a core.Engine and core.Closer backed by
// a pool of processes. It is safe for concurrent use; concurrent Extract
// calls share up to Config.Procs processes.
type Engine struct {
	host     *Host
	found    Found
	pool     *pool
	restarts atomic.Int64

	infoMu sync.Mutex
	info   *core.Info

	cancelMu   sync.Mutex
	cancels    int   // calls canceled while the engine was working
	lastCancel error // how the last of them ended: nil when it stopped by itself
}

var (
	_ core.Engine = (*Engine)(nil)
	_ core.Closer = (*Engine)(nil)
)

func newEngine(h *Host, f Found) *Engine {
	e := &Engine{host: h, found: f}
	e.pool = newPool(h.cfg.Procs, func() (*proc, error) { return h.launch(f) }, func() { e.restarts.Add(1) })
	e.pool.maxCalls = h.cfg.MaxCalls
	return e
}

// Name is the engine's name.
func (e *Engine) Name() string { return e.found.Name }

// Found says where the engine was found.
func (e *Engine) Found() Found { return e.found }

// Restarts counts the engine's processes lost to crashes, hangs and
// deadlines; each is replaced by a fresh one when next needed.
func (e *Engine) Restarts() int { return int(e.restarts.Load()) }

// Close shuts the engine's processes down.
func (e *Engine) Close() error {
	e.pool.close()
	return nil
}

// Describe asks the engine what it is; the answer is cached. When ctx has
// no deadline the call is bounded by Config.StartTimeout.
func (e *Engine) Describe(ctx context.Context) (core.Info, error) {
	return e.DescribeWith(ctx, nil)
}

// DescribeWith is Describe after configuring the engine with options, so
// that it describes what it will use (a model, an accelerator); with
// options the answer is not cached.
func (e *Engine) DescribeWith(ctx context.Context, options []byte) (core.Info, error) {
	e.infoMu.Lock()
	defer e.infoMu.Unlock()
	if e.info != nil && len(options) == 0 {
		return *e.info, nil
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, e.host.cfg.StartTimeout)
		defer cancel()
	}
	p, err := e.pool.acquire(ctx)
	if err != nil {
		return core.Info{}, e.docError(err)
	}
	info, err := p.rpc.DescribeWith(ctx, options)
	var rpcErr *wire.RPCError
	e.pool.release(p, !errors.As(err, &rpcErr) && ctx.Err() == nil)
	if err != nil {
		return core.Info{}, e.docError(err)
	}
	if info.Name != e.found.Name {
		return info, e.docError(fmt.Errorf("%w: %s is engine %q by its file name but says it is %q: refused (rename the file, or the engine)",
			core.ErrBadRequest, e.found.Path, e.found.Name, info.Name))
	}
	if len(options) == 0 {
		e.info = &info
	}
	return info, nil
}

// Extract runs req in the engine's processes under the supervision rules
// of the package documentation and yields one result per distinct
// requested page as each arrives.
func (e *Engine) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		if req == nil {
			yield(core.PageResult{}, e.docError(fmt.Errorf("%w: nil request", core.ErrBadRequest)))
			return
		}
		s := &session{e: e, req: req, yield: yield, answered: map[int]bool{}}
		s.run(ctx, distinct(req.Pages))
	}
}

func distinct(pages []int) []int {
	seen := make(map[int]bool, len(pages))
	out := make([]int, 0, len(pages))
	for _, p := range pages {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// docError puts err in an EngineError naming the engine.
func (e *Engine) docError(err error) error {
	var ee *core.EngineError
	if errors.As(err, &ee) {
		return err
	}
	return &core.EngineError{Engine: e.found.Name, Err: err}
}

// pageError puts err in an EngineError naming the engine and page.
func (e *Engine) pageError(page int, err error) error {
	var ee *core.EngineError
	if errors.As(err, &ee) {
		return err
	}
	return &core.EngineError{Engine: e.found.Name, Page: page, Err: err}
}

// session is one supervised Extract call.
type session struct {
	e        *Engine
	req      *core.Request
	yield    func(core.PageResult, error) bool
	answered map[int]bool
}

// kind is how one call to a process ended.
type kind int

const (
	kindDone        kind = iota // every page of the call answered
	kindStopped                 // the consumer stopped iterating
	kindDocError                // the engine answered with a document error
	kindCtxDone                 // ctx ended first
	kindCrashed                 // the process died, the stream broke, or the engine panicked
	kindHung                    // no page within PageTimeout
	kindUnavailable             // no process could be started
	kindProtocol                // the engine answered a page not asked for, or twice
)

type outcome struct {
	kind kind
	err  error // kindDocError, kindCrashed, kindUnavailable
}

func (s *session) run(ctx context.Context, pages []int) {
	if len(pages) == 0 {
		return
	}
	first := s.attempt(ctx, pages)
	switch first.kind {
	case kindDone, kindStopped:
		return
	case kindDocError, kindUnavailable, kindProtocol:
		s.yield(core.PageResult{}, s.e.docError(first.err))
		return
	case kindCtxDone:
		s.expire(ctx, s.unanswered(pages))
		return
	}
	// The process crashed or hung on one of the unanswered pages; we
	// cannot tell which, so each is retried alone in a fresh process.
	rest := s.unanswered(pages)
	for i, p := range rest {
		if ctx.Err() != nil {
			s.expire(ctx, rest[i:])
			return
		}
		var r core.PageResult
		o := s.attempt(ctx, []int{p})
		switch o.kind {
		case kindDone:
			continue
		case kindStopped:
			return
		case kindCtxDone:
			s.expire(ctx, rest[i:])
			return
		case kindUnavailable:
			for _, q := range rest[i:] {
				if !s.emit(core.PageResult{Page: core.Page{Number: q}, Status: core.StatusFailed, Err: s.e.pageError(q, o.err)}) {
					return
				}
			}
			return
		case kindDocError, kindCrashed, kindProtocol:
			r = core.PageResult{Page: core.Page{Number: p}, Status: core.StatusFailed, Err: o.err}
		case kindHung:
			r = core.PageResult{Page: core.Page{Number: p}, Status: core.StatusTimeout,
				Err: fmt.Errorf("%w: no answer within the page timeout of %v; engine process killed", core.ErrTimeout, s.req.PageTimeout)}
		}
		r.Err = s.e.pageError(p, r.Err)
		if !s.emit(r) {
			return
		}
	}
}

// joinPages lists page numbers for a message: "3", "2, 5".
func joinPages(pages []int) string {
	parts := make([]string, len(pages))
	for i, n := range pages {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ", ")
}

// unanswered lists the pages of pages without a result yet, in order.
func (s *session) unanswered(pages []int) []int {
	var out []int
	for _, p := range pages {
		if !s.answered[p] {
			out = append(out, p)
		}
	}
	return out
}

// expire yields every page in pages as timed out because ctx ended.
func (s *session) expire(ctx context.Context, pages []int) {
	sentinel := core.ErrTimeout
	if errors.Is(ctx.Err(), context.Canceled) {
		sentinel = core.ErrCanceled
	}
	for _, p := range pages {
		err := s.e.pageError(p, fmt.Errorf("%w: %w", sentinel, ctx.Err()))
		if !s.emit(core.PageResult{Page: core.Page{Number: p}, Status: core.StatusTimeout, Err: err}) {
			return
		}
	}
}

// emit yields one page result and records it as answered.
func (s *session) emit(r core.PageResult) bool {
	s.answered[r.Page.Number] = true
	return s.yield(r, nil)
}

// event is one item of an engine's stream.
type event struct {
	r   core.PageResult
	err error
}

// CancelReport says how many calls were canceled while the engine was
// working on them, and how the last one ended: nil when the engine stopped
// by itself (its Running count reached 0 within cancelSettle) and its
// process was kept, or why the host had to kill the process. An engine
// without the Running call is killed after every cancel, with an error
// matching core.ErrUnsupported.
func (e *Engine) CancelReport() (cancels int, last error) {
	e.cancelMu.Lock()
	defer e.cancelMu.Unlock()
	return e.cancels, e.lastCancel
}

func (e *Engine) noteCancel(err error) {
	e.cancelMu.Lock()
	defer e.cancelMu.Unlock()
	e.cancels++
	e.lastCancel = err
}

// cancelSettle is how long after a cancel an engine has to report that it
// has stopped before its process is killed: the contract's 500 ms.
const cancelSettle = 500 * time.Millisecond

// exitGrace is how long a stream may outlive its process before the call
// is given up as crashed.
const exitGrace = time.Second

// attempt asks one process for pages and forwards each answer. It returns
// how the call ended; the process goes back to the pool only when it
// behaved.
func (s *session) attempt(ctx context.Context, pages []int) (out outcome) {
	if ctx.Err() != nil {
		return outcome{kind: kindCtxDone}
	}
	p, err := s.e.pool.acquire(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return outcome{kind: kindCtxDone}
		}
		return outcome{kind: kindUnavailable, err: err}
	}
	healthy := false
	defer func() { s.e.pool.release(p, healthy) }()

	sub := *s.req
	sub.Pages = pages
	actx, cancel := context.WithCancel(ctx)
	events := make(chan event)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(events)
		for r, err := range p.rpc.Extract(actx, &sub) {
			select {
			case events <- event{r, err}:
			case <-actx.Done():
				return
			}
		}
	}()
	// stop ends the call and waits for the receiver; the gRPC stream ends
	// as soon as actx is canceled.
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			cancel()
			wg.Wait()
		}
	}
	defer stop()

	want := make(map[int]bool, len(pages))
	for _, n := range pages {
		want[n] = true
	}
	got := 0
	var stallC <-chan time.Time
	stall := time.NewTimer(time.Hour)
	stall.Stop()
	defer stall.Stop()
	armStall := func() {
		if s.req.PageTimeout > 0 {
			stall.Reset(s.req.PageTimeout)
			stallC = stall.C
		}
	}
	armStall()
	exited := p.rpc.Done()
	var grace <-chan time.Time

	crashed := func(reason error) outcome {
		p.kill()
		stop()
		if reason == nil {
			reason = fmt.Errorf("%w: engine process died (%s)", core.ErrEngineCrashed, p.why())
		}
		return outcome{kind: kindCrashed, err: reason}
	}
	ctxDone := func() outcome {
		stop()
		// The engine is asked whether it stopped, which conformance
		// reports. A process that stopped when the call's deadline passed
		// is kept: the run goes on, and the next call need not start one
		// and load its models again. A canceled run wants its processes
		// gone (assay serve's cancel promises it), so they are killed.
		err := p.settle(cancelSettle)
		if err == nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			healthy = true
		} else {
			p.kill()
		}
		s.e.noteCancel(err)
		return outcome{kind: kindCtxDone}
	}

	for {
		select {
		case ev, ok := <-events:
			if !ok {
				if got == len(pages) {
					healthy = true
					return outcome{kind: kindDone}
				}
				if ctx.Err() != nil {
					return ctxDone()
				}
				// The process is alive and well: it ended the call early,
				// so its exit status, once killed, says nothing.
				return crashed(fmt.Errorf("%w: the engine ended its stream without answering page %s; engine process killed",
					core.ErrEngineProtocol, joinPages(s.unanswered(pages))))
			}
			if ev.err != nil {
				var rpcErr *wire.RPCError
				switch {
				case ctx.Err() != nil:
					return ctxDone()
				case errors.As(ev.err, &rpcErr):
					return crashed(nil)
				case errors.Is(ev.err, core.ErrEngineCrashed):
					return crashed(ev.err)
				}
				stop()
				healthy = true
				return outcome{kind: kindDocError, err: ev.err}
			}
			n := ev.r.Page.Number
			if !want[n] || s.answered[n] {
				// Not asked for, or answered already: the engine's page
				// numbers cannot be trusted, nor any answer of the call.
				p.kill()
				stop()
				return outcome{kind: kindProtocol, err: fmt.Errorf("%w: the engine answered page %d, which it was not asked for or had answered already; engine process killed", core.ErrEngineProtocol, n)}
			}
			got++
			stall.Stop()
			stallC = nil
			r := ev.r
			if r.Err != nil {
				r.Err = s.e.pageError(n, r.Err)
			}
			if !s.emit(r) {
				stop()
				healthy = true
				return outcome{kind: kindStopped}
			}
			if got == len(pages) {
				stop()
				healthy = true
				return outcome{kind: kindDone}
			}
			armStall()
		case <-ctx.Done():
			return ctxDone()
		case <-stallC:
			p.kill()
			stop()
			return outcome{kind: kindHung}
		case <-exited:
			exited = nil
			grace = time.After(exitGrace)
		case <-grace:
			return crashed(nil)
		}
	}
}
