package service

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/assay-pdf/assay/core"
)

// Codes of the service's own errors; every other error carries the code
// of its core sentinel (core.Code), as the CLI's one-line errors do.
const (
	codeUnauthorized = "unauthorized"
	codeBusy         = "busy"
	codeNotReady     = "not_ready"
	codeUnavailable  = "unavailable"
)

// apiError is an error with the HTTP status and code it is answered with.
type apiError struct {
	status int
	code   string
	err    error
}

func (e *apiError) Error() string { return e.err.Error() }
func (e *apiError) Unwrap() error { return e.err }

func newError(status int, code, format string, args ...any) error {
	return &apiError{status: status, code: code, err: fmt.Errorf(format, args...)}
}

// statusOf is the HTTP status for a sentinel's code: the document's own
// faults are 422, the request's 400, missing things 404.
var statusOf = map[string]int{
	"not_pdf":      http.StatusUnprocessableEntity,
	"empty_file":   http.StatusUnprocessableEntity,
	"encrypted":    http.StatusUnprocessableEntity,
	"damaged":      http.StatusUnprocessableEntity,
	"no_such_page": http.StatusUnprocessableEntity,
	"unsupported":  http.StatusUnprocessableEntity,
	"bad_request":  http.StatusBadRequest,
	"not_found":    http.StatusNotFound,
	"too_large":    http.StatusRequestEntityTooLarge,
	"timeout":      http.StatusGatewayTimeout,
	"canceled":     http.StatusConflict,
}

// errorBody is the JSON of every error answer.
type errorBody struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	// ID is the job's, when there is one to poll (a synchronous extract
	// that ran out of time).
	ID string `json:"id,omitempty"`
}

// classify is err's HTTP status and code.
func classify(err error) (int, string) {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae.status, ae.code
	}
	code := core.Code(err)
	if st, ok := statusOf[code]; ok {
		return st, code
	}
	return http.StatusInternalServerError, code
}

// writeError answers err as {"error": {"code", "message"}}.
func writeError(w http.ResponseWriter, err error, jobID string) {
	st, code := classify(err)
	var body errorBody
	body.Error.Code, body.Error.Message, body.ID = code, oneLine(err), jobID
	writeJSON(w, st, body)
}

// refuse answers err to a request whose body is not read: the connection
// closes after the answer. Go's server otherwise reads up to 256 KiB of
// the unread body before it answers, so a client still sending a large
// upload would wait on a refusal (401, 429) until the upload ended.
func refuse(w http.ResponseWriter, err error) {
	w.Header().Set("Connection", "close")
	writeError(w, err, "")
}

// oneLine is the error's message without the engine wrapping, as the
// CLI prints it.
func oneLine(err error) string {
	var ee *core.EngineError
	if errors.As(err, &ee) && ee.Err != nil {
		err = ee.Err
	}
	return err.Error()
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}
