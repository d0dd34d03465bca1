package wire

import (
	"context"
	"errors"
	"io"
	"iter"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire/enginev1"
)

// Client implements core.Engine over an EngineServiceClient.
//
// Errors the engine sent (document errors, engine_crashed events) come
// back as errors matching their core sentinel; failures of the call itself
// come back as *RPCError.
type Client struct {
	rpc  enginev1.EngineServiceClient
	done <-chan struct{}
}

// NewClient wraps c.
func NewClient(c enginev1.EngineServiceClient) *Client { return &Client{rpc: c} }

// Done is closed when the process serving this client has exited; it is
// nil (never closed) for clients that are not backed by a plugin process.
func (c *Client) Done() <-chan struct{} { return c.done }

// Describe asks the engine what it is.
func (c *Client) Describe(ctx context.Context) (core.Info, error) {
	return c.DescribeWith(ctx, nil)
}

// DescribeWith configures the engine with options (when not empty) and
// asks what it is then: the model and accelerator it will use.
func (c *Client) DescribeWith(ctx context.Context, options []byte) (core.Info, error) {
	resp, err := c.rpc.Describe(ctx, &enginev1.DescribeRequest{Options: options})
	if err != nil {
		return core.Info{}, fromStatus(err)
	}
	return InfoFromProto(resp), nil
}

// CountPages asks the engine how many pages the document has; an engine
// that cannot count answers with an error matching core.ErrUnsupported.
func (c *Client) CountPages(ctx context.Context, source string) (int, error) {
	resp, err := c.rpc.CountPages(ctx, &enginev1.CountPagesRequest{Source: source})
	if err != nil {
		return 0, fromStatus(err)
	}
	return int(resp.GetPages()), nil
}

// Running asks how many calls the engine is still working on, including
// canceled ones it has not yet returned from; an engine without the call
// answers with an error matching core.ErrUnsupported.
func (c *Client) Running(ctx context.Context) (int, error) {
	resp, err := c.rpc.Running(ctx, &enginev1.RunningRequest{})
	if err != nil {
		return 0, fromStatus(err)
	}
	return int(resp.GetCalls()), nil
}

// Extract streams the engine's answers. The call is canceled as soon as
// the consumer stops iterating.
func (c *Client) Extract(ctx context.Context, req *core.Request) iter.Seq2[core.PageResult, error] {
	return func(yield func(core.PageResult, error) bool) {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		stream, err := c.rpc.Extract(ctx, RequestToProto(req))
		if err != nil {
			yield(core.PageResult{}, fromStatus(err))
			return
		}
		for {
			ev, err := stream.Recv()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				yield(core.PageResult{}, fromStatus(err))
				return
			}
			switch e := ev.GetEvent().(type) {
			case *enginev1.ExtractResponse_Page:
				if !yield(PageResultFromProto(e.Page), nil) {
					return
				}
			case *enginev1.ExtractResponse_Error:
				werr := ErrorFromProto(e.Error)
				if werr == nil {
					werr = core.FromWire("internal", "engine sent an empty error")
				}
				yield(core.PageResult{}, werr)
				return
			}
			// Unknown events (a newer peer) are skipped.
		}
	}
}
