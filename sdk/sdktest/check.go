package sdktest

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"

	"github.com/assay-pdf/assay/core"
)

// Check runs the suite on e outside `go test` (assay conformance runs it
// on a built engine, in any language, through the plugin host). It writes
// to w a line per rule that passed ("ok   Describe"), a line per failure
// ("FAIL ReadsText: why") and the rule's log lines ("     Garbage: ...");
// a line per rule not run ("skip PastEnd: why"); it reports whether every
// rule passed.
func Check(w io.Writer, e core.Engine, opts ...Option) bool {
	root := &recorder{name: suiteName}
	defer root.cleanup()
	done := make(chan struct{})
	go func() {
		defer close(done)
		suite(root, e, opts...)
	}()
	<-done
	root.write(w)
	return !root.failed
}

// write writes what the rule said, then what its parts said.
func (r *recorder) write(w io.Writer) {
	for _, l := range r.logs {
		fmt.Fprintf(w, "     %s: %s\n", r.name, l)
	}
	for _, m := range r.msgs {
		fmt.Fprintf(w, "FAIL %s: %s\n", r.name, m)
	}
	if r.skipped != "" {
		fmt.Fprintf(w, "skip %s: %s\n", r.name, r.skipped)
		return
	}
	for _, sub := range r.subs {
		sub.write(w)
	}
	if !r.failed && r.name != suiteName && !strings.Contains(r.name, "/") {
		fmt.Fprintf(w, "ok   %s\n", r.name)
	}
}

// suiteName names the suite's own recorder, whose failures come before
// any rule's.
const suiteName = "suite"

// recorder is a tb that keeps what a rule said; Fatalf ends the rule's
// goroutine as testing.T's does.
type recorder struct {
	name   string
	mu     sync.Mutex
	msgs   []string
	logs   []string
	failed bool
	// skipped says why the rule was not run, when it was not.
	skipped string
	subs    []*recorder
	dirs    []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = true
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

// Skipf ends the rule as not run. A skipped rule does not pass: the
// suite skips rules only after an engine has hung, which fails already.
func (r *recorder) Skipf(format string, args ...any) {
	r.mu.Lock()
	r.skipped = fmt.Sprintf(format, args...)
	r.mu.Unlock()
	runtime.Goexit()
}

func (r *recorder) Logf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func (r *recorder) TempDir() string {
	d, err := os.MkdirTemp("", "sdktest-")
	if err != nil {
		r.Fatalf("temp dir: %v", err)
	}
	r.mu.Lock()
	r.dirs = append(r.dirs, d)
	r.mu.Unlock()
	return d
}

// Run runs a rule in its own goroutine, so that Fatalf ends the rule
// alone, and waits for it.
func (r *recorder) Run(name string, f func(tb)) bool {
	if r.name != suiteName {
		name = r.name + "/" + name
	}
	sub := &recorder{name: name}
	r.mu.Lock()
	r.subs = append(r.subs, sub)
	r.mu.Unlock()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(sub)
	}()
	<-done
	sub.cleanup()
	if sub.failed {
		r.mu.Lock()
		r.failed = true
		r.mu.Unlock()
	}
	return !sub.failed
}

func (r *recorder) cleanup() {
	for _, d := range r.dirs {
		_ = os.RemoveAll(d)
	}
}
