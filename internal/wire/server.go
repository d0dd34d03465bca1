package wire

import (
	"context"
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"google.golang.org/grpc"
	"google.golang.org/grpc/status"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire/enginev1"
)

// Server serves a core.Engine as enginev1.EngineService.
type Server struct {
	enginev1.UnimplementedEngineServiceServer
	engine core.Engine

	// configured holds the options the engine was last configured with,
	// for engines that implement core.Configurer.
	mu         sync.Mutex
	configured *string

	// running counts the Extract and CountPages calls begun and not yet
	// returned from, for the Running call.
	running atomic.Int32
}

// NewServer adapts e.
func NewServer(e core.Engine) *Server { return &Server{engine: e} }

// Register serves e on s.
func Register(s grpc.ServiceRegistrar, e core.Engine) {
	enginev1.RegisterEngineServiceServer(s, NewServer(e))
}

// Describe answers with the engine's Info, after configuring it when the
// request carries options. A panic in the engine becomes an
// engine_crashed error.
func (s *Server) Describe(ctx context.Context, req *enginev1.DescribeRequest) (resp *enginev1.DescribeResponse, err error) {
	defer func() {
		if v := recover(); v != nil {
			resp, err = nil, toStatus(panicError(v))
		}
	}()
	if opts := req.GetOptions(); len(opts) > 0 {
		if err := s.configure(ctx, opts); err != nil {
			return nil, toStatus(err)
		}
	}
	info, err := s.engine.Describe(ctx)
	if err != nil {
		return nil, toStatus(err)
	}
	return InfoToProto(info), nil
}

// CountPages answers with the engine's page count when it is a
// core.PageCounter, and with UNIMPLEMENTED when it is not.
func (s *Server) CountPages(ctx context.Context, req *enginev1.CountPagesRequest) (resp *enginev1.CountPagesResponse, err error) {
	defer func() {
		if v := recover(); v != nil {
			resp, err = nil, toStatus(panicError(v))
		}
	}()
	s.running.Add(1)
	defer s.running.Add(-1)
	pc, ok := s.engine.(core.PageCounter)
	if !ok {
		return nil, toStatus(fmt.Errorf("%w: the engine does not count pages", core.ErrUnsupported))
	}
	n, err := pc.CountPages(ctx, req.GetSource())
	if err != nil {
		return nil, toStatus(err)
	}
	return &enginev1.CountPagesResponse{Pages: int32(min(n, math.MaxInt32))}, nil
}

// Extract streams each page result as the engine yields it. A document
// error ends the stream with an error event; so does a panic, with code
// engine_crashed, after which the server keeps serving. When the caller
// goes away the engine's context is canceled and the loop stops at the
// engine's next yield.
func (s *Server) Extract(req *enginev1.ExtractRequest, stream grpc.ServerStreamingServer[enginev1.ExtractResponse]) (err error) {
	s.running.Add(1)
	defer s.running.Add(-1)
	ctx := stream.Context()
	defer func() {
		if v := recover(); v != nil {
			ev := &enginev1.ExtractResponse{Event: &enginev1.ExtractResponse_Error{Error: ErrorToProto(panicError(v))}}
			if serr := stream.Send(ev); serr != nil {
				err = serr
				return
			}
			err = nil
		}
	}()
	if cerr := s.configure(ctx, req.GetOptions()); cerr != nil {
		ev := &enginev1.ExtractResponse{Event: &enginev1.ExtractResponse_Error{Error: ErrorToProto(cerr)}}
		return stream.Send(ev)
	}
	words := WordMessages
	if req.GetPackedWords() {
		words = PackedWords
	}
	var sendErr error
	for pr, perr := range s.engine.Extract(ctx, RequestFromProto(req)) {
		ev := &enginev1.ExtractResponse{}
		if perr != nil {
			ev.Event = &enginev1.ExtractResponse_Error{Error: ErrorToProto(perr)}
		} else {
			ev.Event = &enginev1.ExtractResponse_Page{Page: PageResultToProto(pr, words)}
		}
		if sendErr = stream.Send(ev); sendErr != nil || perr != nil {
			break
		}
	}
	if ctx.Err() != nil {
		return status.FromContextError(ctx.Err()).Err()
	}
	return sendErr
}

// Running answers how many calls the engine is still working on. A call
// whose caller went away counts until the engine's sequence returns: an
// engine that ignores its context keeps it counted.
func (s *Server) Running(context.Context, *enginev1.RunningRequest) (*enginev1.RunningResponse, error) {
	return &enginev1.RunningResponse{Calls: s.running.Load()}, nil
}

// configure calls the engine's Configure before the first Extract and
// again whenever the options change, so engines load models in Configure
// as the contract says, not in their constructor.
func (s *Server) configure(ctx context.Context, options []byte) error {
	c, ok := s.engine.(core.Configurer)
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.configured != nil && *s.configured == string(options) {
		return nil
	}
	if err := c.Configure(ctx, options); err != nil {
		return err
	}
	opts := string(options)
	s.configured = &opts
	return nil
}

// panicError describes a recovered panic: its value and a short stack of
// the frames that led to it.
func panicError(v any) error {
	stack := shortStack(8)
	fmt.Fprintf(os.Stderr, "engine panic: %v\n%s\n", v, stack)
	where := strings.TrimSpace(strings.SplitN(stack, "\n", 2)[0])
	return fmt.Errorf("%w: panic: %v (in %s; the stack is in the engine's log)", core.ErrEngineCrashed, v, where)
}

// shortStack lists up to n frames of the panicking goroutine, starting
// at the frame that panicked and leaving out the runtime's own frames.
func shortStack(n int) string {
	pcs := make([]uintptr, 64)
	k := runtime.Callers(3, pcs)
	var frames []runtime.Frame
	it := runtime.CallersFrames(pcs[:k])
	for {
		f, more := it.Next()
		if f.Function == "runtime.gopanic" {
			frames = frames[:0] // what came before is the recovery itself
		} else if !strings.HasPrefix(f.Function, "runtime.") {
			frames = append(frames, f)
		}
		if !more {
			break
		}
	}
	var sb strings.Builder
	for i, f := range frames {
		if i == n {
			break
		}
		fmt.Fprintf(&sb, "\t%s (%s:%d)\n", f.Function, shortFile(f.File), f.Line)
	}
	return strings.TrimRight(sb.String(), "\n")
}

func shortFile(path string) string {
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		if j := strings.LastIndexByte(path[:i], '/'); j >= 0 {
			return path[j+1:]
		}
	}
	return path
}
