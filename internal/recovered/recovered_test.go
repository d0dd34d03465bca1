package recovered

import (
	"strings"
	"sync"
	"testing"
)

func TestWatch(t *testing.T) {
	var mu sync.Mutex
	var got []Panic
	stop := Watch(func(p Panic) {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, p)
	})
	func() {
		defer func() { Note("test: boundary", recover()) }()
		var m map[string]int
		m["x"] = 1 // a nil map write panics
	}()
	func() {
		defer func() { Note("test: no panic", recover()) }()
	}()
	stop()
	Note("test: after stop", "ignored")
	if len(got) != 1 {
		t.Fatalf("%d panics noted, want 1: %+v", len(got), got)
	}
	if got[0].Where != "test: boundary" || !strings.Contains(string(got[0].Stack), "recovered.TestWatch") {
		t.Errorf("noted %q with stack\n%s", got[0].Where, got[0].Stack)
	}
}
