package pluginhost

import (
	"context"
	"errors"
	"fmt"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire"
)

var _ core.PageCounter = (*Engine)(nil)

// CountPages asks one of the engine's processes how many pages the
// document at source has. The count is bounded by ctx, and by
// Config.StartTimeout when ctx has no deadline. A process that has not
// answered when ctx ends is killed, as is one whose call broke: a file
// that hangs the parser or exhausts its memory costs one process, never
// the host. Document errors (core.ErrNotPDF, ErrDamaged...) come back as
// the engine sent them; an engine that cannot count answers with an
// error matching core.ErrUnsupported.
func (e *Engine) CountPages(ctx context.Context, source string) (int, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, e.host.cfg.StartTimeout)
		defer cancel()
	}
	p, err := e.pool.acquire(ctx)
	if err != nil {
		return 0, e.docError(err)
	}
	n, err := p.rpc.CountPages(ctx, source)
	var rpcErr *wire.RPCError
	switch {
	case ctx.Err() != nil:
		p.kill()
		e.pool.release(p, false)
		sentinel := core.ErrTimeout
		if errors.Is(ctx.Err(), context.Canceled) {
			sentinel = core.ErrCanceled
		}
		return 0, e.docError(fmt.Errorf("%w: counting pages: %w; engine process killed", sentinel, ctx.Err()))
	case errors.As(err, &rpcErr) && !errors.Is(err, core.ErrUnsupported):
		p.kill()
		e.pool.release(p, false)
		return 0, e.docError(fmt.Errorf("%w: counting pages: %w (%s)", core.ErrEngineCrashed, err, p.why()))
	}
	e.pool.release(p, true)
	if err != nil {
		return 0, e.docError(err)
	}
	return n, nil
}
