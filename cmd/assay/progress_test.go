package main

import (
	"bytes"
	"testing"
	"time"
)

func TestProgressLine(t *testing.T) {
	t.Parallel()
	p := &progress{total: 4, docs: 1, pages: 30}
	if got := p.line(3 * time.Second); got != "1/4 documents · 30 pages · 10.0 pages/s · 9s left" {
		t.Errorf("line %q", got)
	}
	p.docs = 4
	if got := p.line(2 * time.Second); got != "4/4 documents · 30 pages · 15.0 pages/s · 0s left" {
		t.Errorf("line at the end %q", got)
	}
}

// Not a terminal (a buffer, as when stderr is a log), or quiet: nothing.
func TestProgressQuietOffATerminal(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	for _, quiet := range []bool{false, true} {
		p := newProgress(&buf, 2, quiet)
		p.done(3)
		p.done(4)
		p.finish()
	}
	if buf.Len() != 0 {
		t.Errorf("wrote %q off a terminal", buf.String())
	}
}
