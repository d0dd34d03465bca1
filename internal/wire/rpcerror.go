package wire

import (
	"context"
	"errors"
	"fmt"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/assay-pdf/assay/core"
	"github.com/assay-pdf/assay/internal/wire/enginev1"
)

// RPCError is a failure of a call to an engine rather than an answer from
// it: the connection broke, the process went away, the call was canceled
// or ran out of time. errors.Is matches the nearest core sentinel:
// ErrCanceled, ErrTimeout, ErrEngineCrashed for a vanished engine
// (Unavailable), ErrTooLarge, ErrUnsupported, else ErrInternal.
type RPCError struct {
	Code    codes.Code
	Message string
}

func (e *RPCError) Error() string {
	return fmt.Sprintf("engine call failed (%s): %s", e.Code, e.Message)
}

// Is matches the core sentinel for e's gRPC code.
func (e *RPCError) Is(target error) bool { return target == e.sentinel() }

func (e *RPCError) sentinel() error {
	switch e.Code {
	case codes.Canceled:
		return core.ErrCanceled
	case codes.DeadlineExceeded:
		return core.ErrTimeout
	case codes.Unavailable, codes.Aborted:
		return core.ErrEngineCrashed
	case codes.ResourceExhausted:
		return core.ErrTooLarge
	case codes.Unimplemented:
		return core.ErrUnsupported
	}
	return core.ErrInternal
}

// grpcCode is the gRPC code that best carries a core error code.
func grpcCode(code string) codes.Code {
	switch code {
	case "timeout":
		return codes.DeadlineExceeded
	case "canceled":
		return codes.Canceled
	case "not_found", "no_such_page":
		return codes.NotFound
	case "bad_request", "not_pdf", "empty_file", "encrypted", "damaged":
		return codes.InvalidArgument
	case "unsupported":
		return codes.Unimplemented
	case "too_large":
		return codes.ResourceExhausted
	}
	return codes.Internal
}

// toStatus turns an engine's error into a gRPC status error that carries
// the core code and message as an enginev1.Error detail.
func toStatus(err error) error {
	m := ErrorToProto(err)
	st := status.New(grpcCode(m.GetCode()), m.GetMessage())
	if withDetail, derr := st.WithDetails(m); derr == nil {
		st = withDetail
	}
	return st.Err()
}

// fromStatus turns an error returned by a gRPC call back into an error:
// the engine's own error when the status carries an enginev1.Error detail,
// else an *RPCError. Context errors are left as they are.
func fromStatus(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		st := status.FromContextError(err)
		return &RPCError{Code: st.Code(), Message: err.Error()}
	}
	st, ok := status.FromError(err)
	if !ok {
		return &RPCError{Code: codes.Unknown, Message: err.Error()}
	}
	for _, d := range st.Details() {
		if m, ok := d.(*enginev1.Error); ok {
			if werr := ErrorFromProto(m); werr != nil {
				return werr
			}
		}
	}
	return &RPCError{Code: st.Code(), Message: st.Message()}
}
