package pluginhost

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire"
)

// Engine is a supervised engine: a core.Engine and core.Closer backed by
// a pool of processes. It is safe for concurrent use; up to Config.Procs
// Extract calls run at once, each in a process of its own, or, once
// Describe has found that the engine declares core.CapConcurrentCalls,
// together in one.
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
	e.pool = newPool(h.cfg.Procs, e.launch, func() { e.restarts.Add(1) })
	e.pool.maxCalls = h.cfg.MaxCalls
	return e
}

// launch starts a process for the pool. The first to start asks the
// engine whether it serves concurrent calls, so that the calls waiting on
// that start know whether to join it (see pool).
func (e *Engine) launch() (*proc, error) {
	p, err := e.host.launch(e.found)
	if err != nil || e.pool.knows() {
		return p, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), e.host.cfg.StartTimeout)
	defer cancel()
	info, derr := p.rpc.Describe(ctx)
	// An engine that cannot say is taken not to share; Describe will
	// report why when the router asks.
	e.pool.share(derr == nil && info.Name == e.found.Name && info.Has(core.CapConcurrentCalls))
	return p, nil
}

// Name is the engine's name.
func (e *Engine) Name() string { return e.found.Name }

// Found says where the engine was found.
func (e *Engine) Found() Found { return e.found }

// Workers is how many pages a call to the engine that starts now should
// read at once: the host's cores (GOMAXPROCS) shared between it and the
// engine's calls in flight. Each call has a process, or a share of one,
// and an engine that fans pages out over all the cores in every call
// (the OCR engine, whose page workers each load their own models) would
// run Procs times as many workers as there are cores; a call that starts
// alone keeps every core. The router passes it to the engine as the
// option "workers".
func (e *Engine) Workers() int { return shareOf(runtime.GOMAXPROCS(0), e.pool.busy()) }

