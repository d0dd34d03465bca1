package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// progressEvery is how often the progress line is redrawn at most.
const progressEvery = 250 * time.Millisecond

// progress is the line a long run keeps on a terminal: documents and
// pages done, pages per second, and the time left at that pace. It is
// silent when its writer is no terminal (a log, a pipe) or when asked to
// be quiet.
type progress struct {
	w     io.Writer
	on    bool
	total int
	start time.Time

	mu          sync.Mutex
	docs, pages int
	drawn       time.Time
}

// newProgress makes the progress of a run over total documents.
func newProgress(w io.Writer, total int, quiet bool) *progress {
	return &progress{w: w, on: !quiet && isTerminal(w), total: total, start: time.Now()}
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// done records a finished document of pages pages and redraws the line.
func (p *progress) done(pages int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.docs++
	p.pages += pages
	if !p.on || (time.Since(p.drawn) < progressEvery && p.docs < p.total) {
		return
	}
	p.drawn = time.Now()
	fmt.Fprint(p.w, "\r\033[K"+p.line(time.Since(p.start)))
}

// line is the progress after elapsed.
func (p *progress) line(elapsed time.Duration) string {
	s := elapsed.Seconds()
	rate := 0.0
	if s > 0 {
		rate = float64(p.pages) / s
	}
	eta := "—"
	if p.docs > 0 && p.docs < p.total {
		left := time.Duration(float64(elapsed) * float64(p.total-p.docs) / float64(p.docs))
		eta = left.Round(time.Second).String()
	} else if p.docs >= p.total {
		eta = "0s"
	}
	return fmt.Sprintf("%d/%d documents · %d pages · %.1f pages/s · %s left", p.docs, p.total, p.pages, rate, eta)
}

// finish ends the line, leaving the last count on the terminal.
func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.on && p.docs > 0 {
		fmt.Fprintln(p.w)
	}
}
