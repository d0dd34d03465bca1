package core

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Sentinel errors. Branch on them with errors.Is; they survive the trip
// across the plugin boundary.
var (
	ErrNotPDF        = errors.New("not a PDF")
	ErrEmptyFile     = errors.New("empty file")
	ErrEncrypted     = errors.New("encrypted PDF: a password is needed")
	ErrDamaged       = errors.New("damaged PDF")
	ErrNoSuchPage    = errors.New("no such page")
	ErrTimeout       = errors.New("timed out")
	ErrCanceled      = errors.New("canceled")
	ErrEngineCrashed = errors.New("engine crashed")
	// ErrEngineProtocol: the engine answered a page it was not asked for,
	// or one page twice; none of its answers in that call is trusted.
	ErrEngineProtocol = errors.New("engine broke the protocol")
	ErrUnsupported    = errors.New("unsupported")
	ErrNotFound       = errors.New("not found")
	ErrBadRequest     = errors.New("bad request")
	ErrTooLarge       = errors.New("resource limit exceeded")
	ErrInternal       = errors.New("internal error")
)

// codes maps each sentinel to a stable name used on the wire and in JSON.
var codes = []struct {
	code string
	err  error
}{
	{"not_pdf", ErrNotPDF},
	{"empty_file", ErrEmptyFile},
	{"encrypted", ErrEncrypted},
	{"damaged", ErrDamaged},
	{"no_such_page", ErrNoSuchPage},
	{"timeout", ErrTimeout},
	{"canceled", ErrCanceled},
	{"engine_crashed", ErrEngineCrashed},
	{"engine_protocol", ErrEngineProtocol},
	{"unsupported", ErrUnsupported},
	{"not_found", ErrNotFound},
	{"bad_request", ErrBadRequest},
	{"too_large", ErrTooLarge},
	{"internal", ErrInternal},
}

// Code is the stable name of the sentinel err wraps ("encrypted",
// "timeout", ...), "internal" for any other non-nil error, and "" for nil.
// Context errors map to "timeout" and "canceled".
func Code(err error) string {
	if err == nil {
		return ""
	}
	for _, c := range codes {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, context.Canceled):
		return "canceled"
	}
	return "internal"
}

// Sentinel is the sentinel error for a code, ErrInternal when unknown.
func Sentinel(code string) error {
	for _, c := range codes {
		if c.code == code {
			return c.err
		}
	}
	return ErrInternal
}

// IsTimeout reports whether err means work ran out of time.
func IsTimeout(err error) bool {
	return errors.Is(err, ErrTimeout) || errors.Is(err, context.DeadlineExceeded)
}

// EngineError carries the context of a failure: which engine, which page,
// and the underlying cause (usually wrapping a sentinel).
type EngineError struct {
	Engine string // engine name, "" when not known
	Page   int    // 1-based page, 0 for the whole document
	Err    error
}

// Error says the engine and the page once: a cause that names them
// already (an engine's own EngineError, rebuilt from its message after
// crossing the wire as a WireError) is not prefixed with them again.
func (e *EngineError) Error() string {
	msg := "<nil>"
	if e.Err != nil {
		msg = e.Err.Error()
	}
	if e.Engine != "" {
		msg = strings.TrimPrefix(msg, e.Engine+": ")
	}
	if e.Page > 0 {
		msg = strings.TrimPrefix(msg, "page "+strconv.Itoa(e.Page)+": ")
	}
	switch {
	case e.Engine != "" && e.Page > 0:
		return fmt.Sprintf("%s: page %d: %s", e.Engine, e.Page, msg)
	case e.Engine != "":
		return fmt.Sprintf("%s: %s", e.Engine, msg)
	case e.Page > 0:
		return fmt.Sprintf("page %d: %s", e.Page, msg)
	}
	return msg
}

func (e *EngineError) Unwrap() error { return e.Err }

// WireError is an error rebuilt from its code and message after crossing a
// process boundary: errors.Is still finds the sentinel, and Error gives
// the original message.
type WireError struct {
	Code    string
	Message string
}

func (e *WireError) Error() string { return e.Message }

// Is matches the sentinel for e's code.
func (e *WireError) Is(target error) bool { return target == Sentinel(e.Code) }

// FromWire rebuilds an error sent as a code and a message; nil when both
// are empty.
func FromWire(code, message string) error {
	if code == "" && message == "" {
		return nil
	}
	if code == "" {
		code = "internal"
	}
	if message == "" {
		message = Sentinel(code).Error()
	}
	return &WireError{Code: code, Message: message}
}
