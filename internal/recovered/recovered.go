package recovered

import (
	"runtime/debug"
	"sync"
)

// Panic is one recovered panic.
type Panic struct {
	// Where names the boundary that recovered it ("nativetext: page").
	Where string
	// Value is what was passed to panic.
	Value any
	// Stack is the stack where the boundary recovered it, which holds the
	// frames of the panic.
	Stack []byte
}

// watchers are the functions Note calls, by the id Watch gave them.
var watchers = struct {
	sync.Mutex
	next int
	fns  map[int]func(Panic)
}{fns: map[int]func(Panic){}}

// Note reports a panic a boundary recovered; v nil (no panic) is
// ignored. Call it in the deferred function, so the stack still holds
// the panic's frames.
func Note(where string, v any) {
	if v == nil {
		return
	}
	watchers.Lock()
	fns := make([]func(Panic), 0, len(watchers.fns))
	for _, f := range watchers.fns {
		fns = append(fns, f)
	}
	watchers.Unlock()
	if len(fns) == 0 {
		return
	}
	p := Panic{Where: where, Value: v, Stack: debug.Stack()}
	for _, f := range fns {
		f(p)
	}
}

// Watch calls f with every panic noted until stop is called. f may be
// called from any goroutine, at the same time.
func Watch(f func(Panic)) (stop func()) {
	watchers.Lock()
	defer watchers.Unlock()
	id := watchers.next
	watchers.next++
	watchers.fns[id] = f
	return func() {
		watchers.Lock()
		defer watchers.Unlock()
		delete(watchers.fns, id)
	}
}