// shareOf is a new call's share of cores when busy calls are in flight:
// at least one.
func shareOf(cores, busy int) int { return max(1, cores/(busy+1)) }

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
// options the answer is not kept for the next call. An engine that
// declares core.CapStableInfo answers from the host's info cache
// (Config.InfoCache) when it answered there before, as the same
// executable and with the same options: no process starts.
func (e *Engine) DescribeWith(ctx context.Context, options []byte) (core.Info, error) {
	e.infoMu.Lock()
	defer e.infoMu.Unlock()
	if e.info != nil && len(options) == 0 {
		return *e.info, nil
	}
	if info, ok := e.host.infos.get(e.found, options); ok {
		e.learn(info, options)
		return info, nil
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
	e.learn(info, options)
	e.host.infos.put(e.found, options, info)
	return info, nil
}

// learn takes in what the engine said it is, configured with options;
// under infoMu.
func (e *Engine) learn(info core.Info, options []byte) {
	e.pool.share(info.Has(core.CapConcurrentCalls))
	if len(options) == 0 {
		e.info = &info
	}
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
func (s *session) attempt(ctx context.Context, pages []int) outcome {
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
	c := s.start(ctx, p, pages)
	defer func() {
		c.stall.Stop()
		c.stop()
		s.e.pool.release(p, c.healthy)
	}()
	return c.run()
}

// call is one Extract call on one process: the goroutine that receives
// its stream, the stall timer between pages, and the verdict on the
// process (healthy: it goes back to the pool).
type call struct {
	s       *session
	p       *proc
	ctx     context.Context
	pages   []int
	want    map[int]bool
	got     int
	healthy bool

	events  chan event
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	stopped bool

	stall  *time.Timer
	stallC <-chan time.Time
}

// start begins the call: a goroutine forwards the stream's items to
// c.events until the stream ends or the call is stopped.
func (s *session) start(ctx context.Context, p *proc, pages []int) *call {
	c := &call{s: s, p: p, ctx: ctx, pages: pages, want: make(map[int]bool, len(pages)), events: make(chan event)}
	for _, n := range pages {
		c.want[n] = true
	}
	c.stall = time.NewTimer(time.Hour)
	c.stall.Stop()
	sub := *s.req
	sub.Pages = pages
	actx, cancel := context.WithCancel(ctx)
	c.cancel = cancel
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		defer close(c.events)
		for r, err := range p.rpc.Extract(actx, &sub) {
			select {
			case c.events <- event{r, err}:
			case <-actx.Done():
				return
			}
		}
	}()
	return c
}

// stop ends the call and waits for the receiver; the gRPC stream ends as
// soon as its context is canceled.
func (c *call) stop() {
	if !c.stopped {
		c.stopped = true
		c.cancel()
		c.wg.Wait()
	}
}

// armStall starts the wait for the next page, when pages have a deadline.
func (c *call) armStall() {
	if c.s.req.PageTimeout > 0 {
		c.stall.Reset(c.s.req.PageTimeout)
		c.stallC = c.stall.C
	}
}

// run waits on the stream, the context, the stall timer and the process,
// until one of them ends the call.
func (c *call) run() outcome {
	c.armStall()
	exited := c.p.rpc.Done()
	var grace <-chan time.Time
	for {
		select {
		case ev, ok := <-c.events:
			if out, done := c.receive(ev, ok); done {
				return out
			}
		case <-c.ctx.Done():
			return c.ctxDone()
		case <-c.stallC:
			c.p.kill()
			c.stop()
			return outcome{kind: kindHung}
		case <-exited:
			exited = nil
			grace = time.After(exitGrace)
		case <-grace:
			return c.crashed(nil)
		}
	}
}

// receive handles one item of the stream (ok false: the stream ended),
// and says whether the call is over.
func (c *call) receive(ev event, ok bool) (outcome, bool) {
	switch {
	case !ok:
		return c.ended(), true
	case ev.err != nil:
		return c.failed(ev.err), true
	}
	return c.page(ev.r)
}

// ended is the verdict on a stream that ended.
func (c *call) ended() outcome {
	if c.got == len(c.pages) {
		c.healthy = true
		return outcome{kind: kindDone}
	}
	if c.ctxEnded() {
		return c.ctxDone()
	}
	// The process is alive and well: it ended the call early, so its exit
	// status, once killed, says nothing.
	return c.crashed(fmt.Errorf("%w: the engine ended its stream without answering page %s; engine process killed",
		core.ErrEngineProtocol, joinPages(c.s.unanswered(c.pages))))
}

// failed is the verdict on a stream that ended with err: the context's
// end, a broken process, or a document error the engine sent.
func (c *call) failed(err error) outcome {
	var rpcErr *wire.RPCError
	switch {
	case c.ctxEnded():
		return c.ctxDone()
	case errors.As(err, &rpcErr):
		return c.crashed(nil)
	case errors.Is(err, core.ErrEngineCrashed):
		return c.crashed(err)
	}
	c.stop()
	c.healthy = true
	return outcome{kind: kindDocError, err: err}
}

// ctxEnded says whether the call's context has ended. The engine learns
// the call's deadline from gRPC and may end its stream on it before this
// process's own timer has run: on a loaded machine the timer can be late
// by tens of milliseconds. Once the deadline has passed by the clock, the
// call waits for the timer (it is due) and counts as ended by its context,
// not as a crash.
func (c *call) ctxEnded() bool {
	if c.ctx.Err() != nil {
		return true
	}
	if dl, ok := c.ctx.Deadline(); ok && !time.Now().Before(dl) {
		<-c.ctx.Done()
		return true
	}
	return false
}

// page forwards one page's answer, and says whether the call is over.
func (c *call) page(r core.PageResult) (outcome, bool) {
	n := r.Page.Number
	if !c.want[n] || c.s.answered[n] {
		// Not asked for, or answered already: the engine's page numbers
		// cannot be trusted, nor any answer of the call.
		c.p.kill()
		c.stop()
		return outcome{kind: kindProtocol, err: fmt.Errorf("%w: the engine answered page %d, which it was not asked for or had answered already; engine process killed", core.ErrEngineProtocol, n)}, true
	}
	c.got++
	c.stall.Stop()
	c.stallC = nil
	if r.Err != nil {
		r.Err = c.s.e.pageError(n, r.Err)
	}
	if !c.s.emit(r) {
		c.stop()
		c.healthy = true
		return outcome{kind: kindStopped}, true
	}
	if c.got == len(c.pages) {
		c.stop()
		c.healthy = true
		return outcome{kind: kindDone}, true
	}
	c.armStall()
	return outcome{}, false
}

// crashed kills the process and gives the reason (its exit, unless told).
func (c *call) crashed(reason error) outcome {
	c.p.kill()
	c.stop()
	if reason == nil {
		reason = fmt.Errorf("%w: engine process died (%s)", core.ErrEngineCrashed, c.p.why())
	}
	return outcome{kind: kindCrashed, err: reason}
}

// ctxDone ends a call whose context ended. The engine is asked whether it
// stopped, which conformance reports. A process that stopped when the
// call's deadline passed is kept: the run goes on, and the next call need
// not start one and load its models again. A canceled run wants its
// processes gone (assay serve's cancel promises it), so they are killed.
func (c *call) ctxDone() outcome {
	c.stop()
	err := c.p.settle(cancelSettle)
	if err == nil && errors.Is(c.ctx.Err(), context.DeadlineExceeded) {
		c.healthy = true
	} else {
		c.p.kill()
	}
	c.s.e.noteCancel(err)
	return outcome{kind: kindCtxDone}
}
