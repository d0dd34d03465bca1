package nativetext

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/assay-pdf/assay/core"
)

// Counting a document's pages parses it once for the Extract that follows,
// whatever options Extract carries that do not change the parse, and for
// each of several documents counted before any is read (the host reads a
// few at once).
func TestCountingCostsNoSecondParse(t *testing.T) {
	// Not parallel: it counts the parses of the package.
	e := New()
	docs := []string{"../../testdata/simple.pdf", "../../testdata/pages.pdf", "../../testdata/columns.pdf"}
	before := parses.Load()
	for _, d := range docs {
		if _, err := e.CountPages(context.Background(), d); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range docs {
		for _, err := range e.Extract(context.Background(), &core.Request{Source: d, Pages: []int{1},
			Options: []byte(`{"no_picture_check":true,"max_ops":1000000}`)}) {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := parses.Load() - before; n != int64(len(docs)) {
		t.Errorf("%d parses for %d documents counted, then read", n, len(docs))
	}
	// Another parse limit opens the file again.
	if _, err := e.CountPages(context.Background(), docs[0]); err != nil {
		t.Fatal(err)
	}
	before = parses.Load()
	for range e.Extract(context.Background(), &core.Request{Source: docs[0], Pages: []int{1}, Options: []byte(`{"max_stream_bytes":1000}`)}) {
	}
	if n := parses.Load() - before; n != 1 {
		t.Errorf("%d parses under another stream limit, want 1", n)
	}
}

// A long document is read a window of pages at a time, in order: each
// call but the last leaves the parsed document for the next, and the
// last keeps nothing.
func TestWindowsShareOneParse(t *testing.T) {
	// Not parallel: it counts the parses of the package.
	e := New()
	const doc = "../../testdata/pages.pdf"
	n, err := e.CountPages(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	if n < 3 {
		t.Fatalf("%s has %d pages; the test needs 3", doc, n)
	}
	before := parses.Load()
	for _, win := range [][]int{{1}, {2}, pageRange(n)[2:]} {
		for r, err := range e.Extract(context.Background(), &core.Request{Source: doc, Pages: win}) {
			if err != nil || r.Status != core.StatusOK {
				t.Fatalf("pages %v: %v %v", win, r.Status, err)
			}
		}
	}
	if got := parses.Load() - before; got != 0 {
		t.Errorf("%d parses for a document counted, then read in three windows; want none after the count", got)
	}
	if kept := len(e.opened.docs); kept != 0 {
		t.Errorf("after the last page was read, %d documents are kept", kept)
	}
}

// The host asks for a long document's next window while it scores the
// last: calls for windows of one document, in flight together, read the
// document counted, and once the last page is read nothing is kept.
func TestConcurrentWindowsShareOneParse(t *testing.T) {
	// Not parallel: it counts the parses of the package.
	e := New()
	const doc = "../../testdata/pages.pdf"
	n, err := e.CountPages(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	before := parses.Load()
	// The last window's call ends first: the document stays kept for the
	// others, which are still reading.
	opts, _ := ParseOptions(nil)
	first := e.opened.take(doc, opts)
	if first == nil {
		t.Fatal("the counted document is not kept")
	}
	var wg sync.WaitGroup
	for _, win := range [][]int{{1}, {2}, pageRange(n)[2:]} {
		wg.Go(func() {
			for r, err := range e.Extract(context.Background(), &core.Request{Source: doc, Pages: win}) {
				if err != nil || r.Status != core.StatusOK {
					t.Errorf("pages %v: %v %v", win, r.Status, err)
				}
			}
		})
	}
	wg.Wait()
	if got := parses.Load() - before; got != 0 {
		t.Errorf("%d parses for windows read together; want none after the count", got)
	}
	if kept := len(e.opened.docs); kept != 1 {
		t.Fatalf("%d documents kept while a call still reads one, want 1", kept)
	}
	e.opened.done(first, true)
	if kept := len(e.opened.docs); kept != 0 {
		t.Errorf("after the last page was read and every call is done, %d documents are kept", kept)
	}
}

// A kept document nobody came back for within handoffTTL is dropped, and
// the next call parses the file again.
func TestKeptDocumentsExpire(t *testing.T) {
	t.Parallel()
	e := New()
	const doc = "../../testdata/pages.pdf"
	if _, err := e.CountPages(context.Background(), doc); err != nil {
		t.Fatal(err)
	}
	opts, _ := ParseOptions(nil)
	e.opened.mu.Lock()
	if len(e.opened.docs) != 1 {
		e.opened.mu.Unlock()
		t.Fatalf("%d documents kept after a count, want 1", len(e.opened.docs))
	}
	e.opened.docs[0].at = e.opened.docs[0].at.Add(-handoffTTL - time.Second)
	e.opened.mu.Unlock()
	if d := e.opened.take(doc, opts); d != nil {
		t.Error("a document kept longer than handoffTTL was handed on")
	}
	if n := len(e.opened.docs); n != 0 {
		t.Errorf("%d documents still kept", n)
	}
}

// A call that ends in a panic (here the caller's yield panics) still
// gives the document back: it is not held as being read for ever.
func TestLentDocumentComesBackAfterAPanic(t *testing.T) {
	t.Parallel()
	e := New()
	const doc = "../../testdata/pages.pdf"
	if _, err := e.CountPages(context.Background(), doc); err != nil {
		t.Fatal(err)
	}
	func() {
		defer func() { _ = recover() }()
		for range e.Extract(context.Background(), &core.Request{Source: doc, Pages: []int{1}}) {
			panic("the caller fails")
		}
	}()
	e.opened.mu.Lock()
	defer e.opened.mu.Unlock()
	for _, d := range e.opened.docs {
		if d.users != 0 {
			t.Errorf("%s is still lent to %d calls", d.key.path, d.users)
		}
	}
}

// Documents being read do not take the room of those counted and not yet
// read: with more documents in flight than handoffDocs (a host with more
// workers), each is still parsed once.
func TestManyDocumentsInFlightParseOnce(t *testing.T) {
	// Not parallel: it counts the parses of the package.
	e := New()
	opts, _ := ParseOptions(nil)
	docs := []string{"../../testdata/simple.pdf", "../../testdata/pages.pdf", "../../testdata/columns.pdf",
		"../../testdata/mixed.pdf", "../../testdata/longtable.pdf", "../../testdata/brokenfont.pdf"}
	if len(docs) <= handoffDocs {
		t.Fatalf("the test needs more than %d documents", handoffDocs)
	}
	before := parses.Load()
	var lent []*document
	for _, d := range docs {
		if _, err := e.CountPages(context.Background(), d); err != nil {
			t.Fatal(err)
		}
		doc := e.opened.take(d, opts) // its first window is being read
		if doc == nil {
			t.Fatalf("%s: the counted document is not kept", d)
		}
		lent = append(lent, doc)
	}
	if n := parses.Load() - before; n != int64(len(docs)) {
		t.Errorf("%d parses for %d documents", n, len(docs))
	}
	for _, doc := range lent {
		e.opened.done(doc, false)
	}
	if n := len(e.opened.docs); n != 0 {
		t.Errorf("%d documents kept after every one was read", n)
	}
}
